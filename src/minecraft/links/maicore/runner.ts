/**
 * What the MaiCore link needs from a JavaScript sandbox, and nothing more: run one
 * model-written program after a trusted prelude, with JSON globals and async host
 * functions that take and return JSON copies, under a wall-clock limit, cancellable.
 * The real implementation is the QuickJS sandbox (src/core/sandbox/); see sandbox-runner.ts.
 */
import type { CodeError } from './state.js'

/** A host function: JSON arguments in, a JSON value out (never a host object). */
export type HostFunction = (...args: unknown[]) => Promise<unknown>

export interface ProgramSpec {
  /** The model's program; top-level `await` is allowed. */
  code: string
  /** Trusted script run first in the same context (builds the `bot` facade from host calls). */
  prelude: string
  /** Plain JSON values set as globals before the prelude runs. */
  globals: Record<string, unknown>
  host: Record<string, HostFunction>
  /** Wall-clock budget of the whole program (host calls included). */
  wallClockMs: number
  /** Abort to cancel the program. */
  signal?: AbortSignal
}

export type ProgramResult = { ok: true; value: unknown; logs: string[] } | { ok: false; error: CodeError; logs: string[] }

export interface ProgramRunner {
  run(spec: ProgramSpec): Promise<ProgramResult>
  close(): Promise<void>
}

/**
 * The contract of the JavaScript sandbox: run one untrusted program after a trusted prelude,
 * with JSON globals and async host functions that take and return JSON copies, under a CPU
 * budget, a hard memory cap and a wall-clock limit, cancellable. See docs/sandbox.md.
 */

/**
 * A host function: the program's JSON arguments in, a JSON value out (never a host object).
 * `signal` is aborted when the program ends (returned, failed, cancelled, out of time): work
 * the call started must stop then.
 */
export type HostFunction = (args: unknown[], signal: AbortSignal) => Promise<unknown>

export interface ProgramSpec {
  /** The untrusted program; top-level `await` is allowed; `return x` ends it with `x`. */
  code: string
  /** Trusted script run first in the same fresh context (e.g. builds facades over host calls). */
  prelude: string
  /** Plain JSON values set as globals before the prelude runs. */
  globals: Record<string, unknown>
  /** Exposed inside as async functions of the same names (read-only globals). */
  host: Record<string, HostFunction>
  /**
   * Put the host functions on one global object of this name instead (deletable, so a prelude
   * can take it and hide it from the program).
   */
  hostObject?: string
  /** Wall-clock budget of the whole program, host calls included. */
  wallClockMs: number
  /** Abort to cancel the program. */
  signal?: AbortSignal
}

/** What went wrong, in MineLand's `code_error` shape, for a model to act on. */
export interface CodeError {
  /**
   * The JS error's name (`SyntaxError`, `TypeError`, `ReferenceError`, `RangeError`, `Error`, …),
   * or one of ours, set only from a signal of the engine or the host, never from the error's
   * text: `CpuBudgetExceeded`, `OutOfMemory`, `WallClockExceeded`, `Cancelled`, `ThrownValue`
   * (a non-Error was thrown), `HostCallError`, `ResultTooLarge`, `SandboxCrashed`. Capped in
   * length and free of control characters (program-text.ts).
   */
  error_type: string
  error_message: string
  error_stack: string | null
}

export type ProgramResult = { ok: true; value: unknown; logs: string[] } | { ok: false; error: CodeError; logs: string[] }

export interface ProgramRunner {
  run(spec: ProgramSpec): Promise<ProgramResult>
  close(): Promise<void>
}

export interface SandboxOptions {
  /** CPU budget of one synchronous slice (the program between two awaits), ms. Default 1000. */
  cpuSliceMs?: number
  /** CPU time of the worker thread the whole program may use, host calls' waits excluded, ms. Default 10,000. */
  cpuTotalMs?: number
  /** Hard cap on the QuickJS heap (the WebAssembly memory), bytes. Default 64 MiB. */
  memoryBytes?: number
  /** QuickJS stack limit, bytes. Default 512 KiB. */
  maxStackBytes?: number
  /** Log lines kept per program (console.log/info/warn/error). Default 200. */
  maxLogLines?: number
  /** Characters kept per log line. Default 2000. */
  maxLogChars?: number
  /** Host calls allowed per program. Default 10,000. */
  maxHostCalls?: number
  /** Characters allowed in one host-call argument list or result, as JSON. Default 1,000,000. */
  maxJsonChars?: number
  /** Host calls of one program waiting for their answer at once. Default 32. */
  maxCallsInFlight?: number
  /** Characters of arguments (as JSON) of the host calls waiting for their answer. Default 4,000,000. */
  maxCharsInFlight?: number
}

export const SANDBOX_DEFAULTS: Required<SandboxOptions> = {
  cpuSliceMs: 1000,
  cpuTotalMs: 10_000,
  memoryBytes: 64 * 1024 * 1024,
  maxStackBytes: 512 * 1024,
  maxLogLines: 200,
  maxLogChars: 2000,
  maxHostCalls: 10_000,
  maxJsonChars: 1_000_000,
  maxCallsInFlight: 32,
  maxCharsInFlight: 4_000_000,
}

/** Messages between the host thread and the sandbox worker. */
export type ToWorker =
  | { type: 'run'; id: number; code: string; prelude: string; globalsJson: string; hostNames: string[]; hostObject?: string; options: Required<SandboxOptions> }
  | { type: 'reply'; id: number; callId: number; ok: true; json: string }
  | { type: 'reply'; id: number; callId: number; ok: false; message: string }

export type FromWorker =
  | { type: 'ready' }
  | { type: 'call'; id: number; callId: number; name: string; argsJson: string }
  | { type: 'done'; id: number; result: ProgramResult }

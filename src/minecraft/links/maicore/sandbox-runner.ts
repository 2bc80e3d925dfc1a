/**
 * The ProgramRunner on the project's QuickJS sandbox (src/core/sandbox/).
 * Interim: the sandbox has not landed on this branch yet; every program ends with a
 * SandboxUnavailable code_error (the link keeps running and reports it).
 */
import type { Logger } from '../../../core/logger.js'
import type { ProgramRunner, ProgramResult } from './runner.js'

export interface SandboxRunnerOptions {
  logger?: Logger
}

export function createSandboxRunner(_opts: SandboxRunnerOptions = {}): ProgramRunner {
  return {
    async run(): Promise<ProgramResult> {
      return { ok: false, error: { error_type: 'SandboxUnavailable', error_message: 'the JavaScript sandbox is not built into this version', error_stack: null }, logs: [] }
    },
    async close() {},
  }
}

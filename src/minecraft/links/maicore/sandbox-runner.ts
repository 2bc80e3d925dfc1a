/**
 * The ProgramRunner of the MaiCore link: the project's QuickJS sandbox (src/core/sandbox/,
 * docs/sandbox.md) with the link's limits.
 */
import type { Logger } from '../../../core/logger.js'
import { createSandbox, type SandboxOptions } from '../../../core/sandbox/index.js'
import type { ProgramRunner } from './runner.js'

export interface SandboxRunnerOptions extends SandboxOptions {
  logger?: Logger
}

export function createSandboxRunner(opts: SandboxRunnerOptions = {}): ProgramRunner {
  const { logger, ...limits } = opts
  const sandbox = createSandbox(limits)
  return {
    async run(spec) {
      const r = await sandbox.run(spec)
      if (!r.ok) logger?.debug('program failed', { type: r.error.error_type, message: r.error.error_message })
      return r
    },
    close: () => sandbox.close(),
  }
}

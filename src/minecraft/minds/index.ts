/** The three minds behind one factory, so every caller plugs them in the same way. */
import { createLlmClient, type LlmConfigInput } from '../../core/llm/index.js'
import type { Logger } from '../../core/logger.js'
import type { LynxDialect } from '../../protocols/lynxmind.js'
import { BuiltinMind, type BuiltinMindOptions } from './builtin.js'
import { LlmMind, type LlmMindOptions } from './llm.js'
import { RemoteMind } from './remote.js'
import type { Mind, MindKind } from './types.js'

export interface CreateMindOptions {
  kind: MindKind
  builtin?: BuiltinMindOptions
  /** For kind 'llm'. */
  llm?: LlmConfigInput
  llmMind?: Omit<LlmMindOptions, 'client'>
  /** For kind 'remote'. */
  remote?: { host?: string; port?: number; token: string; dialect?: LynxDialect }
  logger?: Logger
  /** One-line notices for the operator (e.g. "waiting for the model … no answer after 15 s"). */
  notice?: (line: string) => void
}

export function createMind(opts: CreateMindOptions): Mind {
  switch (opts.kind) {
    case 'builtin':
      return new BuiltinMind(opts.builtin)
    case 'llm': {
      const client = createLlmClient(opts.llm ?? {}, { ...(opts.logger ? { logger: opts.logger } : {}), ...(opts.notice ? { onSlow: opts.notice } : {}) })
      return new LlmMind({ client, ...opts.llmMind })
    }
    case 'remote':
      if (!opts.remote) throw new Error('the remote mind needs { token } (and usually a port)')
      return new RemoteMind(opts.remote)
  }
}

export { BuiltinMind, LlmMind, RemoteMind }
export type { Mind, MindKind }

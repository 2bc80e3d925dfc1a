/** Built-in LostSpace players by name. */
import type { GameMap } from '../map.js'
import type { Player } from '../sdk/client.js'
import type { LlmClient } from '../../core/llm/client.js'
import { createRandomPlayer } from './random.js'
import { createStrategistPlayer } from './strategist.js'
import { createLlmPlayer } from './llm.js'

export { createRandomPlayer, createRng } from './random.js'
export { createStrategistPlayer, chooseMainAction, planPath } from './strategist.js'
export { createLlmPlayer, type LlmPlayerOptions, type LlmPlayerStats } from './llm.js'
export { legalActions, type LegalActions } from './legal.js'

export const BUILTIN_PLAYERS = ['random', 'strategist', 'llm'] as const
export type BuiltinPlayerName = (typeof BUILTIN_PLAYERS)[number]

export interface BuiltinOptions {
  seed?: number
  map?: GameMap
  /** Needed for `llm`. */
  llm?: LlmClient
  turnBudgetMs?: number
}

export function isBuiltinPlayer(name: string): name is BuiltinPlayerName {
  return (BUILTIN_PLAYERS as readonly string[]).includes(name)
}

/** Creates a built-in player; throws a clear Error for an unknown name or a missing model client. */
export function createBuiltinPlayer(name: string, opts: BuiltinOptions = {}): Player {
  switch (name) {
    case 'random':
      return createRandomPlayer({ seed: opts.seed, map: opts.map })
    case 'strategist':
      return createStrategistPlayer({ map: opts.map })
    case 'llm':
      if (!opts.llm) throw new Error('the llm player needs a model client (configure llm.baseUrl / llm.model)')
      return createLlmPlayer({ client: opts.llm, map: opts.map, turnBudgetMs: opts.turnBudgetMs })
    default:
      throw new Error(`unknown built-in player '${name}' (choose one of ${BUILTIN_PLAYERS.join(', ')})`)
  }
}

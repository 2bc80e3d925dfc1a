/** Built-in LostSpace players by name. */
import type { GameMap } from '../map.js'
import type { Player } from '../sdk/client.js'
import type { LlmClient } from '../../core/llm/client.js'
import { createRandomPlayer } from './random.js'
import { createStrategistPlayer } from './strategist.js'
import { createLlmPlayer } from './llm.js'
import { createExpertPlayer } from './expert/index.js'

export { createRandomPlayer, createRng } from './random.js'
export { createStrategistPlayer, chooseMainAction, planPath } from './strategist.js'
export { createLlmPlayer, type LlmPlayerOptions, type LlmPlayerStats } from './llm.js'
export { legalActions, type LegalActions } from './legal.js'
export { createExpertPlayer, type ExpertOptions, type ExpertPlayer } from './expert/index.js'

export const BUILTIN_PLAYERS = ['random', 'strategist', 'expert', 'llm'] as const
export type BuiltinPlayerName = (typeof BUILTIN_PLAYERS)[number]

export interface BuiltinOptions {
  seed?: number
  map?: GameMap
  /** Needed for `llm`. */
  llm?: LlmClient
  turnBudgetMs?: number
  /** The judger's per-turn limit in ms (the expert never thinks longer than half of it). */
  turnLimitMs?: number
}

export interface BuiltinSpec {
  name: BuiltinPlayerName
  /** `expert?budget=<ms>`: thinking budget per decision. */
  budgetMs?: number
}

/**
 * Parses `name` or `name?key=value&…` (what follows `builtin:` in a seat spec).
 * Throws a clear Error for an unknown name, option or value.
 */
export function parseBuiltinSpec(spec: string): BuiltinSpec {
  const [name = '', query] = spec.split('?', 2) as [string, string | undefined]
  if (!(BUILTIN_PLAYERS as readonly string[]).includes(name)) {
    throw new Error(`unknown built-in player '${name}' (choose one of ${BUILTIN_PLAYERS.join(', ')})`)
  }
  const out: BuiltinSpec = { name: name as BuiltinPlayerName }
  if (query === undefined) return out
  for (const [key, value] of new URLSearchParams(query)) {
    if (name !== 'expert' || key !== 'budget') throw new Error(`built-in player '${name}' has no option '${key}'${name === 'expert' ? ' (expert takes budget=<ms>)' : ''}`)
    const ms = Number(value)
    if (!Number.isFinite(ms) || ms <= 0 || ms > 60_000) throw new Error(`expert budget must be a number of ms in (0, 60000], got '${value}'`)
    out.budgetMs = ms
  }
  return out
}

/** True for a known built-in player, with or without options (`expert?budget=200`). */
export function isBuiltinPlayer(name: string): boolean {
  try {
    parseBuiltinSpec(name)
    return true
  } catch {
    return false
  }
}

/** Creates a built-in player; throws a clear Error for an unknown name or option, or a missing model client. */
export function createBuiltinPlayer(spec: string, opts: BuiltinOptions = {}): Player {
  const { name, budgetMs } = parseBuiltinSpec(spec)
  switch (name) {
    case 'random':
      return createRandomPlayer({ seed: opts.seed, map: opts.map })
    case 'strategist':
      return createStrategistPlayer({ map: opts.map })
    case 'expert':
      return createExpertPlayer({ seed: opts.seed, map: opts.map, budgetMs, turnLimitMs: opts.turnLimitMs })
    case 'llm':
      if (!opts.llm) throw new Error('the llm player needs a model client (configure llm.baseUrl / llm.model)')
      return createLlmPlayer({ client: opts.llm, map: opts.map, turnBudgetMs: opts.turnBudgetMs, seed: opts.seed })
  }
}

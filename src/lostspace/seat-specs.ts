/**
 * Seat specs as users write them (`--ai` of `lostspace match` and `lostspace tournament`, jobs of a
 * queue worker): `builtin:<name>[?options]` is an in-process player, anything else a shell command
 * speaking Saiblo AI framing. The one place that turns a spec into a judger seat.
 */
import type { SeatSpec } from './judger/seats.js'
import type { Player } from './sdk/client.js'
import type { LlmConfig } from '../core/llm/config.js'
import { createBuiltinPlayer, parseBuiltinSpec } from './bots/index.js'

export const BUILTIN_PREFIX = 'builtin:'

export interface SeatSetup {
  /** The judger's per-turn limit in seconds (model and expert budgets fit inside it). */
  timeLimitSec: number
  /** Needed only by `builtin:llm`. */
  llm?: LlmConfig
}

export type ParsedSeatSpec = { kind: 'builtin'; name: string } | { kind: 'command'; command: string }

/** Classifies a spec; throws a clear Error for an empty one or an unknown built-in player or option. */
export function parseSeatSpec(spec: string): ParsedSeatSpec {
  const s = spec.trim()
  if (s === '') throw new Error('the seat spec is empty')
  if (!s.startsWith(BUILTIN_PREFIX)) return { kind: 'command', command: s }
  const name = s.slice(BUILTIN_PREFIX.length)
  parseBuiltinSpec(name)
  return { kind: 'builtin', name }
}

/** The seed a seat's player gets in a game of seed `gameSeed` (seats 0..3 get different streams). */
export function playerSeed(gameSeed: number, seat: number): number {
  return gameSeed * 4 + seat + 1
}

/** A built-in player by name (`expert?budget=200`); the model client (openai) is loaded only for `llm`. */
export async function createSeatPlayer(name: string, seed: number, setup: SeatSetup): Promise<Player> {
  const base = parseBuiltinSpec(name).name
  const llm = base === 'llm' ? (await import('../core/llm/client.js')).createLlmClient(setup.llm ?? {}) : undefined
  // Leave the model some slack inside the judger's per-turn limit.
  const turnBudgetMs = Math.max(500, setup.timeLimitSec * 1000 - 400)
  return createBuiltinPlayer(name, { seed, llm, turnBudgetMs, turnLimitMs: setup.timeLimitSec * 1000 })
}

/** The judger seat for `spec` in seat `seat` of a game of seed `gameSeed`. */
export async function seatFromSpec(spec: string, seat: number, gameSeed: number, setup: SeatSetup): Promise<SeatSpec> {
  const parsed = parseSeatSpec(spec)
  if (parsed.kind === 'command') return { kind: 'command', command: parsed.command }
  return { kind: 'player', player: await createSeatPlayer(parsed.name, playerSeed(gameSeed, seat), setup), name: spec.trim() }
}

/**
 * What crosses a boundary in a tournament, as zod schemas: a game task (to a worker thread or over
 * the queue), a game record (back, and on disk one file per game) and the output folder's manifest.
 */
import { z } from 'zod'
import type { GameResult } from '../judger/judger.js'

const Seats = z.tuple([z.int().min(0), z.int().min(0), z.int().min(0), z.int().min(0)])

export const GameTaskSchema = z.strictObject({
  /** Stable game id (also the queue's job id). */
  id: z.string().regex(/^[0-9a-f]{8,64}$/),
  index: z.int().min(0),
  seed: z.int().min(0),
  /** Entrant index per seat. */
  seats: Seats,
  /** The seat spec per seat (the entrants' specs, in seat order). */
  specs: z.tuple([z.string(), z.string(), z.string(), z.string()]),
  timeLimitSec: z.number().positive(),
  maxLength: z.int().positive(),
  /** Return the replay with the record. */
  replay: z.boolean(),
})
export type GameTask = z.infer<typeof GameTaskSchema>

export const AI_ERROR_KINDS = ['runError', 'timeOutError', 'outputLimitError'] as const

export const SeatOutcomeSchema = z.strictObject({
  entrant: z.int().min(0),
  spec: z.string(),
  /** 1 = first … 4 = last. */
  rank: z.int().min(1).max(4),
  points: z.number(),
  reason: z.string(),
  /** The seat's AI error, if it had one (at most one: a failed seat is out of the game). */
  error: z.strictObject({ kind: z.enum(AI_ERROR_KINDS), log: z.string() }).optional(),
})
export type SeatOutcome = z.infer<typeof SeatOutcomeSchema>

export const GameRecordSchema = z.strictObject({
  id: z.string(),
  index: z.int().min(0),
  seed: z.int().min(0),
  seats: z.array(SeatOutcomeSchema).length(4),
  rounds: z.int().min(0),
  /** Wall time of the game in ms (not part of the result proper: it differs between runs). */
  ms: z.number().min(0),
  /** Who played it: `local` or the queue worker's name (host:pid). */
  by: z.string(),
})
export type GameRecord = z.infer<typeof GameRecordSchema>

/** What a worker returns for a task. */
export const GameOutcomeSchema = z.strictObject({
  record: GameRecordSchema,
  replay: z.array(z.unknown()).optional(),
})
export type GameOutcome = z.infer<typeof GameOutcomeSchema>

/** `tournament.json` in the output folder: the tournament's identity, checked when a run resumes. */
export const ManifestSchema = z.strictObject({
  format: z.literal(1),
  key: z.string(),
  seed: z.int().min(0),
  entrants: z.array(z.string()).min(2),
  timeLimitSec: z.number().positive(),
  maxLength: z.int().positive(),
  /** The number of games last asked for. */
  games: z.int().min(1),
})
export type Manifest = z.infer<typeof ManifestSchema>

const ERROR_LOG_LIMIT = 300

/** The record of a finished game, from the judger's result. */
export function recordOf(task: GameTask, result: GameResult, ms: number, by: string): GameRecord {
  // The ranking lists seats best first; the engine ranks strictly (no ties).
  const rankOf = new Map(result.ranking.map((r, i) => [r.player, { rank: i + 1, points: r.points, reason: r.reason }]))
  const seats = task.seats.map((entrant, seat): SeatOutcome => {
    const r = rankOf.get(seat)
    if (!r) throw new Error(`the game's ranking has no seat ${seat}`)
    const e = result.errors.find((x) => x.player === seat)
    return {
      entrant,
      spec: task.specs[seat]!,
      rank: r.rank,
      points: r.points,
      reason: r.reason,
      ...(e ? { error: { kind: AI_ERROR_KINDS[e.error], log: e.log.split('\n')[0]!.slice(0, ERROR_LOG_LIMIT) } } : {}),
    }
  })
  return { id: task.id, index: task.index, seed: task.seed, seats, rounds: result.rounds, ms: Math.round(ms), by }
}

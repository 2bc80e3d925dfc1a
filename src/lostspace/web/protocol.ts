/**
 * The LostSpace web page ↔ server protocol: zod schemas for everything the page
 * sends (validated by the server) and the types of what the server sends. The
 * page's bundle imports this module too, so both sides share one declaration.
 * Pure: only zod (it is bundled into the page at build time).
 */
import { z } from 'zod'

type Triple = [number, number, number]

/** Map data for drawing (wire coordinates `[x, y, z]`, z 0 = top/escape layer). */
export interface MapData {
  layers: number[]
  nodes: Triple[]
  edges: Array<[Triple, Triple]>
  elevators: Array<{ x: number; y: number; layers: number[] }>
  materials: Triple[]
  keyMachines: Array<{ pos: Triple; owner: number }>
  capsule: Triple
  spawns: Triple[]
  zones: Array<{ round: number; nodes: Triple[] }>
  lastRound: number
  maxHp: number
}

/** A seat as the "start a match" form gives it: `human`, `builtin:<name>` or an allow-listed command line. */
export const SeatChoiceSchema = z.string().trim().min(1).max(500)

export const StartMatchSchema = z
  .object({
    seats: z.array(SeatChoiceSchema).length(4),
    /** Delay before each program turn (ms) so people can follow; humans are never delayed. */
    paceMs: z.number().int().min(0).max(5000).optional(),
    seed: z.number().int().min(0).optional(),
  })
  .strict()
export type StartMatch = z.infer<typeof StartMatchSchema>

/** What a page sends over its WebSocket. */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  /** Play offered action number `id` of the current offer list (`offerId` guards against a stale click). */
  z.object({ type: z.literal('act'), offerId: z.number().int().min(0), id: z.number().int().min(0) }).strict(),
  z.object({ type: z.literal('finish'), offerId: z.number().int().min(0) }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
])
export type ClientFrame = z.infer<typeof ClientFrameSchema>

export interface SeatInfo {
  seat: number
  name: string
  kind: 'human' | 'builtin' | 'command'
  /** For human seats: whether a page holds the seat right now. */
  connected?: boolean
}

export interface RankingRow {
  player: number
  points: number
  reason: string
}

export interface MatchInfo {
  id: string
  seats: SeatInfo[]
  state: 'running' | 'over' | 'failed'
  timeLimitSec: number
  humanTimeLimitSec: number
  ranking?: RankingRow[]
  errors?: Array<{ player: number; error: number; log: string }>
  failure?: string
}

/** One offered action: a label for the button and the wire action it sends. */
export interface Offer {
  label: string
  group: 'move' | 'attack' | 'interact' | 'tool' | 'trap' | 'detect'
  action: unknown[]
}

/** The human seat's own view, sent whenever it changes. */
export interface SeatView {
  seat: number
  round: number
  myTurn: boolean
  status: number
  hp: number
  pos: Triple | null
  keys: number[]
  tools: Record<string, number>
  /** Increases with every new offer list; a click names the list it was made on. */
  offerId: number
  offers: Offer[]
  /** Milliseconds left in this turn when the view was sent (null outside the turn). */
  remainingMs: number | null
  /** Result of the last action ("move (3,2,1): ok", "attack: failed"). */
  last: string | null
  /** The seat is out: timed out, escaped, the game ended. */
  closed: string | null
}

/** Replay entries of one (round, seat) list, as the logic records them. */
export interface EventsFrame {
  type: 'events'
  round: number
  seat: number
  entries: Array<Record<string, unknown>>
}

export type ServerFrame =
  | { type: 'hello'; match: MatchInfo; replay: unknown[]; role: 'spectator' | 'seat'; seat?: number }
  | EventsFrame
  | { type: 'turn'; round: number; seat: number }
  | { type: 'match'; match: MatchInfo }
  | { type: 'end'; match: MatchInfo; replay: unknown[] }
  | { type: 'seat'; view: SeatView }
  | { type: 'error'; message: string }
  | { type: 'pong' }

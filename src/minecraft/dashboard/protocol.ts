/**
 * The dashboard's wire: JSON text frames over the control server's WebSocket `/v1/dashboard`.
 *
 * The page sends `{"op":"auth","token":…}` first; until a frame with the right token arrives
 * the server sends nothing, and a wrong token closes the socket (4401) without a byte of data.
 * The page's script imports only the types from this file (zod stays out of the bundle).
 */
import { z } from 'zod'
import type { BodyStatus } from '../body/types.js'
import type { ContextEntry } from '../../core/context-bus.js'

export const DASHBOARD_WS_PATH = '/v1/dashboard'
export const DASHBOARD_PAGE_PATH = '/dashboard'
/** Close code for a wrong or missing token (4000–4999 are the application's). */
export const CLOSE_UNAUTHORIZED = 4401

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max)

export const DashboardClientFrameSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('auth'), token: z.string().max(500) }),
  z.strictObject({ op: z.literal('task'), text: text(500) }),
  z.strictObject({ op: z.literal('stop') }),
  z.strictObject({ op: z.literal('say'), text: text(256) }),
  z.strictObject({ op: z.literal('ping') }),
])
export type DashboardClientFrame = z.infer<typeof DashboardClientFrameSchema>

export type Protocol = 'lynxmind' | 'brainfile' | 'maicore'

/** The task as the page shows it, whatever protocol runs it. */
export interface TaskView {
  id: string
  text: string
  status: string
  source?: string
  /** The mind's plan in its own words (LynxMind `plans`, the brain mind's thought, MaiCore's goal). */
  plan?: string
  /** The step running now. */
  step?: string
  stepNumber?: number
  /** 0–1 when the running skill reports it. */
  progress?: number
  progressText?: string
  startedAt?: number
  reason?: string
}

/** One protocol message or note of the active link. */
export interface TrafficItem {
  seq: number
  at: number
  /** in = to the bot (from the mind), out = from the bot (to the mind), note = the link's own. */
  dir: 'in' | 'out' | 'note'
  /** Event type, e.g. `EVENT_AI_CONTROL`, `task.start`, `program.end`. */
  kind: string
  /** The payload, pretty JSON or program text, cut to 4000 characters. */
  text: string
}

/** One model call as the usage meter saw it. */
export interface ModelCall {
  at: number
  latencyMs: number
  promptTokens: number
  completionTokens: number
  retries: number
  ok: boolean
  error?: string
}

export interface UsageFrame {
  type: 'usage'
  model: string | null
  calls: number
  failures: number
  retries: number
  promptTokens: number
  completionTokens: number
  avgLatencyMs: number
  /** Over the last 60 s. */
  perMinute: { calls: number; promptTokens: number; completionTokens: number }
  /** Newest last, at most 50. */
  recent: ModelCall[]
}

export interface MapEntity {
  kind: 'player' | 'mob' | 'animal' | 'item' | 'other'
  name: string
  x: number
  z: number
}

export interface MapFrame {
  type: 'map'
  /** Block coordinates of the grid's north-west corner and its size (cells per side). */
  x0: number
  z0: number
  size: number
  /** Bare block names; `cells` index into it. */
  palette: string[]
  /** size×size, row by row (z, then x): palette index of the highest known block, -1 unknown. */
  cells: number[]
  /** Height of that block, same layout (0 where unknown). */
  heights: number[]
  bot: { x: number; y: number; z: number; yaw: number } | null
  entities: MapEntity[]
  /** The pathfinder's current path, block positions. */
  path: Array<{ x: number; z: number }>
  /** Where the running skill is headed. */
  targets: Array<{ x: number; z: number; label: string }>
  knownBlocks: number
}

export type DashboardServerFrame =
  | { type: 'hello'; protocol: Protocol; mind: string; bot: string; viewer: string | null; mapRadius: number }
  | { type: 'status'; at: number; ready: boolean; body: BodyStatus | null; task: TaskView | null; recent: TaskView[]; mind: string; protocol: Protocol; session: boolean }
  /** `gapMs`: the quiet time after which the XML marks a gap (the page marks it the same way). */
  | { type: 'bus'; total: number; entries: ContextEntry[]; gapMs: number; xml: string; xmlFrom: 'model' | 'bus'; xmlAt: number }
  | { type: 'traffic'; items: TrafficItem[] }
  | UsageFrame
  | MapFrame
  | { type: 'reply'; op: string; ok: boolean; message: string }
  | { type: 'error'; error: string }

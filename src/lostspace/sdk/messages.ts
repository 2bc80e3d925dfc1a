/**
 * Typed LostSpace messages as an AI sees them (lostspace-facts §2–§3).
 * Parsing is lenient: unknown keys are kept, and only the `type` decides the shape.
 */

export type Pos = [number, number, number]
export type ToolName = 'LandMine' | 'Sticky' | 'Kit' | 'Transport'
export type TrapName = 'LandMine' | 'Sticky'

/** Status codes: 0 alive, 1 dead, 2 escaped, 3 turn skipped, 4 waiting to escape, 5 error. */
export type Status = 0 | 1 | 2 | 3 | 4 | 5

export interface IdMessage {
  type: 'id'
  id: number
  birth_pos: [number, number]
}

export interface OtherInfo {
  player_id: number
  status: number
  keys: number[]
  hp: number
}

/** `[unplaced, placed, ...placed positions]` */
export type TrapTool = [number, number, ...Pos[]]

export interface RoundBeginFull {
  type: 'roundbegin'
  state: number
  inturn: number
  status: number
  pos: Pos
  hp: number
  keys: number[]
  tools: { LandMine: TrapTool; Sticky: TrapTool; Kit: number; Transport: number }
  others: OtherInfo[]
}

export interface RoundBeginShort {
  type: 'roundbegin'
  state: number
  inturn: number
}

/** `[[x,y,z], hasBox, [playerIds]?]` */
export type ViewEntry = [Pos, boolean, number[]?]

export interface ActionReply {
  type: 'action'
  success: boolean
  hp?: number
  status?: number
  view?: ViewEntry[]
  keys?: number[]
  tools?: Partial<Record<ToolName, number>>
  has_trap?: boolean
}

export interface FormatErrorReply {
  type: 'format error'
}

export interface OffroundMessage {
  type: 'offround'
  state: number
  playerid: number
  content: unknown[]
}

export interface OtherDeathMessage {
  type: 'other_death'
  playerid: number
}
export interface EscapedMessage {
  type: 'escaped'
}
export interface DeathMessage {
  type: 'death'
  box: boolean
}

export type ServerMessage =
  | IdMessage
  | RoundBeginFull
  | RoundBeginShort
  | ActionReply
  | FormatErrorReply
  | OffroundMessage
  | OtherDeathMessage
  | EscapedMessage
  | DeathMessage
  | { type: string; [k: string]: unknown }

export type Action =
  | ['move', Pos]
  | ['attack', Pos, number]
  | ['interact', 'Materials', ToolName]
  | ['interact', 'Box']
  | ['interact', 'KeyMachine']
  | ['interact', 'EscapeCapsule', boolean]
  | ['trap', TrapName]
  | ['tool', 'Kit']
  | ['tool', 'Transport', Pos]
  | ['detect', Pos]

export interface ActionMessage {
  type: 'action'
  action: Action
}
export interface FinishMessage {
  type: 'finish'
}

export function isFullRoundBegin(m: ServerMessage): m is RoundBeginFull {
  return m.type === 'roundbegin' && 'status' in m
}

/** Parses one payload body; returns null for anything that is not a JSON object with a string `type`. */
export function parseServerMessage(body: string): ServerMessage | null {
  let v: unknown
  try {
    v = JSON.parse(body)
  } catch {
    return null
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null
  if (typeof (v as { type?: unknown }).type !== 'string') return null
  return v as ServerMessage
}

export function isPos(v: unknown): v is Pos {
  return Array.isArray(v) && v.length === 3 && v.every((n) => Number.isInteger(n))
}

export function posKey(p: readonly number[]): string {
  return `${p[0]},${p[1]},${p[2]}`
}

export function samePos(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2]
}

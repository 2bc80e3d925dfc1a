/**
 * LostSpace messages as an AI sees them (lostspace-facts §2–§3). The types are the
 * protocol schemas' (src/protocols/lostspace.ts); `parseServerMessage` validates with them.
 */
import { checkLogicToAiMessage } from '../../protocols/lostspace-checks.js'
import type {
  ActionReplyInbound,
  ActionTuple,
  IdMessage,
  LogicToAiInbound,
  OffroundInbound,
  RoundBeginInbound,
  RoundBeginShort,
} from '../../protocols/lostspace.js'
import { jsonSyntaxError } from '../../core/json-error.js'

export type { IdMessage, RoundBeginShort }
export type Pos = [number, number, number]
export type ToolName = 'LandMine' | 'Sticky' | 'Kit' | 'Transport'
export type TrapName = 'LandMine' | 'Sticky'
/** Status codes: 0 alive, 1 dead, 2 escaped, 3 turn skipped, 4 waiting to escape, 5 error. */
export type Status = 0 | 1 | 2 | 3 | 4 | 5

/** The in-turn player's roundbegin (the one with `status`). */
export type RoundBeginFull = RoundBeginInbound
export type ActionReply = ActionReplyInbound
export type OffroundMessage = OffroundInbound
/** An action as sent on the wire (`["move",[x,y,z]]` …). */
export type Action = ActionTuple

/** A message whose `type` the protocol does not know: passed on as it is. */
export interface UnknownServerMessage {
  type: string
  [k: string]: unknown
}
export type ServerMessage = LogicToAiInbound | UnknownServerMessage

export type ParsedServerMessage =
  | { ok: true; message: ServerMessage; known: boolean }
  /** `type`: the message's type when it had a string one. */
  | { ok: false; error: string; type?: string }

export function isFullRoundBegin(m: ServerMessage): m is RoundBeginFull {
  return m.type === 'roundbegin' && 'status' in m
}

/**
 * Parses and validates one payload body (`trusted`: it comes from the logic in this very
 * process, see ClientOptions.trustedLogic). A JSON object with a `type` the protocol does not
 * know is accepted as it is (`known: false`); anything else that does not match its
 * schema is an error that names the field and the rule.
 */
export function parseServerMessage(body: string, opts: { trusted?: boolean } = {}): ParsedServerMessage {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch (err) {
    return { ok: false, error: `not JSON: ${jsonSyntaxError(err)}` }
  }
  // An in-process logic builds its messages from these same types: checking them again
  // would only slow games down (see docs/lostspace.md), so only the envelope is checked.
  if (opts.trusted && typeof (value as { type?: unknown } | null)?.type === 'string') {
    return { ok: true, message: value as ServerMessage, known: true }
  }
  const r = checkLogicToAiMessage(value)
  if (r.ok) return { ok: true, message: r.value, known: true }
  if (r.kind === 'unknown_type') return { ok: true, message: value as UnknownServerMessage, known: false }
  const type = (value as { type?: unknown } | null)?.type
  const error = `${typeof type === 'string' ? `${type} message` : 'message'}: ${r.error.replace(/\n/g, '; ')}`
  return typeof type === 'string' ? { ok: false, error, type } : { ok: false, error }
}

export function isPos(v: unknown): v is Pos {
  return Array.isArray(v) && v.length === 3 && Number.isInteger(v[0]) && Number.isInteger(v[1]) && Number.isInteger(v[2])
}

export function posKey(p: readonly number[]): string {
  return `${p[0]},${p[1]},${p[2]}`
}

export function samePos(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2]
}

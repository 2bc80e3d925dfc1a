/**
 * Which schema a logic → AI message is checked against (lostspace-facts §2–§3), without zod:
 * the one dispatch shared by the zod normalizer (`normalizeLogicToAiMessage` in lostspace.ts)
 * and the checks generated from the same schemas (`lostspace-checks.gen.ts`, used by the SDK so
 * that an AI process does not load zod). The schema behind each key is declared once, in
 * `LOGIC_TO_AI_INBOUND_SCHEMAS` (lostspace.ts).
 *
 * Pure: no I/O, no imports at run time.
 */
import type { NormalizeResult } from './common.js'
import { quoteForMessage } from '../core/quote.js'

/** Offround content forms, keyed by their first element (and for `see`, the second). */
export const OFFROUND_KEYS = [
  'died',
  'escaped',
  'see:pos_update',
  'see:attack',
  'see:regenerate',
  'see:interprops_status_update',
  'getkey',
  'trap_triggered',
  'trap_destroyed',
  'hp_update',
  'player_enter_top_layer',
  'ai_error',
  'trap_destoryed', // the seed's spelling
] as const
export type OffroundKey = (typeof OFFROUND_KEYS)[number]

/** Message types with one schema each (roundbegin and offround are chosen by their content). */
export const PLAIN_INBOUND_TYPES = ['id', 'action', 'format error', 'other_death', 'escaped', 'death', 'getkey', 'ai_error', 'box_disappear'] as const
export type PlainInboundType = (typeof PLAIN_INBOUND_TYPES)[number]

/** The key of every logic → AI schema an AI checks a message against. */
export type InboundKey = PlainInboundType | 'roundbegin' | 'roundbegin:short' | 'offround' | `offround:${OffroundKey}`

const OFFROUND_KEY_SET: ReadonlySet<string> = new Set(OFFROUND_KEYS)
const PLAIN_TYPE_SET: ReadonlySet<string> = new Set(PLAIN_INBOUND_TYPES)

/** A JSON-ish rendering of a value for an error message, cut to `max` characters. */
export function shortJson(value: unknown, max = 60): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

export type InboundDispatch = { ok: true; key: InboundKey } | Extract<NormalizeResult<never>, { ok: false }>

/**
 * The schema key for one logic → AI message (already JSON-parsed), or the error when it has
 * none: not an object, no string `type` (`invalid`), or a `type` we do not know (`unknown_type`,
 * which an AI may ignore). A full roundbegin is one with `status`; an offround of a content kind
 * we do not know is checked against the general offround form.
 */
export function logicToAiKey(input: unknown): InboundDispatch {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, kind: 'invalid', error: `at (root): expected a JSON object, got ${shortJson(input, 30)}` }
  }
  const rec = input as Record<string, unknown>
  const type = rec.type
  if (typeof type !== 'string') return { ok: false, kind: 'invalid', error: `at type: expected a string, got ${shortJson(type, 30)}` }
  if (type === 'roundbegin') return { ok: true, key: 'status' in rec ? 'roundbegin' : 'roundbegin:short' }
  if (type === 'offround') {
    const content = rec.content
    if (!Array.isArray(content) || typeof content[0] !== 'string') return { ok: true, key: 'offround' }
    const key = content[0] === 'see' ? `see:${String(content[1])}` : content[0]
    return { ok: true, key: OFFROUND_KEY_SET.has(key) ? (`offround:${key}` as InboundKey) : 'offround' }
  }
  if (PLAIN_TYPE_SET.has(type)) return { ok: true, key: type as PlainInboundType }
  return { ok: false, kind: 'unknown_type', type, error: `at type: unknown message type ${quoteForMessage(type)}` }
}

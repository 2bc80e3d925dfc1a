/**
 * What MaiCore sent back, as one of three things:
 * - `action`: a `{actions, goal?, plan?, step?, targetValue?, currentValue?}` JSON reply
 *   (code fence and small syntax slips tolerated) — run `actions` as a NEW program;
 * - `chat`: anything else with text (MaiCore usually answers in plain chat, splits long
 *   replies into several text segments and post-processes the text) — a no-op step;
 * - `empty`: no text at all (images, emoji…).
 * Text segments are joined in order, through nested `seglist`s.
 */
import { parseMaiCoreReply, segmentText, type MaiCoreReply, type MessageBase } from '../../../protocols/maim.js'

export type ParsedReply =
  | { kind: 'action'; reply: MaiCoreReply; text: string; repaired: boolean }
  | { kind: 'chat'; text: string; why: string }
  | { kind: 'empty' }

/** Plain chat that merely mentions JSON-ish braces is still chat: only an object with `actions` acts. */
export function parseReplyText(text: string): ParsedReply {
  const trimmed = text.trim()
  if (!trimmed) return { kind: 'empty' }
  if (!/actions/.test(trimmed)) return { kind: 'chat', text: trimmed, why: 'no "actions" in the reply' }
  const r = parseMaiCoreReply(trimmed)
  if (r.ok) return { kind: 'action', reply: r.value, text: trimmed, repaired: r.repaired }
  return { kind: 'chat', text: trimmed, why: r.error }
}

export function parseReply(msg: MessageBase): ParsedReply {
  return parseReplyText(segmentText(msg.message_segment))
}

/**
 * Text helpers for emitting XML that is always well-formed, whatever the input.
 *
 * XML 1.0 only allows #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
 * We drop the control characters the ContextBus facts list (U+0000–0008, 000B, 000C,
 * 000E–001F, 007F–0084, 0086–009F), plus U+FFFE/U+FFFF and lone UTF-16 surrogates,
 * which are not XML characters at all and would make the document ill-formed.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF]/g
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const LINE_BREAKS = /\r\n|\r|\n/g

/** `String(value ?? '')`, but a value whose toString throws becomes ''. */
export function coerceText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return String(value ?? '')
  } catch {
    return ''
  }
}

/** Drops characters that are not allowed in XML (see module comment). */
export function dropInvalidXmlChars(text: string): string {
  return text.replace(CONTROL_CHARS, '').replace(LONE_SURROGATES, '')
}

/**
 * Coerces, drops invalid characters and turns line breaks into single spaces so every
 * context entry stays on one line.
 */
export function sanitizeText(value: unknown): string {
  return dropInvalidXmlChars(coerceText(value)).replace(LINE_BREAKS, ' ')
}

/**
 * Cuts to at most `max` UTF-16 code units, never between the two halves of a
 * surrogate pair (an emoji is kept whole or dropped whole). No ellipsis is added.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  let end = Math.max(0, max)
  const last = text.charCodeAt(end - 1)
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--
  return text.slice(0, end)
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Escapes `& < > " '` (safe for both text and attribute values). */
const NEEDS_ESCAPE = /[&<>"']/

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

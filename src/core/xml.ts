/**
 * Text helpers for the ContextBus XML.
 *
 * The seed's reference drops the control characters U+0000–0008, 000B, 000C, 000E–001F,
 * 007F–0084 and 0086–009F and then escapes `& < > " '` (spec/protocol-facts.md §3).
 * Tab, `\n` and `\r` are not in that list and are kept as they are.
 *
 * The one place we differ from the reference: XML 1.0 has no U+FFFE, U+FFFF or lone
 * UTF-16 surrogates (Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] |
 * [#x10000-#x10FFFF]), so the reference's output would be ill-formed wherever they occur.
 * We drop them too; everywhere else the output is the reference's, byte for byte.
 */

// eslint-disable-next-line no-control-regex
const DROPPED_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF]/g
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** `String(value ?? '')`, but a value whose toString throws becomes ''. */
export function coerceText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return String(value ?? '')
  } catch {
    return ''
  }
}

/** Drops the reference's control characters, then the non-characters of XML (see module comment). */
export function dropInvalidXmlChars(text: string): string {
  return text.replace(DROPPED_CHARS, '').replace(LONE_SURROGATES, '')
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const NEEDS_ESCAPE = /[&<>"']/

/** Escapes `& < > " '` (safe for both text and attribute values). */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

/** Text or attribute value as it goes into the document: invalid characters dropped, then escaped. */
export function xmlText(text: string): string {
  return escapeXml(dropInvalidXmlChars(text))
}

/**
 * A value shown inside an error message: as JSON (so control characters appear escaped), with
 * the C1 controls and bidirectional overrides JSON leaves raw escaped too, and cut to `max`
 * characters. Error messages quote what a peer sent; the peer decides its size and its bytes.
 */
export function quoteForMessage(value: unknown, max = 60): string {
  let s: string
  try {
    s = JSON.stringify(value) ?? String(value)
  } catch {
    s = String(value)
  }
  return escapeControls(s.length > max ? `${s.slice(0, max - 1)}…` : s)
}

/** Control characters (C0, DEL, C1) and bidirectional overrides written as `\uXXXX`; everything else as it is. */
export function escapeControls(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

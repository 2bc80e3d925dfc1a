/**
 * Why a text is not JSON, without quoting it. V8's JSON.parse messages quote the text ("Unexpected
 * token 'x', "xyz"... is not valid JSON"): raw bytes, control characters and terminal escapes of
 * whoever sent it, echoed into replies and logs, or the content of a file that is not ours to show.
 */
export function jsonSyntaxError(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err)
  const at = /position (\d+)/.exec(msg)
  const where = at ? ` at position ${at[1]}` : ''
  if (/end of JSON input|Unterminated/i.test(msg)) return `the JSON ends too early${where}`
  if (/Bad control character/i.test(msg)) return `a control character inside a string${where} (escape it)`
  if (/after JSON/i.test(msg)) return `more text after the JSON value${where}`
  if (/Bad (escaped|Unicode escape)/i.test(msg)) return `a bad escape sequence in a string${where}`
  if (/Expected (property name|',')|Expected ':'/i.test(msg)) return `${/property name/.test(msg) ? 'a property name in double quotes was expected' : 'a separator was expected'}${where}`
  return `unexpected character${where || (/Unexpected token/.test(msg) ? ' at the start or just after a value' : '')}`
}

/**
 * Text that came out of a program (error names, messages, stacks, log lines), made safe to
 * print, send and store: capped in length and free of control characters. A program decides
 * these strings, so without this a 20 MB error name or an escape sequence reaches a terminal,
 * a state message or a file.
 */
import type { CodeError } from './types.js'

/**
 * C0 controls except newline and tab, DEL, C1 controls (ESC, CSI, OSC, …) and the bidirectional
 * overrides and isolates: what would move a terminal's cursor, recolour it, or reorder the text
 * a reader sees.
 */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
const LINE_BREAKS = /[\n\t]/g

export const ERROR_TEXT_LIMITS = { type: 100, message: 2000, stack: 4000 } as const

/** Cuts `s` to `max` characters (saying how long it was), then removes control characters; keeps newlines and tabs. */
export function cleanText(s: string, max: number, fullLength = s.length): string {
  const cut = s.length > max ? s.slice(0, max) : s
  const clean = cut.replace(CONTROLS, '')
  return fullLength > max ? `${clean}… (${fullLength} chars)` : clean
}

/** One line: as cleanText, with newlines and tabs turned into spaces. */
export function cleanLine(s: string, max: number, fullLength = s.length): string {
  return cleanText(s, max, fullLength).replace(LINE_BREAKS, ' ')
}

/** A CodeError from any runner, capped and cleaned; the type is one line. */
export function cleanCodeError(e: CodeError): CodeError {
  return {
    error_type: cleanLine(String(e.error_type), ERROR_TEXT_LIMITS.type),
    error_message: cleanText(String(e.error_message), ERROR_TEXT_LIMITS.message),
    error_stack: e.error_stack === null || e.error_stack === undefined ? null : cleanText(String(e.error_stack), ERROR_TEXT_LIMITS.stack),
  }
}

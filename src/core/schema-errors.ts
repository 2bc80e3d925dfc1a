/**
 * Turns zod issues into short, specific lines that a model (or a human) can act on:
 * one line per issue, naming the field path and the rule that failed, e.g.
 *   at action.x: expected number, got string
 */
import type { z } from 'zod'

export interface FormatZodIssuesOptions {
  /** The value that was validated; lets us say what was actually found ("got string"). */
  input?: unknown
  /** At most this many issue lines (default 8); the rest is summarised as "(+N more)". */
  maxIssues?: number
}

export type Issue = z.core.$ZodIssue
type PathKey = PropertyKey

/** `action.items[2].name`; the root is `(root)`. */
export function formatPath(path: readonly PathKey[]): string {
  if (path.length === 0) return '(root)'
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else {
      const k = String(key)
      const plain = /^[A-Za-z_$][\w$]*$/.test(k)
      if (!plain) out += `[${JSON.stringify(k)}]`
      else out += out === '' ? k : `.${k}`
    }
  }
  return out
}

/** A short name for the JSON-ish type of a value: string, number, array, null, missing… */
export function describeType(value: unknown): string {
  if (value === undefined) return 'nothing (field missing)'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : 'number'
  return typeof value
}

function valueAt(root: unknown, path: readonly PathKey[]): { found: boolean; value: unknown } {
  try {
    let cur: unknown = root
    for (const key of path) {
      if (cur === null || typeof cur !== 'object') return { found: false, value: undefined }
      const rec = cur as Record<PropertyKey, unknown>
      if (!Object.prototype.hasOwnProperty.call(rec, key)) return { found: true, value: undefined }
      cur = rec[key]
    }
    return { found: true, value: cur }
  } catch {
    return { found: false, value: undefined } // a throwing getter: say nothing about the value
  }
}

function short(value: unknown, max = 40): string {
  let s: string
  try {
    s = JSON.stringify(value) ?? String(value)
  } catch {
    s = String(value)
  }
  // JSON.stringify escapes C0 controls but not C1 ones or bidirectional overrides, which reach a terminal as they are
  s = s.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}

function received(issue: Issue, opts: FormatZodIssuesOptions, hasInput: boolean): string | undefined {
  if (hasInput) {
    const at = valueAt(opts.input, issue.path)
    if (at.found) {
      const v = at.value
      const kind = describeType(v)
      // a primitive is shown too, so `"1"` vs 1 and 64.5 vs an integer are obvious
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? `${kind} ${short(v, 30)}` : kind
    }
  }
  const m = /received (\w+)/.exec(issue.message)
  if (!m) return undefined
  return m[1] === 'undefined' ? 'nothing (field missing)' : m[1]
}

function sizeRule(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small'
  const bound = small ? (issue as { minimum: unknown }).minimum : (issue as { maximum: unknown }).maximum
  const inclusive = issue.inclusive !== false
  const op = small ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<'
  switch (issue.origin) {
    case 'string':
      return `must have ${op} ${String(bound)} characters`
    case 'array':
    case 'set':
      return `must have ${op} ${String(bound)} items`
    default:
      return `must be ${op} ${String(bound)}`
  }
}

function ruleFor(issue: Issue, opts: FormatZodIssuesOptions, hasInput: boolean): string {
  const got = received(issue, opts, hasInput)
  const gotText = got ? `, got ${got}` : ''
  switch (issue.code) {
    case 'invalid_type': {
      const expected = issue.expected === 'int' ? 'integer' : issue.expected
      if (got === 'nothing (field missing)') return `required ${expected} is missing`
      return `expected ${expected}${gotText}`
    }
    case 'invalid_value': {
      const allowed = issue.values.map((v) => short(v)).join(' | ')
      const actual = hasInput ? valueAt(opts.input, issue.path) : undefined
      const actualText = actual?.found ? `, got ${actual.value === undefined ? 'nothing' : short(actual.value)}` : ''
      return issue.values.length === 1 ? `must be ${allowed}${actualText}` : `must be one of ${allowed}${actualText}`
    }
    case 'too_small':
    case 'too_big':
      return sizeRule(issue)
    case 'unrecognized_keys':
      // a hostile object may have thousands: name the first ten
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.slice(0, 10).map((k) => short(k)).join(', ')}${issue.keys.length > 10 ? ` and ${issue.keys.length - 10} more` : ''} (remove ${issue.keys.length > 1 ? 'them' : 'it'})`
    case 'invalid_union': {
      const disc = issue as { discriminator?: string; options?: unknown[] }
      if (disc.discriminator && Array.isArray(disc.options)) {
        const actual = hasInput ? valueAt(opts.input, issue.path) : undefined
        const actualText = actual?.found ? `, got ${actual.value === undefined ? 'nothing' : short(actual.value)}` : ''
        return `must be one of ${disc.options.map((o) => short(o)).join(' | ')}${actualText}`
      }
      return `does not match any allowed form${gotText}`
    }
    case 'invalid_format':
      return `must be a valid ${issue.format}`
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`
    case 'invalid_key':
      return 'has an invalid key'
    case 'invalid_element':
      return 'has an invalid element'
    default:
      return issue.message
  }
}

/** One line per issue: `at <path>: <rule>`. */
export function formatZodIssues(error: z.ZodError, opts: FormatZodIssuesOptions = {}): string {
  return formatIssues(error.issues, opts)
}

/**
 * `formatZodIssues` for a list of issues shaped as zod's, wherever they come from (zod, or checks
 * generated from zod schemas such as src/protocols/lostspace-checks.gen.ts). Loads no zod.
 */
export function formatIssues(issues: readonly Issue[], opts: FormatZodIssuesOptions = {}): string {
  const max = Math.max(1, opts.maxIssues ?? 8)
  const hasInput = Object.prototype.hasOwnProperty.call(opts, 'input')
  const lines = issues.slice(0, max).map((issue) => `at ${formatPath(issue.path)}: ${ruleFor(issue, opts, hasInput)}`)
  if (issues.length > max) lines.push(`(+${issues.length - max} more)`)
  return lines.join('\n')
}

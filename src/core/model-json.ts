/**
 * Tolerant parsing of JSON written by language models.
 *
 * Models wrap JSON in code fences and prose, add comments and trailing commas, use
 * single quotes, Python literals, smart quotes, stop mid-object, or write two objects.
 * We locate the first JSON object (or a top-level array when the reply starts with
 * `[`), cut it out with a string/comment-aware bracket scanner, and let `jsonrepair`
 * fix the syntax. The result is always an object or array; anything hopeless yields a
 * short correction that can be sent back to the model verbatim. Never throws.
 */
import { jsonrepair, JSONRepairError } from 'jsonrepair'
import { z } from 'zod'
import { formatZodIssues } from './schema-errors.js'
import { escapeControls } from './quote.js'

export type ParseModelJsonResult =
  | { ok: true; value: unknown; repaired: boolean; notes: string[] }
  | { ok: false; error: string }

export type ParseModelAnswerResult<T> = { ok: true; value: T; repaired: boolean } | { ok: false; error: string }

export const EXAMPLE_OBJECT = '{"key": "value"}'
const REPLY_WITH = `Reply with exactly one JSON object like ${EXAMPLE_OBJECT} and nothing else.`
/** Replies longer than this are refused rather than scanned (a model reply is never this big). */
export const MAX_REPLY_CHARS = 1_000_000
/** How many `{` positions we try before giving up on prose that contains braces. */
const MAX_CANDIDATES = 8

interface Span {
  start: number
  /** Exclusive end; equals text.length when the value never closed (truncated). */
  end: number
  closed: boolean
}

const OPEN_QUOTES: Record<string, string> = { '"': '"', "'": "'", '\u201c': '\u201d', '\u2018': '\u2019', '`': '`' }

/**
 * From `start` (a `{` or `[`), find where that value ends: brackets are counted
 * outside strings and comments; strings may use ", ', ` or smart quotes.
 */
function scanValue(text: string, start: number): Span {
  let depth = 0
  let i = start
  const n = text.length
  while (i < n) {
    const c = text[i]!
    if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      depth--
      if (depth === 0) return { start, end: i + 1, closed: true }
    } else if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i + 2)
      i = nl === -1 ? n : nl
      continue
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2)
      i = close === -1 ? n : close + 2
      continue
    } else if (c in OPEN_QUOTES) {
      const closeQuote = OPEN_QUOTES[c]!
      let j = i + 1
      while (j < n) {
        const d = text[j]!
        if (d === '\\') j += 2
        else if (d === closeQuote || (closeQuote === '\u201d' && d === '"')) break
        // an unterminated single-line string: stop at the newline so one stray
        // apostrophe ("it's") does not swallow the rest of the object
        else if (d === '\n' && closeQuote !== '"') break
        else j++
      }
      i = j + 1
      continue
    }
    i++
  }
  return { start, end: n, closed: false }
}

/** Contents of ``` fences (any language tag), in order. An unclosed fence runs to the end. */
function fencedBlocks(text: string): string[] {
  const out: string[] = []
  const re = /```[\w+.-]*[^\S\n]*\n?([\s\S]*?)(?:```|$)/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text)) !== null) {
    out.push(m[1]!)
    if (m[0].length === 0) re.lastIndex++
  }
  return out
}

function lineCol(text: string, pos: number): { line: number; col: number } {
  const before = text.slice(0, Math.max(0, Math.min(pos, text.length)))
  const line = before.split('\n').length
  const col = pos - (before.lastIndexOf('\n') + 1) + 1
  return { line, col }
}

function near(text: string, pos: number): string {
  const s = text.slice(Math.max(0, pos - 12), pos + 12).replace(/\s+/g, ' ').replace(/`/g, "'")
  // the model's own text, shown back with its control characters escaped (they could be anything)
  return `\`${escapeControls(s)}\``
}

interface Attempt {
  value?: unknown
  repaired: boolean
  error?: { message: string; position: number }
}

function parseCandidate(candidate: string): Attempt {
  try {
    return { value: JSON.parse(candidate) as unknown, repaired: false }
  } catch {
    // fall through to repair
  }
  try {
    const fixed = jsonrepair(candidate)
    return { value: JSON.parse(fixed) as unknown, repaired: true }
  } catch (err) {
    if (err instanceof RangeError) return { repaired: true, error: { message: 'JSON nested too deeply', position: 0 } }
    if (err instanceof JSONRepairError) {
      return { repaired: true, error: { message: err.message.replace(/ at position \d+$/, ''), position: err.position } }
    }
    return { repaired: true, error: { message: err instanceof Error ? err.message : String(err), position: 0 } }
  }
}

function isContainer(v: unknown): v is object {
  return v !== null && typeof v === 'object'
}

function describeLeftover(rest: string): string | undefined {
  const t = rest.trim()
  if (t === '') return undefined
  if (/^[,\s]*[{[]/.test(t)) return 'more than one JSON value: used the first, ignored the rest'
  return 'ignored text after the JSON'
}

/** Finds and parses the first JSON object (or a leading array) in `body`. */
function extract(body: string, notes: string[]): { ok: true; value: unknown; repaired: boolean } | { ok: false; error: string } {
  const trimmed = body.trim()
  // Strict fast path: the whole reply is JSON.
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const v = JSON.parse(trimmed) as unknown
      if (isContainer(v)) return { ok: true, value: v, repaired: false }
    } catch {
      // continue with the tolerant path
    }
  }

  // Candidates: a `[` before the first `{` (a leading array, or `… are: [{…}]` in prose),
  // then each `{`. A `[` in prose only counts if it holds objects/arrays, so `[INFO]`
  // or `[1]` in a sentence is not mistaken for the answer.
  const firstBrace = body.indexOf('{')
  const firstBracket = body.indexOf('[')
  const starts: Array<{ pos: number; anyArray: boolean }> = []
  if (firstBracket !== -1 && (firstBrace === -1 || firstBracket < firstBrace)) {
    // anyArray: the reply starts with `[`; confirmed below only if the array also runs to the end
    starts.push({ pos: firstBracket, anyArray: trimmed.startsWith('[') })
  }
  if (starts.length === 0 && firstBrace === -1) {
    return { ok: false, error: `Your reply had no JSON object. ${REPLY_WITH}` }
  }

  let firstError: { message: string; position: number } | undefined
  let nextBrace = firstBrace
  let tried = 0
  while (tried < MAX_CANDIDATES) {
    let start: { pos: number; anyArray: boolean } | undefined = starts.shift()
    if (!start) {
      if (nextBrace === -1) break
      start = { pos: nextBrace, anyArray: false }
    }
    tried++
    const span = scanValue(body, start.pos)
    // Skip over a closed candidate that failed, so we never pick an object nested in it.
    const after = span.closed ? span.end : start.pos + 1
    nextBrace = body.indexOf('{', after)

    const candidate = body.slice(span.start, span.end)
    let attempt = parseCandidate(candidate)
    if (attempt.error && span.closed && candidate.startsWith('{{') && candidate.endsWith('}}')) {
      // template-escaped braces copied from a prompt: {{"type": "NONE"}}
      const undoubled = parseCandidate(candidate.replace(/\{\{/g, '{').replace(/\}\}/g, '}'))
      if (!undoubled.error) {
        attempt = { ...undoubled, repaired: true }
        notes.push('undoubled {{ }} braces')
      }
    }
    if (attempt.error || !isContainer(attempt.value)) {
      if (attempt.error && !firstError) firstError = { ...attempt.error, position: attempt.error.position + span.start }
      continue
    }
    if (!span.closed && Object.keys(attempt.value).length === 0) continue // a lone `{`: nothing to use
    const wholeReply = !span.closed || body.slice(span.end).trim() === ''
    if (Array.isArray(attempt.value) && !(start.anyArray && wholeReply) && (attempt.value.length === 0 || !attempt.value.every(isContainer))) continue
    if (body.slice(0, span.start).trim() !== '') notes.push('ignored text before the JSON')
    if (!span.closed) notes.push('reply was cut off: closed the unfinished JSON')
    if (attempt.repaired) notes.push('fixed JSON syntax')
    const leftover = describeLeftover(body.slice(span.end))
    if (leftover) notes.push(leftover)
    return { ok: true, value: attempt.value, repaired: attempt.repaired || notes.length > 0 }
  }

  if (firstError) {
    const { line, col } = lineCol(body, firstError.position)
    return {
      ok: false,
      error: `Your reply is not valid JSON: ${firstError.message} at line ${line} column ${col} (near ${near(body, firstError.position)}). ${REPLY_WITH}`,
    }
  }
  return { ok: false, error: `Your reply had no JSON object. ${REPLY_WITH}` }
}

/**
 * Tolerant JSON extraction for model replies. `ok:true` always carries an object or
 * array; `repaired` is false only when the trimmed reply was strict JSON as written;
 * `notes` lists what was changed (code fence, prose, comments/quotes fixed, cut-off
 * closed, extra values dropped).
 */
export function parseModelJson(text: string): ParseModelJsonResult {
  try {
    let body = typeof text === 'string' ? text : String((text as unknown) ?? '')
    const notes: string[] = []
    if (body.length > MAX_REPLY_CHARS) {
      return { ok: false, error: `Your reply was too long (${body.length} characters). ${REPLY_WITH}` }
    }
    // Strict JSON as written is taken as is, before any clean-up that could touch its strings
    // (a reason that mentions ``` or <think> must not be edited).
    const strict = strictContainer(body)
    if (strict !== undefined) return { ok: true, value: strict, repaired: false, notes }
    if (body.charCodeAt(0) === 0xfeff) {
      body = body.slice(1)
      notes.push('removed byte-order mark')
    }
    if (/<think(?:ing)?>/i.test(body)) {
      const stripped = body.replace(/<(think(?:ing)?)>[\s\S]*?<\/\1>/gi, ' ')
      if (stripped !== body) {
        body = stripped
        notes.push('ignored <think> reasoning')
      }
    }
    if (body.trim() === '') return { ok: false, error: `Your reply was empty. ${REPLY_WITH}` }
    const unwrapped = unwrapStringEncoded(body)
    if (unwrapped !== undefined) {
      body = unwrapped
      notes.push('unwrapped JSON that was sent as a quoted string')
    }

    if (body.includes('```')) {
      const blocks = fencedBlocks(body).filter((b) => /[{[]/.test(b))
      for (const block of blocks) {
        const fenceNotes = ['took the JSON out of a code fence']
        const res = extract(block, fenceNotes)
        if (!res.ok) continue
        if (blocks.length > 1) fenceNotes.push('more than one code block: used the first JSON one')
        return { ok: true, value: res.value, repaired: true, notes: dedupe([...notes, ...fenceNotes]) }
      }
      body = body.replace(/```[\w+.-]*/g, ' ')
      notes.push('removed code fence markers')
    }

    const res = extract(body, notes)
    if (!res.ok) return res
    if (!res.repaired && notes.length === 0) return { ok: true, value: res.value, repaired: false, notes }
    return { ok: true, value: res.value, repaired: true, notes: dedupe(notes) }
  } catch (err) {
    // jsonrepair recursion on absurd nesting, etc. Never let it escape.
    return { ok: false, error: `Your reply could not be read as JSON (${err instanceof Error ? err.name : 'error'}). ${REPLY_WITH}` }
  }
}

/** The reply parsed as strict JSON when it is one object or array, else undefined. */
function strictContainer(body: string): object | undefined {
  // JSON.parse allows only JSON whitespace around the value (String.trim would also drop a BOM)
  if (!/^[ \t\r\n]*[{[]/.test(body)) return undefined
  try {
    const v = JSON.parse(body) as unknown
    return isContainer(v) ? v : undefined
  } catch {
    return undefined
  }
}

/** A reply that is a JSON string whose content is JSON (`"{\"type\":\"NONE\"}"`): return the inner text. */
function unwrapStringEncoded(body: string): string | undefined {
  const t = body.trim()
  if (!t.startsWith('"') || !t.endsWith('"')) return undefined
  try {
    const inner = JSON.parse(t) as unknown
    if (typeof inner === 'string' && /^\s*[{[]/.test(inner)) return inner
  } catch {
    // not a JSON string
  }
  return undefined
}

function dedupe(xs: string[]): string[] {
  return [...new Set(xs)]
}

// ---------------------------------------------------------------------------
// Schema-validated answers

/** A compact, human/model-readable rendering of a JSON Schema: `{"type": "move", "x": number, "note"?: string}`. */
export function renderSchemaShape(schema: unknown, maxLen = 400): string {
  const out = render(schema, 0)
  return out.length > maxLen ? `${out.slice(0, maxLen - 1)}…` : out
}

function render(node: unknown, depth: number): string {
  if (!node || typeof node !== 'object') return 'any'
  const s = node as Record<string, unknown>
  if (depth > 6) return '…'
  if ('const' in s) return JSON.stringify(s.const)
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join('|')
  const alts = (s.anyOf ?? s.oneOf) as unknown[] | undefined
  if (Array.isArray(alts)) {
    const parts = alts.map((a) => render(a, depth + 1))
    return parts.length > 1 && depth > 0 ? `(${parts.join(' | ')})` : parts.join(' | ')
  }
  const type = s.type
  if (Array.isArray(type)) return type.join('|')
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : [])
      const fields = Object.entries(props).map(([k, v]) => `${JSON.stringify(k)}${required.has(k) ? '' : '?'}: ${render(v, depth + 1)}`)
      if (fields.length === 0) return '{…}'
      return `{${fields.join(', ')}}`
    }
    case 'array':
      return `[${render(s.items, depth + 1)}, …]`
    case 'integer':
      return 'integer'
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return type
    default:
      return 'any'
  }
}

function shapeOf(schema: z.ZodType): string | undefined {
  try {
    return renderSchemaShape(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))
  } catch {
    return undefined
  }
}

/**
 * parseModelJson + zod validation. The error is a correction message: what was wrong
 * (field path and rule, one per line), then what the answer must look like
 * (`opts.expected`, or a compact rendering of the schema).
 */
export function parseModelAnswer<T>(
  text: string,
  schema: z.ZodType<T>,
  opts: { expected?: string } = {},
): ParseModelAnswerResult<T> {
  const mustLook = (): string => {
    const shape = opts.expected ?? shapeOf(schema)
    return shape ? `\nThe answer must look like: ${shape}` : ''
  }
  const parsed = parseModelJson(text)
  if (!parsed.ok) return { ok: false, error: parsed.error + mustLook() }
  let result: ReturnType<typeof schema.safeParse>
  try {
    result = schema.safeParse(parsed.value)
  } catch (err) {
    return { ok: false, error: `Your JSON could not be checked (${err instanceof Error ? err.message : String(err)}).${mustLook()}` }
  }
  if (result.success) return { ok: true, value: result.data, repaired: parsed.repaired }
  const issues = formatZodIssues(result.error, { input: parsed.value })
  return { ok: false, error: `Your JSON does not match the required format:\n${issues}${mustLook()}` }
}

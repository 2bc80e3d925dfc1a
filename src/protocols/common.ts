/**
 * Shared protocol building blocks: item ids and counts, coordinates, the result type of
 * our normalizers, and `toModelJsonSchema`, which turns a zod schema into a JSON Schema
 * that OpenAI-style `response_format: { type: 'json_schema' }` endpoints accept.
 *
 * Pure: no I/O, no game imports.
 */
import { z } from 'zod'
import { formatZodIssues } from '../core/schema-errors.js'
import { quoteForMessage } from '../core/quote.js'

// ---------------------------------------------------------------------------
// Small shared schemas

/** Namespaced or bare item/block id (`minecraft:oak_log`, `oak_log`) or a tag such as `log`. */
export const ItemIdSchema = z.string().trim().min(1, 'must be a non-empty item id')

export const CountSchema = z.number().int().nonnegative()

/** `{ item_name, count }` — the LynxMind item entry (the Body's `ItemCount`). */
export const ItemCountSchema = z.object({
  item_name: ItemIdSchema,
  count: CountSchema,
})
export type ItemCount = z.infer<typeof ItemCountSchema>

/** Integer or float coordinate; the real LynxMind mod sends block (integer) coordinates. */
export const CoordSchema = z.number().finite()

export const Vec3Schema = z.object({ x: CoordSchema, y: CoordSchema, z: CoordSchema })
export type Vec3 = z.infer<typeof Vec3Schema>

// ---------------------------------------------------------------------------
// Normalizer results

/**
 * The result of normalizing one incoming message.
 * - `unknown_type`: a well-formed object whose `type` we do not know (the LynxMind mod
 *   ignores these; so may we).
 * - `invalid`: anything else that does not validate; `error` names field and rule.
 */
export type NormalizeResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: 'unknown_type'; type: string; error: string }
  | { ok: false; kind: 'invalid'; error: string }

export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

/** Deeper than any message of any protocol here; refused before a recursive walk (canonical forms, schemas) overflows the stack. */
export const MAX_NESTING = 100

/** `nested more than … levels deep` when `value` is, else undefined; walks without recursion. */
export function nestingProblem(value: unknown, max = MAX_NESTING): string | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (v === null || typeof v !== 'object') continue
    if (depth >= max) return `at (root): nested more than ${max} levels deep`
    for (const child of Object.values(v as Record<string, unknown>)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
  }
  return undefined
}

/** Validates `input` with `schema`; on failure the error lists `at <path>: <rule>` lines. */
export function validate<T>(schema: z.ZodType<T>, input: unknown): NormalizeResult<T> {
  const deep = nestingProblem(input)
  if (deep) return { ok: false, kind: 'invalid', error: deep }
  const res = schema.safeParse(input)
  if (res.success) return { ok: true, value: res.data }
  return { ok: false, kind: 'invalid', error: formatZodIssues(res.error, { input }) }
}

/**
 * The shared `normalize*` shape: objects with a string `type` outside `known` are
 * `unknown_type`; everything else goes through `canonicalize` and `schema`.
 */
export function normalizeTagged<T>(
  input: unknown,
  known: ReadonlySet<string>,
  canonicalize: (v: unknown) => unknown,
  schema: z.ZodType<T>,
  what: string,
): NormalizeResult<T> {
  const canon = canonicalize(input)
  if (isRecord(canon) && typeof canon.type === 'string' && !known.has(canon.type)) {
    return {
      ok: false,
      kind: 'unknown_type',
      type: canon.type,
      error: `at type: unknown ${what} type ${quoteForMessage(canon.type)}`,
    }
  }
  return validate(schema, canon)
}

/** `map[key]` for own keys only (so `constructor`, `__proto__` … never resolve to Object.prototype). */
export function ownLookup(map: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined
}

/** `obj[key] = value` that also works for a key named `__proto__` (kept as data, never a prototype). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true })
}

/** Renames keys of a plain object (first listed name wins); returns a copy. */
export function renameKeys(obj: Record<string, unknown>, aliases: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(obj)) {
    const target = ownLookup(aliases, k) ?? k
    if (target !== k && Object.prototype.hasOwnProperty.call(obj, target)) continue // canonical key present: keep it
    setOwn(out, target, v)
  }
  return out
}

// ---------------------------------------------------------------------------
// JSON Schema for structured model output

export interface ModelJsonSchema {
  /** `[a-zA-Z0-9_-]{1,64}` as OpenAI requires. */
  name: string
  schema: Record<string, unknown>
  /**
   * True when the schema satisfies OpenAI's strict mode (every object lists all its
   * properties as required and forbids extra ones). Pass it as `json_schema.strict`.
   */
  strict: boolean
}

type Json = Record<string, unknown>

/** Keywords many structured-output backends reject; validation stays with zod. */
const DROPPED_KEYWORDS = new Set([
  '$schema',
  'default',
  'propertyNames',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'examples',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
])

function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean)
  if (!isRecord(node)) return node
  const out: Json = {}
  for (const [k, v] of Object.entries(node)) {
    if (DROPPED_KEYWORDS.has(k)) continue
    if (k === 'oneOf') out.anyOf = clean(v)
    else if (k === 'const') out.enum = [v]
    else if (k === 'properties' && isRecord(v)) {
      const props: Json = {}
      for (const [pk, pv] of Object.entries(v)) setOwn(props, pk, clean(pv))
      out.properties = props
    } else setOwn(out, k, clean(v))
  }
  // an object that lists properties but says nothing about extras: forbid extras
  if (out.type === 'object' && isRecord(out.properties) && !('additionalProperties' in out)) {
    out.additionalProperties = false
  }
  return out
}

function enumValues(node: unknown): unknown[] | undefined {
  return isRecord(node) && Array.isArray(node.enum) ? node.enum : undefined
}

/**
 * OpenAI requires the root to be a plain object, not `anyOf`. A root union of objects
 * (a discriminated union on `type`) becomes one object whose properties are the union of
 * all variants' properties, `type` an enum of every variant's tag, and required only
 * what every variant requires. This is looser than the union; zod validation still
 * applies to the answer.
 */
function flattenRootUnion(root: Json): Json {
  const alts = root.anyOf
  if (!Array.isArray(alts) || !alts.every((a) => isRecord(a) && a.type === 'object')) return root
  const props: Record<string, unknown[]> = {}
  let required: Set<string> | undefined
  for (const alt of alts as Json[]) {
    for (const [k, v] of Object.entries((alt.properties ?? {}) as Json)) (props[k] ??= []).push(v)
    const req = new Set(Array.isArray(alt.required) ? (alt.required as string[]) : [])
    required = required ? new Set([...required].filter((k) => req.has(k))) : req
  }
  const properties: Json = {}
  for (const [k, variants] of Object.entries(props)) {
    const enums = variants.map(enumValues)
    if (enums.every((e) => e !== undefined)) {
      const values = [...new Set(enums.flat())]
      const first = variants[0] as Json
      properties[k] = { ...(first.type ? { type: first.type } : {}), enum: values }
      continue
    }
    const distinct: unknown[] = []
    for (const v of variants) if (!distinct.some((d) => JSON.stringify(d) === JSON.stringify(v))) distinct.push(v)
    properties[k] = distinct.length === 1 ? distinct[0] : { anyOf: distinct }
  }
  const out: Json = { type: 'object', properties, required: [...(required ?? [])], additionalProperties: false }
  if (root.description) out.description = root.description
  if (root.$defs) out.$defs = root.$defs
  if (root.definitions) out.definitions = root.definitions
  return out
}

/** Strict-mode shape: every property required; the optional ones become `X | null`. */
function makeStrict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(makeStrict)
  if (!isRecord(node)) return node
  const out: Json = {}
  for (const [k, v] of Object.entries(node)) out[k] = k === 'properties' ? v : makeStrict(v)
  if (out.type === 'object' && isRecord(out.properties)) {
    const req = new Set(Array.isArray(out.required) ? (out.required as string[]) : [])
    const props: Json = {}
    for (const [pk, pv] of Object.entries(out.properties)) {
      const inner = makeStrict(pv)
      props[pk] = req.has(pk) ? inner : { anyOf: [inner, { type: 'null' }] }
    }
    out.properties = props
    out.required = Object.keys(props)
  }
  return out
}

/** Lists why a JSON Schema is not acceptable to OpenAI strict mode (empty when it is). */
export function strictModeProblems(schema: unknown): string[] {
  const problems: string[] = []
  const visit = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => visit(n, `${path}[${i}]`))
      return
    }
    if (!isRecord(node)) return
    if (node.type === 'object') {
      const props = isRecord(node.properties) ? node.properties : {}
      if (node.additionalProperties !== false) problems.push(`${path}: object must set additionalProperties: false`)
      const req = new Set(Array.isArray(node.required) ? (node.required as string[]) : [])
      for (const k of Object.keys(props)) if (!req.has(k)) problems.push(`${path}.${k}: optional property (strict mode requires every property)`)
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === 'oneOf' || k === 'allOf' || k === 'not') problems.push(`${path}: keyword ${k} is not supported`)
      if (isRecord(v) || Array.isArray(v)) visit(v, `${path}.${k}`)
    }
  }
  if (!isRecord(schema) || schema.type !== 'object') problems.push('(root): must be an object schema')
  visit(schema, '(root)')
  return problems
}

/**
 * A zod schema as JSON Schema for structured model output (`response_format:
 * { type: 'json_schema', json_schema: { name, schema, strict } }`): no `$schema`,
 * `oneOf` → `anyOf`, `const` → single-value `enum`, constraint keywords that some
 * backends reject are dropped (zod still enforces them), objects forbid extra keys, and
 * a root union is flattened into one object (OpenAI wants an object root).
 * Input-side (`io: 'input'`) so preprocessing and defaults describe what the model writes.
 *
 * `strict: true` makes every property required and the optional ones nullable (OpenAI
 * strict mode); our `parse*` helpers drop those nulls again. `strict` in the result
 * says whether the schema really qualifies (open records such as `memory_updates` never do).
 */
export function toModelJsonSchema(schema: z.ZodType, name: string, opts: { strict?: boolean } = {}): ModelJsonSchema {
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name)) throw new Error(`toModelJsonSchema: name must match [a-zA-Z0-9_-]{1,64}, got ${JSON.stringify(name)}`)
  const raw = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as Json
  let cleaned = flattenRootUnion(clean(raw) as Json)
  if (opts.strict) cleaned = makeStrict(cleaned) as Json
  return { name, schema: cleaned, strict: strictModeProblems(cleaned).length === 0 }
}

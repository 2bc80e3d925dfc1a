// The JSON Schemas we send for structured output: shape rules OpenAI-style endpoints
// enforce, and a small validator showing every valid example answer conforms.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { strictModeProblems, toModelJsonSchema, type ModelJsonSchema } from '../../src/protocols/common.js'
import { AI_EVENT_TYPES, AiEventJsonSchema, AiEventStrictJsonSchema, emitAiEvent, normalizeAiEvent } from '../../src/protocols/lynxmind.js'
import { BrainReplyJsonSchema, normalizeBrainReply } from '../../src/protocols/brainfile.js'
import { MaiCoreReplyJsonSchema, MaiCoreReplyStrictJsonSchema } from '../../src/protocols/maim.js'

type Json = Record<string, unknown>
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Enough of JSON Schema for what toModelJsonSchema emits: type, enum, properties, required, additionalProperties, items, anyOf. */
function conforms(schema: unknown, v: unknown, path = '$'): string[] {
  if (!isObj(schema)) return []
  const errs: string[] = []
  if (Array.isArray(schema.anyOf)) {
    const ok = schema.anyOf.some((s) => conforms(s, v, path).length === 0)
    if (!ok) errs.push(`${path}: matches no anyOf branch`)
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) errs.push(`${path}: not in enum`)
  const types = schema.type === undefined ? undefined : ([] as unknown[]).concat(schema.type)
  if (types) {
    const actual =
      v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v
    const ok = types.includes(actual) || (actual === 'integer' && types.includes('number'))
    if (!ok) return [...errs, `${path}: expected ${types.join('|')}, got ${actual}`]
  }
  if (isObj(v) && schema.type === 'object') {
    const props = isObj(schema.properties) ? schema.properties : {}
    for (const r of (schema.required as string[] | undefined) ?? []) if (!(r in v)) errs.push(`${path}.${r}: required`)
    for (const [k, val] of Object.entries(v)) {
      if (k in props) errs.push(...conforms(props[k], val, `${path}.${k}`))
      else if (schema.additionalProperties === false) errs.push(`${path}.${k}: not allowed`)
      else if (isObj(schema.additionalProperties)) errs.push(...conforms(schema.additionalProperties, val, `${path}.${k}`))
    }
  }
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => errs.push(...conforms(schema.items, x, `${path}[${i}]`)))
  return errs
}

function walk(node: unknown, visit: (n: Json) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit))
  else if (isObj(node)) {
    visit(node)
    Object.values(node).forEach((n) => walk(n, visit))
  }
}

const all: ModelJsonSchema[] = [AiEventJsonSchema, AiEventStrictJsonSchema, BrainReplyJsonSchema, MaiCoreReplyJsonSchema, MaiCoreReplyStrictJsonSchema]

describe('model JSON Schemas', () => {
  for (const s of all) {
    test(`${s.name}${s.strict ? ' (strict)' : ''}: object root, no keywords structured output rejects`, () => {
      assert.match(s.name, /^[a-zA-Z0-9_-]{1,64}$/)
      assert.equal(s.schema.type, 'object')
      assert.equal(s.schema.anyOf, undefined)
      walk(s.schema, (n) => {
        for (const k of ['$schema', 'oneOf', 'allOf', 'const', 'default', 'propertyNames', 'minimum', 'maximum', 'minLength'])
          assert.ok(!(k in n), `${s.name}: keyword ${k} present`)
        if (n.type === 'object' && isObj(n.properties)) assert.equal(n.additionalProperties, false, `${s.name}: object without additionalProperties:false`)
      })
    })
  }

  test('the AI event root lists every event type', () => {
    const typeProp = (AiEventJsonSchema.schema.properties as Json).type as Json
    assert.deepEqual(typeProp.enum, [...AI_EVENT_TYPES])
    assert.deepEqual(AiEventJsonSchema.schema.required, ['type'])
  })

  test('strict variants satisfy strict mode; the plain ones say they do not', () => {
    assert.deepEqual(strictModeProblems(AiEventStrictJsonSchema.schema), [])
    assert.deepEqual(strictModeProblems(MaiCoreReplyStrictJsonSchema.schema), [])
    assert.equal(AiEventJsonSchema.strict, false)
    assert.ok(strictModeProblems(BrainReplyJsonSchema.schema).some((p) => p.includes('memory_updates')))
  })

  test('every valid AI event example conforms to the AI event schema', () => {
    const root = fileURLToPath(new URL('../fixtures/seeds/', import.meta.url))
    let checked = 0
    for (const sub of ['lynxmind', 'real-dialect']) {
      for (const name of readdirSync(root + sub)) {
        if (!name.endsWith('.json')) continue
        const value = JSON.parse(readFileSync(`${root}${sub}/${name}`, 'utf8')) as unknown
        const r = normalizeAiEvent(value)
        if (!r.ok) continue
        assert.deepEqual(conforms(AiEventJsonSchema.schema, emitAiEvent(r.value)), [], name)
        checked++
      }
    }
    assert.ok(checked >= 14, `checked ${checked}`)
  })

  test('brain reply and MaiCore reply examples conform', () => {
    const dir = fileURLToPath(new URL('../fixtures/seeds/real-dialect/', import.meta.url))
    const reply = normalizeBrainReply(JSON.parse(readFileSync(dir + 'brain-reply-01-new-tasks.json', 'utf8')))
    assert.ok(reply.ok)
    if (reply.ok) assert.deepEqual(conforms(BrainReplyJsonSchema.schema, reply.value), [])
    const amaidesu = fileURLToPath(new URL('../fixtures/seeds/amaidesu/02-reply-full.json', import.meta.url))
    assert.deepEqual(conforms(MaiCoreReplyJsonSchema.schema, JSON.parse(readFileSync(amaidesu, 'utf8'))), [])
  })

  test('the validator itself rejects wrong answers (so the checks above can fail)', () => {
    assert.notDeepEqual(conforms(AiEventJsonSchema.schema, { type: 'EVENT_AI_FLY' }), [])
    assert.notDeepEqual(conforms(AiEventJsonSchema.schema, { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: 1 } }), [])
    assert.notDeepEqual(conforms(MaiCoreReplyJsonSchema.schema, { actions: 'x', extra: 1 }), [])
  })
})

describe('toModelJsonSchema', () => {
  test('flattens a root union: union of properties, tag enum, shared requirements only', () => {
    const U = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), n: z.number(), both: z.string() }),
      z.object({ kind: z.literal('b'), s: z.string().optional(), both: z.string() }),
    ])
    const out = toModelJsonSchema(U, 'u')
    assert.deepEqual(out.schema.required, ['kind', 'both'])
    assert.deepEqual(((out.schema.properties as Json).kind as Json).enum, ['a', 'b'])
    assert.deepEqual(Object.keys(out.schema.properties as Json).sort(), ['both', 'kind', 'n', 's'])
  })

  test('strict: optional properties become required and nullable', () => {
    const out = toModelJsonSchema(z.object({ a: z.string(), b: z.number().int().optional() }), 'o', { strict: true })
    assert.equal(out.strict, true)
    assert.deepEqual(out.schema.required, ['a', 'b'])
    assert.deepEqual((out.schema.properties as Json).b, { anyOf: [{ type: 'integer' }, { type: 'null' }] })
  })

  test('rejects names OpenAI would reject', () => {
    assert.throws(() => toModelJsonSchema(z.object({}), 'has space'), /name must match/)
  })
})

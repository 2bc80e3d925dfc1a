import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { z } from 'zod'
import { parseModelJson, parseModelAnswer, renderSchemaShape, MAX_REPLY_CHARS } from '../../src/core/model-json.js'

function ok(text: string) {
  const res = parseModelJson(text)
  assert.ok(res.ok, `expected ok for ${JSON.stringify(text)}: ${res.ok ? '' : res.error}`)
  return res
}

function fail(text: string) {
  const res = parseModelJson(text)
  assert.ok(!res.ok, `expected an error for ${JSON.stringify(text)}`)
  return res.error
}

describe('parseModelJson', () => {
  test('strict JSON is returned unrepaired, with no notes', () => {
    const res = ok('  {"type": "NONE"}\n')
    assert.deepEqual(res, { ok: true, value: { type: 'NONE' }, repaired: false, notes: [] })
  })

  test('concatenated objects: the first complete one wins and a note says so', () => {
    // jsonrepair alone would turn NDJSON into an array; we take the first object instead
    for (const text of ['{"a":1}{"b":2}', '{"a":1}\n{"b":2}', '{"a":1},{"b":2}']) {
      const res = ok(text)
      assert.deepEqual(res.value, { a: 1 })
      assert.ok(res.notes.includes('more than one JSON value: used the first, ignored the rest'), res.notes.join(';'))
    }
  })

  test('a reply that is a JSON array is kept as an array', () => {
    assert.deepEqual(ok('[{"type":"MINE_WOOD"},{"type":"CHAT"}]').value, [{ type: 'MINE_WOOD' }, { type: 'CHAT' }])
    assert.deepEqual(ok('[1, 2').value, [1, 2])
  })

  test('bracketed prose is not mistaken for an array', () => {
    assert.deepEqual(ok('[INFO] moving: {"type":"NONE"}').value, { type: 'NONE' })
    assert.match(fail('[1] see the note'), /had no JSON object/)
  })

  test('objects nested inside a broken object are not picked as the answer', () => {
    const error = fail('{\n  "type": "EVENT_AI_CONTROL",\n  "action" = {"type": "ACTION_MOVE"}\n}')
    assert.match(error, /line 3 column \d+/)
  })

  test('syntax errors name the line, column and nearby text', () => {
    const error = fail('{\n  "type": "finish"\n  "state"\n}')
    assert.match(error, /^Your reply is not valid JSON: Colon expected at line 4 column 1 \(near `.*"state".*`\)\./)
    assert.match(error, /Reply with exactly one JSON object like \{"key": "value"\} and nothing else\.$/)
  })

  test('scalars are not accepted as an answer', () => {
    for (const text of ['42', 'null', 'true', '"EVENT_AI_START"', 'NONE']) {
      assert.match(fail(text), /^Your reply had no JSON object\./)
    }
  })

  test('absurd input gives an error instead of throwing', () => {
    assert.match(fail('['.repeat(200_000)), /not valid JSON|no JSON object|could not be read/)
    assert.match(fail('{'.repeat(100_000) + '}'.repeat(99_999)), /not valid JSON|no JSON object|could not be read/)
    assert.match(fail('x'.repeat(MAX_REPLY_CHARS + 1)), /too long/)
    for (const v of [undefined, null, 42, {}, Symbol('s')]) {
      const res = parseModelJson(v as unknown as string)
      assert.equal(typeof res.ok, 'boolean')
    }
  })

  test('property: never throws; ok results are objects/arrays, errors are short corrections', () => {
    const unit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))
    const jsonish = fc.constantFrom('{', '}', '[', ']', '"', "'", ':', ',', '//', '/*', '*/', '```', '```json\n', 'True', 'None', '\\', '\n', '“', '”', '<think>', '</think>', '{{', '}}', 'x', '1', ' ')
    const text = fc.oneof(
      fc.string({ unit, maxLength: 80 }),
      fc.array(jsonish, { maxLength: 40 }).map((xs) => xs.join('')),
      fc.json().map((j) => j.slice(0, Math.max(0, j.length - 3))),
      fc.tuple(fc.json(), fc.string({ maxLength: 10 }), fc.json()).map(([a, s, b]) => a + s + b),
    )
    fc.assert(
      fc.property(text, (t) => {
        const res = parseModelJson(t)
        if (res.ok) {
          assert.ok(res.value !== null && typeof res.value === 'object')
          assert.ok(Array.isArray(res.notes))
          if (!res.repaired) assert.deepEqual(res.notes, [])
        } else {
          assert.equal(typeof res.error, 'string')
          assert.ok(res.error.length > 0 && res.error.length < 400)
        }
      }),
      { numRuns: 1500 },
    )
  })

  test('property: any JSON object round-trips unrepaired, and survives a fence and prose', () => {
    const obj = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 6 })
    fc.assert(
      fc.property(obj, fc.boolean(), (o, pretty) => {
        const json = JSON.stringify(o, null, pretty ? 2 : undefined)
        const expected = JSON.parse(json) as unknown
        const plain = parseModelJson(json)
        assert.ok(plain.ok)
        assert.deepEqual(plain.value, expected)
        assert.equal(plain.repaired, false)
        const wrapped = parseModelJson(`Here is my answer:\n\`\`\`json\n${json}\n\`\`\`\nDone.`)
        assert.ok(wrapped.ok)
        assert.deepEqual(wrapped.value, expected)
        assert.equal(wrapped.repaired, true)
      }),
      { numRuns: 300 },
    )
  })
})

const Action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ACTION_MOVE'), x: z.number().int(), y: z.number().int(), z: z.number().int() }),
  z.object({ type: z.literal('ACTION_STOP_ATASK') }),
])
const Control = z
  .object({ type: z.literal('EVENT_AI_CONTROL'), action: Action, plans: z.string().max(200).optional() })
  .strict()

describe('parseModelAnswer', () => {
  test('returns the typed value and the repaired flag', () => {
    const strict = parseModelAnswer('{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_STOP_ATASK"}}', Control)
    assert.deepEqual(strict, { ok: true, value: { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_STOP_ATASK' } }, repaired: false })
    const fenced = parseModelAnswer('```json\n{type: "EVENT_AI_CONTROL", action: {type: "ACTION_MOVE", x: 1, y: 64, z: -3,},}\n```', Control)
    assert.ok(fenced.ok)
    assert.equal(fenced.repaired, true)
    assert.deepEqual(fenced.value.action, { type: 'ACTION_MOVE', x: 1, y: 64, z: -3 })
  })

  test('schema errors name the field path and rule, then the expected shape', () => {
    const res = parseModelAnswer('{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_MOVE","x":"1","y":64.5},"extra":1}', Control)
    assert.ok(!res.ok)
    const lines = res.error.split('\n')
    assert.equal(lines[0], 'Your JSON does not match the required format:')
    assert.ok(lines.includes('at action.x: expected number, got string "1"'), res.error)
    assert.ok(lines.includes('at action.y: expected integer, got number 64.5'), res.error)
    assert.ok(lines.includes('at action.z: required number is missing'), res.error)
    assert.ok(lines.includes('at (root): unknown key "extra" (remove it)'), res.error)
    assert.match(lines.at(-1)!, /^The answer must look like: \{"type": "EVENT_AI_CONTROL", "action": .*"ACTION_MOVE".*"plans"\?: string\}$/)
  })

  test('an unknown discriminator lists the allowed values', () => {
    const res = parseModelAnswer('{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_FLY"}}', Control)
    assert.ok(!res.ok)
    assert.match(res.error, /at action\.type: must be one of "ACTION_MOVE" \| "ACTION_STOP_ATASK", got "ACTION_FLY"/)
  })

  test('the expected option replaces the rendered shape', () => {
    const expected = '{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_MOVE","x":0,"y":64,"z":0}}'
    const res = parseModelAnswer('{"type":"NONE"}', Control, { expected })
    assert.ok(!res.ok)
    assert.match(res.error, /at type: must be "EVENT_AI_CONTROL", got "NONE"/)
    assert.ok(res.error.endsWith(`The answer must look like: ${expected}`))
  })

  test('hopeless replies get the parse correction plus the expected shape', () => {
    const res = parseModelAnswer('抱歉，我不能这样做。', Control, { expected: '{"type":"EVENT_AI_CONTROL", …}' })
    assert.ok(!res.ok)
    assert.equal(
      res.error,
      'Your reply had no JSON object. Reply with exactly one JSON object like {"key": "value"} and nothing else.\nThe answer must look like: {"type":"EVENT_AI_CONTROL", …}',
    )
  })

  test('array paths and size rules are reported', () => {
    const Brain = z.object({
      thought: z.string().min(1),
      new_tasks: z.array(z.object({ type: z.enum(['MINE_WOOD', 'CHAT']), parameters: z.record(z.string(), z.unknown()) })).max(3),
    })
    const res = parseModelAnswer("{'thought': '', 'new_tasks': [{'type': 'MINE_WOOD', 'parameters': {}}, {'type': 'DANCE', 'parameters': {}}]}", Brain)
    assert.ok(!res.ok)
    assert.match(res.error, /^at thought: must have >= 1 characters$/m)
    assert.match(res.error, /^at new_tasks\[1\]\.type: must be one of "MINE_WOOD" \| "CHAT", got "DANCE"$/m)
  })

  test('schemas that JSON Schema cannot represent still give a correction', () => {
    const Odd = z.object({ when: z.date(), n: z.number().transform((v) => v * 2) })
    const res = parseModelAnswer('{"when": "today", "n": 1}', Odd)
    assert.ok(!res.ok)
    assert.match(res.error, /at when: expected date, got string "today"/)
  })

  test('renderSchemaShape renders compact shapes', () => {
    assert.equal(renderSchemaShape(z.toJSONSchema(z.object({ a: z.string(), b: z.array(z.number()).optional(), c: z.enum(['x', 'y']) }))), '{"a": string, "b"?: [number, …], "c": "x"|"y"}')
    assert.equal(renderSchemaShape(z.toJSONSchema(z.union([z.literal(1), z.null()]))), '1 | null')
    assert.equal(renderSchemaShape({}), 'any')
    assert.equal(renderSchemaShape(z.toJSONSchema(z.object({ long: z.string() })), 10), '{"long": …')
  })
})

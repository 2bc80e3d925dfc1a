import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { z } from 'zod'
import { formatZodIssues, formatPath, describeType } from '../../src/core/schema-errors.js'

function lines(schema: z.ZodType, input: unknown, withInput = true): string[] {
  const res = schema.safeParse(input)
  assert.ok(!res.success, 'the input must be invalid')
  return formatZodIssues(res.error, withInput ? { input } : {}).split('\n')
}

describe('formatZodIssues', () => {
  test('paths: dotted keys, [index], quoted odd keys, (root)', () => {
    assert.equal(formatPath([]), '(root)')
    assert.equal(formatPath(['action', 'x']), 'action.x')
    assert.equal(formatPath(['new_tasks', 2, 'type']), 'new_tasks[2].type')
    assert.equal(formatPath(['a b', 'c']), '["a b"].c')
    assert.equal(formatPath([0]), '[0]')
  })

  test('wrong type names the expected and actual type and value', () => {
    assert.deepEqual(lines(z.object({ x: z.number() }), { x: 'five' }), ['at x: expected number, got string "five"'])
    assert.deepEqual(lines(z.object({ x: z.number() }), { x: [1] }), ['at x: expected number, got array'])
    assert.deepEqual(lines(z.object({ x: z.string() }), { x: null }), ['at x: expected string, got null'])
    assert.deepEqual(lines(z.object({ x: z.number().int() }), { x: 1.5 }), ['at x: expected integer, got number 1.5'])
  })

  test('missing fields are called missing', () => {
    assert.deepEqual(lines(z.object({ a: z.object({ b: z.boolean() }) }), { a: {} }), ['at a.b: required boolean is missing'])
  })

  test('without the input, the type still comes from the zod message', () => {
    assert.deepEqual(lines(z.object({ x: z.number() }), { x: 'five' }, false), ['at x: expected number, got string'])
    assert.deepEqual(lines(z.object({ x: z.number() }), {}, false), ['at x: required number is missing'])
  })

  test('enums, literals and discriminators list what is allowed and what was given', () => {
    assert.deepEqual(lines(z.object({ k: z.enum(['a', 'b']) }), { k: 'c' }), ['at k: must be one of "a" | "b", got "c"'])
    assert.deepEqual(lines(z.object({ t: z.literal('go') }), { t: 'stop' }), ['at t: must be "go", got "stop"'])
    const D = z.discriminatedUnion('type', [z.object({ type: z.literal('A') }), z.object({ type: z.literal('B') })])
    assert.deepEqual(lines(D, { type: 'C' }), ['at type: must be one of "A" | "B", got "C"'])
    assert.deepEqual(lines(D, {}), ['at type: must be one of "A" | "B", got nothing'])
  })

  test('size rules for strings, arrays and numbers', () => {
    assert.deepEqual(lines(z.object({ s: z.string().min(3) }), { s: 'ab' }), ['at s: must have >= 3 characters'])
    assert.deepEqual(lines(z.object({ a: z.array(z.number()).max(2) }), { a: [1, 2, 3] }), ['at a: must have <= 2 items'])
    assert.deepEqual(lines(z.object({ n: z.number().gt(0) }), { n: 0 }), ['at n: must be > 0'])
    assert.deepEqual(lines(z.object({ n: z.number().max(10) }), { n: 11 }), ['at n: must be <= 10'])
    assert.deepEqual(lines(z.object({ n: z.number().multipleOf(5) }), { n: 7 }), ['at n: must be a multiple of 5'])
  })

  test('unknown keys, formats, unions and custom refinements', () => {
    assert.deepEqual(lines(z.object({ a: z.number() }).strict(), { a: 1, b: 2, c: 3 }), ['at (root): unknown keys "b", "c" (remove them)'])
    assert.deepEqual(lines(z.object({ e: z.email() }), { e: 'nope' }), ['at e: must be a valid email'])
    assert.deepEqual(lines(z.union([z.string(), z.number()]), true), ['at (root): does not match any allowed form, got boolean true'])
    const R = z.object({ hp: z.number().refine((v) => v <= 20, 'hp must be at most 20') })
    assert.deepEqual(lines(R, { hp: 30 }), ['at hp: hp must be at most 20'])
  })

  test('one line per issue, capped with a count of the rest', () => {
    const S = z.object({ a: z.number(), b: z.number(), c: z.number(), d: z.number() })
    const res = S.safeParse({})
    assert.ok(!res.success)
    assert.equal(formatZodIssues(res.error).split('\n').length, 4)
    assert.deepEqual(formatZodIssues(res.error, { maxIssues: 2 }).split('\n'), [
      'at a: required number is missing',
      'at b: required number is missing',
      '(+2 more)',
    ])
  })

  test('a throwing getter in the input does not escape', () => {
    const hostile = { get y(): number { throw new Error('boom') } }
    const res = z.object({ y: z.string() }).safeParse({ y: 1 })
    assert.ok(!res.success)
    // falls back to the type named in zod's own message
    assert.deepEqual(formatZodIssues(res.error, { input: hostile }).split('\n'), ['at y: expected string, got number'])
  })

  test('describeType', () => {
    assert.equal(describeType(undefined), 'nothing (field missing)')
    assert.equal(describeType(Number.NaN), 'NaN')
    assert.equal(describeType([]), 'array')
    assert.equal(describeType(null), 'null')
  })
})

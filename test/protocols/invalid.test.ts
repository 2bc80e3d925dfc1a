// Invalid messages of every protocol: each must fail with an error that names the field
// and the rule (test/fixtures/seeds/invalid/cases.json), and nothing may throw.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { normalizeAiEvent, normalizeModEvent, parseLynxAiEvent, parseLynxModEvent } from '../../src/protocols/lynxmind.js'
import { normalizeBrainFile, normalizeBrainReply, parseBrainReply } from '../../src/protocols/brainfile.js'
import { normalizeMaiCoreReply, normalizeMessageBase, parseMaiCoreReply, parseMessageBase } from '../../src/protocols/maim.js'

interface Case {
  name: string
  kind: 'ai' | 'mod' | 'brainReply' | 'brainFile' | 'maiCoreReply' | 'messageBase'
  input: unknown
  expect: string[]
}

const cases = JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/seeds/invalid/cases.json', import.meta.url)), 'utf8')) as Case[]

function errorOf(c: Case): string {
  switch (c.kind) {
    case 'ai':
    case 'mod': {
      const r = c.kind === 'ai' ? normalizeAiEvent(c.input) : normalizeModEvent(c.input)
      assert.ok(!r.ok, 'should be rejected')
      if (r.ok) return ''
      assert.equal(r.kind, 'invalid', 'a known type with bad fields is invalid, not unknown')
      return r.error
    }
    case 'brainReply': {
      const r = normalizeBrainReply(c.input)
      // per-task problems keep the reply but reject the task
      if (r.ok) {
        assert.equal(r.value.new_tasks.length, 0, 'the bad task must not be kept')
        assert.ok(r.rejected.length > 0, 'should be rejected')
        return r.rejected.map((x) => x.error).join('\n')
      }
      return r.error
    }
    case 'brainFile': {
      const r = normalizeBrainFile(c.input)
      assert.ok(!r.ok, 'should be rejected')
      return r.ok ? '' : r.error
    }
    case 'maiCoreReply': {
      const r = normalizeMaiCoreReply(c.input)
      assert.ok(!r.ok, 'should be rejected')
      return r.ok ? '' : r.error
    }
    case 'messageBase': {
      const r = normalizeMessageBase(c.input)
      assert.ok(!r.ok, 'should be rejected')
      return r.ok ? '' : r.error
    }
  }
}

describe('invalid messages name field and rule', () => {
  test('there is a good set of cases', () => assert.ok(cases.length >= 25))
  for (const c of cases) {
    test(`${c.kind}: ${c.name}`, () => {
      const error = errorOf(c)
      for (const want of c.expect) assert.ok(error.includes(want), `error ${JSON.stringify(error)} should contain ${JSON.stringify(want)}`)
    })
  }
})

describe('arbitrary input never throws', () => {
  const parsers: Array<[string, (s: string) => unknown]> = [
    ['parseLynxAiEvent', parseLynxAiEvent],
    ['parseLynxModEvent', parseLynxModEvent],
    ['parseBrainReply', parseBrainReply],
    ['parseMaiCoreReply', parseMaiCoreReply],
    ['parseMessageBase', parseMessageBase],
  ]
  for (const [name, parse] of parsers) {
    test(`${name} on random text and random JSON`, () => {
      fc.assert(
        fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify(v))), (s) => {
          const r = parse(s) as { ok: boolean }
          assert.equal(typeof r.ok, 'boolean')
        }),
        { numRuns: 300 },
      )
    })
  }

  test('normalizers on random values (including objects with known types)', () => {
    const tagged = fc.record({
      type: fc.constantFrom('EVENT_AI_CONTROL', 'EVENT_PLAYER_STATUS_HEARTBEAT', 'EVENT_PLAYER_ATASK_STOP', 'NONE', 'X'),
      action: fc.anything(),
      chained_action: fc.anything(),
      inventory_hotbar: fc.anything(),
      current_baritone_status: fc.anything(),
      nearby_entities: fc.anything(),
    })
    fc.assert(
      fc.property(fc.oneof(fc.anything(), tagged), (v) => {
        for (const f of [normalizeAiEvent, normalizeModEvent, normalizeBrainFile, normalizeBrainReply, normalizeMaiCoreReply, normalizeMessageBase]) {
          const r = f(v) as { ok: boolean }
          assert.equal(typeof r.ok, 'boolean')
        }
      }),
      { numRuns: 300 },
    )
  })
})

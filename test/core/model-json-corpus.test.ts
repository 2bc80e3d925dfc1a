import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { parseModelJson } from '../../src/core/model-json.js'

interface CorpusCase {
  id: string
  kind: 'good' | 'repairable' | 'hopeless'
  input: string
  expect:
    | { ok: true; value: unknown; repaired: boolean; noteIncludes?: string }
    | { ok: false; errorIncludes: string }
}

const corpus = JSON.parse(
  readFileSync(new URL('../fixtures/model-json/corpus.json', import.meta.url), 'utf8'),
) as CorpusCase[]

describe('model-json corpus', () => {
  test('has at least 100 cases of each kind of outcome, each kind with its matching expectation', () => {
    for (const kind of ['good', 'repairable', 'hopeless'] as const) {
      const n = corpus.filter((c) => c.kind === kind).length
      assert.ok(n >= 100, `corpus has ${n} ${kind} cases, want at least 100`)
    }
    assert.equal(new Set(corpus.map((c) => c.id)).size, corpus.length, 'case ids are unique')
    for (const c of corpus) {
      // good = strict JSON taken as is; repairable = fixed with repaired:true; hopeless = a correction
      const want = c.kind === 'hopeless' ? { ok: false } : { ok: true, repaired: c.kind === 'repairable' }
      const got = c.expect.ok ? { ok: true, repaired: c.expect.repaired } : { ok: false }
      assert.deepEqual(got, want, `${c.id}: a ${c.kind} case must expect ${JSON.stringify(want)}`)
    }
  })

  for (const c of corpus) {
    test(`${c.kind}: ${c.id}`, () => {
      const res = parseModelJson(c.input)
      if (c.expect.ok) {
        assert.ok(res.ok, `expected ok, got error: ${res.ok ? '' : res.error}`)
        assert.deepEqual(res.value, c.expect.value)
        assert.equal(res.repaired, c.expect.repaired, `repaired flag (notes: ${res.notes.join('; ')})`)
        if (c.expect.noteIncludes) {
          const needle = c.expect.noteIncludes
          assert.ok(res.notes.some((n) => n.includes(needle)), `a note mentions "${needle}": ${res.notes.join('; ')}`)
        }
        if (!res.repaired) assert.deepEqual(res.notes, [])
      } else {
        assert.equal(res.ok, false, `expected an error, got ${res.ok ? JSON.stringify(res.value) : ''}`)
        if (!res.ok) {
          assert.ok(res.error.includes(c.expect.errorIncludes), `error "${res.error}" should contain "${c.expect.errorIncludes}"`)
          assert.ok(res.error.length < 400, 'the correction is short')
          assert.match(res.error, /Reply with exactly one JSON object/)
        }
      }
    })
  }
})

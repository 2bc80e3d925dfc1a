// AI → logic messages: the hand-written check in front of the schema (messages.ts) must
// accept exactly what the schema accepts, and a message object from an in-process player
// must get exactly the answer its JSON text gets.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { parseAiMessage, parseAiObject } from '../../src/lostspace/messages.js'
import { normalizeAiMessage } from '../../src/protocols/lostspace.js'
import { createRng, type Rng } from '../../src/lostspace/rng.js'

const VALID: unknown[] = [
  { type: 'finish' },
  { type: 'finish', state: 3 },
  { type: 'action', action: ['move', [1, 2, 1]] },
  { type: 'action', action: ['attack', [0, 0, 1], 2], state: 7 },
  { type: 'action', action: ['interact', 'Materials', 'Kit'] },
  { type: 'action', action: ['interact', 'Box'] },
  { type: 'action', action: ['interact', 'KeyMachine'] },
  { type: 'action', action: ['interact', 'EscapeCapsule', true] },
  { type: 'action', action: ['interact', 'EscapeCapsule', 0] },
  { type: 'action', action: ['trap', 'Sticky'] },
  { type: 'action', action: ['tool', 'Kit'] },
  { type: 'action', action: ['tool', 'Transport', [3, 3, 0]] },
  { type: 'action', action: ['detect', [6, 6, 2]], extra: 'fine' },
]

const ODD: unknown[] = [
  1.5,
  -0,
  2 ** 53,
  -(2 ** 53) + 1,
  '1',
  null,
  true,
  false,
  0,
  1,
  2,
  [],
  [1, 2],
  [1, 2, 3, 4],
  {},
  'move',
  'Kit',
  'LandMine',
  'EscapeCapsule',
  'action',
  'finish',
  undefined,
]

/** A random change to a valid message: a value replaced, an element added or dropped, a key removed. */
function mutate(v: unknown, rng: Rng, depth = 0): unknown {
  if (Array.isArray(v)) {
    const a = [...v]
    const r = rng.next()
    if (r < 0.15) a.push(rng.pick(ODD))
    else if (r < 0.3 && a.length > 0) a.pop()
    else if (a.length > 0) {
      const i = rng.int(a.length)
      a[i] = rng.next() < 0.5 || depth > 2 ? rng.pick(ODD) : mutate(a[i], rng, depth + 1)
    }
    return a
  }
  if (v && typeof v === 'object') {
    const o = { ...(v as Record<string, unknown>) }
    const keys = Object.keys(o)
    const r = rng.next()
    if (r < 0.15) delete o[rng.pick(keys)]
    else if (r < 0.3) o.state = rng.pick(ODD)
    else {
      const k = rng.pick(keys)
      o[k] = rng.next() < 0.3 || depth > 2 ? rng.pick(ODD) : mutate(o[k], rng, depth + 1)
    }
    return o
  }
  return rng.pick(ODD)
}

describe('AI message check (hand-written, in front of the schema)', () => {
  test('valid messages: the object path, the text path and the schema agree', () => {
    for (const m of VALID) {
      const fromText = parseAiMessage(JSON.stringify(m))
      assert.notEqual(fromText.kind, 'bad-action', JSON.stringify(m))
      assert.equal(normalizeAiMessage(JSON.parse(JSON.stringify(m))).ok, true)
      assert.deepEqual(parseAiObject(m as object), fromText, JSON.stringify(m))
    }
  })

  test('20,000 mutated messages: accepted exactly when the schema accepts them, same answer by object and by text', () => {
    const rng = createRng(16)
    let accepted = 0
    let rejected = 0
    for (let i = 0; i < 20_000; i++) {
      const m = mutate(rng.pick(VALID), rng)
      const text = JSON.stringify(m) ?? 'undefined'
      const fromText = parseAiMessage(text)
      let schemaOk = false
      try {
        schemaOk = normalizeAiMessage(JSON.parse(text)).ok
      } catch {
        schemaOk = false
      }
      const ok = fromText.kind === 'action' || fromText.kind === 'finish'
      assert.equal(ok, schemaOk, `text path and schema disagree on ${text}`)
      if (ok) accepted++
      else rejected++
      if (m !== null && typeof m === 'object') assert.deepEqual(parseAiObject(m), fromText, `object path differs on ${text}`)
    }
    assert.ok(accepted > 1000 && rejected > 1000, `both kinds covered (${accepted} accepted, ${rejected} rejected)`)
  })

  test('an object JSON would write differently is judged by what JSON writes', () => {
    const withToJson = { type: 'action', action: ['move', [1, 2, 1]], toJSON: () => ({ type: 'finish' }) }
    assert.deepEqual(parseAiObject(withToJson), parseAiMessage(JSON.stringify(withToJson)))
    const posToJson = Object.assign([1, 2, 1], { toJSON: () => 'x' })
    const m = { type: 'action', action: ['move', posToJson] }
    assert.equal(parseAiObject(m).kind, 'bad-action')
    const cyclic: Record<string, unknown> = { type: 'action' }
    cyclic.action = cyclic
    assert.equal(parseAiObject(cyclic).kind, 'not-json')
  })

  test('the action taken from an object is a copy: changing the object later changes nothing', () => {
    const pos: [number, number, number] = [1, 2, 1]
    const parsed = parseAiObject({ type: 'action', action: ['move', pos] })
    assert.equal(parsed.kind, 'action')
    pos[0] = 5
    assert.deepEqual(parsed.kind === 'action' && parsed.action, { kind: 'move', to: [1, 2, 1] })
  })
})

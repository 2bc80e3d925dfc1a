// The checks generated from the LostSpace schemas (src/protocols/lostspace-checks.gen.ts, used by the SDK
// so that an AI process loads no zod) must be what the generator makes of today's schemas, and must give
// exactly zod's verdict and error text: on every message a real logic sends in real games, and on
// thousands of mutations of them.
import { describe, test, before } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { checkLogicToAiMessage } from '../../src/protocols/lostspace-checks.js'
import { normalizeLogicToAiMessage } from '../../src/protocols/lostspace.js'
import { LostSpaceLogic } from '../../src/lostspace/logic.js'
import { runGame, type LogicLike, type JudgerFrame } from '../../src/lostspace/judger/judger.js'
import { decodeAiPayload } from '../../src/lostspace/judger/framing.js'
import { createRandomPlayer } from '../../src/lostspace/bots/random.js'
import { createStrategistPlayer } from '../../src/lostspace/bots/strategist.js'
import { createRng, type Rng } from '../../src/lostspace/rng.js'
import { createLogger } from '../../src/core/logger.js'
import { runNode } from '../support/run-node.js'
import { ROOT } from '../support/module-probe.js'

const quiet = createLogger('test', { level: 'error' })

/** Every logic → AI message of one real game (random and strategist seats), as the AIs get them. */
async function messagesOfGame(seed: number): Promise<unknown[]> {
  const logic = new LostSpaceLogic({ seed })
  const seen: unknown[] = []
  const tap = (frames: JudgerFrame[]): JudgerFrame[] => {
    for (const f of frames) {
      if (!('content' in f)) continue
      for (const c of f.content) {
        const body = typeof c === 'string' ? (decodeAiPayload(c) ?? c) : JSON.stringify(c)
        seen.push(JSON.parse(body))
      }
    }
    return frames
  }
  // Not a LostSpaceLogic to the judger: every seat gets the JSON text, as a subprocess AI would.
  const wrapped: LogicLike = {
    init: (m) => tap(logic.init(m)),
    onAiMessage: (p, c) => tap(logic.onAiMessage(p, c)),
    onAiError: (p, e, l) => tap(logic.onAiError(p, e, l)),
    get finished() {
      return logic.finished
    },
    replay: () => logic.replay(),
    ranking: () => logic.ranking(),
  }
  const seats = [0, 1, 2, 3].map((i) => ({
    kind: 'player' as const,
    player: i % 2 === 0 ? createStrategistPlayer() : createRandomPlayer({ seed: seed * 10 + i }),
  }))
  await runGame({ seats, logic: wrapped, logger: quiet })
  return seen
}

const ODD: unknown[] = [1.5, -0, 2 ** 53, -1, 0, 1, 3, 4, 9, '1', 'see', 'LandMine', 'Door', null, true, false, [], [1, 2], [1, 2, 3], [1, 2, 3, 4], [[1, 1, 1], true], {}, undefined]

/** A random change to a message: a value replaced, an element added or dropped, a key removed. */
function mutate(v: unknown, rng: Rng, depth = 0): unknown {
  if (Array.isArray(v)) {
    const a = [...v]
    const r = rng.next()
    if (r < 0.15) a.push(rng.pick(ODD))
    else if (r < 0.3 && a.length > 0) a.pop()
    else if (a.length > 0) {
      const i = rng.int(a.length)
      a[i] = rng.next() < 0.4 || depth > 3 ? rng.pick(ODD) : mutate(a[i], rng, depth + 1)
    }
    return a
  }
  if (v && typeof v === 'object') {
    const o = { ...(v as Record<string, unknown>) }
    const keys = Object.keys(o)
    if (keys.length === 0) return rng.pick(ODD)
    const r = rng.next()
    if (r < 0.15) delete o[rng.pick(keys)]
    else {
      const k = rng.pick(keys)
      o[k] = rng.next() < 0.3 || depth > 3 ? rng.pick(ODD) : mutate(o[k], rng, depth + 1)
    }
    return o
  }
  return rng.pick(ODD)
}

function sameAnswer(m: unknown): boolean {
  const fast = checkLogicToAiMessage(m)
  const zod = normalizeLogicToAiMessage(m)
  const text = JSON.stringify(m)
  assert.equal(fast.ok, zod.ok, `verdicts differ on ${text}: zod ${zod.ok ? 'ok' : zod.error}; generated ${fast.ok ? 'ok' : fast.error}`)
  if (!fast.ok && !zod.ok) {
    assert.equal(fast.kind, zod.kind, text)
    assert.equal(fast.error, zod.error, `errors differ on ${text}`)
  }
  if (fast.ok && zod.ok) assert.deepEqual(fast.value, zod.value, text)
  return fast.ok
}

describe('checks generated from the LostSpace schemas', () => {
  let corpus: unknown[] = []
  before(async () => {
    const texts = new Set<string>()
    for (const seed of [1, 2, 3]) for (const m of await messagesOfGame(seed)) texts.add(JSON.stringify(m))
    corpus = [...texts].map((t) => JSON.parse(t) as unknown)
  })

  test('the generated file is what the generator makes of the schemas today', { timeout: 60_000 }, async () => {
    const r = await runNode(['--import', 'tsx', join(ROOT, 'scripts/gen-lostspace-checks.ts'), '--check'], { cwd: ROOT })
    assert.equal(r.code, 0, `${r.stdout}${r.stderr}`)
  })

  test('every message of three real games: accepted by both, with the same value', () => {
    const types = new Set<string>()
    for (const m of corpus) {
      assert.ok(sameAnswer(m), JSON.stringify(m))
      types.add((m as { type: string }).type)
    }
    for (const t of ['id', 'roundbegin', 'action', 'offround']) assert.ok(types.has(t), `the games sent no ${t}: ${[...types].join(' ')}`)
  })

  test('30,000 mutated messages: the same verdict and the same error text as zod', () => {
    const rng = createRng(29)
    let accepted = 0
    let rejected = 0
    for (let i = 0; i < 30_000; i++) {
      let m = rng.pick(corpus)
      const times = 1 + rng.int(3)
      for (let k = 0; k < times; k++) m = mutate(m, rng)
      // what JSON can carry: an AI only ever gets parsed JSON
      const text = JSON.stringify(m)
      if (text === undefined) continue
      if (sameAnswer(JSON.parse(text))) accepted++
      else rejected++
    }
    assert.ok(accepted > 2000 && rejected > 2000, `both kinds covered (${accepted} accepted, ${rejected} rejected)`)
  })

  test('the forms real AIs rely on, and errors that name the field', () => {
    const cases: unknown[] = [
      { type: 'offround', state: 3, playerid: 1, content: ['trap_destoryed', 'Sticky', [1, 1, 1]] },
      { type: 'offround', state: 3, playerid: 1, content: ['see', 'interprops_status_update', [[1, 1, 1], [1, 2, 1]], 'Door', 'open'] },
      { type: 'offround', state: 3, playerid: 1, content: ['brand_new', 1] },
      { type: 'offround', state: 3, playerid: 1, content: 'died' },
      { type: 'roundbegin', state: 1, inturn: 0, status: 0, hp: 200, keys: [], tools: { LandMine: 'x', Sticky: [0, 0], Kit: 0, Transport: 0 }, others: [] },
      { type: 'roundbegin', state: 1, inturn: 0, status: 0, hp: 200, keys: [], tools: { LandMine: [0, 2, [1, 1, 1]], Sticky: [0, 0], Kit: 0, Transport: 0 }, others: [] },
      { type: 'id', id: 1.5, birth_pos: 'ab' },
      { type: 'action', success: true, tools: { Kit: 1 }, move: [true] },
      { type: 'getkey', key: 2 },
      { type: 'box_disappear', pos: [1, 2] },
      { type: 'chat' },
      [],
      null,
    ]
    for (const m of cases) sameAnswer(m)
    const bad = checkLogicToAiMessage({ type: 'death', box: 'yes' })
    assert.deepEqual(bad, { ok: false, kind: 'invalid', error: 'at box: expected boolean, got string "yes"' })
  })
})

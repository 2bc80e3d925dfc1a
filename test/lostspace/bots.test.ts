import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { runGame, type GameResult } from '../../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../../src/lostspace/judger/seats.js'
import { LostSpaceLogic } from '../../src/lostspace/logic.js'
import { createBuiltinPlayer, createLlmPlayer, createRandomPlayer, createStrategistPlayer } from '../../src/lostspace/bots/index.js'
import type { Player } from '../../src/lostspace/sdk/client.js'
import { createLlmClient } from '../../src/core/llm/client.js'
import { createLogger } from '../../src/core/logger.js'
import { createServer } from 'node:net'
import { startScriptedOpenAI, type RecordedRequest, type StaticStep } from '../support/scripted-openai.js'

const quiet = createLogger('test', { level: 'silent' })

function seat(player: Player, name?: string): SeatSpec {
  return { kind: 'player', player, ...(name ? { name } : {}) }
}

function play(players: Player[], seed: number): Promise<GameResult> {
  return runGame({ seats: players.map((p) => seat(p)), logic: new LostSpaceLogic({ seed }), logger: quiet })
}

describe('built-in players', () => {
  test('random×4 and strategist×4 play whole games without errors', async () => {
    for (const name of ['random', 'strategist']) {
      const r = await play([0, 1, 2, 3].map((i) => createBuiltinPlayer(name, { seed: i + 7 })), 11)
      assert.deepEqual(r.errors, [])
      assert.equal(r.rounds, 100)
      assert.deepEqual(r.ranking.map((e) => e.points).sort(), [1, 2, 3, 4])
    }
  })

  test('fuzz: random×4 over 12 seeds never breaks the logic or the judger', async () => {
    for (let g = 0; g < 12; g++) {
      const r = await play([0, 1, 2, 3].map((i) => createRandomPlayer({ seed: 1000 + g * 4 + i, maxActions: 6 })), 100 + g)
      assert.deepEqual(r.errors, [])
      assert.equal(r.rounds, 100)
      assert.deepEqual(r.ranking.map((e) => e.points).sort(), [1, 2, 3, 4])
      assert.ok(r.messages > 300, 'random players do act')
    }
  })

  test('strategist beats random decisively over 40 games (every seat position)', async () => {
    const GAMES = 40
    let strategistPoints = 0
    let randomPoints = 0
    let wins = 0
    let escapes = 0
    for (let g = 0; g < GAMES; g++) {
      const s = g % 4
      const players = [0, 1, 2, 3].map((i) => (i === s ? createStrategistPlayer() : createRandomPlayer({ seed: g * 4 + i + 1 })))
      const r = await play(players, g)
      assert.deepEqual(r.errors, [])
      for (const e of r.ranking) {
        if (e.player === s) {
          strategistPoints += e.points
          if (e.points === 4) wins++
          if (/escaped/.test(e.reason)) escapes++
        } else randomPoints += e.points
      }
    }
    const sAvg = strategistPoints / GAMES
    const rAvg = randomPoints / (GAMES * 3)
    // Random play averages 2.5 points per seat; the strategist must be far ahead.
    assert.ok(sAvg >= 3.5, `strategist averages ${sAvg} points`)
    assert.ok(sAvg - rAvg >= 1.2, `strategist ${sAvg} vs random ${rAvg}`)
    assert.ok(wins >= GAMES * 0.75, `strategist won ${wins}/${GAMES}`)
    assert.ok(escapes >= GAMES * 0.75, `strategist escaped ${escapes}/${GAMES}`)
  })

  test('unknown built-in names and a missing model client give clear errors', () => {
    assert.throws(() => createBuiltinPlayer('genius'), /unknown built-in player 'genius' \(choose one of random, strategist, expert, llm\)/)
    assert.throws(() => createBuiltinPlayer('llm'), /needs a model client/)
  })
})

/** The labels offered to the model, read from the JSON Schema it was sent (or the prompt). */
function offered(req: RecordedRequest): string[] {
  const schema = req.body?.response_format?.json_schema?.schema as { properties?: { action?: { enum?: string[] } } } | undefined
  const fromSchema = schema?.properties?.action?.enum
  if (fromSchema) return fromSchema
  const user = String(req.body?.messages?.at(-1)?.content ?? '')
  return [...user.matchAll(/^- (.+)$/gm)].map((m) => m[1]!)
}

describe('llm player against a scripted OpenAI-compatible server', () => {
  test('plays a whole game through structured output, choosing among the current legal actions', async () => {
    // A "model" that prefers keys, boxes and the capsule, then moves toward… whatever is first.
    const server = await startScriptedOpenAI([
      (req) => {
        const labels = offered(req)
        const pick =
          labels.find((l) => /KeyMachine|EscapeCapsule true|Box/.test(l)) ??
          labels.find((l) => l.startsWith('move')) ??
          'finish'
        return { reply: JSON.stringify({ action: pick, why: 'scripted' }) } satisfies StaticStep
      },
    ])
    try {
      const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', maxRetries: 0, timeoutMs: 5000 })
      const llm = createLlmPlayer({ client, turnBudgetMs: 5000, logger: quiet })
      const r = await play([llm, createRandomPlayer({ seed: 2 }), createRandomPlayer({ seed: 3 }), createRandomPlayer({ seed: 4 })], 3)
      assert.deepEqual(r.errors, [])
      assert.equal(llm.stats.fallbacks, 0)
      assert.ok(llm.stats.modelActions > 20, `model actions: ${llm.stats.modelActions}`)
      const reqs = server.chatRequests()
      assert.ok(reqs.length >= llm.stats.modelActions)
      const first = reqs[0]!
      assert.equal(first.body?.response_format?.type, 'json_schema')
      const labels = offered(first)
      assert.ok(labels.includes('finish'))
      assert.ok(labels.some((l) => l.startsWith('move ')), JSON.stringify(labels))
      const prompt = String(first.body?.messages?.at(-1)?.content)
      assert.match(prompt, /<context>/)
      assert.match(prompt, /<state>round 1 me p0/)
      // Later prompts carry what happened (the ContextBus): our own actions at least.
      const later = String(reqs[reqs.length - 1]!.body?.messages?.at(-1)?.content)
      assert.match(later, /move \[.*\]: (ok|failed)/)
    } finally {
      await server.close()
    }
  })

  test('garbage answers fall back to the expert, and the game goes on', async () => {
    const server = await startScriptedOpenAI([{ reply: 'I would like to go north, please!' }, { reply: '{"action":"fly to the moon"}' }, { raw: '{not json at all' }])
    try {
      const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', maxRetries: 0, timeoutMs: 5000 })
      const llm = createLlmPlayer({ client, turnBudgetMs: 5000, logger: quiet })
      const r = await play([llm, createRandomPlayer({ seed: 2 }), createRandomPlayer({ seed: 3 }), createRandomPlayer({ seed: 4 })], 4)
      assert.deepEqual(r.errors, [])
      assert.equal(llm.stats.modelActions, 0)
      assert.ok(llm.stats.fallbacks > 10)
      // The fallback is the expert's turn: it plays (acts), not just ends the turn. (Whether it wins
      // against these random players is the strength benchmark's business, not this test's.)
      const fallbacks = llm.bus.getStore().flatMap((e) => (e.type === 'tool' && /fallback: /.test(e.content) ? [e.content] : []))
      assert.ok(fallbacks.length > 0)
      assert.ok(fallbacks.some((c) => !/fallback: finish$/.test(c)), 'the fallback took actions')
    } finally {
      await server.close()
    }
  })

  test('a model that hangs is cut off by the turn budget, then the fallback plays', async () => {
    let n = 0
    const server = await startScriptedOpenAI([
      () => (n++ < 3 ? { hang: true } : { reply: '{"action":"finish"}' }),
    ])
    try {
      const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', maxRetries: 0, timeoutMs: 5000 })
      const llm = createLlmPlayer({ client, turnBudgetMs: 800, logger: quiet })
      const r = await play([llm, createRandomPlayer({ seed: 2 }), createRandomPlayer({ seed: 3 }), createRandomPlayer({ seed: 4 })], 5)
      assert.deepEqual(r.errors, [], 'the judger never timed the player out')
      assert.ok(llm.stats.fallbacks >= 3, `fallbacks ${llm.stats.fallbacks}`)
      assert.ok(llm.bus.getStore().some((e) => e.type === 'tool' && /model call failed/.test(e.content)))
    } finally {
      await server.close()
    }
  })

  test('a model server that is down (429 with Retry-After, 500, refused connection) never costs the seat a turn: the fallback plays', async () => {
    // 429 asking for 2 s and 500 in turns, with the client's default retry settings (backoff from 500 ms, 3 retries):
    // unbounded, the retries alone outlast the 1 s turn limit and the judger would disqualify the seat.
    let n = 0
    const server = await startScriptedOpenAI([() => (n++ % 2 === 0 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 500 })])
    const refusedPort = await new Promise<number>((resolve) => {
      const srv = createServer()
      srv.listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port
        srv.close(() => resolve(p))
      })
    })
    try {
      const failing = createLlmPlayer({ client: createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model' }, { logger: quiet }), turnBudgetMs: 600, logger: quiet })
      const refused = createLlmPlayer({
        client: createLlmClient({ baseUrl: `http://127.0.0.1:${refusedPort}/v1`, model: 'scripted-model' }, { logger: quiet }),
        turnBudgetMs: 600,
        logger: quiet,
      })
      const r = await runGame({
        seats: [failing, refused, createRandomPlayer({ seed: 3 }), createRandomPlayer({ seed: 4 })].map((p) => seat(p)),
        logic: new LostSpaceLogic({ seed: 6 }),
        timeLimitSec: 1,
        logger: quiet,
      })
      assert.deepEqual(r.errors, [], 'no seat was timed out or disqualified')
      for (const [name, p] of [['429/500', failing], ['refused', refused]] as const) {
        assert.equal(p.stats.modelActions, 0, name)
        assert.ok(p.stats.fallbacks >= 10, `${name}: fallbacks ${p.stats.fallbacks}`)
        assert.equal(p.stats.fallbacks, p.stats.calls, `${name}: every failed call fell back`)
      }
      assert.ok(server.chatRequests().length >= failing.stats.calls)
      assert.ok(failing.bus.getStore().some((e) => e.type === 'tool' && /model call failed: .*(429|500)/.test(e.content)))
      assert.ok(refused.bus.getStore().some((e) => e.type === 'tool' && /model call failed: cannot reach the model server/.test(e.content)))
    } finally {
      await server.close()
    }
  })
})

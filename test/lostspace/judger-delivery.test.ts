// How the judger moves messages: held writes to program seats (holdMs), in-process players
// that answer at once or queue several actions, and the turn clock on one lazy timer.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { runGame, type GameResult } from '../../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../../src/lostspace/judger/seats.js'
import { LostSpaceLogic, type JudgerFrame } from '../../src/lostspace/logic.js'
import type { Player } from '../../src/lostspace/sdk/client.js'
import type { ActionReply } from '../../src/lostspace/sdk/messages.js'
import { createLogger } from '../../src/core/logger.js'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIXTURES, q, tempDir } from '../fixtures/lostspace-ais/helpers.js'

const quiet = createLogger('test', { level: 'silent' })

/** A LostSpaceLogic that keeps every AI message it is given, in order. */
class Listening extends LostSpaceLogic {
  readonly heard: Array<[number, string]> = []
  override onAiMessage(player: number, content: string | object): JudgerFrame[] {
    this.heard.push([player, typeof content === 'string' ? content : JSON.stringify(content)])
    return super.onAiMessage(player, content)
  }
}

const RECORD_AI = join(FIXTURES, 'record_ai.py')

/** What each of four recording AIs got (in order, with a TURN line at each of its turns). */
async function recorded(holdMs: number): Promise<{ result: GameResult; logs: string[] }> {
  const { dir, cleanup } = tempDir()
  try {
    const files = [0, 1, 2, 3].map((i) => join(dir, `seat${i}.txt`))
    const seats: SeatSpec[] = files.map((f) => ({ kind: 'command', command: `python3 ${q(RECORD_AI)} ${q(f)}` }))
    const result = await runGame({ seats, logic: new LostSpaceLogic({ seed: 9 }), logger: quiet, holdMs, startupGraceSec: 10 })
    return { result, logs: files.map((f) => readFileSync(f, 'utf8')) }
  } finally {
    cleanup()
  }
}

describe('judger delivery', () => {
  test('held messages reach each AI in order, all of them before its own turn: the same as with holdMs 0', async () => {
    const atOnce = await recorded(0)
    const held = await recorded(600_000)
    assert.equal(atOnce.result.rounds, 100)
    // Up to its last turn: what comes after may be cut short in both cases, as the game's end stops the AIs.
    const untilLastTurn = (log: string) => log.slice(0, log.lastIndexOf('TURN '))
    for (let seat = 0; seat < 4; seat++) {
      const log = atOnce.logs[seat]!
      assert.equal((log.match(/^TURN /gm) ?? []).length, 100, `seat ${seat} had its 100 turns`)
      assert.equal(untilLastTurn(held.logs[seat]!), untilLastTurn(log), `seat ${seat} got the same messages, the same ones before each of its turns`)
    }
    assert.deepEqual(held.result.replay, atOnce.result.replay)
  })

  test('an in-process player that asks for several actions at once gets them sent one by one, in order, each answered', async () => {
    const replies: ActionReply[][] = []
    const eager: Player = {
      name: 'eager',
      onRoundBegin(state, api) {
        if (state.round > 3 || !state.pos) return
        const [x, y, z] = state.pos
        const asked = [api.detect([x, y + 1, z]), api.move([x, y + 1, z]), api.move([x, y + 2, z]), api.kit()]
        return Promise.all(asked).then((r) => {
          replies.push(r)
        })
      },
    }
    const logic = new Listening({ seed: 3 })
    const seats: SeatSpec[] = [0, 1, 2, 3].map(() => ({ kind: 'player', player: eager }))
    const r = await runGame({ seats, logic, logger: quiet })
    assert.deepEqual(r.errors, [])
    assert.equal(replies.length, 12, 'every seat, rounds 1-3')
    for (const rs of replies) {
      assert.equal(rs.length, 4)
      for (const reply of rs) assert.equal(reply.type, 'action')
    }
    const seat0 = logic.heard.filter(([p]) => p === 0).map(([, m]) => JSON.parse(m) as { type: string; action?: unknown[] })
    assert.deepEqual(
      seat0.slice(0, 5).map((m) => (m.type === 'action' ? m.action![0] : m.type)),
      ['detect', 'move', 'move', 'tool', 'finish'],
    )
  })

  test('players that answer synchronously (finish in onRoundBegin) play whole games', async () => {
    const quick: Player = { onRoundBegin: (_s, api) => api.finish() }
    const logic = new Listening({ seed: 1 })
    const r = await runGame({ seats: [0, 1, 2, 3].map(() => ({ kind: 'player' as const, player: quick })), logic, logger: quiet })
    assert.equal(r.rounds, 100)
    assert.equal(r.messages, 400)
    assert.deepEqual(r.errors, [])
  })

  test('a player that never answers times out on the turn clock, once per seat, and the game goes on', async () => {
    const idle: Player = { onRoundBegin: () => new Promise(() => {}) }
    const quick: Player = { onRoundBegin: (_s, api) => api.finish() }
    const seats: SeatSpec[] = [quick, idle, quick, idle].map((player) => ({ kind: 'player', player }))
    const started = performance.now()
    const r = await runGame({ seats, logic: new LostSpaceLogic({ seed: 2, timeLimitSec: 0.2 }), logger: quiet, startupGraceSec: 0 })
    assert.deepEqual(
      r.errors.map((e) => [e.player, e.error]),
      [
        [1, 1],
        [3, 1],
      ],
    )
    assert.match(r.errors[0]!.log, /no answer within 0.2 s/)
    assert.ok(performance.now() - started >= 400, 'each idle seat had its whole turn')
    assert.equal(r.rounds, 100)
  })
})

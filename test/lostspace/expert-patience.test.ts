import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { runGame } from '../../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../../src/lostspace/judger/seats.js'
import { LostSpaceLogic } from '../../src/lostspace/logic.js'
import { createExpertPlayer } from '../../src/lostspace/bots/index.js'
import { createLogger } from '../../src/core/logger.js'

const quiet = createLogger('test', { level: 'silent' })
/** A turn with one of these (by the player itself) is not standing still. */
const ACTS = new Set(['move', 'flink', 'attack', 'keymachine', 'inspect', 'kit', 'cure', 'tool_update', 'escape_capsule'])
type Event = { type: string; playerid?: number }

describe('expert patience', () => {
  test('four experts: none stands still more than three turns in a row in the first 40 rounds (two careful players no longer wait for each other for four)', { timeout: 240_000 }, async () => {
    for (const seed of [1, 3]) {
      const seats: SeatSpec[] = [0, 1, 2, 3].map((i) => ({ kind: 'player', player: createExpertPlayer({ seed: seed * 10 + i }), name: 'expert' }))
      const r = await runGame({ seats, logic: new LostSpaceLogic({ seed }), logger: quiet })
      assert.equal(r.errors.length, 0, JSON.stringify(r.errors))
      const rounds = (r.replay.slice(1, -1) as Event[][][]).slice(0, 40)
      for (let p = 0; p < 4; p++) {
        let run = 0
        let longest = 0
        let at = 0
        let skip = false
        for (let i = 0; i < rounds.length; i++) {
          const all = rounds[i]!.flat()
          const mine = rounds[i]![p] ?? []
          // Out of play (dead, escaping): the streak ends there.
          if (all.some((e) => e.playerid === p && (e.type === 'died' || e.type === 'escaped'))) break
          if (mine.some((e) => e.type === 'escape_capsule')) break
          // The turn after a key machine is skipped by the rules.
          if (skip) {
            skip = false
            continue
          }
          skip = mine.some((e) => e.type === 'keymachine')
          if (mine.some((e) => ACTS.has(e.type))) run = 0
          else if (++run > longest) {
            longest = run
            at = i + 1
          }
        }
        assert.ok(longest <= 3, `seed ${seed}: expert in seat ${p} stood still ${longest} turns in a row (to round ${at})`)
      }
    }
  })
})

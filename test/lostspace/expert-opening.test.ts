import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { runGame } from '../../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../../src/lostspace/judger/seats.js'
import { LostSpaceLogic } from '../../src/lostspace/logic.js'
import { createExpertPlayer } from '../../src/lostspace/bots/index.js'
import type { Player } from '../../src/lostspace/sdk/client.js'
import { createLogger } from '../../src/core/logger.js'
import { loadMap, type Pos } from '../../src/lostspace/map.js'
import { FastGraph } from '../../src/lostspace/bots/expert/graph.js'

const quiet = createLogger('test', { level: 'silent' })
const g = new FastGraph(loadMap())
/** Finishes every turn at once: stays on its spawn. */
const idle = (): Player => ({ name: 'idle', async onRoundBegin() {} })

type Events = Array<Array<Array<{ type: string; playerid?: number; pos?: Pos }>>>
/** The replay writes positions centred on the map (x − 3, y − 3). */
const fromReplay = (p: Pos): number => g.id([p[0] + 3, p[1] + 3, p[2]])
const ACTS = new Set(['move', 'flink', 'attack', 'keymachine', 'getkey', 'inspect', 'kit', 'cure', 'escape_capsule', 'escaped', 'died'])

describe('expert opening', () => {
  test('before its first key machine it never stands still while no player it sees is within three steps', { timeout: 240_000 }, async () => {
    for (const seat of [0, 1, 2, 3]) {
      const seats: SeatSpec[] = [0, 1, 2, 3].map((i) =>
        i === seat ? { kind: 'player', player: createExpertPlayer({ seed: 11 + seat }), name: 'expert' } : { kind: 'player', player: idle(), name: 'idle' },
      )
      const r = await runGame({ seats, logic: new LostSpaceLogic({ seed: 3 + seat }), logger: quiet })
      assert.equal(r.errors.length, 0, JSON.stringify(r.errors))
      const rounds = r.replay.slice(1, -1) as Events
      // Up to its first key machine: the turns it began with every idle player (on its spawn) more than three steps away.
      const spawns = [0, 1, 2, 3].filter((i) => i !== seat).map((i) => g.spawn[i]!)
      let at = g.spawn[seat]!
      const still: number[] = []
      let quietTurns = 0
      for (let i = 0; i < rounds.length; i++) {
        const mine = rounds[i]![seat] ?? []
        if (mine.some((e) => e.type === 'keymachine')) break
        const alone = spawns.every((sp) => g.distance(at, sp, g.stage(i + 1, 2)) > 3)
        if (alone) quietTurns++
        if (alone && !mine.some((e) => ACTS.has(e.type))) still.push(i + 1)
        for (const e of mine) if ((e.type === 'move' || e.type === 'flink') && e.pos) at = fromReplay(e.pos)
      }
      assert.ok(quietTurns >= 3, `seat ${seat}: ${quietTurns} turns with nobody near`)
      assert.deepEqual(still, [], `expert in seat ${seat} stood still with nobody within three steps in rounds ${still.join(', ')}`)
      assert.match(r.ranking.find((e) => e.player === seat)!.reason, /escaped/, 'and it escapes')
    }
  })
})

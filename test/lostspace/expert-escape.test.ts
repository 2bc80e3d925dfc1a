import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { runGame } from '../../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../../src/lostspace/judger/seats.js'
import { loadMap, posKey, type Pos } from '../../src/lostspace/map.js'
import { StagedLogic } from '../support/lostspace-staged.js'
import { createExpertPlayer } from '../../src/lostspace/bots/index.js'
import type { Player } from '../../src/lostspace/sdk/client.js'
import { createLogger } from '../../src/core/logger.js'
import { FastGraph } from '../../src/lostspace/bots/expert/graph.js'
import { F_KEYS, F_NODE, F_TOOL, KIT, Sim, TRANSPORT } from '../../src/lostspace/bots/expert/sim.js'
import { TourPlanner } from '../../src/lostspace/bots/expert/tour.js'
import { Dice, SELF_STYLE, playTurn, type PolicyContext } from '../../src/lostspace/bots/expert/policy.js'
import type { Action } from '../../src/lostspace/engine.js'

const quiet = createLogger('test', { level: 'silent' })
const map = loadMap()
/** Finishes every turn at once. */
const idle = (): Player => ({ name: 'idle', async onRoundBegin() {} })

/** Never moves: heals at 130 hp or less, otherwise strikes any player it sees in reach (escaping ones too). */
const camper = (): Player => ({
  name: 'camper',
  async onRoundBegin(s, api) {
    if (!s.pos) return
    if (s.hp <= 130 && (s.tools.Kit ?? 0) > 0) return void (await api.kit())
    const reach = new Set([posKey(s.pos), ...map.neighbors(s.pos).map(posKey)])
    for (const [id, o] of s.others) {
      if (o.pos && (o.status === 0 || o.status === 4) && reach.has(posKey(o.pos))) return void (await api.attack(o.pos, id))
    }
  },
})

type Events = Array<Array<Array<{ type: string; playerid?: number; pos?: Pos }>>>

describe('expert escape', () => {
  test('with every key and a Transport, it blinks onto the capsule and starts its escape in the same turn, out-lasting a camper beside the capsule', { timeout: 120_000 }, async () => {
    const capsule = map.capsule
    // Two steps from the capsule on its layer; the camper stands next to the capsule, out of the expert's reach.
    const start: Pos = [capsule[0] + 2, capsule[1], capsule[2]]
    const camp: Pos = [capsule[0] - 1, capsule[1] - 1, capsule[2]]
    assert.ok(map.get(start) && map.get(camp), 'staging nodes exist')
    const logic = new StagedLogic({ 1: { pos: start, keys: [0, 1, 2, 3], tools: { Transport: 1 } }, 2: { pos: camp, keys: [0, 1, 2], tools: { Kit: 2 } } })
    const seats: SeatSpec[] = [
      { kind: 'player', player: idle(), name: 'idle' },
      { kind: 'player', player: createExpertPlayer({ seed: 5 }), name: 'expert' },
      { kind: 'player', player: camper(), name: 'camper' },
      { kind: 'player', player: idle(), name: 'idle' },
    ]
    const r = await runGame({ seats, logic, logger: quiet })
    assert.equal(r.errors.length, 0, JSON.stringify(r.errors))
    const expert = r.ranking.find((e) => e.player === 1)!
    // Stepping onto the capsule gives the camper three strikes (210) before the escape; a blink with the escape, two (140).
    assert.match(expert.reason, /escaped in round [1-9] /, `the expert escapes at once: ${expert.reason}`)
    const rounds = r.replay.slice(1, -1) as Events
    const turn = rounds.map((rd) => rd.flat().filter((e) => e.playerid === 1)).find((evs) => evs.some((e) => e.type === 'escape_capsule'))!
    // (The replay writes positions in its own centred coordinates: the turn has a blink, no move, then the escape.)
    const blink = turn.findIndex((e) => e.type === 'flink')
    assert.ok(blink >= 0 && blink < turn.findIndex((e) => e.type === 'escape_capsule') && !turn.some((e) => e.type === 'move'), `its escape turn: ${JSON.stringify(turn)}`)
    assert.ok(!r.replay.flat(2).some((e) => (e as { type: string; playerid?: number }).type === 'died' && (e as { playerid?: number }).playerid === 1), 'the expert never dies')
  })

  test('its own rollout turn: with every key and a Kit on a Materials point it takes a Transport when someone stands next to the capsule, and walks on when nobody does', () => {
    const g = new FastGraph(map)
    const sim = new Sim(g)
    const turn = (camper: Pos | null): Action[] => {
      const s = sim.initial()
      sim.startTurn(s)
      sim.set(s, 0, F_NODE, g.id([3, 2, 1]))
      sim.set(s, 0, F_KEYS, 15)
      sim.set(s, 0, F_TOOL + KIT, 1) // (without one it takes a Kit first)
      if (camper) {
        sim.set(s, 1, F_NODE, g.id(camper))
        sim.set(s, 1, F_KEYS, 7)
      }
      const record: Action[] = []
      const ctx: PolicyContext = { sim, planner: new TourPlanner(g), dice: new Dice(0), boxes: [], record }
      playTurn(ctx, s, 0, SELF_STYLE)
      assert.equal(sim.get(s, 0, F_TOOL + TRANSPORT), record.some((a) => a.kind === 'materials') ? 1 : 0)
      return record
    }
    assert.ok(map.materials.some((m) => posKey(m) === '3,2,1'), 'the expert stands on a Materials point')
    assert.deepEqual(turn([2, 2, 0]), [{ kind: 'materials', tool: 'Transport' }])
    const free = turn(null)
    assert.ok(free.length > 0 && free.every((a) => a.kind !== 'materials'), JSON.stringify(free))
  })
})

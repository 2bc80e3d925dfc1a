import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { loadMap } from '../../src/lostspace/map.js'
import { FastGraph } from '../../src/lostspace/bots/expert/graph.js'
import { F_KEYS, Sim, TRANSPORT } from '../../src/lostspace/bots/expert/sim.js'
import { TourPlanner } from '../../src/lostspace/bots/expert/tour.js'
import { Dice, RACER_STYLE, playTurn, type PolicyContext, type Style } from '../../src/lostspace/bots/expert/policy.js'

// How the expert's rollouts play an opponent (policy.ts), against what the C++ competition AI of
// omegafantasy/LostSpace-AI does in the expert bench's games (docs/benchmarks.md, session 36).
const map = loadMap()
const g = new FastGraph(map)
const sim = new Sim(g)
const planner = new TourPlanner(g)

/**
 * Plays `rounds` rounds in the simulator in which only player 0 acts, with `style` (the others finish their
 * turns at once); calls `each` after each of player 0's turns.
 */
function play(s: Int32Array, style: Style, rounds: number, each: (s: Int32Array) => void): void {
  const ctx: PolicyContext = { sim, planner, dice: new Dice(3), boxes: [] }
  const end = sim.round(s) + rounds
  while (!sim.over(s) && sim.round(s) < end) {
    const seat = sim.seat(s)
    if (sim.startTurn(s) && seat === 0) {
      playTurn(ctx, s, 0, style)
      each(s)
    }
    sim.endTurn(s)
  }
}

describe('expert rollout opponents', () => {
  test('a restocking racer without a Transport walks to a Materials point and fills up to two Transports; a racer that does not restock never takes one', () => {
    const run = (restocks: boolean) => {
      const s = sim.initial()
      let most = 0
      let onMaterials = 0
      play(s, { ...RACER_STYLE, hunts: 0, restocks }, 20, (st) => {
        most = Math.max(most, sim.tool(st, 0, TRANSPORT))
        if (g.isMaterials[sim.node(st, 0)]) onMaterials++
      })
      return { most, onMaterials }
    }
    const stocked = run(true)
    assert.equal(stocked.most, 2, `the restocking racer held at most ${stocked.most} Transports in 20 rounds`)
    assert.ok(stocked.onMaterials >= 2, `it stood on a Materials point on ${stocked.onMaterials} turns`)
    assert.equal(run(false).most, 0)
  })

  test('an interceptor (a racer seen restocking as the C++ AI does) behind in the race waits beside the capsule for a player with every key, and does not step onto it; a racer that does not restock walks its own tour', () => {
    const s = sim.initial()
    // Player 0 (two keys) on layer 1; player 1 holds every key.
    sim.set(s, 0, F_KEYS, 0b0011)
    sim.set(s, 1, F_KEYS, 15)
    const capsule = g.capsule
    const start = sim.node(s, 0)
    const d0 = g.distance(start, capsule, 0)
    assert.ok(d0 >= 3, `player 0 starts ${d0} steps from the capsule`)
    const dists: number[] = []
    play(s, { ...RACER_STYLE, hunts: 1, aggression: 0, restocks: true }, 15, (st) => {
      dists.push(g.distance(sim.node(st, 0), capsule, 0))
    })
    assert.ok(!dists.includes(0), `it stepped onto the capsule: ${dists.join(',')}`)
    assert.equal(dists.at(-1), 1, `distances to the capsule after each turn: ${dists.join(',')}`)
    // A racer with the same chance of chasing that was never seen restocking (the strategist) is no interceptor.
    const r = sim.initial()
    sim.set(r, 0, F_KEYS, 0b0011)
    sim.set(r, 1, F_KEYS, 15)
    let keysR = 0
    play(r, { ...RACER_STYLE, hunts: 1, aggression: 0, restocks: false }, 15, (st) => (keysR = sim.keys(st, 0)))
    assert.notEqual(keysR, 0b0011, 'a racer that does not restock did not walk its tour for its keys')
    // The same racer with nobody ahead walks its own tour instead (it goes for its keys, not to the capsule).
    const t = sim.initial()
    sim.set(t, 0, F_KEYS, 0b0011)
    sim.set(t, 1, F_KEYS, 0b0110)
    const node0 = sim.node(t, 0)
    let keysAfter = 0
    play(t, { ...RACER_STYLE, hunts: 1, aggression: 0, restocks: true }, 15, (st) => (keysAfter = sim.keys(st, 0)))
    assert.ok(keysAfter !== 0b0011 || sim.node(t, 0) !== node0, 'it did nothing at all')
    assert.notEqual(g.distance(sim.node(t, 0), capsule, 0), 1, 'without anyone ahead it went to wait at the capsule')
  })
})

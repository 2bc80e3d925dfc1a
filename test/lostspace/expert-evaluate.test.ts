import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { LostSpaceEngine } from '../../src/lostspace/engine.js'
import { loadMap } from '../../src/lostspace/map.js'
import { FastGraph } from '../../src/lostspace/bots/expert/graph.js'
import { Sim } from '../../src/lostspace/bots/expert/sim.js'
import { TourPlanner } from '../../src/lostspace/bots/expert/tour.js'
import { Evaluator } from '../../src/lostspace/bots/expert/evaluate.js'

const map = loadMap()
const g = new FastGraph(map)
const sim = new Sim(g)

describe('expert evaluation', () => {
  test('when nobody can escape any more, the expected points follow the engine ranking of survivors with equal scores: the later seat first', () => {
    // A real game in which every player only ever finishes its turn: all four stand on their spawn, score 0.
    const e = new LostSpaceEngine(map)
    while (!e.over && e.round < 99) {
      e.startTurn()
      e.endTurn()
    }
    assert.equal(e.round, 99)
    const s = sim.fromEngine(e)
    const ev = new Evaluator(sim, new TourPlanner(g))
    ev.origin = e.round
    const value = [0, 1, 2, 3].map((p) => ev.value(s, p))
    const points = new Map(e.ranking().map((r) => [r.player, r.points]))
    assert.deepEqual([0, 1, 2, 3].map((p) => points.get(p)), [1, 2, 3, 4], 'engine: survivors with equal score rank by later seat')
    for (let p = 1; p < 4; p++) assert.ok(value[p]! > value[p - 1]!, `seat ${p} values its outlook above seat ${p - 1}'s: ${value.map((v) => v.toFixed(3)).join(' ')}`)
  })
})

import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { LostSpaceEngine } from '../../src/lostspace/engine.js'
import { loadMap } from '../../src/lostspace/map.js'
import { FastGraph } from '../../src/lostspace/bots/expert/graph.js'
import { F_KEYS, F_NODE, F_TOOL, Sim, TRANSPORT } from '../../src/lostspace/bots/expert/sim.js'
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

  test('with every key, an escape an interceptor beside the capsule would strike dead is worth far less; a Transport (two strikes, 140 of 200 hp) makes it worth as much again; a racer there blocks nothing', () => {
    // The standoff of issue 29: every key two steps from the capsule, a player with three keys beside it.
    const ev = new Evaluator(sim, new TourPlanner(g))
    const value = (camp: [number, number, number], transports: number, interceptor = true): number => {
      ev.interceptors = interceptor ? 0b10 : 0
      const s = sim.initial()
      sim.startTurn(s)
      sim.set(s, 0, F_NODE, g.id([5, 3, 0]))
      sim.set(s, 0, F_KEYS, 15)
      sim.set(s, 0, F_TOOL + TRANSPORT, transports)
      sim.set(s, 1, F_NODE, g.id(camp))
      sim.set(s, 1, F_KEYS, 14)
      ev.origin = sim.round(s)
      return ev.value(s, 0)
    }
    const beside: [number, number, number] = [3, 4, 0]
    const away: [number, number, number] = [0, 6, 1]
    assert.equal(g.distance(g.id(beside), g.capsule, 0), 1)
    // On foot: stepping in, pressing the button, the countdown: three strikes (210).
    assert.ok(value(beside, 0) < value(away, 0) - 0.5, `on foot: beside ${value(beside, 0).toFixed(3)}, away ${value(away, 0).toFixed(3)}`)
    assert.ok(Math.abs(value(beside, 2) - value(away, 2)) < 0.1, `with Transports: beside ${value(beside, 2).toFixed(3)}, away ${value(away, 2).toFixed(3)}`)
    // Not seen intercepting (the strategist, the Python sample): on its own way, not lying in wait.
    assert.ok(Math.abs(value(beside, 0, false) - value(away, 0, false)) < 0.1, `a racer: beside ${value(beside, 0, false).toFixed(3)}, away ${value(away, 0, false).toFixed(3)}`)
  })
})

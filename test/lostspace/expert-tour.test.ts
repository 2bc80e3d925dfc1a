import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { loadMap } from '../../src/lostspace/map.js'
import { FastGraph } from '../../src/lostspace/bots/expert/graph.js'
import { ALL_KEYS, TourPlanner } from '../../src/lostspace/bots/expert/tour.js'

describe('expert tour planner', () => {
  const g = new FastGraph(loadMap())
  const planner = new TourPlanner(g)

  test('the tour that skips a blocked key machine goes to another machine, and costs no less than the plain tour', () => {
    for (let p = 0; p < 4; p++) {
      const from = g.spawn[p]!
      const mask = 1 << p
      for (const stage of [0, 2]) {
        const plain = planner.machineTour(from, mask, stage)
        assert.notEqual(plain.target, from)
        assert.ok(g.machineKey[plain.target]! >= 0, 'the plain tour heads for a key machine')
        const other = planner.tourAvoiding(from, mask, stage, plain.target)
        assert.notEqual(other.target, plain.target, `seat ${p}: the blocked machine is skipped`)
        assert.ok(g.machineKey[other.target]! >= 0 && !(mask & (1 << g.machineKey[other.target]!)), 'it heads for a machine of a missing key')
        assert.ok(other.turns >= plain.turns && other.turns < 1e5, 'a real tour, never cheaper than the best one')
      }
    }
  })

  test('with every key there is nothing to skip: the way to the capsule', () => {
    const t = planner.tourAvoiding(g.spawn[0]!, ALL_KEYS, 0, g.capsule)
    assert.equal(t.target, g.capsule)
  })
})

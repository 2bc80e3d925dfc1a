import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { loadMap, type Pos } from '../../src/lostspace/map.js'
import { FastGraph } from '../../src/lostspace/bots/expert/graph.js'
import { Belief } from '../../src/lostspace/bots/expert/belief.js'
import { PlanSearch } from '../../src/lostspace/bots/expert/search.js'
import { F_HP, F_NODE, Sim } from '../../src/lostspace/bots/expert/sim.js'
import { TourPlanner } from '../../src/lostspace/bots/expert/tour.js'

const map = loadMap()
const g = new FastGraph(map)
const sim = new Sim(g)
const planner = new TourPlanner(g)
const search = new PlanSearch(g, planner, new Belief(g, planner, sim), sim)

describe('expert walk to a Kit', () => {
  test('at 20 hp without a Kit it walks to the nearest Materials point it can approach safely, not only to the nearest one', () => {
    const me: Pos = [6, 1, 1]
    const nearest: Pos = [6, 3, 1] // two steps away
    const next: Pos = [3, 2, 1] // three steps away
    assert.ok(map.materials.some((m) => m.join() === nearest.join()) && map.materials.some((m) => m.join() === next.join()))
    assert.ok(g.distance(g.id(me), g.id(nearest), 0) < g.distance(g.id(me), g.id(next), 0))
    const plan = (guard: boolean) => {
      const s = sim.initial()
      sim.startTurn(s)
      sim.set(s, 0, F_NODE, g.id(me))
      sim.set(s, 0, F_HP, 20)
      // A full-hp player standing on the nearest Materials point: every step towards it is in its reach.
      if (guard) sim.set(s, 1, F_NODE, g.id(nearest))
      const { plans, def, forced } = search.candidates(s, 0)
      return { forced, actions: plans[def]!.actions }
    }
    const free = plan(false)
    assert.equal(free.forced, true)
    assert.deepEqual(free.actions, [{ kind: 'move', to: [6, 2, 1] }], 'nobody there: straight to the nearest')
    const guarded = plan(true)
    assert.equal(guarded.forced, true, 'still a forced walk, not a search that may walk away')
    assert.equal(guarded.actions.length, 1)
    const to = guarded.actions[0]!
    assert.ok(to.kind === 'move')
    const step = g.id(to.to)
    assert.ok(g.distance(step, g.id(next), 0) < g.distance(g.id(me), g.id(next), 0), `a step towards ${next}: ${to.to}`)
    assert.ok(step !== g.id(nearest) && g.adjacent[step * g.n + g.id(nearest)] !== 1, 'out of the guard\'s reach')
  })
})

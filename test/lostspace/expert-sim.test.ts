import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { LostSpaceEngine, type Action } from '../../src/lostspace/engine.js'
import { loadMap } from '../../src/lostspace/map.js'
import { createRng } from '../../src/lostspace/rng.js'
import { FastGraph } from '../../src/lostspace/bots/expert/graph.js'
import { Sim } from '../../src/lostspace/bots/expert/sim.js'

const map = loadMap()
const g = new FastGraph(map)
const sim = new Sim(g)

/** Illegal actions too, so both sides must refuse the same ones. */
function someAction(e: LostSpaceEngine, id: number, rng: ReturnType<typeof createRng>): Action {
  const legal = e.legalActions(id)
  if (legal.length > 0 && rng.next() < 0.85) {
    // fights and traps are rare under a uniform pick: weight them up
    const hot = legal.filter((a) => a.kind === 'attack' || a.kind === 'trap' || a.kind === 'box' || a.kind === 'keymachine' || a.kind === 'escape')
    return hot.length > 0 && rng.next() < 0.6 ? rng.pick(hot) : rng.pick(legal)
  }
  const here = e.player(id).pos
  const any = g.pos[rng.int(g.n)]!
  const kinds: Action[] = [
    { kind: 'move', to: any },
    { kind: 'blink', to: any },
    { kind: 'attack', at: here, target: rng.int(4) },
    { kind: 'materials', tool: rng.pick(['LandMine', 'Sticky', 'Kit', 'Transport'] as const) },
    { kind: 'box' },
    { kind: 'keymachine' },
    { kind: 'escape', start: rng.next() < 0.5 },
    { kind: 'trap', trap: rng.pick(['LandMine', 'Sticky'] as const) },
    { kind: 'kit' },
    { kind: 'detect', at: any },
  ]
  return rng.pick(kinds)
}

function same(e: LostSpaceEngine, s: Int32Array, where: string): void {
  const want = sim.fromEngine(e)
  if (want.every((v, i) => v === s[i])) return
  const diff: string[] = []
  want.forEach((v, i) => {
    if (v !== s[i]) diff.push(`[${i}] engine ${v} sim ${s[i]}`)
  })
  assert.fail(`${where}: ${diff.slice(0, 6).join('; ')}`)
}

describe('expert fast simulator', () => {
  test('agrees with LostSpaceEngine action by action over whole random games', () => {
    let actions = 0
    let deaths = 0
    for (let seed = 1; seed <= 40; seed++) {
      const rng = createRng(seed)
      const e = new LostSpaceEngine(map)
      const s = sim.initial()
      same(e, s, `seed ${seed} start`)
      while (!e.over) {
        const t = e.startTurn()
        const can = sim.startTurn(s)
        assert.equal(can, t.canAct, `seed ${seed} round ${e.round} seat ${e.seat}: canAct`)
        same(e, s, `seed ${seed} round ${e.round} seat ${e.seat} start`)
        if (t.canAct) {
          const n = 1 + rng.int(4)
          for (let k = 0; k < n; k++) {
            const a = someAction(e, e.seat, rng)
            const r = e.act(e.seat, a)
            const ok = sim.apply(s, e.seat, a)
            actions++
            if (r.events.some((ev) => ev.type === 'death')) deaths++
            assert.equal(ok, r.success, `seed ${seed} round ${e.round}: ${JSON.stringify(a)} (${r.reason ?? 'ok'})`)
            same(e, s, `seed ${seed} round ${e.round} after ${JSON.stringify(a)}`)
            if (r.endsTurn) break
          }
        }
        e.endTurn()
        sim.endTurn(s)
        same(e, s, `seed ${seed} round ${e.round} seat ${e.seat} after endTurn`)
      }
      assert.equal(sim.over(s), true)
      const pts = sim.points(s)
      for (const r of e.ranking()) assert.equal(pts[r.player], r.points, `seed ${seed}: points of ${r.player}`)
    }
    assert.ok(actions > 10_000, `only ${actions} actions`)
    assert.ok(deaths > 20, `only ${deaths} deaths: fights are not exercised`)
  })
})

// Rule-by-rule tests of the pure LostSpace engine (lostspace-facts §5).
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { LostSpaceEngine, type Action, type EngineEvent } from '../../src/lostspace/engine.js'
import { loadMap, type Pos } from '../../src/lostspace/map.js'
import { Status } from '../../src/lostspace/rules.js'

const map = loadMap()

function fresh(): LostSpaceEngine {
  const e = new LostSpaceEngine(map)
  e.startTurn()
  return e
}
/** Jump to `seat`'s turn in the current round (runs its start-of-turn effects). */
function turn(e: LostSpaceEngine, seat: number): ReturnType<LostSpaceEngine['startTurn']> {
  e.seat = seat
  return e.startTurn()
}
/** Finish the current round (end-of-round effects); the next round starts at seat 0 (call turn()). */
function nextRound(e: LostSpaceEngine): EngineEvent[] {
  e.seat = 3
  return e.endTurn()
}
function put(e: LostSpaceEngine, id: number, p: Pos): void {
  const n = map.get(p)
  assert.ok(n, `${p} is a node`)
  e.player(id).pos = n
}
function ok(e: LostSpaceEngine, id: number, a: Action) {
  const r = e.act(id, a)
  assert.equal(r.success, true, `expected ${JSON.stringify(a)} to succeed: ${r.reason}`)
  return r
}
function no(e: LostSpaceEngine, id: number, a: Action, reason?: RegExp) {
  const r = e.act(id, a)
  assert.equal(r.success, false, `expected ${JSON.stringify(a)} to fail`)
  if (reason) assert.match(r.reason ?? '', reason)
  return r
}
const types = (ev: readonly EngineEvent[]): string[] => ev.map((x) => x.type)

describe('start', () => {
  test('players start at the fixed spawns with 200 hp, own key, no tools', () => {
    const e = fresh()
    assert.deepEqual(
      e.players.map((p) => [...p.pos]),
      [
        [0, 0, 1],
        [6, 0, 1],
        [6, 6, 1],
        [0, 6, 1],
      ],
    )
    for (const p of e.players) {
      assert.equal(p.hp, 200)
      assert.deepEqual(p.keys, [p.id])
      assert.deepEqual(p.tools, { LandMine: 0, Sticky: 0, Kit: 0, Transport: 0 })
      assert.equal(p.status, Status.Alive)
    }
    assert.equal(e.round, 1)
    assert.equal(e.seat, 0)
  })
  test('only the in-turn player may act', () => {
    const e = fresh()
    no(e, 1, { kind: 'move', to: [6, 1, 1] }, /not your turn/)
    ok(e, 0, { kind: 'move', to: [0, 1, 1] })
  })
})

describe('move', () => {
  test('one edge per turn; a second move fails (main action used)', () => {
    const e = fresh()
    const r = ok(e, 0, { kind: 'move', to: [0, 1, 1] })
    assert.deepEqual(r.reply, { hp: 200, status: 0, view: [] })
    assert.deepEqual([...e.player(0).pos], [0, 1, 1])
    no(e, 0, { kind: 'move', to: [0, 2, 1] }, /main action/)
  })
  test('non-adjacent and non-node targets fail and change nothing', () => {
    const e = fresh()
    no(e, 0, { kind: 'move', to: [0, 2, 1] }, /reachable/)
    no(e, 0, { kind: 'move', to: [9, 9, 9] }, /not a node/)
    no(e, 0, { kind: 'move', to: [1, 1, 1] }, /reachable/) // no diagonal edge (0,0)-(1,1) on layer 1
    assert.deepEqual([...e.player(0).pos], [0, 0, 1])
    ok(e, 0, { kind: 'move', to: [1, 0, 1] })
  })
  test('elevator hop goes to any linked layer and returns the new layer as view', () => {
    const e = fresh()
    put(e, 0, [1, 3, 1])
    const r = ok(e, 0, { kind: 'move', to: [1, 3, 0] })
    const view = r.reply.view as Array<[Pos, boolean, number[]]>
    assert.equal(view.length, map.layerNodes(0).length)
    assert.ok(view.every(([p, box, who]) => p[2] === 0 && box === false && Array.isArray(who)))
    assert.ok(types(r.events).includes('enter_top'))
    // z0 <-> z2 directly at (3,0), which has no z1 node
    const e2 = fresh()
    put(e2, 0, [3, 0, 2])
    ok(e2, 0, { kind: 'move', to: [3, 0, 0] })
    const e3 = fresh()
    put(e3, 0, [5, 3, 0])
    ok(e3, 0, { kind: 'move', to: [5, 3, 2] })
  })
  test('no elevator hop away from an elevator, and view lists other players', () => {
    const e = fresh()
    put(e, 0, [2, 3, 1]) // not an elevator
    no(e, 0, { kind: 'move', to: [2, 3, 0] })
    const e2 = fresh()
    put(e2, 0, [5, 3, 1])
    put(e2, 2, [4, 4, 2])
    const r = ok(e2, 0, { kind: 'move', to: [5, 3, 2] })
    const entry = (r.reply.view as Array<[Pos, boolean, number[]]>).find(([p]) => p[0] === 4 && p[1] === 4)!
    assert.deepEqual(entry[2], [2])
  })
  test('a failed zone cannot be entered after its round', () => {
    const e = fresh()
    put(e, 0, [1, 1, 1])
    e.round = 40
    ok(e, 0, { kind: 'move', to: [2, 2, 1] })
    const e2 = fresh()
    put(e2, 0, [1, 1, 1])
    e2.round = 41
    no(e2, 0, { kind: 'move', to: [2, 2, 1] }, /failed/)
  })
})

describe('attack', () => {
  test('same or adjacent node, 70 damage, main action', () => {
    const e = fresh()
    put(e, 1, [0, 1, 1])
    ok(e, 0, { kind: 'attack', at: [0, 1, 1], target: 1 })
    assert.equal(e.player(1).hp, 130)
    no(e, 0, { kind: 'attack', at: [0, 1, 1], target: 1 }, /main action/)
    const e2 = fresh()
    put(e2, 1, [0, 0, 1])
    ok(e2, 0, { kind: 'attack', at: [0, 0, 1], target: 1 })
    assert.equal(e2.player(1).hp, 130)
  })
  test('fails out of reach, at a wrong position, on self, on the dead', () => {
    const e = fresh()
    put(e, 1, [0, 2, 1])
    no(e, 0, { kind: 'attack', at: [0, 2, 1], target: 1 }, /reach/)
    put(e, 1, [0, 1, 1])
    no(e, 0, { kind: 'attack', at: [1, 0, 1], target: 1 }, /position/)
    no(e, 0, { kind: 'attack', at: [0, 0, 1], target: 0 }, /target/)
    no(e, 0, { kind: 'attack', at: [0, 1, 1], target: 7 }, /target/)
    e.player(1).status = Status.Dead
    no(e, 0, { kind: 'attack', at: [0, 1, 1], target: 1 }, /not on the map/)
  })
  test('a kill drops the keys as a Box, scores +2/-3 and schedules respawn', () => {
    const e = fresh()
    put(e, 1, [0, 1, 1])
    e.player(1).hp = 70
    e.player(1).keys = [1, 3]
    e.player(1).tools.Kit = 2
    const r = ok(e, 0, { kind: 'attack', at: [0, 1, 1], target: 1 })
    const death = r.events.find((x) => x.type === 'death')
    assert.ok(death && death.type === 'death')
    assert.equal(death.killer, 0)
    assert.equal(death.boxCreated, true)
    const p1 = e.player(1)
    assert.equal(p1.status, Status.Dead)
    assert.equal(p1.hp, 0)
    assert.deepEqual(p1.keys, [])
    assert.deepEqual(p1.tools, { LandMine: 0, Sticky: 0, Kit: 0, Transport: 0 })
    assert.equal(p1.score, -3)
    assert.equal(e.player(0).score, 2)
    assert.deepEqual(e.boxAt([0, 1, 1])?.keys, [1, 3])
    assert.equal(p1.respawnRound, 6)
  })
  test('dying on an existing Box merges the keys', () => {
    const e = fresh()
    e.boxes.set('0,1,1', { pos: map.get([0, 1, 1])!, keys: [2, 3] })
    put(e, 1, [0, 1, 1])
    e.player(1).hp = 10
    const r = ok(e, 0, { kind: 'attack', at: [0, 1, 1], target: 1 })
    assert.deepEqual(e.boxAt([0, 1, 1])?.keys, [1, 2, 3])
    assert.equal((r.events.find((x) => x.type === 'death') as { boxCreated: boolean }).boxCreated, false)
  })
})

describe('tools and materials', () => {
  test('Kit heals 100 up to 200 and uses the main action', () => {
    const e = fresh()
    no(e, 0, { kind: 'kit' }, /no Kit/)
    e.player(0).tools.Kit = 2
    e.player(0).hp = 50
    assert.deepEqual(ok(e, 0, { kind: 'kit' }).reply, { hp: 150 })
    no(e, 0, { kind: 'kit' }, /main action/)
    const e2 = fresh()
    e2.player(0).tools.Kit = 1
    e2.player(0).hp = 180
    ok(e2, 0, { kind: 'kit' })
    assert.equal(e2.player(0).hp, 200)
  })
  test('Materials: take one chosen tool, point holds 2, empty pick fails but uses the main action', () => {
    const e = fresh()
    no(e, 0, { kind: 'materials', tool: 'Kit' }, /no Materials/)
    put(e, 0, [0, 3, 1])
    assert.deepEqual(ok(e, 0, { kind: 'materials', tool: 'Kit' }).reply, { tools: { LandMine: 0, Sticky: 0, Kit: 1, Transport: 0 } })
    no(e, 0, { kind: 'materials', tool: 'Kit' }, /main action/)
    turn(e, 0)
    ok(e, 0, { kind: 'materials', tool: 'Sticky' })
    turn(e, 0)
    no(e, 0, { kind: 'materials', tool: 'Transport' }, /empty/)
    assert.equal(e.mainUsed, true, 'empty pick uses the main action')
    no(e, 0, { kind: 'move', to: [0, 2, 1] }, /main action/)
  })
  test('carry limit: a pick beyond the limit fails without using the point or the main action', () => {
    const e = fresh()
    put(e, 0, [0, 3, 1])
    e.player(0).tools.Kit = 2
    no(e, 0, { kind: 'materials', tool: 'Kit' }, /carry limit/)
    assert.equal(e.materials.get('0,3,1')!.stock, 2)
    assert.equal(e.mainUsed, false)
    e.player(0).tools.LandMine = 3
    no(e, 0, { kind: 'materials', tool: 'LandMine' }, /carry limit/)
    e.player(0).tools.Sticky = 2
    ok(e, 0, { kind: 'materials', tool: 'Sticky' })
    assert.equal(e.player(0).tools.Sticky, 3)
  })
  test('a point below 2 regains 1 every 8 rounds', () => {
    const e = fresh()
    e.materials.get('0,3,1')!.stock = 0
    for (let i = 0; i < 7; i++) nextRound(e)
    assert.equal(e.materials.get('0,3,1')!.stock, 0)
    nextRound(e)
    assert.equal(e.materials.get('0,3,1')!.stock, 1)
    for (let i = 0; i < 8; i++) nextRound(e)
    assert.equal(e.materials.get('0,3,1')!.stock, 2)
    for (let i = 0; i < 8; i++) nextRound(e)
    assert.equal(e.materials.get('0,3,1')!.stock, 2)
  })
})

describe('box and key machine', () => {
  test('Box: take all keys, +1 score, Box disappears, reply has keys and tools', () => {
    const e = fresh()
    no(e, 0, { kind: 'box' }, /no Box/)
    e.boxes.set('0,0,1', { pos: map.get([0, 0, 1])!, keys: [0, 2] })
    const r = ok(e, 0, { kind: 'box' })
    assert.deepEqual(r.reply, { keys: [0, 2], tools: { LandMine: 0, Sticky: 0, Kit: 0, Transport: 0 } })
    assert.equal(e.player(0).score, 1)
    assert.equal(e.boxAt([0, 0, 1]), undefined)
    const gk = r.events.find((x) => x.type === 'getkey')
    assert.deepEqual(gk && gk.type === 'getkey' ? gk.keys : null, [2])
  })
  test('KeyMachine: fails on an own key; otherwise ends the turn, key next turn (skipped)', () => {
    const e = fresh()
    no(e, 0, { kind: 'keymachine' }, /already holding/) // (0,0,1) is machine 0
    put(e, 0, [6, 0, 2])
    const r = ok(e, 0, { kind: 'keymachine' })
    assert.equal(r.endsTurn, true)
    assert.equal(e.player(0).status, Status.Skip)
    assert.deepEqual(e.player(0).keys, [0])
    e.endTurn()
    nextRound(e)
    const t = turn(e, 0)
    assert.equal(t.canAct, false)
    assert.deepEqual(e.player(0).keys, [0, 1])
    assert.equal(e.player(0).status, Status.Skip)
    e.endTurn()
    nextRound(e)
    const t2 = turn(e, 0)
    assert.equal(t2.canAct, true)
    assert.equal(e.player(0).status, Status.Alive)
  })
  test('no KeyMachine away from one', () => {
    const e = fresh()
    put(e, 0, [0, 1, 1])
    no(e, 0, { kind: 'keymachine' }, /no KeyMachine/)
  })
})

describe('traps', () => {
  test('placement: needs the tool, one per node, not on capsule, key machine or elevator; secondary', () => {
    const e = fresh()
    put(e, 0, [0, 1, 1])
    no(e, 0, { kind: 'trap', trap: 'LandMine' }, /bag/)
    e.player(0).tools.LandMine = 2
    e.player(0).tools.Sticky = 1
    ok(e, 0, { kind: 'move', to: [0, 2, 1] })
    ok(e, 0, { kind: 'trap', trap: 'LandMine' })
    no(e, 0, { kind: 'trap', trap: 'Sticky' }, /already a trap/)
    assert.equal(e.player(0).tools.LandMine, 1)
    for (const p of [
      [0, 0, 1],
      [1, 3, 1],
      [3, 3, 0],
    ] as Pos[]) {
      put(e, 0, p)
      no(e, 0, { kind: 'trap', trap: 'Sticky' }, /cannot be placed/)
    }
  })
  test('LandMine: 120 damage to another player entering; owner notified; trap gone', () => {
    const e = fresh()
    e.traps.set('0,1,1', { pos: map.get([0, 1, 1])!, type: 'LandMine', owner: 3 })
    const r = ok(e, 0, { kind: 'move', to: [0, 1, 1] })
    assert.equal(e.player(0).hp, 80)
    assert.deepEqual(r.reply, { hp: 80, status: 0, view: [] })
    assert.ok(types(r.events).includes('trap_trigger'))
    assert.equal(e.trapAt([0, 1, 1]), undefined)
  })
  test('LandMine can kill; the owner gets the kill', () => {
    const e = fresh()
    e.player(0).hp = 100
    e.traps.set('0,1,1', { pos: map.get([0, 1, 1])!, type: 'LandMine', owner: 3 })
    const r = ok(e, 0, { kind: 'move', to: [0, 1, 1] })
    assert.equal(r.endsTurn, true)
    assert.equal(e.player(0).status, Status.Dead)
    assert.equal(e.player(3).score, 2)
    assert.deepEqual(r.reply, { hp: 0, status: 1, view: [] })
  })
  test('own trap does not trigger', () => {
    const e = fresh()
    e.traps.set('0,1,1', { pos: map.get([0, 1, 1])!, type: 'LandMine', owner: 0 })
    ok(e, 0, { kind: 'move', to: [0, 1, 1] })
    assert.equal(e.player(0).hp, 200)
    assert.ok(e.trapAt([0, 1, 1]))
  })
  test('Sticky: ends this turn and skips the next (status 3)', () => {
    const e = fresh()
    e.traps.set('0,1,1', { pos: map.get([0, 1, 1])!, type: 'Sticky', owner: 2 })
    const r = ok(e, 0, { kind: 'move', to: [0, 1, 1] })
    assert.equal(r.reply.status, 3)
    assert.equal(r.endsTurn, true)
    no(e, 0, { kind: 'trap', trap: 'Sticky' })
    nextRound(e)
    assert.equal(turn(e, 0).canAct, false)
    nextRound(e)
    assert.equal(turn(e, 0).canAct, true)
  })
  test('Blink (Transport) to an adjacent same-layer node triggers traps and is secondary', () => {
    const e = fresh()
    no(e, 0, { kind: 'blink', to: [0, 1, 1] }, /Transport/)
    e.player(0).tools.Transport = 2
    ok(e, 0, { kind: 'move', to: [0, 1, 1] })
    e.traps.set('0,2,1', { pos: map.get([0, 2, 1])!, type: 'LandMine', owner: 1 })
    const r = ok(e, 0, { kind: 'blink', to: [0, 2, 1] })
    assert.deepEqual(r.reply, { hp: 80, status: 0, view: [] })
    assert.equal(e.player(0).tools.Transport, 1)
    no(e, 0, { kind: 'blink', to: [0, 4, 1] }, /adjacent/)
    put(e, 0, [1, 3, 1])
    no(e, 0, { kind: 'blink', to: [1, 3, 0] }, /adjacent/)
  })
})

describe('detect', () => {
  test('adjacent only; destroys an enemy trap; reports an own trap without destroying it; cooldown 5 own turns', () => {
    const e = fresh()
    no(e, 0, { kind: 'detect', at: [0, 2, 1] }, /adjacent/)
    e.traps.set('0,1,1', { pos: map.get([0, 1, 1])!, type: 'Sticky', owner: 2 })
    const r = ok(e, 0, { kind: 'detect', at: [0, 1, 1] })
    assert.deepEqual(r.reply, { has_trap: true })
    assert.equal(e.trapAt([0, 1, 1]), undefined)
    assert.ok(types(r.events).includes('trap_destroy'))
    no(e, 0, { kind: 'detect', at: [1, 0, 1] }, /cooling/)
    for (let i = 0; i < 4; i++) {
      nextRound(e)
      turn(e, 0)
      no(e, 0, { kind: 'detect', at: [1, 0, 1] }, /cooling/)
    }
    nextRound(e)
    turn(e, 0)
    e.traps.set('1,0,1', { pos: map.get([1, 0, 1])!, type: 'LandMine', owner: 0 })
    assert.deepEqual(ok(e, 0, { kind: 'detect', at: [1, 0, 1] }).reply, { has_trap: true })
    assert.ok(e.trapAt([1, 0, 1]), 'own trap survives')
  })
  test('no trap: has_trap false', () => {
    const e = fresh()
    assert.deepEqual(ok(e, 0, { kind: 'detect', at: [0, 1, 1] }).reply, { has_trap: false })
  })
})

describe('escape', () => {
  function ready(e: LostSpaceEngine): void {
    put(e, 0, [3, 3, 0])
    e.player(0).keys = [0, 1, 2, 3]
  }
  test('needs 4 keys and the capsule', () => {
    const e = fresh()
    put(e, 0, [3, 3, 0])
    no(e, 0, { kind: 'escape', start: true }, /keys/)
    e.player(0).keys = [0, 1, 2, 3]
    put(e, 0, [3, 2, 0])
    no(e, 0, { kind: 'escape', start: true }, /Capsule/)
    no(e, 0, { kind: 'escape', start: false }, /abort/)
  })
  test('countdown 2: status 4, then escaped at the start of the second own turn', () => {
    const e = fresh()
    ready(e)
    const r = ok(e, 0, { kind: 'escape', start: true })
    assert.equal(r.endsTurn, true)
    assert.equal(e.player(0).status, Status.WaitForEscape)
    nextRound(e)
    const t = turn(e, 0)
    assert.equal(t.canAct, true)
    assert.equal(e.player(0).status, Status.WaitForEscape)
    no(e, 0, { kind: 'move', to: [3, 2, 0] }, /abort or finish/)
    assert.deepEqual(e.legalActions(0), [{ kind: 'escape', start: false }])
    nextRound(e)
    const t2 = turn(e, 0)
    assert.deepEqual(types(t2.events), ['escaped'])
    assert.equal(e.player(0).status, Status.Escaped)
    assert.equal(e.ranking()[0]!.player, 0)
  })
  test('abort ends the turn and returns to status 0', () => {
    const e = fresh()
    ready(e)
    ok(e, 0, { kind: 'escape', start: true })
    nextRound(e)
    turn(e, 0)
    const r = ok(e, 0, { kind: 'escape', start: false })
    assert.equal(r.endsTurn, true)
    assert.equal(e.player(0).status, Status.Alive)
  })
  test('non-lethal damage does not interrupt; death does', () => {
    const e = fresh()
    ready(e)
    ok(e, 0, { kind: 'escape', start: true })
    e.endTurn()
    put(e, 1, [3, 2, 0])
    turn(e, 1)
    ok(e, 1, { kind: 'attack', at: [3, 3, 0], target: 0 })
    assert.equal(e.player(0).status, Status.WaitForEscape)
    const e2 = fresh()
    ready(e2)
    ok(e2, 0, { kind: 'escape', start: true })
    e2.player(0).hp = 70
    put(e2, 1, [3, 2, 0])
    turn(e2, 1)
    ok(e2, 1, { kind: 'attack', at: [3, 3, 0], target: 0 })
    assert.equal(e2.player(0).status, Status.Dead)
    assert.deepEqual(e2.boxAt([3, 3, 0])?.keys, [0, 1, 2, 3])
  })
})

describe('death, respawn and overtime', () => {
  function killAt(e: LostSpaceEngine, victim: number, round: number): void {
    e.round = round
    put(e, victim, [0, 1, 1])
    e.player(victim).hp = 10
    turn(e, 0)
    ok(e, 0, { kind: 'attack', at: [0, 1, 1], target: victim })
  }
  test('respawn after 5 rounds at own spawn with only own key and no tools; others see it', () => {
    const e = fresh()
    e.player(1).keys = [1, 2]
    killAt(e, 1, 10)
    for (let r = 11; r <= 14; r++) {
      e.round = r
      assert.equal(turn(e, 1).canAct, false, `round ${r}`)
    }
    e.round = 15
    const t = turn(e, 1)
    assert.equal(t.canAct, true)
    assert.deepEqual(types(t.events), ['regenerate'])
    const p = e.player(1)
    assert.deepEqual([p.status, p.hp, p.keys, [...p.pos]], [Status.Alive, 200, [1], [6, 0, 1]])
  })
  test('after round 80 deaths are permanent; a death in round 80 still respawns', () => {
    const e = fresh()
    killAt(e, 1, 81)
    assert.equal(e.player(1).permanentDeath, true)
    e.round = 95
    assert.equal(turn(e, 1).canAct, false)
    assert.equal(e.player(1).status, Status.Dead)
    const e2 = fresh()
    killAt(e2, 1, 80)
    e2.round = 85
    assert.equal(turn(e2, 1).canAct, true)
  })
})

describe('zones', () => {
  test('the five zones fail at the end of rounds 40/50/60/70/80 and kill whoever is inside', () => {
    const e = fresh()
    assert.deepEqual(
      map.zones.map((z) => z.round),
      [40, 50, 60, 70, 80],
    )
    put(e, 1, [3, 2, 1]) // zone 40
    put(e, 2, [1, 2, 2]) // zone 50 (not yet)
    e.round = 40
    const ev = nextRound(e)
    assert.ok(types(ev).includes('zone_fail'))
    assert.equal(e.player(1).status, Status.Dead)
    assert.equal(e.player(1).score, -3)
    assert.equal(e.player(2).status, Status.Alive)
    assert.equal(e.round, 41)
  })
  test('zone membership matches the facts table', () => {
    const at = (r: number) => map.zones.find((z) => z.round === r)!.nodes.map((p) => p.join(','))
    assert.deepEqual(at(60).sort(), ['2,2,0', '2,4,0', '4,2,0', '4,4,0'])
    assert.deepEqual(at(70).sort(), ['0,2,1', '0,3,1', '0,4,1', '6,2,1', '6,3,1', '6,4,1'])
    assert.deepEqual(at(80).sort(), ['2,3,2', '3,2,2', '3,3,2', '3,4,2', '4,3,2'])
    assert.equal(at(50).length, 8)
    assert.equal(at(40).length, 8)
  })
})

describe('game end and ranking', () => {
  test('the game ends at the end of round 100', () => {
    const e = fresh()
    e.round = 99
    nextRound(e)
    assert.equal(e.over, false)
    assert.equal(e.round, 100)
    e.seat = 3
    e.endTurn()
    assert.equal(e.over, true)
    assert.equal(e.round, 100)
  })
  test('escapers first (earliest first), then by death round, ties by score then later seat; errors last', () => {
    const e = fresh()
    const [a, b, c, d] = e.players as [ReturnType<typeof e.player>, ReturnType<typeof e.player>, ReturnType<typeof e.player>, ReturnType<typeof e.player>]
    a.status = Status.Dead
    a.deathRound = 90
    b.status = Status.Dead
    b.deathRound = 90
    b.score = 1
    c.status = Status.Escaped
    c.escapeOrder = 1
    c.escapeRound = 50
    d.status = Status.Alive
    let r = e.ranking()
    assert.deepEqual(r.map((x) => x.player), [2, 3, 1, 0])
    assert.deepEqual(r.map((x) => x.points), [4, 3, 2, 1])
    b.score = 0
    r = e.ranking()
    assert.deepEqual(r.map((x) => x.player), [2, 3, 1, 0], 'same round and score: later seat ranks higher')
    e.markError(3, 'timeout')
    r = e.ranking()
    assert.deepEqual(r.map((x) => x.player), [2, 1, 0, 3])
  })
  test('survivors rank by score then later seat', () => {
    const e = fresh()
    e.player(0).score = 3
    assert.deepEqual(e.ranking().map((x) => x.player), [0, 3, 2, 1])
  })
  test('the game ends early once nobody can act again', () => {
    const e = fresh()
    for (const id of [0, 1, 2]) e.markError(id)
    assert.equal(e.over, false)
    e.markError(3)
    assert.equal(e.over, true)
  })
  test('an AI error sets status 5 and hp 0', () => {
    const e = fresh()
    const ev = e.markError(2, 'boom')
    assert.deepEqual(ev, [{ type: 'ai_error', player: 2, log: 'boom' }])
    assert.equal(e.player(2).status, Status.Error)
    assert.equal(e.player(2).hp, 0)
    assert.deepEqual(e.markError(2), [])
  })
})

describe('legalActions', () => {
  test('every listed action succeeds on the spot (fresh engine per action)', () => {
    const setup = (): LostSpaceEngine => {
      const e = fresh()
      put(e, 0, [0, 3, 1])
      put(e, 3, [0, 4, 1])
      e.player(0).tools = { LandMine: 1, Sticky: 1, Kit: 1, Transport: 1 }
      e.boxes.set('0,3,1', { pos: map.get([0, 3, 1])!, keys: [2] })
      return e
    }
    const acts = setup().legalActions(0)
    const kinds = new Set(acts.map((a) => a.kind))
    for (const k of ['move', 'attack', 'materials', 'box', 'trap', 'kit', 'blink', 'detect']) assert.ok(kinds.has(k as Action['kind']), k)
    for (const a of acts) ok(setup(), 0, a)
    assert.deepEqual(setup().legalActions(1), [])
  })
})

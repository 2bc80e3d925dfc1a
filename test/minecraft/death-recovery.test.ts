/**
 * Going back for what a death left on the ground: the decision (death-recovery.ts) and the one
 * executor's use of it (a `recover` decision first, said in the death's note, then the plan again).
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { MAX_RECOVERY_DISTANCE, RECOVERY_WINDOW_MS, recoveryDecision } from '../../src/minecraft/planner/death-recovery.js'
import { PlanExecutor } from '../../src/minecraft/planner/executor.js'

const spot = { x: 10.5, y: 64, z: -3.2 }
const near = { x: 0, y: 64, z: 0 }

describe('recoveryDecision', () => {
  test('a known, safe spot near the bot, soon after the death: go back for the lost items', () => {
    const r = recoveryDecision({ lost: { oak_log: 3, dirt: 0 }, spot, position: near, sinceDeathMs: 5000 })
    assert.ok('ok' in r, JSON.stringify(r))
    assert.deepEqual(r.recovery.items, { oak_log: 3 })
    assert.deepEqual(r.recovery.at, spot)
    assert.ok(Math.abs(r.recovery.distance - Math.hypot(10.5, 3.2)) < 1e-9)
  })

  test('each reason not to go back, said', () => {
    const base = { lost: { oak_log: 3 }, spot, position: near, sinceDeathMs: 5000 }
    const why = (over: Partial<Parameters<typeof recoveryDecision>[0]>) => {
      const r = recoveryDecision({ ...base, ...over })
      assert.ok('why' in r, JSON.stringify(r))
      return r.why
    }
    assert.equal(why({ lost: {} }), 'nothing lost')
    assert.equal(why({ spot: undefined }), 'where it died is not known')
    assert.equal(why({ spot: { x: NaN, y: 1, z: 1 } }), 'where it died is not known')
    assert.match(why({ spot: { ...spot, hazard: 'it died in lava' } }), /lost: it died in lava/)
    assert.match(why({ spot: { ...spot, y: -80 } }), /fell out of the world/)
    assert.match(why({ position: undefined }), /where the bot is now is not known/)
    assert.match(why({ sinceDeathMs: RECOVERY_WINDOW_MS + 1 }), /despawned/)
    assert.match(why({ position: { x: spot.x + MAX_RECOVERY_DISTANCE + 1, y: 64, z: spot.z } }), /blocks away \(more than 160\)/)
  })

  test('far from the respawn: go back when the walk ends before the items despawn', () => {
    // the diamond run of seed 1: killed by a creeper 133 blocks from where it respawned
    const far = { x: spot.x + 133, y: 64, z: spot.z }
    const soon = recoveryDecision({ lost: { iron_ingot: 3 }, spot, position: far, sinceDeathMs: 3000 })
    assert.ok('ok' in soon, JSON.stringify(soon))
    assert.ok(Math.abs(soon.recovery.distance - 133) < 1e-9)
    // 3 minutes later the same walk (about 67 s) would end past the 4-minute window
    const late = recoveryDecision({ lost: { iron_ingot: 3 }, spot, position: far, sinceDeathMs: 3 * 60_000 })
    assert.ok('why' in late, JSON.stringify(late))
    assert.match(late.why, /despawned or will before it gets there \(133 blocks, about 67 s\)/)
  })
})

describe('the executor after a death', () => {
  const goal = { item: 'minecraft:crafting_table', count: 1, mode: 'get' as const }

  test('with the spot and the position: says the loss, goes back first, then plans from what it has', () => {
    const notes: string[] = []
    let clock = 1000
    const ex = new PlanExecutor(goal, { onNote: (l) => notes.push(l), now: () => clock })
    const first = ex.next({ inventory: { 'minecraft:oak_log': 2 }, position: spot })
    assert.equal(first.kind, 'step')
    ex.died('killed by zombie', spot)
    clock += 10_000
    const d = ex.next({ inventory: {}, position: near })
    assert.equal(d.kind, 'recover', JSON.stringify(d))
    if (d.kind !== 'recover') return
    assert.deepEqual(d.items, { log: 2 })
    assert.deepEqual(d.at, spot)
    assert.match(d.note, /going back for what the death left at \(10, 64, -4\), 11 blocks away \(2 log\)/)
    assert.match(notes.join('\n'), /died \(killed by zombie\); lost 2 log; going back for it first/)
    // the items came back: the plan goes on from them, no second trip
    const next = ex.next({ inventory: { 'minecraft:oak_log': 2 }, position: spot })
    assert.equal(next.kind, 'step')
  })

  test('the inventory held at the death, when the link gives it, counts over the last observation', () => {
    // a diamond run: the step that collected 3 diamonds was the last look; the bot died holding them
    // after a longer step, and the note said "lost nothing" while the diamonds lay at the death spot
    const notes: string[] = []
    let clock = 1000
    const ex = new PlanExecutor({ item: 'minecraft:diamond_pickaxe', count: 1, mode: 'get' }, { onNote: (l) => notes.push(l), now: () => clock })
    ex.next({ inventory: {}, position: spot })
    ex.died('killed by spider', spot, { 'minecraft:diamond': 3, 'minecraft:stick': 2 })
    clock += 5000
    const d = ex.next({ inventory: {}, position: near })
    assert.equal(d.kind, 'recover', JSON.stringify(d))
    if (d.kind !== 'recover') return
    assert.deepEqual(d.items, { diamond: 3, stick: 2 })
    assert.match(notes.join('\n'), /died \(killed by spider\); lost 3 diamond, 2 stick; going back for it first/)
  })

  test('without a spot (a link that does not tell it), or too late: the plan is rebuilt from what is left, and why is said', () => {
    const notes: string[] = []
    let clock = 0
    const ex = new PlanExecutor(goal, { onNote: (l) => notes.push(l), now: () => clock })
    ex.next({ inventory: { 'minecraft:oak_log': 2 } })
    ex.died('hurt by fall')
    assert.equal(ex.next({ inventory: {}, position: near }).kind, 'step')
    assert.match(notes.at(-1)!, /died \(hurt by fall\); lost 2 log \(where it died is not known\); re-planning from what is left/)
    ex.next({ inventory: { 'minecraft:oak_log': 1 } })
    ex.died('killed by skeleton', spot)
    clock += RECOVERY_WINDOW_MS + 1
    assert.notEqual(ex.next({ inventory: {}, position: near }).kind, 'recover')
    assert.match(notes.at(-1)!, /lost 1 log \(the items have despawned/)
  })

  test('a trip back that a reflex cut short (a fight on the way) is made again, twice at most', () => {
    // the bench's bookshelf task (seed 9): the trip back for 2 books was interrupted by an attack and never made again
    let clock = 1000
    const ex = new PlanExecutor(goal, { now: () => clock })
    ex.next({ inventory: { 'minecraft:oak_log': 2 }, position: spot })
    ex.died('killed by spider', spot)
    clock += 5000
    const kinds: string[] = []
    for (let i = 0; i < 4; i++) {
      const d = ex.next({ inventory: {}, position: near })
      kinds.push(d.kind)
      ex.report({ reason: 'cancelled: interrupted by attack', interrupted: true })
    }
    assert.deepEqual(kinds, ['recover', 'recover', 'recover', 'step'])
  })
})


/**
 * The one executor when the only route to the goal was dropped: a gather route (here collecting
 * iron ore, the only way to iron) is taken back after looking elsewhere, farther each round, instead
 * of ending the task with "every route loops back" (what iron-fair-e2e's run and the bench's seed 7
 * met: two collects of iron ore timed out the same way, and the task gave up at 136 s).
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { PlanExecutor, failureClass, type Decision } from '../../src/minecraft/planner/executor.js'

const inv = { 'minecraft:stone_pickaxe': 1, 'minecraft:crafting_table': 1, 'minecraft:furnace': 1, 'minecraft:coal': 4, 'minecraft:stick': 2 }
const timeout = 'timeout: collect did not finish within 300s'

function stepKind(d: Decision): string {
  return d.kind === 'step' ? `${d.step.kind} ${d.step.item}` : d.kind
}

describe('the executor with its only route dropped', () => {
  test('a dropped gather route is taken back after looking elsewhere, twice; then the task fails with every attempt counted', () => {
    const notes: string[] = []
    // arming (a stone sword first, mining cobblestone for it) is arming.test's: this one is about the route
    const ex = new PlanExecutor({ item: 'minecraft:iron_pickaxe', count: 1, mode: 'get' }, { onNote: (l) => notes.push(l), arm: false })
    const seen: string[] = []
    const distances: number[] = []
    let d = ex.next({ inventory: inv })
    for (let i = 0; i < 20 && d.kind !== 'failed' && d.kind !== 'done'; i++) {
      seen.push(stepKind(d))
      if (d.kind === 'explore') distances.push(d.distance)
      ex.report(d.kind === 'step' ? { ok: false, reason: timeout } : { ok: true, reason: 'arrived' })
      d = ex.next({ inventory: inv })
    }
    assert.equal(seen[0], 'collect iron_ore')
    // two failures the same way drop the route; each round: a look elsewhere, then two more tries
    assert.deepEqual(seen, ['collect iron_ore', 'collect iron_ore', 'explore', 'collect iron_ore', 'collect iron_ore', 'explore', 'collect iron_ore', 'collect iron_ore'])
    assert.ok(distances[1]! > distances[0]!, `farther each round: ${distances.join(', ')}`)
    assert.equal(d.kind, 'failed')
    assert.match((d as { reason: string }).reason, /^could not collect 3 iron_ore after 6 attempts: timeout/)
    assert.ok(notes.some((n) => /no route left \(collect 3 iron_ore dropped\); looking \d+ blocks elsewhere, then trying again \(round 1 of 2\)/.test(n)), notes.join('\n'))
  })

  test('a dropped craft is not taken back: nothing changes it elsewhere', () => {
    const ex = new PlanExecutor({ item: 'minecraft:stick', count: 4, mode: 'get' })
    const planks = { 'minecraft:oak_planks': 2 }
    let d = ex.next({ inventory: planks })
    assert.equal(stepKind(d), 'craft stick')
    ex.report({ ok: false, reason: 'the crafting window did not open' })
    d = ex.next({ inventory: planks })
    ex.report({ ok: false, reason: 'the crafting window did not open' })
    d = ex.next({ inventory: planks })
    assert.notEqual(d.kind, 'explore')
  })

  test('a target not found (no cow in sight) is looked for farther on a spiral for more rounds than a timeout, then the task fails', () => {
    // the bench's leather task on seed 2 gave up after 218 s of its 600: no cow near spawn, two rounds
    const notes: string[] = []
    const ex = new PlanExecutor({ item: 'minecraft:leather', count: 1, mode: 'get' }, { onNote: (l) => notes.push(l) })
    const none = (d: Decision) => (d.kind === 'step' && d.step.kind === 'hunt' ? `no minecraft:${d.step.entity} within 48 blocks: none around now (explore to find some)` : 'arrived')
    const distances: number[] = []
    let d = ex.next({ inventory: {} })
    assert.equal(stepKind(d), 'hunt leather')
    for (let i = 0; i < 150 && d.kind !== 'failed' && d.kind !== 'done'; i++) {
      if (d.kind === 'explore') distances.push(d.distance)
      ex.report({ ok: d.kind !== 'step', reason: none(d) })
      d = ex.next({ inventory: {} })
    }
    assert.equal(d.kind, 'failed')
    assert.ok(notes.some((n) => /\(round 8 of 8\)/.test(n)), notes.join('\n'))
    assert.ok(!notes.some((n) => /round 9/.test(n)), notes.join('\n'))
    // every look elsewhere is farther than the one before: the spiral's legs grow, so each covers new ground
    for (let i = 1; i < distances.length; i++) assert.ok(distances[i]! > distances[i - 1]!, distances.join(', '))
  })
})

/**
 * A gathering step whose outcome says no ok (LynxMind's task-stop carries only a reason; a MaiCore
 * program's end) is judged by its own item. The bench's fishing_rod run of session 36 (seed 4) called
 * the same spider hunt three times, 185 s of fights out of reach, because the bot picked up dirt and
 * gravel on the way and the executor judged the step by the whole inventory.
 */
describe('a gathering step without ok, judged by its own item', () => {
  // the three reasons of that run, which differ only in the distance
  const outOfReach = ['5.5', '25.8', '25.4'].map(
    (d) => `5 hunts of minecraft:spider in a row brought no minecraft:string (0 killed; last: no progress against minecraft:spider for 10 s (no hit landed, no nearer to it; ${d} blocks away): out of reach); it may not drop it here`,
  )
  const held = { 'minecraft:wooden_sword': 1, 'minecraft:stick': 3, 'minecraft:crafting_table': 1 }

  test('reasons that differ only in numbers (distances, coordinates, seconds) are one failure class', () => {
    assert.equal(failureClass(outOfReach[0]!), failureClass(outOfReach[1]!))
    assert.equal(failureClass(outOfReach[1]!), failureClass(outOfReach[2]!))
    assert.equal(failureClass('stuck: no movement for 10s while going to oak_log at (268, 70, -1)'), failureClass('stuck: no movement for 12s while going to oak_log at (-3, 64, 17)'))
    assert.notEqual(failureClass(outOfReach[0]!), failureClass('minecraft:spider escaped out of sight'))
  })

  test('a hunt that brought no string but dirt is a failure: looked for elsewhere, then its route is dropped', () => {
    const notes: string[] = []
    const ex = new PlanExecutor({ item: 'minecraft:fishing_rod', count: 1, mode: 'get' }, { onNote: (l) => notes.push(l) })
    let inv: Record<string, number> = { ...held }
    const seen: string[] = []
    let hunts = 0
    let d = ex.next({ inventory: inv })
    for (let i = 0; i < 12 && d.kind !== 'failed' && d.kind !== 'done'; i++) {
      const hunt = d.kind === 'step' && d.step.kind === 'hunt'
      seen.push(stepKind(d))
      if (!hunt) break
      // each hunt picks up a block dug on the way, never a string
      inv = { ...inv, 'minecraft:dirt': (inv['minecraft:dirt'] ?? 0) + 1 }
      ex.report({ reason: outOfReach[hunts++ % 3]! })
      d = ex.next({ inventory: inv })
      seen.push(stepKind(d))
      if (d.kind === 'explore') {
        ex.report({ ok: true, reason: 'arrived' })
        d = ex.next({ inventory: inv })
      }
    }
    // failed the same way: the first two look elsewhere (the searches a gathering step gets), the third drops the route
    assert.deepEqual(seen.slice(0, 6), ['hunt string', 'explore', 'hunt string', 'explore', 'hunt string', seen[5]])
    assert.notEqual(seen[5], 'hunt string', seen.join(', '))
    assert.equal(hunts, 3, seen.join(', '))
    assert.deepEqual(ex.excludedRoutes(), ['hunt:spider'])
    assert.ok(notes.some((n) => /failed the same way again .*out of reach.*; not trying hunt:spider again/.test(n)), notes.join('\n'))
  })

  test('a collect that timed out without ok is retried, then dropped, as with ok false: "no progress" around its reason is no "not found"', () => {
    const run = (withOk: boolean) => {
      const ex = new PlanExecutor({ item: 'minecraft:iron_pickaxe', count: 1, mode: 'get' }, { arm: false })
      const seen: string[] = []
      let d = ex.next({ inventory: inv })
      for (let i = 0; i < 3 && d.kind === 'step'; i++) {
        seen.push(stepKind(d))
        ex.report(withOk ? { ok: false, reason: timeout } : { reason: timeout })
        d = ex.next({ inventory: inv })
      }
      seen.push(stepKind(d))
      return seen
    }
    assert.deepEqual(run(false), run(true))
    assert.deepEqual(run(false), ['collect iron_ore', 'collect iron_ore', 'explore'])
  })

  test('a hunt that brought some of its own item is progress, whatever else came in', () => {
    const ex = new PlanExecutor({ item: 'minecraft:string', count: 3, mode: 'get' })
    let inv: Record<string, number> = { ...held }
    for (let i = 0; i < 3; i++) {
      const d = ex.next({ inventory: inv })
      assert.equal(stepKind(d), 'hunt string', `call ${i + 1}`)
      inv = { ...inv, 'minecraft:string': (inv['minecraft:string'] ?? 0) + 1, 'minecraft:gravel': (inv['minecraft:gravel'] ?? 0) + 1 }
      ex.report({ reason: outOfReach[0]! })
    }
    assert.equal(ex.next({ inventory: inv }).kind, 'done')
    assert.deepEqual(ex.excludedRoutes(), [])
  })

  test('an interrupted gathering step is no failure, even when it brought none of its item', () => {
    const ex = new PlanExecutor({ item: 'minecraft:string', count: 2, mode: 'get' })
    let inv: Record<string, number> = { ...held }
    for (let i = 0; i < 4; i++) {
      const d = ex.next({ inventory: inv })
      assert.equal(stepKind(d), 'hunt string', `call ${i + 1}`)
      inv = { ...inv, 'minecraft:dirt': (inv['minecraft:dirt'] ?? 0) + 1 }
      ex.report({ reason: 'cancelled: interrupted by shelter', interrupted: true })
    }
    assert.deepEqual(ex.excludedRoutes(), [])
  })

  test('a tag is its own item: shearing that brought any wool is progress', () => {
    const ex = new PlanExecutor({ item: 'minecraft:white_bed', count: 1, mode: 'get' }, { arm: false })
    let inv: Record<string, number> = { 'minecraft:shears': 1, 'minecraft:oak_planks': 3, 'minecraft:crafting_table': 1 }
    const d = ex.next({ inventory: inv, world: { nearbyEntities: ['sheep'] } })
    assert.equal(d.kind, 'step')
    const step = (d as Extract<Decision, { kind: 'step' }>).step
    assert.equal(step.kind, 'shear', stepKind(d))
    inv = { ...inv, 'minecraft:white_wool': 1, 'minecraft:dirt': 1 }
    ex.report({ reason: 'sheared 1 sheep' })
    const next = ex.next({ inventory: inv, world: { nearbyEntities: ['sheep'] } })
    assert.equal(next.kind, 'step', 'no look elsewhere: the wool came')
  })

  test('judged by what it left: an apple collected and then eaten during a food detour is no failure', () => {
    // the bench's golden_apple run at 1d4235b (seed 6): the apple came, a food detour ran (the eat reflex
    // ate the apple, starving), and the executor, judging at its next decision, sent the bot elsewhere
    const ex = new PlanExecutor({ item: 'minecraft:golden_apple', count: 1, mode: 'get' }, { arm: false })
    const start = { 'minecraft:crafting_table': 1, 'minecraft:birch_log': 1 }
    const d = ex.next({ inventory: start })
    assert.equal(stepKind(d), 'collect apple')
    ex.report({ reason: 'collected 1 minecraft:apple' })
    ex.observe({ ...start, 'minecraft:apple': 1, 'minecraft:oak_sapling': 3 })
    const next = ex.next({ inventory: { ...start, 'minecraft:oak_sapling': 3, 'minecraft:cooked_chicken': 1 } })
    assert.notEqual(next.kind, 'explore', 'no look elsewhere: the apple had come')
    assert.deepEqual(ex.excludedRoutes(), [])
  })

  test('crafts are still judged by the whole inventory: a craft without ok during which other items came is not counted', () => {
    const ex = new PlanExecutor({ item: 'minecraft:stick', count: 4, mode: 'get' })
    let inv: Record<string, number> = { 'minecraft:oak_planks': 2 }
    for (let i = 0; i < 3; i++) {
      assert.equal(stepKind(ex.next({ inventory: inv })), 'craft stick', `call ${i + 1}`)
      inv = { ...inv, 'minecraft:dirt': (inv['minecraft:dirt'] ?? 0) + 1 }
      ex.report({ reason: 'the crafting window did not open' })
    }
    assert.deepEqual(ex.excludedRoutes(), [])
    // and with the inventory unchanged it fails the same way twice and is dropped, as before
    for (let i = 0; i < 2; i++) {
      ex.next({ inventory: inv })
      ex.report({ reason: 'the crafting window did not open' })
    }
    ex.next({ inventory: inv })
    assert.deepEqual(ex.excludedRoutes(), ['craft:stick'])
  })

  test('with ok given (the direct runner), a gathering step that ended ok is judged by the whole inventory as before', () => {
    const ex = new PlanExecutor({ item: 'minecraft:string', count: 2, mode: 'get' })
    let inv: Record<string, number> = { ...held }
    for (let i = 0; i < 3; i++) {
      assert.equal(stepKind(ex.next({ inventory: inv })), 'hunt string', `call ${i + 1}`)
      inv = { ...inv, 'minecraft:dirt': (inv['minecraft:dirt'] ?? 0) + 1 }
      ex.report({ ok: true, reason: 'picked up 0 minecraft:string' })
    }
    assert.deepEqual(ex.excludedRoutes(), [])
  })
})

describe('the bot\'s own field survives a cut farm step', () => {
  const hoe = { 'minecraft:wooden_hoe': 1 }
  const sheltered = 'cancelled: interrupted by shelter'

  test('wheat on 1.16.5 seed 2 (session 39): after the night shelter cut the farm step, the next step goes back to the field, not to grass for seeds', () => {
    const ex = new PlanExecutor({ item: 'minecraft:wheat', count: 3, mode: 'get' })
    // 3 seeds held: the farm step plants all three
    let d = ex.next({ inventory: { ...hoe, 'minecraft:wheat_seeds': 3 } })
    assert.equal(stepKind(d), 'farm wheat')
    ex.report({ reason: sheltered, interrupted: true })
    // dawn: the seeds are in the ground
    d = ex.next({ inventory: { ...hoe } })
    assert.equal(stepKind(d), 'farm wheat', JSON.stringify(d))
    assert.deepEqual(ex.plantedField(), { wheat: 3 })
    // every following night too (the lead's run lost five nights this way)
    for (let night = 0; night < 3; night++) {
      ex.report({ reason: sheltered, interrupted: true })
      d = ex.next({ inventory: { ...hoe } })
      assert.equal(stepKind(d), 'farm wheat', `night ${night + 2}`)
    }
    assert.deepEqual(ex.plantedField(), { wheat: 3 })
  })

  test('the plots planted over two cut farm steps add up: 2 before a fight, the third before the night', () => {
    const ex = new PlanExecutor({ item: 'minecraft:wheat', count: 3, mode: 'get' })
    assert.equal(stepKind(ex.next({ inventory: { ...hoe, 'minecraft:wheat_seeds': 3 } })), 'farm wheat')
    ex.report({ reason: 'cancelled: interrupted by attack', interrupted: true })
    const d = ex.next({ inventory: { ...hoe, 'minecraft:wheat_seeds': 1 } })
    assert.equal(stepKind(d), 'farm wheat', 'the seed held is the third plot')
    ex.report({ reason: sheltered, interrupted: true })
    // the third seed went in too
    assert.equal(stepKind(ex.next({ inventory: { ...hoe } })), 'farm wheat')
    assert.deepEqual(ex.plantedField(), { wheat: 3 })
  })

  test('a death: what it held when it died tells what was planted; seeds lost with the body are not in the field', () => {
    const ex = new PlanExecutor({ item: 'minecraft:wheat', count: 3, mode: 'get' })
    assert.equal(stepKind(ex.next({ inventory: { ...hoe, 'minecraft:wheat_seeds': 3 } })), 'farm wheat')
    // killed with 1 seed still held: 2 went into the ground
    ex.died('drowned', undefined, { ...hoe, 'minecraft:wheat_seeds': 1 })
    ex.report({ reason: 'cancelled: interrupted by a death', interrupted: true })
    ex.next({ inventory: {} })
    assert.deepEqual(ex.plantedField(), { wheat: 2 })
    // the hoe picked up again where it died: only the third plot's seed is collected
    ex.report({ reason: 'cancelled: interrupted by a new action', interrupted: true })
    const d = ex.next({ inventory: { ...hoe } })
    assert.ok(d.kind === 'step' && d.step.kind === 'collect' && d.step.item === 'wheat_seeds' && d.step.count === 1, JSON.stringify(d))
  })

  test('a farm step that fails forgets its field (it may be gone): the seeds are planned again', () => {
    const ex = new PlanExecutor({ item: 'minecraft:wheat', count: 3, mode: 'get' })
    ex.next({ inventory: { ...hoe, 'minecraft:wheat_seeds': 3 } })
    ex.report({ reason: sheltered, interrupted: true })
    assert.equal(stepKind(ex.next({ inventory: { ...hoe } })), 'farm wheat')
    ex.report({ ok: false, reason: 'nothing planted and no minecraft:wheat_seeds left to plant (break grass for them (1 in 8 drops a seed))' })
    assert.deepEqual(ex.plantedField(), {})
    // "nothing planted" is a target not found: looked for elsewhere first, then planned from seeds
    let d = ex.next({ inventory: { ...hoe } })
    if (d.kind === 'explore') d = ex.next({ inventory: { ...hoe } })
    assert.ok(d.kind === 'step' && d.step.kind === 'collect' && d.step.item === 'wheat_seeds' && d.step.count === 3, JSON.stringify(d))
  })
})

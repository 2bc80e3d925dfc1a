/**
 * The surface's part of a plan before its deep part (src/minecraft/planner/surface-first.ts): the
 * logs a plan gathers after an ore (fuel for the smelt, sticks) are fetched before going down, not
 * by a climb back from the ore; a deep collect already under way is not cut off.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { PlanExecutor, type Decision } from '../../src/minecraft/planner/executor.js'

function said(d: Decision): string {
  return d.kind === 'step' ? `${d.step.kind} ${d.step.count} ${d.step.item}` : d.kind
}

// the 1.20.4 lava_bucket runs of session 36 at their step 12: armed, one plank left, the fuel's log not held
const armed = {
  'minecraft:stone_pickaxe': 1,
  'minecraft:wooden_pickaxe': 1,
  'minecraft:crafting_table': 1,
  'minecraft:furnace': 1,
  'minecraft:stone_sword': 1,
  'minecraft:oak_planks': 1,
  'minecraft:cobblestone': 2,
}

describe('the surface before the deep part of a plan', () => {
  test('the smelt’s fuel log comes before the iron ore (1.20.4 lava_bucket), then the ore', () => {
    const ex = new PlanExecutor({ item: 'minecraft:lava_bucket', count: 1, mode: 'get' }, { version: '1.20.4' })
    const d = ex.next({ inventory: armed })
    assert.equal(said(d), 'collect 1 log')
    assert.match((d as { note: string }).note, /before going down for collect 3 raw_iron from iron_ore/)
    ex.report({ ok: true, reason: 'collected 1 minecraft:oak_log' })
    assert.equal(said(ex.next({ inventory: { ...armed, 'minecraft:oak_log': 1 } })), 'collect 3 raw_iron')
  })

  test('a deep collect under way (some raw iron held) goes on: no climb for the log until it is done', () => {
    const ex = new PlanExecutor({ item: 'minecraft:lava_bucket', count: 1, mode: 'get' }, { version: '1.20.4' })
    assert.equal(said(ex.next({ inventory: { ...armed, 'minecraft:raw_iron': 1 } })), 'collect 2 raw_iron')
  })

  test('with coal for the fuel, nothing is fetched first', () => {
    const coal = new PlanExecutor({ item: 'minecraft:lava_bucket', count: 1, mode: 'get' }, { version: '1.20.4' })
    assert.equal(said(coal.next({ inventory: { ...armed, 'minecraft:coal': 2 } })), 'collect 3 raw_iron')
  })

  test('a plan that makes its first crafting table and goes down takes 2 logs more than it counts (a new table on the spot, the sword’s sticks); one that stays up does not', () => {
    const iron = new PlanExecutor({ item: 'minecraft:iron_pickaxe', count: 1, mode: 'get' })
    // the plan itself counts 4 logs from an empty inventory (1.16.5: table, sticks, pickaxes, fuel)
    assert.equal(said(iron.next({ inventory: {} })), 'collect 6 log')
    const stone = new PlanExecutor({ item: 'minecraft:stone_pickaxe', count: 1, mode: 'get' })
    assert.equal(said(stone.next({ inventory: {} })), 'collect 3 log')
  })
})

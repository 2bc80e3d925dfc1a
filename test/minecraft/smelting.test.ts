import { test } from 'node:test'
import assert from 'node:assert/strict'
import { isExpendableFuel, itemsPerFuel, smeltInputs, smeltResult } from '../../src/minecraft/smelting.js'
import { FUEL_VALUE, SMELTING } from '../../src/minecraft/planner/items.js'
import { fuelValue } from '../../src/minecraft/body/skills/smelt.js'

test('smeltInputs is the inverse of smeltResult, 1.16.5 names first', () => {
  assert.deepEqual(smeltInputs('iron_ingot'), ['iron_ore', 'raw_iron'])
  assert.deepEqual(smeltInputs('glass'), ['sand', 'red_sand'])
  assert.deepEqual(smeltInputs('dirt'), [])
  for (const input of smeltInputs('charcoal')) assert.equal(smeltResult(input), 'charcoal')
  for (const output of ['stone', 'cooked_beef', 'brick', 'terracotta']) {
    for (const input of smeltInputs(output)) assert.equal(smeltResult(input), output)
  }
})

test('fuel: items per fuel follow burn time, and only expendable fuels count for the body', () => {
  assert.equal(itemsPerFuel('coal'), 8)
  assert.equal(itemsPerFuel('oak_planks'), 1.5)
  assert.equal(itemsPerFuel('stick'), 0.5)
  assert.equal(itemsPerFuel('dirt'), 0)
  // a crafting table and a wooden pickaxe do burn, but a bot must not burn them
  assert.ok(itemsPerFuel('crafting_table') > 0 && itemsPerFuel('wooden_pickaxe') > 0)
  assert.equal(isExpendableFuel('crafting_table'), false)
  assert.equal(fuelValue('crafting_table'), 0)
  assert.equal(fuelValue('wooden_pickaxe'), 0)
  assert.equal(fuelValue('birch_log'), 1.5)
})

test('the planner sees the same furnace table (output → preferred input, tags for logs)', () => {
  assert.equal(SMELTING.iron_ingot, 'iron_ore')
  assert.equal(SMELTING.charcoal, 'log')
  assert.equal(SMELTING.stone, 'cobblestone')
  for (const [output, input] of Object.entries(SMELTING)) {
    if (output !== 'charcoal') assert.equal(smeltResult(input), output, `SMELTING.${output} = ${input}`)
  }
  // vanilla: cook 200 ticks; burn coal/charcoal 1600, logs and planks 300, stick 100
  assert.deepEqual(
    { coal: FUEL_VALUE.coal, charcoal: FUEL_VALUE.charcoal, log: FUEL_VALUE.log, planks: FUEL_VALUE.planks, stick: FUEL_VALUE.stick },
    { coal: 8, charcoal: 8, log: 1.5, planks: 1.5, stick: 0.5 },
  )
})

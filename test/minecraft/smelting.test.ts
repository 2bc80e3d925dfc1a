import { test } from 'node:test'
import assert from 'node:assert/strict'
import { isExpendableFuel, itemsPerFuel, smeltInputFor, smeltInputs, smeltResult } from '../../src/minecraft/smelting.js'
import { FUEL_VALUE, SMELTING } from '../../src/minecraft/planner/items.js'
import { chooseFuel, chooseInputs, fuelValue } from '../../src/minecraft/body/skills/smelt.js'

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

test('smeltInputFor: the input held most of, any log for charcoal, null for what no furnace makes', () => {
  assert.equal(smeltInputFor('minecraft:iron_ingot'), 'iron_ore')
  assert.equal(smeltInputFor('glass', { 'minecraft:red_sand': 4, 'minecraft:sand': 1 }), 'red_sand')
  assert.equal(smeltInputFor('cooked_beef'), 'beef')
  assert.equal(smeltInputFor('charcoal'), 'log')
  assert.equal(smeltInputFor('dirt'), null)
})

test('smelt inputs: an output named instead of an input is refused with the input to use; families mix', () => {
  const have = new Map([['oak_log', 3], ['birch_log', 5], ['beef', 2]])
  assert.match(String(chooseInputs(['iron_ingot'], have, 1, 'iron_ingot')), /iron_ingot is what a furnace makes, not an input: smelt minecraft:iron_ore or minecraft:raw_iron/)
  assert.match(String(chooseInputs(['dirt'], have, 1, 'dirt')), /minecraft:dirt cannot be smelted/)
  assert.match(String(chooseInputs(['beef'], have, 5, 'beef')), /missing 3 minecraft:beef to smelt \(have 2\)/)
  // any log: the kind held most first, then the next
  assert.deepEqual(chooseInputs(['oak_log', 'birch_log', 'spruce_log'], have, 7, 'log'), [{ name: 'birch_log', n: 5 }, { name: 'oak_log', n: 2 }])
})

test('smelt fuel: the best single kind that suffices, several kinds when none does, never the input', () => {
  const beef = [{ name: 'beef', n: 5 }]
  assert.deepEqual(chooseFuel(null, new Map([['coal', 1], ['oak_planks', 9], ['beef', 5]]), 5, beef), [{ name: 'coal', n: 1 }])
  // 2 planks (3 items) + 4 sticks (2 items) for 5
  assert.deepEqual(chooseFuel(null, new Map([['oak_planks', 2], ['stick', 6], ['beef', 5]]), 5, beef), [{ name: 'oak_planks', n: 2 }, { name: 'stick', n: 4 }])
  assert.match(String(chooseFuel(null, new Map([['stick', 2]]), 5, beef)), /missing 8 minecraft:stick as fuel for 5 items/)
  assert.match(String(chooseFuel(null, new Map([['beef', 5]]), 5, beef)), /no fuel/)
  // logs being smelted are not burnt; spare ones are
  const logs = [{ name: 'oak_log', n: 4 }]
  assert.deepEqual(chooseFuel(null, new Map([['oak_log', 7]]), 4, logs), [{ name: 'oak_log', n: 3 }])
  assert.match(String(chooseFuel(['coal'], new Map([['oak_planks', 9]]), 4, logs, 'coal')), /no minecraft:coal to use as fuel/)
  // 12 coal for 90 items: one stack of fuel, topped up by the skill as it burns
  assert.deepEqual(chooseFuel(null, new Map([['coal', 20]]), 90, [{ name: 'cobblestone', n: 90 }]), [{ name: 'coal', n: 12 }])
})

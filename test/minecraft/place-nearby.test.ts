/**
 * Placing a crafting table or furnace "somewhere near me" (placing.ts `placeNearby`, used by craft
 * and smelt) where no dry cell is near: the bot stands in a flooded area. Scene set through the
 * world's operator API (announced): a 9×9 sheet of water one block deep around the bot on the
 * staged starter meadow, and the table, planks and sticks given; then a stone set beside the cell above
 * the table and a furnace given, placed on the table against the stone (never against the table).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { worldAndBody, until } from './body-support.js'
import { setBlock } from './support/world.js'

test('in a flooded area the table goes into the water beside the bot, and the pickaxe is crafted', { timeout: 180_000 }, async () => {
  const { world, body, cleanup } = await worldAndBody('Wader', { body: { reflexes: { eat: false } } })
  try {
    const feet = body.bot.entity.position.floored()
    for (let dx = -4; dx <= 4; dx++) for (let dz = -4; dz <= 4; dz++) await setBlock(world, { x: feet.x + dx, y: feet.y, z: feet.z + dz }, 'water')
    await until(() => body.bot.blockAt(feet.offset(4, 0, 4))?.name === 'water' && body.bot.blockAt(feet)?.name === 'water', 10_000, 'the water seen by the bot')
    world.give('Wader', 'crafting_table', 1)
    world.give('Wader', 'oak_planks', 3)
    world.give('Wader', 'stick', 2)
    await until(() => body.inventoryCounts()['minecraft:stick'] === 2 && body.inventoryCounts()['minecraft:crafting_table'] === 1, 10_000, 'the given items')
    const r = await body.run({ skill: 'craft', items: [{ name: 'minecraft:wooden_pickaxe', count: 1 }] })
    assert.equal(r.ok, true, r.reason)
    assert.equal(body.inventoryCounts()['minecraft:wooden_pickaxe'], 1)
    // the table stands where water was, within 4 blocks of the bot's feet
    const tables: string[] = []
    for (let dx = -4; dx <= 4; dx++) for (let dz = -4; dz <= 4; dz++) if (body.bot.blockAt(feet.offset(dx, 0, dz))?.name === 'crafting_table') tables.push(`${dx},${dz}`)
    assert.equal(tables.length, 1, `tables in the water: ${tables.join(' ')}`)

    // a furnace placed on top of the table, a stone beside that cell (set through the operator API):
    // it goes against the stone; against the table the click would open the table instead
    const [tx, tz] = tables[0]!.split(',').map(Number) as [number, number]
    const onTable = feet.offset(tx, 1, tz)
    const beside = onTable.offset(tx >= 0 ? 1 : -1, 0, 0)
    await setBlock(world, beside, 'stone')
    await until(() => body.bot.blockAt(beside)?.name === 'stone', 10_000, 'the stone seen by the bot')
    world.give('Wader', 'furnace', 1)
    await until(() => body.inventoryCounts()['minecraft:furnace'] === 1, 10_000, 'the given furnace')
    const placed = await body.run({ skill: 'place', item: 'minecraft:furnace', x: onTable.x, y: onTable.y, z: onTable.z })
    assert.equal(placed.ok, true, placed.reason)
    assert.equal(body.bot.blockAt(onTable)?.name, 'furnace')
    assert.equal(body.bot.blockAt(feet.offset(tx, 0, tz))?.name, 'crafting_table')
    assert.equal(body.bot.currentWindow, null, 'no window was opened')
  } finally {
    await cleanup()
  }
})

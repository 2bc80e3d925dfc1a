import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { botInventory, serverInventory, setBlock, waitForInventory, waitUntil, worldWithBot } from './support/world.js'
import { waitForEvent } from '../support/wait.js'

describe('crafting and smelting with mineflayer, unchanged', () => {
  test('planks and sticks in the 2x2 grid, then a wooden pickaxe at a placed crafting table', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 21 }, 'crafter')
    t.after(close)
    const id = (name: string) => bot.registry.itemsByName[name]!.id
    world.give('crafter', 'oak_log', 3)
    await waitForInventory(bot, (i) => i.oak_log === 3)

    const planks = bot.recipesFor(id('oak_planks'), null, 1, null)[0]
    assert.ok(planks, 'mineflayer finds a planks recipe')
    await bot.craft(planks, 3, undefined)
    assert.deepEqual(botInventory(bot), { oak_planks: 12 })

    await bot.craft(bot.recipesFor(id('stick'), null, 1, null)[0]!, 1, undefined)
    await bot.craft(bot.recipesFor(id('crafting_table'), null, 1, null)[0]!, 1, undefined)
    assert.deepEqual(botInventory(bot), { oak_planks: 6, stick: 4, crafting_table: 1 })
    assert.deepEqual(serverInventory(world, 'crafter'), { oak_planks: 6, stick: 4, crafting_table: 1 })

    await bot.equip(bot.inventory.items().find((i) => i.name === 'crafting_table')!, 'hand')
    const at = new Vec3(2, world.spawn.y, 0)
    await bot.placeBlock(bot.blockAt(at.offset(0, -1, 0))!, new Vec3(0, 1, 0))
    const table = bot.blockAt(at)!
    assert.equal(table.name, 'crafting_table')
    assert.equal((await world.server.overworld.getBlock(at as never))?.name, 'crafting_table')

    assert.equal(bot.recipesFor(id('wooden_pickaxe'), null, 1, null).length, 0, 'a pickaxe needs the table')
    const pick = bot.recipesFor(id('wooden_pickaxe'), null, 1, table)[0]
    assert.ok(pick)
    await bot.craft(pick, 1, table)
    assert.deepEqual(botInventory(bot), { oak_planks: 3, stick: 2, wooden_pickaxe: 1 })
    assert.deepEqual(serverInventory(world, 'crafter'), { oak_planks: 3, stick: 2, wooden_pickaxe: 1 })
  })

  test('shift-clicking the 2x2 result crafts as often as the grid allows', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 22 }, 'shifter')
    t.after(close)
    world.give('shifter', 'birch_log', 2)
    const inv = await waitForInventory(bot, (i) => i.birch_log === 2)
    assert.equal(inv.birch_log, 2)
    const src = bot.inventory.items().find((i) => i.name === 'birch_log')!.slot
    await bot.clickWindow(src, 0, 0) // pick up both logs
    await bot.clickWindow(1, 0, 0) // put them in the grid
    await waitForInventory(bot, () => bot.inventory.slots[0]?.name === 'birch_planks')
    await bot.clickWindow(0, 0, 1) // shift-click the result
    const after = await waitForInventory(bot, (i) => i.birch_planks === 8)
    assert.equal(bot.inventory.slots[1], null, 'both logs consumed')
    assert.equal(after.birch_log, undefined)
    assert.deepEqual(serverInventory(world, 'shifter'), { birch_planks: 8 })
  })

  test('items given while a crafting table is open land in the window and survive clicks and closing', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 24 }, 'keeper')
    t.after(close)
    const at = new Vec3(2, world.spawn.y, 0)
    await setBlock(world, at, 'crafting_table')
    await waitUntil(bot.world as never, `blockUpdate:${at}`, () => bot.blockAt(at)?.name === 'crafting_table')
    const win = await bot.openBlock(bot.blockAt(at)!)
    assert.ok(String(win.type).startsWith('minecraft:crafting'))
    world.give('keeper', 'dirt', 5)
    await waitUntil(win as never, 'updateSlot', () => win.containerItems().length === 0 && win.items().some((i) => i.name === 'dirt'))
    const dirt = win.items().find((i) => i.name === 'dirt')!
    await bot.clickWindow(dirt.slot, 0, 0) // pick up the stack
    await bot.clickWindow(1, 0, 0) // into the grid
    assert.equal(win.slots[1]?.name, 'dirt')
    bot.closeWindow(win)
    await waitUntil(bot.inventory as never, 'updateSlot', () => botInventory(bot).dirt === 5)
    assert.deepEqual(serverInventory(world, 'keeper'), { dirt: 5 }, 'the grid went back to the inventory on close')
  })

  test('drag-spreading a stack over slots and double-click gathering (the gestures human clients use)', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 25 }, 'dragger')
    t.after(close)
    world.give('dragger', 'dirt', 4)
    await waitForInventory(bot, (i) => i.dirt === 4)
    const from = bot.inventory.items().find((i) => i.name === 'dirt')!.slot
    await bot.clickWindow(from, 0, 0) // dirt on the cursor
    let action = 1000
    const raw = (slot: number, mouseButton: number, mode: number) =>
      bot._client.write('window_click', { windowId: 0, slot, mouseButton, action: action++, mode, item: { present: false } })
    raw(-999, 0, 5) // start a left drag
    raw(9, 1, 5)
    raw(10, 1, 5)
    raw(-999, 2, 5) // end: 4 spread over 2 slots
    await waitUntil(bot.inventory as never, 'updateSlot', () => bot.inventory.slots[9]?.count === 2 && bot.inventory.slots[10]?.count === 2)
    const server = world.server.players.find((p) => p.username === 'dragger')!
    assert.equal(server.inventory.slots[9]?.count, 2)
    assert.equal(server.inventory.slots[10]?.count, 2)
    assert.equal((server.inventory as unknown as { selectedItem: unknown }).selectedItem, null)

    raw(9, 0, 0) // pick up 2
    raw(9, 0, 6) // double click: gather the other 2
    raw(20, 0, 0) // put all 4 down
    await waitUntil(bot.inventory as never, 'updateSlot', () => bot.inventory.slots[20]?.count === 4)
    assert.deepEqual(serverInventory(world, 'dragger'), { dirt: 4 })
    assert.equal(server.inventory.slots[20]?.count, 4)
    assert.equal(server.inventory.slots[10], null)
  })

  test('a placed furnace smelts iron ore with coal (mineflayer openFurnace/putFuel/putInput/takeOutput)', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 23 }, 'smelter')
    t.after(close)
    const id = (name: string) => bot.registry.itemsByName[name]!.id
    world.give('smelter', 'furnace', 1)
    world.give('smelter', 'iron_ore', 1)
    world.give('smelter', 'coal', 1)
    await waitForInventory(bot, (i) => i.furnace === 1 && i.iron_ore === 1 && i.coal === 1)
    await bot.equip(bot.inventory.items().find((i) => i.name === 'furnace')!, 'hand')
    const at = new Vec3(2, world.spawn.y, 0)
    await bot.placeBlock(bot.blockAt(at.offset(0, -1, 0))!, new Vec3(0, 1, 0))
    assert.equal(bot.blockAt(at)?.name, 'furnace')

    const furnace = await bot.openFurnace(bot.blockAt(at)!)
    await furnace.putFuel(id('coal'), null, 1)
    await furnace.putInput(id('iron_ore'), null, 1)
    assert.deepEqual(botInventory(bot), {})
    await waitUntil(bot.world as never, `blockUpdate:${at}`, () => bot.blockAt(at)?.getProperties().lit === true)
    if (!furnace.outputItem()) await waitForEvent('the furnace to produce its output', furnace as never, 'update', () => !!furnace.outputItem(), 60_000)
    assert.equal(furnace.outputItem()!.name, 'iron_ingot')
    assert.equal(furnace.inputItem(), null)
    assert.equal(furnace.fuelItem(), null, 'the coal was burnt')
    assert.ok(furnace.fuel > 0, 'the coal still burns after one item (1600 ticks vs 200)')
    await furnace.takeOutput()
    furnace.close()
    assert.deepEqual(botInventory(bot), { iron_ingot: 1 })
    assert.deepEqual(serverInventory(world, 'smelter'), { iron_ingot: 1 })
  })
})

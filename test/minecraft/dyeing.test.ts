/**
 * Dyeing on 1.21.4 (issue 27), where minecraft-data keeps only one input of vanilla's "any other
 * wool + dye" recipe (`red_dye + black_wool`): a real embedded 1.21.4 world and the real body.
 * The body holding white wool and a red dye crafts red wool with its craft skill (the world's
 * crafting plugin makes the result, the body finds the recipe); a plain 1.21.4 client putting a
 * red dye on red wool in its grid gets no result from the world, and white wool in its place
 * red wool (read on the world's side, which recomputes the result on every click).
 * Operator API used: `world.give` (white wool, red dye, red wool: the starting items of the test).
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { Bot } from 'mineflayer'
import { createBody } from '../../src/minecraft/body/index.js'
import { connectBot, quitBot, serverInventory, startWorld, waitForInventory, waitUntil } from './support/world.js'
import { expectOk, until } from './body-support.js'

describe('dyeing wool on 1.21.4', () => {
  test('the body crafts red wool from white wool and a red dye; the world refuses a red dye on red wool', { timeout: 240_000 }, async (t) => {
    const world = await startWorld({ seed: 3, version: '1.21.4', monsters: false, animals: false })
    let body: Awaited<ReturnType<typeof createBody>> | undefined
    let bot: Bot | undefined
    t.after(async () => {
      await body?.close()
      if (bot) await quitBot(bot)
      await world.close()
    })

    body = await createBody({ host: world.host, port: world.port, username: 'Dyer', reflexes: { eat: false, shelter: false } })
    assert.equal(body.bot?.version, '1.21.4')
    world.give('Dyer', 'white_wool', 1)
    world.give('Dyer', 'red_dye', 1)
    await until(() => body!.inventoryCounts()['minecraft:red_dye'] === 1 && body!.inventoryCounts()['minecraft:white_wool'] === 1, 10_000, 'wool and dye in the inventory')
    const r = await body.run({ skill: 'craft', items: [{ name: 'minecraft:red_wool', count: 1 }] })
    t.diagnostic(`craft: ${r.reason}`)
    expectOk(r, 'craft red_wool')
    // the world's own count (its crafting plugin made the result), once the clicks have reached it
    await until(() => JSON.stringify(serverInventory(world, 'Dyer')) === JSON.stringify({ red_wool: 1 }), 10_000, `the world's inventory: ${JSON.stringify(serverInventory(world, 'Dyer'))}`).catch((err: unknown) => {
      throw new Error(`${String(err)}; it holds ${JSON.stringify(serverInventory(world, 'Dyer'))}`)
    })
    assert.deepEqual(body.inventoryCounts(), { 'minecraft:red_wool': 1 })

    // a plain client's 2x2 grid (slots 1-4 of the inventory window, the result in slot 0)
    bot = await connectBot(world, 'Tester')
    world.give('Tester', 'red_dye', 1)
    world.give('Tester', 'red_wool', 1)
    world.give('Tester', 'white_wool', 1)
    await waitForInventory(bot, (i) => i.red_dye === 1 && i.red_wool === 1 && i.white_wool === 1, 10_000)
    const slotOf = (name: string) => bot!.inventory.items().find((i) => i.name === name)!.slot
    // the world's side of the player's inventory window: it recomputes the result on every click
    const server = world.server.players.find((p) => p.username === 'Tester')!
    const grid = () => [0, 1, 2].map((n) => server.inventory.slots[n]?.name ?? null)
    await bot.moveSlotItem(slotOf('red_dye'), 1)
    const redWoolAt = slotOf('red_wool')
    await bot.moveSlotItem(redWoolAt, 2)
    await until(() => grid()[1] === 'red_dye' && grid()[2] === 'red_wool', 30_000, `red dye and red wool in the world's grid: ${JSON.stringify(grid())}`)
    assert.equal(grid()[0], null, 'no result for a red dye on red wool')
    await bot.moveSlotItem(2, redWoolAt)
    await bot.moveSlotItem(slotOf('white_wool'), 2)
    await until(() => grid()[2] === 'white_wool', 30_000, `white wool in the world's grid: ${JSON.stringify(grid())}`)
    assert.equal(grid()[0], 'red_wool', 'red wool for a red dye on white wool')
    await waitUntil(bot.inventory as never, 'updateSlot', () => bot!.inventory.slots[0]?.name === 'red_wool', 30_000)
  })
})

/**
 * Dyeing on 1.21.4 (issue 27), where minecraft-data keeps only one input of vanilla's "any other
 * wool + dye" recipe (`red_dye + black_wool`): a real embedded 1.21.4 world and the real body.
 * The body holding white wool and a red dye crafts red wool with its craft skill (the world's
 * crafting plugin makes the result, the body finds the recipe); a plain 1.21.4 client putting a
 * red dye on red wool in its grid gets nothing, and white wool in its place gives red wool.
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
    assert.deepEqual(serverInventory(world, 'Dyer'), { red_wool: 1 })

    // a plain client's 2x2 grid (slots 1-4 of the inventory window, the result in slot 0)
    bot = await connectBot(world, 'Tester')
    world.give('Tester', 'red_dye', 1)
    world.give('Tester', 'red_wool', 1)
    world.give('Tester', 'white_wool', 1)
    await waitForInventory(bot, (i) => i.red_dye === 1 && i.red_wool === 1 && i.white_wool === 1, 10_000)
    const slotOf = (name: string) => bot!.inventory.items().find((i) => i.name === name)!.slot
    let phase = 'red dye on red wool'
    const results: Array<{ phase: string; name: string | null }> = []
    bot.inventory.on('updateSlot', (slot: number, _old: unknown, item: { name: string } | null) => {
      if (slot === 0) results.push({ phase, name: item?.name ?? null })
    })
    await bot.moveSlotItem(slotOf('red_dye'), 1)
    const redWoolAt = slotOf('red_wool')
    await bot.moveSlotItem(redWoolAt, 2)
    // the server handles clicks in order: a result for the first grid would come before the second's
    await bot.moveSlotItem(2, redWoolAt)
    phase = 'red dye on white wool'
    await bot.moveSlotItem(slotOf('white_wool'), 2)
    await waitUntil(bot.inventory as never, 'updateSlot', () => bot!.inventory.slots[0]?.name === 'red_wool', 30_000)
    assert.deepEqual(
      results.filter((x) => x.name !== null),
      [{ phase: 'red dye on white wool', name: 'red_wool' }],
      'no result for a red dye on red wool, red wool for a red dye on white wool',
    )
  })
})

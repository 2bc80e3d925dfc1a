/**
 * A dig that flying-squid cannot finish does not end the world: minecraft-data 1.20.4 has no loot
 * entry for `short_grass`, which flying-squid's digging read when the dig completed (an unhandled
 * rejection: the world process ended, seen twice in the get-anything bench on 1.20.4). A plain
 * 1.20.4 client digs short grass, then digs the dirt beside it, which drops dirt as before.
 * Operator API used: `world.setBlock` through the test helper (the short grass and the dirt, next
 * to the client).
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { setBlock, waitForInventory, waitUntil, worldWithBot } from './support/world.js'

describe('digging a block without a loot entry (1.20.4)', () => {
  test('the world goes on after short grass is dug; the next dig drops as before', { timeout: 120_000 }, async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 3, version: '1.20.4', profile: 'natural', monsters: false, animals: false }, 'Digger')
    t.after(close)
    const feet = bot.entity.position.floored()
    const grassAt = feet.offset(1, 0, 0)
    const dirtAt = feet.offset(-1, 0, 0)
    await setBlock(world, grassAt.offset(0, -1, 0), 'grass_block')
    await setBlock(world, grassAt, 'short_grass')
    await setBlock(world, dirtAt, 'dirt')
    // the client sees both blocks once their updates arrive (under load that is more than a tick or two)
    await waitUntil(bot as never, 'blockUpdate', () => bot.blockAt(grassAt)?.name === 'short_grass' && bot.blockAt(dirtAt)?.name === 'dirt', 20_000)
    const grass = bot.blockAt(grassAt)
    assert.equal(grass?.name, 'short_grass')
    await bot.dig(grass!, true)
    await bot.dig(bot.blockAt(dirtAt)!, true)
    await waitForInventory(bot, (i) => (i.dirt ?? 0) >= 1, 20_000)
    assert.equal((await world.server.overworld.getBlock(dirtAt as never))?.name, 'air')
  })
})

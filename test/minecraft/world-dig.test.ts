import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { Bot } from 'mineflayer'
import { createRequire } from 'node:module'
import { Vec3 } from 'vec3'
import { botInventory, serverInventory, setBlock, waitForEvent, waitForInventory, waitUntil, worldWithBot, type World } from './support/world.js'

/**
 * Digs the block at `pos` with whatever the bot holds, then digs a dirt block
 * next to the bot and waits until that dirt is picked up. Drops are spawned
 * and collected in order, so anything the first block dropped has been
 * collected by then too.
 */
async function digThenSettle(world: World, bot: Bot, pos: Vec3, markerPos: Vec3): Promise<Record<string, number>> {
  await bot.dig(bot.blockAt(pos)!, true)
  assert.equal(bot.blockAt(pos)?.name, 'air')
  await setBlock(world, markerPos, 'dirt')
  await waitForEvent(bot.world as never, `blockUpdate:${markerPos}`)
  const dirtBefore = botInventory(bot).dirt ?? 0
  await bot.equip(null as never, 'hand').catch(() => undefined)
  await bot.dig(bot.blockAt(markerPos)!, true)
  return waitForInventory(bot, (inv) => (inv.dirt ?? 0) > dirtBefore)
}

async function holdOnly(world: World, bot: Bot, item: string): Promise<void> {
  world.give(bot.username, item, 1)
  await waitForInventory(bot, (inv) => (inv[item] ?? 0) >= 1)
  await bot.equip(bot.inventory.items().find((i) => i.name === item)!, 'hand')
}

describe('digging and drops', () => {
  test('stone drops nothing by hand and cobblestone with a wooden pickaxe; drops are picked up', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 5 }, 'digger')
    t.after(close)
    const collected: string[] = []
    bot.on('playerCollect', (collector) => {
      if (collector === bot.entity) collected.push('me')
    })
    const stone = new Vec3(1, world.spawn.y, 0)
    const marker = new Vec3(-1, world.spawn.y, 0)
    await setBlock(world, stone, 'stone')
    await waitForEvent(bot.world as never, `blockUpdate:${stone}`)

    const afterHand = await digThenSettle(world, bot, stone, marker)
    assert.equal(afterHand.cobblestone, undefined, 'stone by hand must drop nothing')
    assert.equal(afterHand.stone, undefined)

    await setBlock(world, stone, 'stone')
    await waitForEvent(bot.world as never, `blockUpdate:${stone}`)
    await holdOnly(world, bot, 'wooden_pickaxe')
    await bot.dig(bot.blockAt(stone)!, true)
    const inv = await waitForInventory(bot, (i) => (i.cobblestone ?? 0) >= 1)
    assert.equal(inv.cobblestone, 1)
    assert.ok(collected.length >= 2, 'mineflayer saw playerCollect for our pickups')
    assert.equal(serverInventory(world, 'digger').cobblestone, 1)
  })

  test('iron ore needs a stone pickaxe: nothing with a wooden one, iron_ore with a stone one', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 6 }, 'miner')
    t.after(close)
    const ore = new Vec3(1, world.spawn.y, 0)
    const marker = new Vec3(-1, world.spawn.y, 0)
    await setBlock(world, ore, 'iron_ore')
    await waitForEvent(bot.world as never, `blockUpdate:${ore}`)
    await holdOnly(world, bot, 'wooden_pickaxe')
    await bot.dig(bot.blockAt(ore)!, true)
    await setBlock(world, marker, 'dirt')
    await waitForEvent(bot.world as never, `blockUpdate:${marker}`)
    await bot.dig(bot.blockAt(marker)!, true)
    const afterWood = await waitForInventory(bot, (inv) => (inv.dirt ?? 0) >= 1)
    assert.equal(afterWood.iron_ore, undefined, 'iron ore with a wooden pickaxe must drop nothing')

    await setBlock(world, ore, 'iron_ore')
    await waitForEvent(bot.world as never, `blockUpdate:${ore}`)
    await holdOnly(world, bot, 'stone_pickaxe')
    await bot.dig(bot.blockAt(ore)!, true)
    const inv = await waitForInventory(bot, (i) => (i.iron_ore ?? 0) >= 1)
    assert.equal(inv.iron_ore, 1)
  })

  test('logs drop logs and grass drops dirt; placing a block consumes it', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 8 }, 'lumber')
    t.after(close)
    const log = new Vec3(1, world.spawn.y, 0)
    await setBlock(world, log, 'birch_log')
    await waitForEvent(bot.world as never, `blockUpdate:${log}`)
    await bot.dig(bot.blockAt(log)!, true)
    await waitForInventory(bot, (i) => i.birch_log === 1)
    const grass = new Vec3(0, world.spawn.y - 1, 1)
    assert.equal(bot.blockAt(grass)?.name, 'grass_block')
    await bot.dig(bot.blockAt(grass)!, true)
    await waitForInventory(bot, (i) => i.dirt === 1)

    await bot.equip(bot.inventory.items().find((i) => i.name === 'birch_log')!, 'hand')
    const target = new Vec3(-1, world.spawn.y, 0)
    await bot.placeBlock(bot.blockAt(target.offset(0, -1, 0))!, new Vec3(0, 1, 0))
    assert.equal(bot.blockAt(target)?.name, 'birch_log')
    assert.equal((await world.server.overworld.getBlock(target as never))?.name, 'birch_log')
    await waitForInventory(bot, (i) => i.birch_log === undefined)
    assert.equal(serverInventory(world, 'lumber').birch_log, undefined)
  })

  test('tossed items fly a few blocks ahead, stay there, and can be picked up by walking over them', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 9 }, 'tosser')
    t.after(close)
    world.give('tosser', 'dirt', 5)
    await waitForInventory(bot, (i) => i.dirt === 5)
    // look east (+x), and toss once the server has the look
    const tosser = () => world.server.players.find((p) => p.username === 'tosser')!
    const yawBefore = tosser().yaw
    await bot.lookAt(bot.entity.position.offset(10, 1.62, 0), true)
    await waitUntil(world.server as never, 'tick', () => tosser().yaw !== yawBefore)
    await bot.toss(bot.registry.itemsByName.dirt!.id, null, 2)
    assert.equal(botInventory(bot).dirt, 3)
    const server = world.server
    // mineflayer tosses one item at a time (right click outside the window): two entities.
    const thrown = () => Object.values(server.entities).filter((e: any) => e.mbDrop) as any[]
    // At rest: the same positions for 5 server ticks in a row.
    let last = ''
    let still = 0
    await waitUntil(server as never, 'tick', () => {
      const items = thrown()
      if (items.length !== 2) return false
      const pos = items.map((e) => `${e.position.x.toFixed(3)},${e.position.y.toFixed(3)},${e.position.z.toFixed(3)}`).join(';')
      still = pos === last ? still + 1 : 0
      last = pos
      return still >= 5
    })
    for (const e of thrown()) {
      const d = Math.hypot(e.position.x - bot.entity.position.x, e.position.z - bot.entity.position.z)
      assert.ok(d > 2.2, `an item landed ${d.toFixed(2)} blocks away, out of the thrower's reach`)
      // thrown where the bot looks (flying-squid keeps the yaw in 1/256 turns, not degrees)
      const dx = e.position.x - bot.entity.position.x
      const dz = e.position.z - bot.entity.position.z
      assert.ok(dx > 2 && Math.abs(dz) < 1, `an item landed at dx ${dx.toFixed(2)}, dz ${dz.toFixed(2)}: not ahead of the bot looking east`)
    }
    assert.equal(botInventory(bot).dirt, 3, 'the thrower did not pick them straight back up')
    const item = thrown()[0]

    const player = server.players.find((p) => p.username === 'tosser')!
    player.teleport(new Vec3(item.position.x, world.spawn.y, item.position.z))
    const inv = await waitForInventory(bot, (i) => i.dirt === 5)
    assert.equal(inv.dirt, 5)
  })

  test('a tall flower drops once, from its lower half: breaking either half takes both (1.20.4)', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 4, version: '1.20.4' }, 'picker')
    t.after(close)
    const Block = createRequire(import.meta.url)('prismarine-block')(world.server.registry)
    const lilac = async (lower: Vec3) => {
      for (const [pos, half] of [[lower, 'lower'], [lower.offset(0, 1, 0), 'upper']] as const) {
        await world.server.setBlock(world.server.overworld, pos as never, Block.fromProperties('lilac', { half }, 0).stateId)
        await waitForEvent(bot.world as never, `blockUpdate:${pos}`)
      }
    }
    const marker = new Vec3(-1, world.spawn.y, 0)
    for (const [n, dug] of [[1, 'upper'], [2, 'lower']] as const) {
      const lower = new Vec3(1, world.spawn.y, n === 1 ? 0 : 1)
      await lilac(lower)
      const target = dug === 'upper' ? lower.offset(0, 1, 0) : lower
      assert.equal(bot.blockAt(target)?.getProperties().half, dug)
      const inv = await digThenSettle(world, bot, target, marker)
      assert.equal((await world.server.overworld.getBlock(lower as never))?.name, 'air', `the lower half after breaking the ${dug} one`)
      assert.equal((await world.server.overworld.getBlock(lower.offset(0, 1, 0) as never))?.name, 'air', `the upper half after breaking the ${dug} one`)
      assert.equal(inv.lilac, n, `one lilac for each flower (broke its ${dug} half)`)
    }
  })

  for (const version of ['1.16.5', '1.20.4', '1.21.4']) {
    test(`a client tells what lies on the ground: a tossed stack's item entity names it (${version})`, async (t) => {
      const { world, bot, close } = await worldWithBot({ seed: 9, version }, 'looker')
      t.after(close)
      const errors: string[] = []
      ;(bot._client as unknown as NodeJS.EventEmitter).on('error', (e: Error) => errors.push(e.message))
      world.give('looker', 'dirt', 3)
      await waitForInventory(bot, (i) => i.dirt === 3)
      await bot.toss(bot.registry.itemsByName.dirt!.id, null, 1)
      const seen = () =>
        Object.values(bot.entities).some((e) => e.name === 'item' && (e as unknown as { getDroppedItem(): { name: string } | null }).getDroppedItem()?.name === 'dirt')
      await waitUntil(bot as never, 'physicsTick', seen, 30_000)
      assert.deepEqual(errors, [], 'the client read every packet')
    })
  }
})

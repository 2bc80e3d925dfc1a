import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { botInventory, waitForEvent, waitForInventory, waitUntil, worldWithBot } from './support/world.js'

describe('health, hunger, death', () => {
  test('damage and heal (API and chat commands) update the bot health with a hurt event', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 31, ops: ['patient'] }, 'patient')
    t.after(close)
    const hurt = waitForEvent(bot as never, 'entityHurt', (e: unknown) => e === bot.entity)
    let health = waitForEvent(bot as never, 'health')
    world.damage('patient', 5, 'test')
    await health
    await hurt
    assert.equal(bot.health, 15)

    health = waitForEvent(bot as never, 'health')
    world.heal('patient', 2)
    await health
    assert.equal(bot.health, 17)

    const reply = waitForEvent(bot as never, 'messagestr', (m: string) => m.includes('hurt patient by 4 (lava)'))
    health = waitForEvent(bot as never, 'health')
    bot.chat('/mbhurt patient 4 lava')
    await health
    await reply
    assert.equal(bot.health, 13)

    health = waitForEvent(bot as never, 'health')
    bot.chat('/mbheal patient 30')
    await health
    assert.equal(bot.health, 20, 'healing caps at 20')

    const usage = waitForEvent(bot as never, 'messagestr', (m: string) => m.includes('Usage: /mbhurt'))
    bot.chat('/mbhurt patient lots')
    await usage
    const unknown = waitForEvent(bot as never, 'messagestr', (m: string) => m.includes('no player named "ghost"'))
    bot.chat('/mbhurt ghost 3')
    await unknown
    assert.equal(bot.health, 20)
  })

  test('falling 10 blocks costs 7 health; falling 3 blocks costs nothing', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 32 }, 'faller')
    t.after(close)
    const player = world.server.players.find((p) => p.username === 'faller')!
    const ground = world.spawn.y

    // the hurt events, not bot.health: regeneration heals in between (fast at full food, as vanilla)
    const hurts: string[] = []
    world.server.on('mbHurt', (e: { player: string; cause: string; amount: number }) => {
      if (e.player === 'faller') hurts.push(`${e.cause}:${e.amount}`)
    })
    player.teleport(new Vec3(0.5, ground + 3, 0.5))
    await waitForEvent(bot as never, 'forcedMove')
    await waitForEvent(bot as never, 'physicsTick', () => bot.entity.onGround && bot.entity.position.y === ground)
    // A marker hit after the short fall: whatever the fall did has been applied before it.
    const marker = waitForEvent(world.server as never, 'mbHurt', (e: { cause: string }) => e.cause === 'marker')
    world.damage('faller', 1, 'marker')
    await marker
    assert.deepEqual(hurts, ['marker:1'], 'a 3-block fall does no damage')

    const fell = waitForEvent(world.server as never, 'mbHurt', (e: { cause: string }) => e.cause === 'fall')
    player.teleport(new Vec3(0.5, ground + 10, 0.5))
    await fell
    assert.deepEqual(hurts, ['marker:1', 'fall:7'])
  })

  test('eating restores food and consumes the item (mineflayer bot.consume)', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 33 }, 'eater')
    t.after(close)
    const player = world.server.players.find((p) => p.username === 'eater')!
    const hungry = waitForEvent(bot as never, 'health', () => bot.food === 10)
    player.updateFood(10)
    await hungry
    world.give('eater', 'bread', 2)
    await waitForInventory(bot, (i) => i.bread === 2)
    await bot.equip(bot.inventory.items().find((i) => i.name === 'bread')!, 'hand')
    await bot.consume()
    const fed = await waitForInventory(bot, (i) => i.bread === 1)
    assert.equal(fed.bread, 1)
    await waitUntil(bot as never, 'health', () => bot.food === 15)
    assert.equal(bot.food, 15) // bread: 5 food points
  })

  test('dying drops the inventory, announces the cause and respawns at spawn with full health', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 34 }, 'mortal')
    t.after(close)
    world.give('mortal', 'stick', 3)
    await waitForInventory(bot, (i) => i.stick === 3)
    const player = world.server.players.find((p) => p.username === 'mortal')!
    player.teleport(new Vec3(3.5, world.spawn.y, 3.5 - 6))
    await waitForEvent(bot as never, 'forcedMove')

    const died = waitForEvent(bot as never, 'death')
    const message = waitForEvent(bot as never, 'messagestr', (m: string) => m.includes('mortal died (void)'))
    const respawned = waitForEvent(bot as never, 'respawn')
    world.damage('mortal', 50, 'void')
    await died
    await message
    await respawned
    await waitUntil(bot as never, 'health', () => bot.health === 20)
    assert.equal(bot.food, 20)
    await waitUntil(bot as never, 'forcedMove', () => bot.entity.position.x === world.spawn.x && bot.entity.position.z === world.spawn.z)
    assert.deepEqual(botInventory(bot), {}, 'the inventory was dropped')
    // The client dropped its world on respawn; the server sent the chunks again.
    await waitUntil(bot as never, "chunkColumnLoad", () => bot.blockAt(bot.entity.position.offset(0, -1, 0))?.name === 'grass_block')
  })
})

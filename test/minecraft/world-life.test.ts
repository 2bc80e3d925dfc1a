import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { Vec3 } from 'vec3'
import { createNaturalWorld } from '../../src/minecraft/world/natural/index.js'
import { createNaturalGenerator } from '../../src/minecraft/world/generator.js'
import { botInventory, connectBot, quitBot, startWorld, waitForEvent, waitForInventory } from './support/world.js'
import { waitFor } from '../support/wait.js'

const require = createRequire(import.meta.url)

describe('passive animals at chunk generation', () => {
  test('about 0.11 creature groups per land chunk (vanilla rate), the same for the same seed, different for another', () => {
    const registry = require('prismarine-registry')('1.16.5')
    const perSeed = (seed: number) => {
      const found: Array<{ cx: number; cz: number; kind: string; x: number; y: number; z: number }> = []
      const gen = createNaturalGenerator({
        worldSeed: seed,
        registry,
        onAnimals: (cx, cz, animals) => animals.forEach((a) => found.push({ cx, cz, ...a })),
      })
      for (let cx = -12; cx < 12; cx++) for (let cz = -12; cz < 12; cz++) gen(cx, cz)
      return found
    }
    const a = perSeed(11)
    assert.deepEqual(perSeed(11), a, 'same seed, same animals')
    const b = perSeed(12)
    assert.notDeepEqual(b, a, 'another seed, other animals')
    // groups: animals of one kind in one chunk; vanilla draws 0.1/0.9 ≈ 0.11 groups per chunk, of
    // which the four farm animals take 40/40 (birch) to 40/60 (taiga) of the weight; oceans have none
    const chunks = 2 * 24 * 24
    const groups = new Set([...a, ...b].map((m) => `${m.cx},${m.cz},${m.kind}`)).size
    const rate = groups / chunks
    assert.ok(rate > 0.04 && rate < 0.12, `groups per chunk ${rate.toFixed(3)} (expected ≈ 0.07–0.11)`)
    const kinds = new Set([...a, ...b].map((m) => m.kind))
    for (const k of ['cow', 'pig', 'sheep', 'chicken']) assert.ok(kinds.has(k), `${k} among ${[...kinds].join(', ')}`)
    const world = createNaturalWorld(11)
    for (const m of a) {
      const top = world.generate(m.cx, m.cz).blocks[((m.y - 1) << 8) | ((Math.floor(m.z) & 15) << 4) | (Math.floor(m.x) & 15)]
      assert.equal(top, 6, `${m.kind} at ${m.x},${m.y},${m.z} stands on grass`)
    }
  })

  test('a real world has its animals from the start, the same kinds for the same seed', async (t) => {
    const kindsOf = async () => {
      const world = await startWorld({ seed: 21, monsters: false })
      try {
        return world
          .mobs()
          .map((m) => m.kind)
          .sort()
      } finally {
        await world.close()
      }
    }
    const first = await kindsOf()
    assert.ok(first.length > 0, 'animals around the spawn')
    assert.deepEqual(await kindsOf(), first)
    t.diagnostic(`${first.length} animals in the spawn area`)
  })
})

describe('hunting', () => {
  test('a bot kills a cow with a stone sword (5 damage a hit) and picks up vanilla loot', async (t) => {
    const world = await startWorld({ seed: 22, monsters: false, animals: false })
    const bot = await connectBot(world, 'hunter')
    t.after(async () => {
      await quitBot(bot)
      await world.close()
    })
    world.give('hunter', 'stone_sword', 1)
    await waitForInventory(bot, (i) => i.stone_sword === 1)
    await bot.equip(bot.inventory.items().find((i) => i.name === 'stone_sword')!, 'hand')
    const p = bot.entity.position
    const cow = world.spawnMob('cow', { x: p.x + 2, y: p.y, z: p.z })
    const seen = await waitFor('the cow entity at the bot', () => Object.values(bot.entities).find((e) => e.id === cow.entityId))
    const died = waitForEvent(bot as never, 'entityDead', (e: { id: number }) => e.id === seen.id)
    bot.attack(seen)
    await waitFor('the first hit', () => world.mobs('cow')[0]?.health !== 10)
    assert.equal(world.mobs('cow')[0]?.health, 5, 'a fully charged stone sword hit does 5')
    // wait out the sword's cooldown (12.5 ticks), then hit again
    let ticks = 0
    await waitForEvent(bot as never, 'physicsTick', () => ++ticks >= 14)
    bot.attack(seen)
    await died
    assert.equal(world.mobs('cow').length, 0)
    const drops = await waitFor('the loot on the ground', () => {
      const items = Object.values(world.server.entities).filter((e: any) => e.mbDrop && !e.mbCollected)
      return items.length > 0 && items
    })
    // walk over the loot (server-side move: this test is about the loot, not walking)
    const at = drops[0].position
    await world.server.players[0]!.teleport(new Vec3(at.x, at.y, at.z) as never)
    await waitFor('every drop picked up', () => Object.values(world.server.entities).every((e: any) => !e.mbDrop || e.mbCollected))
    const inv = await waitForInventory(bot, (i) => (i.beef ?? 0) >= 1)
    assert.ok(inv.beef! >= 1 && inv.beef! <= 3, `beef ${inv.beef}`)
    assert.ok((inv.leather ?? 0) <= 2, `leather ${inv.leather}`)
    assert.deepEqual(Object.keys(botInventory(bot)).sort(), ['beef', 'leather', 'stone_sword'].filter((k) => k !== 'leather' || inv.leather).sort())
  })
})

describe('operators', () => {
  test('only the named operators may run /mb… commands', async (t) => {
    const world = await startWorld({ seed: 23, profile: 'starter', monsters: false, ops: ['boss'] })
    const guest = await connectBot(world, 'guest')
    const boss = await connectBot(world, 'boss')
    t.after(async () => {
      await quitBot(guest)
      await quitBot(boss)
      await world.close()
    })
    const refused = waitForEvent(guest as never, 'messagestr', (m: string) => m.includes('You do not have permission'))
    guest.chat('/mbhurt guest 5')
    await refused
    const refusedTime = waitForEvent(guest as never, 'messagestr', (m: string) => m.includes('You do not have permission'))
    guest.chat('/time set 13000')
    await refusedTime
    assert.equal(guest.health, 20)
    const hurt = waitForEvent(guest as never, 'health', () => guest.health === 15)
    boss.chat('/mbhurt guest 5')
    await hurt
    assert.equal(world.vitals('guest').health, 15)
  })
})

/**
 * Animals in a real embedded world: the natural world of seed 25, whose generator put pigs (~9 blocks),
 * cows (28–38) and sheep (32–36; one gray) around spawn. Nothing is placed or summoned; monsters are
 * off so that no creeper joins in. The bot is given, through the World API (said below), a stone
 * sword, shears, 2 oak planks and 4 sticks (fuel) and a furnace.
 * hunt (cow → beef), kill + pickUp (a pig's porkchop), shear (wool; the world shows the sheep sheared
 * and wears the shears), hunt for a wool colour, a night-only mob by day, and cooking the beef in one
 * furnace visit.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startWorld, type World } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import type { HuntResult, KillResult, PickUpResult, ScannedEntity, ShearResult, SmeltResult } from '../../src/minecraft/body/types.js'
import { until } from './body-support.js'

const NAME = 'Hunter'
const GIVEN: Array<[string, number]> = [
  ['stone_sword', 1],
  ['shears', 1],
  ['oak_planks', 2],
  ['stick', 4],
  ['furnace', 1],
]

describe('animals: hunt, kill and pick up, shear, cook (natural world, seed 25)', { timeout: 900_000 }, () => {
  let world: World
  let body: MineflayerBody
  const held = (item: string) => body.inventoryCounts()[`minecraft:${item}`] ?? 0

  before(async () => {
    world = await startWorld({ port: 0, seed: 25, monsters: false })
    body = await createBody({ host: world.host, port: world.port, username: NAME, reflexes: { eat: false } })
    console.log(`given through the World API: ${GIVEN.map(([i, n]) => `${n} ${i}`).join(', ')}`)
    for (const [item, n] of GIVEN) world.give(NAME, item, n)
    await until(() => GIVEN.every(([i, n]) => held(i) >= n), 15_000, 'the given items')
    // right after joining, the server has not yet sent the animals around; a player's client shows them a moment later
    const known = (kind: string) => Object.values(body.bot.entities).some((e) => e.name === kind)
    await until(() => known('cow') && known('pig') && known('sheep'), 30_000, 'the animals around spawn in the client')
  })

  after(async () => {
    await body?.close()
    await world?.close()
  })

  test('hunt: cows until 2 beef are picked up', { timeout: 240_000 }, async () => {
    const cows = world.mobs('cow').length
    const r = (await body.run({ skill: 'hunt', entity: 'cow', item: 'beef', count: 2 })) as HuntResult
    assert.equal(r.ok, true, r.reason)
    assert.ok(r.kills >= 1 && r.kills <= 2, `kills ${r.kills}`)
    assert.equal(r.picked[0]!.name, 'minecraft:beef')
    assert.ok(r.picked[0]!.count >= 2)
    assert.ok((r.gained?.['minecraft:beef'] ?? 0) >= 2)
    assert.equal(world.mobs('cow').length, cows - r.kills)
  })

  test('kill by UUID leaves the drops; pickUp walks over them', { timeout: 180_000 }, async () => {
    const scan = await body.run({ skill: 'scanEntities', radius: 48, ids: ['minecraft:pig'] })
    const pig = (scan.entities as ScannedEntity[])[0]
    assert.ok(pig, 'no pig in sight')
    const k = (await body.run({ skill: 'kill', uuids: [pig.uuid] })) as KillResult
    assert.equal(k.ok, true, k.reason)
    assert.deepEqual(k.killed, [pig.uuid])
    assert.deepEqual(k.notFound, [])
    const before = held('porkchop')
    const p = (await body.run({ skill: 'pickUp', item: 'porkchop' })) as PickUpResult
    assert.equal(p.ok, true, p.reason)
    assert.ok(p.picked[0]!.count >= 1)
    assert.equal(held('porkchop'), before + p.picked[0]!.count)
    const none = (await body.run({ skill: 'pickUp', item: 'egg', count: 1 })) as PickUpResult
    assert.equal(none.ok, false)
    assert.match(none.reason, /no dropped minecraft:egg within 32 blocks/)
  })

  test('shear: sheep throw their wool, the world shows them sheared, the shears wear', { timeout: 240_000 }, async () => {
    const wool = () => Object.entries(body.inventoryCounts()).filter(([k]) => k.endsWith('_wool')).reduce((n, [, v]) => n + v, 0)
    const before = wool()
    const r = (await body.run({ skill: 'shear', count: 2 })) as ShearResult
    assert.equal(r.ok, true, r.reason)
    assert.ok(r.sheared >= 1 && r.sheared <= 2, `sheared ${r.sheared}`)
    assert.equal(r.picked[0]!.name, 'wool')
    assert.ok(wool() - before >= 2)
    assert.ok(world.mobs('sheep').filter((s) => s.wool?.sheared).length >= 1)
    const shears = body.bot.inventory.items().find((i) => i.name === 'shears')
    assert.ok(shears, 'the shears are gone')
    assert.equal(shears.durabilityUsed, r.sheared)
  })

  test('hunt for white wool kills an unsheared white sheep; a night-only mob by day is said to be absent', { timeout: 240_000 }, async () => {
    const before = held('white_wool')
    const r = (await body.run({ skill: 'hunt', entity: 'sheep', item: 'white_wool', count: 1 })) as HuntResult
    assert.equal(r.ok, true, r.reason)
    assert.ok(held('white_wool') > before)
    const spider = (await body.run({ skill: 'hunt', entity: 'spider', item: 'string', count: 1 })) as HuntResult
    assert.equal(spider.ok, false)
    assert.match(spider.reason, /no minecraft:spider within 48 blocks: spiders spawn in the dark .*none around now in daylight/)
    assert.equal(spider.kills, 0)
  })

  test('smelt cooks the beef in one furnace visit, burning planks and sticks together', { timeout: 240_000 }, async () => {
    const n = Math.min(5, held('beef'))
    assert.ok(n >= 2)
    const r = (await body.run({ skill: 'smelt', input: 'beef', count: n })) as SmeltResult
    assert.equal(r.ok, true, r.reason)
    assert.deepEqual(r.smelted, [{ name: 'minecraft:cooked_beef', count: n }])
    assert.equal(r.gained?.['minecraft:cooked_beef'], n)
    assert.equal(r.gained?.['minecraft:beef'], -n)
    assert.equal(r.gained?.['minecraft:furnace'], -1) // placed from the inventory
    // 2 planks smelt 3 items; more than 3 needs the sticks too (2 per item)
    assert.equal(r.gained?.['minecraft:oak_planks'], -2 + (n <= 1 ? 1 : 0))
    if (n > 3) assert.equal(r.gained?.['minecraft:stick'], -2 * (n - 3))
    // an output named as input is refused with the input to use
    const wrong = await body.run({ skill: 'smelt', input: 'cooked_beef', count: 1 })
    assert.match(wrong.reason, /minecraft:cooked_beef is what a furnace makes, not an input: smelt minecraft:beef/)
  })
})

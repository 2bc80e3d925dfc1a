/**
 * Every skill's failure reasons against a real embedded world (no target in range,
 * missing tool, missing materials, cancelled, timeout), plus the simple skills' successes.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import type { ScannedEntity } from '../../src/minecraft/body/types.js'
import { worldAndBody, until } from './body-support.js'
import { HeartbeatEventSchema, heartbeatFromStatus } from '../../src/protocols/lynxmind.js'
import { lynxStatusOf } from '../../src/minecraft/links/lynxmind-status.js'
import { GROUND_Y, POND } from '../../src/minecraft/world/terrain.js'
import { Vec3 } from 'vec3'

describe('skills: failure reasons and simple skills (embedded world)', { timeout: 240_000 }, () => {
  let world: World
  let body: MineflayerBody
  let cleanup: () => Promise<void>
  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Skiller', { body: { reflexes: { eat: false } } }))
  })
  after(async () => {
    await cleanup?.()
  })

  test('status is a plain snapshot of the bot, rendered as a valid LynxMind heartbeat by the link', () => {
    const s = body.status()
    assert.equal(s.connected, true)
    assert.equal(s.maxHealth, 20)
    assert.equal(s.maxFood, 20)
    assert.equal(s.health, 20)
    assert.equal(s.dimension, 'overworld')
    assert.ok(s.timeOfDay >= 0 && s.timeOfDay < 24000)
    const p = body.bot.entity.position
    for (const k of ['x', 'y', 'z'] as const) assert.ok(Math.abs(s.position[k] - p[k]) <= 0.005, `position.${k}`)
    assert.deepEqual(s.activity, { kind: 'idle' })
    assert.equal(s.action, null)
    const hb = HeartbeatEventSchema.safeParse(heartbeatFromStatus(lynxStatusOf(s)))
    assert.ok(hb.success, String(hb.error))
    for (const k of ['posX', 'posY', 'posZ'] as const) assert.ok(Number.isInteger(hb.data![k]), `${k} integer`)
    assert.deepEqual(hb.data!.current_baritone_task, { type: 'NONE' })
  })

  test('collect: unknown item, nothing in range, missing tool', async () => {
    const unknown = await body.run({ skill: 'collect', items: [{ name: 'unobtainium', count: 1 }] })
    assert.equal(unknown.ok, false)
    assert.match(unknown.reason, /unknown item 'unobtainium'/)
    // nothing known: collect searches on foot within its time budget, then says what it searched
    const none = await body.run({ skill: 'collect', items: [{ name: 'emerald_ore', count: 1 }] }, { timeoutMs: 15_000 })
    assert.equal(none.ok, false)
    assert.match(none.reason, /^no emerald_ore known within 64 blocks .*searched .*walking \d+ blocks/)
    await body.run({ skill: 'moveTo', x: world.spawn.x, y: world.spawn.y, z: world.spawn.z })
    const tool = await body.run({ skill: 'collect', items: [{ name: 'iron_ore', count: 1 }] })
    assert.equal(tool.ok, false)
    assert.match(tool.reason, /need a stone_pickaxe or better to harvest iron_ore/)
    assert.deepEqual(tool.missing, [{ name: 'minecraft:iron_ore', count: 1 }])
  })

  test('craft: missing materials are named with counts', async () => {
    const r = await body.run({ skill: 'craft', items: [{ name: 'minecraft:wooden_pickaxe', count: 1 }] })
    assert.equal(r.ok, false)
    assert.match(r.reason, /missing 3 minecraft:\w+_planks, 2 minecraft:stick to craft minecraft:wooden_pickaxe/)
    assert.deepEqual(r.crafted, [])
    assert.deepEqual(r.notCrafted, [{ name: 'minecraft:wooden_pickaxe', count: 1 }])
    const raw = await body.run({ skill: 'craft', items: [{ name: 'iron_ore', count: 1 }] })
    assert.match(raw.reason, /has no crafting recipe/)
  })

  test('smelt, equip, eat, place, attack: nothing to use', async () => {
    assert.match((await body.run({ skill: 'smelt', input: 'raw_iron', count: 2 })).reason, /missing 2 minecraft:iron_ore to smelt/)
    assert.match((await body.run({ skill: 'smelt', input: 'dirt', count: 1 })).reason, /cannot be smelted/)
    assert.match((await body.run({ skill: 'equip', item: 'diamond_sword' })).reason, /no minecraft:diamond_sword in inventory/)
    const eat = await body.run({ skill: 'eat' })
    assert.equal(eat.ok, false)
    assert.match(eat.reason, /not hungry|no food/)
    const s = body.status()
    assert.match((await body.run({ skill: 'place', item: 'cobblestone', x: Math.floor(s.position.x) + 2, y: Math.floor(s.position.y), z: Math.floor(s.position.z) })).reason, /no minecraft:cobblestone in inventory/)
    assert.match((await body.run({ skill: 'place', item: 'stick', x: 0, y: 50, z: 0 })).reason, /not a placeable block/)
    assert.match((await body.run({ skill: 'attack', target: 'ender_dragon' })).reason, /no entity 'ender_dragon'/)
    assert.match((await body.run({ skill: 'kill', uuids: ['00000000-0000-0000-0000-000000000000'] })).reason, /not in sight/)
    assert.match((await body.run({ skill: 'follow', player: 'Nobody' })).reason, /player Nobody is not online/)
    // within a short time limit the hunt does not walk out to search (it would for its own 180 s)
    assert.match((await body.run({ skill: 'hunt', entity: 'cow', item: 'leather', count: 1 }, { timeoutMs: 15_000 })).reason, /no minecraft:cow within 48 blocks/)
  })

  test('equip and place succeed with items given by the world', async () => {
    world.give('Skiller', 'cobblestone', 3)
    await until(() => body.inventoryCounts()['minecraft:cobblestone'] === 3, 10_000, 'given cobblestone')
    const eq = await body.run({ skill: 'equip', item: 'cobblestone' })
    assert.equal(eq.ok, true, eq.reason)
    const s = body.status()
    assert.equal(s.equipment.hand, 'minecraft:cobblestone')
    assert.equal(s.inventory.some((e) => e.slot >= 36 && e.slot <= 44 && e.name === 'minecraft:cobblestone'), true)
    const target = { x: Math.floor(s.position.x) + 2, y: Math.floor(s.position.y), z: Math.floor(s.position.z) }
    const pl = await body.run({ skill: 'place', item: 'minecraft:cobblestone', ...target })
    assert.equal(pl.ok, true, pl.reason)
    assert.equal(body.bot.blockAt(body.bot.entity.position.floored().offset(2, 0, 0))?.name, 'cobblestone')
    const scan = await body.run({ skill: 'scanBlocks', radius: 4, ids: ['minecraft:cobblestone'] })
    assert.equal(scan.ok, true)
    assert.deepEqual(
      (scan.blocks as Array<{ name: string; position: unknown }>).map((b) => ({ name: b.name, position: b.position })),
      [{ name: 'minecraft:cobblestone', position: target }],
    )
    assert.deepEqual(pl.gained, { 'minecraft:cobblestone': -1 })
    assert.match(String(scan.summary), /1 minecraft:cobblestone/)
  })

  test('a window left open (an open that finished after its skill ended) does not take the next craft in the inventory', async () => {
    world.give('Skiller', 'crafting_table', 1)
    world.give('Skiller', 'oak_log', 1)
    await until(() => body.inventoryCounts()['minecraft:oak_log'] === 1 && body.inventoryCounts()['minecraft:crafting_table'] === 1, 10_000, 'given table and log')
    const s = body.status()
    const at = { x: Math.floor(s.position.x) - 2, y: Math.floor(s.position.y), z: Math.floor(s.position.z) }
    const pl = await body.run({ skill: 'place', item: 'minecraft:crafting_table', ...at })
    assert.equal(pl.ok, true, pl.reason)
    const table = body.bot.blockAt(body.bot.entity.position.floored().offset(-2, 0, 0))
    assert.equal(table?.name, 'crafting_table')
    // what an interrupted skill leaves behind: the table's window open on client and server
    await body.bot.openBlock(table!)
    assert.ok(body.bot.currentWindow, 'the table window is open')
    const r = await body.run({ skill: 'craft', items: [{ name: 'minecraft:oak_planks', count: 4 }] })
    assert.equal(r.ok, true, r.reason)
    assert.equal(body.inventoryCounts()['minecraft:oak_planks'], 4)
    assert.equal(body.inventoryCounts()['minecraft:oak_log'] ?? 0, 0)
    assert.equal(body.bot.currentWindow, null)
  })

  test('moveTo arrives; a far goal hits the time limit; stop() cancels', async () => {
    const s = body.status()
    const near = await body.run({ skill: 'moveTo', x: Math.floor(s.position.x) - 3, y: Math.floor(s.position.y), z: Math.floor(s.position.z) + 1 })
    assert.equal(near.ok, true, near.reason)
    const far = await body.run({ skill: 'moveToXZ', x: 5000, z: 5000 }, { timeoutMs: 1500 })
    assert.equal(far.ok, false)
    assert.match(far.reason, /^timeout: moveToXZ did not finish within 2s/)
    const waiting = body.run({ skill: 'wait', ms: 60_000 })
    await until(() => body.status().action?.skill === 'wait', 5000, 'wait running')
    await body.stop('player said stop')
    const r = await waiting
    assert.deepEqual({ ok: r.ok, reason: r.reason }, { ok: false, reason: 'cancelled: player said stop' })
  })

  test('scanEntities lists a mob with UUID and health; attack kills it by type name', async () => {
    const p = body.bot.entity.position
    // a cow of the world's own mob plugin (vanilla health and damage); the bot fights it bare-handed
    const cow = world.spawnMob('cow', { x: p.x + 2, y: p.y, z: p.z + 1 })
    const seen = await until(() => {
      const id = world.mobs('cow').find((m) => m.id === cow.id)?.entityId
      return id != null ? body.bot.entities[id] : undefined
    }, 15_000, 'cow in sight')
    const r = await body.run({ skill: 'scanEntities', radius: 16, ids: ['minecraft:cow'] })
    assert.equal(r.ok, true, r.reason)
    const list = r.entities as ScannedEntity[]
    assert.equal(list.length, 1)
    assert.equal(list[0]!.type, 'minecraft:cow')
    assert.equal(list[0]!.uuid.replace(/-/g, ''), String(seen.uuid).replace(/-/g, ''))
    assert.equal(list[0]!.maxHealth, 10)
    assert.ok(Number.isInteger(list[0]!.position.x))
    assert.ok(list[0]!.distance > 0 && list[0]!.distance < 16)
    const none = await body.run({ skill: 'scanEntities', radius: 16, ids: ['minecraft:zombie'] })
    assert.equal(none.summary, 'no matching entities within 16 blocks')
    const kill = await body.run({ skill: 'attack', target: 'cow' })
    assert.equal(kill.ok, true, kill.reason)
    assert.equal(kill.reason, 'killed minecraft:cow')
  })

  test('from the bottom of the pond (two blocks of water under a bank) a walk to the bank and a fight with a cow on it climb out first', async () => {
    // the starter layout's pond (terrain.ts): sand floor at y 44 two blocks from its middle, water up to
    // y 46, the bank's top at y 46 all round: from the floor the bank is two blocks up, and the path
    // finder has no move that swims up (the skills-failures cow once chased its panicking cow into it)
    const bottom = { x: POND.x + 2, y: GROUND_Y - 1, z: POND.z }
    const down = await body.run({ skill: 'moveTo', ...bottom })
    assert.equal(down.ok, true, down.reason)
    const inPond = () => (body.bot.entity as unknown as { isInWater?: boolean }).isInWater === true && body.bot.entity.position.y < GROUND_Y
    await until(inPond, 10_000, 'the bot under water on the pond’s floor')
    const bank = { x: POND.x + 5, y: GROUND_Y + 1, z: POND.z }
    const out = await body.run({ skill: 'moveTo', ...bank })
    assert.equal(out.ok, true, out.reason)
    assert.ok(body.bot.entity.position.distanceTo(new Vec3(bank.x + 0.5, bank.y, bank.z + 0.5)) < 1.5, `on the bank: ${body.bot.entity.position}`)
    const again = await body.run({ skill: 'moveTo', ...bottom })
    assert.equal(again.ok, true, again.reason)
    await until(inPond, 10_000, 'the bot under water on the pond’s floor again')
    // on the meadow 7 blocks east of the bot (flat at GROUND_Y within 20 blocks of spawn), 5 from the water
    const cow = world.spawnMob('cow', { x: POND.x + 9.5, y: GROUND_Y + 1, z: POND.z + 0.5 })
    const id = await until(() => {
      const e = world.mobs('cow').find((m) => m.id === cow.id)?.entityId
      return e != null && body.bot.entities[e] ? e : undefined
    }, 15_000, 'the cow on the bank in the client’s view')
    const kill = await body.run({ skill: 'attack', target: String(id) })
    assert.equal(kill.ok, true, kill.reason)
  })

  test('chat says a line that other players hear', async () => {
    const { createBody } = await import('../../src/minecraft/body/index.js')
    const other = await createBody({ host: world.host, port: world.port, username: 'Other', reconnect: false, reflexes: { eat: false } })
    try {
      const heard = new Promise<string>((resolve) => other.on('chat', (_u: string, m: string) => resolve(m)))
      const c = await body.run({ skill: 'chat', message: 'hello there' })
      assert.equal(c.ok, true)
      assert.equal(await heard, 'hello there')
      // and the other body's bus has it as a player line
      assert.ok(other.bus.getStore().some((e) => e.type === 'player' && e.name === 'Skiller' && e.content === 'hello there'))
    } finally {
      await other.close()
    }
  })
})

/**
 * Every skill's failure reasons against a real embedded world (no target in range,
 * missing tool, missing materials, cancelled, timeout), plus the simple skills' successes.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import { worldAndBody, until } from './body-support.js'

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

  test('status is the LynxMind heartbeat shape', () => {
    const s = body.status()
    assert.equal(s.maxHealth, 20)
    assert.equal(s.maxHunger, 20)
    assert.equal(s.health, 20)
    for (const k of ['posX', 'posY', 'posZ'] as const) assert.ok(Number.isInteger(s[k]), `${k} integer`)
    assert.deepEqual(s.current_baritone_task, { type: 'NONE' })
    assert.ok(Array.isArray(s.inventory_hotbar) && Array.isArray(s.inventory_inner) && Array.isArray(s.inventory_equipment))
  })

  test('collect: unknown item, nothing in range, missing tool', async () => {
    const unknown = await body.run({ skill: 'collect', items: [{ item_name: 'unobtainium', count: 1 }] })
    assert.equal(unknown.ok, false)
    assert.match(unknown.reason, /unknown item 'unobtainium'/)
    const none = await body.run({ skill: 'collect', items: [{ item_name: 'emerald_ore', count: 1 }] })
    assert.equal(none.ok, false)
    assert.match(none.reason, /^no emerald_ore within 64 blocks/)
    const tool = await body.run({ skill: 'collect', items: [{ item_name: 'iron_ore', count: 1 }] })
    assert.equal(tool.ok, false)
    assert.match(tool.reason, /need a stone_pickaxe or better to harvest iron_ore/)
    assert.deepEqual(tool.missing, [{ item_name: 'minecraft:iron_ore', count: 1 }])
  })

  test('craft: missing materials are named with counts', async () => {
    const r = await body.run({ skill: 'craft', items: [{ item_name: 'minecraft:wooden_pickaxe', count: 1 }] })
    assert.equal(r.ok, false)
    assert.match(r.reason, /missing 3 minecraft:\w+_planks, 2 minecraft:stick to craft minecraft:wooden_pickaxe/)
    assert.deepEqual(r.craft_success, [])
    assert.deepEqual(r.craft_failed, [{ item_name: 'minecraft:wooden_pickaxe', count: 1 }])
    const raw = await body.run({ skill: 'craft', items: [{ item_name: 'iron_ore', count: 1 }] })
    assert.match(raw.reason, /has no crafting recipe/)
  })

  test('smelt, equip, eat, place, attack: nothing to use', async () => {
    assert.match((await body.run({ skill: 'smelt', item: 'raw_iron', count: 2 })).reason, /missing 2 minecraft:iron_ore to smelt/)
    assert.match((await body.run({ skill: 'smelt', item: 'dirt', count: 1 })).reason, /cannot be smelted/)
    assert.match((await body.run({ skill: 'equip', item: 'diamond_sword' })).reason, /no minecraft:diamond_sword in inventory/)
    const eat = await body.run({ skill: 'eat' })
    assert.equal(eat.ok, false)
    assert.match(eat.reason, /not hungry|no food/)
    const s = body.status()
    assert.match((await body.run({ skill: 'place', item: 'cobblestone', x: s.posX + 2, y: s.posY, z: s.posZ })).reason, /no minecraft:cobblestone in inventory/)
    assert.match((await body.run({ skill: 'place', item: 'stick', x: 0, y: 50, z: 0 })).reason, /not a placeable block/)
    assert.match((await body.run({ skill: 'attack', target: 'ender_dragon' })).reason, /no entity 'ender_dragon'/)
    assert.match((await body.run({ skill: 'murder', uuids: ['00000000-0000-0000-0000-000000000000'] })).reason, /not in sight/)
    assert.match((await body.run({ skill: 'follow', player: 'Nobody' })).reason, /player Nobody is not online/)
    assert.match((await body.run({ skill: 'collectEntityLoot', quotas: [{ entity_id: 'cow', needed_item: [{ item_name: 'leather', count: 1 }] }] })).reason, /no minecraft:cow within 64 blocks/)
  })

  test('equip and place succeed with items given by the world', async () => {
    world.give('Skiller', 'cobblestone', 3)
    await until(() => body.inventoryCounts()['minecraft:cobblestone'] === 3, 10_000, 'given cobblestone')
    const eq = await body.run({ skill: 'equip', item: 'cobblestone' })
    assert.equal(eq.ok, true, eq.reason)
    const s = body.status()
    assert.equal(s.inventory_hotbar.some((e) => e.item_stack.item_name === 'minecraft:cobblestone'), true)
    const target = { x: s.posX + 2, y: s.posY, z: s.posZ }
    const pl = await body.run({ skill: 'place', item: 'minecraft:cobblestone', ...target })
    assert.equal(pl.ok, true, pl.reason)
    assert.equal(body.bot.blockAt(body.bot.entity.position.floored().offset(2, 0, 0))?.name, 'cobblestone')
    const scan = await body.run({ skill: 'scanBlocks', radius: 4, ids: ['minecraft:cobblestone'] })
    assert.equal(scan.ok, true)
    assert.deepEqual(scan.nearby_blocks, [{ id: 'minecraft:cobblestone', ...target }])
    assert.deepEqual(scan.scanning_id, ['minecraft:cobblestone'])
    assert.match(String(scan.summary), /1 minecraft:cobblestone/)
  })

  test('moveTo arrives; a far goal hits the time limit; stop() cancels', async () => {
    const s = body.status()
    const near = await body.run({ skill: 'moveTo', x: s.posX - 3, y: s.posY, z: s.posZ + 1 })
    assert.equal(near.ok, true, near.reason)
    const far = await body.run({ skill: 'moveToXZ', x: 5000, z: 5000 }, { timeoutMs: 1500 })
    assert.equal(far.ok, false)
    assert.match(far.reason, /^timeout: moveToXZ did not finish within 2s/)
    const waiting = body.run({ skill: 'wait', ms: 60_000 })
    await until(() => body.status().current_baritone_task && (body as unknown as { slot: { current(): unknown } }).slot.current(), 5000, 'wait running')
    await body.stop('player said stop')
    const r = await waiting
    assert.deepEqual({ ok: r.ok, reason: r.reason }, { ok: false, reason: 'cancelled: player said stop' })
  })

  test('scanEntities lists a mob with UUID and health; attack kills it by type name', async () => {
    const serv = world.server as unknown as { spawnMob(type: number, w: unknown, pos: unknown): { uuid: string; id: number; health: number }; overworld: unknown; registry: { entitiesByName: Record<string, { id: number }> } }
    const p = body.bot.entity.position
    const cow = serv.spawnMob(serv.registry.entitiesByName.cow!.id, serv.overworld, p.offset(2, 0, 1))
    cow.health = 3 // flying-squid mobs take 1 damage per hit; keep the fight short
    await until(() => body.bot.entities[cow.id], 15_000, 'cow in sight')
    const r = await body.run({ skill: 'scanEntities', radius: 16, ids: ['minecraft:cow'] })
    assert.equal(r.ok, true, r.reason)
    const list = r.nearby_entities as Array<{ id: string; UUID_str: string; max_health: number; current_health: number; x: number }>
    assert.equal(list.length, 1)
    assert.equal(list[0]!.id, 'minecraft:cow')
    assert.equal(list[0]!.UUID_str.replace(/-/g, ''), cow.uuid.replace(/-/g, ''))
    assert.equal(list[0]!.max_health, 10)
    assert.ok(Number.isInteger(list[0]!.x))
    const none = await body.run({ skill: 'scanEntities', radius: 16, ids: ['minecraft:zombie'] })
    assert.equal(none.summary, 'no matching entities within 16 blocks')
    const kill = await body.run({ skill: 'attack', target: 'cow' })
    assert.equal(kill.ok, true, kill.reason)
    assert.equal(kill.reason, 'killed minecraft:cow')
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

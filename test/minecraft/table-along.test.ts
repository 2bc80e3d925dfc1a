/**
 * A crafting table comes along when the bot goes after ore (crafting.ts `takeTableAlong`, called
 * by collect): deep underground the next craft otherwise needs a new table, and so planks, and so a
 * log from the surface. Scene through the world's operator API (announced): an iron pickaxe and a
 * crafting table given on the staged starter meadow; the bot places the table itself.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import type { SkillCall } from '../../src/minecraft/body/types.js'
import { worldAndBody, until } from './body-support.js'

test('collect diamond: the table placed beside the bot is dug and carried before the search', { timeout: 180_000 }, async () => {
  const { world, body, cleanup } = await worldAndBody('Carrier', { body: { reflexes: { eat: false } } })
  try {
    world.give('Carrier', 'crafting_table', 1)
    world.give('Carrier', 'iron_pickaxe', 1)
    await until(() => body.inventoryCounts()['minecraft:crafting_table'] === 1 && body.inventoryCounts()['minecraft:iron_pickaxe'] === 1, 10_000, 'the given items')
    const s = body.status()
    const at = { x: Math.floor(s.position.x) - 2, y: Math.floor(s.position.y), z: Math.floor(s.position.z) }
    const placed = await body.run({ skill: 'place', item: 'minecraft:crafting_table', ...at })
    assert.equal(placed.ok, true, placed.reason)
    assert.equal(body.inventoryCounts()['minecraft:crafting_table'] ?? 0, 0)
    const progress: string[] = []
    const onProgress = (_call: SkillCall, m: string) => void progress.push(m)
    body.on('skill.progress', onProgress)
    const run = body.run({ skill: 'collect', items: [{ name: 'minecraft:diamond', count: 1 }] })
    await until(() => body.inventoryCounts()['minecraft:crafting_table'] === 1, 60_000, 'the table in the inventory again')
    await body.stop('the test saw the table taken along')
    await run
    body.off('skill.progress', onProgress)
    assert.equal(body.bot.blockAt(new Vec3(at.x, at.y, at.z))?.name, 'air', 'the table is gone from where it stood')
    assert.ok(progress.some((m) => /took my crafting table along \(from/.test(m)), progress.join(' | '))
  } finally {
    await cleanup()
  }
})

/**
 * A fight that goes nowhere is given up after 10 s (issue 26: "after 10 s without progress, another
 * target at once"): in the bench's clay_ball run on seed 8 the bot, down a pit, fought seven cows in
 * a row for 42 s each without a hit. Embedded world (staged starter profile, monsters off); the
 * test's scene, made through the world's operator API: a cow spawned inside a closed bedrock cell
 * in the air above the bot (the bot holds no blocks to tower with, and bedrock cannot be dug), so no
 * hit can land and no step brings the bot nearer; for the hunt, a second cow on open ground 8 blocks
 * away. Nothing is given to the bot.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import type { HuntResult } from '../../src/minecraft/body/types.js'
import { until, worldAndBody } from './body-support.js'
import { setBlock } from './support/world.js'

describe('a fight without progress (embedded world)', { timeout: 300_000 }, () => {
  let world: World
  let body: MineflayerBody
  let cleanup: (() => Promise<void>) | undefined
  let caged: number

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Striker', { monsters: false, body: { reflexes: { eat: false } } }))
    const p = body.bot.entity.position
    const x0 = Math.floor(p.x)
    const z0 = Math.floor(p.z)
    // the cow's cell: 1×2×1 of air, 5 blocks above the bot's feet, walled with bedrock on every side
    const y0 = Math.floor(p.y) + 5
    for (let x = x0 - 1; x <= x0 + 1; x++)
      for (let y = y0 - 1; y <= y0 + 2; y++)
        for (let z = z0 - 1; z <= z0 + 1; z++) {
          const inside = x === x0 && z === z0 && (y === y0 || y === y0 + 1)
          await setBlock(world, { x, y, z }, inside ? 'air' : 'bedrock')
        }
    const cow = world.spawnMob('cow', { x: x0 + 0.5, y: y0, z: z0 + 0.5 })
    assert.ok(cow.entityId !== null, 'the spawned cow has an entity id')
    caged = cow.entityId
    await until(() => body.bot.entities[caged], 10_000, 'the caged cow in the client’s view')
  })

  after(async () => {
    await cleanup?.()
  })

  test('a cow sealed out of reach: the attack ends on "no progress", not on its 60 s limit', async () => {
    const r = await body.run({ skill: 'attack', target: String(caged) })
    assert.equal(r.ok, false, r.reason)
    assert.match(r.reason, /no progress against minecraft:cow for 10 s/)
    assert.ok(world.mobs('cow').some((c) => c.entityId === caged), 'the caged cow is still alive')
  })

  test('a hunt with the unreachable cow nearest turns to a cow it can reach and brings beef', async () => {
    // the second cow of the scene, on open ground farther away than the caged one
    const p = body.bot.entity.position
    const free = world.spawnMob('cow', { x: Math.floor(p.x) + 8.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 0.5 })
    await until(() => free.entityId !== null && body.bot.entities[free.entityId], 10_000, 'the free cow in the client’s view')
    const r = (await body.run({ skill: 'hunt', entity: 'cow', item: 'beef', count: 1 })) as HuntResult
    assert.equal(r.ok, true, r.reason)
    assert.ok((body.inventoryCounts()['minecraft:beef'] ?? 0) >= 1, r.reason)
    assert.ok(world.mobs('cow').some((c) => c.entityId === caged), 'the caged cow is still alive')
  })
})

/**
 * A fight that goes nowhere is given up after 10 s (issue 26: "after 10 s without progress, another
 * target at once"): in the bench's clay_ball run on seed 8 the bot, down a pit, fought seven cows in
 * a row for 42 s each without a hit. Embedded world (staged starter profile, monsters off); the
 * test's scene, made through the world's operator API: a cow spawned inside a closed bedrock cell
 * in the air above the bot (the bot holds no blocks to tower with, and bedrock cannot be dug), so no
 * hit can land and no step brings the bot nearer; for the hunt, a second cow on open ground 8 blocks
 * away, and for the next hunt a third one on the other side, farther than the caged cow. Nothing is
 * given to the bot. The next hunt must not start on the cow the first could not reach (issue 26: in
 * the bench's fishing_rod run three hunt calls fought the same spiders out of reach for 185 s).
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
    assert.equal(r.outOfReach, 1, r.reason)
    assert.match(r.reason, /; 1 minecraft:cow out of reach left alone$/)
  })

  test('the next hunt does not start on the cow the last one could not reach, and says so', async () => {
    // a third cow 8 blocks beyond the cage as seen from the bot (on the meadow), so that the caged cow is the nearest
    const cage = world.mobs('cow').find((c) => c.entityId === caged)!.position
    const p = body.bot.entity.position
    const dx = cage.x - p.x
    const dz = cage.z - p.z
    const len = Math.hypot(dx, dz)
    const [ux, uz] = len < 1 ? [-1, 0] : [dx / len, dz / len]
    const third = world.spawnMob('cow', { x: Math.floor(cage.x + 8 * ux) + 0.5, y: Math.floor(p.y) + 1, z: Math.floor(cage.z + 8 * uz) + 0.5 })
    await until(() => third.entityId !== null && body.bot.entities[third.entityId], 10_000, 'the third cow in the client’s view')
    const me = body.bot.entity.position
    const near = (id: number) => me.distanceTo(body.bot.entities[id]!.position)
    assert.ok(near(caged) < near(third.entityId!), `the premise: the caged cow is the nearest cow (${near(caged).toFixed(1)} vs ${near(third.entityId!).toFixed(1)} blocks)`)
    const fought: string[] = []
    const onProgress = (_call: unknown, message: string) => {
      if (message.startsWith('fighting ')) fought.push(message)
    }
    body.on('skill.progress', onProgress)
    const beef = body.inventoryCounts()['minecraft:beef'] ?? 0
    let r: HuntResult
    try {
      r = (await body.run({ skill: 'hunt', entity: 'cow', item: 'beef', count: 1 })) as HuntResult
    } finally {
      body.off('skill.progress', onProgress)
    }
    assert.equal(r.ok, true, r.reason)
    assert.ok((body.inventoryCounts()['minecraft:beef'] ?? 0) > beef, r.reason)
    assert.ok(fought.length > 0, 'the hunt fought a cow')
    assert.ok(!fought.some((m) => m.includes(`(entity ${caged})`)), `never fought the caged cow again: ${[...new Set(fought)].join('; ')}`)
    assert.equal(r.outOfReach, 1, r.reason)
    assert.match(r.reason, /1 minecraft:cow out of reach left alone \(1 known from an earlier hunt, not tried again\)/)
    assert.ok(world.mobs('cow').some((c) => c.entityId === caged), 'the caged cow is still alive')
  })
})

/**
 * Milk with no cow in sight walks out looking for one, as the hunt does: the bench's
 * milk_bucket+bucket task on seed 1 found no cow within 48 blocks of spawn and the fill failed at
 * once, three times, while the mind moved to fixed points and looked only where each move ended
 * (91 s without a gain). Natural world of seed 1 (nothing placed or summoned, monsters off); the
 * world's operator API gives the bot 1 bucket, as the task's `--give bucket=1` does.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import type { FillBucketResult } from '../../src/minecraft/body/types.js'
import { COW_SEARCH_RADIUS } from '../../src/minecraft/body/skills/buckets.js'
import { until, worldAndBody } from './body-support.js'

describe('milk when no cow is in sight (natural world, seed 1)', { timeout: 400_000 }, () => {
  let world: World
  let body: MineflayerBody
  let cleanup: (() => Promise<void>) | undefined

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Milker', { seed: 1, profile: 'natural', monsters: false, body: { reflexes: { eat: false } } }))
    world.give('Milker', 'bucket', 1)
    await until(() => (body.inventoryCounts()['minecraft:bucket'] ?? 0) >= 1, 10_000, 'the given bucket')
  })

  after(async () => {
    await cleanup?.()
  })

  test('no cow within 48 blocks of spawn: the fill searches, finds one and milks it', { timeout: 330_000 }, async () => {
    const me = body.bot.entity.position
    const near = world.mobs('cow').filter((c) => Math.hypot(c.position.x - me.x, c.position.z - me.z) <= COW_SEARCH_RADIUS)
    assert.equal(near.length, 0, 'the premise: no cow within 48 blocks of where the bot joined')
    const r = (await body.run({ skill: 'fillBucket', fluid: 'milk' })) as FillBucketResult
    assert.equal(r.ok, true, r.reason)
    assert.equal(body.inventoryCounts()['minecraft:milk_bucket'], 1, r.reason)
  })
})

/**
 * A hunt with no animal of its kind in sight walks out looking for one, and looks as it walks: the
 * bench's beef task on seed 6 found no cow within 48 blocks of spawn, walked 1,500 blocks of
 * "look elsewhere" legs looking only where each leg ended, and timed out, while the generator had put
 * four cows 74 blocks west of spawn. Natural world of seed 6 (nothing placed or summoned, monsters
 * off, nothing given): the bot hunts a cow for 1 beef from where it joined.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import { worldAndBody } from './body-support.js'
import type { HuntResult } from '../../src/minecraft/body/types.js'
import { HUNT_RADIUS } from '../../src/minecraft/body/skills/hunt.js'

describe('hunt when none is in sight (natural world, seed 6)', { timeout: 400_000 }, () => {
  let world: World
  let body: MineflayerBody

  let cleanup: (() => Promise<void>) | undefined

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Drover', { seed: 6, profile: 'natural', monsters: false, body: { reflexes: { eat: false } } }))
  })

  after(async () => {
    await cleanup?.()
  })

  test('no cow within 48 blocks of spawn: the hunt searches, finds the herd and brings beef', { timeout: 330_000 }, async () => {
    const me = body.bot.entity.position
    const near = world.mobs('cow').filter((c) => Math.hypot(c.position.x - me.x, c.position.z - me.z) <= HUNT_RADIUS)
    assert.equal(near.length, 0, 'the premise: no cow within 48 blocks of where the bot joined')
    const r = (await body.run({ skill: 'hunt', entity: 'cow', item: 'beef', count: 1 })) as HuntResult
    assert.equal(r.ok, true, r.reason)
    assert.ok(r.kills >= 1, r.reason)
    assert.ok((body.inventoryCounts()['minecraft:beef'] ?? 0) >= 1, r.reason)
  })
})

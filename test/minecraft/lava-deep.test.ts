/**
 * A lava bucket on 1.20.4, where the lava of caves lies below y −54 (docs/world-facts-1.18.md §1),
 * far out of a search from the surface: with none known nearby, `fillBucket` goes down by stairs to
 * the lowest safe level and fills the bucket at lava its tunnels show (the get-anything lava_bucket
 * run on 1.20.4, seed 10, had failed with "no lava source known within 48 blocks"). Real embedded
 * 1.20.4 natural world, seed 10, the real body. Operator API used: `world.give` of an empty bucket
 * and an iron pickaxe (said in the test), the items a lava_bucket task has made by then.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createBody } from '../../src/minecraft/body/index.js'
import { startWorld } from './support/world.js'
import { runThroughInterruptions, until } from './body-support.js'

describe('fillBucket lava on 1.20.4', () => {
  test('no lava known near the spawn: it goes down to the lava of the deep caves and fills the bucket', { timeout: 900_000 }, async (t) => {
    const world = await startWorld({ seed: 10, version: '1.20.4' })
    let body: Awaited<ReturnType<typeof createBody>> | undefined
    t.after(async () => {
      await body?.close()
      await world.close()
    })
    body = await createBody({ host: world.host, port: world.port, username: 'Miner', reflexes: { eat: false, shelter: false } })
    world.give('Miner', 'bucket', 1)
    world.give('Miner', 'iron_pickaxe', 1)
    await until(() => (body!.inventoryCounts()['minecraft:bucket'] ?? 0) === 1 && (body!.inventoryCounts()['minecraft:iron_pickaxe'] ?? 0) === 1, 10_000, 'the bucket and the pickaxe')
    const startY = body.bot!.entity.position.y
    const r = await runThroughInterruptions(body, { skill: 'fillBucket', fluid: 'lava' })
    t.diagnostic(`from y ${startY.toFixed(1)}: ${r.reason}`)
    assert.equal(r.ok, true, r.reason)
    assert.equal(body.inventoryCounts()['minecraft:lava_bucket'], 1)
    assert.ok(startY > 60, `the bot started on the surface (y ${startY})`)
  })
})

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
    // what happened on the way, for a failure's message: the server's words (a death's cause) and each attempt
    const events: string[] = []
    const at = () => {
      const p = body!.bot!.entity.position
      return `${((Date.now() - t0) / 1000).toFixed(0)} s (${Math.floor(p.x)}, ${Math.floor(p.y)}, ${Math.floor(p.z)}) health ${Math.round(body!.bot!.health)}`
    }
    const t0 = Date.now()
    body.bot!.on('messagestr', (m: string) => void events.push(`${at()}: server: ${m}`))
    body.bot!.on('death', () => void events.push(`${at()}: died`))
    const r = await runThroughInterruptions({ run: async (call) => {
      const res = await body!.run(call)
      events.push(`${at()}: ${call.skill} ended: ${res.reason}`)
      return res
    } }, { skill: 'fillBucket', fluid: 'lava' })
    for (const e of events) t.diagnostic(e)
    t.diagnostic(`from y ${startY.toFixed(1)}: ${r.reason}`)
    assert.equal(r.ok, true, r.reason)
    assert.equal(body.inventoryCounts()['minecraft:lava_bucket'], 1)
    assert.ok(startY > 60, `the bot started on the surface (y ${startY})`)
  })
})

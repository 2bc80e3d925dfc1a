/**
 * Eggs in a real embedded world: the natural world of seed 5, whose generator put chickens 17–31
 * blocks from spawn (nothing placed or summoned; monsters off so that nothing interrupts the wait).
 * A chicken lays an egg 5–10 minutes after it wakes (vanilla's 6000–12000 ticks), so at the start
 * no egg lies anywhere: pickUp with `from: chicken` stays by the chickens and picks up the first egg
 * laid, as a player waits for one (the bench's egg task gave up at once: "no dropped egg").
 * Nothing is given to the bot. The world's `layingSpeed: 20` (announced here; a test knob of the
 * world, never used for published figures) runs the chickens' egg timers 20× faster, so the wait is
 * 15–30 s of server ticks instead of vanilla's 5–10 minutes; what is tested is that the bot waits.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startWorld, type World } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import type { PickUpResult } from '../../src/minecraft/body/types.js'
import { gatherCall } from '../../src/minecraft/planner/step-calls.js'
import { until } from './body-support.js'

test('every link asks for an egg as a pick-up from chickens (the one mapping of plan steps to skills)', () => {
  assert.deepEqual(gatherCall('minecraft:egg', 1), { skill: 'pickUp', item: 'minecraft:egg', count: 1, from: 'minecraft:chicken' })
})

test('layingSpeed outside 1..100 is refused', async () => {
  for (const layingSpeed of [0, 101, 1.5]) await assert.rejects(startWorld({ port: 0, layingSpeed }), /layingSpeed must be an integer 1\.\.100/)
})

describe('eggs: waiting by chickens (natural world, seed 5)', { timeout: 600_000 }, () => {
  let world: World
  let body: MineflayerBody

  before(async () => {
    world = await startWorld({ port: 0, seed: 5, monsters: false, layingSpeed: 20 })
    body = await createBody({ host: world.host, port: world.port, username: 'EggWaiter', reflexes: { eat: false } })
    // right after joining, the server has not yet sent the animals around
    await until(() => Object.values(body.bot.entities).some((e) => e.name === 'chicken'), 30_000, 'the chickens around spawn in the client')
  })

  after(async () => {
    await body?.close()
    await world?.close()
  })

  test('with no egg lying anywhere, pickUp from chickens waits by them and picks up the egg one lays', { timeout: 500_000 }, async () => {
    const r = (await body.run({ skill: 'pickUp', item: 'egg', count: 1, from: 'chicken' })) as PickUpResult
    assert.equal(r.ok, true, r.reason)
    assert.ok((body.inventoryCounts()['minecraft:egg'] ?? 0) >= 1, JSON.stringify(body.inventoryCounts()))
    assert.deepEqual(r.picked, [{ name: 'minecraft:egg', count: 1 }])
  })
})

/** The water-bucket reflex's decision (reflexes/water-bucket.ts), pure: pour in danger, scoop it back once safe. */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import { Vec3 } from 'vec3'
import type { Bot } from 'mineflayer'
import { RETRY_MS, bucketDecision, createWaterBucketReflex, isBurning, type BucketState, type WaterHands } from '../../src/minecraft/body/reflexes/water-bucket.js'
import { createLogger } from '../../src/core/logger.js'
import { waitFor } from '../support/wait.js'

const calm: BucketState = { burning: false, inLava: false, hasWaterBucket: true, hasEmptyBucket: false, poured: null, sinceLastTry: 60_000 }
const at = { x: 3, y: 12, z: -4 }

describe('water bucket: the decision', () => {
  test('nothing to do when nothing burns', () => {
    assert.deepEqual(bucketDecision(calm), { kind: 'none' })
  })

  test('on fire or in lava with a water bucket: pour', () => {
    assert.deepEqual(bucketDecision({ ...calm, burning: true }), { kind: 'pour' })
    assert.deepEqual(bucketDecision({ ...calm, inLava: true }), { kind: 'pour' })
  })

  test('in danger without a water bucket: nothing (escapeFluids steers out)', () => {
    assert.deepEqual(bucketDecision({ ...calm, inLava: true, hasWaterBucket: false, hasEmptyBucket: true }), { kind: 'none' })
  })

  test('a pour the world did not answer is tried again only after RETRY_MS', () => {
    assert.deepEqual(bucketDecision({ ...calm, burning: true, sinceLastTry: RETRY_MS - 1 }), { kind: 'none' })
    assert.deepEqual(bucketDecision({ ...calm, burning: true, sinceLastTry: RETRY_MS }), { kind: 'pour' })
  })

  test('safe again after pouring: scoop the water back with the empty bucket', () => {
    const after = { ...calm, hasWaterBucket: false, hasEmptyBucket: true, poured: { at, water: true } }
    assert.deepEqual(bucketDecision(after), { kind: 'scoop', at })
    // still burning: keep the water where it is (no scoop), and there is no second bucket to pour
    assert.deepEqual(bucketDecision({ ...after, burning: true }), { kind: 'none' })
    // the water is gone (it put out lava, or someone took it): forget it
    assert.deepEqual(bucketDecision({ ...after, poured: { at, water: false } }), { kind: 'forget' })
  })

  test('the on-fire flag is bit 0x01 of entity metadata 0', () => {
    const bot = (m: unknown[] | undefined) => ({ entity: { metadata: m } }) as unknown as Bot
    assert.equal(isBurning(bot([0x01])), true)
    assert.equal(isBurning(bot([0x21])), true)
    assert.equal(isBurning(bot([0x20])), false)
    assert.equal(isBurning(bot(undefined)), false)
  })
})

describe('water bucket: the reflex drives the hands', () => {
  test('burning → pour; out of it → scoop; then nothing more', async () => {
    const bot = Object.assign(new EventEmitter(), {
      entity: { position: new Vec3(3.5, 12, -3.5), metadata: [0x01] as unknown[] },
      inventory: { items: () => items },
      blockAt: (p: Vec3) => ({ name: water && p.x === at.x && p.y === at.y && p.z === at.z ? 'water' : 'air' }),
    }) as unknown as Bot
    let items = [{ name: 'water_bucket' }]
    let water = false
    const calls: string[] = []
    const hands: WaterHands = {
      pour: () => {
        calls.push('pour')
        water = true
        items = [{ name: 'bucket' }]
        return Promise.resolve(at)
      },
      scoop: (p) => {
        calls.push(`scoop ${p.x},${p.y},${p.z}`)
        water = false
        items = [{ name: 'water_bucket' }]
        return Promise.resolve(true)
      },
    }
    const reflex = createWaterBucketReflex(() => hands)
    const stop = reflex.start({ bot, log: createLogger('t', { level: 'silent' }) } as never)
    try {
      await waitFor('the pour', () => calls.length === 1, { timeoutMs: 5000, intervalMs: 20 })
      assert.deepEqual(calls, ['pour'])
      ;(bot.entity as { metadata: unknown[] }).metadata = [0] // the fire is out
      await waitFor('the scoop', () => calls.length === 2, { timeoutMs: 5000, intervalMs: 20 })
      assert.deepEqual(calls, ['pour', `scoop ${at.x},${at.y},${at.z}`])
      assert.deepEqual(items, [{ name: 'water_bucket' }], 'it carries the water bucket on')
    } finally {
      stop()
    }
  })
})

/**
 * Waiting by chickens for an egg when no chicken is in sight: the bot walks out looking for one, and
 * looks as it walks (the bench's cake task on seed 7 found "no chicken within 48 blocks to wait by"
 * at spawn and where each "look elsewhere" move ended, and took 335 s to reach chickens the generator
 * had put 74 blocks from spawn). Natural world of seed 7, nothing placed, given or summoned, monsters
 * off. The wait for the egg itself (5–10 min) is cut short by the call's time limit: the outcome
 * asserted is that the bot went to the chickens, not that one laid.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import { worldAndBody } from './body-support.js'

const SIGHT = 48

describe('waiting for an egg with no chicken in sight (natural world, seed 7)', { timeout: 400_000 }, () => {
  let world: World
  let body: MineflayerBody
  const chickensWithin = (r: number) => {
    const me = body.bot.entity.position
    return world.mobs('chicken').filter((c) => Math.hypot(c.position.x - me.x, c.position.z - me.z) <= r).length
  }

  let cleanup: (() => Promise<void>) | undefined

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Henwife', { seed: 7, profile: 'natural', monsters: false, body: { reflexes: { eat: false } } }))
  })

  after(async () => {
    await cleanup?.()
  })

  test('no chicken within 48 blocks of spawn: the bot searches and ends up waiting by chickens', { timeout: 330_000 }, async () => {
    assert.equal(chickensWithin(SIGHT), 0, 'the premise: no chicken within 48 blocks of where the bot joined')
    const r = await body.run({ skill: 'pickUp', item: 'egg', count: 1, from: 'chicken' }, { timeoutMs: 200_000 })
    assert.doesNotMatch(r.reason, /to wait by/, r.reason)
    assert.ok(chickensWithin(16) >= 1, `a chicken within 16 blocks at the end (${r.reason})`)
  })
})

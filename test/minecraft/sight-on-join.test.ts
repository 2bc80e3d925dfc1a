/**
 * Right after the bot joins, the server has not yet sent the mobs around it: a hunt (or a wait by
 * chickens) asked for at once must not conclude "none within 48 blocks" and send the mind away
 * (the bench's egg task on seed 4 walked off from chickens 28 blocks from spawn at 0.0 s). Natural
 * world of seed 5 (chickens 17–31 blocks from spawn; nothing placed, monsters off); the bot is given
 * nothing and hunts a chicken the moment it has joined.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import { worldAndBody } from './body-support.js'
import type { HuntResult } from '../../src/minecraft/body/types.js'

describe('mobs in sight right after joining (natural world, seed 5)', { timeout: 300_000 }, () => {
  let world: World
  let body: MineflayerBody

  let cleanup: (() => Promise<void>) | undefined

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Newcomer', { seed: 5, profile: 'natural', monsters: false, body: { reflexes: { eat: false } } }))
  })

  after(async () => {
    await cleanup?.()
  })

  test('a hunt asked for the moment the bot has joined finds the chickens around spawn', { timeout: 240_000 }, async () => {
    const r = (await body.run({ skill: 'hunt', entity: 'chicken', item: 'feather', count: 1 })) as HuntResult
    assert.doesNotMatch(r.reason, /no minecraft:chicken within/)
    assert.ok(r.kills >= 1, r.reason)
  })
})

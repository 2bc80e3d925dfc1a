/**
 * A death ends the skill that was running: the bot respawns elsewhere with nothing in hand, so the
 * call is stale. In the bench's leather run a reflex's flee (a hold every next call waits for) ran on
 * past the bot's death and the mind's next step came 31 s later. Embedded world (staged starter
 * profile, monsters off); the death is dealt through the world's operator API (`damage`).
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import { isInterruption } from '../../src/minecraft/planner/executor.js'
import { once, worldAndBody } from './body-support.js'

describe('a death ends the running skill (embedded world)', { timeout: 240_000 }, () => {
  let world: World
  let body: MineflayerBody
  let cleanup: (() => Promise<void>) | undefined

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Mortal', { monsters: false, body: { reflexes: { eat: false } } }))
  })

  after(async () => {
    await cleanup?.()
  })

  test('a two-minute wait ends at the death as an interruption, and the next call runs after the respawn', async () => {
    const started = once(body, 'skill.start', 10_000)
    const waiting = body.run({ skill: 'wait', ms: 120_000 })
    await started
    let respawnSeen = false
    body.once('respawn', () => (respawnSeen = true))
    world.damage('Mortal', 50)
    const r = await waiting
    assert.equal(r.ok, false, r.reason)
    assert.match(r.reason, /^cancelled: interrupted by a death/)
    assert.equal(isInterruption(r.reason), true, 'the planner counts it as no failure of the step')
    // the next call, made at once, starts only after the respawn
    let respawnedAtStart: boolean | undefined
    body.once('skill.start', () => (respawnedAtStart = respawnSeen))
    const next = await body.run({ skill: 'wait', ms: 10 })
    assert.equal(next.ok, true, next.reason)
    assert.equal(respawnedAtStart, true, 'the next call started after the respawn')
  })
})

/**
 * The mend reflex (src/minecraft/body/reflexes/mend.ts) on a real embedded world (the staged starter
 * layout: dirt all around spawn, no monsters): hurt to 8 health, the bot eats and waits for its health
 * before a skill that goes where monsters are; a skill that does not (a jump) starts at once.
 * Operator API used (announced): `world.damage` for the wound, `world.give` for 8 bread to eat.
 */
import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import type { SkillCall } from '../../src/minecraft/body/types.js'
import { MEND_BELOW, MEND_TO } from '../../src/minecraft/body/reflexes/mend.js'
import { worldAndBody, until } from './body-support.js'

const NAME = 'Mender'

describe('mend before danger (embedded world)', { timeout: 240_000 }, () => {
  let world: World
  let body: MineflayerBody
  let cleanup: () => Promise<void>
  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody(NAME, { seed: 5, monsters: false }))
    world.give(NAME, 'bread', 8)
    await until(() => (body.inventoryCounts()['minecraft:bread'] ?? 0) === 8, 20_000, 'the bread')
  })
  after(async () => {
    await cleanup?.()
  })

  /** Health when `call` starts, after a wound down to `to` (and `during`, once the call is asked for). */
  async function healthAtStart(call: SkillCall, to: number, during?: () => Promise<void>): Promise<{ health: number; ok: boolean; reason: string }> {
    // wounded down to `to` (a test after the jump test finds the bot there already)
    if (body.bot.health > to) world.damage(NAME, Math.ceil(body.bot.health - to))
    await until(() => body.bot.health <= to, 20_000, `health down to ${to}`)
    let health = -1
    const onStart = (c: SkillCall) => {
      if (c.skill === call.skill) health = body.bot.health
    }
    body.on('skill.start', onStart)
    try {
      const run = body.run(call)
      await during?.()
      const r = await run
      return { health, ok: r.ok, reason: r.reason }
    } finally {
      body.off('skill.start', onStart)
    }
  }

  test('wounded, a collect starts only once health is back (eating to regenerate)', async () => {
    const r = await healthAtStart({ skill: 'collect', items: [{ name: 'minecraft:dirt', count: 1 }] }, 8)
    assert.ok(r.ok, r.reason)
    assert.ok(r.health >= MEND_TO, `health when the collect started: ${r.health}`)
  })

  test('wounded, a jump (no danger) starts at once', async () => {
    const r = await healthAtStart({ skill: 'jump' }, 8)
    assert.ok(r.health > 0 && r.health <= MEND_BELOW, `health when the jump started: ${r.health}`)
  })

  test('a hit while mending ends the wait: the collect starts wounded (strike-back would take over)', async () => {
    let hitAt = 0
    const r = await healthAtStart({ skill: 'collect', items: [{ name: 'minecraft:dirt', count: 1 }] }, 8, async () => {
      // the wait is under way (healing, not yet at 16), then a hit of 3
      await until(() => body.bot.health > 8 && body.bot.health < MEND_TO - 4, 30_000, 'healing under way')
      hitAt = body.bot.health
      world.damage(NAME, 3)
    })
    assert.ok(r.ok, r.reason)
    assert.ok(hitAt > 0 && r.health < MEND_TO, `health when hit: ${hitAt}; when the collect started: ${r.health}`)
  })
})

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

  /** Health when `call` starts, after a wound down to `to`. */
  async function healthAtStart(call: SkillCall, to: number): Promise<{ health: number; ok: boolean; reason: string }> {
    assert.ok(body.bot.health > to, `health before the wound: ${body.bot.health}`)
    world.damage(NAME, body.bot.health - to)
    await until(() => body.bot.health <= to, 20_000, `health down to ${to}`)
    let health = -1
    const onStart = (c: SkillCall) => {
      if (c.skill === call.skill) health = body.bot.health
    }
    body.on('skill.start', onStart)
    try {
      const r = await body.run(call)
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
})

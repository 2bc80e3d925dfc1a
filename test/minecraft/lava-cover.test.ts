/**
 * Mining beside lava, as a careful player does (issue 26: "it never digs a block that would open
 * lava onto itself"): the lava cells beside the block are covered with a block first. On natural
 * seed 8 a lava lake lies open to the sky at y 68, about 80 blocks from the spawn; the stone at
 * (-255, 68, -177) is on its shore. Nothing is placed: the lake is the seed's.
 *
 * Given through the World API, announced here: a stone pickaxe (so the stone drops) and the
 * cobblestone to cover lava with.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { createBody } from '../../src/minecraft/body/index.js'
import { EMBEDDED_WORLD_RECONNECT } from '../../src/minecraft/body/connection.js'
import type { SkillCall } from '../../src/minecraft/body/types.js'
import { startWorld } from './support/world.js'
import { waitFor } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })
const SHORE = new Vec3(-255, 68, -177)
const SIDES = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const

describe('mining beside lava (seed 8, a lava lake 80 blocks from the spawn)', { timeout: 8 * 60_000 }, () => {
  test('the lava beside the block is covered before it is mined', async (t) => {
    const world = await startWorld({ seed: 8, startTime: 1000, monsters: false })
    const body = await createBody({ host: world.host, port: world.port, username: 'shore', version: world.version, bus: createContextBus(), logger: quiet, reconnect: EMBEDDED_WORLD_RECONNECT, reflexes: { shelter: false } })
    t.after(async () => {
      await body.close()
      await world.close()
    })
    const steps: string[] = []
    body.on('skill.progress', (c: SkillCall, m: string) => void (/^moving to/.test(m) || steps.push(`${c.skill}: ${m}`)))
    // the bot walks to the lake itself (the shore block is in sight from there: lava is see-through)
    let near = { ok: false, reason: 'not tried' }
    for (let i = 0; i < 3 && !near.ok; i++) near = await body.run({ skill: 'moveTo', x: SHORE.x, y: SHORE.y + 1, z: SHORE.z, range: 3 })
    assert.equal(near.ok, true, near.reason)
    await waitFor('the shore stone known', () => body.knowledge.isKnown(SHORE))
    const lava = SIDES.map(([dx, dy, dz]) => SHORE.offset(dx, dy, dz)).filter((p) => body.bot.blockAt(p)?.name === 'lava')
    assert.ok(lava.length >= 1, 'lava beside the shore stone (the seed\'s lake)')

    world.give('shore', 'stone_pickaxe', 1)
    world.give('shore', 'cobblestone', 8)
    await waitFor('the cobblestone in the inventory', () => (body.inventoryCounts()['minecraft:cobblestone'] ?? 0) >= 8)
    const r = await body.run({ skill: 'mine', x: SHORE.x, y: SHORE.y, z: SHORE.z })
    t.diagnostic(`${r.reason} | ${steps.join(' | ')}`)
    assert.equal(r.ok, true, `${r.reason} | ${steps.join(' | ')}`)
    assert.match(r.reason, /mined minecraft:stone at \(-255, 68, -177\)/)
    for (const p of lava) assert.notEqual(body.bot.blockAt(p)?.name, 'lava', `lava at ${p} covered`)
    assert.ok(steps.some((s) => /covering the lava beside the stone at \(-255, 68, -177\) first/.test(s)))
    
    assert.ok(body.bot.health > 0)
  })
})

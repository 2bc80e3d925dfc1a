/**
 * A creeper is fought hit and run: it lights a 1.5 s fuse within 3 blocks and explodes unless the
 * player gets 7 blocks away, and a stone sword needs 4 hits (one per 0.625 s) to kill it, so a bot
 * that stands and swings is blown up first (session 33's gunpowder run: blown up five times by day,
 * no gunpowder). Embedded world (staged starter profile, monsters off so no other mob joins); the
 * test's scene through the world's operator API: a stone sword given (`world.give`) and a creeper
 * spawned 6 blocks from the bot (`world.spawnMob`), by day.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import { until, worldAndBody } from './body-support.js'

describe('fighting a creeper with a stone sword (embedded world)', { timeout: 300_000 }, () => {
  let world: World
  let body: MineflayerBody
  let cleanup: (() => Promise<void>) | undefined

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Sapper', { monsters: false, body: { reflexes: { eat: false } } }))
    world.give('Sapper', 'stone_sword', 1)
    await until(() => body.bot.inventory.items().some((i) => i.name === 'stone_sword'), 10_000, 'the stone sword in the inventory')
  })

  after(async () => {
    await cleanup?.()
  })

  test('the creeper dies by the sword, not by its own explosion, and the bot is not blown up', async () => {
    const server = world.server as unknown as NodeJS.EventEmitter
    const explosions: unknown[] = []
    const deaths: Array<{ kind: string; cause: string; by: string | null }> = []
    server.on('mbExplosion', (e: unknown) => explosions.push(e))
    server.on('mbMobDeath', (e: { kind: string; cause: string; by: string | null }) => deaths.push(e))
    const p = body.bot.entity.position
    const creeper = world.spawnMob('creeper', { x: Math.floor(p.x) + 6.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 0.5 })
    await until(() => creeper.entityId !== null && body.bot.entities[creeper.entityId], 10_000, 'the creeper in the client’s view')
    const r = await body.run({ skill: 'attack', target: String(creeper.entityId) })
    assert.equal(r.ok, true, r.reason)
    assert.deepEqual(explosions, [], 'no explosion')
    assert.deepEqual(deaths.map((d) => `${d.kind} by ${d.by}`), ['creeper by Sapper'], JSON.stringify(deaths))
    assert.ok(body.bot.health > 0, 'the bot is alive')
  })
})

/**
 * Digging for a deep ore on the natural world, safely and fairly: stairs down to y 12 (two above
 * the lava level), strips until redstone shows, every target known when it was chosen (an index of
 * the test's own, not the body's), every dug block known, no block dug straight down under the
 * feet, none dug with lava known beside it, no death. Real embedded server, real body.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import type { Bot } from 'mineflayer'
import { startWorld } from './support/world.js'
import { watchDigs, watchTargets } from './support/fair-digs.js'
import { createBody } from '../../src/minecraft/body/index.js'
import { createLogger } from '../../src/core/logger.js'
import { SAFE_MIN_Y, stripHeight } from '../../src/minecraft/body/skills/tunnel.js'

const quiet = createLogger('deep', { level: process.env.MINDBRIDGE_STRIP_DEBUG ? 'debug' : 'silent' })
const SEED = Number(process.env.MINDBRIDGE_DEEP_SEED ?? 3)
const SIDES = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const

describe('digging for a deep ore on the natural world', { timeout: 20 * 60_000 }, () => {
  test(`seed ${SEED}: stripMine redstone with an iron pickaxe: strips at y ${SAFE_MIN_Y}, redstone in the inventory; every target and dig known, nothing dug under the feet or beside known lava, no death`, async (t) => {
    const world = await startWorld({ seed: SEED, profile: 'natural' })
    const body = await createBody({ host: world.host, port: world.port, username: 'Deep', version: world.version, logger: quiet, reconnect: false }).catch(async (err: unknown) => {
      await world.close()
      throw err
    })
    try {
      // Given through the World API, announced here: redstone needs an iron pickaxe; one coal (kept
      // for the furnace, so no torch comes from it) and sticks, so that torches need coal mined on the way.
      world.give('Deep', 'iron_pickaxe', 1)
      world.give('Deep', 'coal', 1)
      world.give('Deep', 'stick', 6)
      await new Promise<void>((resolve) => {
        const check = () => ((body.inventoryCounts()['minecraft:stick'] ?? 0) >= 6 ? resolve() : setTimeout(check, 50))
        check()
      })
      const digs = watchDigs(body)
      const targets = watchTargets(body)
      // at each dig: where the feet are, and whether lava the bot knows of touches the block
      const underFeet: string[] = []
      const besideLava: string[] = []
      const bot = body.bot
      const dig = bot.dig.bind(bot)
      bot.dig = ((block: Parameters<Bot['dig']>[0], ...rest: unknown[]) => {
        const p = block.position
        const f = bot.entity.position.floored()
        const at = `${block.name}@${p.x},${p.y},${p.z}`
        if (p.x === f.x && p.z === f.z && p.y < f.y) underFeet.push(`${at} (feet ${f.y})`)
        for (const [dx, dy, dz] of SIDES) {
          const n = new Vec3(p.x + dx, p.y + dy, p.z + dz)
          if (bot.blockAt(n)?.name === 'lava' && body.knowledge.isKnown(n)) besideLava.push(at)
        }
        return (dig as (...a: unknown[]) => Promise<void>)(block, ...rest)
      }) as Bot['dig']
      let deaths = 0
      body.on('death', () => deaths++)
      const start = body.bot.entity.position.clone()
      let minY = start.y
      const onMove = () => void (minY = Math.min(minY, body.bot.entity.position.y))
      body.bot.on('move', onMove)

      const r = await body.run({ skill: 'stripMine', item: 'redstone', count: 1 })
      body.bot.removeListener('move', onMove)
      targets.stop()
      const coal = targets.targets.filter((x) => x.by === 'coal').length
      t.diagnostic(`start ${start.floored().toString()}, lowest y ${minY.toFixed(1)}, ${digs.dug.length} digs, ${targets.chosen.length} targets (${coal} coal ores passed and mined); ${r.reason}`)

      assert.equal(r.ok, true, r.reason)
      assert.equal(r.level, stripHeight('redstone_ore', 66), 'strips at the redstone height')
      assert.equal(r.level, SAFE_MIN_Y)
      assert.ok((body.inventoryCounts()['minecraft:redstone'] ?? 0) >= 1, JSON.stringify(body.inventoryCounts()))
      assert.ok(targets.chosen.length > 0)
      assert.deepEqual(targets.unknown, [], 'targets chosen that the test\'s own fair index did not know')
      assert.deepEqual(digs.unknown, [], `dug blocks the bot could not know about (of ${digs.dug.length} digs)`)
      assert.deepEqual(underFeet, [], 'dug straight down')
      assert.deepEqual(besideLava, [], 'dug a block with known lava beside it')
      assert.equal(deaths, 0, 'no death')
      // one coal was given and is kept for the furnace: the torches came from coal ore mined on the way
      assert.ok(coal >= 1, 'coal ore the tunnel passed was mined for torches')
      assert.ok(digs.dug.includes('coal_ore'))
    } finally {
      await body.close()
      await world.close()
    }
  })
})

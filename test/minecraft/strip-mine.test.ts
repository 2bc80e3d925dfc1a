/**
 * Digging for iron on the natural world, fair play: stairs down to the strip height, a snake of
 * 1×2 strips until iron shows in a wall, torches along the way. Real embedded server, real body.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { startWorld } from './support/world.js'
import { watchDigs } from './support/fair-digs.js'
import { createBody } from '../../src/minecraft/body/index.js'
import { createLogger } from '../../src/core/logger.js'

const quiet = createLogger('strip', { level: process.env.MINDBRIDGE_STRIP_DEBUG ? 'debug' : 'silent' })
const SEED = Number(process.env.MINDBRIDGE_STRIP_SEED ?? 3)

describe('stripMine on the natural world', { timeout: 20 * 60_000 }, () => {
  test(`seed ${SEED}: from the surface with a stone pickaxe, coal and sticks: stairs down to the strip height, strips, iron ore in the inventory, torches in the tunnel; every dug block was known`, async (t) => {
    const world = await startWorld({ seed: SEED, profile: 'natural' })
    const body = await createBody({ host: world.host, port: world.port, username: 'Digger', version: world.version, logger: quiet, reconnect: false }).catch(async (err: unknown) => {
      await world.close()
      throw err
    })
    try {
      // Given through the World API: this test is about finding iron underground and lighting the
      // tunnel, not about the way to a stone pickaxe or coal (play-stone-cli-e2e and iron-fair-e2e cover those).
      world.give('Digger', 'stone_pickaxe', 1)
      world.give('Digger', 'coal', 3)
      world.give('Digger', 'stick', 6)
      await new Promise<void>((resolve) => {
        const check = () => ((body.inventoryCounts()['minecraft:stick'] ?? 0) >= 6 ? resolve() : setTimeout(check, 50))
        check()
      })
      const digs = watchDigs(body)
      const start = body.bot.entity.position.clone()
      let minY = start.y
      const path = new Map<string, { x: number; y: number; z: number }>()
      const onMove = () => {
        const p = body.bot.entity.position
        minY = Math.min(minY, p.y)
        const f = p.floored()
        path.set(`${f.x},${f.y},${f.z}`, f)
      }
      body.bot.on('move', onMove)
      let deaths = 0
      body.on('death', () => deaths++)
      const progress: string[] = []
      const t0 = Date.now()
      body.on('skill.progress', (_c: unknown, m: string) => progress.push(`${((Date.now() - t0) / 1000).toFixed(1)}s ${m}`))

      const r = await body.run({ skill: 'stripMine', item: 'iron_ore', count: 1 })
      body.bot.removeListener('move', onMove)
      t.diagnostic(`start ${start.floored().toString()}, lowest y ${minY.toFixed(1)}, ${digs.dug.length} digs; ${r.reason}`)
      t.diagnostic(progress.filter((m) => /torch|stairs|strip/.test(m)).slice(-5).join(' | '))
      if (process.env.MINDBRIDGE_STRIP_DEBUG) (await import('node:fs')).writeFileSync(`/tmp/strip-progress-${SEED}.log`, progress.join('\n'))

      assert.equal(r.ok, true, r.reason)
      const level = r.level as number
      assert.ok(start.y > level + 2, `started above the strip height (${start.y} > ${level})`)
      assert.ok(Math.floor(minY + 0.01) <= level + 1, `went down to the strip height: lowest ${minY}, level ${level}`)
      const atLevel = [...path.values()].filter((p) => p.y === level).length
      t.diagnostic(`cells walked at the strip level y ${level}: ${atLevel}`)
      assert.ok(atLevel >= 3, `strip-mined at y ${level}: ${atLevel} cells walked there`)
      assert.ok((body.inventoryCounts()['minecraft:iron_ore'] ?? 0) >= 1, JSON.stringify(body.inventoryCounts()))
      assert.ok(digs.dug.includes('iron_ore'))
      assert.deepEqual(digs.unknown, [], `dug blocks the bot could not know about (of ${digs.dug.length} digs)`)
      assert.equal(deaths, 0, 'no death (lava or otherwise)')

      // torches: read back from the server's world, on the cells the bot walked through
      const torches: string[] = []
      for (const p of path.values()) {
        const b = await world.server.overworld.getBlock(new Vec3(p.x, p.y, p.z) as never)
        if (b?.name === 'torch' || b?.name === 'wall_torch') torches.push(`(${p.x}, ${p.y}, ${p.z})`)
      }
      t.diagnostic(`torches on the path: ${torches.length} (${torches.slice(0, 6).join(' ')})`)
      assert.ok(torches.length >= 1, 'at least one torch in the tunnel, as the server sees it')
      assert.ok((body.inventoryCounts()['minecraft:torch'] ?? 0) + torches.length >= 4, 'torches were crafted from the coal and sticks')
    } finally {
      await body.close()
      await world.close()
    }
  })
})

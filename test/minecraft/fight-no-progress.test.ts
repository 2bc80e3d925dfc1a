/**
 * A fight that goes nowhere is given up after 10 s (issue 26: "after 10 s without progress, another
 * target at once"): in the bench's clay_ball run on seed 8 the bot, down a pit, fought seven cows in
 * a row for 42 s each without a hit. Embedded world (staged starter profile, monsters off); the
 * test's scene, made through the world's operator API: a cow spawned inside a closed bedrock cell
 * in the air above the bot (the bot holds no blocks to tower with, and bedrock cannot be dug), so no
 * hit can land and no step brings the bot nearer; for the hunt, a second cow on open ground 8 blocks
 * away, and for the next hunt a third one on the other side, farther than the caged cow. Nothing is
 * given to the bot. The next hunt must not start on the cow the first could not reach (issue 26: in
 * the bench's fishing_rod run three hunt calls fought the same spiders out of reach for 185 s).
 * Last, a monster hunt knows only the monsters it sees or hears (fair play; hunt.ts HEARD_RADIUS):
 * a spider sealed in bedrock on the ground 18 blocks away (out of sight and earshot, the nearer one
 * the client knows), and another on the ground 22 blocks away the other way, at a spot the bot has
 * in sight, both spawned by the operator API; the hunt walks to the second and kills it without
 * fighting the sealed one (issue 26: hunts by day chose skeletons in caves 46–48 blocks away and gave
 * each up after 10 s). The strike-back reflex is off in this file: a spider's hit would hand the
 * fight to the reflex's own attack, which interrupts the hunt.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import type { HuntResult } from '../../src/minecraft/body/types.js'
import { until, worldAndBody } from './body-support.js'
import { setBlock } from './support/world.js'
import { HEARD_RADIUS } from '../../src/minecraft/body/skills/hunt.js'
import { eyeOf, lineOfSight, seesEntity } from '../../src/minecraft/body/senses/vision.js'
import { Vec3 } from 'vec3'

describe('a fight without progress (embedded world)', { timeout: 300_000 }, () => {
  let world: World
  let body: MineflayerBody
  let cleanup: (() => Promise<void>) | undefined
  let caged: number

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Striker', { monsters: false, body: { reflexes: { eat: false, strikeBack: false } } }))
    const p = body.bot.entity.position
    const x0 = Math.floor(p.x)
    const z0 = Math.floor(p.z)
    // the cow's cell: 1×2×1 of air, 5 blocks above the bot's feet, walled with bedrock on every side
    const y0 = Math.floor(p.y) + 5
    for (let x = x0 - 1; x <= x0 + 1; x++)
      for (let y = y0 - 1; y <= y0 + 2; y++)
        for (let z = z0 - 1; z <= z0 + 1; z++) {
          const inside = x === x0 && z === z0 && (y === y0 || y === y0 + 1)
          await setBlock(world, { x, y, z }, inside ? 'air' : 'bedrock')
        }
    const cow = world.spawnMob('cow', { x: x0 + 0.5, y: y0, z: z0 + 0.5 })
    assert.ok(cow.entityId !== null, 'the spawned cow has an entity id')
    caged = cow.entityId
    await until(() => body.bot.entities[caged], 10_000, 'the caged cow in the client’s view')
  })

  after(async () => {
    await cleanup?.()
  })

  /** The ground of a column near height `y` as the client has it (leaves above it skipped), with air for a mob on it (null under water, at a trunk). */
  const groundAt = (x: number, z: number, y: number): { y: number; name: string } | null => {
    for (let at = y + 12; at > y - 12; at--) {
      const b = body.bot.blockAt(new Vec3(x, at, z))
      if (!b || b.boundingBox !== 'block' || /leaves/.test(b.name)) continue // under a tree's crown is ground too
      if (/_log$/.test(b.name)) return null
      const free = [1, 2].every((up) => {
        const above = body.bot.blockAt(new Vec3(x, at + up, z))
        return above?.boundingBox === 'empty' && above.name !== 'water' && above.name !== 'lava'
      })
      return free ? { y: at, name: b.name } : null
    }
    return null
  }

  test('a cow sealed out of reach: the attack ends on "no progress", not on its 60 s limit', async () => {
    const r = await body.run({ skill: 'attack', target: String(caged) })
    assert.equal(r.ok, false, r.reason)
    assert.match(r.reason, /no progress against minecraft:cow for 10 s/)
    assert.ok(world.mobs('cow').some((c) => c.entityId === caged), 'the caged cow is still alive')
  })

  test('a hunt with the unreachable cow nearest turns to a cow it can reach and brings beef', async () => {
    // the second cow of the scene, on open ground farther away than the caged one
    const p = body.bot.entity.position
    const free = world.spawnMob('cow', { x: Math.floor(p.x) + 8.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 0.5 })
    await until(() => free.entityId !== null && body.bot.entities[free.entityId], 10_000, 'the free cow in the client’s view')
    const r = (await body.run({ skill: 'hunt', entity: 'cow', item: 'beef', count: 1 })) as HuntResult
    assert.equal(r.ok, true, r.reason)
    assert.ok((body.inventoryCounts()['minecraft:beef'] ?? 0) >= 1, r.reason)
    assert.ok(world.mobs('cow').some((c) => c.entityId === caged), 'the caged cow is still alive')
    assert.equal(r.outOfReach, 1, r.reason)
    assert.match(r.reason, /; 1 minecraft:cow out of reach left alone$/)
  })

  test('the next hunt does not start on the cow the last one could not reach, and says so', async () => {
    // a third cow 8 blocks beyond the cage as seen from the bot (on the meadow), so that the caged cow is the nearest
    const cage = world.mobs('cow').find((c) => c.entityId === caged)!.position
    const p = body.bot.entity.position
    const dx = cage.x - p.x
    const dz = cage.z - p.z
    const len = Math.hypot(dx, dz)
    const [ux, uz] = len < 1 ? [-1, 0] : [dx / len, dz / len]
    // on the ground (not on a tree's crown, where the cow would stand out of reach), 8–12 blocks beyond the cage
    // (straight beyond first, then up to 30° to either side: the pond or a tree may lie straight beyond)
    const candidates = [0, 15, -15, 30, -30].flatMap((deg) => {
      const a = (deg * Math.PI) / 180
      const [vx, vz] = [ux * Math.cos(a) - uz * Math.sin(a), ux * Math.sin(a) + uz * Math.cos(a)]
      return [8, 9, 10, 11, 12].map((d) => ({ x: Math.floor(cage.x + d * vx), z: Math.floor(cage.z + d * vz) }))
    })
    const tops = candidates.map((c) => ({ ...c, top: groundAt(c.x, c.z, Math.floor(p.y)) }))
    const spot = tops.find((c) => c.top !== null)
    assert.ok(spot?.top, `the premise: ground beyond the cage (columns: ${tops.map((c) => `${c.x},${c.z}:${c.top ? `${c.top.name}@${c.top.y}` : 'none'}`).join(' ')})`)
    const third = world.spawnMob('cow', { x: spot.x + 0.5, y: spot.top.y + 1, z: spot.z + 0.5 })
    await until(() => third.entityId !== null && body.bot.entities[third.entityId], 10_000, 'the third cow in the client’s view')
    const me = body.bot.entity.position
    const near = (id: number) => me.distanceTo(body.bot.entities[id]!.position)
    assert.ok(near(caged) < near(third.entityId!), `the premise: the caged cow is the nearest cow (${near(caged).toFixed(1)} vs ${near(third.entityId!).toFixed(1)} blocks)`)
    const fought: string[] = []
    const onProgress = (_call: unknown, message: string) => {
      if (message.startsWith('fighting ')) fought.push(message)
    }
    body.on('skill.progress', onProgress)
    const beef = body.inventoryCounts()['minecraft:beef'] ?? 0
    let r: HuntResult
    try {
      r = (await body.run({ skill: 'hunt', entity: 'cow', item: 'beef', count: 1 })) as HuntResult
    } finally {
      body.off('skill.progress', onProgress)
    }
    const where = (q: { x: number; y: number; z: number }) => `(${q.x.toFixed(1)}, ${q.y.toFixed(1)}, ${q.z.toFixed(1)})`
    const thirdAt = world.mobs('cow').find((c) => c.id === third.id)?.position
    assert.equal(r.ok, true, `${r.reason} (the bot at ${where(body.bot.entity.position)} from ${where(me)}, the third cow ${thirdAt ? `at ${where(thirdAt)}` : 'gone'})`)
    assert.ok((body.inventoryCounts()['minecraft:beef'] ?? 0) > beef, r.reason)
    assert.ok(fought.length > 0, 'the hunt fought a cow')
    assert.ok(!fought.some((m) => m.includes(`(entity ${caged})`)), `never fought the caged cow again: ${[...new Set(fought)].join('; ')}`)
    assert.equal(r.outOfReach, 1, r.reason)
    assert.match(r.reason, /1 minecraft:cow out of reach left alone \(1 known from an earlier hunt, not tried again\)/)
    assert.ok(world.mobs('cow').some((c) => c.entityId === caged), 'the caged cow is still alive')
  })

  test('a spider hunt leaves alone a spider it can neither see nor hear and walks 22 blocks to one in sight', async () => {
    const bot = body.bot
    const me = bot.entity.position.clone()
    const eye = eyeOf(bot)
    // the top solid block of a column near the bot's height, as the client has it
    const groundY = (x: number, z: number): number => {
      for (let y = Math.floor(me.y) + 12; y > Math.floor(me.y) - 12; y--) {
        const b = bot.blockAt(new Vec3(x, y, z))
        if (b && b.boundingBox === 'block') return y
      }
      throw new Error(`no ground at ${x} ${z}`)
    }
    // the free spider's spot: 22 blocks away in the first of 24 directions the bot has a clear view along
    const spot = Array.from({ length: 24 }, (_, i) => (i * Math.PI) / 12)
      .map((a) => {
        const x = Math.floor(me.x + 22 * Math.cos(a))
        const z = Math.floor(me.z + 22 * Math.sin(a))
        return { a, x, z, y: groundY(x, z) + 1 }
      })
      .find((s) => lineOfSight(bot, eye, new Vec3(s.x + 0.5, s.y + 0.45, s.z + 0.5)))
    assert.ok(spot, 'the premise: some spot 22 blocks away in sight')
    // the sealed spider's cell on the ground 18 blocks the other way: 1×2×1 of air walled with bedrock
    const sx = Math.floor(me.x - 18 * Math.cos(spot.a))
    const sz = Math.floor(me.z - 18 * Math.sin(spot.a))
    const gy = groundY(sx, sz)
    for (let x = sx - 1; x <= sx + 1; x++)
      for (let y = gy; y <= gy + 3; y++)
        for (let z = sz - 1; z <= sz + 1; z++) {
          const inside = x === sx && z === sz && (y === gy + 1 || y === gy + 2)
          await setBlock(world, { x, y, z }, inside ? 'air' : 'bedrock')
        }
    const deaths: number[] = []
    ;(world.server as unknown as NodeJS.EventEmitter).on('mbMobDeath', (e: { id: number }) => deaths.push(e.id))
    const sealed = world.spawnMob('spider', { x: sx + 0.5, y: gy + 1, z: sz + 0.5 })
    const free = world.spawnMob('spider', { x: spot.x + 0.5, y: spot.y, z: spot.z + 0.5 })
    await until(() => sealed.entityId !== null && free.entityId !== null && bot.entities[sealed.entityId] && bot.entities[free.entityId], 10_000, 'the sealed and the free spider in the client’s view')
    // spiders wander (a random spot within 10 blocks every few seconds): the hunt starts once the free
    // one stands in the bot's sight, as the scene means it to (a CI run once began the hunt while it was behind a tree)
    await until(() => seesEntity(bot, bot.entities[free.entityId!]!), 30_000, 'the free spider in the bot’s sight')
    const near = (id: number) => bot.entity.position.distanceTo(bot.entities[id]!.position)
    assert.ok(near(sealed.entityId!) > HEARD_RADIUS && near(sealed.entityId!) < near(free.entityId!), `the premise: the sealed spider is the nearer, over ${HEARD_RADIUS} blocks away (${near(sealed.entityId!).toFixed(1)} and ${near(free.entityId!).toFixed(1)} blocks)`)
    const fought: string[] = []
    const onProgress = (_call: unknown, message: string) => {
      if (message.startsWith('fighting ')) fought.push(message)
    }
    body.on('skill.progress', onProgress)
    let r: HuntResult
    try {
      r = (await body.run({ skill: 'hunt', entity: 'spider', item: 'string', count: 1 })) as HuntResult
    } finally {
      body.off('skill.progress', onProgress)
    }
    // a spider drops 0–2 string: the hunt may end without one, having no other spider it knows of
    assert.ok(!fought.some((m) => m.includes(`(entity ${sealed.entityId})`)), `never fought the sealed spider: ${[...new Set(fought)].join('; ')}; ${r.reason}`)
    assert.ok(!world.mobs('spider').some((c) => c.entityId === free.entityId), `the free spider is dead: ${r.reason}`)
    assert.equal(r.kills, 1, r.reason)
    // the sealed spider did not die (the world's monsters farther than 32 blocks from every player
    // despawn at random, as vanilla's do: once the bot walked 22 blocks the other way it was 40 away,
    // and a CI-style run lost it that way; a despawn is no fight)
    assert.ok(!deaths.includes(sealed.id), `the sealed spider did not die: ${r.reason}`)
  })
})

/**
 * Fair play on the real embedded world: the bot targets only blocks it could know about
 * (senses/known-blocks.ts). Scenes are built with the server's own setBlock next to the bot,
 * so they do not depend on what the generator put there.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import type { World } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import type { SeenBlock, SkillResult } from '../../src/minecraft/body/types.js'
import { worldAndBody, until } from './body-support.js'
import { setBlock } from './support/world.js'
import { watchTargets } from './support/fair-digs.js'

type P = { x: number; y: number; z: number }
const key = (p: P) => `${p.x},${p.y},${p.z}`
const listed = (r: SkillResult) => new Set(((r.blocks as SeenBlock[] | undefined) ?? []).map((b) => key(b.position)))

describe('fair play: the bot targets only blocks it could know about (embedded world)', { timeout: 300_000 }, () => {
  let world: World
  let body: MineflayerBody
  let xray: MineflayerBody
  let cleanup: () => Promise<void>
  let feet: P

  /** Sets blocks on the server and waits until this client has every one of them. */
  async function build(blocks: Array<[P, string]>): Promise<void> {
    for (const [p, name] of blocks) await setBlock(world, p, name)
    await until(() => blocks.every(([p, name]) => body.bot.blockAt(new Vec3(p.x, p.y, p.z))?.name === name), 15_000, `client has ${blocks.length} built blocks`)
  }

  /** A 3×3×3 stone cube with `core` at its centre; the face toward the bot is cleared of anything in front. */
  function cube(centre: P, core: string): Array<[P, string]> {
    const out: Array<[P, string]> = []
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
      const p = { x: centre.x + dx, y: centre.y + dy, z: centre.z + dz }
      out.push([p, dx === 0 && dy === 0 && dz === 0 ? core : 'stone'])
    }
    return out
  }

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Fair', { body: { reflexes: { eat: false } } }))
    xray = await createBody({ host: world.host, port: world.port, username: 'Xray', xray: true, reconnect: false, reflexes: { eat: false } })
    const p = body.bot.entity.position
    feet = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) }
    // a clear pad to stand on and a clear corridor toward the scene (+x)
    const pad: Array<[P, string]> = []
    for (let dx = -1; dx <= 2; dx++) for (let dz = -1; dz <= 1; dz++) {
      pad.push([{ x: feet.x + dx, y: feet.y - 1, z: feet.z + dz }, 'stone'])
      for (let dy = 0; dy <= 2; dy++) pad.push([{ x: feet.x + dx, y: feet.y + dy, z: feet.z + dz }, 'air'])
    }
    await build(pad)
  })
  after(async () => {
    await xray?.close()
    await cleanup?.()
  })

  test('ore inside solid stone is not known: scanBlocks, mine and collect ignore it; x-ray (opt-in) finds it', async () => {
    const ore = { x: feet.x + 4, y: feet.y + 1, z: feet.z }
    await build(cube(ore, 'iron_ore'))
    assert.equal(body.knowledge.mode, 'fair')
    assert.equal(body.knowledge.isKnown(ore), false)
    const scan = await body.run({ skill: 'scanBlocks', radius: 12, ids: ['iron_ore'] })
    assert.equal(scan.ok, true, scan.reason)
    assert.ok(!listed(scan).has(key(ore)), `buried ore listed: ${scan.summary}`)
    // the cube's outside is exposed, so it is known
    const wall = await body.run({ skill: 'scanBlocks', radius: 12, ids: ['stone'] })
    assert.ok(listed(wall).has(key({ x: ore.x - 1, y: ore.y, z: ore.z })), 'the face of the cube is known')
    const mine = await body.run({ skill: 'mine', ...ore })
    assert.equal(mine.ok, false)
    assert.match(mine.reason, /I do not know what is at .*fair play/)
    assert.equal(body.bot.blockAt(new Vec3(ore.x, ore.y, ore.z))?.name, 'iron_ore', 'the buried ore is untouched')

    // collect while it is buried: the nearest iron, 4 blocks away, is not a target; the quarry's
    // iron (exposed on its floor, ~12 blocks away) is, and that is the one that lands in the inventory
    world.give('Fair', 'stone_pickaxe', 1)
    await until(() => body.inventoryCounts()['minecraft:stone_pickaxe'] === 1, 10_000, 'stone pickaxe given')
    const targets = watchTargets(body)
    const got = await body.run({ skill: 'collect', items: [{ name: 'iron_ore', count: 1 }] })
    targets.stop()
    assert.equal(got.ok, true, got.reason)
    assert.equal(got.gained?.['minecraft:iron_ore'], 1)
    const collectTargets = targets.targets.filter((t) => t.by === 'collect')
    assert.ok(collectTargets.length >= 1, `collect chose a target: ${targets.chosen.join('; ')}`)
    assert.ok(!collectTargets.some((t) => key(t.position) === key(ore)), `collect targeted the buried ore: ${targets.chosen.join('; ')}`)
    assert.deepEqual(targets.unknown, [], 'every target was known when chosen')
    assert.equal(body.bot.blockAt(new Vec3(ore.x, ore.y, ore.z))?.name, 'iron_ore', 'the buried ore is still there')
    const back = await body.run({ skill: 'moveTo', x: feet.x + 0.5, y: feet.y, z: feet.z + 0.5 })
    assert.equal(back.ok, true, back.reason)

    await until(() => xray.bot.blockAt(new Vec3(ore.x, ore.y, ore.z))?.name === 'iron_ore', 15_000, 'x-ray client has the cube')
    assert.equal(xray.knowledge.mode, 'xray')
    const seen = await xray.run({ skill: 'scanBlocks', radius: 12, ids: ['iron_ore'] })
    assert.ok(listed(seen).has(key(ore)), `x-ray scan misses the buried ore: ${seen.summary}`)
  })

  test('digging a tunnel that exposes the ore makes it known; collect then mines exactly that ore', async () => {
    const ore = { x: feet.x + 4, y: feet.y + 1, z: feet.z }
    const face = { x: ore.x - 1, y: ore.y, z: ore.z }
    const dig = await body.run({ skill: 'mine', ...face })
    assert.equal(dig.ok, true, dig.reason)
    await until(() => body.knowledge.isKnown(ore), 10_000, 'ore known once its face is dug away')
    const scan = await body.run({ skill: 'scanBlocks', radius: 12, ids: ['iron_ore'] })
    assert.ok(listed(scan).has(key(ore)), `exposed ore not listed: ${scan.summary}`)
    const got = await body.run({ skill: 'collect', items: [{ name: 'iron_ore', count: 1 }] })
    assert.equal(got.ok, true, got.reason)
    assert.equal(got.gained?.['minecraft:iron_ore'], 1)
    assert.equal(body.bot.blockAt(new Vec3(ore.x, ore.y, ore.z))?.name, 'air', 'collect mined the ore the tunnel exposed')
  })

  test('the target check fails an x-ray body: the ore it chooses through stone is caught at the moment of choice', async () => {
    // the same kind of call as above, on the opt-in x-ray body: it picks buried ore (the cube's
    // coal, or a vein under the meadow) and the check, an exposure index of the test's own, says so
    const ore = { x: feet.x - 5, y: feet.y + 1, z: feet.z - 2 }
    await build(cube(ore, 'coal_ore'))
    await until(() => xray.bot.blockAt(new Vec3(ore.x, ore.y, ore.z))?.name === 'coal_ore', 15_000, 'x-ray client has the cube')
    world.give('Xray', 'stone_pickaxe', 1)
    await until(() => xray.inventoryCounts()['minecraft:stone_pickaxe'] === 1, 10_000, 'x-ray body has a pickaxe')
    const targets = watchTargets(xray)
    const chosen = new Promise<void>((resolve) => xray.once('target', () => resolve()))
    const run = xray.run({ skill: 'collect', items: [{ name: 'coal_ore', count: 1 }] })
    await chosen
    await xray.stop('the target is chosen; that is all this test needs')
    const r = await run
    targets.stop()
    assert.equal(r.ok, false, 'stopped once it chose')
    assert.equal(targets.targets[0]?.by, 'collect')
    assert.equal(targets.targets[0]?.known, true, 'the x-ray knowledge claims to know it')
    assert.ok(targets.unknown.length >= 1, `the check caught the x-ray choice: ${targets.chosen.join('; ')}`)
    assert.equal(targets.unknown[0], targets.chosen[0])
  })

  test('a cave opening next to buried ore makes it known (block updates keep the index current)', async () => {
    const ore = { x: feet.x - 4, y: feet.y + 1, z: feet.z + 6 }
    await build(cube(ore, 'gold_ore'))
    // index the area first, so what follows is the incremental path, not a fresh build
    await body.run({ skill: 'scanBlocks', radius: 16, ids: ['gold_ore'] })
    assert.equal(body.knowledge.isKnown(ore), false)
    // a cave: air carved through the cube from its top to the ore
    await build([[{ x: ore.x, y: ore.y + 1, z: ore.z }, 'cave_air']])
    await until(() => body.knowledge.isKnown(ore), 10_000, 'ore known once a cave touches it')
    const scan = await body.run({ skill: 'scanBlocks', radius: 16, ids: ['gold_ore'] })
    assert.ok(listed(scan).has(key(ore)), `cave-exposed ore not listed: ${scan.summary}`)
    // and closed again: enclosed, so no longer a target
    await build([[{ x: ore.x, y: ore.y + 1, z: ore.z }, 'stone']])
    await until(() => !body.knowledge.isKnown(ore), 10_000, 'ore unknown once the cave is filled')
  })

  test('the rule is exposure, not line of sight: a log behind a wall is known while it touches air, not when enclosed', async () => {
    const log = { x: feet.x, y: feet.y + 1, z: feet.z - 6 }
    const scene: Array<[P, string]> = [[log, 'oak_log']]
    // a wall between the bot and the log, wider than the log
    for (let dx = -2; dx <= 2; dx++) for (let dy = -1; dy <= 3; dy++) scene.push([{ x: log.x + dx, y: log.y + dy, z: log.z + 2 }, 'stone'])
    for (const p of [{ x: log.x, y: log.y, z: log.z + 1 }, { x: log.x + 1, y: log.y, z: log.z }]) scene.push([p, 'air'])
    await build(scene)
    await body.bot.lookAt(new Vec3(log.x + 0.5, log.y + 0.5, log.z + 0.5), true)
    const vision = body.look({ distance: 16, fovDegrees: 90, raysPerDegree: 1 })
    assert.ok(!vision.blocks.some((b) => key(b.position) === key(log)), 'the eyes do not see through the wall')
    // everything the eyes see is known (a ray enters a block from air)
    const unknownSeen = vision.blocks.filter((b) => !body.knowledge.isKnown(b.position))
    assert.deepEqual(unknownSeen, [], 'every seen block is known')
    const scan = await body.run({ skill: 'scanBlocks', radius: 12, ids: ['log'] })
    assert.ok(listed(scan).has(key(log)), `a log touching air is known: ${scan.summary}`)
    // enclose it: every face against stone
    const around = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].map(([dx, dy, dz]) => [{ x: log.x + dx!, y: log.y + dy!, z: log.z + dz! }, 'stone'] as [P, string])
    await build(around)
    await until(() => !body.knowledge.isKnown(log), 10_000, 'enclosed log unknown')
    const again = await body.run({ skill: 'scanBlocks', radius: 12, ids: ['log'] })
    assert.ok(!listed(again).has(key(log)), 'an enclosed log is not known')
  })

  test('collect with nothing known explores and says so in its reason', async () => {
    const start = body.bot.entity.position.clone()
    // sponge never generates in the overworld outside ocean monuments
    const r = await body.run({ skill: 'collect', items: [{ name: 'sponge', count: 1 }] }, { timeoutMs: 25_000 })
    assert.equal(r.ok, false)
    assert.match(r.reason, /^no sponge known within 64 blocks \(fair play: only blocks exposed to air or seen count\); searched .*walking (\d+) blocks in \d+s/)
    const walked = Number(/walking (\d+) blocks/.exec(r.reason)![1])
    assert.ok(walked > 0, r.reason)
    assert.ok(body.bot.entity.position.distanceTo(start) > 2, 'the bot walked away to look')
    assert.deepEqual(r.missing, [{ name: 'minecraft:sponge', count: 1 }])
  })
})

/**
 * Farming and buckets in a real embedded world: the natural profile, seed 24 (found by exploring
 * the generator: a lake a few blocks from spawn, grass all around it, cows about 15 blocks away).
 * Nothing is placed for the tests; monsters are off (the subject is farming). Starting items come only through the world's give API, said in
 * each test: a bucket, a wooden hoe, bone meal, a sugar cane and wheat seeds. Growth in the farm test comes from the given bone
 * meal (the world keeps vanilla's random tick speed, 3), so it finishes in minutes, not an hour. The shelter test sets the
 * clock to morning through the operator API (`world.setTime`), so the bot climbs out of its pit at once.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { until } from './body-support.js'
import { startWorld, type World } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import type { FarmResult, FillBucketResult, PlaceWaterResult } from '../../src/minecraft/body/types.js'
import { goals } from '../../src/minecraft/body/skills/nav.js'

const SEED = 24
const NAME = 'Farmer'

/** What the server itself has at a position (not the client's copy). */
async function serverBlock(world: World, p: { x: number; y: number; z: number }): Promise<string> {
  const b = (await world.server.overworld.getBlock(new Vec3(p.x, p.y, p.z) as never)) as { name: string }
  return b.name
}

describe('farming and buckets on the natural world (seed 24)', { concurrency: false }, () => {
  let world: World
  let body: MineflayerBody

  before(async () => {
    // monsters off: these tests are about farming, not a zombie from a nearby cave interrupting it
    world = await startWorld({ seed: SEED, monsters: false })
    body = await createBody({ host: world.host, port: world.port, username: NAME, reconnect: false })
    await until(() => body.bot.entity?.onGround, 20_000, 'the bot on the ground')
  })
  after(async () => {
    await body?.close()
    await world?.close()
  })

  test('fillBucket water: the nearest known source becomes air and the bucket a water bucket (given: 1 bucket)', async () => {
    world.give(NAME, 'bucket', 1)
    await until(() => body.inventoryCounts()['minecraft:bucket'] === 1, 5000, 'the given bucket')
    const r = (await body.run({ skill: 'fillBucket', fluid: 'water' })) as FillBucketResult
    assert.equal(r.ok, true, r.reason)
    assert.equal(r.filled, 'minecraft:water_bucket')
    assert.ok(r.source)
    assert.equal(body.inventoryCounts()['minecraft:water_bucket'], 1)
    assert.equal(body.inventoryCounts()['minecraft:bucket'] ?? 0, 0)
    assert.equal(await serverBlock(world, r.source), 'air')
  })

  test('placeWater: the water bucket pours a source into a free cell and gives the bucket back', async () => {
    // a free cell (air or a grass plant) on solid ground beside the bot, not in the lake
    const me = body.bot.entity.position.floored()
    let target: ReturnType<typeof me.offset> | null = null
    for (let r = 2; r <= 5 && !target; r++) {
      for (const [dx, dz] of [[r, 0], [-r, 0], [0, r], [0, -r]] as const) {
        for (const dy of [0, 1, -1, 2]) {
          const p = me.offset(dx, dy, dz)
          const here = body.bot.blockAt(p)?.name
          const below = body.bot.blockAt(p.offset(0, -1, 0))
          if ((here === 'air' || here === 'grass') && below?.boundingBox === 'block' && below.name !== 'water') {
            target = p
            break
          }
        }
        if (target) break
      }
    }
    assert.ok(target, 'a free cell near the bot')
    const r = (await body.run({ skill: 'placeWater', x: target.x, y: target.y, z: target.z })) as PlaceWaterResult
    assert.equal(r.ok, true, r.reason)
    assert.equal(await serverBlock(world, target), 'water')
    assert.equal(body.inventoryCounts()['minecraft:bucket'], 1)
    assert.equal(body.inventoryCounts()['minecraft:water_bucket'] ?? 0, 0)
  })

  test('fillBucket milk: the nearest cow in sight fills the bucket with milk', async () => {
    await until(() => Object.values(body.bot.entities).some((e) => e.name === 'cow'), 20_000, 'a cow in sight')
    const r = (await body.run({ skill: 'fillBucket', fluid: 'milk' })) as FillBucketResult
    assert.equal(r.ok, true, r.reason)
    assert.equal(r.filled, 'minecraft:milk_bucket')
    assert.equal(body.inventoryCounts()['minecraft:milk_bucket'], 1)
    assert.equal(body.inventoryCounts()['minecraft:bucket'] ?? 0, 0)
  })

  test('fillBucket without an empty bucket says what is missing', async () => {
    const r = (await body.run({ skill: 'fillBucket', fluid: 'water' })) as FillBucketResult
    assert.equal(r.ok, false)
    assert.match(r.reason, /no empty minecraft:bucket/)
    assert.equal(r.filled, null)
  })

  test('farm wheat from grass seeds: till near water, plant, bone meal, harvest (given: a wooden hoe, 24 bone meal)', async () => {
    assert.equal(body.inventoryCounts()['minecraft:wheat_seeds'] ?? 0, 0, 'no seeds at the start: they must come from grass')
    world.give(NAME, 'wooden_hoe', 1)
    world.give(NAME, 'bone_meal', 24)
    await until(() => body.inventoryCounts()['minecraft:bone_meal'] === 24, 5000, 'the given bone meal')
    const r = (await body.run({ skill: 'farm', crop: 'wheat', count: 2 })) as FarmResult
    assert.equal(r.ok, true, r.reason)
    assert.ok((body.inventoryCounts()['minecraft:wheat'] ?? 0) >= 2)
    assert.ok((r.harvested.find((h) => h.name === 'minecraft:wheat')?.count ?? 0) >= 2, JSON.stringify(r.harvested))
    assert.ok((r.gained?.['minecraft:wheat'] ?? 0) >= 2)
    assert.ok((body.inventoryCounts()['minecraft:bone_meal'] ?? 0) < 24, 'bone meal was used')
    assert.ok(r.planted >= 2, `planted ${r.planted}`)
    assert.ok(r.plots.length >= 1)
    for (const p of r.plots) {
      assert.equal(await serverBlock(world, p), 'farmland', `plot at ${JSON.stringify(p)}`)
      // each plot lies near the water the bot knew about
      let water = false
      for (let dx = -4; dx <= 4 && !water; dx++) for (let dz = -4; dz <= 4 && !water; dz++) for (let dy = -2; dy <= 1 && !water; dy++) water = body.bot.blockAt(new Vec3(p.x + dx, p.y + dy, p.z + dz))?.name === 'water'
      assert.ok(water, `water near the plot at ${JSON.stringify(p)}`)
    }
  })

  test('the world plants seeds only on farmland: seeds used on grass are refused, the hoe then tills it (given: 2 wheat seeds)', async () => {
    const bot = body.bot
    const before = body.inventoryCounts()['minecraft:wheat_seeds'] ?? 0
    world.give(NAME, 'wheat_seeds', 2) // given: 2 wheat seeds
    await until(() => body.inventoryCounts()['minecraft:wheat_seeds'] === before + 2, 5000, 'the given seeds')
    const seeds = before + 2
    const me = bot.entity.position
    const ground = bot
      .findBlocks({ matching: bot.registry.blocksByName.grass_block!.id, maxDistance: 5, count: 100 })
      .filter((p) => bot.blockAt(p.offset(0, 1, 0))?.name === 'air' && p.distanceTo(me) > 1.5 && p.distanceTo(me) < 4)[0]
    assert.ok(ground, 'a grass block with air above within reach')
    await bot.equip(bot.inventory.items().find((i) => i.name === 'wheat_seeds')!, 'hand')
    await bot.activateBlock(bot.blockAt(ground)!)
    await bot.equip(bot.inventory.items().find((i) => i.name === 'wooden_hoe')!, 'hand')
    await bot.activateBlock(bot.blockAt(ground)!)
    // the server handles one player's packets in order: once the hoe's farmland is here, the seed use before it was answered
    await until(() => bot.blockAt(ground)?.name === 'farmland', 5000, 'farmland from the hoe')
    assert.equal(await serverBlock(world, ground), 'farmland')
    assert.equal(await serverBlock(world, ground.offset(0, 1, 0)), 'air', 'no wheat on grass')
    assert.equal(body.inventoryCounts()['minecraft:wheat_seeds'] ?? 0, seeds)
  })

  test('farm is cancellable while it waits for growth: sugar cane takes no bone meal (given: 1 sugar cane)', async () => {
    world.give(NAME, 'sugar_cane', 1)
    await until(() => (body.inventoryCounts()['minecraft:sugar_cane'] ?? 0) >= 1, 5000, 'the given sugar cane')
    const ctl = new AbortController()
    const waiting = new Promise<void>((resolve) => {
      const onProgress = (_call: unknown, message: string) => {
        if (/^waiting for/.test(message)) {
          body.off('skill.progress', onProgress)
          resolve()
        }
      }
      body.on('skill.progress', onProgress)
    })
    const run = body.run({ skill: 'farm', crop: 'sugar_cane', count: 20 }, { signal: ctl.signal })
    await waiting
    ctl.abort('test says stop')
    const r = (await run) as FarmResult
    assert.equal(r.ok, false)
    assert.match(r.reason, /^cancelled/)
    // the cane it planted stands beside water, in the world
    const canes = body.bot.findBlocks({ matching: body.bot.registry.blocksByName.sugar_cane!.id, maxDistance: 40, count: 50 })
    const planted = []
    for (const c of canes) {
      const soil = c.offset(0, -1, 0)
      if (body.bot.blockAt(soil)?.name === 'sugar_cane') continue
      if ([[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dz]) => body.bot.blockAt(soil.offset(dx!, 0, dz!))?.name === 'water') && (await serverBlock(world, c)) === 'sugar_cane') planted.push(c)
    }
    assert.ok(planted.length >= 1, 'a sugar cane beside water')
    assert.equal(r.gained?.['minecraft:sugar_cane'] ?? 0, -1, 'the given cane was planted')
  })

  test('farm goes back to the wheat it planted: holding no seeds after a cut, it breaks no grass and tends the field (given: wheat seeds to fill a field of 9)', async () => {
    const bot = body.bot
    const wheatId = bot.registry.blocksByName.wheat!.id
    const held = () => body.inventoryCounts()['minecraft:wheat_seeds'] ?? 0
    const known = () => bot.findBlocks({ matching: wheatId, maxDistance: 32, count: 64 }).map((p) => `${p.x},${p.y - 1},${p.z}`)
    // the earlier farm test replanted its plot; seeds enough for a field of 9 (the skill's largest), so the first call plants them all
    const give = Math.max(1, 9 - known().length - held())
    const before = held()
    world.give(NAME, 'wheat_seeds', give)
    await until(() => held() === before + give, 5000, 'the given seeds')
    /** Runs farm until it turns to the crops (a wait or bone meal: everything it could plant is planted), then cuts it, as the night shelter does. */
    const farmUntilTending = async (): Promise<string[]> => {
      const said: string[] = []
      const ctl = new AbortController()
      const onProgress = (_call: unknown, message: string) => {
        said.push(message)
        if (/^(waiting for|bone meal on)/.test(message)) ctl.abort('interrupted by shelter')
      }
      body.on('skill.progress', onProgress)
      try {
        const r = await body.run({ skill: 'farm', crop: 'wheat', count: 9 }, { signal: ctl.signal })
        assert.match(r.reason, /^cancelled/, said.join('; '))
        return said
      } finally {
        body.off('skill.progress', onProgress)
      }
    }
    const first = await farmUntilTending()
    assert.equal(held(), 0, `every seed planted in the first call: ${first.join('; ')}`)
    const field = known()
    assert.ok(field.length >= 2, `wheat planted: ${field.join(' ')}`)
    const second = await farmUntilTending()
    assert.ok(!second.some((m) => /^breaking grass/.test(m)), `no grass broken for seeds: ${second.join('; ')}`)
    assert.ok(!second.some((m) => /^(tilling|planting)/.test(m)), `nothing new tilled or planted: ${second.join('; ')}`)
    // what it turned to is the field: all of it waited for, or bone meal on one of its crops
    const tending = second.at(-1)!
    const waiting = /^waiting for (\d+) wheat/.exec(tending)
    const meal = /^bone meal on the crop at \((-?\d+), (-?\d+), (-?\d+)\)/.exec(tending)
    if (waiting) assert.equal(Number(waiting[1]), field.length, tending)
    else assert.ok(meal && field.includes(`${meal[1]},${Number(meal[2]) - 1},${meal[3]}`), `${tending} (field ${field.join(' ')})`)
  })

  test('the night shelter is dug beside the field, not in it, and the climb out spares it: standing on its crop, the bot digs in, climbs out, and every plot keeps its wheat', async () => {
    const bot = body.bot
    const field = bot.findBlocks({ matching: bot.registry.blocksByName.wheat!.id, maxDistance: 32, count: 64 }).map((p) => p.offset(0, -1, 0))
    assert.ok(field.length >= 1, 'the field of the test before')
    const g = field[0]!
    // into the crop's own cell (the moveTo skill arrives within 2 blocks): the bot's own steps, by its path finder
    await bot.pathfinder.goto(new goals.GoalBlock(g.x, g.y + 1, g.z))
    // farmland is 15/16 of a block tall: on a plot the feet are 1/16 below the crop's cell (and the path finder counts
    // a bot standing on g as in the crop's cell already)
    const p = bot.entity.position
    assert.equal(bot.blockAt(new Vec3(Math.floor(p.x), Math.floor(p.y + 0.1), Math.floor(p.z)))?.name, 'wheat', 'the bot stands in its crop')
    const r = await body.run({ skill: 'shelter', wait: false })
    assert.equal(r.ok, true, r.reason)
    const fieldKept = async (when: string) => {
      for (const p of field) {
        assert.equal(await serverBlock(world, p), 'farmland', `${when}: the plot at ${p}`)
        assert.equal(await serverBlock(world, p.offset(0, 1, 0)), 'wheat', `${when}: the crop on ${p}`)
      }
    }
    await fieldKept('dug in')
    // morning (the operator's clock): sealed in, the shelter climbs out at once, by stairs its path finder digs beside the
    // field; a wheat run's climb dug through a plot beside the pit (the crop lost each night, branch crop41)
    world.setTime(1000)
    const dug: string[] = []
    const onDug = (d: { position?: { x: number; y: number; z: number }; block?: { name: string } }) => dug.push(`${d.block?.name}@${d.position?.x},${d.position?.y},${d.position?.z}`)
    const player = world.server.players.find((p) => p.username === NAME)!
    player.on('dug', onDug)
    try {
      const out = await body.run({ skill: 'shelter' })
      assert.equal(out.ok, true, out.reason)
      assert.match(out.reason, /climbed out/, out.reason)
    } finally {
      player.off('dug', onDug)
    }
    await fieldKept(`climbed out (dug ${dug.join(' ')})`)
  })

  test('the path finder never digs through the field: sent under a plot, it finds no way there and every plot keeps its wheat', async () => {
    const bot = body.bot
    const field = bot.findBlocks({ matching: bot.registry.blocksByName.wheat!.id, maxDistance: 32, count: 64 }).map((p) => p.offset(0, -1, 0))
    assert.ok(field.length >= 1, 'the field of the tests before')
    const g = field[0]!
    // the feet under a plot, the head in its farmland: no way there leaves the plot whole. The path finder may end
    // without an error when it finds nothing (an empty path), or follow a part of a way for a while: bounded here
    const how = await Promise.race([
      bot.pathfinder.goto(new goals.GoalBlock(g.x, g.y - 1, g.z)).then(
        () => 'the path finder ended',
        (e: Error) => e.message,
      ),
      new Promise<string>((resolve) => setTimeout(() => resolve('stopped after 60 s'), 60_000)),
    ])
    bot.pathfinder.setGoal(null)
    for (const p of field) {
      assert.equal(await serverBlock(world, p), 'farmland', `the plot at ${p} (${how})`)
      assert.equal(await serverBlock(world, p.offset(0, 1, 0)), 'wheat', `the crop on ${p} (${how})`)
    }
  })
})

/**
 * Growth by random ticks alone, no bone meal: the world runs with `randomTickSpeed: 1024` (an
 * explicit world option; vanilla and the default is 3), so a cane or a pumpkin stem grows in seconds
 * instead of 20–60 minutes. Same seed, nothing placed; given: 1 sugar cane, a wooden hoe, 1 pumpkin seed,
 * and for the wheat field another wooden hoe and 3 wheat seeds.
 */
describe('growth by random ticks (randomTickSpeed 1024, natural seed 24)', { concurrency: false }, () => {
  let world: World
  let body: MineflayerBody
  const name = 'Grower'

  before(async () => {
    world = await startWorld({ seed: SEED, monsters: false, randomTickSpeed: 1024 })
    body = await createBody({ host: world.host, port: world.port, username: name, reconnect: false })
    await until(() => body.bot.entity?.onGround, 20_000, 'the bot on the ground')
  })
  after(async () => {
    await body?.close()
    await world?.close()
  })

  test('sugar cane planted beside water grows and is cut above its lowest block', async () => {
    world.give(name, 'sugar_cane', 1)
    await until(() => body.inventoryCounts()['minecraft:sugar_cane'] === 1, 5000, 'the given cane')
    const r = (await body.run({ skill: 'farm', crop: 'sugar_cane', count: 3 })) as FarmResult
    assert.equal(r.ok, true, r.reason)
    assert.ok((body.inventoryCounts()['minecraft:sugar_cane'] ?? 0) >= 4, `canes: ${body.inventoryCounts()['minecraft:sugar_cane']}`)
    // the lowest cane of a harvested plot stays, so it grows again
    const bases = []
    for (const p of r.plots) bases.push(await serverBlock(world, { ...p, y: p.y + 1 }))
    assert.ok(bases.includes('sugar_cane'), `bases: ${bases.join(', ')}`)
  })

  test('farm 3 wheat holding 3 seeds: all 3 planted on 3 plots in rows (no diagonal, no corner) before the first harvest (given: a wooden hoe, 3 wheat seeds)', async () => {
    world.give(name, 'wooden_hoe', 1)
    const before = body.inventoryCounts()['minecraft:wheat_seeds'] ?? 0
    world.give(name, 'wheat_seeds', 3)
    await until(() => body.inventoryCounts()['minecraft:wheat_seeds'] === before + 3, 5000, 'the given seeds')
    // what the skill says it does, in order: where it plants, and when it first harvests
    const planting: string[] = []
    let firstHarvest = -1
    const onProgress = (_call: unknown, message: string) => {
      const at = /^planting minecraft:wheat_seeds at (.+)$/.exec(message)
      if (at) planting.push(at[1]!)
      else if (/^harvested:/.test(message) && firstHarvest < 0) firstHarvest = planting.length
    }
    body.on('skill.progress', onProgress)
    let r: FarmResult
    try {
      r = (await body.run({ skill: 'farm', crop: 'wheat', count: 3 })) as FarmResult
    } finally {
      body.off('skill.progress', onProgress)
    }
    assert.equal(r.ok, true, r.reason)
    assert.equal(r.plots.length, 3, JSON.stringify(r.plots))
    // laid out so that every crop grows at full speed (vanilla halves it for the same crop on a diagonal,
    // or in rows both ways, at one height): no diagonal neighbours, no corner of an L
    const level = (a: { y: number }, b: { y: number }) => a.y === b.y
    for (const a of r.plots) {
      const near = r.plots.filter((b) => b !== a && level(a, b))
      assert.ok(!near.some((b) => Math.abs(a.x - b.x) === 1 && Math.abs(a.z - b.z) === 1), `a diagonal neighbour of ${JSON.stringify(a)} in ${JSON.stringify(r.plots)}`)
      const alongX = near.some((b) => b.z === a.z && Math.abs(a.x - b.x) === 1)
      const alongZ = near.some((b) => b.x === a.x && Math.abs(a.z - b.z) === 1)
      assert.ok(!(alongX && alongZ), `a corner at ${JSON.stringify(a)} in ${JSON.stringify(r.plots)}`)
    }
    assert.equal(firstHarvest, 3, `plantings before the first harvest (plantings: ${planting.join('; ')})`)
    assert.equal(new Set(planting.slice(0, 3)).size, 3, planting.join('; '))
    assert.ok((r.harvested.find((h) => h.name === 'minecraft:wheat')?.count ?? 0) >= 3, JSON.stringify(r.harvested))
  })

  test('a pumpkin stem on moist farmland grows, sets a pumpkin beside it, and the pumpkin is harvested', async () => {
    world.give(name, 'wooden_hoe', 1)
    world.give(name, 'pumpkin_seeds', 1)
    await until(() => body.inventoryCounts()['minecraft:pumpkin_seeds'] === 1, 5000, 'the given seeds')
    const r = (await body.run({ skill: 'farm', crop: 'pumpkin', count: 1 })) as FarmResult
    assert.equal(r.ok, true, r.reason)
    assert.equal(body.inventoryCounts()['minecraft:pumpkin'], 1)
    const plot = r.plots[0]!
    // the stem stays (grown again once its fruit is gone) and the farmland near water is moist
    assert.match(await serverBlock(world, { ...plot, y: plot.y + 1 }), /pumpkin_stem$/)
    const farmland = (await world.server.overworld.getBlock(new Vec3(plot.x, plot.y, plot.z) as never)) as unknown as { name: string; getProperties(): { moisture?: number } }
    assert.equal(farmland.name, 'farmland')
    let wet = false
    for (let dx = -4; dx <= 4; dx++) for (let dz = -4; dz <= 4; dz++) for (let dy = 0; dy <= 1; dy++) wet ||= (await serverBlock(world, { x: plot.x + dx, y: plot.y + dy, z: plot.z + dz })) === 'water'
    if (wet) assert.equal(farmland.getProperties().moisture, 7)
    else assert.ok((farmland.getProperties().moisture ?? 0) < 7)
  })
})

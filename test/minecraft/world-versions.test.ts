/**
 * The embedded world on the newer supported versions (issue 27), only what the 1.16.5 tests do
 * not cover: the tall (1.18+) natural world as a plain 1.20.4 client receives it (deepslate below
 * y 0, copper and deepslate ores) through the real `world --mc-version` command, a world folder
 * keeping its version, the refusal of an unsupported version, the tall generator's determinism
 * and its 1.18 ore heights, a body digging, crafting and smelting raw iron on 1.20.4 with the
 * world's plugins, and a 1.21.4 join (with a hurt that is no death, and a death far from the spawn
 * and a respawn, whose packets changed shape, and the death screen's message read as NBT text). Operator API used: `world.damage` and, to put the
 * 1.21.4 client far from the spawn, a teleport through the flying-squid server (`world.server`), as
 * an operator's /tp would.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import minecraftData from 'minecraft-data'
import { createNaturalWorldFor } from '../../src/minecraft/world/generator.js'
import { NAME } from '../../src/minecraft/world/natural/index.js'
import { computeDrops } from '../../src/minecraft/world/drops.js'
import { versionFacts } from '../../src/minecraft/version-facts.js'
import { createBody } from '../../src/minecraft/body/index.js'
import { startCli, runNode, envWithout } from '../support/run-node.js'
import { connectBot, quitBot, startWorld } from './support/world.js'
import { expectOk, runThroughInterruptions, until } from './body-support.js'
import type { SkillCall } from '../../src/minecraft/body/types.js'

/** Counts of block names in the columns a client has loaded, split at y 0. */
function scanLoaded(bot: Bot): { below: Map<string, number>; above: Map<string, number>; bottom: Map<string, number> } {
  const below = new Map<string, number>()
  const above = new Map<string, number>()
  const bottom = new Map<string, number>()
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)
  const pos = { x: 0, y: 0, z: 0 }
  const columns = (bot.world as unknown as { getColumns(): Array<{ column: { getBlockStateId(p: typeof pos): number } }> }).getColumns()
  for (const { column } of columns) {
    for (let y = -64; y < 90; y++) {
      for (let x = 0; x < 16; x++) {
        for (let z = 0; z < 16; z++) {
          pos.x = x
          pos.y = y
          pos.z = z
          const name = bot.registry.blocksByStateId[column.getBlockStateId(pos)]?.name ?? 'unknown'
          add(y < 0 ? below : above, name)
          if (y === -64) add(bottom, name)
        }
      }
    }
  }
  return { below, above, bottom }
}

const sum = (m: Map<string, number>, pick: (name: string) => boolean) => [...m].filter(([k]) => pick(k)).reduce((n, [, v]) => n + v, 0)

async function worldCli(args: string[]): Promise<{ port: number; out: () => string; stop: () => Promise<number | null> }> {
  const run = startCli(['world', '--port', '0', ...args])
  const guard = setTimeout(() => run.child.kill('SIGKILL'), 120_000) // a hang becomes a failure
  const port = await new Promise<number>((resolve, reject) => {
    const check = () => {
      const m = /running on 127\.0\.0\.1:(\d+)/.exec(run.out())
      if (m && run.out().includes('press Ctrl-C to stop')) resolve(Number(m[1]))
    }
    run.child.stdout!.on('data', check)
    void run.exited.then(() => reject(new Error(`world exited early: ${run.out()}`)))
  })
  return {
    port,
    out: run.out,
    stop: async () => {
      run.child.kill('SIGINT')
      const code = await run.exited
      clearTimeout(guard)
      return code
    },
  }
}

describe('mindbridge world --mc-version 1.20.4 (CLI)', () => {
  test('a plain 1.20.4 client finds deepslate below y 0, copper and deepslate ores; the folder keeps its version', { timeout: 300_000 }, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-world-1204-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    const w = await worldCli(['--seed', '5', '--mc-version', '1.20.4', '--dir', dir])
    assert.match(w.out(), /Minecraft 1\.20\.4 world running on/)
    const bot = await connectBot({ host: '127.0.0.1', port: w.port, version: '1.20.4' }, 'deepprobe')
    await bot.waitForChunksToLoad()
    const game = bot.game as unknown as { minY: number; height: number }
    assert.equal(game.minY, -64)
    assert.equal(game.height, 384)
    const { below, above, bottom } = scanLoaded(bot)
    const cellsBelow = sum(below, () => true)
    t.diagnostic(`below y 0: ${[...below].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`)
    // deepslate is the rock below 0 (with tuff, ores, caves and bedrock), never plain stone
    assert.ok(sum(below, (n) => n === 'deepslate') > cellsBelow / 2, 'most of the world below y 0 is deepslate')
    assert.equal(below.get('stone') ?? 0, 0, 'no stone below y 0')
    assert.ok((below.get('tuff') ?? 0) > 0, 'tuff below y 0')
    assert.ok(sum(below, (n) => /^deepslate_.*_ore$/.test(n)) > 0, 'deepslate ores below y 0')
    assert.ok((below.get('deepslate_iron_ore') ?? 0) > 0 && (below.get('deepslate_diamond_ore') ?? 0) + (below.get('deepslate_redstone_ore') ?? 0) > 0)
    assert.ok(sum(above, (n) => n === 'copper_ore') + sum(below, (n) => n === 'deepslate_copper_ore') > 0, 'copper')
    assert.ok((bottom.get('bedrock') ?? 0) === sum(bottom, () => true), 'bedrock at y −64')
    await quitBot(bot)
    assert.equal(await w.stop(), 0)
    const meta = JSON.parse(readFileSync(join(dir, 'mindbridge-world.json'), 'utf8')) as { version: string }
    assert.equal(meta.version, '1.20.4')

    // the same folder asked for another version keeps its own and says so
    const again = await worldCli(['--mc-version', '1.16.5', '--dir', dir])
    assert.match(again.out(), /was made with Minecraft 1\.20\.4 and keeps it \(1\.16\.5 was asked for\)/)
    assert.match(again.out(), /Minecraft 1\.20\.4 world running on/)
    assert.equal(await again.stop(), 0)
  })

  test('an unsupported version is refused at once, with the supported ones', async () => {
    const env = envWithout((k) => k.startsWith('MINDBRIDGE_'))
    const root = new URL('../..', import.meta.url).pathname
    for (const cmd of ['world', 'play']) {
      const r = await runNode(['--import', 'tsx', 'src/cli/main.ts', cmd, '--mc-version', '1.19.2'], { cwd: root, env })
      assert.equal(r.code, 2, r.stderr)
      assert.match(r.stderr, /--mc-version: expected a supported Minecraft version: 1\.16\.5, 1\.20\.4, 1\.21\.4, got '1\.19\.2'/)
      assert.doesNotMatch(r.stdout, /starting the embedded world|running on/)
    }
  })
})

describe('the tall natural world (1.18+ shape)', () => {
  test('the same seed gives the same blocks, another seed other blocks', () => {
    const a = createNaturalWorldFor(9, '1.20.4')
    const b = createNaturalWorldFor(9, '1.20.4')
    const c = createNaturalWorldFor(10, '1.20.4')
    let differs = 0
    for (const [cx, cz] of [
      [0, 0],
      [3, -2],
      [-5, 7],
    ] as const) {
      const x = a.generate(cx, cz)
      assert.equal(x.minY, -64)
      assert.equal(x.blocks.length, 384 * 256)
      assert.deepEqual(x.blocks, b.generate(cx, cz).blocks)
      if (!c.generate(cx, cz).blocks.every((v, i) => v === x.blocks[i])) differs++
    }
    assert.equal(differs, 3)
  })

  test('ores at their 1.18 heights: deepslate variants below 0, diamonds low, copper −16..112, lava only below −54', () => {
    const w = createNaturalWorldFor(31, '1.20.4')
    const ys = new Map<string, number[]>()
    for (let cx = -4; cx < 4; cx++) {
      for (let cz = -4; cz < 4; cz++) {
        const { blocks, minY } = w.generate(cx, cz)
        for (let i = 0; i < blocks.length; i++) {
          const name = NAME[blocks[i]!]!
          if (!name.endsWith('_ore') && name !== 'lava') continue
          const list = ys.get(name) ?? []
          list.push((i >> 8) + minY)
          ys.set(name, list)
        }
      }
    }
    const all = (n: string) => ys.get(n) ?? []
    const count = (names: string[], lo: number, hi: number) => names.reduce((k, n) => k + all(n).filter((y) => y >= lo && y <= hi).length, 0)
    // a vein reaches a few blocks around its centre
    const diamonds = [...all('diamond_ore'), ...all('deepslate_diamond_ore')]
    assert.ok(diamonds.length > 0 && Math.max(...diamonds) <= 16 + 3, `diamonds at most at y 19, got ${Math.max(...diamonds)}`)
    const copper = [...all('copper_ore'), ...all('deepslate_copper_ore')]
    assert.ok(copper.length > 0 && Math.min(...copper) >= -16 - 4 && Math.max(...copper) <= 112 + 4)
    // below 0 the ores are deepslate ores (a vein crossing a granite or andesite blob keeps the plain one)
    const plainBelow = count(['iron_ore', 'gold_ore', 'redstone_ore', 'diamond_ore', 'lapis_ore', 'copper_ore', 'coal_ore'], -64, -1)
    const deepBelow = count(['deepslate_iron_ore', 'deepslate_gold_ore', 'deepslate_redstone_ore', 'deepslate_diamond_ore', 'deepslate_lapis_ore', 'deepslate_copper_ore'], -64, -1)
    assert.ok(deepBelow > 10 * plainBelow, `deepslate ores ${deepBelow}, plain ones ${plainBelow} below y 0`)
    // iron's lower band peaks at y 16: more there than in the same number of layers above it
    const iron = ['iron_ore', 'deepslate_iron_ore']
    assert.ok(count(iron, -8, 40) > 2 * count(iron, 48, 96), `iron around y 16: ${count(iron, -8, 40)}, at 48..96: ${count(iron, 48, 96)}`)
    assert.equal(all('lava').filter((y) => y > -55 && y < 0).length, 0, 'no lava between y −54 and 0')
    assert.ok(all('lava').some((y) => y <= -55), 'lava in the deep caves')
  })

  test('the version facts read raw metals from minecraft-data and place the strip where the ore is', () => {
    const f = versionFacts('1.20.4')
    assert.equal(f.rawMetalDrops().get('iron_ore'), 'raw_iron')
    assert.equal(f.rawMetalDrops().get('deepslate_iron_ore'), 'raw_iron')
    assert.equal(versionFacts('1.16.5').rawMetalDrops().size, 0)
    assert.equal(f.name('grass'), 'short_grass')
    assert.equal(versionFacts('1.16.5').name('short_grass'), 'grass')
    // iron's lower band (triangle −24..56): under plains the strip is in it, well below 1.16's y 48
    const y = f.stripHeight('iron_ore', 68)
    assert.ok(y >= 0 && y <= 40, `1.20.4 iron strip at y ${y}`)
    assert.equal(versionFacts('1.16.5').stripHeight('iron_ore', 68), 48)
    assert.ok(f.stripHeight('diamond_ore', 68) < 0 && f.stripHeight('diamond_ore', 68) >= f.safeMinY)
    // the world's drops: iron ore mined with a stone pickaxe gives raw iron on 1.20.4
    const registry = minecraftData('1.20.4')
    const drops = computeDrops(registry, 'deepslate_iron_ore', 'stone_pickaxe', () => 0.3)
    assert.deepEqual(drops.map((d) => d.name), ['raw_iron'])
  })
})

describe('a body on 1.20.4', () => {
  test('digs logs and stone, crafts a crafting table and pickaxes, smelts raw iron in a furnace', { timeout: 600_000 }, async (t) => {
    const world = await startWorld({ seed: 11, version: '1.20.4' })
    let body: Awaited<ReturnType<typeof createBody>> | undefined
    // one hook, body first: node runs after-hooks in the order they were added
    t.after(async () => {
      await body?.close()
      await world.close()
    })
    body = await createBody({ host: world.host, port: world.port, username: 'Smith', reflexes: { eat: false, shelter: false } })
    assert.equal(body.bot?.version, '1.20.4')
    // logs → planks → sticks → table → wooden pickaxe → cobblestone → stone pickaxe (a spare table's planks too)
    const steps: SkillCall[] = [
      { skill: 'collect', items: [{ name: 'log', count: 5 }] },
      { skill: 'craft', items: [{ name: 'planks', count: 16 }] },
      { skill: 'craft', items: [{ name: 'minecraft:stick', count: 4 }] },
      { skill: 'craft', items: [{ name: 'minecraft:crafting_table', count: 1 }] },
      { skill: 'craft', items: [{ name: 'minecraft:wooden_pickaxe', count: 1 }] },
      // 3 for the stone pickaxe, 8 for the furnace
      { skill: 'collect', items: [{ name: 'minecraft:cobblestone', count: 11 }] },
      { skill: 'craft', items: [{ name: 'minecraft:stone_pickaxe', count: 1 }] },
    ]
    for (const step of steps) {
      const t0 = Date.now()
      const r = await runThroughInterruptions(body, step)
      t.diagnostic(`${JSON.stringify(step)} ${Date.now() - t0} ms: ${r.reason}`)
      expectOk(r, JSON.stringify(step))
    }
    assert.equal(body.inventoryCounts()['minecraft:stone_pickaxe'], 1)
    // raw iron as iron ore drops it on 1.17+ (the drop itself is checked above); the furnace is the world's plugin
    world.give('Smith', 'raw_iron', 2)
    world.give('Smith', 'coal', 1)
    await until(() => (body.inventoryCounts()['minecraft:raw_iron'] ?? 0) === 2, 10_000, 'raw iron in the inventory')
    const smelt = await runThroughInterruptions(body, { skill: 'smelt', input: 'minecraft:raw_iron', count: 2, fuel: 'coal' })
    t.diagnostic(`smelt: ${smelt.reason}`)
    expectOk(smelt, 'smelt raw_iron')
    assert.equal(body.inventoryCounts()['minecraft:iron_ingot'], 2)
  })
})

describe('the world on 1.21.4', () => {
  test('a plain 1.21.4 client joins and stands over deepslate', { timeout: 120_000 }, async (t) => {
    const world = await startWorld({ seed: 3, version: '1.21.4' })
    let bot: Bot | undefined
    t.after(async () => {
      if (bot) await quitBot(bot)
      await world.close()
    })
    assert.equal(world.version, '1.21.4')
    bot = await connectBot(world, 'smoke1214')
    assert.equal(bot.version, '1.21.4')
    await bot.waitForChunksToLoad()
    const { x, z } = bot.entity.position.floored()
    assert.equal(bot.blockAt(new Vec3(x, -64, z))?.name, 'bedrock')
    const rock = bot.blockAt(new Vec3(x, -30, z))?.name ?? ''
    assert.ok(/deepslate|tuff|air|lava|gravel|dirt|granite|diorite|andesite|_ore$/.test(rock) && rock !== 'stone', `y −30 under spawn is ${rock}`)
  })

  test('a body on 1.21.4: a hurt is no death; killed while walking far from the spawn, it is back with the chunks around it', { timeout: 180_000 }, async (t) => {
    const world = await startWorld({ seed: 3, version: '1.21.4' })
    let body: Awaited<ReturnType<typeof createBody>> | undefined
    t.after(async () => {
      // the connection ends before the body lets go of it (the server is still busy with the far chunks)
      if (body?.bot) await quitBot(body.bot)
      await body?.close()
      await world.close()
    })
    // far from the spawn is over the sea here (seed 3): the teleport's fall ends in water, unhurt
    body = await createBody({ host: world.host, port: world.port, username: 'Walker', reflexes: { eat: false, shelter: false } })
    const bot = body.bot!
    assert.equal(bot.version, '1.21.4')
    await bot.waitForChunksToLoad()
    const deaths: string[] = []
    body.on('death', (cause: string) => {
      deaths.push(cause)
    })
    const deathMessages: string[] = []
    body.on('death.message', (text: string) => deathMessages.push(text))

    // a hurt that does not kill: the health drops, and no death is reported
    let hurtTo: number | undefined
    const onHealth = () => {
      if (bot.health > 0 && bot.health < 20) hurtTo ??= bot.health
    }
    bot.on('health', onHealth)
    world.damage('Walker', 3, 'operator')
    await until(() => hurtTo !== undefined, 30_000, 'the hurt in the client')
    bot.off('health', onHealth)
    assert.equal(hurtTo, 17)

    // far from the spawn (an operator's teleport), walking on: its moves reach the server up to its
    // death, and flying-squid applies a move when its behaviour ends, after the respawn had begun
    const player = world.server.players.find((p) => p.username === 'Walker') as unknown as { teleport(p: unknown): void }
    player.teleport(new Vec3(world.spawn.x + 300, 90, world.spawn.z + 50))
    await until(() => bot.entity.position.x > world.spawn.x + 250 && bot.entity.onGround && bot.blockAt(bot.entity.position), 60_000, 'the body far from the spawn, on the ground')
    const from = bot.entity.position.clone()
    const walk = body.run({ skill: 'moveTo', x: Math.floor(from.x) + 40, y: Math.floor(from.y), z: Math.floor(from.z) })
    await until(() => bot.entity.position.distanceTo(from) > 1, 30_000, 'the body walking')

    // when the client stands at the spawn again (mineflayer's 'spawn' after the death: the health
    // packet after the respawn's position), the chunks around it are there: the server sends the
    // chunks around the spawn (flying-squid's first ring: 2 columns on every side) before the position
    const back = new Promise<{ at: { x: number; z: number }; missing: string[] }>((resolve) => {
      const onSpawn = () => {
        if (deaths.length === 0) return
        bot.off('spawn', onSpawn)
        const at = { x: bot.entity.position.x, z: bot.entity.position.z }
        const cx = Math.floor(at.x / 16)
        const cz = Math.floor(at.z / 16)
        const missing: string[] = []
        for (let dx = -2; dx <= 2; dx++) for (let dz = -2; dz <= 2; dz++) if (!bot.world.getColumn(cx + dx, cz + dz)) missing.push(`${cx + dx},${cz + dz}`)
        resolve({ at, missing })
      }
      bot.on('spawn', onSpawn)
    })
    world.damage('Walker', 40, 'operator')
    const { at, missing } = await back
    t.diagnostic(`walk: ${JSON.stringify(await walk).slice(0, 200)}`)
    assert.ok(Math.abs(at.x - world.spawn.x) < 2 && Math.abs(at.z - world.spawn.z) < 2, `respawned at ${JSON.stringify(at)}, the spawn is ${JSON.stringify(world.spawn)}`)
    assert.deepEqual(missing, [], 'every column within 2 of the spawn\'s is loaded when the client stands there')
    assert.ok(bot.blockAt(bot.entity.position), 'the block at its feet is known: the body has no reason to rejoin')
    await until(() => bot.health === 20, 30_000, 'full health after the respawn')
    assert.equal(world.vitals('Walker').health, 20)
    assert.equal(body.bot, bot, 'the same connection: the body did not rejoin')
    assert.equal(deaths.length, 1, `one death, the lethal one: ${deaths.join('; ')}`)
    // the server's words for it, from 1.21.4's death screen packet (an NBT text component)
    assert.deepEqual(deathMessages, ['Walker died (operator)'])
  })
})

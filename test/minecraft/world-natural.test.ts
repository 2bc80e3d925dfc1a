/**
 * The natural (default) world: vanilla-like, seed-dependent generation. Statistics are checked
 * against ../shared/spec/world-facts.md (1.16 ore table, carver rates, tree densities, spawn rule)
 * on the generator itself, and the real embedded server is checked to serve that world by default
 * and the staged starter layout only when asked.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { B, BIOMES, NAME, createNaturalWorld, idx, type NaturalWorld } from '../../src/minecraft/world/natural/index.js'
import { isPlant } from '../../src/minecraft/world/natural/vegetation.js'
import { loadConfig, ConfigError } from '../../src/cli/config.js'
import { connectBot, quitBot, startWorld } from './support/world.js'

const LOGS = new Set<number>([B.oak_log, B.birch_log, B.spruce_log])

/** The column's top block; plants (grass, ferns, sugar cane: no collision) do not count. */
function topBlock(blocks: Uint8Array, lx: number, lz: number): { y: number; block: number } {
  for (let y = 255; y >= 0; y--) {
    const b = blocks[idx(lx, y, lz)]!
    if (b !== B.air && !isPlant(b)) return { y, block: b }
  }
  return { y: -1, block: B.air }
}

/** Trunks rooted in a chunk: a log standing on dirt (a tree turns the grass under it to dirt). */
function trunks(blocks: Uint8Array): number {
  let n = 0
  for (let lx = 0; lx < 16; lx++) {
    for (let lz = 0; lz < 16; lz++) {
      for (let y = 1; y < 255; y++) {
        if (LOGS.has(blocks[idx(lx, y, lz)]!) && blocks[idx(lx, y - 1, lz)] === B.dirt) n++
      }
    }
  }
  return n
}

interface OreStats {
  perChunk: Record<string, number>
  minY: Record<string, number>
  maxY: Record<string, number>
  chunks: number
}

function oreStats(world: NaturalWorld, x0: number, z0: number, side: number): OreStats & { air: number; lava: number } {
  const count: Record<string, number> = {}
  const minY: Record<string, number> = {}
  const maxY: Record<string, number> = {}
  let air = 0
  let lava = 0
  let band = 0
  for (let cx = x0; cx < x0 + side; cx++) {
    for (let cz = z0; cz < z0 + side; cz++) {
      const { blocks } = world.generate(cx, cz)
      for (let i = 0; i < blocks.length; i++) {
        const b = blocks[i]!
        const y = i >> 8
        if (y >= 6 && y <= 49) {
          band++
          if (b === B.air) air++
          if (b === B.lava) lava++
        }
        const name = NAME[b]!
        if (!name.endsWith('_ore')) continue
        count[name] = (count[name] ?? 0) + 1
        minY[name] = Math.min(minY[name] ?? 255, y)
        maxY[name] = Math.max(maxY[name] ?? 0, y)
      }
    }
  }
  const chunks = side * side
  const perChunk = Object.fromEntries(Object.entries(count).map(([k, v]) => [k, v / chunks]))
  return { perChunk, minY, maxY, chunks, air: air / band, lava: lava / band }
}

describe('natural world generator', () => {
  test('the same seed gives the same blocks; another seed gives other blocks, around spawn too', () => {
    const a = createNaturalWorld(2024)
    const b = createNaturalWorld(2024)
    const c = createNaturalWorld(2025)
    // Different generation order for the second world: caches must not change the result.
    const chunks = [[3, -2], [0, 0], [-5, 7], [1, 1]] as const
    const fromB = new Map(chunks.toReversed().map(([x, z]) => [`${x},${z}`, b.generate(x, z).blocks]))
    for (const [x, z] of chunks) assert.deepEqual(a.generate(x, z).blocks, fromB.get(`${x},${z}`), `chunk ${x},${z}`)
    assert.deepEqual(a.spawn(), b.spawn())

    const sa = a.spawn()
    const sc = c.spawn()
    assert.notDeepEqual(sa, sc)
    // The 3×3 chunks around each spawn, and the same chunks in the other world, all differ.
    for (const s of [sa, sc]) {
      const scx = Math.floor(s.x) >> 4
      const scz = Math.floor(s.z) >> 4
      for (let dx = -1; dx <= 1; dx++) {
        for (let dz = -1; dz <= 1; dz++) assert.notDeepEqual(a.generate(scx + dx, scz + dz).blocks, c.generate(scx + dx, scz + dz).blocks)
      }
    }
    // Surface heights at the same offsets from each spawn differ too (no fixed meadow).
    const heights = (w: NaturalWorld, s: { x: number; z: number }) => {
      const out: number[] = []
      for (let d = -24; d <= 24; d += 6) {
        const x = Math.floor(s.x) + d
        const z = Math.floor(s.z) - d
        out.push(topBlock(w.generate(x >> 4, z >> 4).blocks, x & 15, z & 15).y)
      }
      return out
    }
    assert.notDeepEqual(heights(a, sa), heights(c, sc))
  })

  test('spawn by the vanilla rule: on grass, in a spawn-friendly biome, within 256 blocks of the origin', () => {
    const biomes = new Set<string>()
    for (let seed = 1; seed <= 10; seed++) {
      const w = createNaturalWorld(seed * 7919)
      const s = w.spawn()
      const x = Math.floor(s.x)
      const z = Math.floor(s.z)
      const { blocks } = w.generate(x >> 4, z >> 4)
      const top = topBlock(blocks, x & 15, z & 15)
      assert.equal(NAME[top.block], 'grass_block', `seed ${seed * 7919}: spawn on ${NAME[top.block]}`)
      assert.equal(s.y, top.y + 1)
      const biome = w.biomeName(x, z)
      biomes.add(biome)
      assert.ok(BIOMES.find((b) => b.name === biome)!.spawnFriendly, `seed ${seed * 7919}: spawn in ${biome}`)
      // Vanilla: a friendly biome point within 256 blocks, then at most 16 chunks of spiral.
      assert.ok(Math.hypot(x, z) <= 256 + 16 * 16 * Math.SQRT2, `spawn too far: ${x},${z}`)
    }
    assert.ok(biomes.size >= 2, `spawns in more than one biome over 10 seeds: ${[...biomes].join(', ')}`)
  })

  test('ores: the 1.16 counts per chunk and height ranges (world-facts §1)', () => {
    const s = oreStats(createNaturalWorld(77), -4, -4, 8)
    const p = s.perChunk
    // Expected per chunk (facts table and the vanilla region): coal ~233 (mountains) and less in plains,
    // iron ~117–136, redstone ~30–46, gold ~10–14, lapis ~4–5, diamond ~3.6–5.7.
    const within = (name: string, lo: number, hi: number) => assert.ok(p[name]! >= lo && p[name]! <= hi, `${name}: ${p[name]?.toFixed(1)} per chunk, expected ${lo}–${hi}`)
    within('coal_ore', 100, 330)
    within('iron_ore', 80, 160)
    within('redstone_ore', 18, 50)
    within('gold_ore', 5, 20)
    within('lapis_ore', 1.5, 9)
    within('diamond_ore', 1.5, 9)
    const range = (name: string, top: number) => {
      assert.ok(s.minY[name]! >= 0 && s.maxY[name]! <= top, `${name} at y ${s.minY[name]}–${s.maxY[name]}, expected within 0–${top}`)
      assert.ok(s.maxY[name]! >= top * 0.75, `${name} reaches only y ${s.maxY[name]} (range 0–${top})`)
    }
    range('iron_ore', 63)
    range('gold_ore', 31)
    range('redstone_ore', 15)
    range('diamond_ore', 15)
    range('lapis_ore', 30)
    assert.ok(s.maxY.coal_ore! <= 128)
  })

  test('caves and lava at a vanilla-like rate; bedrock graded y0–4; soil 3–4 deep; lakes above the sea', () => {
    const w = createNaturalWorld(4242)
    // Vanilla region: air 2.0–3.4 % of y 6–49 per 5×5 chunks, lava 0.3–1.1 %. Ours varies more from
    // window to window (median ≈ 3.9 % over 48 windows), so the check is on 12×12 chunks.
    const s = oreStats(w, -6, -6, 12)
    assert.ok(s.air > 0.015 && s.air < 0.06, `cave air ${(s.air * 100).toFixed(2)} % of y 6–49`)
    assert.ok(s.lava > 0.001 && s.lava < 0.015, `lava ${(s.lava * 100).toFixed(2)} % of y 6–49`)

    const bedrock = [0, 0, 0, 0, 0, 0]
    const soil: number[] = []
    let lakeWater = 0
    let caveChunks = 0
    for (let cx = -6; cx < 6; cx++) {
      for (let cz = -6; cz < 6; cz++) {
        const { blocks } = w.generate(cx, cz)
        let deepAir = 0
        for (let lx = 0; lx < 16; lx++) {
          for (let lz = 0; lz < 16; lz++) {
            for (let y = 0; y <= 5; y++) if (blocks[idx(lx, y, lz)] === B.bedrock) bedrock[y]!++
            for (let y = 12; y < 40; y++) if (blocks[idx(lx, y, lz)] === B.air) deepAir++
            for (let y = 63; y < 120; y++) if (blocks[idx(lx, y, lz)] === B.water) lakeWater++
            const top = topBlock(blocks, lx, lz)
            if (top.block === B.grass_block) {
              let d = 0
              while (blocks[idx(lx, top.y - 1 - d, lz)] === B.dirt) d++
              soil.push(d)
            }
          }
        }
        if (deepAir > 0) caveChunks++
      }
    }
    const cols = 144 * 256
    assert.equal(bedrock[0], cols)
    assert.equal(bedrock[5], 0)
    for (let y = 1; y <= 4; y++) {
      const expected = (5 - y) / 5
      assert.ok(Math.abs(bedrock[y]! / cols - expected) < 0.03, `bedrock at y ${y}: ${(bedrock[y]! / cols).toFixed(3)}, expected ${expected}`)
    }
    const deep = soil.filter((d) => d === 3 || d === 4).length / soil.length
    assert.ok(deep > 0.8, `3–4 dirt under grass in ${(deep * 100).toFixed(0)} % of columns`)
    // Caves start in 1 chunk of 7 and run ~100 blocks: most chunks have some cave between y 12 and 40.
    assert.ok(caveChunks > 144 * 0.3, `chunks with caves: ${caveChunks}/144`)
    assert.ok(lakeWater > 0, 'no lake water above the sea level in 144 chunks')
  })

  test('trees at vanilla densities: ~10 per forest chunk, almost none in plains', () => {
    const perBiome = new Map<string, number[]>()
    for (const seed of [11, 12]) {
      const w = createNaturalWorld(seed)
      const s = w.spawn()
      const scx = Math.floor(s.x) >> 4
      const scz = Math.floor(s.z) >> 4
      for (let cx = scx - 8; cx <= scx + 8; cx++) {
        for (let cz = scz - 8; cz <= scz + 8; cz++) {
          const { blocks, columns } = w.generate(cx, cz)
          const name = BIOMES[columns.chunkBiome]!.name
          if (!perBiome.has(name)) perBiome.set(name, [])
          perBiome.get(name)!.push(trunks(blocks))
        }
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
    const forests = [...(perBiome.get('forest') ?? []), ...(perBiome.get('birch_forest') ?? []), ...(perBiome.get('taiga') ?? [])]
    assert.ok(forests.length >= 20, `forest chunks near spawn: ${forests.length}`)
    // 10.1 attempts per chunk; a few fail on lakes, cave mouths and shores.
    assert.ok(mean(forests) >= 7 && mean(forests) <= 11, `trees per forest chunk: ${mean(forests).toFixed(2)}`)
    const plains = perBiome.get('plains') ?? []
    assert.ok(plains.length >= 20, `plains chunks near spawn: ${plains.length}`)
    assert.ok(mean(plains) < 0.5, `trees per plains chunk: ${mean(plains).toFixed(2)}`)
  })
})

describe('the embedded server serves the natural world by default', () => {
  test('default profile is natural: the bot spawns on grass at the vanilla spawn; the starter layout only when asked', async () => {
    const seed = 9001
    const world = await startWorld({ seed })
    try {
      assert.equal(world.profile, 'natural')
      const expected = createNaturalWorld(seed).spawn()
      assert.deepEqual(world.spawn, expected)
      const bot = await connectBot(world)
      try {
        assert.equal(bot.blockAt(bot.entity.position.offset(0, -1, 0))?.name, 'grass_block')
        // Server blocks are the generator's blocks.
        const { blocks } = createNaturalWorld(seed).generate(Math.floor(expected.x) >> 4, Math.floor(expected.z) >> 4)
        const x0 = Math.floor(expected.x) & ~15
        const z0 = Math.floor(expected.z) & ~15
        for (const [lx, y, lz] of [[0, 40, 0], [5, 12, 9], [15, 60, 15], [8, Math.floor(expected.y) - 1, 3]] as const) {
          const got = (await world.server.overworld.getBlock(new Vec3(x0 + lx, y, z0 + lz) as never))?.name
          assert.equal(got, NAME[blocks[idx(lx, y, lz)]!], `block at ${x0 + lx},${y},${z0 + lz}`)
        }
      } finally {
        await quitBot(bot)
      }
    } finally {
      await world.close()
    }

    const starter = await startWorld({ seed, profile: 'starter' })
    try {
      assert.equal(starter.profile, 'starter')
      assert.deepEqual(starter.spawn, { x: 0.5, y: 47, z: 0.5 })
      // The staged quarry's iron (terrain.ts QUARRY_ORES) is where the starter layout puts it.
      assert.equal((await starter.server.overworld.getBlock(new Vec3(-8, 43, -7) as never))?.name, 'iron_ore')
    } finally {
      await starter.close()
    }
    await assert.rejects(startWorld({ profile: 'flat' as never }), /profile must be one of natural, starter/)
  })

  test('config: world.profile defaults to natural; --world starter selects the staged layout; a bad value is named', () => {
    assert.equal(loadConfig({ env: {} }).world.profile, 'natural')
    assert.equal(loadConfig({ env: { MINDBRIDGE_WORLD_PROFILE: 'starter' } }).world.profile, 'starter')
    assert.equal(loadConfig({ env: {}, flags: { world: { profile: 'starter' } }, flagNames: { 'world.profile': '--world' } }).world.profile, 'starter')
    assert.throws(
      () => loadConfig({ env: {}, flags: { world: { profile: 'flat' as never } }, flagNames: { 'world.profile': '--world' } }),
      (e: unknown) => e instanceof ConfigError && /--world: expected one of natural, starter/.test(e.message),
    )
  })
})

/**
 * Flowers of the natural world (src/minecraft/world/natural/flowers.ts; facts in
 * docs/world-facts-1.18.md, "Flowers"): the biomes they grow in, on what, and the same seed giving
 * the same flowers, in the chunks the real chunk builder makes for each supported version (block
 * names from that version's minecraft-data). Generators only: no world process.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { Vec3 } from 'vec3'
import { createNaturalGenerator, createNaturalWorldFor } from '../../src/minecraft/world/generator.js'
import { BIOMES } from '../../src/minecraft/world/natural/index.js'
import { SUPPORTED_MC_VERSIONS } from '../../src/minecraft/versions.js'

const require = createRequire(import.meta.url)

const PLAINS = new Set(['dandelion', 'poppy', 'azure_bluet', 'oxeye_daisy', 'cornflower', 'orange_tulip', 'red_tulip', 'pink_tulip', 'white_tulip'])
const DEFAULT = new Set(['poppy', 'dandelion'])
/** Two-block flowers of forests (`FOREST_FLOWER_VEGETATION_COMMON`), with the lily of the valley. */
const TALL = new Set(['lilac', 'rose_bush', 'peony'])
const WOODS = new Set([...DEFAULT, ...TALL, 'lily_of_the_valley'])
const ALLOWED: Record<string, ReadonlySet<string>> = { plains: PLAINS, forest: WOODS, birch_forest: WOODS, taiga: DEFAULT, mountains: DEFAULT, ocean: new Set() }
const FLOWERS = new Set([...PLAINS, ...WOODS])

type Chunk = { getBlockStateId(p: Vec3): number }
/** `half`: a two-block flower's half (its state in the version's minecraft-data); `on`: the block below, `over`: the block above. */
type Found = { x: number; y: number; z: number; name: string; half?: string; on: string; over: string; biome: string; pure: boolean }

/** The flowers in chunks −R..R−1 of a seed, through the version's real chunk builder. */
function flowersOf(seed: number, version: string, R: number): Found[] {
  const registry = require('prismarine-registry')(version)
  const natural = createNaturalWorldFor(seed, version)
  const gen = createNaturalGenerator({ worldSeed: seed, registry, natural }) as (cx: number, cz: number) => Chunk
  const biomes = new Map<string, string>()
  const biomeOf = (cx: number, cz: number) => {
    const k = `${cx},${cz}`
    let b = biomes.get(k)
    if (b === undefined) biomes.set(k, (b = BIOMES[natural.generate(cx, cz).columns.chunkBiome]!.name))
    return b
  }
  const nameAt = (chunk: Chunk, p: Vec3) => (registry.blocksByStateId[chunk.getBlockStateId(p)] as { name: string } | undefined)?.name ?? '?'
  const Block = require('prismarine-block')(registry)
  const halfAt = (chunk: Chunk, p: Vec3) => Block.fromStateId(chunk.getBlockStateId(p), 0).getProperties().half as string | undefined
  const p = new Vec3(0, 0, 0)
  const out: Found[] = []
  for (let cx = -R; cx < R; cx++) {
    for (let cz = -R; cz < R; cz++) {
      const chunk = gen(cx, cz)
      const biome = biomeOf(cx, cz)
      // a patch reaches 7 blocks from its chunk: a chunk whose neighbours share its biome has only that biome's flowers
      let pure = true
      for (let dx = -1; dx <= 1; dx++) for (let dz = -1; dz <= 1; dz++) if (biomeOf(cx + dx, cz + dz) !== biome) pure = false
      for (let x = 0; x < 16; x++) {
        for (let z = 0; z < 16; z++) {
          for (let y = 1; y < 256; y++) {
            const name = nameAt(chunk, p.set(x, y, z))
            if (!FLOWERS.has(name)) continue
            const half = TALL.has(name) ? halfAt(chunk, p) : undefined
            const on = nameAt(chunk, p.set(x, y - 1, z))
            const over = nameAt(chunk, p.set(x, y + 1, z))
            out.push({ x: cx * 16 + x, y, z: cz * 16 + z, name, ...(half ? { half } : {}), on, over, biome, pure })
          }
        }
      }
    }
  }
  return out
}

describe('flowers of the natural world', () => {
  for (const version of SUPPORTED_MC_VERSIONS) {
    test(`${version}: plains flowers in plains, poppies and dandelions in forests, taiga and mountains, on grass or dirt; the same seed, the same flowers`, () => {
      const seen = new Map<string, Set<string>>()
      for (const seed of [1, 3]) {
        const found = flowersOf(seed, version, 6)
        for (const f of found) {
          if (f.half === 'upper') continue // tall flowers: the test below
          assert.ok(f.on === 'grass_block' || f.on === 'dirt', `${f.name} at ${f.x},${f.y},${f.z} stands on ${f.on}`)
          if (f.pure) assert.ok(ALLOWED[f.biome]!.has(f.name), `${f.name} at ${f.x},${f.y},${f.z} in ${f.biome}`)
          if (!f.pure) continue
          const s = seen.get(f.biome) ?? new Set<string>()
          s.add(f.name)
          seen.set(f.biome, s)
        }
        assert.deepEqual(flowersOf(seed, version, 2), found.filter((f) => f.x >= -32 && f.x < 32 && f.z >= -32 && f.z < 32), `seed ${seed}: the same flowers again`)
      }
      assert.ok(seen.get('forest')?.has('poppy') && seen.get('forest')?.has('dandelion'), `forest: ${[...(seen.get('forest') ?? [])].join(', ')}`)
      assert.ok((seen.get('plains')?.size ?? 0) >= 3, `plains: ${[...(seen.get('plains') ?? [])].join(', ')}`)
    })
  }

  for (const version of SUPPORTED_MC_VERSIONS) {
    test(`${version}: lilacs, rose bushes and peonies in forests, both halves (lower on grass or dirt, upper above it); the same seed, the same`, () => {
      const found = flowersOf(1, version, 8)
      const tall = found.filter((f) => TALL.has(f.name))
      const at = new Map(tall.map((f) => [`${f.x},${f.y},${f.z}`, f]))
      for (const f of tall) {
        const where = `${f.name} (${f.half}) at ${f.x},${f.y},${f.z}`
        if (f.half === 'lower') {
          assert.ok(f.on === 'grass_block' || f.on === 'dirt', `${where} stands on ${f.on}`)
          assert.equal(at.get(`${f.x},${f.y + 1},${f.z}`)?.half, 'upper', `${where}: no upper half above`)
          assert.equal(f.over, f.name, where)
        } else {
          assert.equal(f.half, 'upper', `${where}: half`)
          assert.equal(at.get(`${f.x},${f.y - 1},${f.z}`)?.half, 'lower', `${where}: no lower half below`)
        }
        if (f.pure) assert.ok(f.biome === 'forest' || f.biome === 'birch_forest', `${where} in ${f.biome}`)
      }
      for (const name of TALL) assert.ok(tall.some((f) => f.name === name && f.half === 'lower'), `seed 1, chunks −8..7: no ${name}`)
      assert.ok(found.some((f) => f.name === 'lily_of_the_valley'), 'seed 1, chunks −8..7: no lily of the valley')
      assert.deepEqual(flowersOf(1, version, 3), found.filter((f) => f.x >= -48 && f.x < 48 && f.z >= -48 && f.z < 48), 'seed 1: the same flowers again')
    })
  }
})

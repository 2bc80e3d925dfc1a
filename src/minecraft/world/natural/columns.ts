/**
 * The shape of the land: for every column its surface height, biome and top block,
 * computed per chunk and cached. Heights follow vanilla's biome depth and scale
 * (surface ≈ 64 + 17·depth, hills of ± scale), blended over ±8 blocks like vanilla's
 * 5×5 biome kernel, with fractal noise for the hills. Everything else (carvers, lakes,
 * ores, trees, spawn) reads the land through this module.
 */
import { BIOMES, BIOME, type BiomeSource } from './biomes.js'
import { B } from './blocks.js'
import { Fbm2, Noise2 } from './noise.js'
import { Rand } from './random.js'

export const SEA_LEVEL = 63
/** Water fills every column up to this y (vanilla: blocks below the sea level 63). */
export const WATER_TOP = SEA_LEVEL - 1
/** Nothing is generated above this height. */
export const MAX_HEIGHT = 160

export interface ChunkColumns {
  /** y of the topmost solid block, per column (index z*16+x). */
  height: Int16Array
  /** Biome index per column. */
  biome: Uint8Array
  /** Top block id per column (grass, sand, gravel or stone). */
  top: Uint8Array
  /** Blocks of dirt (or sand, gravel) under the top block. */
  soil: Uint8Array
  /** The biome that decorates the chunk (vanilla decorates a chunk from one biome). */
  chunkBiome: number
}

export interface Columns {
  chunk(cx: number, cz: number): ChunkColumns
  /** Surface height at any block column. */
  heightAt(x: number, z: number): number
  /** Top block at any column. */
  topAt(x: number, z: number): number
  biomeAt(x: number, z: number): number
}

const CACHE_CHUNKS = 4096

export function createColumns(seed: number, biomes: BiomeSource): Columns {
  const hills = new Fbm2(seed, 201, 110, 4)
  const soilNoise = new Noise2(seed, 202)
  const cache = new Map<number, ChunkColumns>()

  // Weights of vanilla's 5×5 biome blending kernel: 10 / sqrt(dx² + dz² + 0.2).
  const KERNEL = new Float64Array(25)
  let kSum = 0
  for (let i = 0; i < 25; i++) {
    const dx = (i % 5) - 2
    const dz = Math.floor(i / 5) - 2
    KERNEL[i] = 10 / Math.sqrt(dx * dx + dz * dz + 0.2)
    kSum += KERNEL[i]!
  }
  for (let i = 0; i < 25; i++) KERNEL[i] = KERNEL[i]! / kSum

  function build(cx: number, cz: number): ChunkColumns {
    const x0 = cx * 16
    const z0 = cz * 16
    // Biomes on the 4-block grid, cells -2..6 around the chunk's 5×5 corner grid.
    const cells = new Uint8Array(81)
    for (let j = 0; j < 9; j++) for (let i = 0; i < 9; i++) cells[j * 9 + i] = biomes.at(x0 + (i - 2) * 4, z0 + (j - 2) * 4)
    const depth = new Float64Array(25)
    const scale = new Float64Array(25)
    for (let j = 0; j < 5; j++) {
      for (let i = 0; i < 5; i++) {
        let d = 0
        let s = 0
        for (let k = 0; k < 25; k++) {
          const b = BIOMES[cells[(j + Math.floor(k / 5)) * 9 + i + (k % 5)]!]!
          d += b.depth * KERNEL[k]!
          s += b.scale * KERNEL[k]!
        }
        depth[j * 5 + i] = d
        scale[j * 5 + i] = s
      }
    }
    const out: ChunkColumns = {
      height: new Int16Array(256),
      biome: new Uint8Array(256),
      top: new Uint8Array(256),
      soil: new Uint8Array(256),
      chunkBiome: cells[4 * 9 + 4]!,
    }
    const rand = Rand.at(seed, cx, cz, 0, 204)
    for (let lz = 0; lz < 16; lz++) {
      const cj = lz >> 2
      const tz = (lz & 3) / 4
      for (let lx = 0; lx < 16; lx++) {
        const ci = lx >> 2
        const tx = (lx & 3) / 4
        const c00 = cj * 5 + ci
        const d = bilerp(depth[c00]!, depth[c00 + 1]!, depth[c00 + 5]!, depth[c00 + 6]!, tx, tz)
        const s = bilerp(scale[c00]!, scale[c00 + 1]!, scale[c00 + 5]!, scale[c00 + 6]!, tx, tz)
        const x = x0 + lx
        const z = z0 + lz
        const n = hills.at(x, z) * 3
        const h = Math.max(8, Math.min(MAX_HEIGHT - 20, Math.round(SEA_LEVEL + 1 + d * 17 + (2 + s * 40) * n)))
        const i = lz * 16 + lx
        const biome = cells[(cj + 2) * 9 + ci + 2]!
        out.height[i] = h
        out.biome[i] = biome
        // Soil: grass over 3–4 dirt (vanilla: depth noise/3 + 3 + rand·0.25).
        const soil = Math.max(2, Math.floor(3.5 + soilNoise.at(x / 8, z / 8) * 1.2 + rand.nextFloat() * 0.25))
        out.soil[i] = soil
        if (h < WATER_TOP) {
          // vanilla's surface builder: dirt under shallow water, gravel deeper (docs/world-facts-1.18.md §6)
          out.top[i] = h >= SEA_LEVEL - 7 - soil ? B.dirt : B.gravel
        } else if (h <= SEA_LEVEL || (h <= SEA_LEVEL + 1 && d < 0)) {
          out.top[i] = B.sand // shore and beach
        } else if (biome === BIOME.mountains && h > 92) {
          out.top[i] = B.stone // bare peaks
        } else {
          out.top[i] = B.grass_block
        }
      }
    }
    return out
  }

  function chunk(cx: number, cz: number): ChunkColumns {
    const key = (cx & 0xffff) * 65536 + (cz & 0xffff)
    let c = cache.get(key)
    if (c) return c
    c = build(cx, cz)
    if (cache.size >= CACHE_CHUNKS) cache.delete(cache.keys().next().value!)
    cache.set(key, c)
    return c
  }

  const at = (x: number, z: number) => ({ c: chunk(x >> 4, z >> 4), i: (z & 15) * 16 + (x & 15) })
  return {
    chunk,
    heightAt(x, z) {
      const { c, i } = at(x, z)
      return c.height[i]!
    },
    topAt(x, z) {
      const { c, i } = at(x, z)
      return c.top[i]!
    },
    biomeAt(x, z) {
      const { c, i } = at(x, z)
      return c.biome[i]!
    },
  }
}

function bilerp(a: number, b: number, c: number, d: number, tx: number, tz: number): number {
  const top = a + (b - a) * tx
  const bottom = c + (d - c) * tx
  return top + (bottom - top) * tz
}

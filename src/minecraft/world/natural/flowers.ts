/**
 * Flowers, vanilla 1.16's (`Features.java`, `BiomeDefaultFeatures`, `PlainFlowerProvider`,
 * `AbstractFlowerFeature`; facts in docs/world-facts-1.18.md, "Flowers"), after the other plants:
 *  - plains: `FLOWER_PLAIN`, 15 patches per chunk where the biome-info noise at the chunk is below
 *    −0.8, else 4. A patch's flower is picked once, at its origin: below −0.8 one of the four
 *    tulips; else 2 times in 3 one of poppy, azure bluet, oxeye daisy, cornflower, else a dandelion;
 *  - forest, birch forest, taiga, mountains: `FLOWER_DEFAULT` (`addDefaultFlowers`), 2 patches per
 *    chunk, poppy 2 : dandelion 1;
 *  - ocean: none reach land.
 * A patch: a random column of the chunk, y uniform in [0, surface + 32) (`ADD_32`, so most patches
 * miss the surface, as in vanilla), 64 tries spread ±7/±3/±7; a try plants where the cell is air
 * and stands on grass or dirt. The tall flowers of forests (rose bush, lilac, peony: 1 forest chunk
 * in about 300) and the flower forest's, swamp's and meadow's flowers are not generated (this
 * world has none of those biomes). The tall (1.18+) world uses the same placement on its land.
 * As in ./vegetation.ts a chunk draws the patches rooted in its 3×3 neighbourhood and keeps the
 * tries that land in it, drawing every number whatever a try's fate: any generation order gives
 * the same chunk.
 */
import { BIOME } from './biomes.js'
import { B } from './blocks.js'
import { WATER_TOP, type Columns } from './columns.js'
import { Rand } from './random.js'
import { biomeInfoNoise, onGrassOrDirt, scatterPatch } from './vegetation.js'

export interface Flowers {
  /** Writes the flowers that reach chunk (cx, cz) into `blocks` (y 0..255). */
  place(cx: number, cz: number, blocks: Uint8Array): void
}

const TRIES = 64
const TULIPS = [B.orange_tulip, B.red_tulip, B.pink_tulip, B.white_tulip] as const
const PLAIN_FLOWERS = [B.poppy, B.azure_bluet, B.oxeye_daisy, B.cornflower] as const
const SALT = 804
const FOREST_SALT = 806
/** `FOREST_FLOWER_VEGETATION_COMMON`: places per chunk, and the patches at a place: −3 + nextInt(5). */
const FOREST_PLACES = 5
const FOREST_FLOWERS: ReadonlyArray<number | readonly [number, number]> = [
  [B.lilac_lower, B.lilac_upper],
  [B.rose_bush_lower, B.rose_bush_upper],
  [B.peony_lower, B.peony_upper],
  B.lily_of_the_valley,
]

export function createFlowers(seed: number, columns: Columns): Flowers {
  const biomeInfo = biomeInfoNoise(seed)
  const lowNoise = (x: number, z: number) => biomeInfo.at(x / 200, z / 200) < -0.8

  /** Patches rooted in chunk (ocx, ocz), and the flower of a patch at (x, z). */
  function kind(ocx: number, ocz: number): { patches: number; pick: (r: Rand, x: number, z: number) => number } | null {
    switch (columns.chunk(ocx, ocz).chunkBiome) {
      case BIOME.plains:
        return {
          patches: lowNoise(ocx * 16, ocz * 16) ? 15 : 4,
          pick: (r, x, z) => (lowNoise(x, z) ? TULIPS[r.nextInt(4)]! : r.nextInt(3) > 0 ? PLAIN_FLOWERS[r.nextInt(4)]! : B.dandelion),
        }
      case BIOME.forest:
      case BIOME.birch_forest:
      case BIOME.taiga:
      case BIOME.mountains:
        return { patches: 2, pick: (r) => (r.nextInt(3) < 2 ? B.poppy : B.dandelion) }
      default:
        return null
    }
  }

  /** A patch's origin: a random column of chunk (ocx, ocz), y uniform in [0, top + 32) (`ADD_32`). */
  function origin(r: Rand, ocx: number, ocz: number): [number, number, number] {
    const ox = ocx * 16 + r.nextInt(16)
    const oz = ocz * 16 + r.nextInt(16)
    return [ox, r.nextInt(Math.max(columns.heightAt(ox, oz), WATER_TOP) + 1 + 32), oz]
  }

  function place(cx: number, cz: number, blocks: Uint8Array): void {
    const x0 = cx * 16
    const z0 = cz * 16
    for (let ocx = cx - 1; ocx <= cx + 1; ocx++) {
      for (let ocz = cz - 1; ocz <= cz + 1; ocz++) {
        const k = kind(ocx, ocz)
        if (!k) continue
        for (let n = 0; n < k.patches; n++) {
          const r = Rand.at(seed, ocx, ocz, n, SALT)
          const [ox, oy, oz] = origin(r, ocx, ocz)
          scatterPatch(r, ox, oy, oz, TRIES, k.pick(r, ox, oz), onGrassOrDirt, blocks, x0, z0)
        }
        const biome = columns.chunk(ocx, ocz).chunkBiome
        if (biome !== BIOME.forest && biome !== BIOME.birch_forest) continue
        for (let n = 0; n < FOREST_PLACES; n++) {
          const r = Rand.at(seed, ocx, ocz, n, FOREST_SALT)
          const [ox, oy, oz] = origin(r, ocx, ocz)
          for (let c = -3 + r.nextInt(5); c > 0; c--) scatterPatch(r, ox, oy, oz, TRIES, FOREST_FLOWERS[r.nextInt(4)]!, onGrassOrDirt, blocks, x0, z0)
        }
      }
    }
  }

  return { place }
}

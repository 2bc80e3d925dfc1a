/**
 * Plants of vanilla 1.16's VEGETAL_DECORATION stage that a farmer needs, after the trees
 * (`Features.java` and `BiomeDefaultFeatures`, 1.16.5, decompiled with Mojang's mappings):
 *  - grass (seeds drop from it): `PATCH_GRASS_PLAIN` in plains (10 patches per chunk, 5 where
 *    the biome-info noise at (x/200, z/200) is below -0.8), `PATCH_GRASS_FOREST` in forest and birch
 *    forest (2), `PATCH_GRASS_TAIGA` in taiga (7; each patch all grass or, 4 times in 5, all fern),
 *    `addDefaultGrass`'s `PATCH_GRASS_BADLANDS` elsewhere (1). A `RANDOM_PATCH` of 32 tries spread
 *    ±7/±3/±7 around the surface of a random column of the chunk; a try plants where the cell is air
 *    and stands on grass or dirt;
 *  - sugar cane: `PATCH_SUGAR_CANE`, 10 patches per chunk (`addDefaultExtraVegetation`, every biome
 *    here): a random column, y uniform in [0, 2·height) (`HEIGHTMAP_DOUBLE`, no projection), 20 tries
 *    spread ±4/0/±4; a try needs air, grass, dirt or sand below and water beside that block, and
 *    places a column of 2–4 canes (`ColumnPlacer(2, 2)`). Most patches miss the shore: sugar cane is
 *    found along some shores, not all;
 *  - pumpkins: `PATCH_PUMPKIN`, in 1 chunk of 32: a random column, y uniform in [0, 2·height), 64
 *    tries spread ±7/±3/±7, on grass only;
 *  - melons: vanilla 1.16 places them only in jungles (`PATCH_MELON`); this world has no jungle, so
 *    it has no melons (melon seeds come from a melon, so melon farming needs a melon from elsewhere).
 * A patch reaches at most 7 blocks from its chunk, so a chunk draws the patches rooted in its 3×3
 * neighbourhood and keeps the tries that land in it; every random number is drawn whatever the try's
 * fate, so a chunk comes out the same in any generation order. Cells outside the chunk (the water
 * beside a cane at a chunk edge, a patch's surface) are read from the columns and lakes.
 */
import { BIOME } from './biomes.js'
import { B, idx, isFlower } from './blocks.js'
import { WATER_TOP, type Columns } from './columns.js'
import type { Lakes } from './lakes.js'
import { Noise2 } from './noise.js'
import { Rand } from './random.js'

export interface Vegetation {
  /** Writes the plants that reach chunk (cx, cz) into `blocks`; returns the canes placed (world positions). */
  place(cx: number, cz: number, blocks: Uint8Array): Array<{ x: number; y: number; z: number }>
}

const GRASS_TRIES = 32
const CANE_PATCHES = 10
const CANE_TRIES = 20
const PUMPKIN_CHANCE = 32
const PUMPKIN_TRIES = 64

/** Vanilla's biome-info noise (`Biome.BIOME_INFO_NOISE`, sampled at x/200, z/200): thins plains grass, picks plains flowers. */
export const biomeInfoNoise = (seed: number) => new Noise2(seed, 805)

export function createVegetation(seed: number, columns: Columns, lakes: Lakes): Vegetation {
  const biomeInfo = biomeInfoNoise(seed)

  function grassPatches(ocx: number, ocz: number): number {
    switch (columns.chunk(ocx, ocz).chunkBiome) {
      case BIOME.plains:
        return biomeInfo.at((ocx * 16 + 8) / 200, (ocz * 16 + 8) / 200) < -0.8 ? 5 : 10
      case BIOME.forest:
      case BIOME.birch_forest:
        return 2
      case BIOME.taiga:
        return 7
      default:
        return 1
    }
  }

  /** The motion-blocking height (first cell above the top block or the sea), trees left out. */
  const surfaceTop = (x: number, z: number) => Math.max(columns.heightAt(x, z), WATER_TOP) + 1

  function place(cx: number, cz: number, blocks: Uint8Array): Array<{ x: number; y: number; z: number }> {
    const x0 = cx * 16
    const z0 = cz * 16
    const inside = (x: number, y: number, z: number) => x >= x0 && x < x0 + 16 && z >= z0 && z < z0 + 16 && y > 0 && y < 255
    const at = (x: number, y: number, z: number) => blocks[idx(x - x0, y, z - z0)]!
    const waterAt = (x: number, y: number, z: number) => {
      if (x >= x0 && x < x0 + 16 && z >= z0 && z < z0 + 16) return at(x, y, z) === B.water
      const lake = lakes.blockAt(x, y, z)
      if (lake !== -1) return lake === B.water
      return y <= WATER_TOP && y > columns.heightAt(x, z)
    }
    const canes: Array<{ x: number; y: number; z: number }> = []

    for (let ocx = cx - 1; ocx <= cx + 1; ocx++) {
      for (let ocz = cz - 1; ocz <= cz + 1; ocz++) {
        // grass (and fern in taiga)
        const taiga = columns.chunk(ocx, ocz).chunkBiome === BIOME.taiga
        const patches = grassPatches(ocx, ocz)
        for (let n = 0; n < patches; n++) {
          const r = Rand.at(seed, ocx, ocz, n, 801)
          const ox = ocx * 16 + r.nextInt(16)
          const oz = ocz * 16 + r.nextInt(16)
          const oy = columns.heightAt(ox, oz) + 1
          const plant = taiga && r.nextInt(5) !== 0 ? B.fern : B.grass
          scatterPatch(r, ox, oy, oz, GRASS_TRIES, plant, onGrassOrDirt, blocks, x0, z0)
        }
        // sugar cane beside water
        for (let n = 0; n < CANE_PATCHES; n++) {
          const r = Rand.at(seed, ocx, ocz, n, 802)
          const ox = ocx * 16 + r.nextInt(16)
          const oz = ocz * 16 + r.nextInt(16)
          const oy = r.nextInt(2 * surfaceTop(ox, oz))
          for (let t = 0; t < CANE_TRIES; t++) {
            const x = ox + r.nextInt(5) - r.nextInt(5)
            const z = oz + r.nextInt(5) - r.nextInt(5)
            const height = 2 + r.nextInt(r.nextInt(3) + 1)
            if (!inside(x, oy, z) || at(x, oy, z) !== B.air) continue
            const below = at(x, oy - 1, z)
            if (below !== B.grass_block && below !== B.dirt && below !== B.sand) continue
            if (!waterAt(x + 1, oy - 1, z) && !waterAt(x - 1, oy - 1, z) && !waterAt(x, oy - 1, z + 1) && !waterAt(x, oy - 1, z - 1)) continue
            for (let k = 0; k < height && oy + k < 255 && at(x, oy + k, z) === B.air; k++) {
              blocks[idx(x - x0, oy + k, z - z0)] = B.sugar_cane
              canes.push({ x, y: oy + k, z })
            }
          }
        }
        // pumpkins
        const r = Rand.at(seed, ocx, ocz, 0, 803)
        if (r.nextInt(PUMPKIN_CHANCE) !== 0) continue
        const ox = ocx * 16 + r.nextInt(16)
        const oz = ocz * 16 + r.nextInt(16)
        const oy = r.nextInt(2 * surfaceTop(ox, oz))
        scatterPatch(r, ox, oy, oz, PUMPKIN_TRIES, B.pumpkin, (below) => below === B.grass_block, blocks, x0, z0)
      }
    }
    return canes
  }

  return { place }
}

export const onGrassOrDirt = (below: number) => below === B.grass_block || below === B.dirt

/**
 * Vanilla's random patch (`RandomPatchFeature`): `tries` cells scattered ±7 / ±3 / ±7 around
 * (ox, oy, oz); each that lies in the chunk at `x0`, `z0` (y 1..254), is air and stands on a block
 * `soil` accepts gets `plant`. A two-block plant (`[lower, upper]`, vanilla's `DoublePlantPlacer`)
 * also needs air above, in the world. Every number is drawn whatever a try's fate, so any
 * generation order gives the same chunk. Grass, pumpkins and flowers (./flowers.ts) are such patches.
 */
export function scatterPatch(r: Rand, ox: number, oy: number, oz: number, tries: number, plant: number | readonly [number, number], soil: (below: number) => boolean, blocks: Uint8Array, x0: number, z0: number): void {
  const [lower, upper] = typeof plant === 'number' ? [plant, -1] : plant
  for (let t = 0; t < tries; t++) {
    const x = ox + r.nextInt(8) - r.nextInt(8)
    const y = oy + r.nextInt(4) - r.nextInt(4)
    const z = oz + r.nextInt(8) - r.nextInt(8)
    if (x < x0 || x >= x0 + 16 || z < z0 || z >= z0 + 16 || y <= 0 || y >= (upper < 0 ? 255 : 254)) continue
    const i = idx(x - x0, y, z - z0)
    if (blocks[i] !== B.air || !soil(blocks[idx(x - x0, y - 1, z - z0)]!)) continue
    if (upper >= 0) {
      const above = idx(x - x0, y + 1, z - z0)
      if (blocks[above] !== B.air) continue
      blocks[above] = upper
    }
    blocks[i] = lower
  }
}

/** Plants that do not stop a player or an animal (vanilla: no collision box). */
export function isPlant(b: number): boolean {
  return b === B.grass || b === B.fern || b === B.sugar_cane || isFlower(b)
}

/**
 * Passive animals placed when a chunk is generated, as vanilla's `spawnMobsForChunkGeneration`:
 * draw creature groups while `rand < 0.1` (≈ 0.11 groups per chunk), each from the chunk biome's
 * weights; a group of 4 starts at a random column and each member tries up to 4 times for a
 * column whose top block is grass (leaves and water do not count), wandering ±4 blocks per try
 * and staying inside the chunk. Creatures we do not model (horse, donkey, wolf, rabbit, fox,
 * llama) still take their share of the draws, so cows, pigs, sheep and chickens come at their
 * vanilla per-type rate. Pure: the same seed and chunk always give the same animals.
 */
import { BIOMES } from './biomes.js'
import { B, idx } from './blocks.js'
import { isPlant } from './vegetation.js'
import { Rand } from './random.js'
import { naturalSheepColour } from '../../sheep.js'

export type AnimalKind = 'cow' | 'pig' | 'sheep' | 'chicken'

export interface AnimalPlacement {
  kind: AnimalKind
  /** Block-centre position of the feet. */
  x: number
  y: number
  z: number
  /** A sheep's wool colour id (../../sheep.ts), drawn by vanilla's odds at generation as vanilla's `finalizeSpawn` does. */
  woolColour?: number
}

type Weights = ReadonlyArray<readonly [AnimalKind | null, number]>
const FARM: Weights = [
  ['sheep', 12],
  ['pig', 10],
  ['chicken', 10],
  ['cow', 8],
]
/** Vanilla 1.16 creature weights per biome; `null` is a creature we do not model. */
const BIOME_WEIGHTS: Readonly<Record<string, Weights>> = {
  plains: [...FARM, [null, 5 + 1]], // horse, donkey
  forest: [...FARM, [null, 5]], // wolf
  birch_forest: FARM,
  taiga: [...FARM, [null, 8 + 4 + 8]], // wolf, rabbit, fox
  mountains: [...FARM, [null, 5]], // llama
  ocean: [],
}

export const CREATURE_CHANCE = 0.1
const GROUP_SIZE = 4
const TRIES = 4
const SALT = 901
/** Sheep colours come from their own stream, so the placements stay what they were before colours. */
const COLOUR_SALT = 907

function pick(weights: Weights, r: Rand): AnimalKind | null {
  let total = 0
  for (const [, w] of weights) total += w
  let x = r.nextInt(total)
  for (const [k, w] of weights) {
    x -= w
    if (x < 0) return k
  }
  return null
}

/**
 * The animals of chunk (cx, cz), from its final blocks (index (y<<8)|(z<<4)|x) and the biome that
 * decorated it. `seed` is the folded world seed.
 */
export function placeAnimals(seed: number, cx: number, cz: number, blocks: Uint8Array, chunkBiome: number): AnimalPlacement[] {
  const weights = BIOME_WEIGHTS[BIOMES[chunkBiome]?.name ?? ''] ?? []
  if (weights.length === 0) return []
  const r = Rand.at(seed, cx, cz, 0, SALT)
  const colours = Rand.at(seed, cx, cz, 0, COLOUR_SALT)
  const out: AnimalPlacement[] = []
  while (r.nextFloat() < CREATURE_CHANCE) {
    const kind = pick(weights, r)
    let x = r.nextInt(16)
    let z = r.nextInt(16)
    const x0 = x
    const z0 = z
    for (let n = 0; n < GROUP_SIZE; n++) {
      for (let t = 0; t < TRIES; t++) {
        const y = grassTop(blocks, x, z)
        const placed = kind !== null && y >= 0
        if (placed) {
          const at: AnimalPlacement = { kind, x: cx * 16 + x + 0.5, y: y + 1, z: cz * 16 + z + 0.5 }
          if (kind === 'sheep') at.woolColour = naturalSheepColour(() => colours.nextFloat())
          out.push(at)
        }
        // vanilla: step by nextInt(5) - nextInt(5), redrawn around the start while outside the chunk
        x += r.nextInt(5) - r.nextInt(5)
        z += r.nextInt(5) - r.nextInt(5)
        while (x < 0 || x > 15 || z < 0 || z > 15) {
          x = x0 + r.nextInt(5) - r.nextInt(5)
          z = z0 + r.nextInt(5) - r.nextInt(5)
        }
        if (placed) break
      }
    }
  }
  return out
}

const LEAVES = new Set<number>([B.oak_leaves, B.birch_leaves, B.spruce_leaves])
const passable = (b: number | undefined) => b === B.air || (b !== undefined && (LEAVES.has(b) || isPlant(b)))

/**
 * y of the column's top block when it is grass with room for an animal above, else -1. Leaves do
 * not count as the top (vanilla's MOTION_BLOCKING_NO_LEAVES heightmap), so animals stand under trees.
 */
function grassTop(blocks: Uint8Array, x: number, z: number): number {
  for (let y = 254; y > 0; y--) {
    const b = blocks[idx(x, y, z)]!
    if (passable(b)) continue
    return b === B.grass_block && passable(blocks[idx(x, y + 1, z)]) && passable(blocks[idx(x, y + 2, z)]) ? y : -1
  }
  return -1
}

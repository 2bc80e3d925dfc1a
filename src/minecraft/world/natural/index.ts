/**
 * The natural world: a vanilla-like, seed-dependent generator (the default profile).
 * `createNaturalWorld(seed).generate(cx, cz)` returns a chunk buffer of block ids
 * (./blocks.ts); generator.ts turns it into a flying-squid chunk. Stages run in vanilla's
 * order: land and soil, carvers, lakes, disks of sand, clay and gravel under water, ores, trees, plants (grass, sugar cane, pumpkins),
 * flowers.
 *
 * Two shapes: 1.16's (y 0..255, 1.16 ores) and, with `{ tall }`, the 1.18+ world (y −64..319):
 * the same land, lakes and trees over y 0..255 (a view into the tall buffer), deepslate below
 * y 0 (deep.ts), a second, deep pass of caves with lava below y −54, and the 1.18 ore batches
 * of the version facts (ores-tall.ts). Same seed and shape, same world.
 */
import { placeAnimals, type AnimalPlacement } from './animals.js'
import { createBiomeSource, BIOMES } from './biomes.js'
import { CHUNK_VOLUME } from './blocks.js'
import { createCarvers } from './carvers.js'
import { createColumns, type ChunkColumns } from './columns.js'
import { createLakes } from './lakes.js'
import { createDisks } from './disks.js'
import { placeOres } from './ores.js'
import { foldSeed } from './random.js'
import { findSpawn, type SpawnPoint } from './spawn.js'
import { fillSurface } from './surface.js'
import { createTrees } from './trees.js'
import { createVegetation } from './vegetation.js'
import { createFlowers } from './flowers.js'
import { fillDeep } from './deep.js'
import { createTallOres } from './ores-tall.js'
import type { OreBatch } from '../../version-facts.js'

export { B, NAME, idx, halfOf, type BlockName } from './blocks.js'
export { BIOMES, BIOME } from './biomes.js'
export { SEA_LEVEL, MAX_HEIGHT } from './columns.js'
export { ORE_RULES } from './ores.js'
export type { SpawnPoint } from './spawn.js'
export type { AnimalPlacement, AnimalKind } from './animals.js'

export interface NaturalChunk {
  /** Block ids, index ((y − minY) << 8) | (z << 4) | x, for y minY..minY + blocks.length/256 − 1. */
  blocks: Uint8Array
  /** The world's lowest y: 0, or −64 in the tall world. */
  minY: number
  /** y 0..255 of `blocks` (index (y << 8) | (z << 4) | x): the land, where animals and spawn look. */
  surface: Uint8Array
  columns: ChunkColumns
  /** Sugar cane placed in this chunk (world positions): cane grows, so the world ticks them. */
  canes: Array<{ x: number; y: number; z: number }>
}

/** The tall world (1.18+): lowest y, layers, and the version's ore batches (version-facts.ts). */
export interface TallShape {
  minY: number
  height: number
  ores: readonly OreBatch[]
}

export interface NaturalWorld {
  seed: number
  generate(cx: number, cz: number): NaturalChunk
  /** Where players appear (computed on first use). */
  spawn(): SpawnPoint
  /** Minecraft biome name at a block column. */
  biomeName(x: number, z: number): string
  /** The passive animals placed when chunk (cx, cz) is generated (vanilla's chunk-generation spawns). */
  animals(cx: number, cz: number, chunk: NaturalChunk): AnimalPlacement[]
}

/** Carved air below y −54 is lava in the tall world (vanilla 1.18's lava level, docs/world-facts-1.18.md). */
const TALL_LAVA_BELOW_Y = -54
/** The deep pass carves up to y 40, under the land (its caves do not open at the surface). */
const DEEP_CAVES_TOP_Y = 40

export function createNaturalWorld(seedInput: number, opts: { tall?: TallShape } = {}): NaturalWorld {
  if (!Number.isSafeInteger(seedInput)) throw new Error(`natural world seed must be an integer, got ${String(seedInput)}`)
  const seed = foldSeed(seedInput)
  const tall = opts.tall
  const biomes = createBiomeSource(seed)
  const columns = createColumns(seed, biomes)
  // the tall world's upper caves have no lava (its lava level is far below)
  const carvers = createCarvers(seed, columns, tall ? { lavaBelow: 0 } : {})
  const lakes = createLakes(seed, columns, carvers)
  const disks = createDisks(seed, columns, lakes)
  const trees = createTrees(seed, columns, carvers, lakes)
  const vegetation = createVegetation(seed, columns, lakes)
  const flowers = createFlowers(seed, columns)
  const deepCarvers = tall
    ? createCarvers(seed, columns, { salt: 1, yOffset: tall.minY, lavaBelow: TALL_LAVA_BELOW_Y - tall.minY, maxY: DEEP_CAVES_TOP_Y - tall.minY })
    : undefined
  const tallOres = tall ? createTallOres(seed, columns, tall.ores, tall.minY, tall.height) : undefined

  function generate(cx: number, cz: number): NaturalChunk {
    const cols = columns.chunk(cx, cz)
    if (!tall) {
      const blocks = new Uint8Array(CHUNK_VOLUME)
      fillSurface(seed, cx, cz, cols, blocks)
      carvers.carve(cx, cz, blocks)
      lakes.place(cx, cz, blocks)
      disks.place(cx, cz, blocks)
      placeOres(seed, columns, cx, cz, blocks)
      trees.place(cx, cz, blocks)
      const canes = vegetation.place(cx, cz, blocks)
      flowers.place(cx, cz, blocks)
      return { blocks, minY: 0, surface: blocks, columns: cols, canes }
    }
    const blocks = new Uint8Array(tall.height << 8)
    const surface = blocks.subarray(-tall.minY << 8, (256 - tall.minY) << 8)
    fillSurface(seed, cx, cz, cols, surface, false)
    fillDeep(seed, cx, cz, blocks, tall.minY)
    carvers.carve(cx, cz, surface)
    deepCarvers!.carve(cx, cz, blocks.subarray(0, 256 << 8))
    lakes.place(cx, cz, surface)
    disks.place(cx, cz, surface)
    tallOres!.place(cx, cz, blocks)
    trees.place(cx, cz, surface)
    const canes = vegetation.place(cx, cz, surface)
    flowers.place(cx, cz, surface)
    return { blocks, minY: tall.minY, surface, columns: cols, canes }
  }

  let spawn: SpawnPoint | undefined
  return {
    seed: seedInput,
    generate,
    spawn: () => (spawn ??= findSpawn(seed, biomes, (cx, cz) => generate(cx, cz).surface)),
    biomeName: (x, z) => BIOMES[columns.biomeAt(x, z)]!.name,
    animals: (cx, cz, chunk) => placeAnimals(seed, cx, cz, chunk.surface, chunk.columns.chunkBiome),
  }
}

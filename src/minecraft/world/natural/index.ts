/**
 * The natural world: a vanilla-like, seed-dependent generator (the default profile).
 * `createNaturalWorld(seed).generate(cx, cz)` returns a chunk buffer of block ids
 * (./blocks.ts); generator.ts turns it into a flying-squid chunk. Stages run in vanilla's
 * order: land and soil, carvers, lakes, ores, trees, plants (grass, sugar cane, pumpkins).
 */
import { placeAnimals, type AnimalPlacement } from './animals.js'
import { createBiomeSource, BIOMES } from './biomes.js'
import { CHUNK_VOLUME } from './blocks.js'
import { createCarvers } from './carvers.js'
import { createColumns, type ChunkColumns } from './columns.js'
import { createLakes } from './lakes.js'
import { placeOres } from './ores.js'
import { foldSeed } from './random.js'
import { findSpawn, type SpawnPoint } from './spawn.js'
import { fillSurface } from './surface.js'
import { createTrees } from './trees.js'
import { createVegetation } from './vegetation.js'

export { B, NAME, idx, type BlockName } from './blocks.js'
export { BIOMES, BIOME } from './biomes.js'
export { SEA_LEVEL, MAX_HEIGHT } from './columns.js'
export { ORE_RULES } from './ores.js'
export type { SpawnPoint } from './spawn.js'
export type { AnimalPlacement, AnimalKind } from './animals.js'

export interface NaturalChunk {
  /** Block ids, index (y << 8) | (z << 4) | x. */
  blocks: Uint8Array
  columns: ChunkColumns
  /** Sugar cane placed in this chunk (world positions): cane grows, so the world ticks them. */
  canes: Array<{ x: number; y: number; z: number }>
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

export function createNaturalWorld(seedInput: number): NaturalWorld {
  if (!Number.isSafeInteger(seedInput)) throw new Error(`natural world seed must be an integer, got ${String(seedInput)}`)
  const seed = foldSeed(seedInput)
  const biomes = createBiomeSource(seed)
  const columns = createColumns(seed, biomes)
  const carvers = createCarvers(seed, columns)
  const lakes = createLakes(seed, columns, carvers)
  const trees = createTrees(seed, columns, carvers, lakes)
  const vegetation = createVegetation(seed, columns, lakes)

  function generate(cx: number, cz: number): NaturalChunk {
    const blocks = new Uint8Array(CHUNK_VOLUME)
    const cols = columns.chunk(cx, cz)
    fillSurface(seed, cx, cz, cols, blocks)
    carvers.carve(cx, cz, blocks)
    lakes.place(cx, cz, blocks)
    placeOres(seed, columns, cx, cz, blocks)
    trees.place(cx, cz, blocks)
    const canes = vegetation.place(cx, cz, blocks)
    return { blocks, columns: cols, canes }
  }

  let spawn: SpawnPoint | undefined
  return {
    seed: seedInput,
    generate,
    spawn: () => (spawn ??= findSpawn(seed, biomes, (cx, cz) => generate(cx, cz).blocks)),
    biomeName: (x, z) => BIOMES[columns.biomeAt(x, z)]!.name,
    animals: (cx, cz, chunk) => placeAnimals(seed, cx, cz, chunk.blocks, chunk.columns.chunkBiome),
  }
}

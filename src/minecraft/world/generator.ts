/**
 * flying-squid world generators. flying-squid resolves `generation.name` through its
 * exported `generations` table, so we register ours there:
 *  - NATURAL_GENERATOR (the default): the vanilla-like, seed-dependent world of natural/;
 *  - STARTER_GENERATOR: the staged starter profile of terrain.ts (fixed trees, pond and quarry
 *    near spawn), only when a caller asks for `profile: 'starter'`.
 */
import { flyingSquid, require } from './squid.js'
import { MAX_TERRAIN_Y, createTerrain } from './terrain.js'
import { createChunkBuilder } from './chunk-builder.js'
import { createNaturalWorld, type AnimalPlacement, type NaturalWorld, type TallShape } from './natural/index.js'
import { versionFacts } from '../version-facts.js'

export const STARTER_GENERATOR = 'mindbridge-starter'
export const NATURAL_GENERATOR = 'mindbridge-natural'

interface GeneratorOptions {
  /** Our seed (flying-squid replaces a 0 `seed` with a random one, so we carry our own). */
  worldSeed: number
  registry: any
}

function stateIdFor(registry: any, Block: any, name: string): number {
  const def = registry.blocksByName[name]
  if (!def) throw new Error(`worldgen: block ${name} not in minecraft-data ${registry.version.minecraftVersion}`)
  // Leaves must not decay; everything else uses its default state.
  if (name.endsWith('_leaves')) return Block.fromProperties(name, { persistent: true, distance: 1 }, 0).stateId
  return def.defaultState
}

/** The starter profile's generator: terrain.ts, block by block. */
export function createStarterGenerator(opts: GeneratorOptions): (cx: number, cz: number) => unknown {
  const { registry } = opts
  const Chunk = require('prismarine-chunk')(registry)
  const Block = require('prismarine-block')(registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => unknown }
  const terrain = createTerrain(opts.worldSeed)
  const ids = new Map<string, number>()
  const idOf = (name: string) => {
    let id = ids.get(name)
    if (id === undefined) {
      id = stateIdFor(registry, Block, name)
      ids.set(name, id)
    }
    return id
  }
  const plains = registry.biomesByName.plains.id as number

  return (cx: number, cz: number) => {
    const chunk = new Chunk()
    const tops = new Int16Array(256).fill(-1)
    terrain.fillChunk(cx, cz, (lx, y, lz, name) => {
      chunk.setBlockStateId(new Vec3(lx, y, lz), idOf(name))
      const i = lz * 16 + lx
      if (y > tops[i]!) tops[i] = y
    })
    // Sky light above the terrain so real clients do not render a black world.
    for (let lx = 0; lx < 16; lx++) {
      for (let lz = 0; lz < 16; lz++) {
        for (let y = tops[lz * 16 + lx]! + 1; y < MAX_TERRAIN_Y + 16; y++) chunk.setSkyLight(new Vec3(lx, y, lz), 15)
      }
    }
    for (let x = 0; x < 16; x += 4) for (let z = 0; z < 16; z += 4) for (let y = 0; y < 256; y += 4) chunk.setBiome(new Vec3(x, y, z), plains)
    return chunk
  }
}

export interface NaturalGeneratorOptions extends GeneratorOptions {
  /** Share one world (and its caches) with the spawn search. */
  natural?: NaturalWorld
  /** Receives the animals placed in each generated chunk (the animals plugin spawns them). */
  onAnimals?: (cx: number, cz: number, animals: AnimalPlacement[]) => void
  /** Receives the sugar cane placed in each generated chunk (the farming plugin ticks it). */
  onCanes?: (canes: Array<{ x: number; y: number; z: number }>) => void
}

/** The natural world's shape for a Minecraft version: the tall world (1.18+) or undefined (1.16). */
export function naturalShapeFor(version: string): TallShape | undefined {
  const f = versionFacts(version)
  return f.tall ? { minY: f.minY, height: f.height, ores: f.ores } : undefined
}

/** The natural world of a seed in a version's shape. */
export function createNaturalWorldFor(seed: number, version: string): NaturalWorld {
  const tall = naturalShapeFor(version)
  return createNaturalWorld(seed, tall ? { tall } : {})
}

/** The natural generator: blocks, then the chunk's animals (vanilla places them at generation). */
export function createNaturalGenerator(opts: NaturalGeneratorOptions): (cx: number, cz: number) => unknown {
  const natural = opts.natural ?? createNaturalWorldFor(opts.worldSeed, opts.registry.version.minecraftVersion as string)
  const build = createChunkBuilder(opts.registry)
  const onAnimals = opts.onAnimals
  return (cx: number, cz: number) => {
    const chunk = natural.generate(cx, cz)
    const animals = natural.animals(cx, cz, chunk)
    if (onAnimals && animals.length > 0) onAnimals(cx, cz, animals)
    if (opts.onCanes && chunk.canes.length > 0) opts.onCanes(chunk.canes)
    return build(chunk)
  }
}

let registered = false
export function registerGenerators(): void {
  if (registered) return
  registered = true
  flyingSquid.generations[STARTER_GENERATOR] = (opts: GeneratorOptions) => createStarterGenerator(opts)
  flyingSquid.generations[NATURAL_GENERATOR] = (opts: NaturalGeneratorOptions) => createNaturalGenerator(opts)
}

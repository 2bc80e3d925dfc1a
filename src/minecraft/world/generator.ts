/**
 * flying-squid world generator backed by `terrain.ts`. flying-squid resolves
 * `generation.name` through its exported `generations` table, so we register
 * ours there under GENERATOR_NAME.
 */
import { flyingSquid, require } from './squid.js'
import { MAX_TERRAIN_Y, createTerrain } from './terrain.js'

export const GENERATOR_NAME = 'mindbridge'

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

export function createGenerator(opts: GeneratorOptions): (cx: number, cz: number) => unknown {
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

let registered = false
export function registerGenerator(): void {
  if (registered) return
  registered = true
  flyingSquid.generations[GENERATOR_NAME] = (opts: GeneratorOptions) => createGenerator(opts)
}

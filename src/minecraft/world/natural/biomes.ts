/**
 * Biomes of the natural world and how they are chosen. Depth and scale are vanilla's
 * (`VanillaBiomes`); tree attempts per chunk are vanilla's `count + extra chance`
 * (../shared/spec/world-facts.md §3). Biomes are picked from low-frequency noise in
 * patches of a few hundred blocks, the way vanilla's layers make them.
 */
import { Fbm2 } from './noise.js'

export type TreeKind = 'oak' | 'fancy_oak' | 'birch' | 'spruce' | 'pine'

export interface BiomeDef {
  /** Minecraft 1.16 biome name (minecraft-data `biomesByName`). */
  name: string
  depth: number
  scale: number
  /** Tree attempts per chunk: `count`, plus one more with probability `extraChance`. */
  trees: { count: number; extraChance: number; mix: ReadonlyArray<readonly [TreeKind, number]> }
  /** Vanilla `playerSpawnFriendly`. */
  spawnFriendly: boolean
  /** Animals may be placed at chunk generation. */
  animals: boolean
}

export const BIOMES = [
  {
    name: 'plains',
    depth: 0.125,
    scale: 0.05,
    trees: { count: 0, extraChance: 0.05, mix: [['fancy_oak', 1 / 3], ['oak', 2 / 3]] },
    spawnFriendly: true,
    animals: true,
  },
  {
    name: 'forest',
    depth: 0.1,
    scale: 0.2,
    trees: { count: 10, extraChance: 0.1, mix: [['oak', 0.7], ['birch', 0.2], ['fancy_oak', 0.1]] },
    spawnFriendly: true,
    animals: true,
  },
  {
    name: 'birch_forest',
    depth: 0.1,
    scale: 0.2,
    trees: { count: 10, extraChance: 0.1, mix: [['birch', 1]] },
    spawnFriendly: true,
    animals: true,
  },
  {
    name: 'taiga',
    depth: 0.2,
    scale: 0.2,
    trees: { count: 10, extraChance: 0.1, mix: [['spruce', 2 / 3], ['pine', 1 / 3]] },
    spawnFriendly: true,
    animals: true,
  },
  {
    name: 'mountains',
    depth: 1.0,
    scale: 0.5,
    trees: { count: 0, extraChance: 0.1, mix: [['spruce', 2 / 3], ['oak', 1 / 3]] },
    spawnFriendly: false,
    animals: true,
  },
  {
    name: 'ocean',
    depth: -1.0,
    scale: 0.1,
    trees: { count: 0, extraChance: 0, mix: [['oak', 1]] },
    spawnFriendly: false,
    animals: false,
  },
] as const satisfies readonly BiomeDef[]

export const BIOME = { plains: 0, forest: 1, birch_forest: 2, taiga: 3, mountains: 4, ocean: 5 } as const

export interface BiomeSource {
  /** Biome index (into BIOMES) at block (x, z). */
  at(x: number, z: number): number
  /** Continentalness at (x, z): below OCEAN_EDGE is ocean; just above it are beaches. */
  continent(x: number, z: number): number
}

export const OCEAN_EDGE = -0.22

export function createBiomeSource(seed: number): BiomeSource {
  const continent = new Fbm2(seed, 101, 900, 3)
  const temperature = new Fbm2(seed, 102, 420, 3)
  const variant = new Fbm2(seed, 103, 300, 3)
  const ridge = new Fbm2(seed, 104, 500, 2)
  return {
    continent: (x, z) => continent.at(x, z),
    at(x, z) {
      if (continent.at(x, z) < OCEAN_EDGE) return BIOME.ocean
      if (ridge.at(x, z) > 0.32) return BIOME.mountains
      if (temperature.at(x, z) < -0.2) return BIOME.taiga
      const v = variant.at(x, z)
      if (v < -0.03) return BIOME.plains
      if (v < 0.15) return BIOME.forest
      return BIOME.birch_forest
    },
  }
}

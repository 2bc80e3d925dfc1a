/**
 * The world spawn by vanilla's rule (`MinecraftServer.setInitialSpawn`, 1.16.2+):
 * pick at random a point of a spawn-friendly biome (plains, forest, birch forest, taiga)
 * within 256 blocks of (0, 0), then spiral out over chunks (up to ±16) from there to the
 * first column whose top block is grass. The result is the centre of the block above it.
 */
import { BIOMES, type BiomeSource } from './biomes.js'
import { B, idx } from './blocks.js'
import { isPlant } from './vegetation.js'
import { Rand } from './random.js'

export interface SpawnPoint {
  x: number
  y: number
  z: number
}

const SEARCH_RADIUS = 256
const SEARCH_STEP = 8
const SPIRAL_CHUNKS = 16

export function findSpawn(seed: number, biomes: BiomeSource, generate: (cx: number, cz: number) => Uint8Array): SpawnPoint {
  const r = Rand.at(seed, 0, 0, 0, 801)
  let found = 0
  let sx = 0
  let sz = 0
  for (let x = -SEARCH_RADIUS; x <= SEARCH_RADIUS; x += SEARCH_STEP) {
    for (let z = -SEARCH_RADIUS; z <= SEARCH_RADIUS; z += SEARCH_STEP) {
      if (x * x + z * z > SEARCH_RADIUS * SEARCH_RADIUS) continue
      if (!BIOMES[biomes.at(x, z)]!.spawnFriendly) continue
      // Reservoir sampling: every friendly point is equally likely, as in vanilla's search.
      found++
      if (r.nextInt(found) === 0) {
        sx = x
        sz = z
      }
    }
  }
  const ccx = sx >> 4
  const ccz = sz >> 4
  // Square spiral over chunks around the chosen point.
  let dx = 0
  let dz = 0
  let stepX = 0
  let stepZ = -1
  const side = SPIRAL_CHUNKS * 2 + 1
  for (let n = 0; n < side * side; n++) {
    const p = grassIn(ccx + dx, ccz + dz, generate(ccx + dx, ccz + dz))
    if (p) return p
    if (dx === dz || (dx < 0 && dx === -dz) || (dx > 0 && dx === 1 - dz)) {
      const t = stepX
      stepX = -stepZ
      stepZ = t
    }
    dx += stepX
    dz += stepZ
  }
  throw new Error(`natural world seed ${seed}: no grass found for a spawn within ${SPIRAL_CHUNKS} chunks of (${sx}, ${sz})`)
}

/** The first column of the chunk whose top block is grass (vanilla `getSpawnPosInChunk`). */
function grassIn(cx: number, cz: number, blocks: Uint8Array): SpawnPoint | null {
  for (let lx = 0; lx < 16; lx++) {
    for (let lz = 0; lz < 16; lz++) {
      for (let y = 254; y >= 0; y--) {
        const b = blocks[idx(lx, y, lz)]!
        if (b === B.air || isPlant(b)) continue
        // Two blocks of air above, so a player fits.
        if (b === B.grass_block) return { x: cx * 16 + lx + 0.5, y: y + 1, z: cz * 16 + lz + 0.5 }
        break
      }
    }
  }
  return null
}

/**
 * Fills a chunk buffer with the bare land: graded bedrock (layer n of 0..4 placed when
 * n ≤ rand(5), as vanilla), stone, the soil of each column (grass over 3–4 dirt; sand or
 * gravel at and under the water) and the sea up to y 62.
 */
import { B } from './blocks.js'
import { WATER_TOP, type ChunkColumns } from './columns.js'
import { Rand } from './random.js'

const { bedrock: BEDROCK, stone: STONE, water: WATER, grass_block: GRASS, dirt: DIRT } = B

/** `bedrock`: the floor of the world at y 0..4 (1.16); the tall world has stone there (its floor is at −64). */
export function fillSurface(seed: number, cx: number, cz: number, cols: ChunkColumns, blocks: Uint8Array, bedrock = true): void {
  const FLOOR = bedrock ? BEDROCK : STONE
  const r = Rand.at(seed, cx, cz, 0, 701)
  for (let lz = 0; lz < 16; lz++) {
    for (let lx = 0; lx < 16; lx++) {
      const i = lz * 16 + lx
      const h = cols.height[i]!
      const top = cols.top[i]!
      const filler = top === GRASS ? DIRT : top
      const soilBottom = Math.max(1, h - cols.soil[i]!)
      const col = (lz << 4) | lx
      for (let y = 0; y <= 4 && y <= h; y++) blocks[(y << 8) | col] = y <= r.nextInt(5) ? FLOOR : STONE
      for (let y = 5; y < soilBottom; y++) blocks[(y << 8) | col] = STONE
      for (let y = Math.max(soilBottom, 5); y < h; y++) blocks[(y << 8) | col] = filler
      if (h > 4 || blocks[(h << 8) | col] !== BEDROCK) blocks[(h << 8) | col] = top
      for (let y = h + 1; y <= WATER_TOP; y++) blocks[(y << 8) | col] = WATER
    }
  }
}

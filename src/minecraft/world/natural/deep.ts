/**
 * The tall world's rock under y 0 (1.18+, docs/world-facts-1.18.md): bedrock graded over
 * y −64..−60 (layer n placed when n ≤ rand(5), as the 1.16 floor), deepslate up to y −1, and the
 * transition band y 0..7 where stone turns to deepslate with a chance falling from 1 at y 0
 * to 1/8 at y 7 (vanilla's vertical gradient from 0 to 8). Tuff comes as blobs with the ores.
 */
import { B } from './blocks.js'
import { Rand } from './random.js'
import { DEEPSLATE_BAND_TOP, DEEPSLATE_BELOW } from '../../version-facts.js'

const { bedrock: BEDROCK, deepslate: DEEPSLATE, stone: STONE } = B

/** Fills y minY..DEEPSLATE_BAND_TOP−1 of a tall buffer (index ((y − minY) << 8) | z << 4 | x). */
export function fillDeep(seed: number, cx: number, cz: number, blocks: Uint8Array, minY: number): void {
  const r = Rand.at(seed, cx, cz, 0, 702)
  for (let col = 0; col < 256; col++) {
    for (let y = minY; y < DEEPSLATE_BELOW; y++) {
      const n = y - minY
      blocks[(n << 8) | col] = n <= 4 && n <= r.nextInt(5) ? BEDROCK : DEEPSLATE
    }
    for (let y = DEEPSLATE_BELOW; y < DEEPSLATE_BAND_TOP; y++) {
      const i = ((y - minY) << 8) | col
      if (blocks[i] === STONE && r.nextInt(DEEPSLATE_BAND_TOP - DEEPSLATE_BELOW) >= y - DEEPSLATE_BELOW) blocks[i] = DEEPSLATE
    }
  }
}

/**
 * Ores and stone blobs of the tall world (1.18+), from the version facts' batches
 * (../../version-facts.ts, docs/world-facts-1.18.md): per chunk and batch, `count` attempts at
 * a uniform x, z and a y drawn from the batch's shape (uniform, or vanilla's triangle), each a
 * vein of `size` (ores.ts `vein`). An ore vein turns stone, granite, diorite and andesite into
 * the ore and deepslate and tuff into its deepslate variant, as vanilla's two target lists do;
 * a blob (granite, tuff, dirt …) replaces any of them. Emeralds only in mountains.
 *
 * Veins of the 3×3 neighbourhood are placed clipped to the chunk, each from its own stream.
 */
import { BIOME } from './biomes.js'
import { B, type BlockName } from './blocks.js'
import { MAX_HEIGHT, type Columns } from './columns.js'
import { vein } from './ores.js'
import { Rand } from './random.js'
import { BLOBS_1_18, type OreBatch } from '../../version-facts.js'

const STONES = [B.stone, B.granite, B.diorite, B.andesite] as const
const DEEP = [B.deepslate, B.tuff] as const

interface Rule {
  batch: OreBatch
  replace: Uint8Array
}

function id(name: string): number {
  const v = (B as Record<string, number>)[name]
  if (v === undefined) throw new Error(`worldgen: no block id for ${name}`)
  return v
}

function rulesFor(batches: readonly OreBatch[]): Rule[] {
  const out: Rule[] = []
  for (const batch of BLOBS_1_18) {
    const replace = new Uint8Array(256)
    for (const b of [...STONES, ...DEEP]) replace[b] = id(batch.ore)
    out.push({ batch, replace })
  }
  for (const batch of batches) {
    const replace = new Uint8Array(256)
    for (const b of STONES) replace[b] = id(batch.ore)
    for (const b of DEEP) replace[b] = id(`deepslate_${batch.ore}` as BlockName)
    out.push({ batch, replace })
  }
  return out
}

/** y of one attempt: uniform in lo..hi, or vanilla's triangle (the sum of two uniform halves). */
function drawY(r: Rand, b: OreBatch): number {
  const span = b.hi - b.lo
  if (b.shape === 'uniform') return b.lo + r.nextInt(span + 1)
  const half = span >> 1
  return b.lo + r.nextInt(span - half + 1) + r.nextInt(half + 1)
}

export interface TallOres {
  place(cx: number, cz: number, blocks: Uint8Array): void
}

/** `batches`: the version's ore batches; the buffer covers y minY..minY+height−1. */
export function createTallOres(seed: number, columns: Columns, batches: readonly OreBatch[], minY: number, height: number): TallOres {
  const rules = rulesFor(batches)
  const topY = minY + height - 1
  return {
    place(cx, cz, blocks) {
      const x0 = cx * 16
      const z0 = cz * 16
      const mountains = columns.chunk(cx, cz).chunkBiome === BIOME.mountains
      rules.forEach((rule, ruleIndex) => {
        const b = rule.batch
        if (b.mountains && !mountains) return
        const reach = Math.ceil(b.size / 8) + Math.ceil(((b.size / 16) * 2 + 1) / 2)
        for (let ox = cx - 1; ox <= cx + 1; ox++) {
          for (let oz = cz - 1; oz <= cz + 1; oz++) {
            const r = Rand.at(seed, ox, oz, ruleIndex, 603)
            // a fractional count is the chance of one more attempt
            const whole = Math.floor(b.count)
            const count = whole + (r.nextFloat() < b.count - whole ? 1 : 0)
            for (let n = 0; n < count; n++) {
              const x = ox * 16 + r.nextInt(16)
              const z = oz * 16 + r.nextInt(16)
              const y = drawY(r, b)
              const veinSeed = r.nextSeed()
              if (y - reach - 2 > MAX_HEIGHT || y + reach < minY || y - reach > topY) continue
              if (x + reach < x0 || x - reach > x0 + 15 || z + reach < z0 || z - reach > z0 + 15) continue
              vein(new Rand(veinSeed), b.size, rule.replace, x, y, z, columns, x0, z0, blocks, minY, topY)
            }
          }
        }
      })
    },
  }
}

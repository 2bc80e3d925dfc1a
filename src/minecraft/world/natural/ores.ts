/**
 * Ore veins and underground blobs with vanilla 1.16's `OreFeature` and the overworld's
 * counts and height ranges (../shared/spec/world-facts.md §1): per chunk, `count` attempts
 * at a uniform x, z and y in 0..range−1 (lapis: triangular around 16), each a vein of `size`
 * points on a line at a random angle with a sphere around each point, replacing only
 * stone, granite, diorite and andesite. An attempt whose footprint lies wholly above the
 * ground is skipped. Emeralds are single blocks in mountains.
 *
 * A vein may cross into the next chunk, so a chunk places the veins of its 3×3 neighbourhood,
 * clipped to itself; each vein draws from its own stream, so the result is order-free.
 */
import { BIOME } from './biomes.js'
import { B, idx } from './blocks.js'
import type { Columns } from './columns.js'
import { Rand } from './random.js'

// Module-level copies: hot loops read locals, not another module's export.
const { stone: STONE, granite: GRANITE, diorite: DIORITE, andesite: ANDESITE } = B

export interface OreRule {
  block: number
  size: number
  count: number
  /** Heights 0..range−1, or 'lapis' for vanilla's depthAverage(16, 16). */
  range: number | 'lapis'
}

/** Vanilla's order: dirt, gravel, granite, diorite, andesite, coal, iron, gold, redstone, diamond, lapis. */
export const ORE_RULES: readonly OreRule[] = [
  { block: B.dirt, size: 33, count: 10, range: 256 },
  { block: B.gravel, size: 33, count: 8, range: 256 },
  { block: B.granite, size: 33, count: 10, range: 80 },
  { block: B.diorite, size: 33, count: 10, range: 80 },
  { block: B.andesite, size: 33, count: 10, range: 80 },
  { block: B.coal_ore, size: 17, count: 20, range: 128 },
  { block: B.iron_ore, size: 9, count: 20, range: 64 },
  { block: B.gold_ore, size: 9, count: 2, range: 32 },
  { block: B.redstone_ore, size: 8, count: 8, range: 16 },
  { block: B.diamond_ore, size: 8, count: 1, range: 16 },
  { block: B.lapis_ore, size: 7, count: 1, range: 'lapis' },
]

export function placeOres(seed: number, columns: Columns, cx: number, cz: number, blocks: Uint8Array): void {
  const x0 = cx * 16
  const z0 = cz * 16
  ORE_RULES.forEach((rule, ruleIndex) => {
    for (let ox = cx - 1; ox <= cx + 1; ox++) {
      for (let oz = cz - 1; oz <= cz + 1; oz++) {
        const r = Rand.at(seed, ox, oz, ruleIndex, 601)
        for (let n = 0; n < rule.count; n++) {
          const x = ox * 16 + r.nextInt(16)
          const z = oz * 16 + r.nextInt(16)
          const y = rule.range === 'lapis' ? r.nextInt(16) + r.nextInt(16) : r.nextInt(rule.range)
          const veinSeed = r.nextSeed()
          const reach = Math.ceil(rule.size / 8) + Math.ceil(((rule.size / 16) * 2 + 1) / 2)
          if (x + reach < x0 || x - reach > x0 + 15 || z + reach < z0 || z - reach > z0 + 15) continue
          vein(new Rand(veinSeed), rule.size, replaceWith(rule.block), x, y, z, columns, x0, z0, blocks, 0, 255)
        }
      }
    }
  })
  if (columns.chunk(cx, cz).chunkBiome === BIOME.mountains) {
    const r = Rand.at(seed, cx, cz, 0, 602)
    const count = 3 + r.nextInt(6)
    for (let n = 0; n < count; n++) {
      const i = idx(r.nextInt(16), r.nextInt(28) + 4, r.nextInt(16))
      if (blocks[i] === B.stone) blocks[i] = B.emerald_ore
    }
  }
}

const replaceCache = new Map<number, Uint8Array>()
/** 1.16: a vein replaces stone, granite, diorite and andesite with its block. */
function replaceWith(block: number): Uint8Array {
  let t = replaceCache.get(block)
  if (!t) {
    t = new Uint8Array(256)
    for (const b of [STONE, GRANITE, DIORITE, ANDESITE]) t[b] = block
    replaceCache.set(block, t)
  }
  return t
}

/**
 * One vein (vanilla `OreFeature.place` + `doPlace`), written only where it falls in the chunk at
 * (x0, z0). `replace[current block]` is what a block of the vein becomes (0: stays). The buffer
 * starts at y `minY` and holds up to y `topY`.
 */
export function vein(r: Rand, size: number, replace: Uint8Array, px: number, py: number, pz: number, columns: Columns, x0: number, z0: number, blocks: Uint8Array, minY: number, topY: number): void {
  const angle = r.nextFloat() * Math.PI
  const half = size / 8
  const pad = Math.ceil(((size / 16) * 2 + 1) / 2)
  const xa = px + Math.sin(angle) * half
  const xb = px - Math.sin(angle) * half
  const za = pz + Math.cos(angle) * half
  const zb = pz - Math.cos(angle) * half
  const ya = py + r.nextInt(3) - 2
  const yb = py + r.nextInt(3) - 2
  const minX = px - Math.ceil(half) - pad
  const boxMinY = py - 2 - pad
  const minZ = pz - Math.ceil(half) - pad
  const width = 2 * (Math.ceil(half) + pad)
  // Skipped when the whole footprint is above the ground (sampled at its corners and centre).
  const probes = [
    [minX, minZ],
    [minX + width, minZ],
    [minX, minZ + width],
    [minX + width, minZ + width],
    [px, pz],
  ] as const
  if (!probes.some(([x, z]) => boxMinY <= columns.heightAt(x, z))) return

  const pts = new Float64Array(size * 4)
  for (let j = 0; j < size; j++) {
    const t = j / size
    const rad = ((Math.sin(Math.PI * t) + 1) * ((r.nextFloat() * size) / 16) + 1) / 2
    pts[j * 4] = xa + (xb - xa) * t
    pts[j * 4 + 1] = ya + (yb - ya) * t
    pts[j * 4 + 2] = za + (zb - za) * t
    pts[j * 4 + 3] = rad
  }
  // Vanilla drops spheres that lie inside a bigger one; they add no block, so we keep them.
  for (let j = 0; j < size; j++) {
    const rad = pts[j * 4 + 3]!
    if (rad < 0) continue
    const cx = pts[j * 4]!
    const cy = pts[j * 4 + 1]!
    const cz = pts[j * 4 + 2]!
    const xs = Math.max(Math.floor(cx - rad), minX, x0)
    const xe = Math.min(Math.floor(cx + rad), x0 + 15)
    const ys = Math.max(Math.floor(cy - rad), boxMinY, minY)
    const ye = Math.min(Math.floor(cy + rad), topY)
    const zs = Math.max(Math.floor(cz - rad), minZ, z0)
    const ze = Math.min(Math.floor(cz + rad), z0 + 15)
    for (let x = xs; x <= xe; x++) {
      const dx = (x + 0.5 - cx) / rad
      if (dx * dx >= 1) continue
      for (let y = ys; y <= ye; y++) {
        const dy = (y + 0.5 - cy) / rad
        if (dx * dx + dy * dy >= 1) continue
        for (let z = zs; z <= ze; z++) {
          const dz = (z + 0.5 - cz) / rad
          if (dx * dx + dy * dy + dz * dz >= 1) continue
          const i = ((y - minY) << 8) | ((z - z0) << 4) | (x - x0)
          const to = replace[blocks[i]!]!
          if (to !== 0) blocks[i] = to
        }
      }
    }
  }
}

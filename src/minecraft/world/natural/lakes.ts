/**
 * Lakes, after vanilla 1.16's `LakeFeature` (../shared/spec/world-facts.md §2): a water lake
 * in 1 chunk of 4 at a height uniform in 0..255 (dropped to the ground when above it, so
 * most end up on the surface and some are pockets underground), a lava lake in 1 of 80.
 * A lake is 4–7 random ellipsoids in a 16×8×16 box, liquid in the lower half and air above,
 * and is abandoned when its lower rim is open or its upper rim touches liquid.
 *
 * Lakes are decided on the shape of the land (columns + carvers), not on a chunk buffer,
 * so every chunk a lake spans sees the same lake.
 */
import { B, idx } from './blocks.js'
import { WATER_TOP, type Columns } from './columns.js'
import type { Carvers } from './carvers.js'
import { Rand } from './random.js'

export interface Lake {
  /** Minimum corner of the 16×8×16 box. */
  x0: number
  y0: number
  z0: number
  /** Cells inside the lake, index (x·16 + z)·8 + y. */
  cells: Uint8Array
  liquid: number
}

export interface Lakes {
  /** The lakes whose box overlaps chunk (cx, cz). */
  lakesFor(cx: number, cz: number): Lake[]
  /** Writes the lakes into chunk (cx, cz) of `blocks`. */
  place(cx: number, cz: number, blocks: Uint8Array): void
  /** What a lake puts at (x, y, z), or -1 when no lake touches it. */
  blockAt(x: number, y: number, z: number): number
}

const CACHE = 4096

export function createLakes(seed: number, columns: Columns, carvers: Carvers): Lakes {
  const cache = new Map<number, Lake | null>()

  const solid = (x: number, y: number, z: number) => y <= columns.heightAt(x, z) && !carvers.carvedAt(x, y, z)
  const seaAt = (x: number, y: number, z: number) => y > columns.heightAt(x, z) && y <= WATER_TOP

  function lakeOf(cx: number, cz: number): Lake | null {
    const k = (cx & 0xffff) * 65536 + (cz & 0xffff)
    const hit = cache.get(k)
    if (hit !== undefined) return hit
    const lake = build(cx, cz)
    if (cache.size >= CACHE) cache.delete(cache.keys().next().value!)
    cache.set(k, lake)
    return lake
  }

  function build(cx: number, cz: number): Lake | null {
    const r = Rand.at(seed, cx, cz, 0, 501)
    let liquid: number
    let y: number
    const x = cx * 16 + r.nextInt(16) - 8
    const z = cz * 16 + r.nextInt(16) - 8
    if (r.nextInt(4) === 0) {
      liquid = B.water
      y = r.nextInt(256)
    } else if (r.nextInt(80) === 0) {
      liquid = B.lava
      y = r.nextInt(r.nextInt(248) + 8)
      if (y >= 63 && r.nextInt(10) !== 0) return null
    } else return null
    const ground = columns.heightAt(x, z)
    if (y > ground) {
      if (ground <= WATER_TOP) return null // on the sea: vanilla's rim check rejects it
      y = ground
    }
    if (y <= 4) return null
    y -= 4
    const cells = new Uint8Array(16 * 16 * 8)
    const blobs = r.nextInt(4) + 4
    for (let n = 0; n < blobs; n++) {
      const sx = r.nextFloat() * 6 + 3
      const sy = r.nextFloat() * 4 + 2
      const sz = r.nextFloat() * 6 + 3
      const px = r.nextFloat() * (16 - sx - 2) + 1 + sx / 2
      const py = r.nextFloat() * (8 - sy - 4) + 2 + sy / 2
      const pz = r.nextFloat() * (16 - sz - 2) + 1 + sz / 2
      for (let lx = 1; lx < 15; lx++) {
        for (let lz = 1; lz < 15; lz++) {
          for (let ly = 1; ly < 7; ly++) {
            const dx = (lx - px) / (sx / 2)
            const dy = (ly - py) / (sy / 2)
            const dz = (lz - pz) / (sz / 2)
            if (dx * dx + dy * dy + dz * dz < 1) cells[(lx * 16 + lz) * 8 + ly] = 1
          }
        }
      }
    }
    const inLake = (lx: number, ly: number, lz: number) => lx >= 0 && lx < 16 && lz >= 0 && lz < 16 && ly >= 0 && ly < 8 && cells[(lx * 16 + lz) * 8 + ly] === 1
    for (let lx = 0; lx < 16; lx++) {
      for (let lz = 0; lz < 16; lz++) {
        for (let ly = 0; ly < 8; ly++) {
          if (inLake(lx, ly, lz)) continue
          const rim =
            inLake(lx + 1, ly, lz) || inLake(lx - 1, ly, lz) || inLake(lx, ly + 1, lz) || inLake(lx, ly - 1, lz) || inLake(lx, ly, lz + 1) || inLake(lx, ly, lz - 1)
          if (!rim) continue
          const wx = x + lx
          const wy = y + ly
          const wz = z + lz
          if (ly >= 4 && seaAt(wx, wy, wz)) return null
          if (ly < 4 && !solid(wx, wy, wz)) return null
        }
      }
    }
    return { x0: x, y0: y, z0: z, cells, liquid }
  }

  function lakesFor(cx: number, cz: number): Lake[] {
    const out: Lake[] = []
    // A lake box starts 8 blocks before its chunk ± 8 and is 16 wide: origins cx−1..cx+1 reach chunk cx.
    for (let ox = cx - 1; ox <= cx + 1; ox++) {
      for (let oz = cz - 1; oz <= cz + 1; oz++) {
        const l = lakeOf(ox, oz)
        if (l && l.x0 <= cx * 16 + 15 && l.x0 + 15 >= cx * 16 && l.z0 <= cz * 16 + 15 && l.z0 + 15 >= cz * 16) out.push(l)
      }
    }
    return out
  }

  function place(cx: number, cz: number, blocks: Uint8Array): void {
    for (const l of lakesFor(cx, cz)) {
      for (let lx = 0; lx < 16; lx++) {
        const bx = l.x0 + lx - cx * 16
        if (bx < 0 || bx > 15) continue
        for (let lz = 0; lz < 16; lz++) {
          const bz = l.z0 + lz - cz * 16
          if (bz < 0 || bz > 15) continue
          for (let ly = 0; ly < 8; ly++) {
            const y = l.y0 + ly
            if (l.cells[(lx * 16 + lz) * 8 + ly] === 1) {
              blocks[idx(bx, y, bz)] = ly < 4 ? l.liquid : B.air
              continue
            }
            // Lava lakes are walled with stone.
            if (l.liquid === B.lava && ly < 4 && isRim(l, lx, ly, lz)) {
              const i = idx(bx, y, bz)
              const b = blocks[i]!
              if (b !== B.air && b !== B.water && b !== B.lava && b !== B.bedrock) blocks[i] = B.stone
            }
          }
          // Dirt uncovered by the lake's air turns to grass.
          for (let ly = 4; ly < 8; ly++) {
            if (l.cells[(lx * 16 + lz) * 8 + ly] !== 1) continue
            const below = idx(bx, l.y0 + ly - 1, bz)
            if (blocks[below] === B.dirt) blocks[below] = B.grass_block
          }
        }
      }
    }
  }

  function blockAt(x: number, y: number, z: number): number {
    for (const l of lakesFor(x >> 4, z >> 4)) {
      const lx = x - l.x0
      const ly = y - l.y0
      const lz = z - l.z0
      if (lx < 0 || lx > 15 || lz < 0 || lz > 15 || ly < 0 || ly > 7) continue
      if (l.cells[(lx * 16 + lz) * 8 + ly] === 1) return ly < 4 ? l.liquid : B.air
    }
    return -1
  }

  return { lakesFor, place, blockAt }
}

function isRim(l: Lake, lx: number, ly: number, lz: number): boolean {
  const inLake = (x: number, y: number, z: number) => x >= 0 && x < 16 && z >= 0 && z < 16 && y >= 0 && y < 8 && l.cells[(x * 16 + z) * 8 + y] === 1
  return inLake(lx + 1, ly, lz) || inLake(lx - 1, ly, lz) || inLake(lx, ly + 1, lz) || inLake(lx, ly - 1, lz) || inLake(lx, ly, lz + 1) || inLake(lx, ly, lz - 1)
}

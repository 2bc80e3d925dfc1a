/**
 * Disks of sand, clay and gravel on the floor of the water, after vanilla's `DISK` feature
 * (docs/world-facts-1.18.md §6): per chunk, 3 sand disks, 1 clay disk and 1 gravel disk, each at a
 * random column of the chunk, at the cell above its top solid block (the top-solid heightmap),
 * and only where that cell holds water. A disk of radius r (drawn per disk) replaces, in every
 * column within r of its centre and within `halfHeight` above or below the centre's y, the blocks
 * its targets name: sand and gravel take dirt and grass, clay takes dirt (and clay). So clay is
 * found only under water, on floors of dirt: lake beds and the shallow sea (columns.ts).
 *
 * A disk reaches at most 6 blocks from its chunk: a chunk draws the disks rooted in its 3×3
 * neighbourhood, in one fixed order, and keeps the cells that lie in it; the centre is read from
 * the columns and lakes, not from a chunk buffer, so every chunk a disk spans sees the same disk.
 */
import { B, idx } from './blocks.js'
import { WATER_TOP, type Columns } from './columns.js'
import type { Lakes } from './lakes.js'
import { Rand } from './random.js'

interface DiskKind {
  block: number
  count: number
  /** Radius drawn uniform in min..max. */
  min: number
  max: number
  halfHeight: number
  targets: readonly number[]
}

/** Vanilla's `disk_sand`, `disk_clay`, `disk_gravel`, in the order a biome places them (`addDefaultSoftDisks`). */
export const DISKS: readonly DiskKind[] = [
  { block: B.sand, count: 3, min: 2, max: 6, halfHeight: 2, targets: [B.dirt, B.grass_block] },
  { block: B.clay, count: 1, min: 2, max: 3, halfHeight: 1, targets: [B.dirt, B.clay] },
  { block: B.gravel, count: 1, min: 2, max: 5, halfHeight: 2, targets: [B.dirt, B.grass_block] },
]

const SALT = 901

export interface Disks {
  /** Writes the disks that reach chunk (cx, cz) into `blocks` (y 0..255 of the land). */
  place(cx: number, cz: number, blocks: Uint8Array): void
}

export function createDisks(seed: number, columns: Columns, lakes: Lakes): Disks {
  /** The cell above the top solid block of column (x, z) when it holds water, else -1. */
  function waterFloorCentre(x: number, z: number): number {
    let y = columns.heightAt(x, z)
    // a lake lowers the floor: its water and the air above it are not solid
    let lake = lakes.blockAt(x, y, z)
    while (lake !== -1 && lake !== B.lava && y > 1) lake = lakes.blockAt(x, --y, z)
    const above = lakes.blockAt(x, y + 1, z)
    if (above === B.water) return y + 1
    return above === -1 && y + 1 <= WATER_TOP ? y + 1 : -1
  }

  function place(cx: number, cz: number, blocks: Uint8Array): void {
    const x0 = cx * 16
    const z0 = cz * 16
    for (let ocx = cx - 1; ocx <= cx + 1; ocx++) {
      for (let ocz = cz - 1; ocz <= cz + 1; ocz++) {
        let n = 0
        for (const kind of DISKS) {
          for (let k = 0; k < kind.count; k++, n++) {
            const r = Rand.at(seed, ocx, ocz, n, SALT)
            const ox = ocx * 16 + r.nextInt(16)
            const oz = ocz * 16 + r.nextInt(16)
            const radius = kind.min + r.nextInt(kind.max - kind.min + 1)
            // the disk misses this chunk: skip the centre's lookups
            if (ox + radius < x0 || ox - radius > x0 + 15 || oz + radius < z0 || oz - radius > z0 + 15) continue
            const oy = waterFloorCentre(ox, oz)
            if (oy < 0) continue
            const yLo = Math.max(1, oy - kind.halfHeight)
            const yHi = Math.min(254, oy + kind.halfHeight)
            for (let x = Math.max(x0, ox - radius); x <= Math.min(x0 + 15, ox + radius); x++) {
              for (let z = Math.max(z0, oz - radius); z <= Math.min(z0 + 15, oz + radius); z++) {
                if ((x - ox) * (x - ox) + (z - oz) * (z - oz) > radius * radius) continue
                for (let y = yLo; y <= yHi; y++) {
                  const i = idx(x - x0, y, z - z0)
                  if (kind.targets.includes(blocks[i]!)) blocks[i] = kind.block
                }
              }
            }
          }
        }
      }
    }
  }

  return { place }
}

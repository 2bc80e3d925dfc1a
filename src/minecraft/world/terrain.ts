/**
 * Deterministic terrain for the embedded world, as plain functions of the seed
 * (no Minecraft objects here, so it is cheap to unit-test). Block names are
 * Minecraft 1.16.5 names; the chunk builder turns them into state ids.
 *
 * Layout around spawn (block coordinates, spawn at x=0,z=0 on flat ground):
 *  - a flat meadow (radius ~20) at GROUND_Y, blending into rolling hills;
 *  - oak and birch trees a few blocks from spawn, more trees further out;
 *  - a pond with a sand shore at POND;
 *  - a terraced stone quarry at QUARRY whose floor shows coal and iron ore,
 *    so a bot finds stone, coal and iron within a few blocks of digging;
 *  - elsewhere: grass/dirt over stone, coal and iron ore veins at depth,
 *    lakes with sand beaches below SEA_LEVEL, bedrock at y=0.
 */

export const GROUND_Y = 46
export const SEA_LEVEL = 42
/** Nothing is generated above this height (keeps chunks small). */
export const MAX_TERRAIN_Y = 72

export const POND = { x: 9, z: 7 } as const
export const QUARRY = { x: -8, z: -7 } as const

export type TreeKind = 'oak' | 'birch'

export interface TreePlan {
  x: number
  z: number
  /** y of the lowest log (the block above the ground). */
  baseY: number
  height: number
  kind: TreeKind
}

/** Trees always present near spawn (offsets from spawn), so a bot never wanders to find wood. */
const SPAWN_TREES: ReadonlyArray<{ x: number; z: number; kind: TreeKind; height: number }> = [
  { x: 4, z: 3, kind: 'oak', height: 5 },
  { x: -4, z: 5, kind: 'birch', height: 6 },
  { x: 6, z: -3, kind: 'oak', height: 4 },
  { x: -2, z: -9, kind: 'birch', height: 5 },
]

/** Fixed ore blocks in the quarry (offsets from QUARRY; y relative to GROUND_Y). */
const QUARRY_ORES: ReadonlyArray<{ dx: number; dy: number; dz: number; name: string }> = [
  { dx: 0, dy: -3, dz: 0, name: 'iron_ore' },
  { dx: 1, dy: -3, dz: 0, name: 'iron_ore' },
  { dx: 0, dy: -3, dz: 1, name: 'iron_ore' },
  { dx: 0, dy: -4, dz: 0, name: 'iron_ore' },
  { dx: -2, dy: -2, dz: 0, name: 'coal_ore' },
  { dx: 0, dy: -2, dz: 2, name: 'coal_ore' },
  { dx: 2, dy: -2, dz: -1, name: 'coal_ore' },
  { dx: -1, dy: -3, dz: 0, name: 'coal_ore' },
  { dx: 3, dy: -1, dz: 1, name: 'coal_ore' },
]

export interface ColumnPlan {
  /** y of the topmost solid block. */
  surfaceY: number
  top: 'grass_block' | 'sand' | 'stone'
  /** Block below the top, down to the stone. */
  filler: 'dirt' | 'sand' | 'stone'
  fillerDepth: number
  /** Water fills surfaceY+1 .. waterTop (none when waterTop <= surfaceY). */
  waterTop: number
}

export interface Terrain {
  seed: number
  /** Feet position of a player at spawn (centre of the block above the ground). */
  spawn: { x: number; y: number; z: number }
  column(x: number, z: number): ColumnPlan
  /** Calls `put` for every non-air block of chunk (cx, cz), with chunk-local x/z. */
  fillChunk(cx: number, cz: number, put: (lx: number, y: number, lz: number, name: string) => void): void
  /** Trees whose blocks may touch the given block rectangle. */
  treesNear(minX: number, minZ: number, maxX: number, maxZ: number): TreePlan[]
}

// ---------------------------------------------------------------- hashing

function fmix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Uniform [0,1) from the seed and up to three integers. */
export function hash01(seed: number, x: number, y: number, z: number, salt = 0): number {
  let h = fmix((seed ^ Math.imul(salt + 1, 0x9e3779b9)) >>> 0)
  h = fmix((h ^ Math.imul(x | 0, 0x27d4eb2f)) >>> 0)
  h = fmix((h ^ Math.imul(y | 0, 0x165667b1)) >>> 0)
  h = fmix((h ^ Math.imul(z | 0, 0xd3a2646c)) >>> 0)
  return h / 4294967296
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t)
}

/** 2-D value noise in [0,1) with a lattice of `scale` blocks. */
function valueNoise(seed: number, x: number, z: number, scale: number, salt: number): number {
  const gx = Math.floor(x / scale)
  const gz = Math.floor(z / scale)
  const tx = smooth(x / scale - gx)
  const tz = smooth(z / scale - gz)
  const a = hash01(seed, gx, 0, gz, salt)
  const b = hash01(seed, gx + 1, 0, gz, salt)
  const c = hash01(seed, gx, 0, gz + 1, salt)
  const d = hash01(seed, gx + 1, 0, gz + 1, salt)
  return a + (b - a) * tx + (c - a) * tz + (a - b - c + d) * tx * tz
}

function foldSeed(seed: number): number {
  const lo = seed | 0
  const hi = Math.floor(seed / 4294967296) | 0
  return fmix((lo ^ Math.imul(hi, 0x9e3779b9)) >>> 0)
}

// ---------------------------------------------------------------- terrain

export function createTerrain(seedInput: number): Terrain {
  if (!Number.isSafeInteger(seedInput)) throw new Error(`terrain seed must be an integer, got ${String(seedInput)}`)
  const seed = foldSeed(seedInput)

  function hillHeight(x: number, z: number): number {
    const n = valueNoise(seed, x, z, 32, 1) * 10 + valueNoise(seed, x, z, 11, 2) * 4
    return Math.round(GROUND_Y - 7 + n)
  }

  function naturalHeight(x: number, z: number): number {
    const r = Math.hypot(x, z)
    if (r <= 20) return GROUND_Y
    const h = hillHeight(x, z)
    if (r >= 30) return h
    const t = smooth((r - 20) / 10)
    return Math.round(GROUND_Y + (h - GROUND_Y) * t)
  }

  function column(x: number, z: number): ColumnPlan {
    const dPond = Math.hypot(x - POND.x, z - POND.z)
    if (dPond <= 3.2) {
      const floor = dPond <= 1.8 ? GROUND_Y - 3 : GROUND_Y - 2
      return { surfaceY: floor, top: 'sand', filler: 'sand', fillerDepth: 2, waterTop: GROUND_Y }
    }
    if (dPond <= 5) return { surfaceY: GROUND_Y, top: 'sand', filler: 'sand', fillerDepth: 2, waterTop: 0 }

    const dQuarry = Math.hypot(x - QUARRY.x, z - QUARRY.z)
    if (dQuarry <= 3.5) {
      const depth = dQuarry <= 1.5 ? 3 : dQuarry <= 2.5 ? 2 : 1
      return { surfaceY: GROUND_Y - depth, top: 'stone', filler: 'stone', fillerDepth: 0, waterTop: 0 }
    }

    const h = naturalHeight(x, z)
    if (h < SEA_LEVEL) return { surfaceY: h, top: 'sand', filler: 'sand', fillerDepth: 2, waterTop: SEA_LEVEL }
    if (h <= SEA_LEVEL + 1) return { surfaceY: h, top: 'sand', filler: 'sand', fillerDepth: 2, waterTop: 0 }
    return { surfaceY: h, top: 'grass_block', filler: 'dirt', fillerDepth: 3, waterTop: 0 }
  }

  const quarryOres = new Map<string, string>()
  for (const o of QUARRY_ORES) quarryOres.set(`${QUARRY.x + o.dx},${GROUND_Y + o.dy},${QUARRY.z + o.dz}`, o.name)

  function oreAt(x: number, y: number, z: number, surfaceY: number): string | null {
    const fixed = quarryOres.get(`${x},${y},${z}`)
    if (fixed) return fixed
    if (y > surfaceY - 3 || y < 2) return null
    // Veins: a coarse 2x2x2 cell decides, a fine hash thins the blob.
    if (hash01(seed, x >> 1, y >> 1, z >> 1, 11) < 0.025 && hash01(seed, x, y, z, 12) < 0.6) return 'coal_ore'
    if (y <= 40 && hash01(seed, x >> 1, y >> 1, z >> 1, 13) < 0.014 && hash01(seed, x, y, z, 14) < 0.5) return 'iron_ore'
    return null
  }

  const TREE_CELL = 7

  function treeOk(x: number, z: number): boolean {
    if (Math.hypot(x - POND.x, z - POND.z) <= 7) return false
    if (Math.hypot(x - QUARRY.x, z - QUARRY.z) <= 6) return false
    const c = column(x, z)
    return c.top === 'grass_block' && c.waterTop <= c.surfaceY
  }

  function treesNear(minX: number, minZ: number, maxX: number, maxZ: number): TreePlan[] {
    const out: TreePlan[] = []
    const R = 2 // canopy radius
    for (const t of SPAWN_TREES) {
      if (t.x + R < minX || t.x - R > maxX || t.z + R < minZ || t.z - R > maxZ) continue
      out.push({ x: t.x, z: t.z, baseY: column(t.x, t.z).surfaceY + 1, height: t.height, kind: t.kind })
    }
    const gx0 = Math.floor((minX - R) / TREE_CELL)
    const gx1 = Math.floor((maxX + R) / TREE_CELL)
    const gz0 = Math.floor((minZ - R) / TREE_CELL)
    const gz1 = Math.floor((maxZ + R) / TREE_CELL)
    for (let gx = gx0; gx <= gx1; gx++) {
      for (let gz = gz0; gz <= gz1; gz++) {
        if (hash01(seed, gx, 0, gz, 21) >= 0.45) continue
        const x = gx * TREE_CELL + 1 + Math.floor(hash01(seed, gx, 1, gz, 22) * (TREE_CELL - 2))
        const z = gz * TREE_CELL + 1 + Math.floor(hash01(seed, gx, 2, gz, 22) * (TREE_CELL - 2))
        if (Math.hypot(x, z) < 13) continue // the spawn meadow has only the fixed trees
        if (x + R < minX || x - R > maxX || z + R < minZ || z - R > maxZ) continue
        if (!treeOk(x, z)) continue
        const kind: TreeKind = hash01(seed, gx, 3, gz, 23) < 0.6 ? 'oak' : 'birch'
        const height = 4 + Math.floor(hash01(seed, gx, 4, gz, 24) * 3)
        out.push({ x, z, baseY: column(x, z).surfaceY + 1, height, kind })
      }
    }
    return out
  }

  function treeBlocks(t: TreePlan, put: (x: number, y: number, z: number, name: string, overwrite: boolean) => void): void {
    const log = `${t.kind}_log`
    const leaves = `${t.kind}_leaves`
    const top = t.baseY + t.height - 1
    for (let y = t.baseY; y <= top; y++) put(t.x, y, t.z, log, true)
    for (let y = top - 2; y <= top + 1; y++) {
      const r = y <= top - 1 ? 2 : 1
      for (let dx = -r; dx <= r; dx++) {
        for (let dz = -r; dz <= r; dz++) {
          if (dx === 0 && dz === 0 && y <= top) continue
          const corner = Math.abs(dx) === r && Math.abs(dz) === r
          if (corner && (y === top + 1 || hash01(seed, t.x + dx, y, t.z + dz, 31) < 0.5)) continue
          put(t.x + dx, y, t.z + dz, leaves, false)
        }
      }
    }
  }

  function fillChunk(cx: number, cz: number, put: (lx: number, y: number, lz: number, name: string) => void): void {
    const x0 = cx * 16
    const z0 = cz * 16
    const occupied = new Set<number>()
    const key = (lx: number, y: number, lz: number) => (y * 16 + lz) * 16 + lx
    for (let lx = 0; lx < 16; lx++) {
      for (let lz = 0; lz < 16; lz++) {
        const x = x0 + lx
        const z = z0 + lz
        const c = column(x, z)
        put(lx, 0, lz, 'bedrock')
        const fillerBottom = c.surfaceY - c.fillerDepth
        for (let y = 1; y < c.surfaceY; y++) {
          if (y >= fillerBottom) put(lx, y, lz, c.filler)
          else put(lx, y, lz, oreAt(x, y, z, c.surfaceY) ?? 'stone')
        }
        put(lx, c.surfaceY, lz, c.top === 'stone' ? (oreAt(x, c.surfaceY, z, c.surfaceY + 3) ?? 'stone') : c.top)
        for (let y = c.surfaceY + 1; y <= c.waterTop; y++) put(lx, y, lz, 'water')
      }
    }
    for (const t of treesNear(x0, z0, x0 + 15, z0 + 15)) {
      treeBlocks(t, (x, y, z, name, overwrite) => {
        const lx = x - x0
        const lz = z - z0
        if (lx < 0 || lx > 15 || lz < 0 || lz > 15 || y > MAX_TERRAIN_Y) return
        const k = key(lx, y, lz)
        if (!overwrite && occupied.has(k)) return
        occupied.add(k)
        put(lx, y, lz, name)
      })
    }
  }

  return {
    seed: seedInput,
    spawn: { x: 0.5, y: column(0, 0).surfaceY + 1, z: 0.5 },
    column,
    fillChunk,
    treesNear,
  }
}

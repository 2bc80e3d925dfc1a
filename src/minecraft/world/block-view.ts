/**
 * Synchronous block queries over the loaded columns of a flying-squid world, for code that runs
 * every tick (mob movement, spawning, the survival checks): no promise per block, no Vec3 per
 * call, and block classes precomputed per state id. Unloaded columns read as `unloaded`.
 */
import { LIGHT_SOURCES } from './mob-rules.js'
import type { SquidWorld } from './squid.js'
import { versionFacts } from '../version-facts.js'

/** What a block is to something moving through it. */
export const Cell = {
  unloaded: 0,
  air: 1,
  /** Flowers, grass, torches: no collision, not air (blocks the sky). */
  passable: 2,
  solid: 3,
  water: 4,
  lava: 5,
  fire: 6,
} as const
export type Cell = (typeof Cell)[keyof typeof Cell]

interface Column {
  getBlockStateId(pos: { x: number; y: number; z: number }): number
}

export interface BlockView {
  cell(x: number, y: number, z: number): Cell
  /** Block name (unloaded: null). */
  name(x: number, y: number, z: number): string | null
  /** Block state id (unloaded: -1). */
  stateId(x: number, y: number, z: number): number
  /** True when nothing but air is above (x, y, z) up to the build limit: open sky. */
  openSky(x: number, y: number, z: number): boolean
  /**
   * Sky light at (x, y, z), 0..15, estimated as vanilla's light engine spreads it (flying-squid keeps
   * no light): the column's own light from above (15 down through clear blocks; below the first block
   * that filters, each block costs its `filterLight`, at least 1; 0 under an opaque one), and the
   * best light reaching the spot sideways or from below through non-opaque cells, losing at least 1
   * per block. Exact without `enough`; with it, only as exact as a comparison with `enough` needs
   * (the spawn rule and the spider ask no more): a value ≥ `enough` as soon as the light is known to
   * reach it, else some value below it, the search leaving out light too weak to reach it.
   */
  skyLight(x: number, y: number, z: number, enough?: number): number
  /**
   * Block light at (x, y, z), estimated from the light sources within 7 blocks (emission minus
   * the Manhattan distance; walls are not considered). flying-squid keeps no block light.
   */
  blockLight(x: number, y: number, z: number): number
  /** y of the highest non-air block of a column at or below `fromY`, or -1. */
  groundBelow(x: number, fromY: number, z: number, maxDrop: number): number
}

/** `worldOf` is read on every query: with a world folder flying-squid sets `serv.overworld` only after start. */
export function createBlockView(registry: any, worldOf: () => SquidWorld | undefined): BlockView {
  const states: number = Object.keys(registry.blocksByStateId).reduce((m: number, k: string) => Math.max(m, Number(k)), 0) + 1
  const cells = new Uint8Array(states)
  const light = new Uint8Array(states)
  const filter = new Uint8Array(states)
  const facts = versionFacts(registry)
  const names: string[] = new Array(states)
  for (let id = 0; id < states; id++) {
    const def = registry.blocksByStateId[id]
    if (!def) {
      cells[id] = Cell.solid
      names[id] = 'unknown'
      filter[id] = 15
      continue
    }
    names[id] = def.name
    filter[id] = facts.lightFilter(def.name)
    light[id] = LIGHT_SOURCES[def.name] ?? 0
    if (def.name === 'air' || def.name === 'cave_air' || def.name === 'void_air') cells[id] = Cell.air
    else if (def.name === 'water' || def.name === 'bubble_column') cells[id] = Cell.water
    else if (def.name === 'lava') cells[id] = Cell.lava
    else if (def.name === 'fire' || def.name === 'soul_fire') cells[id] = Cell.fire
    else if (def.boundingBox === 'block') cells[id] = Cell.solid
    else cells[id] = Cell.passable
  }
  const pos = { x: 0, y: 0, z: 0 }
  // the world's height in this version (1.16: 0..255; 1.18+: −64..319)
  const { minY, height } = facts
  const topY = minY + height - 1

  function state(x: number, y: number, z: number): number {
    if (y < minY || y > topY) return y < minY ? -1 : 0
    const w = worldOf() as unknown as { getLoadedColumn(cx: number, cz: number): Column | undefined } | undefined
    const col = w?.getLoadedColumn(x >> 4, z >> 4)
    if (!col) return -1
    pos.x = x & 15
    pos.y = y
    pos.z = z & 15
    return col.getBlockStateId(pos)
  }

  function cell(x: number, y: number, z: number): Cell {
    const s = state(Math.floor(x), Math.floor(y), Math.floor(z))
    return s < 0 ? Cell.unloaded : (cells[s] as Cell)
  }

  /**
   * The light a column lets down to (x, y, z) from the sky, exact when it is at least `need`; 0 when
   * it is less (a walk stops once its cost rules `need` out). Unloaded: 0.
   */
  function columnLight(x: number, y: number, z: number, need: number): number {
    let cost = 0
    // the cost down to y from the topmost filtering block seen so far (-1: none yet, open sky so far)
    let costFromFilter = -1
    for (let yy = y; yy <= topY; yy++) {
      const s = state(x, yy, z)
      if (s < 0) return 0
      const f = filter[s]!
      if (f >= 15) return 0
      cost += f > 1 ? f : 1
      if (f > 0) {
        costFromFilter = cost
        if (15 - cost < need) return 0
      }
    }
    return costFromFilter < 0 ? 15 : 15 - costFromFilter
  }

  // The sideways search reaches at most 14 blocks: light loses at least 1 per block, so from 15 it
  // is gone after 15. Cells are indexed in a cube of side 2·14+1 around the spot, stamped per call.
  const REACH = 14
  const SIDE = REACH * 2 + 1
  const seen = new Uint32Array(SIDE * SIDE * SIDE)
  const distOf = new Uint8Array(SIDE * SIDE * SIDE)
  const buckets: number[][] = Array.from({ length: REACH + 1 }, () => [])
  let stamp = 0
  const DX = [1, -1, 0, 0, 0, 0]
  const DY = [0, 0, 1, -1, 0, 0]
  const DZ = [0, 0, 0, 0, 1, -1]

  function skyLight(x: number, y: number, z: number, enough?: number): number {
    const fx = Math.floor(x)
    const fy = Math.floor(y)
    const fz = Math.floor(z)
    const want = enough === undefined ? 15 : Math.min(15, Math.max(1, enough))
    // the weakest light worth finding
    const lowest = enough === undefined ? 1 : want
    let best = columnLight(fx, fy, fz, lowest)
    if (best >= want) return best
    const s0 = state(fx, fy, fz)
    if (s0 < 0 || filter[s0]! >= 15) return best
    if (++stamp === 0xffffffff) {
      seen.fill(0)
      stamp = 1
    }
    for (const b of buckets) b.length = 0
    const centre = REACH * SIDE * SIDE + REACH * SIDE + REACH
    seen[centre] = stamp
    distOf[centre] = 0
    buckets[0]!.push(centre)
    // Dial's search outward: a cell at distance d (the cost of the light's way from it to the spot)
    // offers its column's light minus d; no cell at d or beyond can beat 15 − d.
    // (and none beyond 15 − lowest gives light worth finding)
    for (let d = 0; d <= 15 - lowest && best < want && best < 15 - d; d++) {
      const bucket = buckets[d]!
      for (let i = 0; i < bucket.length && best < want && best < 15 - d; i++) {
        const at = bucket[i]!
        if (distOf[at] !== d) continue
        const ox = (at % SIDE) - REACH
        const oy = Math.floor(at / (SIDE * SIDE)) - REACH
        const oz = (Math.floor(at / SIDE) % SIDE) - REACH
        const cx = fx + ox
        const cy = fy + oy
        const cz = fz + oz
        const s = state(cx, cy, cz)
        if (d > 0) {
          const l = columnLight(cx, cy, cz, best + 1 + d) - d
          if (l > best) best = l
        }
        // light entering this cell from a neighbour pays this cell's filter, at least 1
        const f = filter[s]!
        const next = d + (f > 1 ? f : 1)
        if (next > REACH || 15 - next <= best || 15 - next < lowest) continue
        for (let k = 0; k < 6; k++) {
          const nx = ox + DX[k]!
          const ny = oy + DY[k]!
          const nz = oz + DZ[k]!
          // every step costs at least 1, so a cell within REACH is inside the cube
          const n = (ny + REACH) * SIDE * SIDE + (nz + REACH) * SIDE + (nx + REACH)
          if (seen[n] === stamp && distOf[n]! <= next) continue
          const ns = state(fx + nx, fy + ny, fz + nz)
          if (ns < 0 || filter[ns]! >= 15) continue
          seen[n] = stamp
          distOf[n] = next
          buckets[next]!.push(n)
        }
      }
    }
    return best
  }

  return {
    cell,
    skyLight,
    name(x, y, z) {
      const s = state(Math.floor(x), Math.floor(y), Math.floor(z))
      return s < 0 ? null : names[s]!
    },
    stateId: (x, y, z) => state(Math.floor(x), Math.floor(y), Math.floor(z)),
    openSky(x, y, z) {
      const fx = Math.floor(x)
      const fz = Math.floor(z)
      for (let yy = Math.floor(y); yy <= topY; yy++) {
        const s = state(fx, yy, fz)
        if (s < 0) return false
        if (cells[s] !== Cell.air) return false
      }
      return true
    },
    blockLight(x, y, z) {
      const fx = Math.floor(x)
      const fy = Math.floor(y)
      const fz = Math.floor(z)
      let best = 0
      for (let dy = -7; dy <= 7; dy++) {
        const ay = Math.abs(dy)
        for (let dx = -7 + ay; dx <= 7 - ay; dx++) {
          const axy = ay + Math.abs(dx)
          for (let dz = -7 + axy; dz <= 7 - axy; dz++) {
            const s = state(fx + dx, fy + dy, fz + dz)
            if (s <= 0) continue
            const e = light[s]!
            if (e === 0) continue
            const l = e - axy - Math.abs(dz)
            if (l > best) best = l
          }
        }
      }
      return best
    },
    groundBelow(x, fromY, z, maxDrop) {
      const fx = Math.floor(x)
      const fz = Math.floor(z)
      for (let y = Math.floor(fromY); y >= Math.max(minY, Math.floor(fromY) - maxDrop); y--) {
        const c = cell(fx, y, fz)
        if (c === Cell.unloaded) return -1
        if (c === Cell.solid) return y
      }
      return -1
    },
  }
}

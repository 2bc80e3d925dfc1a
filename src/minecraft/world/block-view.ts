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
  const names: string[] = new Array(states)
  for (let id = 0; id < states; id++) {
    const def = registry.blocksByStateId[id]
    if (!def) {
      cells[id] = Cell.solid
      names[id] = 'unknown'
      continue
    }
    names[id] = def.name
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
  const { minY, height } = versionFacts(registry)
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

  return {
    cell,
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

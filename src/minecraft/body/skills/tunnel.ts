/**
 * The geometry and the hazard rules of digging by hand, pure (unit-tested): the cells one step
 * of a staircase or a 1×2 tunnel opens, the strip-mining height for an ore, the snake of strips
 * (parallel tunnels 3 apart, so every block between two strips is exposed and none twice), and
 * what a revealed block means for the next step. `descend.ts` and `strip-mine.ts` walk them.
 *
 * Heights come from ../shared/spec/world-facts.md §1–2 (Minecraft 1.16): ore veins are placed
 * uniformly in y 0..N−1, and carved air below y 11 becomes lava.
 */
import type { Position } from '../types.js'

export interface Dir {
  dx: number
  dz: number
}

export const CARDINALS: readonly Dir[] = [
  { dx: 0, dz: -1 }, // north
  { dx: 1, dz: 0 }, // east
  { dx: 0, dz: 1 }, // south
  { dx: -1, dz: 0 }, // west
]

/** The cardinal direction nearest a mineflayer yaw (0 = north, -Z; counter-clockwise). */
export function cardinalOf(yaw: number): Dir {
  const x = -Math.sin(yaw)
  const z = -Math.cos(yaw)
  if (Math.abs(x) >= Math.abs(z)) return { dx: x >= 0 ? 1 : -1, dz: 0 }
  return { dx: 0, dz: z >= 0 ? 1 : -1 }
}

// `|| 0` keeps -0 out of directions
const dir = (dx: number, dz: number): Dir => ({ dx: dx || 0, dz: dz || 0 })

/** 90° to the right (clockwise seen from above: north → east → south → west). */
export function turnRight(d: Dir): Dir {
  return dir(-d.dz, d.dx)
}

export function turnLeft(d: Dir): Dir {
  return dir(d.dz, -d.dx)
}

const at = (p: Position, dx: number, dy: number, dz: number): Position => ({ x: p.x + dx, y: p.y + dy, z: p.z + dz })

export interface Step {
  /** Cells to open, top first: each one is exposed by the one dug before it (fair play). */
  dig: Position[]
  /** Where the feet stand after the step. */
  stand: Position
  /** The block the feet will stand on: must be known and solid. */
  floor: Position
}

/**
 * One step down a walkable staircase from `feet` toward `d`: the next column is opened three high
 * (head room for walking down and for jumping back up), and the feet drop one block.
 */
export function stairStep(feet: Position, d: Dir): Step {
  return {
    dig: [at(feet, d.dx, 1, d.dz), at(feet, d.dx, 0, d.dz), at(feet, d.dx, -1, d.dz)],
    stand: at(feet, d.dx, -1, d.dz),
    floor: at(feet, d.dx, -2, d.dz),
  }
}

/** One step of a 1×2 tunnel from `feet` toward `d`: head cell first, then the feet cell. */
export function tunnelStep(feet: Position, d: Dir): Step {
  return {
    dig: [at(feet, d.dx, 1, d.dz), at(feet, d.dx, 0, d.dz)],
    stand: at(feet, d.dx, 0, d.dz),
    floor: at(feet, d.dx, -1, d.dz),
  }
}

/** The six neighbours of a cell. */
export function neighbours(p: Position): Position[] {
  return [at(p, 1, 0, 0), at(p, -1, 0, 0), at(p, 0, 1, 0), at(p, 0, -1, 0), at(p, 0, 0, 1), at(p, 0, 0, -1)]
}

// ---------------------------------------------------------------- heights

/** Carved air below y 11 is lava (world facts §2): the feet stay at 12 or above, the floor at 11. */
export const LAVA_LEVEL = 10
export const SAFE_MIN_Y = 12
/** Below the ground by at least this much: a strip is a tunnel in stone, under the soil and out of the night. */
export const DEPTH_BELOW_GROUND = 20

/** Ore veins: uniform in y lo..hi (world facts §1, 1.16 `range(N)`). */
export const ORE_Y_RANGES: Readonly<Record<string, { lo: number; hi: number }>> = {
  coal_ore: { lo: 0, hi: 127 },
  iron_ore: { lo: 0, hi: 63 },
  gold_ore: { lo: 0, hi: 31 },
  redstone_ore: { lo: 0, hi: 15 },
  diamond_ore: { lo: 0, hi: 15 },
  lapis_ore: { lo: 0, hi: 30 },
  emerald_ore: { lo: 4, hi: 31 },
}

export function isOre(name: string): boolean {
  return name in ORE_Y_RANGES
}

/** Whether an item name asked for (bare or namespaced) comes from an ore: `iron_ore`, `raw_iron`, `coal`, `diamond`. */
export function isOreItem(name: string): boolean {
  const bare = name.toLowerCase().replace(/^minecraft:/, '').replace(/ /g, '_')
  return bare.endsWith('_ore') || /^raw_(iron|gold|copper)$/.test(bare) || ['coal', 'diamond', 'redstone', 'lapis_lazuli', 'emerald'].includes(bare)
}

/** The highest level worth strip-mining for `ore` when the stairs cannot go lower: 4 inside its range. */
export function oreTop(ore: string): number {
  return (ORE_Y_RANGES[ore] ?? ORE_Y_RANGES.iron_ore!).hi - 4
}

/**
 * Ores whose veins are not uniform in height: lapis is placed with a triangular distribution
 * peaking near y 16 (world facts §1, `depthAverage(16, 16)`), so its strips go there: feet at 15,
 * the tunnel's walls showing y 14–17.
 */
export const ORE_PEAK_Y: Readonly<Record<string, number>> = { lapis_ore: 15 }

/**
 * The feet's y for strip-mining `ore` when the ground is at `groundY`. A uniform range gives the
 * same ore per block tunnelled at every level in it (world facts: median 34 blocks of 1×2 tunnel to
 * the first exposed iron at y 30 and at y 11), while each level of descent costs three digs and lava
 * lies below y 11; so the bot strips at the highest level that is ≥ 8 inside the range and
 * DEPTH_BELOW_GROUND under the ground, never below SAFE_MIN_Y. Iron under plains (ground ~68): y 48.
 * Diamond and redstone (0–15): y 12, the feet two above the lava level (carved air at y ≤ 10 is lava),
 * so the tunnel's floor at y 11 is never dug and what lava lies at y 10 stays under it; the walls
 * show y 11–13, where 1.16 diamonds are as common as anywhere in their range. Gold (0–31): y 23.
 * Lapis: near its peak (ORE_PEAK_Y).
 */
export function stripHeight(ore: string, groundY: number): number {
  const r = ORE_Y_RANGES[ore] ?? ORE_Y_RANGES.iron_ore!
  const y = Math.min(ORE_PEAK_Y[ore] ?? r.hi - 8, Math.floor(groundY) - DEPTH_BELOW_GROUND)
  return Math.max(SAFE_MIN_Y, y)
}


// ---------------------------------------------------------------- hazards

const AIRS = new Set(['air', 'cave_air', 'void_air'])

export function isAirName(name: string): boolean {
  return AIRS.has(name)
}

export function isFluidName(name: string): boolean {
  return name === 'lava' || name === 'water' || name === 'bubble_column'
}

/** Blocks that fall into the cell below when it is opened. */
export function fallsName(name: string): boolean {
  return name === 'sand' || name === 'red_sand' || name === 'gravel' || name.endsWith('concrete_powder')
}

export type CellVerdict = 'ok' | 'unknown' | 'lava' | 'water' | 'unbreakable'

/** May the bot dig this cell? It must be known (fair play) and not a fluid or bedrock. */
export function digVerdict(name: string | undefined, known: boolean): CellVerdict {
  if (name === undefined) return 'unknown'
  if (isAirName(name)) return 'ok'
  if (name === 'lava') return 'lava'
  if (name === 'water' || name === 'bubble_column') return 'water'
  if (name === 'bedrock' || name === 'barrier' || name === 'end_portal_frame') return 'unbreakable'
  return known ? 'ok' : 'unknown'
}

export type FloorVerdict = 'ok' | 'unknown' | 'drop' | 'lava' | 'water'

/** May the bot step onto this floor? Known, solid; air or a plant over nothing is a drop. */
export function floorVerdict(name: string | undefined, solid: boolean, known: boolean): FloorVerdict {
  if (name === undefined) return 'unknown'
  if (name === 'lava') return 'lava'
  if (name === 'water' || name === 'bubble_column') return 'water'
  if (isAirName(name) || !solid) return 'drop'
  return known ? 'ok' : 'unknown'
}

/**
 * How far below a step's floor level the feet may land: a stair already drops one block, and falls of
 * up to 3 blocks do no damage (world facts §5: ceil(distance − 3)).
 */
export const MAX_SAFE_DROP = 2

/**
 * Stepping over an open floor: `column` is the floor cell and the cells below it (index = depth), each
 * with its known name (undefined when not known) and whether it is solid. The depth of the first known
 * solid block to land on, when the fall onto it is at most MAX_SAFE_DROP and nothing but air is on the
 * way; else why not.
 */
export function landingVerdict(column: ReadonlyArray<{ name: string | undefined; solid: boolean }>): number | string {
  for (let d = 0; d < column.length; d++) {
    const c = column[d]!
    if (c.name === undefined) return 'an unknown drop'
    if (c.name === 'lava') return 'lava below'
    if (c.name === 'water' || c.name === 'bubble_column') return 'water below'
    if (isAirName(c.name)) continue
    if (!c.solid) return `${c.name} below`
    // the feet stand one block lower than before plus the air cells passed: a fall of d blocks
    return d === 0 ? 'no drop' : d > MAX_SAFE_DROP ? `a drop of more than ${MAX_SAFE_DROP}` : d
  }
  return `a drop of more than ${MAX_SAFE_DROP}`
}

/** The first fluid among the named neighbours of an opened cell: lava or water seen there stops this way. */
export function fluidAmong(names: ReadonlyArray<string | undefined>): 'lava' | 'water' | null {
  if (names.includes('lava')) return 'lava'
  if (names.some((n) => n === 'water' || n === 'bubble_column')) return 'water'
  return null
}

// ---------------------------------------------------------------- the snake of strips

export interface Leg {
  dir: Dir
  length: number
}

/** Strips 3 apart: the two blocks between neighbouring strips are each exposed by one of them. */
export const STRIP_SPACING = 3
export const STRIP_LENGTH = 24

/**
 * The legs of a snake of parallel strips starting toward `first`: a strip, a short link to the
 * right, the next strip back, a link to the right again, … (`count` legs).
 */
export function snakeLegs(first: Dir, count: number, length = STRIP_LENGTH, spacing = STRIP_SPACING): Leg[] {
  const side = turnRight(first)
  const back = dir(-first.dx, -first.dz)
  const legs: Leg[] = []
  for (let i = 0; legs.length < count; i++) {
    legs.push({ dir: i % 2 === 0 ? first : back, length })
    if (legs.length < count) legs.push({ dir: side, length: spacing })
  }
  return legs
}

/**
 * The geometry and the hazard rules of digging by hand, pure (unit-tested): the cells one step
 * of a staircase or a 1×2 tunnel opens, the strip-mining height for an ore, the snake of strips
 * (parallel tunnels 3 apart, so every block between two strips is exposed and none twice), and
 * what a revealed block means for the next step. `descend.ts` and `strip-mine.ts` walk them.
 *
 * Heights come from the version facts (../../version-facts.ts): each version's ore distribution
 * and the level below which the air of caves is lava.
 */
import type { Position } from '../types.js'
import { versionFacts, type VersionFacts } from '../../version-facts.js'
import { DEFAULT_MC_VERSION } from '../../versions.js'
import { isAirName } from '../../names.js'
import { FIELD_BLOCKS } from '../../world/farming.js'

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
 * One step down a staircase from `feet` toward `d`: the next column is opened from head room above
 * the feet's level (to walk over into it) down to `drop` blocks below it, and the feet drop `drop`
 * blocks onto its floor. `drop` 1 is the walkable stair (3 cells a level, and a jump back up);
 * DROP_STAIR opens 4 cells for 2 levels, for long descents: not walkable back up.
 */
export function stairStep(feet: Position, d: Dir, drop = 1): Step {
  const dig: Position[] = []
  for (let dy = 1; dy >= -drop; dy--) dig.push(at(feet, d.dx, dy, d.dz))
  return { dig, stand: at(feet, d.dx, -drop, d.dz), floor: at(feet, d.dx, -drop - 1, d.dz) }
}

/**
 * The drop of a long descent's stairs: a fall of 2 blocks does no damage (ceil(distance − 3), world
 * facts §5) with one block to spare, and digs 2 cells a level instead of the walkable stair's 3
 * (digging was 80 % of a descent's time: session 36, docs/benchmarks.md).
 */
export const DROP_STAIR = 2

/**
 * One step up a staircase dug from `feet` toward `d` (the way out of a cave without a ladder or
 * blocks to pillar with): the cell ahead at head height, the cell over the head (room to jump), the
 * cell ahead above that; the feet then stand where the head was, on the block that was ahead of them.
 * Each cell touches one opened before it or the head's cell, so each is exposed when dug (fair play).
 */
export function stairUpStep(feet: Position, d: Dir): Step {
  return {
    dig: [at(feet, d.dx, 1, d.dz), at(feet, 0, 2, 0), at(feet, d.dx, 2, d.dz)],
    stand: at(feet, d.dx, 1, d.dz),
    floor: at(feet, d.dx, 0, d.dz),
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

/**
 * Heights are the version's (../../version-facts.ts): ore distribution, the lava level of caves.
 * Each function takes the version (a VersionFacts, a version string or minecraft-data's registry
 * of the server, i.e. `bot.version`); without one it answers for 1.16.5.
 */
export type VersionArg = VersionFacts | string | { version: { minecraftVersion?: string } }

function factsOf(v: VersionArg | undefined): VersionFacts {
  if (v === undefined) return versionFacts(DEFAULT_MC_VERSION)
  return typeof v === 'object' && 'stripHeight' in v ? v : versionFacts(v)
}

/** 1.16's lava rule (carved air below y 11 is lava): the feet stay at 12 or above. Other versions: `safeMinY(version)`. */
export const SAFE_MIN_Y = versionFacts(DEFAULT_MC_VERSION).safeMinY

/** The lowest y the feet of a digging bot go to in this version (2 above the lava of caves). */
export function safeMinY(version?: VersionArg): number {
  return factsOf(version).safeMinY
}

/** An ore block of this version (`iron_ore`, `deepslate_iron_ore`, `copper_ore` on 1.17+). */
export function isOre(name: string, version?: VersionArg): boolean {
  return factsOf(version).isOre(name)
}

/** Whether an item name asked for (bare or namespaced) comes from an ore: `iron_ore`, `raw_iron`, `coal`, `diamond`. */
export function isOreItem(name: string): boolean {
  const bare = name.toLowerCase().replace(/^minecraft:/, '').replace(/ /g, '_')
  return bare.endsWith('_ore') || /^raw_(iron|gold|copper)$/.test(bare) || ['coal', 'diamond', 'redstone', 'lapis_lazuli', 'emerald'].includes(bare)
}

/** The highest level worth strip-mining for `ore` when the stairs cannot go lower: 4 inside its rich band. */
export function oreTop(ore: string, version?: VersionArg): number {
  return factsOf(version).oreTop(ore)
}

/**
 * The feet's y for strip-mining `ore` when the ground is at `groundY`: 8 inside the top of the
 * ore's rich band (the levels with at least half its best density; a uniform 1.16 range is rich
 * all through) and 20 under the ground, never below the safe minimum. Each level of descent
 * costs three digs, so the highest rich level wins. 1.16 iron under plains (ground ~68): y 48;
 * diamond and redstone (0–15): y 12. 1.18+ iron (triangle around y 16): y 24 or lower.
 */
export function stripHeight(ore: string, groundY: number, version?: VersionArg): number {
  return factsOf(version).stripHeight(ore, groundY)
}


// ---------------------------------------------------------------- hazards

export { isAirName }

export function isFluidName(name: string): boolean {
  return name === 'lava' || name === 'water' || name === 'bubble_column'
}

/** Blocks that fall into the cell below when it is opened. */
export function fallsName(name: string): boolean {
  return name === 'sand' || name === 'red_sand' || name === 'gravel' || name.endsWith('concrete_powder')
}

export type CellVerdict = 'ok' | 'unknown' | 'lava' | 'water' | 'unbreakable' | 'field'

/** May the bot dig this cell? It must be known (fair play) and not a fluid, bedrock or a field (farmland and its crops). */
export function digVerdict(name: string | undefined, known: boolean): CellVerdict {
  if (name === undefined) return 'unknown'
  if (isAirName(name)) return 'ok'
  if (name === 'lava') return 'lava'
  if (name === 'water' || name === 'bubble_column') return 'water'
  if (name === 'bedrock' || name === 'barrier' || name === 'end_portal_frame') return 'unbreakable'
  if (FIELD_BLOCKS.has(name)) return 'field'
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

/**
 * Where and how a bot that cannot (or need not) dig a pit closes itself in for the night: the pure
 * decision, from what the bot can see of the cells around it. Two ways:
 *
 * - in place: fill every open cell beside the feet and the head, and the one above the head, with
 *   blocks it carries (in a cave, under an overhang, at the bottom of a hole that opened into one);
 * - into the wall: dig the two cells (feet and head) of a solid wall beside it, step in, and fill
 *   the two cells it came from (a cave passage where in place would need more blocks than it has).
 *
 * Fair play: a cell the bot cannot see is `unknown`; behind a wall it is taken for solid (what
 * digging shows is checked again from the new spot), but a block is only ever placed against a
 * cell known to be solid or already filled. Lava beside a candidate rules it out; so does water
 * (a block placed there would be washed around, and the bot could drown).
 */

export interface Cell {
  x: number
  y: number
  z: number
}

export type CellKind = 'solid' | 'open' | 'water' | 'lava' | 'unknown'

export interface CellView {
  kind(p: Cell): CellKind
  /** Seconds to dig a solid cell with the best tool carried; Infinity when it cannot be dug. */
  digSeconds(p: Cell): number
  /** Whether digging the cell gives a block the bot can place again (dirt by hand, stone with a pickaxe). */
  yieldsBlock(p: Cell): boolean
}

export interface Placement {
  cell: Cell
  /** The solid block the new one is placed against (the face is `cell - against`). */
  against: Cell
}

export interface EnclosurePlan {
  way: 'in place' | 'into the wall'
  /** Where the bot starts it from: where it stands now, or a cell near it to walk to first. */
  from: Cell
  /** Where the bot stands when sealed in (its feet). */
  stand: Cell
  /** Cells to dig first (feet level, then head level), then step into `stand`. */
  dig: Cell[]
  /** Blocks to place, in this order. */
  place: Placement[]
  /** The side the way out is on (the cells to dig open again in the morning: `stand + side`, one up). */
  exit: { dx: number; dz: number }
  seconds: number
}

export interface EnclosureOptions {
  /** Placeable blocks carried. */
  blocks: number
  /** A wall slower than this to dig (both cells) is not dug into. */
  maxDigSeconds?: number
  /** Other cells near the bot it can walk to and stand in (free feet and head, solid floor), to start from there. */
  stands?: Cell[]
}

const SIDES: ReadonlyArray<{ dx: number; dz: number }> = [
  { dx: 1, dz: 0 },
  { dx: -1, dz: 0 },
  { dx: 0, dz: 1 },
  { dx: 0, dz: -1 },
]
const PLACE_SECONDS = 0.5
const WALK_SECONDS = 0.5

const at = (p: Cell, dx: number, dy: number, dz: number): Cell => ({ x: p.x + dx, y: p.y + dy, z: p.z + dz })
const key = (p: Cell) => `${p.x},${p.y},${p.z}`

/** The cells around a standing spot that must be solid to be sealed in: 4 beside the feet, 4 beside the head, 1 above. */
export function enclosingCells(stand: Cell): Cell[] {
  const head = at(stand, 0, 1, 0)
  return [...SIDES.map((s) => at(stand, s.dx, 0, s.dz)), ...SIDES.map((s) => at(head, s.dx, 0, s.dz)), at(head, 0, 1, 0)]
}

/**
 * Orders the fills so each has a solid block to be placed against (below first, then the sides, then
 * above); null when one has none. `inside` are the cells the bot occupies (never a reference).
 */
function placements(view: CellView, fills: Cell[], inside: Set<string>, solidAlso: Set<string> = new Set()): Placement[] | null {
  const filled = new Set<string>(solidAlso)
  const isSolid = (p: Cell) => filled.has(key(p)) || (!inside.has(key(p)) && view.kind(p) === 'solid')
  const out: Placement[] = []
  const left = [...fills]
  // several passes: a cell may get its reference from a fill placed after it in the list
  while (left.length) {
    const i = left.findIndex((c) => refOf(c, isSolid))
    if (i < 0) return null
    const cell = left.splice(i, 1)[0]!
    out.push({ cell, against: refOf(cell, isSolid)! })
    filled.add(key(cell))
  }
  return out
}

function refOf(c: Cell, isSolid: (p: Cell) => boolean): Cell | null {
  const candidates = [at(c, 0, -1, 0), ...SIDES.map((s) => at(c, s.dx, 0, s.dz)), at(c, 0, 1, 0)]
  return candidates.find(isSolid) ?? null
}

/** Sealing in where the bot stands: the open cells around feet and head, filled. */
function inPlace(view: CellView, feet: Cell, blocks: number): EnclosurePlan | string {
  if (view.kind(at(feet, 0, -1, 0)) !== 'solid') return 'no solid floor under the feet'
  const head = at(feet, 0, 1, 0)
  const inside = new Set([key(feet), key(head)])
  const fills: Cell[] = []
  for (const c of enclosingCells(feet)) {
    const k = view.kind(c)
    if (k === 'lava') return 'lava beside the spot'
    if (k === 'water') return 'water beside the spot'
    // a cell the bot cannot see beside itself is taken for what it cannot walk through: solid
    if (k === 'open') fills.push(c)
  }
  if (fills.length > blocks) return `${fills.length} open sides, ${blocks} block${blocks === 1 ? '' : 's'} carried`
  const place = placements(view, fills, inside)
  if (!place) return 'an open side with nothing to place a block against'
  const firstOpen = SIDES.find((s) => fills.some((f) => f.x === feet.x + s.dx && f.z === feet.z + s.dz && f.y === feet.y)) ?? SIDES.find((s) => fills.some((f) => f.x === feet.x + s.dx && f.z === feet.z + s.dz)) ?? SIDES[0]!
  return { way: 'in place', from: feet, stand: feet, dig: [], place, exit: firstOpen, seconds: fills.length * PLACE_SECONDS }
}

/** Digging into the wall on one side, stepping in and closing the two cells behind. */
function intoWall(view: CellView, feet: Cell, side: { dx: number; dz: number }, opts: Required<EnclosureOptions>): EnclosurePlan | string {
  const stand = at(feet, side.dx, 0, side.dz)
  const standHead = at(stand, 0, 1, 0)
  if (view.kind(stand) !== 'solid' || view.kind(standHead) !== 'solid') return 'no solid wall'
  const seconds = view.digSeconds(stand) + view.digSeconds(standHead)
  if (!(seconds <= opts.maxDigSeconds)) return 'the wall is too slow to dig'
  const floor = view.kind(at(stand, 0, -1, 0))
  if (floor !== 'solid' && floor !== 'unknown') return 'no floor behind the wall'
  if (view.kind(at(feet, 0, -1, 0)) !== 'solid') return 'no solid floor under the feet'
  const back = { dx: 0 - side.dx || 0, dz: 0 - side.dz || 0 }
  const behind = new Set([key(at(stand, back.dx, 0, back.dz)), key(at(standHead, back.dx, 0, back.dz))])
  for (const c of enclosingCells(stand)) {
    if (behind.has(key(c))) continue
    const k = view.kind(c)
    if (k !== 'solid' && k !== 'unknown') return `${k === 'open' ? 'an opening' : k} behind the wall`
  }
  const gained = [stand, standHead].filter((c) => view.yieldsBlock(c)).length
  if (opts.blocks + gained < 2) return 'nothing to close the entrance with'
  // the two cells it leaves: the floor it stood on takes the first block, the first block the second
  const inside = new Set([key(stand), key(standHead)])
  const place = placements(view, [feet, at(feet, 0, 1, 0)], inside)
  if (!place) return 'nothing to place the entrance blocks against'
  return { way: 'into the wall', from: feet, stand, dig: [stand, standHead], place, exit: back, seconds: seconds + 2 * PLACE_SECONDS }
}

/** The cheapest way to be sealed in from where the bot stands, or why there is none. */
export function planEnclosure(view: CellView, feet: Cell, options: EnclosureOptions): EnclosurePlan | { reason: string } {
  const opts: Required<EnclosureOptions> = { maxDigSeconds: 8, stands: [], ...options }
  const reasons: string[] = []
  let best: EnclosurePlan | null = null
  const consider = (p: EnclosurePlan | string, what: string, walk: number) => {
    if (typeof p === 'string') {
      if (walk === 0) reasons.push(`${what}: ${p}`)
      return
    }
    p.seconds += walk * WALK_SECONDS
    if (!best || p.seconds < best.seconds) best = p
  }
  const blocks = Math.max(0, opts.blocks)
  for (const from of [feet, ...opts.stands.filter((c) => key(c) !== key(feet))]) {
    const walk = Math.hypot(from.x - feet.x, from.y - feet.y, from.z - feet.z)
    consider(inPlace(view, from, blocks), 'in place', walk)
    for (const s of SIDES) consider(intoWall(view, from, s, opts), `into the wall ${sideName(s)}`, walk)
  }
  const near = opts.stands.length ? ` nor in ${opts.stands.length} cell${opts.stands.length === 1 ? '' : 's'} near it` : ''
  return best ?? { reason: `cannot seal in here${near} (here: ${reasons.join('; ')})` }
}

function sideName(s: { dx: number; dz: number }): string {
  return s.dx > 0 ? 'east' : s.dx < 0 ? 'west' : s.dz > 0 ? 'south' : 'north'
}

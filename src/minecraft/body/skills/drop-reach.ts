/**
 * Whether the item a mined block drops will lie where the bot can pick it up (pure). The drop falls
 * through open cells and rests on the first solid one; the bot picks it up standing in that cell, or
 * in a cell beside it (diagonals too) with its feet or its head there. A block dug out of a wall
 * behind another block already dug, under a solid roof (a 1-high pocket two deep), drops where the
 * bot cannot stand nor reach: the seed-6 sand pit, where each such stone gave nothing.
 */
import type { Position } from '../types.js'

/** How far a drop is followed down through open cells (farther: it lies in a cave below, reachable or not). */
const FALL_LIMIT = 8

const at = (p: Position, dx: number, dy: number, dz: number): Position => ({ x: p.x + dx, y: p.y + dy, z: p.z + dz })

/** The cell the drop of the block at `pos` rests in once that block is gone; `open`: the bot could stand in a cell. */
export function dropRestsAt(pos: Position, open: (p: Position) => boolean): Position {
  let rest = pos
  for (let i = 0; i < FALL_LIMIT && open(at(rest, 0, -1, 0)); i++) rest = at(rest, 0, -1, 0)
  return rest
}

/**
 * Whether the bot can get to the drop of the block at `pos` (treated as open once mined): the resting
 * cell has room for the bot (open above it), or a cell beside it is open with an open cell above or
 * below it (the bot's feet or head beside the drop).
 */
export function dropWithinReach(pos: Position, open: (p: Position) => boolean): boolean {
  const isOpen = (p: Position) => (p.x === pos.x && p.y === pos.y && p.z === pos.z) || open(p)
  const rest = dropRestsAt(pos, isOpen)
  if (isOpen(at(rest, 0, 1, 0))) return true
  for (let dx = -1; dx <= 1; dx++) {
    for (let dz = -1; dz <= 1; dz++) {
      if (dx === 0 && dz === 0) continue
      const side = at(rest, dx, 0, dz)
      if (isOpen(side) && (isOpen(at(side, 0, 1, 0)) || isOpen(at(side, 0, -1, 0)))) return true
    }
  }
  return false
}

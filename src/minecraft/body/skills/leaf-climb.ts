/**
 * Which leaves collect breaks first when it wants a leaf drop (an apple, a sapling): the low ones.
 * A leaf higher than the bot can reach from the ground is reached by a climb into the crown, the
 * path finder digging its way: 8–43 s a climb in session 42's seed-6 run, while the leaves in reach
 * of where the bot stood went at about 3 a second. Pure: positions in, heights and costs out.
 */
import type { Position } from '../types.js'

/** A leaf up to this many blocks above the ground the bot stands on is broken from there (eyes 1.62 up, reach 4.5). */
export const LEAF_FROM_GROUND = 4
/** Extra cost per block a leaf lies higher than that, in blocks of walking (to the low leaves of the next tree). */
export const LEAF_CLIMB_COST = 16
/** Leaves within this many blocks across are taken as one crown. */
const CROWN_RADIUS = 3

/** What breaking a leaf `height` blocks above the ground costs on top of collect's `targetCost`. */
export function leafClimbCost(height: number): number {
  return Math.max(0, height - LEAF_FROM_GROUND) * LEAF_CLIMB_COST
}

/** Within this many blocks across of the bot, a leaf's height is counted from its feet. */
const NEAR = 6
/** The lowest leaves of an oak hang 1–3 blocks over its ground (trunk 4–6): from afar the ground is taken 2 under them. */
const CROWN_OVER_GROUND = 2

/**
 * Each leaf's height for `leafClimbCost`, in the order given: near the bot, above its feet; farther,
 * above the ground under its crown as the lowest known leaf within CROWN_RADIUS shows it (a bot on a
 * hill would otherwise count a far tree's top as level with its feet, and walk 60 blocks to a climb).
 */
export function leafHeights(leaves: readonly Position[], feet: Position): number[] {
  return leaves.map((p) => {
    if (Math.max(Math.abs(p.x - feet.x), Math.abs(p.z - feet.z)) <= NEAR) return p.y - feet.y
    let bottom = p.y
    for (const q of leaves) if (q.y < bottom && Math.abs(q.x - p.x) <= CROWN_RADIUS && Math.abs(q.z - p.z) <= CROWN_RADIUS) bottom = q.y
    return p.y - (bottom - CROWN_OVER_GROUND)
  })
}

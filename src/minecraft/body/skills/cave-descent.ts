/**
 * Past a cave the stairs opened onto. When every way down from a stair is a drop of more than a stair
 * may fall (a cave under the floor), the bot tunnels aside at its level, away from the cave, filling
 * the tunnel's floor where it opens onto the cave, and the stairs go on from there. Never a jump.
 * (A walk down the cave itself, drops capped at 2, was tried in session 36 and found no path in the
 * one cave met: the stairs end at its ceiling, over a drop of 12.)
 */
import type { Position } from '../types.js'
import type { SkillContext } from './context.js'
import { feetCell, takeStep } from './dig-step.js'
import { vec } from './nav.js'
import { CARDINALS, isAirName, tunnelStep, type Dir } from './tunnel.js'

/** How far a blocked descent tunnels aside at its level before the stairs try again. */
export const ASIDE_BLOCKS = 8

/**
 * How open the ground is under the next `ASIDE_BLOCKS` cells toward `d` (known air 1 and 2 below the
 * feet's level): the side with the least is where the cave under the stairs ends soonest. Unknown
 * cells count as solid (most rock is); fair play: only known cells are read as air.
 */
export function openBelow(isKnownAir: (p: Position) => boolean, feet: Position, d: Dir): number {
  let n = 0
  for (let i = 1; i <= ASIDE_BLOCKS; i++) {
    for (const dy of [1, 2]) if (isKnownAir({ x: feet.x + d.dx * i, y: feet.y - dy, z: feet.z + d.dz * i })) n++
  }
  return n
}

/**
 * Tunnels 1×2 at the feet's level up to ASIDE_BLOCKS toward the side whose ground is least open
 * (openBelow), each step checked as the stairs' are (known cells, lava and water; no fall at all: a
 * floor open to the cave below is first filled with a carried block, so the tunnel stays closed). Returns the way it went and how far, or null when not one block.
 */
export async function tunnelAside(ctx: SkillContext): Promise<{ dir: Dir; blocks: number } | null> {
  const start = feetCell(ctx)
  const knownAir = (p: Position) => {
    const b = ctx.bot.blockAt(vec(p.x, p.y, p.z))
    return !!b && isAirName(b.name) && ctx.knowledge.isKnown(p)
  }
  const sides = [...CARDINALS].sort((a, b) => openBelow(knownAir, start, a) - openBelow(knownAir, start, b))
  for (const d of sides) {
    let blocks = 0
    for (; blocks < ASIDE_BLOCKS; blocks++) {
      const r = await takeStep(ctx, tunnelStep(feetCell(ctx), d), undefined, undefined, { fallFurther: false, fillFloor: true })
      if (!r.ok) ctx.log.debug('tunnel aside stopped', { hazard: r.hazard })
      if (!r.ok || feetCell(ctx).y !== start.y) break
    }
    if (blocks > 0) return { dir: d, blocks }
  }
  return null
}

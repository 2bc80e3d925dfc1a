/**
 * Going down by a walkable staircase (never straight down): one stair at a time toward a cardinal
 * direction, each checked by dig-step.ts (known cells only; lava, water, bedrock or a drop ahead
 * turns the stairs 90° to the right). A cave under the stairs is jumped into when its floor is known
 * and dry and the health pays for the fall (tunnel.ts affordableFall). When every way down is
 * blocked, it tunnels a few blocks aside at the same level and starts the stairs again from there.
 * It stops at the level asked, or as soon as `found` returns something (ore exposed on the way).
 */
import type { Position } from '../types.js'
import { checkAborted, type SkillContext } from './context.js'
import { feetCell, takeStep } from './dig-step.js'
import { underCover } from './explore.js'
import { fmtPos } from './nav.js'
import { cardinalOf, stairStep, tunnelStep, turnRight, type Dir } from './tunnel.js'
import { coalOnTheWay, type TorchTrail } from './torches.js'

export interface DescentOutcome<T> {
  found?: T
  /** Stairs walked down. */
  steps: number
  /** Where the stairs ended and the way they last went. */
  at: Position
  dir: Dir
  /** Why it stopped above the level, if it did. */
  why?: string
}

/** Times a descent blocked on every side tunnels aside to start again, and blocks it tunnels each time. */
export const SIDESTEPS = 4
export const SIDESTEP_LENGTH = 3

export async function descendTo<T>(
  ctx: SkillContext,
  targetY: number,
  opts: { found: () => T | undefined; trail?: TorchTrail; stopAt: number; dir?: Dir },
): Promise<DescentOutcome<T>> {
  const { bot } = ctx
  let dir = opts.dir ?? cardinalOf(bot.entity.yaw)
  let steps = 0
  let turns = 0
  let sidesteps = 0
  let lastHazard = ''
  const startY = feetCell(ctx).y
  const maxTries = 3 * Math.max(0, startY - targetY) + 24 + SIDESTEPS * 8
  const out = (extra: Partial<DescentOutcome<T>>): DescentOutcome<T> => ({ steps, at: feetCell(ctx), dir, ...extra })
  for (let tries = 0; feetCell(ctx).y > targetY; tries++) {
    checkAborted(ctx.signal)
    const hit = opts.found()
    if (hit !== undefined) return out({ found: hit })
    if (Date.now() >= opts.stopAt) return out({ why: 'time ran out' })
    if (tries >= maxTries) return out({ why: `gave up after ${tries} tries (last: ${lastHazard})` })
    const feet = feetCell(ctx)
    const r = await takeStep(ctx, stairStep(feet, dir), () => opts.found() !== undefined, { paidFall: true })
    if (!r.ok) {
      lastHazard = `${r.hazard} at ${fmtPos(r.at.x, r.at.y, r.at.z)}`
      ctx.log.debug('stairs turn', { hazard: lastHazard })
      dir = turnRight(dir)
      if (++turns < 4) continue
      const why = `no way down from ${fmtPos(feet.x, feet.y, feet.z)} (last: ${lastHazard})`
      if (sidesteps >= SIDESTEPS) return out({ why })
      sidesteps++
      const moved = await sidestep(ctx, dir, opts.found)
      if (moved === undefined) return out({ why: `${why}; no way aside either` })
      ctx.progress(`every way down blocked at y ${feet.y}: tunnelled ${moved.blocks} blocks aside to start the stairs again`)
      dir = moved.dir
      turns = 0
      continue
    }
    if (feetCell(ctx).y < feet.y) {
      turns = 0
      steps++
      await opts.trail?.stepped(feet, underCover(ctx))
      if (opts.trail) await coalOnTheWay(ctx)
      ctx.progress(`stairs down: y ${feetCell(ctx).y}, going to y ${targetY}`)
    }
  }
  return out({})
}

/**
 * Tunnels up to SIDESTEP_LENGTH blocks at the feet's level, in the first of the four ways (from `first`,
 * turning right) that lets it move at all; the way it went and how far, or undefined when none does.
 */
async function sidestep(ctx: SkillContext, first: Dir, found: () => unknown): Promise<{ dir: Dir; blocks: number } | undefined> {
  let dir = first
  for (let way = 0; way < 4; way++, dir = turnRight(dir)) {
    let blocks = 0
    while (blocks < SIDESTEP_LENGTH) {
      checkAborted(ctx.signal)
      const feet = feetCell(ctx)
      const r = await takeStep(ctx, tunnelStep(feet, dir), () => found() !== undefined)
      if (found() !== undefined) return { dir, blocks }
      const now = feetCell(ctx)
      if (!r.ok || (now.x === feet.x && now.z === feet.z)) break
      blocks++
    }
    if (blocks > 0) return { dir, blocks }
  }
  return undefined
}

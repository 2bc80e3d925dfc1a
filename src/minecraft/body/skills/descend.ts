/**
 * Going down by a staircase (never straight down): one stair at a time toward a cardinal direction,
 * on 1.18+ two levels a stair (DROP_STAIR, a fall that does no damage) while they fit above the target, each
 * checked by dig-step.ts (known cells only; lava, water, bedrock or a drop ahead turns the stairs 90°
 * to the right). Blocked on every side by a cave's drop, it tunnels aside past the cave (cave-descent.ts). It stops at the level asked, or as soon as `found` returns
 * something (ore exposed on the way).
 */
import type { Position } from '../types.js'
import { checkAborted, type SkillContext } from './context.js'
import { feetCell, takeStep } from './dig-step.js'
import { underCover } from './explore.js'
import { fmtPos } from './nav.js'
import { DROP_STAIR, cardinalOf, safeMinY, stairStep, turnRight, type Dir } from './tunnel.js'
import { tunnelAside } from './cave-descent.js'
import { coalOnTheWay, type TorchTrail } from './torches.js'

/** Tunnels aside past a cave (cave-descent.ts) in one descent at most this many times. */
const MAX_ASIDES = 4

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

export async function descendTo<T>(
  ctx: SkillContext,
  targetY: number,
  opts: { found: () => T | undefined; trail?: TorchTrail; stopAt: number; dir?: Dir },
): Promise<DescentOutcome<T>> {
  const { bot } = ctx
  let dir = opts.dir ?? cardinalOf(bot.entity.yaw)
  let steps = 0
  let turns = 0
  let lastHazard = ''
  let asides = 0
  // drop stairs only on the tall worlds (1.18+), where ore and lava lie 100+ levels down; 1.16's
  // descents (at most ~54 levels) keep stairs that can be walked back up (and its deep-ore test's route)
  const dropStairs = safeMinY(ctx.registry) < 0
  const startY = feetCell(ctx).y
  const maxTries = 3 * Math.max(0, startY - targetY) + 24
  const out = (extra: Partial<DescentOutcome<T>>): DescentOutcome<T> => ({ steps, at: feetCell(ctx), dir, ...extra })
  for (let tries = 0; feetCell(ctx).y > targetY; tries++) {
    checkAborted(ctx.signal)
    const hit = opts.found()
    if (hit !== undefined) return out({ found: hit })
    if (Date.now() >= opts.stopAt) return out({ why: 'time ran out' })
    if (tries >= maxTries) return out({ why: `gave up after ${tries} tries (last: ${lastHazard})` })
    const feet = feetCell(ctx)
    const found = () => opts.found() !== undefined
    // two levels a step while they fit above the target; on any hazard, the walkable stair the same way
    // (its cells are the drop stair's top three, so it meets the same hazards or goes down one)
    let r = dropStairs && feet.y - DROP_STAIR >= targetY ? await takeStep(ctx, stairStep(feet, dir, DROP_STAIR), found, undefined, { fallFurther: false }) : undefined
    if (r && !r.ok) ctx.log.debug('drop stair refused', { hazard: `${r.hazard} at ${fmtPos(r.at.x, r.at.y, r.at.z)}` })
    if (!r?.ok && !found()) r = await takeStep(ctx, stairStep(feet, dir), found)
    if (!r) continue
    if (!r.ok) {
      lastHazard = `${r.hazard} at ${fmtPos(r.at.x, r.at.y, r.at.z)}`
      ctx.log.debug('stairs turn', { hazard: lastHazard })
      if (++turns >= 4) {
        // blocked on every side, most often by a cave's drop: tunnel aside, at this level, toward the side where it ends soonest
        const aside = asides < MAX_ASIDES && /drop/.test(lastHazard) ? (asides++, await tunnelAside(ctx)) : null
        if (!aside) return out({ why: `no way down from ${fmtPos(feet.x, feet.y, feet.z)} (last: ${lastHazard})` })
        ctx.progress(`stairs blocked by a cave: tunnelled ${aside.blocks} aside, going on from y ${feetCell(ctx).y}`)
        dir = aside.dir
        turns = 0
        continue
      }
      dir = turnRight(dir)
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

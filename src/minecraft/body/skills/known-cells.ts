/**
 * Reading single cells through the fair-play knowledge (senses/known-blocks.ts): what a skill may
 * say about a cell is its name when the bot knows it (air is always plain to see), nothing when it
 * does not. Used for the hazard checks around a block to dig (lava or water beside it), never the
 * raw world.
 */
import type { Position } from '../types.js'
import type { SkillContext } from './context.js'
import { vec } from './nav.js'
import { isAirName, neighbours } from './tunnel.js'

/** The name of the block at `p` when the bot knows it; undefined when it does not (or it is not loaded). */
export function knownName(ctx: Pick<SkillContext, 'bot' | 'knowledge'>, p: Position): string | undefined {
  const b = ctx.bot.blockAt(vec(p.x, p.y, p.z))
  if (!b) return undefined
  if (isAirName(b.name)) return b.name
  return ctx.knowledge.isKnown(p) ? b.name : undefined
}

/** The known names of the six neighbours of `p` (undefined where the bot does not know the cell). */
export function knownAround(ctx: Pick<SkillContext, 'bot' | 'knowledge'>, p: Position): Array<string | undefined> {
  return neighbours(p).map((n) => knownName(ctx, n))
}

/** Whether the bot knows the cell at `p` to be one it could stand in: air, or a block without a collision box (grass, a torch, water). */
export function openCell(ctx: Pick<SkillContext, 'bot' | 'knowledge' | 'registry'>, p: Position): boolean {
  const name = knownName(ctx, p)
  if (name === undefined) return false
  return isAirName(name) || ctx.registry.blocksByName[name]?.boundingBox === 'empty'
}

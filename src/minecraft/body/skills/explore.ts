/**
 * explore {distance, direction?, until?}: walk into the unknown in short legs, looking
 * around (the body's own eyes, senses/vision.ts) after each leg; ends as soon as `until`
 * is in sight. Without a direction the bot keeps to the way it faces.
 */
import type { SeenBlock, SeenEntity, SkillCall } from '../types.js'
import { bareName, matchesName } from '../../names.js'
import { look } from '../senses/vision.js'
import { SkillError, errorMessage, fail, ok, type SkillContext, type SkillDef } from './context.js'
import { fmtPos, stepToward } from './nav.js'

type Explore = Extract<SkillCall, { skill: 'explore' }>
const LEG = 8
/** Detours tried when a leg has no path: degrees off the heading. */
const TURNS = [0, 45, -45, 90, -90]

function heading(ctx: SkillContext, c: Explore): { x: number; z: number } {
  if (c.direction) {
    const n = Math.hypot(c.direction.x, c.direction.z)
    return { x: c.direction.x / n, z: c.direction.z / n }
  }
  const yaw = ctx.bot.entity.yaw // mineflayer: 0 = north (-Z), counter-clockwise
  return { x: -Math.sin(yaw), z: -Math.cos(yaw) }
}

export function findInSight(ctx: SkillContext, until: NonNullable<Explore['until']>): SeenBlock | SeenEntity | undefined {
  const seen = look(ctx.bot, { distance: 24, fovDegrees: 360, raysPerDegree: 0.25 })
  if (until.block) {
    const b = seen.blocks.find((x) => matchesName(until.block!, x.name))
    if (b) return b
  }
  if (until.entity) {
    const want = bareName(until.entity)
    const e = seen.entities.find((x) => bareName(x.name) === want || (x.item && matchesName(want, x.item.name)))
    if (e) return e
  }
  return undefined
}

const describe = (u: NonNullable<Explore['until']>) => [u.block, u.entity].filter(Boolean).join(' or ')

export const explore: SkillDef<Explore> = {
  name: 'explore',
  timeoutMs: 180_000,
  timeoutFor: (c) => Math.min(900_000, 30_000 + c.distance * 1500),
  async run(ctx, c) {
    const { bot } = ctx
    const dir = heading(ctx, c)
    const start = bot.entity.position.clone()
    const position = () => {
      const p = bot.entity.position
      return { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) }
    }
    const check = () => (c.until ? findInSight(ctx, c.until) : undefined)
    let found = check()
    let travelled = 0
    let blockedLegs = 0
    while (!found && travelled < c.distance) {
      const p = bot.entity.position
      const leg = await stepToward(ctx, Math.atan2(dir.z, dir.x), TURNS, LEG, 2, (at) => `exploring ${at}`)
      if (!leg.moved) {
        if (++blockedLegs >= 2) {
          const why = errorMessage(leg.lastErr)
          throw new SkillError(`blocked while exploring at ${fmtPos(p.x, p.y, p.z)} (${why})`, { position: position() })
        }
        continue
      }
      blockedLegs = 0
      travelled = Math.hypot(bot.entity.position.x - start.x, bot.entity.position.z - start.z)
      ctx.progress(`explored ${Math.round(travelled)}/${c.distance} blocks`, Math.min(1, travelled / c.distance))
      found = check()
    }
    if (found) {
      const at = found.position
      return ok(`found ${found.name} at ${fmtPos(at.x, at.y, at.z)} after exploring ${Math.round(travelled)} blocks`, { found, position: position() })
    }
    if (c.until) return fail(`explored ${Math.round(travelled)} blocks and saw no ${describe(c.until)}`, { position: position() })
    return ok(`explored ${Math.round(travelled)} blocks`, { position: position() })
  },
}

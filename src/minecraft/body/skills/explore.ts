/**
 * explore {distance, direction?, until?}: walk into the unknown in short legs, looking
 * around after each leg; ends as soon as `until` is known (a block the bot could know about,
 * senses/known-blocks.ts, within SIGHT_RADIUS) or in sight (an entity, senses/vision.ts).
 * Without a direction the bot keeps to the way it faces.
 *
 * `spiralSearch` is the same walk for other skills (collect): a square spiral around the
 * start, after climbing out of a hole or tunnel, until something is known or time runs out.
 */
import type { SeenBlock, SeenEntity, SkillCall } from '../types.js'
import { bareName, matchesName, namespaced } from '../../names.js'
import { look } from '../senses/vision.js'
import { blockTables } from '../senses/known-blocks.js'
import { SkillAborted, SkillError, errorMessage, fail, ok, type SkillContext, type SkillDef } from './context.js'
import { fmtPos, goTo, goals, stepToward } from './nav.js'

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

/** How far `until.block` may be: the blocks the bot knows of within this distance count as found. */
export const SIGHT_RADIUS = 24

export function findInSight(ctx: SkillContext, until: NonNullable<Explore['until']>): SeenBlock | SeenEntity | undefined {
  if (until.block) {
    const known = ctx.knowledge.nearest((n) => matchesName(until.block!, n), { radius: SIGHT_RADIUS })
    if (known) return { name: namespaced(known.name), position: known.position, distance: known.distance }
  }
  if (until.entity) {
    const seen = look(ctx.bot, { distance: SIGHT_RADIUS, fovDegrees: 360, raysPerDegree: 0.25 })
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

/** Whether solid blocks hide the sky above the bot's head (it is in a hole, tunnel or cave). */
export function underCover(ctx: SkillContext): boolean {
  return surfaceAbove(ctx) !== null
}

/** The y of the highest solid block above the head, or null under open sky. */
export function surfaceAbove(ctx: Pick<SkillContext, 'bot' | 'registry'>): number | null {
  const { bot } = ctx
  const see = blockTables(ctx.registry as unknown as Parameters<typeof blockTables>[0]).see
  const p = bot.entity.position.floored()
  const top = ((bot.game as unknown as { minY?: number }).minY ?? 0) + ((bot.game as unknown as { height?: number }).height ?? 256)
  let highest: number | null = null
  for (let y = p.y + 2; y < top; y++) {
    const s = bot.world.getBlockStateId(p.offset(0, y - p.y, 0))
    if (see[s] !== 1) highest = y
  }
  return highest
}

/** A child context whose signal also fires after `ms` (one leg of a search must not eat the whole budget). */
export function bounded(ctx: SkillContext, ms: number): SkillContext {
  return { ...ctx, signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(Math.max(1, ms))]) }
}

export interface SearchOutcome<T> {
  found?: T
  /** Blocks walked (horizontal path length). */
  walked: number
  /** How far from the start the search got. */
  farthest: number
  climbed: boolean
  seconds: number
  /** Why the search ended without a find. */
  why?: string
}

/**
 * Walks a square spiral (legs of 16, 16, 32, 32, … blocks; `legStep` instead of 16 when what is
 * looked for is seen from farther, so the rings do not overlap) around where the bot stands,
 * checking `found` after every short step, until it returns something, `maxDistance` blocks are
 * walked or the deadline (minus a margin to report) comes. Climbs out first when under cover.
 */
export async function spiralSearch<T>(ctx: SkillContext, found: () => T | undefined, opts: { deadline: number; maxDistance: number; marginMs?: number; legStep?: number }): Promise<SearchOutcome<T>> {
  const { bot } = ctx
  const t0 = Date.now()
  const stopAt = opts.deadline - (opts.marginMs ?? 5000)
  const start = bot.entity.position.clone()
  let walked = 0
  let farthest = 0
  let climbed = false
  const outcome = (extra: Partial<SearchOutcome<T>>): SearchOutcome<T> => ({ walked: Math.round(walked), farthest: Math.round(farthest), climbed, seconds: Math.round((Date.now() - t0) / 1000), ...extra })
  const hit = found()
  if (hit !== undefined) return outcome({ found: hit })
  const roof = surfaceAbove(ctx)
  if (roof !== null && Date.now() < stopAt) {
    ctx.progress(`climbing out to look around (solid ground up to y ${roof} above me)`)
    try {
      await goTo(bounded(ctx, Math.min(45_000, stopAt - Date.now())), new goals.GoalY(roof + 1), `the surface (y ${roof + 1})`)
      climbed = true
    } catch (err) {
      if (ctx.signal.aborted) throw err
      ctx.log.debug('could not climb out', { err: errorMessage(err) })
    }
    const after = found()
    if (after !== undefined) return outcome({ found: after })
  }
  const yaw = bot.entity.yaw
  let angle = Math.atan2(-Math.cos(yaw), -Math.sin(yaw)) // the way the bot faces, as atan2(z, x)
  let blocked = 0
  for (let leg = 0; walked < opts.maxDistance; leg++) {
    const length = (opts.legStep ?? 16) * (Math.floor(leg / 2) + 1)
    let done = 0
    while (done < length) {
      if (Date.now() >= stopAt) return outcome({ why: 'time ran out' })
      const p = bot.entity.position.clone()
      let moved = false
      for (const turn of TURNS) {
        const a = angle + (turn * Math.PI) / 180
        const tx = p.x + Math.cos(a) * LEG
        const tz = p.z + Math.sin(a) * LEG
        try {
          await goTo(bounded(ctx, Math.min(20_000, stopAt - Date.now())), new goals.GoalNearXZ(tx, tz, 2), `searching ${fmtPos(tx, undefined, tz)}`)
          moved = true
          break
        } catch (err) {
          if (ctx.signal.aborted) throw err
          if (!(err instanceof SkillError) && !(err instanceof SkillAborted)) throw err
          if (Date.now() >= stopAt) return outcome({ why: 'time ran out' })
        }
      }
      done += LEG
      walked += Math.hypot(bot.entity.position.x - p.x, bot.entity.position.z - p.z)
      farthest = Math.max(farthest, Math.hypot(bot.entity.position.x - start.x, bot.entity.position.z - start.z))
      ctx.progress(`searching: walked ${Math.round(walked)} blocks, ${Math.round(farthest)} from where I started`)
      const now = found()
      if (now !== undefined) return outcome({ found: now })
      if (!moved && ++blocked >= 4) return outcome({ why: `blocked at ${fmtPos(p.x, p.y, p.z)}` })
      if (moved) blocked = 0
      if (!moved) break // turn to the next leg
    }
    angle += Math.PI / 2
  }
  return outcome({ why: `walked ${Math.round(walked)} blocks` })
}

/**
 * The search walk for a mob when none is in sight (hunt, the wait by a laying mob): a spiral whose
 * rings are as far apart as the client sees mobs (48 blocks), looking out after every few steps, at
 * most MOB_SEARCH_WALK blocks and MOB_SEARCH_MS, ending by `deadline`. Animals come in groups of 4,
 * cows about once in 45 chunks (docs world-facts §4): a walk that looks out as it goes finds them far
 * more often than looks taken only where a walk ends.
 */
export const MOB_SEARCH_MS = 150_000
export const MOB_SEARCH_WALK = 320
const MOB_SIGHT_RING = 48

export function searchForMob<T>(ctx: SkillContext, found: () => T | undefined, deadline: number): Promise<SearchOutcome<T>> {
  return spiralSearch(ctx, found, { deadline: Math.min(deadline, Date.now() + MOB_SEARCH_MS), maxDistance: MOB_SEARCH_WALK, marginMs: 0, legStep: MOB_SIGHT_RING })
}

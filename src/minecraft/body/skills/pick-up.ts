/**
 * pickUp: walk over dropped items of one kind (eggs a chicken laid, wool a shearing threw off) that the
 * bot's client knows within `radius` (default 32), nearest first, until `count` more are in the
 * inventory (default: every such drop in sight is tried). With `from` (the mob that lays it: a
 * chicken), when none lies in sight the bot stays by the nearest such mob and picks up what it lays,
 * as a player waits by chickens for an egg.
 */
import type { Entity } from 'prismarine-entity'
import type { PickUpResult, SkillCall } from '../types.js'
import { countMembers, resolveItemNames } from '../items.js'
import { namespaced } from '../../names.js'
import { SkillAborted, SkillError, checkAborted, errorMessage, eventWithin, sleep, type SkillContext, type SkillDef } from './context.js'
import { isItemEntity } from './dig.js'
import { fmtPos, goTo, goals } from './nav.js'
import { entityId, listEntities, sightEntity } from './scan.js'
import { EGG_TICKS_MIN, EGG_TICKS_SPREAD } from '../../world/animal-rules.js'
import { searchForMob } from './explore.js'

export const PICKUP_RADIUS = 32
/** How far the bot looks for a mob to wait by (as hunt: the entities its client knows). */
const MOB_SIGHT = 48
/** The longest wait by a laying mob: a chicken lays within 6000–12000 ticks (20 ticks a second). */
export const LAY_WAIT_MS = ((EGG_TICKS_MIN + EGG_TICKS_SPREAD) / 20) * 1000
/** How long the bot stands by a mob before it looks again (the mob wanders; drops may lie elsewhere). */
const STAND_BY_MS = 10_000

/** The stack a dropped item entity shows (null: not an item, or not told yet). */
export function droppedStack(e: Entity): { name: string; count: number } | null {
  if (!isItemEntity(e)) return null
  try {
    const it = (e as unknown as { getDroppedItem?: () => { name: string; count: number } | null }).getDroppedItem?.()
    return it ? { name: it.name, count: it.count } : null
  } catch {
    return null
  }
}

type PickUp = Extract<SkillCall, { skill: 'pickUp' }>

/**
 * Walks over dropped items whose stack is one of `members` within `radius` of the bot, nearest first,
 * until `enough()` or none is left (or `untilMs` passes); each drop is tried once. Returns the last
 * problem (a drop not reached or not handed over), '' when none.
 */
export async function walkOverDrops(ctx: SkillContext, members: readonly string[], radius: number, enough: () => boolean, untilMs = Infinity): Promise<{ tried: number; problem: string }> {
  const { bot, signal } = ctx
  const tried = new Set<number>()
  const wanted = (e: Entity) => {
    const s = droppedStack(e)
    return !!s && members.includes(s.name) && !tried.has(e.id)
  }
  let problem = ''
  while (!enough() && Date.now() < untilMs) {
    checkAborted(signal)
    const next = listEntities(bot, radius, wanted)[0]
    if (!next) break
    tried.add(next.id)
    const p = next.position
    const label = namespaced(droppedStack(next)!.name)
    try {
      await goTo(ctx, new goals.GoalNear(p.x, p.y, p.z, 1), `dropped ${label} at ${fmtPos(p.x, p.y, p.z)}`)
      // the server hands it over within ~2 blocks, once its pickup delay is over (the wait starts
      // here, not before the walk: a walk that fails at once would leave it listening)
      if (bot.entities[next.id]) await eventWithin(bot, 'entityGone', (e: Entity) => e.id === next.id, 2500, signal)
      if (bot.entities[next.id]) problem = `the ${label} at ${fmtPos(p.x, p.y, p.z)} was not handed over`
    } catch (err) {
      if (err instanceof SkillAborted || !(err instanceof SkillError)) throw err
      problem = errorMessage(err)
    }
  }
  return { tried: tried.size, problem }
}

/**
 * Stays by the nearest `from` mob in sight, picking up what of `members` it lays, until `enough()` or
 * `LAY_WAIT_MS` passes. Returns why it stopped short ('' when enough).
 */
async function waitByMob(ctx: SkillContext, from: string, members: readonly string[], radius: number, label: string, enough: () => boolean): Promise<string> {
  const kind = namespaced(from)
  const until = Date.now() + LAY_WAIT_MS
  let searched = ''
  while (!enough()) {
    checkAborted(ctx.signal)
    if (Date.now() >= until) return `no ${kind} laid a ${label} in the ${Math.round(LAY_WAIT_MS / 60_000)} minutes the bot waited by it`
    let mob = await sightEntity(ctx.bot, MOB_SIGHT, (e) => entityId(e) === kind, ctx.signal)
    // none in sight: walk out looking for one, once per call (the cake bench run looked only where its moves ended)
    if (!mob && !searched) {
      const search = await searchForMob(ctx, () => listEntities(ctx.bot, MOB_SIGHT, (e) => entityId(e) === kind)[0], ctx.deadline - 10_000)
      searched = `searched ${search.walked} blocks around (${search.seconds} s)${search.why ? `: ${search.why}` : ''}`
      mob = search.found
    }
    if (!mob) return `no dropped ${label} within ${radius} blocks and no ${kind} within ${MOB_SIGHT} blocks to wait by${searched ? `; ${searched}` : ''}`
    ctx.progress(`waiting by a ${kind} for a ${label}`)
    const p = mob.position
    try {
      await goTo(ctx, new goals.GoalNear(p.x, p.y, p.z, 3), `${kind} at ${fmtPos(p.x, p.y, p.z)}`)
    } catch (err) {
      if (err instanceof SkillAborted || !(err instanceof SkillError)) throw err
      ctx.log.debug('could not reach the mob to wait by; waiting here', { err: errorMessage(err) })
    }
    await eventWithin(ctx.bot, 'entitySpawn', (e: Entity) => isItemEntity(e), STAND_BY_MS, ctx.signal)
    // the item's stack arrives just after its spawn
    await sleep(500, ctx.signal)
    await walkOverDrops(ctx, members, radius, enough)
  }
  return ''
}

export const pickUp: SkillDef<PickUp> = {
  name: 'pickUp',
  timeoutMs: 120_000,
  timeoutFor: (c) => (c.from ? LAY_WAIT_MS + 120_000 : 120_000),
  async run(ctx, c): Promise<PickUpResult> {
    const radius = c.radius ?? PICKUP_RADIUS
    const items = resolveItemNames(ctx.registry, c.item)
    const label = namespaced(c.item)
    if (!items.ok) return { ok: false, reason: items.reason, picked: [{ name: label, count: 0 }] }
    const members = items.value
    const start = countMembers(ctx.counts(), members)
    const got = () => Math.max(0, countMembers(ctx.counts(), members) - start)
    const picked = () => [{ name: label, count: got() }]
    const enough = () => c.count !== undefined && got() >= c.count
    const r = await walkOverDrops(ctx, members, radius, enough)
    const tried = r.tried
    let lastProblem = r.problem
    if (c.from && c.count !== undefined && !enough()) {
      const why = await waitByMob(ctx, c.from, members, radius, label, enough)
      if (why) lastProblem = why
    }
    ctx.progress(`picked up ${got()}${c.count ? `/${c.count}` : ''} ${label}`, c.count ? Math.min(1, got() / c.count) : undefined)
    const n = got()
    if (c.count !== undefined && n < c.count) {
      const where = tried ? `; no more dropped ${label} within ${radius} blocks` : `: no dropped ${label} within ${radius} blocks`
      return { ok: false, reason: `picked up ${n}/${c.count} ${label}${where}${lastProblem ? ` (last: ${lastProblem})` : ''}`, picked: picked() }
    }
    if (n === 0) return { ok: false, reason: `no dropped ${label} within ${radius} blocks${lastProblem ? ` (last: ${lastProblem})` : ''}`, picked: picked() }
    return { ok: true, reason: `picked up ${n} ${label}`, picked: picked() }
  },
}

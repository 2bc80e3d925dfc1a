/**
 * Looking for ore the way a player does when none is in sight: craft torches if coal and sticks
 * allow, go down by stairs to the strip height for that ore (tunnel.ts `stripHeight`), then dig a
 * snake of 1×2 strips 3 apart until the ore shows in a wall (fair play: only what the tunnels
 * expose becomes known). `digForOre` is the search `collect` falls back to for ores; the
 * `stripMine` skill runs it on purpose and then collects what it found.
 */
import type { SkillCall } from '../types.js'
import { resolveCollectTarget } from '../items.js'
import { namespaced } from '../../names.js'
import { versionFacts } from '../../version-facts.js'
import { checkAborted, fail, type SkillContext, type SkillDef } from './context.js'
import { collectItems } from './collect.js'
import { descendTo } from './descend.js'
import { feetCell, hasPickaxe, takeStep } from './dig-step.js'
import { surfaceAbove } from './explore.js'
import { fmtPos } from './nav.js'
import { coalOnTheWay, craftTorches, TorchTrail } from './torches.js'
import { cardinalOf, isOre, oreTop, safeMinY, snakeLegs, stripHeight, tunnelStep, type Dir } from './tunnel.js'

type StripMine = Extract<SkillCall, { skill: 'stripMine' }>

/** stripMine collects the ore its tunnels show: known within this distance (reachable from the tunnel). */
export const STRIP_SIGHT = 8
/** Blocks of strip one search digs at most (the time budget usually ends it first). */
export const STRIP_MAX_BLOCKS = 400

export interface OreSearchOutcome<T> {
  found?: T
  stairs: number
  strip: number
  torches: number
  /** The level it strip-mined at. */
  level: number
  why?: string
}

/**
 * Digs down and strip-mines until `found` returns something, the deadline (minus 5 s to report)
 * comes, or the way is blocked everywhere. `ore` picks the strip height; `level` overrides it.
 */
export async function digForOre<T>(ctx: SkillContext, ore: string, found: () => T | undefined, opts: { deadline: number; level?: number }): Promise<OreSearchOutcome<T>> {
  const stopAt = opts.deadline - 5000
  const trail = new TorchTrail(ctx)
  const feet = feetCell(ctx)
  const ground = surfaceAbove(ctx) ?? feet.y - 1
  const level = opts.level ?? stripHeight(ore, ground, ctx.registry)
  const out = (extra: Partial<OreSearchOutcome<T>>): OreSearchOutcome<T> => ({ stairs: 0, strip: 0, torches: trail.placed.length, level, ...extra })
  const hit = found()
  if (hit !== undefined) return out({ found: hit })
  if (!hasPickaxe(ctx)) return out({ why: 'no pickaxe to dig down with' })
  await craftTorches(ctx)
  let dir: Dir = cardinalOf(ctx.bot.entity.yaw)
  let stairs = 0
  if (feet.y > level + 1) {
    ctx.progress(`going down by stairs from y ${feet.y} to y ${level} to strip-mine for ${ore}`)
    const d = await descendTo(ctx, level, { found, trail, stopAt, dir })
    stairs = d.steps
    dir = d.dir
    if (d.found !== undefined) return out({ found: d.found, stairs, torches: trail.placed.length })
    const y = feetCell(ctx).y
    // blocked above the level (a ravine, lava): inside the ore's range any level yields the same per block
    if (d.why && y > level + 1 && !(y <= oreTop(ore, ctx.registry) && Date.now() < stopAt)) return out({ stairs, torches: trail.placed.length, why: `stairs stopped at y ${y}: ${d.why}` })
    if (d.why && y > level + 1) ctx.progress(`stairs stopped at y ${y} (${d.why}); strip-mining here, inside the ${ore} range`)
  }
  const s = await stripFrom(ctx, dir, found, trail, stopAt)
  return out({ ...s, stairs, torches: trail.placed.length, level: feetCell(ctx).y })
}

/** The snake of strips from where the bot stands. */
async function stripFrom<T>(ctx: SkillContext, first: Dir, found: () => T | undefined, trail: TorchTrail, stopAt: number): Promise<{ found?: T; strip: number; why?: string }> {
  let strip = 0
  let blockedInRow = 0
  let last = ''
  for (const leg of snakeLegs(first, 10_000)) {
    for (let i = 0; i < leg.length; i++) {
      checkAborted(ctx.signal)
      const hit = found()
      if (hit !== undefined) return { found: hit, strip }
      if (Date.now() >= stopAt) return { strip, why: 'time ran out' }
      if (strip >= STRIP_MAX_BLOCKS) return { strip, why: `dug ${strip} blocks of strip` }
      const feet = feetCell(ctx)
      const r = await takeStep(ctx, tunnelStep(feet, leg.dir), () => found() !== undefined)
      if (!r.ok) {
        last = `${r.hazard} at ${fmtPos(r.at.x, r.at.y, r.at.z)}`
        ctx.log.debug('strip turns', { hazard: last })
        blockedInRow++
        break
      }
      const moved = feetCell(ctx)
      if (moved.x !== feet.x || moved.z !== feet.z) {
        blockedInRow = 0
        strip++
        await trail.stepped(feet, true)
        await coalOnTheWay(ctx)
        ctx.progress(`strip-mining at y ${moved.y}: ${strip} blocks`)
      }
    }
    if (blockedInRow >= 6) return { strip, why: `blocked on every side (last: ${last})` }
  }
  return { strip, why: 'out of strips' }
}

export function describeOreSearch(o: OreSearchOutcome<unknown>): string {
  const parts = [`${o.stairs} stairs down`, `${o.strip} blocks of strip at y ${o.level}`]
  if (o.torches) parts.push(`${o.torches} torches placed`)
  return parts.join(', ') + (o.why ? ` (${o.why})` : '')
}

export const stripMine: SkillDef<StripMine> = {
  name: 'stripMine',
  timeoutMs: 600_000,
  timeoutFor: (c) => Math.min(1_800_000, 300_000 + 60_000 * (c.count ?? 1)),
  async run(ctx, c) {
    const outside = c.y === undefined ? null : versionFacts(ctx.registry).heightError(c.y)
    if (outside) return fail(`cannot strip-mine there: ${outside}`)
    const r = resolveCollectTarget(ctx.registry, c.item)
    if (!r.ok) return fail(r.reason)
    const ore = r.value.sources.find((s) => isOre(s, ctx.registry))
    if (!ore) return fail(`${namespaced(c.item)} is not an ore; stripMine digs for coal, iron, gold, redstone, lapis, diamond or emerald`)
    if (!hasPickaxe(ctx)) return fail(`need a pickaxe to dig down for ${namespaced(ore)}`)
    // the feet stay above the lava of caves whatever y was asked
    const asked = c.y === undefined ? undefined : Math.max(safeMinY(ctx.registry), Math.floor(c.y))
    // down to the strip level first, on purpose, even when some ore is known elsewhere
    const feet = feetCell(ctx)
    const target = asked ?? stripHeight(ore, surfaceAbove(ctx) ?? feet.y - 1, ctx.registry)
    let note = ''
    let level = target
    if (feet.y > target + 1) {
      const trail = new TorchTrail(ctx)
      await craftTorches(ctx)
      const down = await descendTo(ctx, target, { found: () => undefined, trail, stopAt: ctx.deadline - 5000 })
      checkAborted(ctx.signal)
      note = `${down.steps} stairs down${trail.placed.length ? `, ${trail.placed.length} torches placed` : ''}${down.why ? ` (${down.why})` : ''}`
      const y = feetCell(ctx).y
      if (y > target + 1) {
        // the stairs were blocked: strip where they stopped when that is inside the ore's range
        if (y > oreTop(ore, ctx.registry)) return fail(`could not get down to y ${target}: ${note}`, { position: feetCell(ctx) })
        level = y
      }
    }
    const got = await collectItems(ctx, { skill: 'collect', items: [{ name: c.item, count: c.count ?? 1 }] }, { oreLevel: level, radius: STRIP_SIGHT })
    return { ...got, reason: `${got.reason}${note ? `; on the way down: ${note}` : ''}`, level, position: feetCell(ctx) }
  },
}

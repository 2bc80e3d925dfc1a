/**
 * Going up where there is no path: a staircase dug by hand (tunnel.ts `stairUpStep`), one stair at
 * a time toward a cardinal direction whose next floor is known and solid (an open one, where the cave
 * goes on, is filled with a carried block first). Each step goes through
 * dig-step.ts, so the same fair-play and hazard rules hold as on the way down: only exposed cells
 * are dug, lava or water beside an opened cell plugs it (when the bot carries a block) and turns
 * the stairs, and so does an open floor ahead (the cave goes on there: no stair to stand on).
 *
 * Its use: the bot down a cave with no pickaxe and nothing to pillar with (it fell in when its night
 * shelter opened into one), or any time the path finder finds no way up. Stone by hand takes 7.5 s
 * a block and drops nothing, so a 17-block climb takes minutes, but every cell dug is progress.
 * The `surface` skill runs it when the path finder finds no way up; the surface reflex
 * (reflexes/surface.ts) runs that skill before work that is up there.
 */
import type { Position, SkillCall } from '../types.js'
import { SkillAborted, checkAborted, errorMessage, fail, ok, type SkillContext, type SkillDef } from './context.js'
import { feetCell, fillCell, plugBlocksHeld, takeStep } from './dig-step.js'
import { bounded, surfaceAbove } from './explore.js'
import { MEND_BELOW, MEND_MAX_MS, MEND_TO, mendUntil } from './mending.js'
import { knownName } from './known-cells.js'
import { fmtPos, goTo, goals, vec } from './nav.js'
import { CARDINALS, cardinalOf, floorVerdict, isAirName, stairUpStep, turnRight, type Dir } from './tunnel.js'

export interface AscentOutcome {
  /** Whether `done` came true or the feet reached the level asked. */
  reached: boolean
  /** Stairs climbed. */
  steps: number
  at: Position
  /** Why it stopped short, if it did. */
  why?: string
}

/** What the bot can tell of `cell` as a floor to stand on (fair play: through its block knowledge). */
function cellAsFloor(ctx: SkillContext, cell: Position): ReturnType<typeof floorVerdict> {
  const b = ctx.bot.blockAt(vec(cell.x, cell.y, cell.z))
  return floorVerdict(b ? knownName(ctx, cell) : undefined, b?.boundingBox === 'block', ctx.knowledge.isKnown(cell))
}

/** Whether the next stair toward `d` has a floor to stand on: the block ahead of the feet, known and solid. */
function floorAhead(ctx: SkillContext, feet: Position, d: Dir): string | null {
  const floor = stairUpStep(feet, d).floor
  const v = cellAsFloor(ctx, floor)
  return v === 'ok' ? null : `${v === 'drop' ? 'open' : v} floor at ${fmtPos(floor.x, floor.y, floor.z)}`
}

/**
 * An open floor ahead (the cave goes on at the feet's level) is made a stair with a carried block,
 * as a player builds one; true when the floor ahead is now fit to stand on.
 */
async function buildStair(ctx: SkillContext, feet: Position, d: Dir): Promise<boolean> {
  if (!plugBlocksHeld(ctx)) return false
  const floor = stairUpStep(feet, d).floor
  try {
    if (!(await fillCell(ctx, floor))) return false
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    ctx.log.debug('could not build a stair', { at: fmtPos(floor.x, floor.y, floor.z), err: errorMessage(err) })
    return false
  }
  ctx.progress(`placed a stair at ${fmtPos(floor.x, floor.y, floor.z)}`)
  return floorAhead(ctx, feet, d) === null
}

/**
 * The stairs are closed behind the bot once, at this stair: the cell behind its feet (the last
 * stair's head room) is filled, so the monsters of the cave below cannot follow it up and hit it
 * from behind while it digs (a cave-escape run died on its stairs at y 52). Not at the first stair,
 * where the filled cell would be a step up from an open cave floor.
 */
const SEAL_AT_STEP = 2

/** Fills `cell` (open, behind the feet) with a carried block; the climb goes on whatever happens. */
async function sealBehind(ctx: SkillContext, cell: Position): Promise<void> {
  if (!plugBlocksHeld(ctx) || !isAirName(ctx.bot.blockAt(vec(cell.x, cell.y, cell.z))?.name ?? '')) return
  try {
    if (await fillCell(ctx, cell)) ctx.progress(`closed the stairs behind me at ${fmtPos(cell.x, cell.y, cell.z)}`)
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    ctx.log.debug('could not close the stairs behind', { at: fmtPos(cell.x, cell.y, cell.z), err: errorMessage(err) })
  }
}

/**
 * Digs stairs up until `done()` (open sky above, say) or the feet are at `targetY`, or `stopAt`.
 * Four directions in a row with no stair ends it, with the last reason.
 */
export async function ascendTo(ctx: SkillContext, targetY: number, opts: { stopAt: number; done?: () => boolean; dir?: Dir }): Promise<AscentOutcome> {
  let dir = opts.dir ?? cardinalOf(ctx.bot.entity.yaw)
  let steps = 0
  let turns = 0
  let last = ''
  const reached = () => feetCell(ctx).y >= targetY || (opts.done?.() ?? false)
  const out = (why?: string): AscentOutcome => ({ reached: reached(), steps, at: feetCell(ctx), ...(why ? { why } : {}) })
  while (!reached()) {
    checkAborted(ctx.signal)
    if (Date.now() >= opts.stopAt) return out(`time ran out at y ${feetCell(ctx).y}`)
    const feet = feetCell(ctx)
    let blocked = floorAhead(ctx, feet, dir)
    if (blocked?.startsWith('open') && (await buildStair(ctx, feet, dir))) blocked = null
    const r = blocked ? { ok: false as const, hazard: blocked } : await takeStep(ctx, stairUpStep(feet, dir))
    if (r.ok && feetCell(ctx).y > feet.y) {
      steps++
      turns = 0
      ctx.progress(`stairs up: y ${feetCell(ctx).y}, going to y ${targetY}`)
      if (steps === SEAL_AT_STEP) await sealBehind(ctx, { x: feet.x, y: feet.y + 1, z: feet.z })
      continue
    }
    last = r.ok ? `did not rise at ${fmtPos(feet.x, feet.y, feet.z)}` : r.hazard
    ctx.log.debug('stairs up turn', { why: last })
    if (++turns >= 4) return out(`no way up from ${fmtPos(feet.x, feet.y, feet.z)} (last: ${last})`)
    dir = turnRight(dir)
  }
  return out()
}

/** How far the bot looks for a wall of the cave to dig stairs into when none leads up where it stands. */
const WALL_RADIUS = 8
/** Walks to another wall at most this many times in one climb. */
const MAX_WALL_MOVES = 3

/**
 * Where stairs up can start, nearest first: a cell the bot can stand in (open, with open head room
 * and a known solid floor) beside a known solid block at its feet's level (the cave's wall, the
 * first stair's floor). `tried` holds the spots already climbed from.
 */
export function stairStarts(ctx: SkillContext, from: Position, tried: ReadonlySet<string>): Array<{ feet: Position; dir: Dir }> {
  const open = (p: Position) => {
    const n = knownName(ctx, p)
    return n !== undefined && isAirName(n)
  }
  const out: Array<{ feet: Position; dir: Dir; d: number }> = []
  for (let dx = -WALL_RADIUS; dx <= WALL_RADIUS; dx++) {
    for (let dz = -WALL_RADIUS; dz <= WALL_RADIUS; dz++) {
      for (let dy = -2; dy <= 2; dy++) {
        const feet = { x: from.x + dx, y: from.y + dy, z: from.z + dz }
        if (tried.has(`${feet.x},${feet.y},${feet.z}`) || !open(feet) || !open({ ...feet, y: feet.y + 1 })) continue
        if (cellAsFloor(ctx, { ...feet, y: feet.y - 1 }) !== 'ok') continue
        const dir = CARDINALS.find((d) => floorAhead(ctx, feet, d) === null)
        if (dir) out.push({ feet, dir, d: Math.abs(dx) + Math.abs(dz) + 2 * Math.abs(dy) })
      }
    }
  }
  return out.sort((a, b) => a.d - b.d).map(({ feet, dir }) => ({ feet, dir }))
}

/** How long the path finder gets to find a way up before the stairs are dug (a walk out of a cave is far quicker when there is one). */
const PATH_UP_MS = 45_000

/**
 * surface {}: back under the open sky from below ground: at a few hearts it first lets health come
 * back where it is (a climb meets the cave's monsters); then the path finder's way up (it walks out
 * of a cave, up the bot's own stairs, or digs through what a pickaxe digs fast), then stairs dug by hand.
 */
export const surface: SkillDef<Extract<SkillCall, { skill: 'surface' }>> = {
  name: 'surface',
  timeoutMs: 10 * 60_000,
  async run(ctx) {
    const roof = surfaceAbove(ctx)
    if (roof === null) return ok('already under the open sky')
    const from = feetCell(ctx)
    if (ctx.bot.health <= MEND_BELOW) {
      const health = ctx.bot.health
      const end = await mendUntil(ctx.bot, ctx.registry, { to: MEND_TO, maxMs: MEND_MAX_MS, signal: ctx.signal, onHealing: () => ctx.progress(`resting before the climb (health ${health})`) })
      checkAborted(ctx.signal)
      ctx.log.debug('rest before the climb', { from: health, to: ctx.bot.health, end })
    }
    ctx.progress(`climbing out (solid ground up to y ${roof} above me)`)
    try {
      await goTo(bounded(ctx, PATH_UP_MS), new goals.GoalY(roof + 1), `the surface (y ${roof + 1})`)
    } catch (err) {
      if (ctx.signal.aborted) throw err
      ctx.log.debug('no path up', { err: errorMessage(err) })
    }
    const still = surfaceAbove(ctx)
    if (still === null) return ok(`climbed out from y ${from.y} to y ${feetCell(ctx).y}`)
    ctx.progress(`no path up: digging stairs up toward the surface (y ${still + 1})`)
    const stopAt = ctx.deadline - 2000
    const done = () => surfaceAbove(ctx) === null
    let up = await ascendTo(ctx, still + 1, { stopAt, done })
    // no stair where it stands (open floor all round, in the middle of a cave): to a wall of the cave, and up from there
    const tried = new Set<string>()
    for (let moves = 0; !up.reached && moves < MAX_WALL_MOVES && Date.now() < stopAt; moves++) {
      tried.add(`${up.at.x},${up.at.y},${up.at.z}`)
      const start = stairStarts(ctx, up.at, tried)[0]
      if (!start) break
      const { feet } = start
      tried.add(`${feet.x},${feet.y},${feet.z}`)
      ctx.progress(`${up.why}; walking to the wall at ${fmtPos(feet.x, feet.y, feet.z)} to dig stairs from there`)
      try {
        await goTo(ctx, new goals.GoalBlock(feet.x, feet.y, feet.z), `the wall at ${fmtPos(feet.x, feet.y, feet.z)}`)
      } catch (err) {
        if (ctx.signal.aborted) throw err
        ctx.log.debug('could not walk to the wall', { err: errorMessage(err) })
        continue
      }
      const steps = up.steps
      up = await ascendTo(ctx, (surfaceAbove(ctx) ?? still) + 1, { stopAt, done, dir: start.dir })
      up = { ...up, steps: up.steps + steps }
    }
    if (up.reached) return ok(`climbed out from y ${from.y} to y ${up.at.y} by ${up.steps} stairs dug up`)
    return fail(`still below ground at y ${up.at.y} (from y ${from.y}, ${up.steps} stairs dug up): ${up.why}`)
  },
}

/**
 * Pathfinding helpers every moving skill shares: abortable `goto`, a stuck
 * detector, and stepping toward goals beyond the loaded chunks (pathfinder
 * cannot plan through unloaded terrain, so far goals are reached in legs).
 */
import pathfinderPkg from 'mineflayer-pathfinder'
import type { goals as GoalsNs } from 'mineflayer-pathfinder'
import { Vec3 } from 'vec3'
import { SkillAborted, SkillError, abortReason, abortable, checkAborted, errorMessage, type SkillContext } from './context.js'
import { climbOut, inWater } from './swim.js'
import { pathGoto } from './path-goto.js'
import { FIELD_BLOCKS } from '../../world/farming.js'

const { goals } = pathfinderPkg
export type Goal = GoalsNs.Goal

/** Horizontal leg length for far goals; well inside the smallest sane view distance (2 chunks + margin). */
export const STEP_BLOCKS = 40
export const STUCK_MS = 10_000

export function fmtPos(x: number, y: number | undefined, z: number): string {
  return y === undefined ? `(${Math.round(x)}, ${Math.round(z)})` : `(${Math.round(x)}, ${Math.round(y)}, ${Math.round(z)})`
}

const TIMER_SLACK_MS = 5

/** A step counts as getting closer when the goal's own distance estimate drops by more than this. */
export const CLOSER_BY = 0.5

/**
 * Pathfinder goto that honours the skill's signal and fails with model-readable reasons when the
 * approach makes no progress. Progress is a step that brings the bot closer to the goal (by the
 * goal's own heuristic) or a block of the way broken ('diggingCompleted') soon after one; steps that
 * bring it no closer (round an obstacle, back and forth at an edge, circling) keep it going for a
 * while. `stuckMs` without progress or a step ends the goto; a dig the pathfinder has under way then
 * gets the time that dig needs (`bot.digTime`, once per block). Whatever is walked or dug, 2 ×
 * `stuckMs` without getting closer ends it too: the way does not open. The caller then chooses another target or another approach at once (docs/minecraft.md,
 * "Getting unstuck").
 */
export async function goTo(ctx: SkillContext, goal: Goal, what: string, stuckMs = STUCK_MS): Promise<void> {
  try {
    await goToOnce(ctx, goal, what, stuckMs)
  } catch (err) {
    // the pathfinder plans no way out of a pond two blocks deep (swim.ts): climb out, then again
    if (!(err instanceof SkillError) || !err.message.startsWith('no path to ') || !inWater(ctx.bot)) throw err
    ctx.progress(`climbing out of the water: no path to ${what} from in it`)
    const out = await climbOut(ctx.bot, goalPoint(goal), ctx.signal)
    checkAborted(ctx.signal)
    if (!out) throw err
    await goToOnce(ctx, goal, what, stuckMs)
  }
}

/** Where a goal lies, for the goals that say (block, near, x-z, follow …). */
function goalPoint(goal: Goal): { x: number; y: number; z: number } | undefined {
  const g = goal as unknown as { x?: number; y?: number; z?: number; entity?: { position: { x: number; y: number; z: number } } }
  if (g.entity?.position) return g.entity.position
  return typeof g.x === 'number' && typeof g.z === 'number' ? { x: g.x, y: g.y ?? 0, z: g.z } : undefined
}

async function goToOnce(ctx: SkillContext, goal: Goal, what: string, stuckMs: number): Promise<void> {
  const { bot, signal } = ctx
  if (signal.aborted) throw new SkillAborted(abortReason(signal))
  let last = bot.entity.position.clone()
  let lastRealMoveAt = Date.now()
  let timer: NodeJS.Timeout | undefined
  let onMove: (() => void) | undefined
  let onDug: (() => void) | undefined
  let digKey = ''
  const closeness = (p: { x: number; y: number; z: number }) => {
    try {
      const h = (goal as unknown as { heuristic(n: { x: number; y: number; z: number }): number }).heuristic({ x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) })
      return Number.isFinite(h) ? h : 0
    } catch {
      return 0
    }
  }
  let best = closeness(bot.entity.position)
  // On a tree the way to any goal on the ground starts straight down (leaves and logs broken under the
  // feet, forbidDiggingDown), which brings a goal of x and z no closer: there, each block lower counts.
  const onTree = isTreeBlock(blockUnderFeet(bot))
  let lowest = bot.entity.position.y
  let closerAt = Date.now()
  // Event-driven: steps closer and blocks of the way broken push the deadline back. pathfinder.stop()
  // only takes effect at a "safe" point, which may never come while it thinks or hangs at an edge;
  // our own rejection ends the wait and setGoal(null) ends the path.
  const stuck = new Promise<never>((_, reject) => {
    const arm = (ms = stuckMs) => {
      clearTimeout(timer)
      timer = setTimeout(deadline, Math.max(1, Math.min(ms, closerAt + 2 * stuckMs - Date.now())))
    }
    const opening = () => Date.now() - closerAt < 2 * stuckMs
    const fail = () => {
      const now = Date.now()
      // a timer may fire a millisecond before Date.now() says its time is up
      if (now - lastRealMoveAt >= stuckMs - TIMER_SLACK_MS) return new SkillError(`stuck: no movement for ${Math.round((now - lastRealMoveAt) / 1000)}s while going to ${what}`)
      return new SkillError(`no progress: walking for ${Math.round((now - closerAt) / 1000)}s without getting closer to ${what}`)
    }
    const deadline = () => {
      const dig = (bot as unknown as { targetDigBlock?: { position?: { x: number; y: number; z: number } } | null }).targetDigBlock
      const k = dig?.position ? `${dig.position.x},${dig.position.y},${dig.position.z}` : ''
      if (k && k !== digKey && opening()) {
        // a dig started since the last progress: it gets the time it needs
        digKey = k
        ctx.progress(`clearing the way to ${what}`)
        const needs = digTimeOf(bot, dig)
        arm(needs ? needs + 1000 : stuckMs)
        return
      }
      reject(fail())
    }
    onMove = () => {
      const p = bot.entity?.position
      if (!p || p.distanceTo(last) <= 0.25) return
      last = p.clone()
      lastRealMoveAt = Date.now()
      const h = closeness(p)
      const lower = onTree && p.y < lowest - CLOSER_BY
      if (lower) lowest = p.y
      if (!(h < best - CLOSER_BY) && !lower) {
        // a step round an obstacle keeps the walk going, but only up to 2 × stuckMs since the last step closer
        arm()
        return
      }
      best = Math.min(best, h)
      closerAt = lastRealMoveAt
      ctx.progress(`moving to ${what}`)
      arm()
    }
    onDug = () => {
      if (!opening()) return
      ctx.progress(`clearing the way to ${what}`)
      arm()
    }
    bot.on('move', onMove)
    bot.on('diggingCompleted', onDug)
    arm()
  })
  stuck.catch(() => undefined)
  try {
    // A final empty path ends the walk whatever its status (path-goto.ts): "no path" from where the
    // bot stands looks like arrival. Only goal_reached, or the goal's own test where the bot stands,
    // is arrival here.
    const { reached, status } = await abortable(Promise.race([pathGoto(bot, goal), stuck]), signal)
    if (!reached && !isEndAt(goal, bot.entity.position)) {
      const p = bot.entity.position
      const from = fmtPos(p.x, p.y, p.z)
      if (status === 'timeout') throw new SkillError(`pathfinding to ${what} took too long (terrain too complex) from ${from}`)
      throw new SkillError(`no path to ${what} from ${from}${status && status !== 'noPath' ? ` (path finder: ${status}, empty path)` : ''}`)
    }
  } catch (err) {
    try {
      bot.pathfinder.setGoal(null)
    } catch {
      /* bot gone */
    }
    if (signal.aborted) throw new SkillAborted(abortReason(signal))
    if (err instanceof SkillError) throw err
    const name = (err as { name?: string }).name
    if (name === 'NoPath') throw new SkillError(`no path to ${what}`)
    if (name === 'Timeout') throw new SkillError(`pathfinding to ${what} took too long (terrain too complex)`)
    throw new SkillError(`could not reach ${what}: ${errorMessage(err)}`)
  } finally {
    clearTimeout(timer)
    if (onMove) bot.removeListener('move', onMove)
    if (onDug) bot.removeListener('diggingCompleted', onDug)
  }
}

function blockUnderFeet(bot: SkillContext['bot']): string | undefined {
  try {
    return bot.blockAt(bot.entity.position.offset(0, -1, 0))?.name
  } catch {
    return undefined
  }
}

/** The goal's own test where the bot stands, as pathfinder checks arrival (the floored feet, or one up on a slab or path). */
function isEndAt(goal: Goal, p: { x: number; y: number; z: number }): boolean {
  const at = new Vec3(Math.floor(p.x), Math.floor(p.y), Math.floor(p.z))
  try {
    return goal.isEnd(at as never) || goal.isEnd(at.offset(0, 1, 0) as never)
  } catch {
    return false
  }
}

/** How long the dig under way takes with what the bot holds (mineflayer's estimate); 0 when unknown. */
function digTimeOf(bot: SkillContext['bot'], dig: unknown): number {
  try {
    const t = (bot as unknown as { digTime(b: unknown): number }).digTime(dig)
    return Number.isFinite(t) && t > 0 ? t : 0
  } catch {
    return 0
  }
}

/**
 * Walks toward (x, z) in legs of STEP_BLOCKS, trying detours of ±35°/±70° when a
 * leg has no path, then finishes with `final` once the goal is near.
 */
export async function travel(ctx: SkillContext, x: number, z: number, final: Goal, what: string): Promise<void> {
  const { bot } = ctx
  const startDist = Math.hypot(x - bot.entity.position.x, z - bot.entity.position.z)
  for (let legs = 0; legs < 1000; legs++) {
    const p = bot.entity.position
    const dx = x - p.x
    const dz = z - p.z
    const dist = Math.hypot(dx, dz)
    if (dist <= STEP_BLOCKS) {
      await goTo(ctx, final, what)
      return
    }
    ctx.progress(`travelling to ${what}: ${Math.round(dist)} blocks left`, startDist > 0 ? 1 - dist / startDist : undefined)
    const leg = await stepToward(ctx, Math.atan2(dz, dx), [0, 35, -35, 70, -70], STEP_BLOCKS, 4, (at) => `${what} (waypoint ${at})`)
    if (!leg.moved) {
      throw new SkillError(`blocked on the way to ${what}: no path onward from ${fmtPos(p.x, p.y, p.z)} (${errorMessage(leg.lastErr)})`)
    }
  }
  throw new SkillError(`gave up travelling to ${what}`)
}

/**
 * One leg of `length` blocks from where the bot stands, heading `base` (radians in the XZ
 * plane) turned by each of `turns` (degrees) in order until one has a path.
 */
export async function stepToward(
  ctx: SkillContext,
  base: number,
  turns: readonly number[],
  length: number,
  range: number,
  label: (at: string) => string,
): Promise<{ moved: boolean; lastErr?: unknown }> {
  const p = ctx.bot.entity.position.clone()
  let lastErr: unknown
  for (const turn of turns) {
    const a = base + (turn * Math.PI) / 180
    const tx = p.x + Math.cos(a) * length
    const tz = p.z + Math.sin(a) * length
    try {
      await goTo(ctx, new goals.GoalNearXZ(tx, tz, range), label(fmtPos(tx, undefined, tz)))
      // a leg counts only when the bot really went somewhere
      const now = ctx.bot.entity.position
      if (Math.hypot(now.x - p.x, now.z - p.z) >= 1) return { moved: true }
      lastErr = new SkillError(`no step made toward ${label(fmtPos(tx, undefined, tz))} from ${fmtPos(p.x, p.y, p.z)}`)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      lastErr = err
    }
  }
  return { moved: false, lastErr }
}

/**
 * Never dig straight down on a walk: mineflayer-pathfinder's "move down" breaks the block under the
 * feet when it is in the way (the bot then drops into a shaft it cannot see the bottom of: lava,
 * a cave). The move is kept only where nothing has to be broken (a drop through air, a ladder),
 * or where the bot stands on a tree: leaves and logs are not ground but a crown and a trunk in the
 * open air, over ground the bot has seen, and breaking them is how a player gets down from a tree.
 * Leaves alone are not enough: a big oak's lowest leaves hang higher over the ground than the
 * path finder drops, so the way down is through the trunk, which ends on the tree's own dirt
 * (not broken: dirt is ground). The landing is still the path finder's: its longest drop applies.
 */
export function forbidDiggingDown(moves: object): void {
  type Neighbour = { toBreak?: unknown[] }
  const m = moves as { getMoveDown?: (node: unknown, neighbors: Neighbour[]) => void }
  const original = m.getMoveDown
  if (typeof original !== 'function') return
  m.getMoveDown = function (this: { getBlock?: (node: unknown, dx: number, dy: number, dz: number) => { name?: string } | null }, node, neighbors) {
    const found: Neighbour[] = []
    original.call(this, node, found)
    const onTree = () => typeof this.getBlock === 'function' && isTreeBlock(this.getBlock(node, 0, -1, 0)?.name)
    for (const move of found) if (!move.toBreak?.length || onTree()) neighbors.push(move)
  }
}

/**
 * The path finder never digs through a field: farmland, or a crop or stem on it, is not broken on
 * a walk (breaking farmland breaks its crop). A wheat run's shelter climbed out at dawn by a
 * staircase dug through a plot beside the pit, and the crop's growth was lost every night.
 */
export function spareFields(moves: object, registry: { blocksByName: Record<string, { id: number } | undefined> }): void {
  const m = moves as { blocksCantBreak?: Set<number> }
  if (!m.blocksCantBreak) return
  for (const name of FIELD_BLOCKS) {
    const b = registry.blocksByName[name]
    if (b) m.blocksCantBreak.add(b.id)
  }
}

/** Leaves and logs: what a tree is made of (never the ground). */
export function isTreeBlock(name: string | undefined): boolean {
  return !!name && (name.endsWith('_leaves') || name.endsWith('_log'))
}

interface CellLike {
  x: number
  y: number
  z: number
}

/**
 * Fair play for the pathfinder's own digging: a block is dug only once a face of it is open, as a
 * player can only break a block it can see. Each move's blocks to break are put in an order where
 * every one is known (exposed now) or touches a cell already open by then: the bot's own two cells
 * where it stands for that move, or a block of the same move broken before it. A move with no such
 * order is dropped. mineflayer-pathfinder breaks a diagonal step up (`getMoveDiagonal`, y + 1) side
 * block first, before the block over the bot's head that opens it; a CI run's fair-play test caught
 * such a dig ("dirt@165,61,-122").
 */
export function digOnlyWhatIsOpen(moves: object, isKnown: (p: CellLike) => boolean): void {
  const m = moves as { getNeighbors?: (node: CellLike) => Array<{ toBreak?: CellLike[] }> }
  const original = m.getNeighbors
  if (typeof original !== 'function') return
  m.getNeighbors = function (this: unknown, node) {
    const kept: Array<{ toBreak?: CellLike[] }> = []
    for (const move of original.call(this, node)) {
      if (!move.toBreak?.length) {
        kept.push(move)
        continue
      }
      const order = openOrder(node, move.toBreak, isKnown)
      if (!order) continue
      move.toBreak = order
      kept.push(move)
    }
    return kept
  }
}

/** `toBreak` in an order where each block is known or touches an open cell, or null when there is none. */
export function openOrder<T extends CellLike>(stand: CellLike, toBreak: readonly T[], isKnown: (p: CellLike) => boolean): T[] | null {
  const open: CellLike[] = [stand, { x: stand.x, y: stand.y + 1, z: stand.z }]
  const touches = (a: CellLike) => open.some((o) => Math.abs(o.x - a.x) + Math.abs(o.y - a.y) + Math.abs(o.z - a.z) === 1)
  const left = [...toBreak]
  const order: T[] = []
  while (left.length) {
    const i = left.findIndex((b) => touches(b) || isKnown(b))
    if (i < 0) return null
    const [next] = left.splice(i, 1)
    order.push(next!)
    open.push(next!)
  }
  return order
}

export function vec(x: number, y: number, z: number): Vec3 {
  return new Vec3(x, y, z)
}

export { goals }

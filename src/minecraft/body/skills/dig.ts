/** Mining one block: reach it, pick the right tool, dig, and pick up what dropped. */
import type { Block } from 'prismarine-block'
import type { Entity } from 'prismarine-entity'

import type { Bot } from 'mineflayer'

/** mineflayer's own vec3 copy (its type differs from the root vec3 package's). */
type Vec3 = Parameters<Bot['blockAt']>[0]
import { describeHarvestTools } from '../items.js'
import { namespaced } from '../../names.js'
import { SkillAborted, SkillError, abortReason, abortable, errorMessage, eventWithin, type SkillContext } from './context.js'
import { goTo, goals, fmtPos } from './nav.js'
import { unreachableDropsFor } from './unreachable.js'

/** null when the bot can harvest `block` with what it carries, else the model-readable reason. */
export function missingToolReason(ctx: SkillContext, block: Block): string | null {
  const tools = block.harvestTools as Record<string, boolean> | undefined
  if (!tools) return null
  const have = ctx.bot.inventory.items().some((it) => tools[String(it.type)])
  if (have) return null
  return `need ${describeHarvestTools(ctx.registry, tools) ?? 'a better tool'} to harvest ${block.name}`
}

export function isItemEntity(e: Entity): boolean {
  return e.name === 'item' || e.displayName === 'Item'
}

/**
 * Walks over dropped items within `radius` of `pos` until they are picked up (or unreachable).
 * Event-driven: waits for the drop to appear (`entitySpawn`) and for each pickup (`entityGone`),
 * each wait bounded, instead of polling on a timer. A drop the bot could not get to is remembered
 * (unreachable.ts) and not walked to again after the next dig.
 */
export async function pickUpNear(ctx: SkillContext, pos: Vec3, radius = 6, maxMs = 6000): Promise<void> {
  const { bot, signal } = ctx
  const until = Date.now() + maxMs
  const tried = new Set<number>()
  const leftBehind = unreachableDropsFor(bot)
  const near = (e: Entity) => isItemEntity(e) && !tried.has(e.id) && !leftBehind.has(e.id) && e.position.distanceTo(pos) <= radius
  // drops spawn a moment after the block breaks
  if (!Object.values(bot.entities).some(near)) await eventWithin(bot, 'entitySpawn', (e: Entity) => near(e), 1000, signal)
  while (Date.now() < until) {
    const drops = Object.values(bot.entities)
      .filter(near)
      .sort((a, b) => a.position.distanceTo(bot.entity.position) - b.position.distanceTo(bot.entity.position))
    const next = drops[0]
    if (!next) return
    tried.add(next.id)
    try {
      const p = next.position
      if (bot.entities[next.id]) await goTo(ctx, new goals.GoalNear(p.x, p.y, p.z, 1), `dropped item at ${fmtPos(p.x, p.y, p.z)}`, 4000)
      // the server picks up within ~1.75 blocks; a drop still there after a short bound is left behind
      // (the wait starts after the walk: one started before it stayed behind as a listener when the walk failed)
      if (bot.entities[next.id]) await eventWithin(bot, 'entityGone', (e: Entity) => e.id === next.id, Math.max(0, Math.min(1200, until - Date.now())), signal)
      if (bot.entities[next.id]) leftBehind.mark(next.id)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      leftBehind.mark(next.id)
      ctx.log.debug('drop unreachable', { err: errorMessage(err) })
    }
  }
}

/** `bot.dig` that honours the skill's signal: on abort the dig stops and SkillAborted is thrown; other failures pass through. */
export async function digBlock(ctx: SkillContext, block: Block): Promise<void> {
  const { bot, signal } = ctx
  try {
    await abortable(bot.dig(block, true), signal)
  } catch (err) {
    if (!signal.aborted) throw err
    try {
      bot.stopDigging()
    } catch {
      /* not digging */
    }
    throw new SkillAborted(abortReason(signal))
  }
}

/** How long to wait for the feet to land before a dig (a jump, a step down). */
const LAND_WAIT_MS = 1500
/** A dig this many times slower than on dry ground, and longer than SLOW_DIG_MS, is not started: another block, another approach. */
const SLOW_DIG_FACTOR = 4
const SLOW_DIG_MS = 8000

/** Whether a dig timed at `needsMs` from where the bot stands is not worth starting, against `dryMs` on dry ground. */
export function tooSlowToDig(needsMs: number, dryMs: number): boolean {
  return needsMs > SLOW_DIG_FACTOR * dryMs && needsMs > SLOW_DIG_MS
}

/** Eye height and the reach used to decide whether to walk first (mineflayer's canDigBlock allows 5.1 from the eyes). */
const EYE_HEIGHT = 1.62
export const DIG_REACH = 4.5
function withinReach(bot: Bot, pos: Vec3): boolean {
  return bot.entity.position.offset(0, EYE_HEIGHT, 0).distanceTo(pos.offset(0.5, 0.5, 0.5)) <= DIG_REACH
}

/**
 * Digs the block at `pos` (which must still be one of `names`) and collects its drops.
 * Throws SkillError when unreachable, SkillAborted on cancel.
 */
export interface MineOptions {
  /** Wait for the block's drops and walk over them (default true); false: the caller sweeps for the drops it wants. */
  pickUp?: boolean
}

export async function mineBlockAt(ctx: SkillContext, pos: Vec3, names?: string[], opts: MineOptions = {}): Promise<void> {
  const { bot, signal } = ctx
  let block = bot.blockAt(pos)
  if (!block || block.name === 'air') return
  const toolReason = missingToolReason(ctx, block)
  if (toolReason) throw new SkillError(toolReason)
  ctx.setActivity({ kind: 'mining', block: namespaced(block.name) })
  // never straight down: a block in the bot's own column below its feet is dug from beside it
  const under = () => {
    const f = bot.entity.position.floored()
    return f.x === pos.x && f.z === pos.z && pos.y < f.y
  }
  // within reach as mineflayer measures it (from the eyes), with a margin: a block 4 below the feet is not
  if (!withinReach(bot, pos) || under()) {
    const reach = new goals.GoalLookAtBlock(pos, bot.world, { reach: 4 })
    const goal = under() ? new goals.GoalCompositeAll([reach, new goals.GoalInvert(new goals.GoalXZ(pos.x, pos.z))]) : reach
    await goTo(ctx, goal, `${block.name} at ${fmtPos(pos.x, pos.y, pos.z)}`)
    if (under()) throw new SkillError(`${block.name} at ${fmtPos(pos.x, pos.y, pos.z)} is straight under my feet and I found no place beside it to dig from`)
  }
  block = bot.blockAt(pos)
  if (!block || block.name === 'air' || (names && !names.includes(block.name))) return
  try {
    await abortable(bot.tool.equipForBlock(block, { requireHarvest: !!block.harvestTools }), signal)
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    throw new SkillError(`cannot equip a tool for ${block.name}: ${errorMessage(err)}`)
  }
  if (!bot.canDigBlock(block)) throw new SkillError(`${block.name} at ${fmtPos(pos.x, pos.y, pos.z)} is out of reach`)
  // mineflayer times the dig when it starts: 5× slower in the air, 5× again in water. Land first,
  // and leave a block that would still take that long from here (a log dug while swimming: a minute)
  if (!bot.entity.onGround) await eventWithin(bot, 'physicsTick', () => bot.entity.onGround, LAND_WAIT_MS, signal)
  const needs = bot.digTime(block)
  const dry = block.digTime(bot.heldItem?.type ?? null, false, false, false, bot.heldItem?.enchants ?? [], bot.entity.effects)
  if (tooSlowToDig(needs, dry)) {
    const where = (bot.entity as unknown as { isInWater?: boolean }).isInWater ? 'in water' : 'not standing on the ground'
    throw new SkillError(`digging ${block.name} at ${fmtPos(pos.x, pos.y, pos.z)} would take ${Math.round(needs / 1000)}s from where I can reach it (${where})`)
  }
  try {
    await digBlock(ctx, block)
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    throw new SkillError(`digging ${block.name} failed: ${errorMessage(err)}`)
  }
  ctx.progress(`mined ${block.name}`)
  if (opts.pickUp !== false) await pickUpNear(ctx, pos)
}

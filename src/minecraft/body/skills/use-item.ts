/**
 * Using the held item as a player does: on a block face (hoe, seeds, bone meal: mineflayer's
 * `activateBlock`, a `block_place` packet), toward a point (buckets: look, then `use_item`) or on an
 * entity (`activateEntity`). Each waits for the world's answer (a block update, an inventory change)
 * within a bound and says whether it came.
 */
import type { Block } from 'prismarine-block'
import type { Entity } from 'prismarine-entity'
import { Vec3 } from 'vec3'
import { namespaced } from '../../names.js'
import { SkillError, abortable, eventWithin, sleep, type SkillContext } from './context.js'

const ANSWER_MS = 2000

/** Puts one `name` item in the hand; throws a SkillError naming it when there is none. */
export async function holdItem(ctx: SkillContext, name: string): Promise<void> {
  const { bot, signal } = ctx
  if (bot.heldItem?.name === name) return
  const item = bot.inventory.items().find((i) => i.name === name)
  if (!item) throw new SkillError(`no ${namespaced(name)} in inventory`)
  await abortable(bot.equip(item, 'hand'), signal)
}

/** Waits until the block at `pos` satisfies `ok` (checked at once, then on each update of that block). */
export async function blockBecomes(ctx: SkillContext, pos: Vec3, ok: (b: Block | null) => boolean, ms = ANSWER_MS): Promise<boolean> {
  const { bot, signal } = ctx
  if (ok(bot.blockAt(pos))) return true
  const came = await eventWithin(bot, 'blockUpdate', (_old: Block | null, now: Block) => !!now && now.position.equals(pos) && ok(now), ms, signal)
  return came || ok(bot.blockAt(pos))
}

/** Waits until the inventory satisfies `ok` (checked at once, then on each slot update). */
export async function inventoryBecomes(ctx: SkillContext, ok: (counts: Record<string, number>) => boolean, ms = ANSWER_MS): Promise<boolean> {
  const { bot, signal } = ctx
  if (ok(ctx.counts())) return true
  const came = await eventWithin(bot.inventory as never, 'updateSlot', () => ok(ctx.counts()), ms, signal)
  return came || ok(ctx.counts())
}

/** Uses the held item on the top (or given) face of `block`. */
export async function useOnBlock(ctx: SkillContext, block: Block, face = new Vec3(0, 1, 0)): Promise<void> {
  await abortable(ctx.bot.activateBlock(block, face), ctx.signal)
}

/** Looks at `point` and uses the held item (a bucket): the server traces the look ray. */
export async function useToward(ctx: SkillContext, point: Vec3): Promise<void> {
  const { bot, signal } = ctx
  await abortable(bot.lookAt(point, true), signal)
  // the look goes out with the next physics tick; the use must come after it
  await sleep(120, signal)
  bot.activateItem()
  bot.deactivateItem()
}

/** Uses the held item on an entity (interact). */
export async function useOnEntity(ctx: SkillContext, entity: Entity): Promise<void> {
  await abortable(ctx.bot.activateEntity(entity), ctx.signal)
}

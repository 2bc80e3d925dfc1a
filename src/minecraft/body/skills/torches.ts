/**
 * Torches underground: crafted from coal (or charcoal) and sticks when the bot goes down, and
 * placed on the floor of the tunnel behind it every TORCH_SPACING blocks of stairs or tunnel dug
 * under cover.
 *
 * Why a distance rule and not the light level: flying-squid keeps no block light (a torch changes
 * nothing the client is sent), so the light the client knows underground is 0 everywhere. The
 * world's monster rule estimates block light as the emission (torch 14) minus the Manhattan
 * distance (world/block-view.ts); torches 8 apart along a tunnel leave no tunnel cell farther than
 * 4 from one, block light ≥ 10, above the spawning limit of 7.
 */
import type { Position } from '../types.js'
import { SkillAborted, errorMessage, type SkillContext } from './context.js'
import { craftItem } from './crafting.js'
import { mineBlockAt } from './dig.js'
import { knownAround } from './known-cells.js'
import { placeAt } from './placing.js'
import { fmtPos, vec } from './nav.js'
import { fluidAmong, isAirName } from './tunnel.js'

export const TORCH_SPACING = 8
/** Torches made at most when going down (4 crafts). */
export const TORCH_BATCH = 16
/** Kept for smelting and the iron pickaxe's handle: the bot makes torches only from what is beyond. */
const KEEP_COAL = 1
const KEEP_STICKS = 2

const count = (ctx: SkillContext, name: string) => ctx.bot.inventory.items().reduce((n, i) => (i.name === name ? n + i.count : n), 0)

/**
 * How many torch crafts (4 torches each) the carried coal/charcoal and sticks afford beyond what is
 * kept, capped by the batch. Pure, for the unit tests.
 */
export function torchCrafts(fuel: number, sticks: number, torches: number, batch = TORCH_BATCH): number {
  const wanted = Math.ceil(Math.max(0, batch - torches) / 4)
  return Math.max(0, Math.min(wanted, fuel - KEEP_COAL, sticks - KEEP_STICKS))
}

/** Crafts torches when the bot carries coal or charcoal and sticks to spare. Returns the torches held. */
export async function craftTorches(ctx: SkillContext): Promise<number> {
  const fuel = count(ctx, 'coal') + count(ctx, 'charcoal')
  const crafts = torchCrafts(fuel, count(ctx, 'stick'), count(ctx, 'torch'))
  if (crafts > 0) {
    try {
      const made = await craftItem(ctx, 'torch', crafts * 4)
      ctx.progress(`torches: ${made.reason}`)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      ctx.log.debug('no torches', { err: errorMessage(err) })
    }
  }
  return count(ctx, 'torch')
}

/** Below this many torches carried, with no coal to spare, the bot mines coal ore it passes. */
export const TORCHES_LOW = 4
/** Coal ore this close to the eyes is "passed": dug from where the bot stands, no walk. */
export const COAL_REACH = 4

/** Whether the bot should mine coal it passes: few torches left and no coal beyond what it keeps. Pure. */
export function wantsCoal(torches: number, fuel: number): boolean {
  return torches < TORCHES_LOW && fuel - KEEP_COAL < 1
}

/**
 * Mines the coal ore the tunnel shows within reach when torches run low (fair play: known coal
 * only; never one with lava or water beside it, never straight down), then crafts torches from it
 * when sticks allow (sticks from planks when none are spare). Returns how many coal ores it mined.
 */
export async function coalOnTheWay(ctx: SkillContext): Promise<number> {
  const { bot } = ctx
  let mined = 0
  for (let i = 0; i < 4; i++) {
    if (!wantsCoal(count(ctx, 'torch'), count(ctx, 'coal') + count(ctx, 'charcoal')) && mined === 0) return 0
    if (mined > 0 && count(ctx, 'coal') + count(ctx, 'charcoal') > KEEP_COAL + 1) break
    const eye = bot.entity.position.offset(0, 1.62, 0)
    const f = bot.entity.position.floored()
    const coal = ctx.knowledge
      .find((n) => n === 'coal_ore', { radius: COAL_REACH + 1, count: 16 })
      .find((k) => {
        if (eye.distanceTo(vec(k.position.x + 0.5, k.position.y + 0.5, k.position.z + 0.5)) > COAL_REACH) return false
        if (k.position.x === f.x && k.position.z === f.z && k.position.y < f.y) return false
        return !fluidAmong(knownAround(ctx, k.position))
      })
    if (!coal) break
    ctx.knowledge.chose(coal.name, coal.position, 'coal')
    try {
      await mineBlockAt(ctx, vec(coal.position.x, coal.position.y, coal.position.z) as never, ['coal_ore'])
      mined++
      ctx.progress(`mined coal ore at ${fmtPos(coal.position.x, coal.position.y, coal.position.z)} for torches`)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      ctx.log.debug('coal not mined', { err: errorMessage(err) })
      break
    }
  }
  if (mined > 0) {
    if (count(ctx, 'stick') <= KEEP_STICKS && bot.inventory.items().some((i) => i.name.endsWith('_planks') && i.count >= 2)) {
      await craftItem(ctx, 'stick', 4).catch((err: unknown) => {
        if (err instanceof SkillAborted) throw err
      })
    }
    await craftTorches(ctx)
  }
  return mined
}

/** Counts the blocks dug under cover and lights the tunnel behind the bot every TORCH_SPACING of them. */
export class TorchTrail {
  private since = TORCH_SPACING - 2
  readonly placed: Position[] = []

  constructor(private readonly ctx: SkillContext) {}

  /**
   * The bot stepped from `left` (a cell of the tunnel, floor below it) while under cover: after
   * TORCH_SPACING such steps, a torch goes on that cell's floor. Best effort: a failure is retried
   * at the next step.
   */
  async stepped(left: Position, underCover: boolean): Promise<void> {
    if (!underCover) return
    this.since++
    if (this.since < TORCH_SPACING || count(this.ctx, 'torch') === 0) return
    const { bot } = this.ctx
    const cell = bot.blockAt(vec(left.x, left.y, left.z))
    const floor = bot.blockAt(vec(left.x, left.y - 1, left.z))
    if (!cell || !isAirName(cell.name) || floor?.boundingBox !== 'block') return
    try {
      await placeAt(this.ctx, 'torch', vec(left.x, left.y, left.z) as never)
      this.placed.push(left)
      this.since = 0
      this.ctx.progress(`placed a torch at ${fmtPos(left.x, left.y, left.z)}`)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      this.ctx.log.debug('torch not placed', { at: fmtPos(left.x, left.y, left.z), err: errorMessage(err) })
    }
  }
}

/**
 * Sealing in where the bot is (./enclosure-plan.ts decides how): for a bot in a cave, under an
 * overhang, or down a hole that opened into a cave at dusk. It places blocks it carries in the open
 * cells around its feet and head, or digs two cells into a wall, steps in and closes the entrance.
 * In the morning `openWayOut` digs the way out again.
 */
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { SkillAborted, SkillError, abortable, checkAborted, errorMessage, eventWithin, type SkillContext } from './context.js'
import { goTo, goals, fmtPos } from './nav.js'
import { planEnclosure, type Cell, type CellKind, type CellView, type EnclosurePlan } from './enclosure-plan.js'

type P = Parameters<Bot['blockAt']>[0]

/** Blocks to seal with, best first; planks and logs only when nothing else is carried. */
const SEAL_BLOCKS = ['dirt', 'cobblestone', 'coarse_dirt', 'netherrack', 'andesite', 'diorite', 'granite', 'stone', 'sand', 'red_sand', 'gravel', 'sandstone', 'cobbled_deepslate']

/** The carried item to seal with, best first (null when there is none). */
export function sealItem(bot: Bot): ReturnType<Bot['inventory']['items']>[number] | null {
  const carried = bot.inventory.items()
  return SEAL_BLOCKS.map((n) => carried.find((i) => i.name === n)).find(Boolean) ?? carried.find((i) => /_planks$/.test(i.name)) ?? carried.find((i) => /_log$/.test(i.name)) ?? null
}

/** How many blocks the bot carries that it would seal with. */
export function sealBlocksCarried(bot: Bot): number {
  return bot.inventory
    .items()
    .filter((i) => SEAL_BLOCKS.includes(i.name) || /_(planks|log)$/.test(i.name))
    .reduce((n, i) => n + i.count, 0)
}

function kindOf(b: Block | null): CellKind {
  if (!b) return 'unknown'
  if (b.name === 'lava') return 'lava'
  if (b.name === 'water') return 'water'
  return b.boundingBox === 'block' ? 'solid' : 'open'
}

/** Seconds to dig `b` with the best tool carried (or the hand); Infinity when it cannot be dug. */
export function digSeconds(bot: Bot, b: Block): number {
  if (b.hardness === null || b.hardness === undefined || b.hardness < 0) return Infinity
  const tools = [null, ...bot.inventory.items().filter((i) => /_(pickaxe|shovel|axe)$/.test(i.name)).map((i) => i.type)]
  let best = Infinity
  for (const t of tools) best = Math.min(best, b.digTime(t, false, false, false, [], []) / 1000)
  return best
}

const sameCell = (a: Cell, b: Cell) => a.x === b.x && a.y === b.y && a.z === b.z

/** How far (blocks, each way) a cell to seal in at may be; a wall slower than this (both cells) to dig is not dug into. */
const STAND_REACH = 6
const MAX_WALL_SECONDS = 16

/** Cells near the bot it sees and could stand in (free feet and head, solid floor), within STAND_REACH blocks. */
function standsNear(bot: Bot, feet: Cell, seen?: (p: P) => boolean): Cell[] {
  if (!seen) return []
  const out: Cell[] = []
  const free = (c: Cell) => {
    const b = bot.blockAt(vec(c))
    return !!b && b.boundingBox === 'empty' && b.name !== 'water' && b.name !== 'lava'
  }
  for (let dx = -STAND_REACH; dx <= STAND_REACH; dx++)
    for (let dz = -STAND_REACH; dz <= STAND_REACH; dz++)
      for (let dy = -1; dy <= 1; dy++) {
        const c = { x: feet.x + dx, y: feet.y + dy, z: feet.z + dz }
        const head = { ...c, y: c.y + 1 }
        if (!seen(vec(c)) || !seen(vec(head)) || !free(c) || !free(head)) continue
        if (bot.blockAt(vec({ ...c, y: c.y - 1 }))?.boundingBox !== 'block') continue
        out.push(c)
      }
  return out
}

const vec = (c: Cell): P => new Vec3(c.x, c.y, c.z) as unknown as P

/**
 * What the bot can see around it (fair play): the cells touching its feet and head it sees; farther
 * cells only when its block knowledge holds them or `seen` says it saw the open space there.
 */
export function viewAround(bot: Bot, isKnown: (p: P) => boolean, seen: (p: P) => boolean = () => false): CellView {
  const feet = bot.entity.position.floored()
  const touching = (c: Cell) => Math.abs(c.x - feet.x) + Math.abs(c.z - feet.z) <= 1 && c.y >= feet.y - 1 && c.y <= feet.y + 2
  const look = (c: Cell): Block | null => {
    const p = vec(c)
    return touching(c) || isKnown(p) || seen(p) ? bot.blockAt(p) : null
  }
  return {
    kind: (c) => kindOf(look(c)),
    digSeconds: (c) => {
      const b = look(c)
      return b ? digSeconds(bot, b) : Infinity
    },
    yieldsBlock: (c) => {
      const b = look(c)
      if (!b || b.boundingBox !== 'block') return false
      const harvest = (b as Block & { harvestTools?: Record<string, boolean> }).harvestTools
      const dropsSeal = /^(dirt|grass_block|coarse_dirt|sand|red_sand|gravel|stone|cobblestone|andesite|diorite|granite|netherrack|sandstone)$/.test(b.name)
      return dropsSeal && (!harvest || bot.inventory.items().some((i) => harvest[String(i.type)]))
    },
  }
}

/** Places one block from the inventory at `cell` against `against`; true once the cell is solid. */
async function placeAt(ctx: SkillContext, cell: Cell, against: Cell): Promise<void> {
  const { bot, signal } = ctx
  const filled = () => bot.blockAt(vec(cell))?.boundingBox === 'block'
  let last = ''
  for (let attempt = 0; attempt < 2 && !filled(); attempt++) {
    const item = sealItem(bot)
    if (!item) throw new SkillError(`ran out of blocks to seal with at ${fmtPos(cell.x, cell.y, cell.z)}`)
    const ref = bot.blockAt(vec(against))
    if (!ref || ref.boundingBox !== 'block') throw new SkillError(`nothing to place against at ${fmtPos(against.x, against.y, against.z)}`)
    await abortable(bot.equip(item, 'hand'), signal)
    try {
      await abortable(bot.placeBlock(ref, new Vec3(cell.x - against.x, cell.y - against.y, cell.z - against.z) as never), signal)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      last = errorMessage(err)
      // a loaded server may send the block update late
      await eventWithin(bot, 'physicsTick', filled, 3000, signal)
    }
  }
  if (!filled()) throw new SkillError(`could not place a block at ${fmtPos(cell.x, cell.y, cell.z)}${last ? ` (${last})` : ''}`)
}

async function digCell(ctx: SkillContext, cell: Cell): Promise<void> {
  const { bot, signal } = ctx
  const b = bot.blockAt(vec(cell))
  if (!b || b.boundingBox !== 'block') return
  try {
    await abortable(bot.tool.equipForBlock(b, {}), signal)
    await abortable(bot.dig(b, true), signal)
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    throw new SkillError(`digging into the wall failed at ${fmtPos(cell.x, cell.y, cell.z)}: ${errorMessage(err)}`)
  }
}

export interface SealedIn {
  at: Cell
  plan: EnclosurePlan
  how: string
}

/**
 * Seals the bot in where it is; throws a SkillError with the reason when it cannot. `seen` adds
 * the open space the bot sees around it to what it knows (its knowledge holds solid blocks only).
 */
export async function sealInPlace(ctx: SkillContext, seen?: (p: P) => boolean): Promise<SealedIn> {
  const { bot } = ctx
  // mid-jump or sliding, the cell under the bot is not where it stands
  if (!bot.entity.onGround) await eventWithin(bot, 'physicsTick', () => bot.entity.onGround, 2000, ctx.signal)
  const feet = bot.entity.position.floored()
  const view = viewAround(bot, (p) => ctx.knowledge.isKnown(p), seen)
  let plan = planEnclosure(view, feet, { blocks: sealBlocksCarried(bot), stands: standsNear(bot, feet, seen), maxDigSeconds: MAX_WALL_SECONDS })
  if ('reason' in plan) throw new SkillError(plan.reason)
  if (!sameCell(plan.from, feet)) {
    // a better spot a few steps away: walk there, and plan again from what the bot sees there
    const to = plan.from
    await goTo(ctx, new goals.GoalBlock(to.x, to.y, to.z), `the spot to seal in at ${fmtPos(to.x, to.y, to.z)}`)
    const here = bot.entity.position.floored()
    plan = planEnclosure(viewAround(bot, (p) => ctx.knowledge.isKnown(p), seen), here, { blocks: sealBlocksCarried(bot), maxDigSeconds: MAX_WALL_SECONDS })
    if ('reason' in plan) throw new SkillError(`walked to ${fmtPos(here.x, here.y, here.z)} to seal in, but ${plan.reason}`)
  }
  ctx.progress(`sealing in (${plan.way}) at ${fmtPos(plan.stand.x, plan.stand.y, plan.stand.z)}`)
  for (const c of plan.dig) {
    checkAborted(ctx.signal)
    await digCell(ctx, c)
  }
  if (plan.dig.length) {
    await goTo(ctx, new goals.GoalBlock(plan.stand.x, plan.stand.y, plan.stand.z), `the dug-out cell ${fmtPos(plan.stand.x, plan.stand.y, plan.stand.z)}`)
    const here = bot.entity.position.floored()
    if (here.x !== plan.stand.x || here.y !== plan.stand.y || here.z !== plan.stand.z) throw new SkillError(`could not step into the wall at ${fmtPos(plan.stand.x, plan.stand.y, plan.stand.z)}`)
    // what digging showed: the cell must really be closed but for the entrance
    const again: ReturnType<typeof planEnclosure> = planEnclosure(viewAround(bot, (p) => ctx.knowledge.isKnown(p), seen), plan.stand, { blocks: sealBlocksCarried(bot) })
    if ('reason' in again) throw new SkillError(`dug into the wall at ${fmtPos(plan.stand.x, plan.stand.y, plan.stand.z)}, but ${again.reason}`)
    if (again.way !== 'in place') throw new SkillError(`dug into the wall at ${fmtPos(plan.stand.x, plan.stand.y, plan.stand.z)}, but it opens up behind`)
    plan.place = again.place
  }
  for (const p of plan.place) {
    checkAborted(ctx.signal)
    await placeAt(ctx, p.cell, p.against)
  }
  const n = plan.place.length
  const how = plan.way === 'in place' ? `sealed in where it stood at ${fmtPos(plan.stand.x, plan.stand.y, plan.stand.z)} (${n} block${n === 1 ? '' : 's'})` : `dug into the wall at ${fmtPos(plan.stand.x, plan.stand.y, plan.stand.z)} and closed the entrance`
  return { at: plan.stand, plan, how }
}

/** In the morning: digs the two cells on the exit side open again. */
export async function openWayOut(ctx: SkillContext, at: Cell, exit: { dx: number; dz: number }): Promise<string> {
  const door = { x: at.x + exit.dx, y: at.y, z: at.z + exit.dz }
  try {
    await digCell(ctx, { ...door, y: door.y + 1 })
    await digCell(ctx, door)
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    return `still in (${errorMessage(err)})`
  }
  return `opened the way out at ${fmtPos(door.x, door.y, door.z)}`
}

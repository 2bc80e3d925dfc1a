/**
 * One step of digging by hand (a stair down or a 1×2 tunnel, tunnel.ts): open the cells top
 * first, look at what each opened cell reveals, check the floor, step in. Fair play: every cell is
 * dug only when the bot knows it (each one is exposed by the cell opened before it), and the
 * hazard checks read the block knowledge, never blocks the bot could not see.
 */
import type { Block } from 'prismarine-block'
import type { Position } from '../types.js'
import { SkillAborted, SkillError, abortReason, abortable, errorMessage, eventWithin, type SkillContext } from './context.js'
import { fmtPos, goTo, goals, vec } from './nav.js'
import { placeAt } from './placing.js'
import { digBlock } from './dig.js'
import { knownAround, knownName } from './known-cells.js'
import { MAX_SAFE_DROP, safeMinY, digVerdict, floorVerdict, fluidAmong, isAirName, landingVerdict, neighbours, type Step } from './tunnel.js'

export type StepOutcome = { ok: true } | { ok: false; hazard: string; at: Position }

const where = (p: Position) => fmtPos(p.x, p.y, p.z)
/** Blocks the bot fills a cell with to keep lava or water out (cheap ones, never a crafting material it saves). */
export const PLUG_BLOCKS = ['cobblestone', 'dirt', 'stone', 'andesite', 'diorite', 'granite', 'netherrack']

/** How many plug blocks the bot carries. */
export function plugBlocksHeld(ctx: SkillContext): number {
  return ctx.bot.inventory.items().reduce((n, i) => n + (PLUG_BLOCKS.includes(i.name) ? i.count : 0), 0)
}

/** The known lava cells beside `p` (fair play: read through the block knowledge). */
export function lavaBeside(ctx: SkillContext, p: Position): Position[] {
  const names = knownAround(ctx, p)
  return neighbours(p).filter((_, i) => names[i] === 'lava')
}

/**
 * Before mining the block at `p`: lava beside it would flow into its cell and onto the bot, so each
 * known lava cell beside it is covered with a plug block first. Throws a SkillError when the bot
 * carries too few blocks or the lava stays; returns how many cells it covered.
 */
export async function coverLavaBeside(ctx: SkillContext, p: Position, what: string): Promise<number> {
  const lava = lavaBeside(ctx, p)
  if (!lava.length) return 0
  const held = plugBlocksHeld(ctx)
  if (held < lava.length) throw new SkillError(`lava beside the ${what} at ${where(p)}: mining it would let the lava in, and I carry ${held ? `only ${held}` : 'no'} blocks to cover it with (${PLUG_BLOCKS.slice(0, 2).join(', ')} …)`)
  ctx.progress(`covering the lava beside the ${what} at ${where(p)} first (${lava.length} cell${lava.length === 1 ? '' : 's'})`)
  for (const cell of lava) await fillCell(ctx, cell)
  if (lavaBeside(ctx, p).length) throw new SkillError(`lava still beside the ${what} at ${where(p)} after covering it`)
  return lava.length
}

/**
 * Fills the cell at `p` with a carried plug block: a lava or water cell covered before mining the
 * ore beside it (a placed block replaces the fluid), or an open cell made a floor to stand on.
 * Throws the placing failure (out of reach, nothing to place against); false when the bot carries
 * no plug block or the cell is not solid after.
 */
export async function fillCell(ctx: SkillContext, p: Position): Promise<boolean> {
  const item = PLUG_BLOCKS.find((n) => ctx.bot.inventory.items().some((i) => i.name === n))
  if (!item) return false
  await placeAt(ctx, item, vec(p.x, p.y, p.z) as never)
  return ctx.bot.blockAt(vec(p.x, p.y, p.z))?.boundingBox === 'block'
}

export function hasPickaxe(ctx: SkillContext): boolean {
  return ctx.bot.inventory.items().some((i) => i.name.endsWith('_pickaxe'))
}

/** Digs one known cell; false when it stays filled (the server refused, or something fell in each time). */
async function digCell(ctx: SkillContext, p: Position): Promise<boolean> {
  const { bot, signal } = ctx
  for (let tries = 0; tries < 4; tries++) {
    const block = bot.blockAt(vec(p.x, p.y, p.z)) as Block | null
    if (!block) return false
    if (isAirName(block.name)) return true
    if (block.boundingBox === 'empty' && !block.diggable) return true
    try {
      await abortable(bot.tool.equipForBlock(block, {}), signal)
      if (!bot.canDigBlock(block)) return false
      await digBlock(ctx, block)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      if (signal.aborted) throw new SkillAborted(abortReason(signal))
      ctx.log.debug('dig failed', { at: where(p), err: errorMessage(err) })
    }
    ctx.progress(`dug ${block.name} at ${where(p)}`)
  }
  const now = bot.blockAt(vec(p.x, p.y, p.z))
  return !!now && isAirName(now.name)
}

/** Walks into `stand` through the cells just opened: no digging, no towering, no scaffolding on the way. */
async function stepInto(ctx: SkillContext, stand: Position): Promise<void> {
  const moves = ctx.bot.pathfinder.movements as unknown as { canDig: boolean; allow1by1towers: boolean; scafoldingBlocks: number[] }
  const saved = { canDig: moves.canDig, towers: moves.allow1by1towers, scaffold: moves.scafoldingBlocks }
  moves.canDig = false
  moves.allow1by1towers = false
  moves.scafoldingBlocks = []
  try {
    await goTo(ctx, new goals.GoalBlock(stand.x, stand.y, stand.z), `the next step at ${where(stand)}`, 6000)
    // the goal counts as reached while the feet still drop onto the stair; digging in the air is 5× slower
    if (!ctx.bot.entity.onGround) await eventWithin(ctx.bot, 'physicsTick', () => ctx.bot.entity.onGround, 1500, ctx.signal)
  } finally {
    moves.canDig = saved.canDig
    moves.allow1by1towers = saved.towers
    moves.scafoldingBlocks = saved.scaffold
  }
}

/** Fills an opened cell next to lava or water with a block the bot carries (what a careful player does); best effort. */
async function plug(ctx: SkillContext, p: Position): Promise<void> {
  const me = ctx.bot.entity.position.floored()
  if ((me.x === p.x && me.z === p.z && (me.y === p.y || me.y + 1 === p.y))) return
  try {
    await fillCell(ctx, p)
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    ctx.log.debug('could not plug', { at: where(p), err: errorMessage(err) })
  }
}

/**
 * Opens `step` and walks into it. Returns a hazard (and stays where it is) when a cell is not known,
 * is lava, water or bedrock, when an opened cell shows lava or water beside it (the cell is plugged
 * again when the bot carries a block), when the floor is not known and solid (a drop), or when the
 * way stays blocked. `onDug` runs after each opened cell (the caller looks for ore there).
 * `fallFurther: false`: an open floor is a hazard too (the step's own drop is all the fall allowed).
 * `fillFloor`: an open (air) floor is first filled with a carried block (a level tunnel over a cave).
 */
export async function takeStep(ctx: SkillContext, step: Step, onDug?: () => boolean, minY = safeMinY(ctx.registry), opts: { fallFurther?: boolean; fillFloor?: boolean } = {}): Promise<StepOutcome> {
  const { bot } = ctx
  for (const cell of step.dig) {
    const b = bot.blockAt(vec(cell.x, cell.y, cell.z))
    if (!b) return { ok: false, hazard: 'not loaded', at: cell }
    const verdict = digVerdict(b.name, ctx.knowledge.isKnown(cell))
    if (verdict !== 'ok') {
      const hazard = verdict === 'unknown' ? `unknown block (fair play: not exposed)` : verdict === 'field' ? `${b.name}, a field (digging it would break the crop)` : verdict
      return { ok: false, hazard, at: cell }
    }
    if (!isAirName(b.name)) {
      // lava or water the bot knows of beside the cell would flow into it (and onto the bot) once it is open
      const before = fluidAmong(knownAround(ctx, cell))
      if (before) return { ok: false, hazard: `${before} beside ${where(cell)} (digging it would let the ${before} in)`, at: cell }
      ctx.knowledge.chose(b.name, cell, 'dig-step')
      if (!(await digCell(ctx, cell))) return { ok: false, hazard: `${b.name} stays in the way`, at: cell }
    }
    // what the opened cell reveals around it is known now
    const fluid = fluidAmong(knownAround(ctx, cell))
    if (fluid) {
      await plug(ctx, cell)
      return { ok: false, hazard: `${fluid} beside ${where(cell)}`, at: cell }
    }
    if (onDug?.()) return { ok: true }
  }
  let floor = bot.blockAt(vec(step.floor.x, step.floor.y, step.floor.z))
  let fv = floorVerdict(floor?.name, floor?.boundingBox === 'block', ctx.knowledge.isKnown(step.floor))
  if (fv === 'drop' && opts.fillFloor && isAirName(floor?.name ?? '')) {
    // an open floor made solid with a carried block, placed against the side of the floor the feet stand on
    await plug(ctx, step.floor)
    floor = bot.blockAt(vec(step.floor.x, step.floor.y, step.floor.z))
    fv = floorVerdict(floor?.name, floor?.boundingBox === 'block', ctx.knowledge.isKnown(step.floor))
  }
  let stand = step.stand
  if (fv === 'drop') {
    // a step that already drops the feet further than one block goes no further (fallFurther: false)
    if (opts.fallFurther === false) return { ok: false, hazard: `an open floor under ${where(step.stand)}`, at: step.floor }
    // a cave or a hole under the step: go down into it when its floor is known, dry and near enough
    const landing = landingBelow(ctx, step.floor, minY)
    if (typeof landing === 'string') return { ok: false, hazard: `${landing} under ${where(step.stand)}`, at: step.floor }
    stand = landing
  } else if (fv !== 'ok') return { ok: false, hazard: `${fv} floor under ${where(step.stand)}`, at: step.floor }
  try {
    await stepInto(ctx, stand)
  } catch (err) {
    if (err instanceof SkillAborted || !(err instanceof SkillError)) throw err
    return { ok: false, hazard: `could not step in (${err.message})`, at: stand }
  }
  return { ok: true }
}

/**
 * Where the feet land when stepping over the open `floor` cell: the cell above the first known solid
 * block below it, within MAX_SAFE_DROP blocks of fall (no fall damage) and not below `minY`; else why not.
 */
function landingBelow(ctx: SkillContext, floor: Position, minY: number): Position | string {
  const column: Array<{ name: string | undefined; solid: boolean }> = []
  for (let d = 0; d <= MAX_SAFE_DROP; d++) {
    const p = { x: floor.x, y: floor.y - d, z: floor.z }
    const b = ctx.bot.blockAt(vec(p.x, p.y, p.z))
    column.push({ name: b ? knownName(ctx, p) : undefined, solid: b?.boundingBox === 'block' })
  }
  const v = landingVerdict(column)
  if (typeof v === 'string') return v
  const feet = { x: floor.x, y: floor.y - v + 1, z: floor.z }
  return feet.y < minY ? `a drop below y ${minY}` : feet
}

/** The cell the feet are in (block coordinates). */
export function feetCell(ctx: SkillContext): Position {
  const p = ctx.bot.entity.position
  return { x: Math.floor(p.x), y: Math.floor(p.y + 0.01), z: Math.floor(p.z) }
}

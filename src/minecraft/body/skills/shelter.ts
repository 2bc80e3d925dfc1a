/**
 * shelter: live through the night in a hole in the ground, as a player does on the first night.
 * Dig straight down three blocks (a spot within a few blocks whose column is quick to dig and,
 * as far as the bot can know, has solid dry walls and floor; the rest is checked as each block
 * comes out), seal the cell above the head with a block from the inventory, wait there until dawn,
 * then climb out. Sealed in, no monster can see the bot, so
 * none targets it (the world's mobs need a line of sight), and nothing spawns inside.
 *
 * With `wait: false` it only digs in and seals. Already sealed in (an interrupted shelter), it
 * just waits. The night reflex (../reflexes/shelter.ts) runs it; any link may call it too.
 */
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import type { SkillCall } from '../types.js'
import { SkillAborted, SkillError, abortable, checkAborted, errorMessage, eventWithin, ok, sleep, type SkillContext, type SkillDef } from './context.js'
import { goTo, goals, fmtPos } from './nav.js'
import { pickUpNear } from './dig.js'
import { ascendTo } from './ascend.js'
import { digSeconds, openWayOut, sealInPlace, sealItem, type SealedIn } from './seal-in.js'

type Shelter = Extract<SkillCall, { skill: 'shelter' }>

/** Dusk, a little before the first monsters can spawn under open sky (darkness ≥ 8 from ~13200). */
export const NIGHT_START = 12500
/** Dawn: zombies and skeletons burn, spiders calm down (sky darkening below 4). */
export const NIGHT_END = 23500

export function isNight(timeOfDay: number): boolean {
  const t = ((timeOfDay % 24000) + 24000) % 24000
  return t >= NIGHT_START && t < NIGHT_END
}

/** Seconds of the vanilla clock (20 ticks a second) until the next dusk (0 at night): what the sun tells a player. */
export function secondsToDusk(timeOfDay: number): number {
  const t = ((timeOfDay % 24000) + 24000) % 24000
  if (isNight(t)) return 0
  return Math.ceil((((NIGHT_START - t) % 24000) + 24000) % 24000 / 20)
}

const DEPTH = 3
const SEARCH_RADIUS = 4
/** A column that takes longer than this to dig (stone by hand: 7.5 s a block) is no shelter. */
const MAX_DIG_SECONDS = 8
const HORIZONTAL: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
]

/** mineflayer's own vec3 copy (its type differs from the root vec3 package's). */
type P = Parameters<Bot['blockAt']>[0]
const beside = (p: P, [dx, dz]: readonly [number, number]): P => p.offset(dx, 0, dz)

function solid(b: Block | null): b is Block {
  return !!b && b.boundingBox === 'block'
}

function nameOf(b: Block | null | undefined): string {
  return b ? b.name : 'an unloaded cell'
}

function free(b: Block | null): boolean {
  return !!b && b.boundingBox === 'empty' && b.name !== 'water' && b.name !== 'lava'
}

const SKY_SCAN = 64

/** No solid block (leaves aside) above the head: monsters spawn around and can see the bot. */
export function underOpenSky(bot: Bot): boolean {
  const head = bot.entity.position.floored().offset(0, 1, 0)
  for (let dy = 1; dy <= SKY_SCAN; dy++) {
    const b = bot.blockAt(head.offset(0, dy, 0))
    if (!b) return true // above the world or not loaded: nothing covers
    if (b.boundingBox === 'block' && !b.name.endsWith('_leaves')) return false
  }
  return true
}

/**
 * Under cover, but in open space that reaches the open sky within a few blocks (a cave mouth, an
 * overhang, the shaft a pit opened into a cave): monsters from the surface can walk in.
 */
export function openToSkyNear(bot: Bot, reach = 6): boolean {
  const tops = new Map<string, P>()
  for (const k of openCellsAround(bot, reach)) {
    const [x, y, z] = k.split(',').map(Number) as [number, number, number]
    const col = `${x},${z}`
    const top = tops.get(col)
    if (!top || top.y < y) tops.set(col, new Vec3(x, y, z) as unknown as P)
  }
  for (const top of tops.values()) {
    let sky = true
    for (let dy = 1; dy <= SKY_SCAN && sky; dy++) {
      const b = bot.blockAt(top.offset(0, dy, 0))
      if (!b) break
      if (b.boundingBox === 'block' && !b.name.endsWith('_leaves')) sky = false
    }
    if (sky) return true
  }
  return false
}

/** Sealed in: free feet and head, solid floor, walls and roof. */
export function isSealedIn(bot: Bot): boolean {
  return inPit(bot) && solid(bot.blockAt(bot.entity.position.floored().offset(0, 2, 0)))
}

/** In a 1×1 pit: free feet and head, solid floor and walls (the roof aside). */
function inPit(bot: Bot): boolean {
  const feet = bot.entity.position.floored()
  const head = feet.offset(0, 1, 0)
  if (!free(bot.blockAt(feet)) || !free(bot.blockAt(head))) return false
  if (!solid(bot.blockAt(feet.offset(0, -1, 0)))) return false
  return HORIZONTAL.every((d) => solid(bot.blockAt(beside(feet, d))) && solid(bot.blockAt(beside(head, d))))
}

/** What the bot may know of a cell: the block when it is known (fair play), else null (unknown: taken for solid). */
type Look = (p: P) => Block | null

/**
 * Seconds to dig the shelter column under `stand` (where the bot would stand), or null when what
 * the bot knows rules it out. Fair play: cells it cannot know (inside the ground) are assumed solid
 * and as quick to dig as the block above them; digging checks them as they come to light.
 */
function columnCost(bot: Bot, stand: P, look: Look): number | null {
  if (!free(bot.blockAt(stand)) || !free(bot.blockAt(stand.offset(0, 1, 0)))) return null
  // not in a field: digging farmland breaks the crop on it (a wheat run's shelter dug through its own crop at 3/7)
  if (look(stand.offset(0, -1, 0))?.name === 'farmland') return null
  let seconds = 0
  let last = Infinity
  for (let d = 1; d <= DEPTH; d++) {
    const cell = look(stand.offset(0, -d, 0))
    if (cell && !solid(cell)) return null
    last = cell ? digSeconds(bot, cell) : last
    if (!Number.isFinite(last)) return null
    seconds += last
    for (const h of HORIZONTAL) {
      const wall = look(beside(stand.offset(0, -d, 0), h))
      if (wall && !solid(wall)) return null
    }
  }
  const floor = look(stand.offset(0, -DEPTH - 1, 0))
  if (floor && !solid(floor)) return null
  return seconds <= MAX_DIG_SECONDS ? seconds : null
}

/** The best place to dig in near the bot: cheap to dig, close; null when there is none. */
export function findShelterSpot(bot: Bot, look: Look, skip: (p: P) => boolean = () => false): P | null {
  const me = bot.entity.position.floored()
  let best: { p: P; score: number } | null = null
  for (let dx = -SEARCH_RADIUS; dx <= SEARCH_RADIUS; dx++) {
    for (let dz = -SEARCH_RADIUS; dz <= SEARCH_RADIUS; dz++) {
      for (const dy of [0, -1, 1]) {
        const p = me.offset(dx, dy, dz)
        if (skip(p)) continue
        const cost = columnCost(bot, p, look)
        if (cost === null) continue
        const score = cost + Math.hypot(dx, dz) * 0.3 + Math.abs(dy)
        if (!best || score < best.score) best = { p, score }
      }
    }
  }
  return best?.p ?? null
}

const cellKey = (p: P) => `${p.x},${p.y},${p.z}`

/**
 * The see-through cells (air, plants, water, …) connected to where the bot stands, near it: what it
 * sees of the open space around it. Known-blocks knows solid blocks only; this adds the air.
 */
function openCellsAround(bot: Bot, reach = SEARCH_RADIUS + 1): Set<string> {
  const me = bot.entity.position.floored()
  const seen = new Set<string>([cellKey(me)])
  const queue: P[] = [me]
  const dirs = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
  ] as const
  while (queue.length) {
    const p = queue.shift()!
    for (const [dx, dy, dz] of dirs) {
      const q = p.offset(dx, dy, dz)
      if (Math.abs(q.x - me.x) > reach || Math.abs(q.z - me.z) > reach || q.y < me.y - DEPTH - 3 || q.y > me.y + 4) continue
      const k = cellKey(q)
      if (seen.has(k)) continue
      const b = bot.blockAt(q)
      if (!b || b.boundingBox !== 'empty') continue
      seen.add(k)
      queue.push(q)
    }
  }
  return seen
}

/** After a drop: the walls around the feet and the floor below, now in sight, must be solid. */
function checkPit(bot: Bot): string | null {
  const feet = bot.entity.position.floored()
  for (const h of HORIZONTAL) {
    const wall = bot.blockAt(beside(feet, h))
    if (!solid(wall)) return `${nameOf(wall)} beside the hole at ${fmtPos(feet.x, feet.y, feet.z)}`
  }
  const floor = bot.blockAt(feet.offset(0, -1, 0))
  if (!solid(floor)) return `${nameOf(floor)} under the hole at ${fmtPos(feet.x, feet.y, feet.z)}`
  return null
}

/** Walks (sneaking, so it cannot slip off an edge) to the middle of its block, so a 1×1 hole takes it. */
async function centre(ctx: SkillContext, x: number, z: number): Promise<void> {
  const { bot, signal } = ctx
  const target = { x: x + 0.5, z: z + 0.5 }
  const off = () => Math.hypot(bot.entity.position.x - target.x, bot.entity.position.z - target.z)
  if (off() < 0.15) return
  bot.setControlState('sneak', true)
  try {
    for (let i = 0; i < 60 && off() >= 0.15; i++) {
      await abortable(bot.lookAt(bot.entity.position.offset(target.x - bot.entity.position.x, 1.62, target.z - bot.entity.position.z), true), signal)
      bot.setControlState('forward', true)
      await eventWithin(bot, 'physicsTick', () => true, 200, signal)
      bot.setControlState('forward', false)
    }
  } finally {
    bot.setControlState('forward', false)
    bot.setControlState('sneak', false)
  }
}

/**
 * How long a drop waits for the server's word on the dug block. mineflayer turns the block to air
 * when its dig timer ends and the bot falls at once; a server that refuses the dig puts the block
 * back (flying-squid sends it again; an accepted dig gets no answer on 1.16), and on a loaded
 * machine that answer can come after the bot has landed, inside the block.
 */
const REFUSAL_WAIT_MS = 750

/** Whether the server put the block at `cell` back after the bot dug it (it is solid again, now or within REFUSAL_WAIT_MS). */
async function putBack(ctx: SkillContext, cell: P): Promise<boolean> {
  if (solid(ctx.bot.blockAt(cell))) return true
  return eventWithin(ctx.bot, `blockUpdate:${cell}`, (_old: unknown, now: Block | null) => solid(now), REFUSAL_WAIT_MS, ctx.signal)
}

/** Tries at digging one block down before the skill gives up on the spot. */
const DROP_TRIES = 3

/**
 * Digs the block under the feet and waits to land on the next one. mineflayer's dig ends when its
 * own copy of the world turns the block to air; the server may still put the block back (a dig it
 * refuses: flying-squid's `dug_cancel`), or the bot may hang on the rim: the block is dug again,
 * or the bot centred again, until it is down.
 */
async function digDown(ctx: SkillContext, x: number, z: number): Promise<void> {
  const { bot, signal } = ctx
  const feetY = Math.floor(bot.entity.position.y + 0.01)
  const target = new Vec3(x, feetY - 1, z) as unknown as P
  const down = () => bot.entity.onGround && bot.entity.position.y < feetY - 0.5
  let last = ''
  for (let attempt = 1; attempt <= DROP_TRIES; attempt++) {
    await centre(ctx, x, z)
    const below = bot.blockAt(target)
    if (solid(below)) {
      try {
        await abortable(bot.tool.equipForBlock(below, {}), signal)
        await abortable(bot.dig(below, true), signal)
      } catch (err) {
        if (err instanceof SkillAborted) throw err
        throw new SkillError(`digging in failed at ${fmtPos(target.x, target.y, target.z)}: ${errorMessage(err)}`)
      }
    } else if (!free(below)) {
      throw new SkillError(`${nameOf(below)} under the hole at ${fmtPos(target.x, target.y, target.z)}`)
    }
    if (await eventWithin(bot, 'physicsTick', down, 3000, signal) && !(await putBack(ctx, target))) return
    const now = bot.blockAt(target)
    last = solid(now) ? `${now.name} back in the hole (the server kept it)` : `still on the rim at ${fmtPos(bot.entity.position.x, bot.entity.position.y, bot.entity.position.z)}`
    ctx.progress(`digging in: ${last}; again`)
  }
  throw new SkillError(`did not drop into the hole at ${fmtPos(target.x, target.y, target.z)} after ${DROP_TRIES} tries (${last})`)
}

/** Places a block from the inventory in the cell right above the head, against one of its walls. */
async function sealAbove(ctx: SkillContext): Promise<string> {
  const { bot, signal } = ctx
  const cell = bot.entity.position.floored().offset(0, 2, 0)
  const item = sealItem(bot)
  if (!item) throw new SkillError('nothing to seal the shelter with (no dirt, stone, planks or logs carried)')
  const sealed = () => solid(bot.blockAt(cell))
  let last = ''
  // every wall it can place against, twice: a loaded server answers late or drops a placement
  for (const h of [...HORIZONTAL, ...HORIZONTAL]) {
    if (sealed()) return item.name
    const wall = bot.blockAt(beside(cell, h))
    if (!solid(wall)) continue
    await abortable(bot.equip(item, 'hand'), signal)
    try {
      await abortable(bot.placeBlock(wall, new Vec3(-h[0], 0, -h[1]) as never), signal)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      last = errorMessage(err)
      // mineflayer waits a while for the block update; a loaded server may send it later still
      await eventWithin(bot, 'physicsTick', sealed, 3000, signal)
    }
  }
  if (sealed()) return item.name
  throw new SkillError(`could not seal the shelter above ${fmtPos(cell.x, cell.y, cell.z)}${last ? ` (${last})` : ''}`)
}

/** Paths planned to climb out before the skill reports the bot still in. */
const CLIMB_TRIES = 3

/** Spots tried by one shelter before it gives up (the reflex tries again later). */
const SPOT_TRIES = 3

/**
 * Digs in at the best spot near the bot and seals it; returns where. A spot that turns out bad
 * (the hole opens into a cave, or the bot cannot get down it) is left for the next best one.
 */
async function digIn(ctx: SkillContext): Promise<Refuge> {
  const { bot } = ctx
  const tried = new Set<string>()
  const failures: string[] = []
  for (let n = 0; n < SPOT_TRIES; n++) {
    const open = openCellsAround(bot)
    const look: Look = (p) => (ctx.knowledge.isKnown(p) || open.has(cellKey(p)) ? bot.blockAt(p) : null)
    const spot = findShelterSpot(bot, look, (p) => tried.has(`${p.x},${p.z}`))
    if (!spot) {
      const noSpot = `no place to dig a shelter within ${SEARCH_RADIUS} blocks (needs ${DEPTH} diggable blocks with solid, dry walls under a free spot)`
      // a ravine's floor, a cave mouth: closed in where it stands, if it can be
      const sealed = await trySealInPlace(ctx)
      if (typeof sealed !== 'string') return fromSealIn(sealed)
      if (failures.length) break
      throw new SkillError(`${noSpot}; ${sealed}`)
    }
    tried.add(`${spot.x},${spot.z}`)
    const here = bot.entity.position.floored()
    if (!here.equals(spot)) await goTo(ctx, new goals.GoalBlock(spot.x, spot.y, spot.z), `the shelter spot ${fmtPos(spot.x, spot.y, spot.z)}`)
    checkAborted(ctx.signal)
    ctx.progress(`digging in at ${fmtPos(spot.x, spot.y, spot.z)}`)
    let bad: string | null = null
    for (let d = 0; d < DEPTH && !bad; d++) {
      try {
        await digDown(ctx, spot.x, spot.z)
      } catch (err) {
        // still on the surface: another spot; down the hole already: the shelter ends here
        if (d > 0 || !(err instanceof SkillError)) throw err
        bad = err.message
        break
      }
      const pit = checkPit(bot)
      if (pit) bad = `the ground opens up: ${pit}`
    }
    if (!bad) {
      await pickUpNear(ctx, bot.entity.position, 2, 1500)
      const seal = await sealAbove(ctx)
      const at = bot.entity.position.floored()
      return { at, how: `dug in at ${fmtPos(at.x, at.y, at.z)}, sealed with ${seal}` }
    }
    failures.push(bad)
    // a cave or water next to the hole: closed in down here if it can be (the shaft and the opening
    // filled), else out again and elsewhere
    if (bot.entity.position.y < spot.y - 0.5) {
      await pickUpNear(ctx, bot.entity.position, 2, 1500)
      const sealed = await trySealInPlace(ctx)
      if (typeof sealed !== 'string') return fromSealIn(sealed, `${bad}; `)
      ctx.progress(`no shelter at ${fmtPos(spot.x, spot.y, spot.z)} (${bad}; ${sealed}); trying elsewhere`)
      const out = await climbOut(ctx, spot)
      if (out !== 'climbed out') throw new SkillError(`${bad}; no shelter here (${sealed}), and ${out}`)
    } else {
      ctx.progress(`no shelter at ${fmtPos(spot.x, spot.y, spot.z)} (${bad}); trying elsewhere`)
    }
  }
  throw new SkillError(`no shelter in ${failures.length} spot${failures.length === 1 ? '' : 's'}: ${failures.join('; ')}`)
}

/** How far (blocks, each way) a spot to seal in at may be from the bot. */
const SEAL_IN_REACH = 6

/** Where the bot spends the night, and how it gets out in the morning (a pit: climbing; a seal in place: a door dug open). */
interface Refuge {
  at: P
  how: string
  /** Set for a seal in place: the side to dig open in the morning. */
  exit?: { dx: number; dz: number }
}

function fromSealIn(s: SealedIn, prefix = ''): Refuge {
  return { at: new Vec3(s.at.x, s.at.y, s.at.z) as unknown as P, how: `${prefix}${s.how}`, exit: s.plan.exit }
}

/** The last refuge each bot made, so a shelter cut short and run again knows its way out. */
const lastRefuge = new WeakMap<Bot, Refuge>()

/**
 * The way out of a shelter found already sealed (a shelter cut short and run again): the one this
 * bot made there if it remembers it, else a pit's (climbing to the surface above).
 */
function resumedExit(bot: Bot, at: P): { exit?: { dx: number; dz: number } } {
  const known = lastRefuge.get(bot)
  return known?.exit && known.at.equals(at) ? { exit: known.exit } : {}
}

/** Seals the bot in where it is; the reason as a string when it cannot. */
async function trySealInPlace(ctx: SkillContext): Promise<SealedIn | string> {
  // a little farther than the pit search: a nook along a cave passage will do
  const open = openCellsAround(ctx.bot, SEAL_IN_REACH + 1)
  try {
    return await sealInPlace(ctx, (p) => open.has(cellKey(p)))
  } catch (err) {
    if (!(err instanceof SkillError)) throw err
    return err.message
  }
}

/**
 * Climbs out of the shelter back to the surface: pathfinder digs a staircase. Towering up the
 * 1×1 shaft (jump and place a block below) is switched off meanwhile: it keeps failing there.
 */
async function climbOut(ctx: SkillContext, surface: P): Promise<string> {
  const { bot } = ctx
  const moves = bot.pathfinder.movements as unknown as { allow1by1towers: boolean }
  const towers = moves.allow1by1towers
  moves.allow1by1towers = false
  const errors: string[] = []
  try {
    // a path given up (stuck, or too long to think on a loaded machine) is planned again from where the bot got to
    for (let attempt = 1; attempt <= CLIMB_TRIES; attempt++) {
      try {
        await goTo(ctx, new goals.GoalBlock(surface.x, surface.y, surface.z), `the surface at ${fmtPos(surface.x, surface.y, surface.z)}`)
        return 'climbed out'
      } catch (err) {
        if (err instanceof SkillAborted) throw err
        errors.push(errorMessage(err))
        if (bot.entity.position.y >= surface.y - 0.5 && !isSealedIn(bot)) return 'climbed out'
        ctx.progress(`climbing out: ${errorMessage(err)}; again`)
      }
    }
    // no path up (a cave under the pit, no pickaxe, nothing to tower with): stairs dug by hand
    ctx.progress(`no path up: digging stairs up toward y ${surface.y}`)
    const up = await ascendTo(ctx, surface.y, { stopAt: ctx.deadline - 5000, done: () => underOpenSky(bot) })
    if (up.reached) return `climbed out by ${up.steps} stairs dug up`
    errors.push(`stairs up: ${up.why}`)
    return `still in the shelter (${errors.join('; ')})`
  } finally {
    moves.allow1by1towers = towers
  }
}

export const shelter: SkillDef<Shelter> = {
  name: 'shelter',
  // a vanilla night is 11,000 ticks (9 minutes) from dusk to dawn
  timeoutMs: 15 * 60_000,
  watchdog: false,
  async run(ctx, c) {
    const { bot, signal } = ctx
    const wait = c.wait !== false
    let refuge: Refuge
    if (isSealedIn(bot)) {
      const at = bot.entity.position.floored()
      refuge = { at, how: `already sealed in at ${fmtPos(at.x, at.y, at.z)}`, ...resumedExit(bot, at) }
    } else if (inPit(bot)) {
      // down a 1×1 hole already (an earlier shelter cut short before its seal): seal it
      const at = bot.entity.position.floored()
      refuge = { at, how: `sealed the hole at ${fmtPos(at.x, at.y, at.z)} with ${await sealAbove(ctx)}` }
    } else if (!underOpenSky(bot)) {
      // under cover already (a cave, an overhang): closed in where it is rather than a pit dug into a cave
      const sealed = await trySealInPlace(ctx)
      if (typeof sealed === 'string') ctx.progress(`not sealed in here (${sealed}); digging in`)
      refuge = typeof sealed === 'string' ? await digIn(ctx) : fromSealIn(sealed)
    } else {
      refuge = await digIn(ctx)
    }
    lastRefuge.set(bot, refuge)
    const where = refuge.at
    const how = refuge.how
    if (!wait) return ok(how, { position: { x: where.x, y: where.y, z: where.z } })
    const from = Math.floor(bot.time.timeOfDay)
    while (isNight(bot.time.timeOfDay)) {
      checkAborted(signal)
      ctx.progress(`sheltering until dawn (time ${Math.floor(bot.time.timeOfDay)})`)
      await sleep(500, signal)
    }
    const until = Math.floor(bot.time.timeOfDay)
    const out = refuge.exit ? await openWayOut(ctx, where, refuge.exit) : await climbOut(ctx, where.offset(0, DEPTH, 0))
    return ok(`${how}; sheltered from time ${from} until ${until}; ${out}`, { position: { x: where.x, y: where.y, z: where.z } })
  },
}

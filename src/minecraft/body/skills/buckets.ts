/**
 * Buckets: `fillBucket` (water or lava from a known source block, milk from the nearest cow in
 * sight) and `placeWater`, with `pourWater(ctx, at)` for other skills (putting out fire, standing
 * in lava). Sources come from the body's block knowledge (fair play); a cow from the entities the
 * client sees. With no lava known nearby and a pickaxe, it goes down by stairs (and strips) to the
 * lowest safe level, 2 above the lava of caves: on 1.18+ that lava lies below y −54, far out of
 * reach from the surface, where 1.16's lies below y 11 (docs/world-facts-1.18.md §1).
 */
import type { Block } from 'prismarine-block'
import type { Entity } from 'prismarine-entity'
import { Vec3 } from 'vec3'
import { BUCKET_REACH, EYE_HEIGHT, FLUID_REPLACEABLE, castRay, pourTarget } from '../../look-ray.js'
import type { FillBucketResult, PlaceWaterResult, Position, SkillCall } from '../types.js'
import { namespaced } from '../../names.js'
import { SkillAborted, SkillError, errorMessage, type SkillContext, type SkillDef } from './context.js'
import { fmtPos, goTo, goals, vec } from './nav.js'
import { blockBecomes, holdItem, inventoryBecomes, useOnEntity, useToward } from './use-item.js'
import { MOB_SEARCH_MS, searchForMob } from './explore.js'
import { describeOreSearch, digForOre } from './strip-mine.js'
import { hasPickaxe } from './dig-step.js'
import { digVerdict, fallsName, fluidAmong, isAirName, safeMinY } from './tunnel.js'
import { knownAround, knownName } from './known-cells.js'
import { mineBlockAt } from './dig.js'

type Fill = Extract<SkillCall, { skill: 'fillBucket' }>
type PlaceWater = Extract<SkillCall, { skill: 'placeWater' }>

export const SOURCE_SEARCH_RADIUS = 48
export const COW_SEARCH_RADIUS = 48
/** The server's bucket reach is 5 blocks from the eyes; stay inside it. */
const USE_REACH = 4.2
const TRIES = 3
/** Time kept back from the search walk for reaching and milking the cow. */
const MILK_RESERVE_MS = 30_000
/** Time a lava fill may spend going down to the lava level of caves and strip-mining there. */
const LAVA_DIG_MS = 360_000
const FILL_MS = 120_000
/** What lies over a source the bucket can reach (a vanilla server's caves hold cave_air). */
const OPEN_ABOVE = new Set(['air', 'cave_air'])

const pos = (v: { x: number; y: number; z: number }): Position => ({ x: v.x, y: v.y, z: v.z })
const filledName = (fluid: Fill['fluid']) => `${fluid}_bucket`

function fillResult(ok: boolean, reason: string, filled: string | null, source: Position | null): FillBucketResult {
  return { ok, reason, filled, source }
}

/** Source blocks of `fluid` the body knows within reach of a search, with open space above. */
function knownSources(ctx: SkillContext, fluid: 'water' | 'lava') {
  const { bot } = ctx
  return ctx.knowledge
    .find((n) => n === fluid, { radius: SOURCE_SEARCH_RADIUS, count: 512 })
    .filter((k) => {
      const p = vec(k.position.x, k.position.y, k.position.z)
      const b = bot.blockAt(p)
      const above = bot.blockAt(p.offset(0, 1, 0))
      return b?.metadata === 0 && OPEN_ABOVE.has(above?.name ?? '')
    })
}

/**
 * A point on the source at `p` to look at so that an empty bucket's ray (the world's: the first source
 * fluid, passing flowing fluid, stopped by any other block) takes that source; null when a block
 * stands between the eyes and it (a source under the floor the bot stands on).
 */
function fillAim(ctx: SkillContext, p: Vec3, fluid: 'water' | 'lava'): Vec3 | null {
  const { bot } = ctx
  const f = bot.entity.position
  const eye = new Vec3(f.x, f.y + EYE_HEIGHT, f.z)
  const stops = (x: number, y: number, z: number) => {
    const b = bot.blockAt(new Vec3(x, y, z))
    if (!b) return true
    if (b.name === 'water' || b.name === 'lava') return b.metadata === 0
    return !isAirName(b.name)
  }
  for (const [u, v] of [[0.5, 0.5], [0.25, 0.25], [0.75, 0.75], [0.25, 0.75], [0.75, 0.25]] as const) {
    for (const h of [0.9, 0.5]) {
      const a = new Vec3(p.x + u, p.y + h, p.z + v)
      const d = a.minus(eye)
      const len = d.norm()
      if (len > USE_REACH || len === 0) continue
      const hit = castRay(eye, { x: d.x / len, y: d.y / len, z: d.z / len }, BUCKET_REACH, stops)
      // any source of the fluid first on the ray fills the bucket (the server takes that one): a lake's near edge
      if (hit && bot.blockAt(new Vec3(hit.x, hit.y, hit.z))?.name === fluid) return a
    }
  }
  return null
}

/** Blocks a fill digs at most to open a look at a source within reach (a stair's wall between the eyes and a pool below). */
const LOOK_DIGS = 2

/**
 * The blocks between the eyes and the source at `p`, on the shortest ray within reach that only
 * they block, when digging them is safe: each known (fair play), breakable, no lava or water beside
 * it (its cell would fill and the fluid reach the bot), no sand or gravel over it, and none under
 * the feet (never straight down). Null when no such ray exists.
 */
function blocksInTheWay(ctx: SkillContext, p: Vec3): Position[] | null {
  const { bot } = ctx
  const f = bot.entity.position
  const eye = new Vec3(f.x, f.y + EYE_HEIGHT, f.z)
  const feet = f.floored()
  let best: Position[] | null = null
  for (const [u, v] of [[0.5, 0.5], [0.25, 0.25], [0.75, 0.75], [0.25, 0.75], [0.75, 0.25]] as const) {
    for (const h of [0.9, 0.5]) {
      const d = new Vec3(p.x + u, p.y + h, p.z + v).minus(eye)
      const len = d.norm()
      if (len > USE_REACH || len === 0) continue
      const cells: Position[] = []
      const hit = castRay(eye, { x: d.x / len, y: d.y / len, z: d.z / len }, BUCKET_REACH, (x, y, z) => {
        if (x === p.x && y === p.y && z === p.z) return true
        const name = bot.blockAt(new Vec3(x, y, z))?.name
        if (name === undefined || !isAirName(name)) cells.push({ x, y, z })
        return false
      })
      if (!hit || hit.x !== p.x || hit.y !== p.y || hit.z !== p.z || cells.length > LOOK_DIGS) continue
      const safe = cells.every((c) => {
        if (c.x === feet.x && c.z === feet.z && c.y < feet.y) return false
        if (digVerdict(knownName(ctx, c), ctx.knowledge.isKnown(c)) !== 'ok') return false
        if (fluidAmong(knownAround(ctx, c)) !== null) return false
        const above = knownName(ctx, { x: c.x, y: c.y + 1, z: c.z })
        return above === undefined ? false : !fallsName(above)
      })
      if (safe && (!best || cells.length < best.length)) best = cells
    }
  }
  return best
}

/** Digs the blocks between the eyes and the source at `p` when that is safe (blocksInTheWay); true when it dug them all. */
async function openLook(ctx: SkillContext, p: Vec3, what: string): Promise<boolean> {
  const cells = blocksInTheWay(ctx, p)
  if (!cells || cells.length === 0) return false
  ctx.progress(`digging ${cells.length} block${cells.length === 1 ? '' : 's'} between me and ${what}`)
  for (const c of cells) await mineBlockAt(ctx, vec(c.x, c.y, c.z), undefined, { pickUp: false })
  return cells.every((c) => isAirName(ctx.bot.blockAt(vec(c.x, c.y, c.z))?.name ?? ''))
}

/** Levels below the feet and blocks aside a source may lie for a walk to it: the path finder digs no stairs down. */
const WALK_BELOW = 4
const WALK_ASIDE = 24

/**
 * A source the bot can walk to from here: not more than WALK_BELOW levels under the feet and
 * WALK_ASIDE blocks aside. Lava seen from a stair 30 levels up is not (1.20.4: the path finder gave
 * up, "terrain too complex", three times, with the stairs stopped at y −22 over lava at y −55).
 */
function withinWalk(ctx: SkillContext, p: Position): boolean {
  const f = ctx.bot.entity.position
  return p.y >= Math.floor(f.y) - WALK_BELOW && Math.hypot(p.x + 0.5 - f.x, p.z + 0.5 - f.z) <= WALK_ASIDE
}

/** Fills one empty bucket at a known source block of `fluid`; returns the source used. */
async function fillFromSource(ctx: SkillContext, fluid: 'water' | 'lava'): Promise<Position> {
  const { bot } = ctx
  let sources = knownSources(ctx, fluid)
  let dug = ''
  const near = () => knownSources(ctx, fluid).some((s) => withinWalk(ctx, s.position))
  const level = safeMinY(ctx.registry)
  const above = Math.floor(bot.entity.position.y) > level + 1
  // none known, or only far below: stairs down (at the level already, a far source is walked to)
  if (fluid === 'lava' && (sources.length === 0 || (above && !sources.some((s) => withinWalk(ctx, s.position)))) && hasPickaxe(ctx)) {
    ctx.progress(`no lava known near${sources.length ? ` (${sources.length} source${sources.length === 1 ? '' : 's'} far below)` : ''}: going down to y ${level}, above the lava of caves`)
    const dig = await digForOre(ctx, 'lava', () => (near() ? true : undefined), { deadline: ctx.deadline, level })
    sources = knownSources(ctx, fluid)
    dug = `; went down for it: ${describeOreSearch(dig)}`
  }
  if (sources.length === 0) throw new SkillError(`no ${fluid} source known within ${SOURCE_SEARCH_RADIUS} blocks (fair play: only blocks exposed to air or seen count)${dug}; explore to find ${fluid === 'water' ? 'a lake or the sea' : 'a lava pool'}`)
  const before = ctx.counts()[namespaced(filledName(fluid))] ?? 0
  let last = ''
  // a source in clear sight from here first (one under the floor, seen from a cave beside, is not)
  const inSight = new Set(sources.filter((s) => fillAim(ctx, vec(s.position.x, s.position.y, s.position.z), fluid)))
  const me = bot.entity.position
  const farther = sources.filter((s) => !inSight.has(s)).sort((a, b) => me.distanceTo(vec(a.position.x, a.position.y, a.position.z)) - me.distanceTo(vec(b.position.x, b.position.y, b.position.z)))
  const ordered = [...inSight, ...farther]
  for (const s of ordered.slice(0, TRIES)) {
    const p = vec(s.position.x, s.position.y, s.position.z)
    const where = fmtPos(p.x, p.y, p.z)
    try {
      ctx.progress(`going to the ${fluid} at ${where}`)
      let walk = ''
      if (!fillAim(ctx, p, fluid)) {
        try {
          await goTo(ctx, new goals.GoalNear(p.x, p.y + 1, p.z, 2), `the ${fluid} at ${where}`)
        } catch (err) {
          if (err instanceof SkillAborted) throw err
          walk = `; the walk: ${errorMessage(err)}`
        }
      }
      let aim = fillAim(ctx, p, fluid)
      // near it but a wall in the way (a stair's side over a pool below): open the look when that is safe
      if (!aim && (await openLook(ctx, p, `the ${fluid} at ${where}`))) aim = fillAim(ctx, p, fluid)
      if (!aim) throw new SkillError(`no clear look at the ${fluid} at ${where} from within reach${walk}`)
      await holdItem(ctx, 'bucket')
      // the server takes the first source on the look ray, which may lie in front of the one aimed at
      let taken: Position | null = null
      const onUpdate = (old: Block | null, now: Block | null) => {
        if (old?.name === fluid && now && now.name === 'air') taken = pos(now.position)
      }
      bot.on('blockUpdate', onUpdate)
      try {
        await useToward(ctx, aim)
        if (await inventoryBecomes(ctx, (c) => (c[namespaced(filledName(fluid))] ?? 0) > before)) {
          if (!taken) await blockBecomes(ctx, p, (b) => b?.name === 'air', 500)
          return taken ?? pos(p)
        }
      } finally {
        bot.off('blockUpdate', onUpdate)
      }
      last = `the bucket stayed empty at ${where} (something between me and the ${fluid}?)`
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      last = errorMessage(err)
    }
  }
  throw new SkillError(`could not fill a bucket with ${fluid}: ${last}`)
}

/** Milks the nearest cow in sight; returns where it stood. */
async function milkCow(ctx: SkillContext): Promise<Position> {
  const { bot } = ctx
  const nearestCow = (): Entity | undefined => {
    const me = bot.entity.position
    return Object.values(bot.entities)
      .filter((e: Entity) => e.name === 'cow' && e.position.distanceTo(me) <= COW_SEARCH_RADIUS)
      .sort((a, b) => a.position.distanceTo(me) - b.position.distanceTo(me))[0]
  }
  let cow = nearestCow()
  let searched = ''
  // none in sight: walk out looking for one as the hunt does (the milk bench run looked only where its moves ended)
  if (!cow && ctx.deadline - Date.now() > MILK_RESERVE_MS + 10_000) {
    const search = await searchForMob(ctx, nearestCow, ctx.deadline - MILK_RESERVE_MS)
    searched = `; searched ${search.walked} blocks around (${search.seconds} s)${search.why ? `: ${search.why}` : ''}`
    cow = search.found ?? nearestCow()
  }
  if (!cow) throw new SkillError(`no cow in sight within ${COW_SEARCH_RADIUS} blocks${searched}; explore to find one`)
  const before = ctx.counts()['minecraft:milk_bucket'] ?? 0
  let last = ''
  for (let i = 0; i < TRIES; i++) {
    if (!bot.entities[cow.id]) throw new SkillError('the cow went out of sight')
    try {
      ctx.progress(`going to the cow at ${fmtPos(cow.position.x, cow.position.y, cow.position.z)}`)
      if (bot.entity.position.distanceTo(cow.position) > 3) await goTo(ctx, new goals.GoalNear(cow.position.x, cow.position.y, cow.position.z, 2), 'a cow', 6000)
      if (bot.entity.position.distanceTo(cow.position) > 4) {
        last = 'the cow kept walking away'
        continue
      }
      await holdItem(ctx, 'bucket')
      await useOnEntity(ctx, cow)
      if (await inventoryBecomes(ctx, (c) => (c['minecraft:milk_bucket'] ?? 0) > before)) return pos(cow.position)
      last = 'the cow gave no milk'
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      last = errorMessage(err)
    }
  }
  throw new SkillError(`could not milk a cow: ${last}`)
}

export const fillBucket: SkillDef<Fill> = {
  name: 'fillBucket',
  timeoutMs: FILL_MS,
  timeoutFor: (c) => (c.fluid === 'milk' ? MILK_RESERVE_MS + MOB_SEARCH_MS : c.fluid === 'lava' ? FILL_MS + LAVA_DIG_MS : FILL_MS),
  async run(ctx, c): Promise<FillBucketResult> {
    if (!ctx.bot.inventory.items().some((i) => i.name === 'bucket')) return fillResult(false, 'no empty minecraft:bucket in inventory (craft one from 3 iron_ingot)', null, null)
    try {
      const source = c.fluid === 'milk' ? await milkCow(ctx) : await fillFromSource(ctx, c.fluid)
      const filled = namespaced(filledName(c.fluid))
      return fillResult(true, `filled a bucket: ${filled} from ${c.fluid === 'milk' ? 'a cow' : 'the source'} at ${fmtPos(source.x, source.y, source.z)}`, filled, source)
    } catch (err) {
      if (err instanceof SkillError) return fillResult(false, err.message, null, null)
      throw err
    }
  },
}

/** A point to look at so that the bucket's ray (look-ray.ts, as the server traces it) lands in `p`. */
function aimAt(ctx: SkillContext, p: Vec3): Vec3 | null {
  const { bot } = ctx
  const f = bot.entity.position
  const eye = new Vec3(f.x, f.y + EYE_HEIGHT, f.z)
  const nameAt = (x: number, y: number, z: number) => bot.blockAt(new Vec3(x, y, z))?.name ?? null
  for (const [u, v] of [[0.5, 0.5], [0.25, 0.25], [0.75, 0.75], [0.25, 0.75], [0.75, 0.25]] as const) {
    for (const h of [0.02, 0.5]) {
      const a = new Vec3(p.x + u, p.y + h, p.z + v)
      const d = a.minus(eye)
      const len = d.norm()
      if (len > BUCKET_REACH - 0.3 || len === 0) continue
      const t = pourTarget(eye, { x: d.x / len, y: d.y / len, z: d.z / len }, nameAt)
      if (t && t.x === p.x && t.y === p.y && t.z === p.z) return a
    }
  }
  return null
}

/**
 * Pours the water bucket carried into the cell `at` (the bot's own feet work: it looks straight
 * down). Walks into reach first. Throws a SkillError saying why it could not.
 */
export async function pourWater(ctx: SkillContext, at: { x: number; y: number; z: number }): Promise<Position> {
  const { bot } = ctx
  const p = vec(Math.floor(at.x), Math.floor(at.y), Math.floor(at.z))
  const where = fmtPos(p.x, p.y, p.z)
  const here = bot.blockAt(p)
  if (!here) throw new SkillError(`${where} is not loaded; move closer first`)
  if (!FLUID_REPLACEABLE.has(here.name)) throw new SkillError(`cannot pour water into ${where}: ${namespaced(here.name)} is there`)
  if (!bot.inventory.items().some((i) => i.name === 'water_bucket')) throw new SkillError('no minecraft:water_bucket in inventory (fill a bucket at water first)')
  let aim: Vec3 | null = null
  // from here, else from closer: the ray must not stop at a plant or a block before the cell
  for (const range of [0, 1, 2, 3]) {
    if (range > 0) {
      try {
        await goTo(ctx, new goals.GoalNear(p.x, p.y, p.z, range), `a spot to pour water at ${where}`)
      } catch (err) {
        if (err instanceof SkillAborted) throw err
        continue
      }
    }
    aim = aimAt(ctx, p)
    if (aim) break
  }
  if (!aim) throw new SkillError(`no clear look at ${where} from within reach: something stands in the way`)
  await holdItem(ctx, 'water_bucket')
  await useToward(ctx, aim)
  if (!(await blockBecomes(ctx, p, (b) => b?.name === 'water'))) throw new SkillError(`the water did not land at ${where}`)
  return pos(p)
}

export const placeWater: SkillDef<PlaceWater> = {
  name: 'placeWater',
  timeoutMs: 60_000,
  async run(ctx, c): Promise<PlaceWaterResult> {
    const target = { x: Math.floor(c.x), y: Math.floor(c.y), z: Math.floor(c.z) }
    try {
      const position = await pourWater(ctx, target)
      return { ok: true, reason: `poured water at ${fmtPos(position.x, position.y, position.z)}`, position }
    } catch (err) {
      if (err instanceof SkillError) return { ok: false, reason: err.message, position: target }
      throw err
    }
  },
}


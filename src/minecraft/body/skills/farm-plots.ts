/**
 * Where to farm, from the body's block knowledge (fair play: only blocks exposed to air or water):
 * plots the bot already planted come first, then ground a hoe can till with water within 4 blocks
 * (farmland stays moist there) and open sky above (daylight) or, for sugar cane, ground with water right
 * beside it and room to grow 3 tall. The field is
 * kept together: the nearest good plot first, then the plots nearest to it, laid so that no crop grows at
 * half speed (field-layout.ts: no diagonal neighbours, no corner); the rest of that ranking is kept as
 * spares for a plot that fails.
 */
import { Vec3 } from 'vec3'
import type { SkillContext } from './context.js'
import { CANE_SOIL, CLEARABLE, HYDRATION, TILLABLE, type CropSpec } from './crops.js'
import { isAirName } from '../../names.js'
import { layField } from './field-layout.js'
import { FRUIT_SOIL } from '../../world/farming.js'
import { memoryOf } from './player-memory.js'

export const PLOT_SEARCH_RADIUS = 32
/** The best-ranked good plots the field is laid out from; the ones left over are its spares. */
const FIELD_CANDIDATES = 64

export interface Plot {
  /** The farmland (or the block the cane stands on). */
  ground: Vec3
}

export interface Field {
  plots: Plot[]
  /** Good ground not in the field, best first: where a plot that fails is replaced (`spareFor`). */
  spares: Plot[]
  /** Laid out by vanilla's halving rule (not sugar cane, which has no growth speed). */
  rows: boolean
  /** Stems: no two side by side (a free cell for each fruit). */
  apart: boolean
}

const key = (x: number, y: number, z: number) => `${x},${y},${z}`
const SIDES = [new Vec3(1, 0, 0), new Vec3(-1, 0, 0), new Vec3(0, 0, 1), new Vec3(0, 0, -1)]

/** The plots this bot planted (one memory per player on one server, so a reconnect keeps it): the ground's positions. */
const ownPlots = (bot: object) => memoryOf<true>(bot, 'plots')

/** Notes that the bot planted the plot on `ground`. */
export function notePlanted(bot: object, ground: Vec3): void {
  ownPlots(bot).set(key(ground.x, ground.y, ground.z), true)
}

/**
 * The ground of every plot of `spec` planted within PLOT_SEARCH_RADIUS that the bot knows of and
 * planted itself: a crop on farmland the bot did not plant is someone else's field. Sugar cane
 * growing wild beside water is anyone's to cut (above its lowest block, which grows again).
 */
export function plantedGround(ctx: SkillContext, spec: CropSpec): Vec3[] {
  const at = (p: Vec3) => ctx.bot.blockAt(p)?.name ?? null
  const own = ownPlots(ctx.bot)
  const planted = ctx.knowledge.find((n) => n === spec.block || n === spec.fruit?.attachedStem, { radius: PLOT_SEARCH_RADIUS, count: 256 })
  const grounds = new Map<string, Vec3>()
  for (const k of planted) {
    let g = new Vec3(k.position.x, k.position.y - 1, k.position.z)
    if (spec.soil === 'beside-water') while (at(g) === 'sugar_cane') g = g.offset(0, -1, 0)
    else if (!own.has(key(g.x, g.y, g.z))) continue
    grounds.set(key(g.x, g.y, g.z), g)
  }
  return [...grounds.values()]
}

/** Up to `want` plots for `spec`, the plots already planted (`plantedGround`) first, then the nearest field, and the spares. */
export function findPlots(ctx: SkillContext, spec: CropSpec, want: number, planted: readonly Vec3[]): Field {
  const { bot } = ctx
  const p0 = bot.entity.position
  const from = new Vec3(p0.x, p0.y, p0.z)
  const at = (p: Vec3) => bot.blockAt(p)?.name ?? null
  const out: Plot[] = []
  const used = new Set<string>()
  const take = (g: Vec3) => {
    const k = key(g.x, g.y, g.z)
    if (used.has(k) || out.length >= want) return
    used.add(k)
    out.push({ ground: g })
  }
  const rows = spec.soil === 'farmland'
  const apart = !!spec.fruit
  const field = (spares: Plot[] = []): Field => ({ plots: out, spares, rows, apart })
  // what is already planted
  for (const g of planted) take(g)
  if (out.length >= want) return field()

  const water = new Set(ctx.knowledge.find((n) => n === 'water', { radius: PLOT_SEARCH_RADIUS + HYDRATION, count: 4096 }).map((k) => key(k.position.x, k.position.y, k.position.z)))
  if (water.size === 0) return field()
  const isWater = (x: number, y: number, z: number) => water.has(key(x, y, z))
  const soil = spec.soil === 'farmland' ? (n: string) => TILLABLE.has(n) || n === 'farmland' : (n: string) => CANE_SOIL.has(n)
  /** Water within reach of the farmland's moisture rule (dy 0..+1), or near it below (the sea under a shore). */
  const waterNear = (g: Vec3, dyMin: number, dyMax: number) => {
    if (spec.soil === 'beside-water') return SIDES.some((s) => isWater(g.x + s.x, g.y, g.z + s.z))
    for (let dy = dyMin; dy <= dyMax; dy++) {
      for (let dx = -HYDRATION; dx <= HYDRATION; dx++) for (let dz = -HYDRATION; dz <= HYDRATION; dz++) if (isWater(g.x + dx, g.y + dy, g.z + dz)) return true
    }
    return false
  }
  const good = ctx.knowledge
    .find(soil, { radius: PLOT_SEARCH_RADIUS, count: 2048 })
    .map((k) => new Vec3(k.position.x, k.position.y, k.position.z))
    .filter((g) => {
      const above = at(g.offset(0, 1, 0))
      if (above !== 'air' && !(above && CLEARABLE.has(above))) return false
      return waterNear(g, -2, 1)
    })
    // a stem needs a free cell beside it for its fruit
    .filter((g) => !spec.fruit || SIDES.some((s) => FRUIT_SOIL.has(at(g.plus(s)) ?? '') && at(g.plus(s).offset(0, 1, 0)) === 'air'))
  if (good.length === 0) return field()
  // moist ground (water level with it or one above: vanilla FarmBlock.isNearWater) first, nearest to the field
  const moist = new Set(good.filter((g) => waterNear(g, 0, 1)).map((g) => key(g.x, g.y, g.z)))
  const rank = (g: Vec3, c: Vec3) => g.distanceTo(c) + (moist.has(key(g.x, g.y, g.z)) ? 0 : PLOT_SEARCH_RADIUS)
  const centre = out[0]?.ground ?? good.slice().sort((a, b) => rank(a, from) - rank(b, from))[0]!
  good.sort((a, b) => rank(a, centre) - rank(b, centre))
  /**
   * Crops need light 9 (sky or block light, by day or night): open sky above the plant gives the sky's 15,
   * which the bot can tell from the blocks it knows, where a shaded spot's light it cannot;
   * a cane needs the two cells above it free to grow to 3.
   */
  const roomAbove = (g: Vec3): boolean => {
    const top = spec.soil === 'beside-water' ? g.y + 3 : 255
    for (let y = g.y + 2; y <= top; y++) {
      const n = at(new Vec3(g.x, y, g.z))
      if (n === null) return y > g.y + 3 // above the loaded data: open
      if (!isAirName(n)) return false
    }
    return true
  }
  const candidates: Vec3[] = []
  for (const g of good) {
    if (candidates.length >= FIELD_CANDIDATES) break
    if (!used.has(key(g.x, g.y, g.z)) && roomAbove(g)) candidates.push(g)
  }
  const fixed = out.map((p) => p.ground)
  const chosen = rows ? layField(candidates, want, { fixed, apart }) : [...fixed, ...candidates].slice(0, want)
  for (const g of chosen) take(g)
  return field(candidates.filter((g) => !used.has(key(g.x, g.y, g.z))).map((ground) => ({ ground })))
}

/**
 * The best spare to stand in for a plot that failed, keeping the layout with the plots `kept`
 * (else the best-ranked spare); it is taken out of `field.spares`. Null when none is left.
 */
export function spareFor(field: Field, kept: readonly Plot[]): Plot | null {
  if (field.spares.length === 0) return null
  const fixed = kept.map((p) => p.ground)
  const pick = field.rows ? layField(field.spares.map((p) => p.ground), fixed.length + 1, { fixed, apart: field.apart })[fixed.length] : field.spares[0]!.ground
  const i = pick ? field.spares.findIndex((p) => p.ground.equals(pick)) : -1
  if (i < 0) return null
  return field.spares.splice(i, 1)[0]!
}

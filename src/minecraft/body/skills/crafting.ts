/**
 * Crafting internals shared by craft and smelt: recipe choice, "missing N x" reasons,
 * and finding or making a station (crafting table, furnace) nearby.
 */
import type { Block } from 'prismarine-block'
import type { Recipe } from 'prismarine-recipe'
import { namespaced } from '../../names.js'
import { SkillAborted, SkillError, abortable, errorMessage, type SkillContext } from './context.js'
import { goTo, goals, fmtPos, vec } from './nav.js'
import { placeNearby } from './placing.js'
import { mineBlockAt } from './dig.js'
import { isUnreachableFailure, unreachableFor } from './unreachable.js'
import { STATION_RADIUS } from '../arrival.js'

/** How far the bot walks back to a station it knows (one it placed, say) when it cannot afford a new one. */
export const STATION_RECALL_RADIUS = 128

function invCountById(ctx: SkillContext, id: number): number {
  return ctx.bot.inventory.items().reduce((n, it) => (it.type === id ? n + it.count : n), 0)
}

/** What one recipe still lacks to make `times` crafts, as `[{name, count}]`. */
export function missingFor(ctx: SkillContext, recipe: Recipe, times: number): Array<{ name: string; count: number }> {
  const need = new Map<number, number>()
  for (const d of recipe.delta) if (d.count < 0) need.set(d.id, (need.get(d.id) ?? 0) - d.count * times)
  const out: Array<{ name: string; count: number }> = []
  for (const [id, n] of need) {
    const lack = n - invCountById(ctx, id)
    if (lack > 0) out.push({ name: namespaced(ctx.registry.items[id]?.name ?? String(id)), count: lack })
  }
  return out
}

export function describeMissing(m: Array<{ name: string; count: number }>): string {
  return 'missing ' + m.map((x) => `${x.count} ${x.name}`).join(', ')
}

/** A station block the bot knows of within `radius` (default STATION_RADIUS), nearest first. */
export function findStation(ctx: SkillContext, name: string, radius = STATION_RADIUS): Block | null {
  if (!ctx.registry.blocksByName[name]) return null
  const names = name === 'furnace' ? new Set([name, 'lit_furnace']) : new Set([name])
  const gone = unreachableFor(ctx.bot)
  const known = ctx.knowledge.find((n) => names.has(n), { radius, count: 16 }).find((k) => !gone.has(k.position))
  if (!known) return null
  ctx.knowledge.chose(known.name, known.position, 'station')
  return ctx.bot.blockAt(vec(known.position.x, known.position.y, known.position.z))
}

/** Walks next to `block` so windows can be opened. */
export async function reach(ctx: SkillContext, block: Block): Promise<void> {
  if (ctx.bot.entity.position.distanceTo(block.position.offset(0.5, 0.5, 0.5)) <= 3.5) return
  const p = block.position
  await goTo(ctx, new goals.GoalLookAtBlock(p, ctx.bot.world, { reach: 3.5 }), `${block.name} at ${fmtPos(p.x, p.y, p.z)}`)
}

/** How far a table is walked to before going after ore: the ore may be 50 blocks down, the walk back up takes minutes. */
export const TABLE_ALONG_RADIUS = 24

/**
 * Before going after ore: a crafting table within TABLE_ALONG_RADIUS goes into the inventory, as
 * a player carries theirs down. Left behind, the next craft deep underground needs a new one:
 * 4 planks, which a bot low on wood gets from a log on the surface (diamond runs at y 12 spent
 * 80 s climbing toward the surface for one, twice; seed 6 left its table 16 blocks away and could not
 * path back up to it from y 11). True when the bot now holds a table.
 */
export async function takeTableAlong(ctx: SkillContext): Promise<boolean> {
  const held = () => ctx.bot.inventory.items().some((i) => i.name === 'crafting_table')
  if (held()) return true
  const table = findStation(ctx, 'crafting_table', TABLE_ALONG_RADIUS)
  if (!table) return false
  try {
    await mineBlockAt(ctx, table.position, ['crafting_table'])
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    ctx.log.debug('could not take the crafting table along', { err: errorMessage(err) })
    return false
  }
  if (held()) ctx.progress(`took my crafting table along (from ${fmtPos(table.position.x, table.position.y, table.position.z)})`)
  return held()
}

/** Beyond this a fresh station is cheaper than the walk (climbing out of a mine shaft can take a minute). */
export const STATION_WALK_LIMIT = 12
const STATION_COST: Record<'crafting_table' | 'furnace', { item: string; count: number }> = {
  crafting_table: { item: '_planks', count: 4 },
  furnace: { item: 'cobblestone', count: 8 },
}

function canAffordStation(ctx: SkillContext, name: 'crafting_table' | 'furnace'): boolean {
  const items = ctx.bot.inventory.items()
  if (items.some((i) => i.name === name)) return true
  const cost = STATION_COST[name]
  const have = items.filter((i) => (cost.item.startsWith('_') ? i.name.endsWith(cost.item) : i.name === cost.item)).reduce((n, i) => n + i.count, 0)
  // a log makes 4 planks in the inventory's own grid
  const logs = name === 'crafting_table' ? items.filter((i) => planksOf(i.name)).reduce((n, i) => n + i.count, 0) : 0
  return have + 4 * logs >= cost.count
}

/** The planks a log or stem makes (`oak_log` → `oak_planks`), or null. */
export function planksOf(log: string): string | null {
  const m = /^(?:stripped_)?(.+)_(log|wood|stem|hyphae)$/.exec(log)
  return m ? `${m[1]}_planks` : null
}

/** Crafts planks from carried logs until `count` planks are held (for a station made on the spot). */
async function planksFromLogs(ctx: SkillContext, count: number): Promise<void> {
  const held = () => ctx.bot.inventory.items().filter((i) => i.name.endsWith('_planks')).reduce((n, i) => n + i.count, 0)
  for (const log of ctx.bot.inventory.items()) {
    const planks = planksOf(log.name)
    if (held() >= count) return
    if (!planks || !ctx.registry.itemsByName[planks]) continue
    await craftItem(ctx, planks, Math.min(4 * log.count, Math.ceil((count - held()) / 4) * 4))
  }
}

/**
 * A nearby station: an existing one when close, else one placed from the inventory or
 * crafted on the spot; an existing far one (within 32, or one it knows within 128) only when
 * a new one is not affordable.
 */
export async function ensureStation(ctx: SkillContext, name: 'crafting_table' | 'furnace'): Promise<Block> {
  // a far station it knows (one it placed before walking off to mine) only when a new one is not affordable
  const found = findStation(ctx, name) ?? (canAffordStation(ctx, name) ? null : findStation(ctx, name, STATION_RECALL_RADIUS))
  // Climbing costs far more than walking: a table 6 blocks up out of a mine shaft is "far".
  const me = ctx.bot.entity.position
  const dist = found ? Math.hypot(found.position.x + 0.5 - me.x, found.position.z + 0.5 - me.z) + 3 * Math.max(0, found.position.y - Math.floor(me.y)) : Infinity
  if (found && (dist <= STATION_WALK_LIMIT || !canAffordStation(ctx, name))) {
    try {
      await reach(ctx, found)
      return ctx.bot.blockAt(found.position) ?? found
    } catch (err) {
      // out of reach: remember it, and make a new one here rather than walk back to it again
      if (!(err instanceof SkillError) || !isUnreachableFailure(err.message)) throw err
      unreachableFor(ctx.bot).mark(found.position)
      if (!canAffordStation(ctx, name)) throw new SkillError(`${err.message}; and I cannot make a new ${name} (it takes ${STATION_COST[name].count} ${STATION_COST[name].item.replace(/^_/, '')})`)
      ctx.progress(`the ${name} at ${fmtPos(found.position.x, found.position.y, found.position.z)} is out of reach (${err.message}); making a new one here`)
    }
  }
  if (!ctx.bot.inventory.items().some((i) => i.name === name)) {
    if (name === 'crafting_table') await planksFromLogs(ctx, STATION_COST.crafting_table.count)
    ctx.progress(found ? `the nearest ${name} is too far (${Math.round(Math.hypot(found.position.x - me.x, found.position.y - me.y, found.position.z - me.z))} blocks); crafting a new one here` : `no ${name} within ${STATION_RADIUS} blocks; crafting one`)
    const made = await craftItem(ctx, name, 1)
    if (made.crafted < 1) throw new SkillError(`no ${name} nearby and cannot craft one: ${made.reason}`)
  }
  ctx.progress(`placing a ${name}`)
  return placeNearby(ctx, name)
}

export interface CraftOutcome {
  crafted: number
  reason: string
}

/** Crafts `count` of one exact item; never throws SkillError for missing materials (returns them in reason). */
export async function craftItem(ctx: SkillContext, name: string, count: number): Promise<CraftOutcome> {
  const { bot, registry, signal } = ctx
  const item = registry.itemsByName[name]
  if (!item) return { crafted: 0, reason: `unknown item ${namespaced(name)}` }
  const all = [...bot.recipesAll(item.id, null, null), ...bot.recipesAll(item.id, null, true)]
  if (!all.length) return { crafted: 0, reason: `${namespaced(name)} has no crafting recipe (mine, smelt or loot it instead)` }
  const before = invCountById(ctx, item.id)
  const perCraft = Math.max(1, all[0]!.result.count)
  const times = Math.ceil(count / perCraft)
  // Best recipe by what is missing for the whole order; ties prefer no table.
  const ranked = all
    .map((r) => ({ r, missing: missingFor(ctx, r, times) }))
    .sort((a, b) => a.missing.reduce((n, m) => n + m.count, 0) - b.missing.reduce((n, m) => n + m.count, 0) || Number(a.r.requiresTable) - Number(b.r.requiresTable))
  const best = ranked[0]!
  // How many crafts the best recipe affords now.
  let affordable = times
  while (affordable > 0 && missingFor(ctx, best.r, affordable).length) affordable--
  if (affordable === 0) return { crafted: 0, reason: `${describeMissing(best.missing)} to craft ${namespaced(name)}` }
  let table: Block | null = null
  if (best.r.requiresTable) {
    table = await ensureStation(ctx, 'crafting_table')
  }
  // recipesFor re-resolves against the real inventory (and table) so mineflayer accepts it.
  const live = bot.recipesFor(item.id, null, 1, table ?? null).find((r) => r.requiresTable === best.r.requiresTable) ?? bot.recipesFor(item.id, null, 1, table ?? null)[0]
  if (!live) {
    // what is missing now: making the station may have used what the order needed (planks for a table)
    const now = missingFor(ctx, best.r, times)
    const why = now.length ? describeMissing(now) : describeMissing(best.missing)
    return { crafted: 0, reason: why === 'missing ' ? `no recipe for ${namespaced(name)} matches what I hold now` : `${why} to craft ${namespaced(name)}${table && !best.missing.length ? ` (the crafting_table made for it used some)` : ''}` }
  }
  let affordLive = affordable
  while (affordLive > 0 && missingFor(ctx, live, affordLive).length) affordLive--
  if (affordLive === 0) affordLive = 1
  ctx.progress(`crafting ${affordLive * perCraft} ${name}`)
  try {
    await abortable(bot.craft(live, affordLive, table ?? undefined), signal)
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    return { crafted: Math.max(0, invCountById(ctx, item.id) - before), reason: `crafting ${namespaced(name)} failed: ${errorMessage(err)}` }
  }
  const crafted = Math.max(0, invCountById(ctx, item.id) - before)
  if (crafted < count) {
    const lack = missingFor(ctx, best.r, Math.ceil((count - crafted) / perCraft))
    return { crafted, reason: lack.length ? `${describeMissing(lack)} to craft ${count - crafted} more ${namespaced(name)}` : `crafted only ${crafted} of ${count} ${namespaced(name)}` }
  }
  return { crafted, reason: `crafted ${crafted} ${namespaced(name)}` }
}

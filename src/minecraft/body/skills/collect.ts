/**
 * collect [{name, count}]: block ids, item ids (cobblestone ← stone, coal ← coal_ore)
 * and tags (`log`, `planks`). One block at a time, unreachable blocks are skipped (instead of
 * aborting the whole batch like collectblock does), and success is what lands in the inventory.
 *
 * Fair play: only blocks the bot knows about are targeted (senses/known-blocks.ts: exposed to
 * air or water, or seen). When none is known, the bot climbs out of its hole and walks a spiral
 * (explore.ts `spiralSearch`) until one becomes known or the time budget is nearly spent, and then
 * fails with a reason that says what it searched.
 */
import type { ItemCount, SkillCall, SkillResult } from '../types.js'
import { countMembers, resolveCollectTarget, type CollectTarget } from '../items.js'
import { namespaced } from '../../names.js'
import { SkillAborted, SkillError, checkAborted, fail, ok, type SkillContext, type SkillDef } from './context.js'
import { missingToolReason, mineBlockAt } from './dig.js'
import { spiralSearch, underCover } from './explore.js'
import { vec } from './nav.js'
import { takeTableAlong } from './crafting.js'
import { describeOreSearch, digForOre } from './strip-mine.js'
import { isOre, isOreItem } from './tunnel.js'
import { coverLavaBeside, feetCell, plugBlocksHeld } from './dig-step.js'
import { descendTo } from './descend.js'
import { knownAround, openCell } from './known-cells.js'
import { dropWithinReach } from './drop-reach.js'
import { leafOnlyOdds } from '../../leaf-drops.js'
import { isUnreachableFailure, sameCluster, unreachableFor } from './unreachable.js'
import { walkOverDrops } from './pick-up.js'
import { noteCollecting } from './kept-food.js'

type Collect = Extract<SkillCall, { skill: 'collect' }>

export const SEARCH_RADIUS = 64
/** Most blocks one search walk covers before collect gives up (the time budget usually ends it first). */
export const SEARCH_WALK_MAX = 320
const MAX_CONSECUTIVE_FAILURES = 8
/** For ores, the walk on the surface before digging down for them is short: what is not in sight is underground. */
export const ORE_SURFACE_WALK = 96
export const ORE_SURFACE_MS = 45_000

/** While digging for ore, ore known within this distance ends the digging (farther ore may be a long way round through rock). */
export const ORE_NEAR_RADIUS = 24
/** Ore in sight with no path to it this many times in a row: the bot digs for ore by stairs instead. */
export const ORE_NO_PATH_BEFORE_STAIRS = 3
/** Mined blocks in a row whose drop did not arrive before the bot digs stairs through the stone instead. */
export const LOST_DROPS_BEFORE_STAIRS = 2
const MAX_STAIRS_FOR_DROPS = 3
/** How far down those stairs may go (each step brings two or three blocks). */
const STAIRS_FOR_DROPS_LEVELS = 12
/** The blocks a stair through the ground is dug in. */
const STAIRS_MATERIAL = new Set(['stone', 'deepslate'])
/** A walk's failure that says the pathfinder found no way at all from where the bot stands. */
const NO_PATH = /^no path to /

export interface CollectOptions {
  /** The level to strip-mine at when digging for ore (default: tunnel.ts stripHeight). */
  oreLevel?: number
  /** How far known blocks count (default SEARCH_RADIUS). */
  radius?: number
}

/**
 * What a block to mine costs, in blocks of walking: its distance, plus 3 per block below the feet
 * (digging straight down traps the bot in a shaft), plus WET_COST when water touches it. A block
 * reached through water is dug from the water: 5× as slow in it and 5× again while swimming, a
 * 1-second stone taking half a minute, which is longer than walking 64 blocks to a dry one.
 */
export const WET_COST = 64
/** Time per item of a block that drops it every time. */
const PER_ITEM_MS = 20_000
/** Time per leaf block: reach it, break it, wait for what it drops (7–10 s each in the bench's logs). */
const PER_LEAF_MS = 8_000
/** How far from the bot a wanted leaf drop is walked to (an apple falls from a crown, and rolls). */
const LEAF_DROP_RADIUS = 16
/** Leaves broken for a leaf-only drop: enough that 9 in 10 calls see the drop (1 − (1 − p)^n ≥ 0.9 for one item: n ≈ 2.3 / p). */
const LEAVES_PER_DROP = -Math.log(0.1)

/** The time budget for one ordered item: a drop that comes 1 in 20 leaves (a sapling) needs many leaves, not one block's time. */
export function itemBudgetMs(i: ItemCount): number {
  const odds = leafOnlyOdds(i.name)
  return odds === undefined ? PER_ITEM_MS * i.count : PER_LEAF_MS * Math.ceil((LEAVES_PER_DROP * i.count) / odds)
}

/** Extra cost of a block with lava beside it, in blocks of walking: each lava cell is covered with a block first. */
export const LAVA_COST = 16

/**
 * Extra cost of a block whose drop would lie where the bot can neither stand nor reach (drop-reach.ts:
 * a 1-high pocket dug two deep), in blocks of walking: mined anyway when nothing else is near.
 */
export const POCKET_COST = 32

export function targetCost(distance: number, belowFeet: number, wet: boolean): number {
  return distance + Math.max(0, belowFeet) * 3 + (wet ? WET_COST : 0)
}

export const collect: SkillDef<Collect> = {
  name: 'collect',
  timeoutMs: 300_000,
  // digging down and strip-mining for ore takes minutes, not seconds
  timeoutFor: (c) =>
    Math.min(1_200_000, (c.items.some((i) => isOreItem(i.name)) ? 240_000 : 60_000) + c.items.reduce((ms, i) => ms + itemBudgetMs(i), 0)),
  run: (ctx, c) => collectItems(ctx, c),
}

/** The collect skill's body; `opts` for callers inside the body (stripMine). */
export async function collectItems(ctx: SkillContext, c: Collect, opts: CollectOptions = {}): Promise<SkillResult> {
  noteCollecting(ctx.bot, c.items.map((i) => i.name))
  const targets: Array<{ want: ItemCount; target: CollectTarget }> = []
  for (const want of c.items) {
    const r = resolveCollectTarget(ctx.registry, want.name)
    if (!r.ok) return fail(r.reason, { collected: [], missing: c.items.map(norm) })
    targets.push({ want, target: r.value })
  }
  const collected: ItemCount[] = []
  const missing: ItemCount[] = c.items.map(norm)
  for (let i = 0; i < targets.length; i++) {
    const { want, target } = targets[i]!
    const remainingList = () => missing.filter((m) => m.count > 0)
    const got = await collectOne(ctx, target, want.count, opts, (n) => {
      missing[i]!.count = Math.max(0, want.count - n)
      ctx.setActivity({ kind: 'searching', needed: remainingList() })
    }).catch((err: unknown) => {
      if (err instanceof SkillError) {
        err.extra.collected = [...collected, ...(typeof err.extra.gained === 'number' && err.extra.gained > 0 ? [{ name: namespaced(target.label), count: err.extra.gained }] : [])]
        err.extra.missing = remainingList()
        delete err.extra.gained
      }
      throw err
    })
    collected.push(...got)
    missing[i]!.count = 0
  }
  const summary = collected.map((x) => `${x.count} ${x.name}`).join(', ')
  return ok(`collected ${summary}`, { collected, missing: [] })
}

function norm(i: ItemCount): ItemCount {
  return { name: namespaced(i.name), count: i.count }
}

/** Mines until `count` more of the target's members are in the inventory; returns how many arrived. */
async function collectOne(ctx: SkillContext, target: CollectTarget, count: number, opts: CollectOptions, onCount: (n: number) => void): Promise<ItemCount[]> {
  const before = ctx.counts()
  const { bot, registry, signal } = ctx
  const start = countMembers(ctx.counts(), target.members)
  const gained = () => Math.max(0, countMembers(ctx.counts(), target.members) - start)
  const skip = new Set<string>()
  // places this bot could not get to lately (this call or an earlier one): another target at once
  const unreachable = unreachableFor(bot)
  const key = (p: { x: number; y: number; z: number }) => `${p.x},${p.y},${p.z}`
  const searched = { runs: 0, walked: 0, seconds: 0, climbed: false, why: '', dug: '' }
  const ore = target.sources.find((s) => isOre(s, registry))
  let consecutiveFailures = 0
  let noPathInRow = 0
  // blocks mined in a row whose drop did not arrive, and the stairs dug for them (below)
  let lostInRow = 0
  let stairsForDrops = 0
  let lastFailure = ''
  // a leaf drops what is wanted 1 time in 20 (a sapling) or 200 (an apple): no wait for a drop after
  // each leaf and no walk to the sticks and saplings that are not wanted; the wanted ones are swept up
  const leafOnly = target.members.every((m) => leafOnlyOdds(m) !== undefined)
  onCount(0)
  // ore leads away from the surface: the crafting table comes along for the crafts down there
  if (ore) await takeTableAlong(ctx)
  while (gained() < count) {
    checkAborted(signal)
    if (bot.inventory.emptySlotCount() === 0) throw new SkillError('inventory is full; drop or store items first', { gained: gained() })
    // Look for every source first: "none nearby" is more useful than "wrong tool" for blocks that are not there.
    const sourceBlocks = target.sources.map((n) => registry.blocksByName[n]).filter((b) => !!b)
    const refusals = new Map<string, string>()
    for (const b of sourceBlocks) {
      const probe = { name: b.name, harvestTools: b.harvestTools } as unknown as Parameters<typeof missingToolReason>[1]
      const reason = missingToolReason(ctx, probe)
      if (reason) refusals.set(b.name, reason)
    }
    const names = new Set(sourceBlocks.map((b) => b.name))
    const known = (radius = opts.radius ?? SEARCH_RADIUS) => ctx.knowledge.find((n) => names.has(n), { radius, count: 256 }).filter((k) => !skip.has(key(k.position)) && !unreachable.has(k.position))
    let all = known()
    const usable = (list: typeof all) => list.filter((k) => !refusals.has(k.name))
    const label = target.sources.length === 1 || target.sources[0] === target.label ? target.label : `${target.label} (from ${target.sources.slice(0, 4).join('/')})`
    if (!all.length && !(ore && underCover(ctx))) {
      // Nothing known: look for it the way a player would, within the time budget.
      // Ore first gets a short look around on the surface; then the bot digs for it (below).
      const deadline = ore ? Math.min(ctx.deadline, Date.now() + ORE_SURFACE_MS + 5000) : ctx.deadline
      const search = await spiralSearch(ctx, () => (known().length ? true : undefined), { deadline, maxDistance: ore ? ORE_SURFACE_WALK : SEARCH_WALK_MAX })
      searched.runs++
      searched.walked += search.walked
      searched.seconds += search.seconds
      searched.climbed ||= search.climbed
      searched.why = search.why ?? ''
      all = known()
    }
    if (!all.length && ore && !refusals.has(ore)) {
      // Ore not in sight: stairs down to its strip height and strips until one shows in a wall.
      const near = Math.min(ORE_NEAR_RADIUS, opts.radius ?? SEARCH_RADIUS)
      const dig = await digForOre(ctx, ore, () => (known(near).length ? true : undefined), { deadline: ctx.deadline, level: opts.oreLevel })
      searched.dug = describeOreSearch(dig)
      all = known()
    }
    const feetY = Math.floor(bot.entity.position.y)
    // what is beside a block, as far as the bot knows it (fair play: never read from the raw world)
    const around = new Map(all.map((k) => [key(k.position), knownAround(ctx, k.position)]))
    const wet = (k: (typeof all)[number]) => around.get(key(k.position))!.some((n) => n === 'water' || n === 'bubble_column')
    // lava beside a block flows into it once it is mined, and from there onto the bot: covered first
    // with blocks the bot carries (one per lava cell beside it), else never mined
    const lavaNear = (k: (typeof all)[number]) => around.get(key(k.position))!.filter((n) => n === 'lava')
    const plugs = plugBlocksHeld(ctx)
    for (const k of all) {
      const lava = lavaNear(k).length
      if (!lava || skip.has(key(k.position)) || lava <= plugs) continue
      skip.add(key(k.position))
      lastFailure ||= `lava beside the ${k.name} at ${vec(k.position.x, k.position.y, k.position.z).toString()} and ${plugs ? `only ${plugs}` : 'no'} blocks to cover it with`
    }
    // a leaf's wanted drop is swept up from anywhere around (walkOverDrops), not at the leaf
    const pocket = (k: (typeof all)[number]) => !leafOnly && !dropWithinReach(k.position, (p) => openCell(ctx, p))
    const costs = new Map(all.map((k) => [k, targetCost(k.distance, feetY - k.position.y, wet(k)) + (lavaNear(k).length ? LAVA_COST : 0) + (pocket(k) ? POCKET_COST : 0)]))
    const chosen = usable(all.filter((k) => !skip.has(key(k.position)))).sort((a, b) => costs.get(a)! - costs.get(b)!)
    const positions = chosen.map((k) => vec(k.position.x, k.position.y, k.position.z))
    const usableNames = sourceBlocks.filter((b) => !refusals.has(b.name)).map((b) => b.name)
    if (!positions.length) {
      const got = gained()
      const suffix = got ? `; got ${got}/${count}` : ''
      const present = all.map((k) => k.name).find((n) => refusals.has(n))
      if (present) throw new SkillError(`${refusals.get(present)!} (for ${namespaced(target.label)})${suffix}`, { gained: got })
      const walk =
        (searched.runs
          ? `; searched ${searched.climbed ? 'after climbing out, ' : ''}walking ${searched.walked} blocks in ${searched.seconds}s${searched.why ? ` (${searched.why})` : ''} and found none`
          : '') + (searched.dug ? `; dug for it: ${searched.dug}` : '')
      const remembered = ctx.knowledge.find((n) => names.has(n), { radius: opts.radius ?? SEARCH_RADIUS, count: 256 }).filter((k) => unreachable.has(k.position)).length
      const skipped = skip.size + remembered
      const base = skipped
        ? `no reachable ${label} known within ${opts.radius ?? SEARCH_RADIUS} blocks (${skipped} unreachable skipped${lastFailure ? `; last: ${lastFailure}` : remembered ? '; out of reach a moment ago' : ''})`
        : `no ${label} known within ${opts.radius ?? SEARCH_RADIUS} blocks (fair play: only blocks exposed to air or seen count)`
      throw new SkillError(base + walk + suffix, { gained: got })
    }
    const pos = positions[0]!
    ctx.knowledge.chose(chosen[0]!.name, chosen[0]!.position, 'collect')
    const enough = stopWhenEnough(ctx, () => gained() >= count)
    const had = gained()
    try {
      const names = usableNames
      await coverLavaBeside(enough.ctx, chosen[0]!.position, chosen[0]!.name)
      await mineBlockAt(enough.ctx, pos, names, { pickUp: !leafOnly })
      if (leafOnly) await walkOverDrops(ctx, target.members, LEAF_DROP_RADIUS, () => gained() >= count)
      const after = bot.blockAt(pos)
      if (after && names.includes(after.name)) throw new SkillError(`the server did not let me break ${after.name} at ${pos.toString()}`)
      consecutiveFailures = 0
      lostInRow = !leafOnly && gained() === had ? lostInRow + 1 : 0
    } catch (err) {
      // the way to the block was dug through what was wanted, and enough of it arrived
      if (err instanceof SkillAborted && enough.fired() && !signal.aborted) continue
      if (err instanceof SkillAborted || !(err instanceof SkillError)) throw err
      skip.add(key(pos))
      if (isUnreachableFailure(err.message)) {
        // the same tree, the same ledge: its neighbours are out of reach the same way
        unreachable.mark(pos)
        for (const k of all) if (k.name === chosen[0]!.name && sameCluster(k.position, pos)) skip.add(key(k.position))
      }
      lastFailure = err.message
      consecutiveFailures++
      noPathInRow = NO_PATH.test(err.message) ? noPathInRow + 1 : 0
      ctx.log.debug('skipping block', { pos: pos.toString(), reason: err.message })
      if (ore && !refusals.has(ore) && noPathInRow >= ORE_NO_PATH_BEFORE_STAIRS) {
        // no walking way from here to the ore in sight (a pit, a ledge, a cave seen through a gap): dig
        // for it by stairs at once, as when none is in sight; the ore seen before is left to the way they open
        const seen = new Set(known().map((k) => key(k.position)))
        const near = Math.min(ORE_NEAR_RADIUS, opts.radius ?? SEARCH_RADIUS)
        ctx.progress(`no way to the ${ore} in sight from here; digging for it`)
        const dig = await digForOre(ctx, ore, () => (known(near).some((k) => !seen.has(key(k.position))) ? true : undefined), { deadline: ctx.deadline, level: opts.oreLevel })
        searched.dug = describeOreSearch(dig)
        for (const k of seen) skip.add(k)
        noPathInRow = 0
        consecutiveFailures = 0
      }
      if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
        throw new SkillError(`gave up on ${target.label} after ${consecutiveFailures} unreachable blocks in a row (last: ${lastFailure})`, { gained: gained() })
      }
    } finally {
      enough.stop()
    }
    if (lostInRow >= LOST_DROPS_BEFORE_STAIRS && stairsForDrops < MAX_STAIRS_FOR_DROPS && gained() < count && target.sources.some((n) => STAIRS_MATERIAL.has(n))) {
      // the drops here lie where the bot cannot get (pockets dug into a pit's wall): stairs down through
      // the stone instead, as a player digs; each step's blocks are dug where the bot then stands
      lostInRow = 0
      stairsForDrops++
      ctx.progress(`the ${namespaced(target.label)} dug here falls out of reach; digging stairs down through the stone instead`)
      try {
        const d = await descendTo(ctx, feetCell(ctx).y - STAIRS_FOR_DROPS_LEVELS, { found: () => (gained() >= count ? true : undefined), stopAt: ctx.deadline - 5000 })
        if (d.why) ctx.log.debug('stairs for drops stopped', { why: d.why, steps: d.steps })
      } catch (err) {
        if (!(err instanceof SkillError)) throw err
        ctx.log.debug('stairs for drops failed', { err: err.message })
      }
    }
    const n = Math.min(gained(), count)
    onCount(n)
    ctx.progress(`collected ${n}/${count} ${namespaced(target.label)}`, n / count)
  }
  // Report what actually arrived, by exact item (a `log` order may bring oak and birch).
  const after = ctx.counts()
  return target.members
    .map((m) => ({ name: namespaced(m), count: (after[namespaced(m)] ?? 0) - (before[namespaced(m)] ?? 0) }))
    .filter((x) => x.count > 0)
}

/**
 * A child context whose signal fires once `enough()` holds after an inventory change: the walk to a
 * block that digs its way through the wanted blocks (stairs through stone to a stone far below) stops
 * when they have arrived, as a player stops digging (seed 6: 22 cobblestone for 11, 15 s).
 */
export function stopWhenEnough(ctx: SkillContext, enough: () => boolean): { ctx: SkillContext; fired(): boolean; stop(): void } {
  const ctl = new AbortController()
  const inventory = ctx.bot.inventory as unknown as { on(e: string, f: () => void): void; removeListener(e: string, f: () => void): void }
  const onSlot = () => {
    if (!ctl.signal.aborted && enough()) ctl.abort(new Error('enough collected'))
  }
  inventory.on('updateSlot', onSlot)
  return {
    ctx: { ...ctx, signal: AbortSignal.any([ctx.signal, ctl.signal]) },
    fired: () => ctl.signal.aborted,
    stop: () => inventory.removeListener('updateSlot', onSlot),
  }
}

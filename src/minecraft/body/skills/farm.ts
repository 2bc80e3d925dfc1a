/**
 * farm {crop, count}: till ground near known water (farm-plots.ts), plant what the bot holds,
 * use bone meal when it has some, wait for the crop to grow, harvest, replant, until the inventory
 * holds `count` more of the crop's item. Wheat seeds, when the bot has none, come from breaking
 * known grass. Sugar cane is planted beside water and cut above its lowest block; stems are left
 * standing and their fruit is taken. Cancellable at every step (the action slot's signal).
 */
import { Vec3 } from 'vec3'
import type { Block } from 'prismarine-block'
import type { FarmResult, ItemCount, SkillCall } from '../types.js'
import { namespaced } from '../../names.js'
import { SkillAborted, SkillError, checkAborted, errorMessage, eventWithin, type SkillContext, type SkillDef } from './context.js'
import { CLEARABLE, CROP_SPECS, MAX_PLOTS, SEED_GRASS, ripeAge, type CropSpec } from './crops.js'
import { findPlots, notePlanted, plantedGround, spareFor, type Field, type Plot } from './farm-plots.js'
import { mineBlockAt } from './dig.js'
import { fmtPos, goTo, goals } from './nav.js'
import { blockBecomes, holdItem, inventoryBecomes, useOnBlock } from './use-item.js'

type Farm = Extract<SkillCall, { skill: 'farm' }>

/** Grass broken for wheat seeds before giving up. */
export const GRASS_FOR_SEEDS = 48
const REACH = 4.2
/** How long one wait for growth lasts before the bot reports and looks again. */
const GROWTH_WAIT_MS = 20_000
/** Plots that could not be planted (not cleared, not reached …) replaced by a spare in one call. */
export const PLOT_REPLACEMENTS = 3
const SIDES = [new Vec3(1, 0, 0), new Vec3(-1, 0, 0), new Vec3(0, 0, 1), new Vec3(0, 0, -1)]

type PlotState =
  | { kind: 'empty' }
  | { kind: 'growing'; age: number; ripe: boolean; harvestAt: Vec3 | null; bonemeal: boolean }

export const farm: SkillDef<Farm> = {
  name: 'farm',
  timeoutMs: 30 * 60_000,
  async run(ctx, c): Promise<FarmResult> {
    const spec = CROP_SPECS[c.crop]
    const product = namespaced(spec.product)
    const target = (ctx.counts()[product] ?? 0) + c.count
    const have = () => ctx.counts()[product] ?? 0
    const harvested = new Map<string, number>()
    let planted = 0
    let plots: Plot[] = []
    const result = (ok: boolean, reason: string): FarmResult => ({
      ok,
      reason,
      harvested: [...harvested].filter(([, n]) => n > 0).map(([name, count]): ItemCount => ({ name, count })),
      planted,
      plots: plots.map((p) => ({ x: p.ground.x, y: p.ground.y, z: p.ground.z })),
    })
    try {
      // a field planted before (a night in a shelter cut the last call) is gone back to: its plots hold the seeds
      const inGround = plantedGround(ctx, spec)
      if (!holds(ctx, spec.plant) && spec.plant === 'wheat_seeds' && inGround.length === 0) await gatherSeeds(ctx)
      const hoe = spec.soil === 'farmland' ? ctx.bot.inventory.items().find((i) => i.name.endsWith('_hoe'))?.name : undefined
      if (spec.soil === 'farmland' && !hoe) return result(false, 'need a hoe to till the ground (craft a minecraft:wooden_hoe from 2 planks and 2 sticks)')
      const plantable = ctx.bot.inventory.items().filter((i) => i.name === spec.plant).reduce((n, i) => n + i.count, 0)
      const want = Math.max(1, Math.min(MAX_PLOTS, Math.ceil(c.count / spec.perPlot), inGround.length + plantable))
      const field: Field = findPlots(ctx, spec, want, inGround)
      plots = field.plots
      if (plots.length === 0) {
        return result(false, `no ground to farm ${c.crop} on: no ${spec.soil === 'farmland' ? 'grass or dirt with air above near' : 'grass, dirt or sand right beside'} water known within 32 blocks (fair play: only blocks exposed to air or seen count); explore toward water`)
      }
      const bad = new Map<string, string>()
      const keyOf = (p: Plot) => `${p.ground.x},${p.ground.y},${p.ground.z}`
      let mealWorks = true
      let replaced = 0
      while (have() < target) {
        checkAborted(ctx.signal)
        // plant every empty plot; one that cannot be planted gives its place to a spare of the same ranking
        for (let i = 0; i < plots.length; i++) {
          const p = plots[i]!
          if (bad.has(keyOf(p)) || stateOf(ctx, spec, p).kind !== 'empty' || !holds(ctx, spec.plant)) continue
          try {
            await plantPlot(ctx, spec, p, hoe)
            planted++
          } catch (err) {
            if (err instanceof SkillAborted) throw err
            bad.set(keyOf(p), errorMessage(err))
            const spare = replaced < PLOT_REPLACEMENTS ? spareFor(field, plots.filter((q) => q !== p && !bad.has(keyOf(q)))) : null
            if (spare) {
              ctx.log.debug('plot replaced', { failed: keyOf(p), why: errorMessage(err), by: keyOf(spare) })
              plots[i] = spare
              replaced++
              i--
            }
          }
        }
        const states = plots.map((p) => ({ p, s: stateOf(ctx, spec, p) }))
        const growing = states.filter((x): x is { p: Plot; s: Extract<PlotState, { kind: 'growing' }> } => x.s.kind === 'growing')
        if (growing.every((x) => bad.has(keyOf(x.p)))) {
          const why = [...bad.values()].at(-1)
          if (growing.length > 0) return result(false, `could not harvest the ${c.crop}: ${why ?? 'every plot failed'}`)
          return result(false, holds(ctx, spec.plant) ? `could not plant ${namespaced(spec.plant)}: ${why ?? 'no plot took it'}` : `nothing planted and no ${namespaced(spec.plant)} left to plant (${spec.source})`)
        }
        // harvest what is ripe
        const ripe = growing.filter((x) => x.s.ripe && x.s.harvestAt && !bad.has(keyOf(x.p)))
        if (ripe.length > 0) {
          for (const { p, s } of ripe) {
            checkAborted(ctx.signal)
            try {
              await harvestAt(ctx, s.harvestAt!, harvested)
            } catch (err) {
              if (err instanceof SkillAborted) throw err
              bad.set(keyOf(p), errorMessage(err))
            }
            ctx.progress(`harvested: ${have() - (target - c.count)}/${c.count} ${product}`, Math.min(1, (have() - (target - c.count)) / c.count))
            if (have() >= target) break
          }
          continue
        }
        // bone meal speeds the least grown crop
        const meal = growing.filter((x) => x.s.bonemeal).sort((a, b) => a.s.age - b.s.age)[0]
        if (meal && mealWorks && holds(ctx, 'bone_meal')) {
          try {
            await applyBoneMeal(ctx, meal.p.ground.offset(0, 1, 0))
          } catch (err) {
            if (err instanceof SkillAborted) throw err
            mealWorks = false
            ctx.log.debug('bone meal failed; waiting instead', { err: errorMessage(err) })
          }
          continue
        }
        // wait for growth
        const ages = growing.map((x) => (spec.soil === 'beside-water' ? `${x.s.age} tall` : `${x.s.age}/${ripeAge(ctx.registry, spec.block)}`)).join(', ')
        ctx.progress(`waiting for ${growing.length} ${c.crop} to grow (${ages}); ${have() - (target - c.count)}/${c.count} ${product} so far`)
        ctx.setActivity({ kind: 'idle' })
        const near = plots.map((p) => p.ground)
        await eventWithin(ctx.bot, 'blockUpdate', (_o: Block | null, n: Block) => !!n && near.some((g) => Math.abs(n.position.x - g.x) <= 1 && Math.abs(n.position.z - g.z) <= 1 && n.position.y - g.y >= 0 && n.position.y - g.y <= 3), GROWTH_WAIT_MS, ctx.signal)
      }
      // replant what was harvested, as a farmer does
      for (const p of plots) {
        if (stateOf(ctx, spec, p).kind !== 'empty' || !holds(ctx, spec.plant) || bad.has(keyOf(p))) continue
        try {
          await plantPlot(ctx, spec, p, hoe)
          planted++
        } catch (err) {
          if (err instanceof SkillAborted) throw err
        }
      }
      const got = have() - (target - c.count)
      return result(true, `farmed ${got} ${product} on ${plots.length} plot${plots.length === 1 ? '' : 's'} at ${fmtPos(plots[0]!.ground.x, plots[0]!.ground.y, plots[0]!.ground.z)}`)
    } catch (err) {
      if (err instanceof SkillError) return result(false, err.message)
      throw err
    }
  },
}

function holds(ctx: SkillContext, name: string): boolean {
  return ctx.bot.inventory.items().some((i) => i.name === name)
}

/** What stands on a plot now. */
function stateOf(ctx: SkillContext, spec: CropSpec, p: Plot): PlotState {
  const { bot, registry } = ctx
  const up = p.ground.offset(0, 1, 0)
  const b = bot.blockAt(up)
  if (spec.soil === 'beside-water') {
    if (b?.name !== 'sugar_cane') return { kind: 'empty' }
    let height = 1
    while (bot.blockAt(up.offset(0, height, 0))?.name === 'sugar_cane') height++
    return { kind: 'growing', age: height, ripe: height >= 2, harvestAt: height >= 2 ? up.offset(0, 1, 0) : null, bonemeal: false }
  }
  if (spec.fruit) {
    if (b?.name === spec.fruit.attachedStem) {
      const fruit = SIDES.map((s) => up.plus(s)).find((q) => bot.blockAt(q)?.name === spec.fruit!.block) ?? null
      return { kind: 'growing', age: 7, ripe: !!fruit, harvestAt: fruit, bonemeal: false }
    }
    if (b?.name !== spec.block) return { kind: 'empty' }
    return { kind: 'growing', age: b.metadata, ripe: false, harvestAt: null, bonemeal: b.metadata < 7 }
  }
  if (b?.name !== spec.block) return { kind: 'empty' }
  const max = ripeAge(registry, spec.block)
  return { kind: 'growing', age: b.metadata, ripe: b.metadata >= max, harvestAt: up, bonemeal: b.metadata < max }
}

/** Walks until `pos` is within reach of the hands, and off the cell above a plot. */
async function reach(ctx: SkillContext, pos: Vec3, what: string): Promise<void> {
  const { bot } = ctx
  const eye = () => bot.entity.position.offset(0, 1.62, 0)
  const centre = pos.offset(0.5, 0.5, 0.5)
  if (eye().distanceTo(centre) > REACH) await goTo(ctx, new goals.GoalNear(pos.x, pos.y + 1, pos.z, 2), what)
  if (eye().distanceTo(centre) > REACH + 0.3) throw new SkillError(`could not get within reach of ${what}`)
}

async function stepOff(ctx: SkillContext, cell: Vec3): Promise<void> {
  const feet = ctx.bot.entity.position.floored()
  if (feet.x === cell.x && feet.z === cell.z && Math.abs(feet.y - cell.y) <= 1) {
    await goTo(ctx, new goals.GoalInvert(new goals.GoalNear(cell.x, cell.y, cell.z, 1)) as never, `a spot beside ${fmtPos(cell.x, cell.y, cell.z)}`)
  }
}

/** Tills (clearing grass first) and plants one plot. */
async function plantPlot(ctx: SkillContext, spec: CropSpec, p: Plot, hoe: string | undefined): Promise<void> {
  const { bot } = ctx
  const g = p.ground
  const up = g.offset(0, 1, 0)
  const where = fmtPos(g.x, g.y, g.z)
  const above = bot.blockAt(up)
  if (above && CLEARABLE.has(above.name)) await mineBlockAt(ctx, up, [above.name])
  await reach(ctx, g, `the plot at ${where}`)
  await stepOff(ctx, up)
  if (spec.soil === 'farmland' && bot.blockAt(g)?.name !== 'farmland') {
    ctx.progress(`tilling ${where}`)
    await holdItem(ctx, hoe!)
    await useOnBlock(ctx, bot.blockAt(g)!)
    if (!(await blockBecomes(ctx, g, (b) => b?.name === 'farmland'))) throw new SkillError(`the ground at ${where} did not turn to farmland`)
  }
  ctx.progress(`planting ${namespaced(spec.plant)} at ${where}`)
  await holdItem(ctx, spec.plant)
  await useOnBlock(ctx, bot.blockAt(g)!)
  if (!(await blockBecomes(ctx, up, (b) => b?.name === spec.block))) throw new SkillError(`${namespaced(spec.plant)} did not take at ${where}`)
  notePlanted(bot, g)
}

async function applyBoneMeal(ctx: SkillContext, crop: Vec3): Promise<void> {
  const { bot } = ctx
  const where = fmtPos(crop.x, crop.y, crop.z)
  await reach(ctx, crop, `the crop at ${where}`)
  ctx.progress(`bone meal on the crop at ${where}`)
  const before = ctx.counts()['minecraft:bone_meal'] ?? 0
  const age = bot.blockAt(crop)?.metadata
  await holdItem(ctx, 'bone_meal')
  await useOnBlock(ctx, bot.blockAt(crop)!)
  const used = await inventoryBecomes(ctx, (c) => (c['minecraft:bone_meal'] ?? 0) < before)
  if (!used) throw new SkillError(`the bone meal did nothing to the crop at ${where} (age ${String(age)})`)
}

/** Digs a ripe crop (or fruit, or cane) and picks up what drops; adds the gain to `harvested`. */
async function harvestAt(ctx: SkillContext, pos: Vec3, harvested: Map<string, number>): Promise<void> {
  const before = ctx.counts()
  const name = ctx.bot.blockAt(pos)?.name
  if (!name) return
  await reach(ctx, pos, `${name} at ${fmtPos(pos.x, pos.y, pos.z)}`)
  try {
    await mineBlockAt(ctx, pos, [name])
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    throw new SkillError(`harvesting ${name} at ${fmtPos(pos.x, pos.y, pos.z)} failed: ${errorMessage(err)}`)
  }
  if (ctx.bot.blockAt(pos)?.name === name) throw new SkillError(`${name} at ${fmtPos(pos.x, pos.y, pos.z)} is still there: the server did not let me break it`)
  const after = ctx.counts()
  for (const [item, n] of Object.entries(after)) {
    const d = n - (before[item] ?? 0)
    if (d > 0) harvested.set(item, (harvested.get(item) ?? 0) + d)
  }
}

/** Breaks known grass (nearest first) until a wheat seed drops. */
async function gatherSeeds(ctx: SkillContext): Promise<void> {
  const grass = ctx.knowledge.find((n) => SEED_GRASS.has(n), { radius: 32, count: GRASS_FOR_SEEDS })
  if (grass.length === 0) throw new SkillError('no minecraft:wheat_seeds to plant and no grass known within 32 blocks to break for them; explore to find grass')
  let broken = 0
  for (const g of grass) {
    if (holds(ctx, 'wheat_seeds')) return
    checkAborted(ctx.signal)
    ctx.progress(`breaking grass for wheat seeds (${broken} broken)`)
    const p = new Vec3(g.position.x, g.position.y, g.position.z)
    try {
      await mineBlockAt(ctx, p, [g.name])
      broken++
    } catch (err) {
      if (err instanceof SkillAborted) throw err
    }
  }
  if (!holds(ctx, 'wheat_seeds')) throw new SkillError(`no minecraft:wheat_seeds: broke ${broken} grass and none dropped a seed (1 in 8 does); try again or explore for more grass`)
}

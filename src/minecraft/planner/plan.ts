/**
 * Goal item → ordered steps, over the obtain graph (./graph.ts). Given a goal item, a count,
 * the current inventory and what the bot knows of the world, the planner simulates the
 * inventory and lists the steps that get there, tools and stations first (a stone pickaxe
 * before iron ore, a crafting table before a 3×3 recipe, a furnace and fuel before smelting,
 * a bucket before milk). It chooses, for every item, the cheapest source by an estimate in
 * seconds that weighs what is held, which blocks and animals the bot knows of (fair play:
 * only what it has seen), and which routes already failed. It is pure: the executor re-plans
 * from the real inventory after every step, so surprises (other log types, lost items, a
 * death) are absorbed.
 */
import { FUEL_VALUE, ItemBook } from './items.js'
import { obtainGraph, type Ingredient, type ObtainGraph, type Source } from './graph.js'
import { bareName, planKey, planksForLog, TAGS } from '../names.js'
import type { FarmCrop } from '../body/types.js'
import { MAX_PLOTS } from '../body/skills/crops.js'

export type PlanStep =
  /** Mine blocks until `count` more of `item` (or the `log` tag) are held; `block` is the block chosen. */
  | { kind: 'collect'; item: string; count: number; block: string }
  | { kind: 'craft'; item: string; count: number }
  | { kind: 'smelt'; item: string; count: number; input: string }
  | { kind: 'hunt'; item: string; count: number; entity: string }
  | { kind: 'shear'; item: string; count: number }
  | { kind: 'fill'; item: string; count: number; fluid: 'water' | 'lava' | 'milk' }
  | { kind: 'farm'; item: string; count: number; crop: FarmCrop }
  | { kind: 'pickUp'; item: string; count: number; entity: string }

export type PlanStepKind = PlanStep['kind']

export type PlanResult = { ok: true; steps: PlanStep[] } | { ok: false; reason: string }

/** What the bot knows of the world around it (fair play: only what it has seen). */
export interface PlanWorld {
  /** Stations (crafting_table, furnace) known to stand nearby: not needed in the inventory. */
  stationsNearby?: Iterable<string>
  /** Block names the bot knows of nearby (cheaper to mine than to search for; any block seen can be mined). */
  knownBlocks?: Iterable<string>
  /** Mob kinds seen nearby (bare: `cow`, `sheep`). */
  nearbyEntities?: Iterable<string>
  /** True at night: monsters that spawn in the dark are about. */
  night?: boolean
  /** Source signatures (./plan.ts `sourceSignature`) that failed and are not to be chosen again. */
  excluded?: Iterable<string>
  /**
   * Plots of each crop the bot itself planted and has not lost: its field, gone back to after a night,
   * a fight or a meal. A farm step counts them as plants held, so only the plots still missing need seeds.
   */
  planted?: Partial<Record<FarmCrop, number>>
}

export interface PlanOptions extends PlanWorld {
  /** Minecraft version of the graph (default 1.16.5). */
  version?: string
  graph?: ObtainGraph
}

class PlanError extends Error {}

const MAX_DEPTH = 24
/** Seconds of walking and looking to find a natural block or animal nobody has seen yet. */
const SEARCH_COST = 45

/**
 * Seconds to mine one block of a kind the bot has seen, by block (not counting the search).
 * Deep ores cost the stairs down; unlisted natural blocks cost DEFAULT_BLOCK_COST.
 */
const BLOCK_COST: Record<string, number> = {
  log: 6, dirt: 2, grass_block: 2, sand: 3, gravel: 3, stone: 3, grass: 2, short_grass: 2, tall_grass: 2, clay: 10,
  coal_ore: 12, iron_ore: 30, copper_ore: 30, gold_ore: 90, redstone_ore: 80, lapis_ore: 90, diamond_ore: 150, emerald_ore: 600,
  deepslate_iron_ore: 40, deepslate_gold_ore: 90, deepslate_redstone_ore: 80, deepslate_lapis_ore: 90, deepslate_diamond_ore: 150,
  deepslate_coal_ore: 30, deepslate_copper_ore: 40, deepslate: 4,
  sugar_cane: 6, pumpkin: 20, melon: 60, cactus: 30, cobweb: 900, obsidian: 120, ice: 40, snow: 30, snow_block: 30,
  oak_leaves: 1, birch_leaves: 1, spruce_leaves: 1,
}
/**
 * Natural blocks of one rare biome or a rare feature, as a search-cost factor: vanilla grows the
 * tall forest flowers (rose bush, lilac, peony) in about one forest chunk in 300, sunflowers only
 * in sunflower plains, blue orchids in swamps, alliums in flower forests (docs/world-facts-1.18.md,
 * "Flowers"); poppies and dandelions grow in most grassy biomes.
 */
const RARE_BLOCKS: Record<string, number> = { rose_bush: 4, lilac: 4, peony: 4, sunflower: 6, blue_orchid: 6, allium: 6, lily_of_the_valley: 4 }
/** Mobs that are rare wherever a player usually is (swamp huts, slime chunks, the far dark, water). */
const RARE_MOBS: Record<string, number> = { witch: 6, slime: 4, enderman: 3, squid: 2 }
/**
 * A tool or station serves many units: a unit's estimate carries this share of its cost (the
 * plan itself makes the tool once, when it is not held).
 */
const TOOL_SHARE = 1 / 8
const DEFAULT_BLOCK_COST = 40
/** Seconds per kill of an animal in sight. */
const KILL_COST = 20
/** The wait of a night mob in daytime. */
const NIGHT_WAIT = 600
const FARM_COST = 400
/** The stations a plan uses: one known nearby serves as one carried. */
export const STATIONS = ['crafting_table', 'furnace'] as const

/** A short name for a source, for excluding a route that failed (`mine:log`, `hunt:sheep`, `craft:white_bed`). */
export function sourceSignature(key: string, s: Source): string {
  switch (s.kind) {
    case 'mine':
      return `mine:${s.block}`
    case 'hunt':
    case 'shear':
    case 'pickUp':
      return `${s.kind}:${s.entity}`
    case 'fill':
      return `fill:${s.fluid}`
    case 'farm':
      return `farm:${s.crop}`
    case 'smelt':
      return `smelt:${key}`
    case 'craft':
      return `craft:${key}`
  }
}

/** The signature of the source a step uses (what the executor excludes when the step keeps failing). */
export function stepSignature(step: PlanStep): string {
  switch (step.kind) {
    case 'collect':
      return `mine:${step.block}`
    case 'hunt':
    case 'pickUp':
      return `${step.kind}:${step.entity}`
    case 'shear':
      return 'shear:sheep'
    case 'fill':
      return `fill:${step.fluid}`
    case 'farm':
      return `farm:${step.crop}`
    case 'smelt':
    case 'craft':
      return `${step.kind}:${planKey(step.item)}`
  }
}

/** Plans how to hold at least `count` of `item` (a bare or namespaced id, or a tag) starting from `inventory`. */
export function plan(item: string, count: number, inventory: Record<string, number>, opts: PlanOptions = {}): PlanResult {
  const graph = opts.graph ?? obtainGraph(opts.version)
  const key = planKey(item)
  if (!graph.known(key)) {
    const near = new ItemBook(graph.version).suggest(key)
    return { ok: false, reason: `unknown item "${bareName(item)}"${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}` }
  }
  if (!Number.isInteger(count) || count < 1) return { ok: false, reason: `count must be a positive integer, got ${count}` }
  const p = new Planner(graph, inventory, opts)
  try {
    p.need(key, count)
    return { ok: true, steps: p.steps }
  } catch (err) {
    if (err instanceof PlanError) return { ok: false, reason: err.message }
    throw err
  }
}

class Planner {
  readonly steps: PlanStep[] = []
  private readonly inv = new Map<string, number>()
  private readonly costMemo = new Map<string, number>()
  private readonly nearby: Set<string>
  private readonly knownBlocks: Set<string>
  private readonly entities: Set<string>
  private readonly excluded: Set<string>
  private readonly night: boolean
  private readonly planted: Partial<Record<FarmCrop, number>>

  constructor(
    private readonly graph: ObtainGraph,
    private readonly realInventory: Record<string, number>,
    world: PlanWorld,
  ) {
    for (const [name, n] of Object.entries(realInventory)) if (n > 0) this.add(planKey(name), n)
    this.knownBlocks = new Set([...(world.knownBlocks ?? [])].map((b) => (planKey(b) === 'log' ? 'log' : bareName(b))))
    // a crafting table or furnace the bot knows of nearby serves as well as one carried
    this.nearby = new Set([...(world.stationsNearby ?? []), ...STATIONS.filter((s) => this.knownBlocks.has(s))].map(planKey))
    this.entities = new Set([...(world.nearbyEntities ?? [])].map(bareName))
    this.excluded = new Set(world.excluded ?? [])
    this.night = world.night ?? false
    this.planted = world.planted ?? {}
  }

  /** Held count of a key; a tag counts its members (coals = coal + charcoal). */
  private have(key: string): number {
    const direct = this.inv.get(key) ?? 0
    if (key === 'log' || key === 'planks') return direct
    const members = TAGS[key]
    if (!members) return direct
    return direct + members.reduce((n, m) => n + (this.inv.get(planKey(m)) ?? 0), 0)
  }

  private add(key: string, n: number): void {
    this.inv.set(key, (this.inv.get(key) ?? 0) + n)
  }

  /** Takes n of key out of the simulated inventory; a tag takes from its members first. */
  private take(key: string, n: number): void {
    const members = key === 'log' || key === 'planks' ? undefined : TAGS[key]
    let left = n
    for (const m of members?.map(planKey) ?? []) {
      const h = this.inv.get(m) ?? 0
      const t = Math.min(h, left)
      if (t > 0) this.inv.set(m, h - t)
      left -= t
    }
    if (left > 0) this.add(key, -left)
  }

  /** Ensures `count` of key exist, then consumes them; `stack` is the chain of items being made. */
  need(key: string, count: number, stack: string[] = []): void {
    const missing = count - this.have(key)
    if (missing > 0) this.produce(key, missing, stack)
    this.take(key, count)
  }

  private holds(tools: string[]): boolean {
    return tools.length === 0 || tools.some((t) => this.have(planKey(t)) > 0 || this.nearby.has(planKey(t)))
  }

  /**
   * Ensures one of the tools is held (tools are not consumed): the cheapest that can be made, in
   * order. A tool being made up the chain is no choice (a stone pickaxe's cobblestone is not mined
   * with the stone pickaxe); a tool that turns out to need itself is undone and the next is tried.
   */
  private ensureTool(tools: string[], stack: string[]): void {
    if (this.holds(tools)) return
    const ranked = tools
      .map((t) => planKey(t))
      .filter((t) => !stack.includes(t))
      .map((t) => ({ t, c: this.cost(t, new Set()) }))
      .filter((r) => Number.isFinite(r.c))
      .sort((a, b) => a.c - b.c)
    if (ranked.length === 0) throw new PlanError(`no way to get any of ${tools.join(', ')}`)
    this.firstThatPlans(ranked, ({ t }) => this.produce(t, 1, stack))
  }

  /**
   * Tries `plan` on each option in order until one plans without a PlanError; a failed try is undone
   * (its steps and inventory changes). Throws the first option's PlanError when none plans.
   */
  private firstThatPlans<T>(options: readonly T[], plan: (option: T) => void): void {
    let firstError: PlanError | undefined
    for (const option of options) {
      const steps = this.steps.length
      const inv = new Map(this.inv)
      try {
        plan(option)
        return
      } catch (err) {
        if (!(err instanceof PlanError)) throw err
        firstError ??= err
        this.steps.length = steps
        this.inv.clear()
        for (const [k, v] of inv) this.inv.set(k, v)
      }
    }
    throw firstError!
  }

  /**
   * Makes `missing` more of key by its cheapest source; a source that turns out to need an item
   * already being made up the chain (iron_ingot from iron_block from iron_ingot) is undone and
   * the next cheapest is tried.
   */
  private produce(key: string, missing: number, stack: string[]): void {
    if (stack.length > MAX_DEPTH) throw new PlanError(`the recipe tree for ${key} is too deep`)
    if (stack.includes(key)) throw new PlanError(`${key} would be made from itself`)
    const chain = [...stack, key]
    if (this.graph.isChoiceTag(key)) {
      // any member will do: the cheapest
      const best = this.graph
        .members(key)
        .filter((m) => !chain.includes(planKey(m)))
        .map((m) => ({ m: planKey(m), c: this.cost(planKey(m), new Set(chain)) }))
        .sort((a, b) => a.c - b.c)[0]
      if (!best || !Number.isFinite(best.c)) throw new PlanError(`no way to get any ${key} (${this.graph.members(key).join(', ')})`)
      this.produce(best.m, missing, chain)
      return
    }
    const options = this.options(key, chain)
    if (options.length === 0) throw new PlanError(this.whyNot(key))
    this.firstThatPlans(options, (source) => this.apply(key, source, missing, chain))
  }

  private apply(key: string, source: Source, missing: number, chain: string[]): void {
    switch (source.kind) {
      case 'mine': {
        this.ensureTool(source.tools, chain)
        this.steps.push({ kind: 'collect', item: key, count: missing, block: source.block })
        this.add(key, missing)
        return
      }
      case 'smelt': {
        this.ensureTool(['furnace'], chain)
        this.need(source.input, missing, chain)
        this.needFuel(missing, chain)
        this.steps.push({ kind: 'smelt', item: key, count: missing, input: source.input })
        this.add(key, missing)
        return
      }
      case 'craft': {
        const times = Math.ceil(missing / source.makes)
        if (source.table) this.ensureTool(['crafting_table'], chain)
        for (const ing of source.ingredients) this.need(ing.key, ing.count * times, chain)
        this.steps.push({ kind: 'craft', item: this.concrete(key), count: times * source.makes })
        this.add(key, times * source.makes)
        return
      }
      case 'hunt':
        this.steps.push({ kind: 'hunt', item: key, count: missing, entity: source.entity })
        this.add(key, missing)
        return
      case 'shear':
        this.ensureTool(['shears'], chain)
        this.steps.push({ kind: 'shear', item: key, count: missing })
        this.add(key, missing)
        return
      case 'fill':
        // the empty buckets become the filled ones
        this.need('bucket', missing, chain)
        this.steps.push({ kind: 'fill', item: key, count: missing, fluid: source.fluid })
        this.add(key, missing)
        return
      case 'farm': {
        if (source.hoe) this.ensureTool(HOES, chain)
        // a plant for every plot, all planted at once (the field at most MAX_PLOTS); when no more can
        // be had than held (the crop is its own plant: seeds, cane), one: each harvest gives it back
        const plots = Math.min(MAX_PLOTS, Math.ceil(missing / source.perHarvest))
        this.firstThatPlans([...new Set([plots, 1])], (n) => {
          const short = n - this.have(source.plant) - this.inGround(source.crop)
          if (short > 0) this.produce(source.plant, short, chain)
        })
        this.steps.push({ kind: 'farm', item: key, count: missing, crop: source.crop })
        this.add(key, missing)
        return
      }
      case 'pickUp':
        this.steps.push({ kind: 'pickUp', item: key, count: missing, entity: source.entity })
        this.add(key, missing)
        return
    }
  }

  /** Fuel for n smelts: coal or charcoal if enough is held, otherwise planks. */
  private needFuel(n: number, stack: string[]): void {
    const coals = Math.ceil(n / FUEL_VALUE.coal!)
    if (this.have('coals') >= coals) {
      this.take('coals', coals)
      return
    }
    this.need('planks', Math.ceil(n / FUEL_VALUE.planks!), stack)
  }

  private usable(key: string): Source[] {
    return this.graph.sources(key).filter((s) => !this.excluded.has(sourceSignature(key, s)))
  }

  /**
   * The sources of key cheapest first, given what the simulated inventory holds; none whose
   * direct ingredients are being made up the chain.
   */
  private options(key: string, chain: string[]): Source[] {
    const out: Array<{ s: Source; c: number }> = []
    for (const s of this.usable(key)) {
      const parts = s.kind === 'craft' ? s.ingredients.map((i) => i.key) : s.kind === 'smelt' ? [s.input] : s.kind === 'fill' ? ['bucket'] : []
      if (parts.some((p) => chain.includes(p))) continue
      const c = this.sourceCost(key, s, (k, n) => this.missingCost(k, n), new Set(chain), 1)
      if (Number.isFinite(c)) out.push({ s, c })
    }
    return out.sort((a, b) => a.c - b.c).map((x) => x.s)
  }

  /** Estimated seconds for one unit of key through source s; `part` prices ingredients, `share` the tools. */
  private sourceCost(key: string, s: Source, part: (key: string, n: number) => number, visiting: Set<string>, share: number): number {
    const tool = (tools: string[]) => (this.holds(tools) ? 0 : share * Math.min(...tools.map((t) => this.cost(planKey(t), visiting))))
    switch (s.kind) {
      case 'mine': {
        const seen = this.knownBlocks.has(s.block)
        const per = (BLOCK_COST[s.block] ?? DEFAULT_BLOCK_COST) / (seen ? 2 : 1)
        return per / s.perBlock + (seen ? 0 : SEARCH_COST * (RARE_BLOCKS[s.block] ?? 1)) + tool(s.tools)
      }
      case 'smelt':
        return part(s.input, 1) + 10 + tool(['furnace'])
      case 'craft': {
        let c = 0
        for (const i of s.ingredients) c += part(i.key, i.count)
        return c / s.makes + 1 + (s.table ? tool(['crafting_table']) : 0)
      }
      case 'hunt':
        return (KILL_COST / s.perKill + (this.entities.has(s.entity) ? 0 : SEARCH_COST * 2 * (RARE_MOBS[s.entity] ?? 1))) + (s.night && !this.night ? NIGHT_WAIT : 0)
      case 'shear':
        return 15 / s.perUse + (this.entities.has(s.entity) ? 0 : SEARCH_COST * 2) + tool(['shears'])
      case 'fill':
        return 20 + part('bucket', 1) + (s.fluid === 'milk' && !this.entities.has('cow') ? SEARCH_COST * 2 : s.fluid === 'lava' ? 120 : 0)
      case 'farm':
        return FARM_COST / s.perHarvest + (this.have(s.plant) > 0 || this.inGround(s.crop) > 0 ? 0 : part(s.plant, 1)) + (s.hoe ? tool(HOES) : 0)
      case 'pickUp':
        return 300 + (this.entities.has(s.entity) ? 0 : SEARCH_COST * 2)
    }
  }

  /** Plots of `crop` the bot planted (its field: see PlanWorld.planted). */
  private inGround(crop: FarmCrop): number {
    const n = this.planted[crop] ?? 0
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
  }

  private missingCost(key: string, count: number): number {
    const missing = Math.max(0, count - this.have(key))
    return missing === 0 ? 0 : missing * this.cost(key, new Set())
  }

  /** Estimated seconds for one unit from scratch; Infinity on cycles or no source. */
  private cost(key: string, visiting: Set<string>): number {
    const memo = this.costMemo.get(key)
    if (memo !== undefined) return memo
    if (visiting.has(key) || visiting.size > MAX_DEPTH) return Infinity
    const next = new Set(visiting).add(key)
    let best = Infinity
    if (this.graph.isChoiceTag(key)) for (const m of this.graph.members(key)) best = Math.min(best, this.cost(planKey(m), next))
    for (const s of this.usable(key)) best = Math.min(best, this.sourceCost(key, s, (k, n) => n * this.cost(k, next), next, TOOL_SHARE))
    // only a cost computed without cycle cut-offs is the item's own
    if (visiting.size === 0 || Number.isFinite(best)) this.costMemo.set(key, best)
    return best
  }

  /**
   * One line: why no route reaches key. The chain of ingredients down to the first item without a
   * route, then that item's reason (`no way to get lead: it needs slime_ball; slime_ball: …`).
   */
  private whyNot(key: string): string {
    const { chain, reason } = this.blocker(key, [])
    return chain.length ? `no way to get ${key}: it needs ${chain.join(' → ')}; ${reason}` : reason
  }

  /** The ingredients from key down to the first one with no route, and that one's reason. */
  private blocker(key: string, path: string[]): { chain: string[]; reason: string } {
    const sources = this.usable(key)
    const excludedAll = this.graph.sources(key).length > 0 && sources.length === 0
    if (excludedAll) return { chain: [], reason: `every way to get ${key} failed already (${this.graph.sources(key).map((s) => sourceSignature(key, s)).join(', ')})` }
    if (sources.length === 0) {
      if (this.graph.silkTouchOnly(key)) return { chain: [], reason: `${key}: the block drops itself only to a silk touch tool, which needs enchanting` }
      return { chain: [], reason: this.graph.reason(key) ?? `no way to get ${key}: no recipe, furnace recipe, block, mob or action gives it` }
    }
    for (const s of sources) {
      const parts = s.kind === 'craft' ? s.ingredients.map((i: Ingredient) => i.key) : s.kind === 'smelt' ? [s.input] : []
      for (const p of parts) {
        if (path.includes(p) || Number.isFinite(this.cost(p, new Set()))) continue
        const below = this.blocker(p, [...path, key])
        return { chain: [p, ...below.chain], reason: below.reason }
      }
    }
    return { chain: [], reason: this.graph.reason(key) ?? `no way to get ${key}: every route loops back on itself` }
  }

  /** The item id to craft for a plan key: planks follow the log type actually held. */
  private concrete(key: string): string {
    if (key !== 'planks') return key
    let bestLog: string | undefined
    let bestN = 0
    for (const [name, n] of Object.entries(this.realInventory)) {
      if (planKey(name) === 'log' && n > bestN && planksForLog(name)) {
        bestLog = name
        bestN = n
      }
    }
    return (bestLog && planksForLog(bestLog)) ?? 'oak_planks'
  }
}

const HOES = ['wooden_hoe', 'stone_hoe', 'iron_hoe', 'golden_hoe', 'diamond_hoe', 'netherite_hoe']

/**
 * The first step of a plan, with every later collect of the same item folded in, so the body
 * gathers all the logs (or cobblestone) it will need in one trip, and directly following
 * crafts of the same item merged.
 */
export function firstStep(steps: PlanStep[]): PlanStep | undefined {
  const first = steps[0]
  if (!first) return undefined
  if (first.kind === 'craft') {
    let count = first.count
    for (const s of steps.slice(1)) {
      if (s.kind !== 'craft' || s.item !== first.item) break
      count += s.count
    }
    return { ...first, count }
  }
  if (first.kind === 'smelt') return first
  const total = steps.filter((s) => s.kind === first.kind && s.item === first.item).reduce((n, s) => n + s.count, 0)
  return { ...first, count: total }
}

/** Short English for a step (progress lines, plan hints, stop reasons). */
export function describeStep(s: PlanStep): string {
  switch (s.kind) {
    case 'collect':
      return s.block === s.item || s.item === 'log' ? `collect ${s.count} ${s.item}` : `collect ${s.count} ${s.item} from ${s.block}`
    case 'craft':
      return `craft ${s.count} ${s.item}`
    case 'smelt':
      return `smelt ${s.count} ${s.item} from ${s.input}`
    case 'hunt':
      return `hunt ${s.entity} for ${s.count} ${s.item}`
    case 'shear':
      return `shear sheep for ${s.count} ${s.item}`
    case 'fill':
      return `fill ${s.count} bucket${s.count === 1 ? '' : 's'} with ${s.fluid}`
    case 'farm':
      return `farm ${s.crop} for ${s.count} ${s.item}`
    case 'pickUp':
      return `pick up ${s.count} ${s.item} from ${s.entity}s`
  }
}

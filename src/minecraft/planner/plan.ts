/**
 * Recipe tree → ordered steps. Given a goal item, a count and the current
 * inventory, the planner simulates the inventory and lists the collect, craft
 * and smelt steps that get there, tools first (a stone pickaxe before iron
 * ore, a crafting table before a 3x3 recipe, a furnace and fuel before
 * smelting). It is pure: callers re-plan from the real inventory after each
 * step, so surprises (other log types, lost items) are absorbed.
 */
import { FUEL_VALUE, ItemBook, type CraftRecipe, type MineSource, type SmeltRecipe, defaultItemBook } from './items.js'
import { bareName, countByKey, planKey, planksForLog } from '../names.js'

export type PlanStep =
  /** Collect `count` more of an item (or the `log` tag) by mining; the body picks the blocks. */
  | { kind: 'collect'; item: string; count: number; block: string }
  | { kind: 'craft'; item: string; count: number }
  | { kind: 'smelt'; item: string; count: number; input: string }

export type PlanResult = { ok: true; steps: PlanStep[] } | { ok: false; reason: string }

type Method = CraftRecipe | SmeltRecipe | ({ kind: 'mine' } & MineSource)

class PlanError extends Error {}

const MAX_DEPTH = 24

/**
 * Plans how to hold at least `count` of `item` (a bare or namespaced id, or a
 * tag such as `log` / `planks`) starting from `inventory` (counts by item id).
 */
export interface PlanOptions {
  /** Stations (crafting_table, furnace) known to stand nearby: not needed in the inventory. */
  stationsNearby?: string[]
  book?: ItemBook
}

export function plan(item: string, count: number, inventory: Record<string, number>, opts: PlanOptions = {}): PlanResult {
  const book = opts.book ?? defaultItemBook()
  const key = planKey(item)
  if (!book.known(key)) {
    const s = book.suggest(key)
    return { ok: false, reason: `unknown item "${bareName(item)}"${s.length ? ` (did you mean ${s.join(', ')}?)` : ''}` }
  }
  if (!Number.isInteger(count) || count < 1) return { ok: false, reason: `count must be a positive integer, got ${count}` }
  const p = new Planner(book, inventory, new Set((opts.stationsNearby ?? []).map(planKey)))
  try {
    p.need(key, count, 0)
    return { ok: true, steps: p.steps }
  } catch (err) {
    if (err instanceof PlanError) return { ok: false, reason: err.message }
    throw err
  }
}

class Planner {
  readonly steps: PlanStep[] = []
  private readonly inv: Map<string, number>
  private readonly costMemo = new Map<string, number>()

  constructor(
    private readonly book: ItemBook,
    private readonly realInventory: Record<string, number>,
    private readonly nearby: Set<string> = new Set(),
  ) {
    this.inv = countByKey(realInventory)
  }

  private have(key: string): number {
    return this.inv.get(key) ?? 0
  }

  private add(key: string, n: number): void {
    this.inv.set(key, this.have(key) + n)
  }

  /** Ensures `count` of key exist, then consumes them. */
  need(key: string, count: number, depth: number): void {
    const missing = count - this.have(key)
    if (missing > 0) this.produce(key, missing, depth)
    this.add(key, -count)
  }

  /** Ensures one of the tools is held (tools are not consumed). */
  private ensureTool(tools: string[], depth: number): void {
    if (tools.length === 0 || tools.some((t) => this.have(planKey(t)) > 0 || this.nearby.has(planKey(t)))) return
    const ranked = tools.map((t) => ({ t: planKey(t), c: this.cost(planKey(t), new Set()) })).sort((a, b) => a.c - b.c)
    const best = ranked[0]!
    if (!Number.isFinite(best.c)) throw new PlanError(`no way to get any of ${tools.join(', ')}`)
    this.produce(best.t, 1, depth + 1)
  }

  private produce(key: string, missing: number, depth: number): void {
    if (depth > MAX_DEPTH) throw new PlanError(`recipe tree for ${key} is too deep`)
    const method = this.choose(key)
    if (!method) throw new PlanError(`no way to get ${key}: no recipe, furnace recipe or block drops it`)
    if (method.kind === 'mine') {
      this.ensureTool(method.tools, depth)
      this.steps.push({ kind: 'collect', item: key, count: missing, block: method.block })
      this.add(key, missing)
      return
    }
    if (method.kind === 'smelt') {
      this.ensureTool(['furnace'], depth)
      this.need(planKey(method.input), missing, depth + 1)
      this.needFuel(missing, depth)
      this.steps.push({ kind: 'smelt', item: key, count: missing, input: method.input })
      this.add(key, missing)
      return
    }
    const times = Math.ceil(missing / method.makes)
    if (method.needsTable) this.ensureTool(['crafting_table'], depth)
    for (const ing of method.ingredients) this.need(ing.key, ing.count * times, depth + 1)
    this.steps.push({ kind: 'craft', item: this.concrete(key), count: times * method.makes })
    this.add(key, times * method.makes)
  }

  /** Fuel for n smelts: coal if enough is held, otherwise planks. */
  private needFuel(n: number, depth: number): void {
    const coals = Math.ceil(n / FUEL_VALUE.coal!)
    for (const k of ['coal', 'charcoal']) {
      if (this.have(k) >= coals) {
        this.add(k, -coals)
        return
      }
    }
    this.need('planks', Math.ceil(n / FUEL_VALUE.planks!), depth + 1)
  }

  /** The cheapest way to make key, given what the simulated inventory holds. */
  private choose(key: string): Method | undefined {
    const options: Array<{ m: Method; c: number }> = []
    const smelt = this.book.smeltRecipe(key)
    if (smelt) options.push({ m: smelt, c: this.missingCost(planKey(smelt.input), 1) + 0.5 + this.toolCost(['furnace']) })
    for (const r of this.book.craftRecipes(key)) {
      const c = r.ingredients.reduce((s, i) => s + this.missingCost(i.key, i.count), 0) / r.makes
      if (Number.isFinite(c) && !r.ingredients.some((i) => this.cost(i.key, new Set([key])) === Infinity)) {
        options.push({ m: r, c: c + (r.needsTable ? 0.1 + this.toolCost(['crafting_table']) : 0) })
      }
    }
    const mine = this.book.mineSource(key)
    if (mine) options.push({ m: { kind: 'mine', ...mine }, c: mine.cost + this.toolCost(mine.tools) })
    options.sort((a, b) => a.c - b.c)
    return options[0]?.m
  }

  /** 0 when one of the tools is held, else the cheapest tool's cost. */
  private toolCost(tools: string[]): number {
    if (tools.length === 0 || tools.some((t) => this.have(planKey(t)) > 0 || this.nearby.has(planKey(t)))) return 0
    return Math.min(...tools.map((t) => this.cost(planKey(t), new Set())))
  }

  private missingCost(key: string, count: number): number {
    const missing = Math.max(0, count - this.have(key))
    return missing === 0 ? 0 : missing * this.cost(key, new Set())
  }

  /** Estimated cost of one unit from scratch; Infinity on cycles or no source. */
  private cost(key: string, visiting: Set<string>): number {
    const memo = this.costMemo.get(key)
    if (memo !== undefined && visiting.size === 0) return memo
    if (visiting.has(key) || visiting.size > MAX_DEPTH) return Infinity
    const next = new Set(visiting).add(key)
    let best = Infinity
    const mine = this.book.mineSource(key)
    if (mine) best = Math.min(best, mine.cost)
    const smelt = this.book.smeltRecipe(key)
    if (smelt) best = Math.min(best, this.cost(planKey(smelt.input), next) + 2.5)
    for (const r of this.book.craftRecipes(key)) {
      let c = 0
      for (const i of r.ingredients) c += i.count * this.cost(i.key, next)
      best = Math.min(best, c / r.makes + 0.1)
    }
    if (visiting.size === 0) this.costMemo.set(key, best)
    return best
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

/**
 * The first step of a plan, with every later collect of the same item folded
 * in, so the body gathers all the logs (or cobblestone) it will need in one trip,
 * and directly following crafts of the same item merged.
 */
export function firstStep(steps: PlanStep[]): PlanStep | undefined {
  const first = steps[0]
  if (!first) return undefined
  if (first.kind === 'craft') {
    // consecutive crafts of the same item become one (planks for the table, then for sticks)
    let count = first.count
    for (const s of steps.slice(1)) {
      if (s.kind !== 'craft' || s.item !== first.item) break
      count += s.count
    }
    return { ...first, count }
  }
  if (first.kind !== 'collect') return first
  const total = steps.filter((s) => s.kind === 'collect' && s.item === first.item).reduce((n, s) => n + s.count, 0)
  return { ...first, count: total }
}

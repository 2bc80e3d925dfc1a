/**
 * Item knowledge in the shapes older callers use: names (known, suggestions), furnace
 * recipes by output (minecraft-data has none; ../smelting.ts is the table), fuel values,
 * and recipes and mining sources read from the obtain graph (./graph.ts).
 */
import { SMELTABLE_INPUTS, itemsPerFuel, smeltInputs, smeltResult } from '../smelting.js'
import { bareName } from '../names.js'
import { DEFAULT_VERSION, obtainGraph, type Ingredient, type ObtainGraph } from './graph.js'

export { DEFAULT_VERSION, type Ingredient }

export interface CraftRecipe {
  kind: 'craft'
  result: string
  /** Items per craft. */
  makes: number
  ingredients: Ingredient[]
  /** True when the 3x3 grid of a crafting table is needed. */
  needsTable: boolean
}

export interface SmeltRecipe {
  kind: 'smelt'
  result: string
  makes: 1
  input: string
}

/**
 * Furnace recipes as output → preferred input (a plan key; `log` is the tag),
 * derived from the shared furnace table (minecraft-data ships none).
 */
export const SMELTING: Record<string, string> = Object.fromEntries(
  SMELTABLE_INPUTS.map((input) => smeltResult(input)!)
    .filter((output, i, all) => all.indexOf(output) === i)
    .map((output) => [output, smeltInputs(output)[0]!]),
)
SMELTING.charcoal = 'log'

export function isSmeltResult(name: string): boolean {
  return bareName(name) in SMELTING
}

/** How many items one unit of fuel smelts, by plan key (burn time / cook time, from the shared table). */
export const FUEL_VALUE: Record<string, number> = {
  coal: itemsPerFuel('coal'),
  charcoal: itemsPerFuel('charcoal'),
  coal_block: itemsPerFuel('coal_block'),
  log: itemsPerFuel('oak_log'),
  planks: itemsPerFuel('oak_planks'),
  stick: itemsPerFuel('stick'),
}

export interface MineSource {
  /** Block (or the `log` tag) to ask the body to collect. */
  block: string
  /** Items expected per block. */
  perBlock: number
  /** Any one of these tools must be held to get the drop; empty when none is needed. */
  tools: string[]
}

/**
 * Item names and the obtain graph's recipes in the shapes the links and the test body use;
 * the graph (./graph.ts) is the one source.
 */
export class ItemBook {
  readonly version: string
  readonly graph: ObtainGraph

  constructor(version = DEFAULT_VERSION) {
    this.version = version
    this.graph = obtainGraph(version)
  }

  /** True for a known item or a tag. */
  known(name: string): boolean {
    return this.graph.known(name)
  }

  /** Item names that start like `partial` or contain it, for "did you mean" messages. */
  suggest(partial: string, max = 3): string[] {
    const b = bareName(partial).replace(/\s+/g, '_')
    const all = Object.keys(this.graph.md.itemsByName)
    const starts = all.filter((n) => n.startsWith(b))
    const contains = all.filter((n) => !n.startsWith(b) && n.includes(b))
    const close = all
      .map((n) => ({ n, d: editDistance(n, b) }))
      .filter((x) => x.d <= Math.max(1, Math.floor(b.length / 5)))
      .sort((x, y) => x.d - y.d)
      .map((x) => x.n)
    return [...new Set([...close, ...starts, ...contains])].slice(0, max)
  }

  craftRecipes(key: string): CraftRecipe[] {
    return this.graph
      .sources(key)
      .flatMap((s) => (s.kind === 'craft' ? [{ kind: 'craft' as const, result: key, makes: s.makes, ingredients: s.ingredients, needsTable: s.table }] : []))
  }

  smeltRecipe(key: string): SmeltRecipe | undefined {
    const s = this.graph.sources(key).find((x) => x.kind === 'smelt')
    return s?.kind === 'smelt' ? { kind: 'smelt', result: key, makes: 1, input: s.input } : undefined
  }

  /** The cheapest natural block to mine for an item, if one drops it without silk touch. */
  mineSource(key: string): MineSource | undefined {
    const mines = this.graph.sources(key).flatMap((s) => (s.kind === 'mine' ? [s] : []))
    mines.sort((a, b) => b.perBlock - a.perBlock)
    const m = mines[0]
    return m ? { block: m.block, perBlock: m.perBlock, tools: m.tools } : undefined
  }

  harvestTools(block: string): string[] {
    return this.graph.harvestTools(block)
  }
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 99
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]!
}

let shared: ItemBook | undefined
/** One ItemBook for the default version (loading minecraft-data is not free). */
export function defaultItemBook(): ItemBook {
  shared ??= new ItemBook()
  return shared
}

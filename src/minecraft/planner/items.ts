/**
 * Item knowledge for the planner, read from minecraft-data (1.16.5 by default):
 * crafting recipes, furnace
 * recipes (minecraft-data has none, so they are listed here) and which block
 * to mine for an item with which tools.
 */
import { createRequire } from 'node:module'
import { SMELTABLE_INPUTS, itemsPerFuel, smeltInputs, smeltResult } from '../smelting.js'
import { bareName, planKey, TAGS } from '../names.js'

const require = createRequire(import.meta.url)

export const DEFAULT_VERSION = '1.16.5'

export interface Ingredient {
  key: string
  count: number
}

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

/**
 * Mining cost of the usual overworld source of an item (lower is easier).
 * Items without an entry can still be mined, at a high cost, so recipes
 * built from common materials win (cobblestone over blackstone).
 */
const MINE_COST: Record<string, { block: string; cost: number }> = {
  log: { block: 'log', cost: 1 },
  cobblestone: { block: 'stone', cost: 1 },
  dirt: { block: 'dirt', cost: 1 },
  sand: { block: 'sand', cost: 1 },
  gravel: { block: 'gravel', cost: 1 },
  flint: { block: 'gravel', cost: 3 },
  clay_ball: { block: 'clay', cost: 3 },
  coal: { block: 'coal_ore', cost: 2 },
  iron_ore: { block: 'iron_ore', cost: 3 },
  gold_ore: { block: 'gold_ore', cost: 6 },
  redstone: { block: 'redstone_ore', cost: 5 },
  lapis_lazuli: { block: 'lapis_ore', cost: 6 },
  diamond: { block: 'diamond_ore', cost: 10 },
  emerald: { block: 'emerald_ore', cost: 12 },
  string: { block: 'cobweb', cost: 8 },
  sugar_cane: { block: 'sugar_cane', cost: 3 },
  cactus: { block: 'cactus', cost: 3 },
  netherrack: { block: 'netherrack', cost: 30 },
}

type McData = {
  itemsByName: Record<string, { id: number; name: string } | undefined>
  items: Record<number, { id: number; name: string } | undefined>
  blocksByName: Record<string, { id: number; name: string; harvestTools?: Record<string, boolean> } | undefined>
  recipes: Record<number, Array<{ inShape?: Array<Array<number | null>>; ingredients?: number[]; result: { id: number; count: number } }> | undefined>
  blockLoot: Record<string, { block: string; drops: Array<{ item: string; silkTouch?: boolean }> } | undefined>
}

export interface MineSource {
  /** Block (or tag) to ask the body to collect. */
  block: string
  cost: number
  /** Any one of these tools must be held to get the drop; empty when none is needed. */
  tools: string[]
}

/** Everything the planner needs to know about items, for one game version. */
export class ItemBook {
  readonly version: string
  private readonly md: McData
  private readonly craftCache = new Map<string, CraftRecipe[]>()

  constructor(version = DEFAULT_VERSION) {
    this.version = version
    this.md = (require('minecraft-data') as (v: string) => McData)(version)
    if (!this.md) throw new Error(`minecraft-data has no data for ${version}`)
  }

  /** True for a known item or a tag. */
  known(name: string): boolean {
    const b = bareName(name)
    return Object.hasOwn(TAGS, b) || Boolean(this.md.itemsByName[b])
  }

  /** Item names that start like `partial` or contain it, for "did you mean" messages. */
  suggest(partial: string, max = 3): string[] {
    const b = bareName(partial).replace(/\s+/g, '_')
    const all = Object.keys(this.md.itemsByName)
    const starts = all.filter((n) => n.startsWith(b))
    const contains = all.filter((n) => !n.startsWith(b) && n.includes(b))
    const close = all
      .map((n) => ({ n, d: editDistance(n, b) }))
      .filter((x) => x.d <= Math.max(1, Math.floor(b.length / 5)))
      .sort((x, y) => x.d - y.d)
      .map((x) => x.n)
    return [...new Set([...close, ...starts, ...contains])].slice(0, max)
  }

  /** Crafting recipes for a plan key, with wood variants folded into the `planks`/`log` tags. */
  craftRecipes(key: string): CraftRecipe[] {
    const cached = this.craftCache.get(key)
    if (cached) return cached
    const out: CraftRecipe[] = []
    const seen = new Set<string>()
    const results = key === 'planks' ? [...TAGS.planks!] : Object.hasOwn(TAGS, key) ? [] : [key]
    for (const result of results) {
      const item = this.md.itemsByName[result]
      if (!item) continue
      for (const r of this.md.recipes[item.id] ?? []) {
        const cells = r.inShape ? r.inShape.flat() : (r.ingredients ?? [])
        const counts = new Map<string, number>()
        for (const id of cells) {
          if (id === null || id === undefined) continue
          const name = this.md.items[id]?.name
          if (!name) continue
          const k = planKey(name)
          counts.set(k, (counts.get(k) ?? 0) + 1)
        }
        const rows = r.inShape?.length ?? 0
        const cols = r.inShape ? Math.max(...r.inShape.map((row) => row.length)) : 0
        const needsTable = r.inShape ? rows > 2 || cols > 2 : cells.length > 4
        const ingredients = [...counts.entries()].map(([k, count]) => ({ key: k, count })).sort((a, b) => a.key.localeCompare(b.key))
        // Skip un-packing recipes (iron_ingot from iron_block or nuggets): they loop.
        if (ingredients.some((i) => this.isPackedFrom(i.key, key))) continue
        const sig = JSON.stringify([ingredients, r.result.count, needsTable])
        if (seen.has(sig)) continue
        seen.add(sig)
        out.push({ kind: 'craft', result: key, makes: r.result.count, ingredients, needsTable })
      }
    }
    this.craftCache.set(key, out)
    return out
  }

  /** True when `packed` is crafted from `item` alone (iron_block from iron_ingot). */
  private isPackedFrom(packed: string, item: string): boolean {
    if (Object.hasOwn(TAGS, packed)) return false
    const info = this.md.itemsByName[packed]
    if (!info) return false
    return (this.md.recipes[info.id] ?? []).some((r) => {
      const cells = (r.inShape ? r.inShape.flat() : (r.ingredients ?? [])).filter((c): c is number => c !== null && c !== undefined)
      return cells.length > 0 && cells.every((id) => planKey(this.md.items[id]?.name ?? '') === item)
    })
  }

  smeltRecipe(key: string): SmeltRecipe | undefined {
    const input = SMELTING[key]
    return input ? { kind: 'smelt', result: key, makes: 1, input } : undefined
  }

  /** Where to mine an item, if it drops from a block without silk touch. */
  mineSource(key: string): MineSource | undefined {
    const known = MINE_COST[key]
    if (known) return { block: known.block, cost: known.cost, tools: this.harvestTools(known.block) }
    for (const loot of Object.values(this.md.blockLoot)) {
      if (!loot) continue
      if (loot.drops.some((d) => d.item === key && !d.silkTouch)) {
        return { block: loot.block, cost: 200, tools: this.harvestTools(loot.block) }
      }
    }
    return undefined
  }

  /** Tools (item names) any of which lets the block drop its item; [] when a hand works. */
  harvestTools(block: string): string[] {
    const b = block === 'log' ? 'oak_log' : block
    const info = this.md.blocksByName[b]
    if (!info?.harvestTools) return []
    return Object.keys(info.harvestTools)
      .map((id) => this.md.items[Number(id)]?.name)
      .filter((n): n is string => Boolean(n))
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

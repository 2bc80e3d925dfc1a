/**
 * The obtain graph: every way a survival player gets an item, built from minecraft-data
 * of one game version. minecraft-data gives the crafting recipes, block loot (with the
 * tool each block needs), entity loot, items and blocks; what it lacks comes from the
 * small fact modules beside it: furnace recipes (../smelting.ts), which blocks the
 * overworld generates (./natural-blocks.ts) and the actions that are no recipe
 * (./actions.ts: shear, buckets, farming, eggs). Pure: no world, no body.
 *
 * Item keys are plan keys (../names.ts `planKey`): wood variants fold into `log` and
 * `planks`. A recipe ingredient that the recipe's variants fill with different members
 * of one family (coal or charcoal in a torch) becomes that family's tag (`coals`).
 */
import { createRequire } from 'node:module'
import { blockLootByName, versionFacts, type VersionFacts } from '../version-facts.js'
import { bareName, planKey, TAGS } from '../names.js'
import { recipesWithRecolouring, type RecipeEntry } from '../recolouring.js'
import { ACTION_SOURCES, type ActionSource } from './actions.js'
import { isNaturalBlock } from './natural-blocks.js'
import { APPLE_WOODS, LEAF_ODDS } from '../leaf-drops.js'
import { unobtainableReason } from './unobtainable.js'
import { isHostileMob } from '../hostile.js'

const require = createRequire(import.meta.url)

export const DEFAULT_VERSION = '1.16.5'

export interface Ingredient {
  /** A plan key: an item, or a tag such as `planks`, `log`, `coals`. */
  key: string
  count: number
}

export type Source =
  | { kind: 'craft'; makes: number; ingredients: Ingredient[]; table: boolean }
  | { kind: 'smelt'; input: string }
  /** Mine `block` (bare block name); `perBlock` items expected per block; one of `tools` must be held. */
  | { kind: 'mine'; block: string; perBlock: number; tools: string[] }
  /** Kill `entity` and pick up its drop; `perKill` expected per kill. */
  | { kind: 'hunt'; entity: string; perKill: number; night: boolean }
  | ActionSource

export type SourceKind = Source['kind']

/** Tags an ingredient may fold into when a recipe's variants use several of their members. */
const FOLD_TAGS = ['planks', 'log', 'coals', 'wool', 'wool_carpets', 'beds', 'wooden_slab', 'stone_crafting_materials'] as const

/** Hostile mobs that spawn only in the dark (a player meets them at night or underground). */
const NIGHT_MOBS = new Set(['spider', 'skeleton', 'creeper', 'zombie', 'enderman', 'witch', 'slime'])
/** Overworld mobs a player can hunt without going to another dimension or structure. */
const HUNTABLE = new Set(['cow', 'pig', 'sheep', 'chicken', 'rabbit', 'spider', 'skeleton', 'creeper', 'zombie', 'squid', 'enderman', 'witch', 'slime'])

type LootEntry = { item: string; dropChance: number; stackSizeRange: Array<number | null>; silkTouch?: boolean; noSilkTouch?: boolean; blockAge?: number; playerKill?: boolean }
type McData = {
  version: { minecraftVersion: string }
  itemsByName: Record<string, { id: number; name: string } | undefined>
  items: Record<number, { id: number; name: string } | undefined>
  blocksByName: Record<string, { id: number; name: string; harvestTools?: Record<string, boolean> } | undefined>
  recipes: Record<number, RecipeEntry[] | undefined>
  blockLoot: Record<string, { block: string; drops: LootEntry[] } | undefined>
  entityLoot: Record<string, { entity: string; drops: LootEntry[] } | undefined>
  entitiesByName: Record<string, { name: string; category?: string } | undefined>
}

function loadData(version: string): McData {
  const md = (require('minecraft-data') as (v: string) => McData | undefined)(version)
  if (!md) throw new Error(`minecraft-data has no data for Minecraft ${version}`)
  return {
    version: md.version,
    itemsByName: md.itemsByName,
    items: md.items,
    blocksByName: md.blocksByName,
    recipes: md.recipes,
    blockLoot: blockLootByName<LootEntry>(md) as McData['blockLoot'],
    entityLoot: md.entityLoot,
    entitiesByName: md.entitiesByName,
  }
}

function meanCount(range: Array<number | null>): number {
  const lo = range[0] ?? 1
  const hi = range[1] ?? lo
  return (Math.max(0, lo) + Math.max(0, hi)) / 2
}

/** Blocks whose own drop needs shears; minecraft-data halves their other drops' chances to make room for it. */
const SHEARS_SELF = /(_leaves|^grass$|^short_grass$|^tall_grass$|^fern$|^large_fern$|^dead_bush$|^vine$|^seagrass$|^tall_seagrass$|^cobweb$)/

/** The obtain graph of one version. */
export class ObtainGraph {
  readonly version: string
  readonly md: McData
  readonly facts: VersionFacts
  private readonly memo = new Map<string, Source[]>()
  private mineIndex: Map<string, Array<{ block: string; perBlock: number; shears?: boolean }>> | undefined
  private huntIndex: Map<string, Array<{ entity: string; perKill: number }>> | undefined

  constructor(version = DEFAULT_VERSION) {
    this.version = version
    this.md = loadData(version)
    this.facts = versionFacts(version)
  }

  /** True for an item of this version or a tag. */
  known(key: string): boolean {
    const b = bareName(key)
    return Object.hasOwn(TAGS, b) || Boolean(this.md.itemsByName[b])
  }

  /** True for a mob of minecraft-data's category "Hostile mobs" (a monster: it fights back). */
  hostile(entity: string): boolean {
    return isHostileMob(this.md, entity)
  }

  /** The concrete items a plan key stands for (a tag's members of this version, or the item). */
  members(key: string): string[] {
    const t = TAGS[key]
    if (t) return t.filter((m) => this.md.itemsByName[m])
    return this.md.itemsByName[key] ? [key] : []
  }

  /**
   * A tag whose members the planner chooses between (`coals`, `wool`); `log` and `planks`
   * are plan keys of their own, with sources.
   */
  isChoiceTag(key: string): boolean {
    return key !== 'log' && key !== 'planks' && Object.hasOwn(TAGS, key)
  }

  /** Every source of a plan key, in no order (the planner weighs them). */
  sources(key: string): Source[] {
    const hit = this.memo.get(key)
    if (hit) return hit
    const out: Source[] = [...this.craftSources(key), ...this.smeltSources(key), ...this.mineSources(key), ...this.huntSources(key)]
    for (const a of ACTION_SOURCES[key] ?? []) if (this.actionExists(a)) out.push(a)
    this.memo.set(key, out)
    return out
  }

  /** Why an item has no route here, in one line, or undefined when it has one. */
  whyNot(key: string): string | undefined {
    if (this.sources(key).length > 0) return undefined
    return this.reason(key) ?? `nothing in Minecraft ${this.version} makes or drops ${key} in the overworld`
  }

  /** The one-line reason this version gives no source for `key` (an experiment of the version, or unobtainable.ts), if one is known. */
  reason(key: string): string | undefined {
    return this.facts.experimentReason(key) ?? unobtainableReason(key)
  }

  /** True when a natural block drops itself only to a silk touch tool (grass_block, ores, glass). */
  silkTouchOnly(key: string): boolean {
    const loot = this.md.blockLoot[key]
    return Boolean(loot?.drops.some((d) => d.item === key && d.silkTouch))
  }

  /** Tool items (bare names) any of which lets `block` drop its items; [] when a hand works. */
  harvestTools(block: string): string[] {
    const info = this.md.blocksByName[block === 'log' ? 'oak_log' : block]
    if (!info?.harvestTools) return []
    return Object.keys(info.harvestTools)
      .map((id) => this.md.items[Number(id)]?.name)
      .filter((n): n is string => Boolean(n))
  }

  private actionExists(a: ActionSource): boolean {
    const needs = a.kind === 'farm' ? [a.plant] : a.kind === 'fill' ? ['bucket'] : a.kind === 'shear' ? ['shears'] : []
    return needs.every((n) => this.md.itemsByName[n])
  }

  private craftSources(key: string): Source[] {
    const results = key === 'planks' ? this.members('planks') : Object.hasOwn(TAGS, key) ? [] : [key]
    const out: Source[] = []
    const seen = new Set<string>()
    for (const result of results) {
      const item = this.md.itemsByName[result]
      if (!item) continue
      for (const group of this.recipeGroups(recipesWithRecolouring(this.md)[item.id] ?? [])) {
        // packing pairs (iron_ingot ⇄ iron_block) are cycles: the planner prices a cycle as endless
        const { ingredients, makes, table } = group
        const sig = JSON.stringify([ingredients, makes, table])
        if (seen.has(sig)) continue
        seen.add(sig)
        out.push({ kind: 'craft', makes, ingredients, table })
      }
    }
    return out
  }

  /**
   * Recipes of one result grouped by shape: slots whose variants use different members of one
   * family become that family's tag, then the slots are counted into ingredients.
   */
  private recipeGroups(recipes: RecipeEntry[]): Array<{ ingredients: Ingredient[]; makes: number; table: boolean }> {
    type Cells = string[]
    const groups = new Map<string, { cells: Cells[]; makes: number; table: boolean }>()
    for (const r of recipes) {
      const ids = r.inShape ? r.inShape.flat() : (r.ingredients ?? [])
      const cells: Cells = ids.filter((id): id is number => typeof id === 'number').map((id) => planKey(this.md.items[id]?.name ?? '?'))
      // shapeless: in the order of what the cells fold into, so variants line up slot by slot
      if (!r.inShape) cells.sort((a, b) => (foldTag(a) ?? a).localeCompare(foldTag(b) ?? b) || a.localeCompare(b))
      const rows = r.inShape?.length ?? 0
      const cols = r.inShape ? Math.max(...r.inShape.map((row) => row.length)) : 0
      const table = r.inShape ? rows > 2 || cols > 2 : cells.length > 4
      const skeleton = JSON.stringify([cells.map((c) => foldTag(c) ?? c), r.result.count, table, r.inShape ? r.inShape.map((row) => row.map((c) => (c === null ? 0 : 1))) : 'shapeless'])
      const g = groups.get(skeleton) ?? { cells: [], makes: r.result.count, table }
      g.cells.push(cells)
      groups.set(skeleton, g)
    }
    return [...groups.values()].map((g) => {
      const first = g.cells[0]!
      const slots = first.map((c, i) => {
        const variants = new Set(g.cells.map((cells) => cells[i]!))
        return variants.size > 1 ? (foldTag(c) ?? c) : c
      })
      const counts = new Map<string, number>()
      for (const s of slots) counts.set(s, (counts.get(s) ?? 0) + 1)
      // in the order of the items they stand for (a tag by its first member: cobblestone before stick)
      const order = (k: string) => TAGS[k]?.[0] ?? k
      const ingredients = [...counts.entries()].map(([k, count]) => ({ key: k, count })).sort((a, b) => order(a.key).localeCompare(order(b.key)))
      return { ingredients, makes: g.makes, table: g.table }
    })
  }

  private smeltSources(key: string): Source[] {
    if (key === 'charcoal') return [{ kind: 'smelt', input: 'log' }]
    const inputs = this.facts.smeltInputs(key)
    return inputs.map((input) => ({ kind: 'smelt', input: planKey(input) }) as const)
  }

  private mineSources(key: string): Source[] {
    return (this.mineIndexFor().get(key) ?? []).map((m) => ({
      kind: 'mine',
      block: planKey(m.block) === 'log' ? 'log' : m.block,
      perBlock: m.perBlock,
      tools: m.shears ? ['shears'] : this.harvestTools(m.block),
    }))
  }

  /** item → natural overworld blocks that drop it without silk touch, with the expected count per block. */
  private mineIndexFor(): Map<string, Array<{ block: string; perBlock: number; shears?: boolean }>> {
    if (this.mineIndex) return this.mineIndex
    const idx = new Map<string, Array<{ block: string; perBlock: number; shears?: boolean }>>()
    const shearDrops = new Map<string, boolean>()
    const add = (item: string, block: string, perBlock: number) => {
      if (!(perBlock > 0)) return
      const k = planKey(item)
      const list = idx.get(k) ?? []
      const same = planKey(block) === 'log' ? list.find((x) => planKey(x.block) === 'log') : list.find((x) => x.block === block)
      if (!same) list.push({ block, perBlock })
      idx.set(k, list)
    }
    for (const [block, entry] of Object.entries(this.md.blockLoot)) {
      if (!entry || !isNaturalBlock(block)) continue
      if (block.endsWith('_leaves')) {
        const wood = block.replace(/_leaves$/, '')
        add(`${wood}_sapling`, block, LEAF_ODDS.sapling)
        add('stick', block, LEAF_ODDS.stick)
        if (APPLE_WOODS.has(wood)) add('apple', block, LEAF_ODDS.apple)
        continue
      }
      const shearsSelf = SHEARS_SELF.test(block)
      for (const d of entry.drops) {
        if (d.silkTouch || d.blockAge !== undefined) continue
        if (shearsSelf && d.item === block) {
          shearDrops.set(block, true)
          continue
        }
        if (!this.md.itemsByName[d.item]) continue
        const chance = d.noSilkTouch ? 1 : shearsSelf ? Math.min(1, d.dropChance * 2) : d.dropChance
        add(d.item, block, chance * meanCount(d.stackSizeRange))
      }
    }
    // leaves, grass, vines and cobwebs drop themselves to shears
    for (const block of [...Object.keys(this.md.blockLoot)].filter((b) => isNaturalBlock(b) && (b.endsWith('_leaves') || shearDrops.has(b)))) {
      if (!this.md.itemsByName[block]) continue
      const list = idx.get(block) ?? []
      list.push({ block, perBlock: 1, shears: true })
      idx.set(block, list)
    }
    // blocks without loot tables drop themselves (minecraft-data leaves some out)
    for (const block of Object.keys(this.md.blocksByName)) {
      if (isNaturalBlock(block) && !this.md.blockLoot[block] && this.md.itemsByName[block]) add(block, block, 1)
    }
    this.mineIndex = idx
    return idx
  }

  private huntSources(key: string): Source[] {
    if (!this.huntIndex) {
      const idx = new Map<string, Array<{ entity: string; perKill: number }>>()
      for (const [entity, entry] of Object.entries(this.md.entityLoot)) {
        if (!entry || !HUNTABLE.has(entity)) continue
        for (const d of entry.drops) {
          if (!this.md.itemsByName[d.item]) continue
          const perKill = d.dropChance * meanCount(d.stackSizeRange)
          if (perKill < 0.05) continue
          const list = idx.get(d.item) ?? []
          list.push({ entity, perKill })
          idx.set(d.item, list)
        }
      }
      // a sheep killed drops one block of its wool (white is by far the most common colour)
      if (this.md.itemsByName.white_wool) idx.set('white_wool', [...(idx.get('white_wool') ?? []), { entity: 'sheep', perKill: 1 }])
      this.huntIndex = idx
    }
    return (this.huntIndex.get(key) ?? []).map((h) => ({ kind: 'hunt', entity: h.entity, perKill: h.perKill, night: NIGHT_MOBS.has(h.entity) }))
  }
}

function foldTag(key: string): string | undefined {
  for (const t of FOLD_TAGS) if (t === key || TAGS[t]?.includes(key)) return t
  return undefined
}

const graphs = new Map<string, ObtainGraph>()
/** One graph per version (loading minecraft-data and indexing loot is not free). */
export function obtainGraph(version = DEFAULT_VERSION): ObtainGraph {
  let g = graphs.get(version)
  if (!g) {
    g = new ObtainGraph(version)
    graphs.set(version, g)
  }
  return g
}

/**
 * Item names against a registry (tags and names: ../names.ts): version aliases, and
 * "which blocks drop this item" from minecraft-data's block loot tables.
 * Pure functions over a registry, so they are unit-testable without a server.
 */
import minecraftData from 'minecraft-data'
import { bareName, namespaced, tagMembers } from '../names.js'
import { blockLootByName, olderItemNames, versionFacts } from '../version-facts.js'
import { CROP_SPECS } from './skills/crops.js'

export type Registry = ReturnType<typeof minecraftData>

export interface CollectTarget {
  /** What the caller asked for, bare. */
  label: string
  /** Item names that count towards the goal (bare). */
  members: string[]
  /** Block names to mine to get them (bare), best first. */
  sources: string[]
}

export type Resolved<T> = { ok: true; value: T } | { ok: false; reason: string }

/** The items a name stands for: a tag's members, an alias, or the item itself. */
export function resolveItemNames(registry: Registry, name: string): Resolved<string[]> {
  const n = bareName(name)
  if (!n) return { ok: false, reason: 'empty item name' }
  const members = tagMembers(n)?.filter((m) => registry.itemsByName[m])
  if (members?.length) return { ok: true, value: members }
  if (registry.itemsByName[n]) return { ok: true, value: [n] }
  const alias = olderItemNames(registry, n)
  if (alias.length) return { ok: true, value: alias }
  // Block names without an item (e.g. `water`) are not collectable items.
  return { ok: false, reason: `unknown item '${name}' in Minecraft ${registry.version.minecraftVersion}` }
}

let lootIndexCache = new WeakMap<object, Map<string, string[]>>()

/** item name → blocks whose loot table drops it without silk touch. */
function lootIndex(registry: Registry): Map<string, string[]> {
  const key = registry as unknown as object
  const hit = lootIndexCache.get(key)
  if (hit) return hit
  const idx = new Map<string, string[]>()
  const loot = blockLootByName<{ item: string; silkTouch?: boolean }>(registry)
  for (const [block, entry] of Object.entries(loot)) {
    if (!entry) continue
    for (const drop of entry.drops) {
      if (drop.silkTouch) continue
      const list = idx.get(drop.item) ?? []
      if (!list.includes(block)) list.push(block)
      idx.set(drop.item, list)
    }
  }
  lootIndexCache.set(key, idx)
  return idx
}

/** Blocks that yield `item` when mined: the same-named block first, ores next, anything else last. */
export function blockSourcesFor(registry: Registry, item: string): string[] {
  const fromLoot = lootIndex(registry).get(item) ?? []
  const out: string[] = []
  if (registry.blocksByName[item] && (fromLoot.includes(item) || fromLoot.length === 0)) out.push(item)
  const rank = (b: string) => (b === item ? 0 : b.endsWith('_ore') || b === 'stone' ? 1 : b.endsWith('_leaves') || b === 'dead_bush' ? 3 : 2)
  for (const b of [...fromLoot].sort((a, b) => rank(a) - rank(b))) if (!out.includes(b) && !PLANTED_CROPS.has(b)) out.push(b)
  return out
}

/**
 * Crops that are planted, not found: a growing crop drops its seed when broken, so without this a
 * collect of wheat seeds broke the bot's own growing wheat (the 1.16.5 wheat run of session 39 lost
 * its field that way, its ages back to 0/7 after each night). Harvesting them is the farm skill's job.
 */
const PLANTED_CROPS: ReadonlySet<string> = new Set(Object.values(CROP_SPECS).filter((c) => c.block !== c.plant).map((c) => c.block))

/**
 * Collecting an ore that does not drop itself (1.17+ iron ore drops raw iron, coal ore coal)
 * means mining it: what it drops counts, and every block that drops that is a source (deepslate
 * iron ore too), the asked ore first. Drops are minecraft-data's loot of the server's version.
 */
function oreDropMembers(registry: Registry, members: string[]): { members: string[]; sources: string[] } {
  const facts = versionFacts(registry as unknown as { version: { minecraftVersion?: string } })
  const out: string[] = []
  const sources: string[] = []
  for (const m of members) {
    const drops = facts.isOre(m) ? facts.minedDrops(m).filter((d) => registry.itemsByName[d]) : []
    if (!drops.length || drops.includes(m)) {
      if (!out.includes(m)) out.push(m)
      continue
    }
    if (!sources.includes(m)) sources.push(m)
    for (const d of drops) if (!out.includes(d)) out.push(d)
  }
  return { members: out, sources }
}

export function resolveCollectTarget(registry: Registry, name: string): Resolved<CollectTarget> {
  const items = resolveItemNames(registry, name)
  if (!items.ok) return items
  const mined = oreDropMembers(registry, items.value)
  const sources: string[] = [...mined.sources]
  for (const m of mined.members) for (const b of blockSourcesFor(registry, m)) if (!sources.includes(b)) sources.push(b)
  if (!sources.length) {
    return { ok: false, reason: `${namespaced(name)} does not come from mining any block; craft, smelt or loot it instead` }
  }
  return { ok: true, value: { label: bareName(name), members: mined.members, sources } }
}

/** Counts of the given bare item names in a counts map keyed by namespaced id. */
export function countMembers(counts: Record<string, number>, members: string[]): number {
  let n = 0
  for (const m of members) n += counts[`minecraft:${m}`] ?? 0
  return n
}

/** "a stone_pickaxe or better" from a block's harvestTools id set; the lowest id is the weakest tier. */
export function describeHarvestTools(registry: Registry, harvestTools: Record<string, boolean> | undefined): string | null {
  if (!harvestTools) return null
  const names = Object.keys(harvestTools)
    .map(Number)
    .sort((a, b) => a - b)
    .map((id) => registry.items[id]?.name)
    .filter((n): n is string => !!n)
  if (!names.length) return null
  const weakest = names.find((n) => !n.startsWith('golden_')) ?? names[0]!
  const article = /^[aeiou]/.test(weakest) ? 'an' : 'a'
  return names.length > 1 ? `${article} ${weakest} or better` : `${article} ${weakest}`
}

export function resetItemCaches(): void {
  lootIndexCache = new WeakMap()
}

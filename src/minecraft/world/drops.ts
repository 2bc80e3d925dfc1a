/**
 * What a broken block drops, from minecraft-data (block `harvestTools`,
 * `blockLoot`, `drops`). Pure: the caller passes the registry and an RNG.
 *
 * Rules (no enchantments exist in this world, so never silk touch):
 *  - a block with `harvestTools` drops nothing unless one of them is held
 *    (stone by hand: nothing; iron ore needs a stone pickaxe or better);
 *  - loot entries marked silkTouch are skipped; entries marked noSilkTouch
 *    always apply (minecraft-data splits 0.5/0.5 between the two variants);
 *  - plants and leaves drop themselves only with shears (not modelled: never);
 *  - leaves: sapling, sticks and apples at vanilla's odds (../leaf-drops.ts; minecraft-data's leaf
 *    chances are not per-break odds);
 *  - grass seeds, crops (by age), stems and melons follow vanilla's loot tables (plant-loot.ts),
 *    which minecraft-data flattens wrongly;
 *  - other entries use their dropChance and a count in stackSizeRange.
 */
import { plantDrops } from './plant-loot.js'
import { APPLE_WOODS, LEAF_ONE_IN, LEAF_STICKS } from '../leaf-drops.js'

export interface Drop {
  name: string
  count: number
}

interface LootEntry {
  item: string
  dropChance: number
  stackSizeRange: [number, number?] | number[]
  silkTouch?: boolean
  noSilkTouch?: boolean
}

/** Blocks whose self-drop needs shears. */
const SHEARS_SELF_DROP = /(_leaves|^grass$|^tall_grass$|^fern$|^large_fern$|^dead_bush$|^vine$|^seagrass$|^tall_seagrass$|^cobweb$)/

function rollCount(range: number[], rng: () => number): number {
  const lo = range[0] ?? 1
  const hi = range[1] ?? lo
  return lo + Math.floor(rng() * (hi - lo + 1))
}

function leafDrops(blockName: string, rng: () => number): Drop[] {
  const out: Drop[] = []
  const wood = blockName.replace(/_leaves$/, '')
  if (rng() < 1 / LEAF_ONE_IN.sapling) out.push({ name: `${wood}_sapling`, count: 1 })
  if (rng() < 1 / LEAF_ONE_IN.stick) out.push({ name: 'stick', count: LEAF_STICKS.min + Math.floor(rng() * (LEAF_STICKS.max - LEAF_STICKS.min + 1)) })
  if (APPLE_WOODS.has(wood) && rng() < 1 / LEAF_ONE_IN.apple) out.push({ name: 'apple', count: 1 })
  return out
}

/** True when `heldItemName` may harvest `blockName` (or the block needs no tool). */
export function canHarvest(registry: any, blockName: string, heldItemName: string | null): boolean {
  const block = registry.blocksByName[blockName]
  if (!block) return false
  const tools = block.harvestTools as Record<string, boolean> | undefined
  if (!tools) return true
  if (!heldItemName) return false
  const held = registry.itemsByName[heldItemName]
  return !!held && tools[String(held.id)] === true
}

/** `age`: the broken block's `age` state (crops, stems), 0 when it has none. */
export function computeDrops(registry: any, blockName: string, heldItemName: string | null, rng: () => number, age = 0): Drop[] {
  const block = registry.blocksByName[blockName]
  if (!block || blockName === 'air' || blockName === 'cave_air' || blockName === 'void_air') return []
  if (!canHarvest(registry, blockName, heldItemName)) return []
  if (blockName.endsWith('_leaves')) return leafDrops(blockName, rng)
  const plant = plantDrops(blockName, age, rng)
  if (plant) return plant

  const loot = registry.blockLoot?.[blockName] as { drops: LootEntry[] } | undefined
  const out: Drop[] = []
  if (loot) {
    for (const e of loot.drops) {
      if (e.silkTouch) continue
      if (e.item === blockName && SHEARS_SELF_DROP.test(blockName)) continue
      if (!registry.itemsByName[e.item]) continue
      const chance = e.noSilkTouch ? 1 : e.dropChance
      if (chance < 1 && rng() >= chance) continue
      const count = rollCount(e.stackSizeRange as number[], rng)
      if (count > 0) out.push({ name: e.item, count })
    }
    return out
  }
  for (const id of (block.drops ?? []) as Array<number | { drop: number | { id: number } }>) {
    const itemId = typeof id === 'number' ? id : typeof id.drop === 'number' ? id.drop : id.drop.id
    const item = registry.items[itemId]
    if (item) out.push({ name: item.name, count: 1 })
  }
  return out
}

/**
 * Two-block blocks (tall flowers, tall grass, doors: a `half` state of `upper` / `lower`):
 * breaking either half removes the other and the pair drops once, the lower half's loot. Vanilla's
 * loot tables hold the drop for `half=lower` and the lower half is destroyed (with its drops) when
 * its upper half goes; minecraft-data's blockLoot leaves that condition out, so each half would
 * drop. Returns where the other half is (+1: above, −1: below), or null for a one-block block.
 */
export function otherHalf(props: Record<string, unknown>): 1 | -1 | null {
  return props.half === 'lower' ? 1 : props.half === 'upper' ? -1 : null
}

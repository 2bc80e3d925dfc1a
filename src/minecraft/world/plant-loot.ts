/**
 * Loot of grass and crops, where minecraft-data 1.16.5's `blockLoot` flattens vanilla's loot
 * tables wrongly: it halves the grass seed chance (0.0625; the shears branch of an `alternatives`
 * entry took the other half), ignores a crop's age condition (so an unripe wheat would drop wheat
 * half the time) and has no count for melon slices (`[null, 1]`).
 *
 * Source: the vanilla 1.16.5 data pack, `data/minecraft/loot_tables/blocks/<block>.json`:
 *  - grass, fern, tall_grass, large_fern: wheat_seeds with `random_chance` 0.125 (without shears);
 *  - wheat / beetroots: age 7 / 3 → 1 wheat / beetroot, else 1 seed; ripe, also
 *    `binomial_with_bonus_count` (n = 3, p = 0.5714286) seeds;
 *  - carrots / potatoes: 1, and ripe (age 7) binomial(3, 0.5714286) more; a ripe potato also
 *    drops a poisonous potato with `random_chance` 0.02;
 *  - pumpkin_stem / melon_stem: seeds `set_count` binomial(n = 3, p = (age + 1) / 15);
 *    attached stems: binomial(3, 0.53333336);
 *  - melon: `set_count` uniform 3..7 melon slices (`limit_count` max 9; no fortune here).
 */
import { namesAcrossVersions } from '../version-facts.js'

/** One stack a broken block drops (the shape of drops.ts's Drop; kept here so the two modules do not import each other). */
export interface Drop {
  name: string
  count: number
}

const RIPE_BONUS_P = 0.5714286
/** Plants that drop a wheat seed 1 time in 8, under every supported version's name (`grass` is `short_grass` from 1.20.3). */
export const SEED_GRASS: ReadonlySet<string> = new Set(['grass', 'fern', 'tall_grass', 'large_fern'].flatMap(namesAcrossVersions))
const SEED_CHANCE = 0.125

function binomial(n: number, p: number, rng: () => number): number {
  let k = 0
  for (let i = 0; i < n; i++) if (rng() < p) k++
  return k
}

function list(...drops: Array<[string, number]>): Drop[] {
  return drops.filter(([, n]) => n > 0).map(([name, count]) => ({ name, count }))
}

/** Drops of a plant block this module knows (age from the block state), or null for any other block. */
export function plantDrops(blockName: string, age: number, rng: () => number): Drop[] | null {
  if (SEED_GRASS.has(blockName)) return list(['wheat_seeds', rng() < SEED_CHANCE ? 1 : 0])
  switch (blockName) {
    case 'wheat':
      return age >= 7 ? list(['wheat', 1], ['wheat_seeds', binomial(3, RIPE_BONUS_P, rng)]) : list(['wheat_seeds', 1])
    case 'beetroots':
      return age >= 3 ? list(['beetroot', 1], ['beetroot_seeds', binomial(3, RIPE_BONUS_P, rng)]) : list(['beetroot_seeds', 1])
    case 'carrots':
      return list(['carrot', 1 + (age >= 7 ? binomial(3, RIPE_BONUS_P, rng) : 0)])
    case 'potatoes':
      return age >= 7 ? list(['potato', 1 + binomial(3, RIPE_BONUS_P, rng)], ['poisonous_potato', rng() < 0.02 ? 1 : 0]) : list(['potato', 1])
    case 'pumpkin_stem':
      return list(['pumpkin_seeds', binomial(3, (age + 1) / 15, rng)])
    case 'melon_stem':
      return list(['melon_seeds', binomial(3, (age + 1) / 15, rng)])
    case 'attached_pumpkin_stem':
      return list(['pumpkin_seeds', binomial(3, 0.53333336, rng)])
    case 'attached_melon_stem':
      return list(['melon_seeds', binomial(3, 0.53333336, rng)])
    case 'melon':
      return list(['melon_slice', 3 + Math.floor(rng() * 5)])
    default:
      return null
  }
}

/**
 * Ways to get an item that are no recipe and no drop: shearing, buckets, farming and
 * picking up eggs (vanilla 1.16 behaviour; the embedded world implements each of them).
 * minecraft-data has no table of these, so they are listed here, by the item they give.
 */
import type { FarmCrop } from '../body/types.js'

export type ActionSource =
  /** Shear a sheep: 1–3 wool of its colour (vanilla); the sheep regrows it after eating grass. */
  | { kind: 'shear'; entity: 'sheep'; perUse: number }
  /** Fill an empty bucket from a source block (water, lava) or a cow (milk). */
  | { kind: 'fill'; fluid: 'water' | 'lava' | 'milk' }
  /** Plant `plant` (on tilled soil when `hoe`, else by water), let it grow, harvest `perHarvest` each. */
  | { kind: 'farm'; crop: FarmCrop; plant: string; hoe: boolean; perHarvest: number }
  /** Pick up what a mob leaves on the ground (a chicken lays an egg every 5–10 minutes). */
  | { kind: 'pickUp'; entity: string }

export const ACTION_SOURCES: Readonly<Record<string, readonly ActionSource[]>> = {
  white_wool: [{ kind: 'shear', entity: 'sheep', perUse: 2 }],
  water_bucket: [{ kind: 'fill', fluid: 'water' }],
  lava_bucket: [{ kind: 'fill', fluid: 'lava' }],
  milk_bucket: [{ kind: 'fill', fluid: 'milk' }],
  wheat: [{ kind: 'farm', crop: 'wheat', plant: 'wheat_seeds', hoe: true, perHarvest: 1 }],
  wheat_seeds: [{ kind: 'farm', crop: 'wheat', plant: 'wheat_seeds', hoe: true, perHarvest: 2.5 }],
  beetroot: [{ kind: 'farm', crop: 'beetroot', plant: 'beetroot_seeds', hoe: true, perHarvest: 1 }],
  carrot: [{ kind: 'farm', crop: 'carrot', plant: 'carrot', hoe: true, perHarvest: 3.5 }],
  potato: [{ kind: 'farm', crop: 'potato', plant: 'potato', hoe: true, perHarvest: 3.5 }],
  sugar_cane: [{ kind: 'farm', crop: 'sugar_cane', plant: 'sugar_cane', hoe: false, perHarvest: 2 }],
  pumpkin: [{ kind: 'farm', crop: 'pumpkin', plant: 'pumpkin_seeds', hoe: true, perHarvest: 1 }],
  melon_slice: [{ kind: 'farm', crop: 'melon', plant: 'melon_seeds', hoe: true, perHarvest: 5 }],
  egg: [{ kind: 'pickUp', entity: 'chicken' }],
}

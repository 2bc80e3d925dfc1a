/**
 * What the `farm` skill knows of each crop: the block it grows as, the item planted, the item
 * harvested, its soil, and where the planting item comes from when the bot has none. Ages come
 * from minecraft-data (the block's `age` state).
 */
import type { FarmCrop } from '../types.js'
import type { Registry } from '../items.js'
import { namesAcrossVersions } from '../../version-facts.js'

export interface CropSpec {
  crop: FarmCrop
  /** The planted block (`wheat`, `pumpkin_stem`, `sugar_cane`). */
  block: string
  /** The item planted. */
  plant: string
  /** The item the farm is for. */
  product: string
  /** Farmland (tilled with a hoe), or ground beside water (sugar cane). */
  soil: 'farmland' | 'beside-water'
  /** Stems: the fruit block and the stem it turns into. */
  fruit?: { block: string; attachedStem: string }
  /** About how many of the product one plot gives per harvest (sizes the field). */
  perPlot: number
  /** Said when the bot holds nothing to plant. */
  source: string
}

export const CROP_SPECS: Record<FarmCrop, CropSpec> = {
  wheat: { crop: 'wheat', block: 'wheat', plant: 'wheat_seeds', product: 'wheat', soil: 'farmland', perPlot: 1, source: 'break grass for them (1 in 8 drops a seed)' },
  beetroot: { crop: 'beetroot', block: 'beetroots', plant: 'beetroot_seeds', product: 'beetroot', soil: 'farmland', perPlot: 1, source: 'they come from village farms and chests; this world has no villages' },
  carrot: { crop: 'carrot', block: 'carrots', plant: 'carrot', product: 'carrot', soil: 'farmland', perPlot: 2, source: 'zombies drop one now and then' },
  potato: { crop: 'potato', block: 'potatoes', plant: 'potato', product: 'potato', soil: 'farmland', perPlot: 2, source: 'zombies drop one now and then' },
  pumpkin: { crop: 'pumpkin', block: 'pumpkin_stem', plant: 'pumpkin_seeds', product: 'pumpkin', soil: 'farmland', fruit: { block: 'pumpkin', attachedStem: 'attached_pumpkin_stem' }, perPlot: 1, source: 'craft them from a pumpkin (pumpkins grow wild on grass)' },
  melon: { crop: 'melon', block: 'melon_stem', plant: 'melon_seeds', product: 'melon_slice', soil: 'farmland', fruit: { block: 'melon', attachedStem: 'attached_melon_stem' }, perPlot: 5, source: 'craft them from a melon slice (melons grow wild only in jungles, which this world does not have)' },
  sugar_cane: { crop: 'sugar_cane', block: 'sugar_cane', plant: 'sugar_cane', product: 'sugar_cane', soil: 'beside-water', perPlot: 1, source: 'collect some where it grows beside water' },
}

/** At most this many plots in one field: the farm skill plants that many at once, and the planner gathers that many plants. */
export const MAX_PLOTS = 9

/** The ripe age of a crop block (minecraft-data: its `age` state's largest value); 0 for blocks without one. */
export function ripeAge(registry: Registry, block: string): number {
  const states = (registry.blocksByName[block] as unknown as { states?: Array<{ name: string; num_values?: number }> } | undefined)?.states
  const age = states?.find((s) => s.name === 'age')
  return age?.num_values ? age.num_values - 1 : 0
}

/** Ground a hoe turns into farmland (the world's rule). */
export { TILLABLE } from '../../world/farming.js'
/** Ground sugar cane stands on (it also needs water beside that block). */
export const CANE_SOIL = new Set(['grass_block', 'dirt', 'sand', 'red_sand', 'coarse_dirt', 'podzol'])
/** Plants in the way of tilling (broken first; grass may drop seeds). */
export const CLEARABLE = new Set(['grass', 'tall_grass', 'fern', 'large_fern', 'dead_bush'].flatMap(namesAcrossVersions))
/** Plants broken for wheat seeds (the world's loot rule). */
export { SEED_GRASS } from '../../world/plant-loot.js'
/** How far from farmland water keeps it moist (vanilla: x±4, y 0..+1, z±4). */
export const HYDRATION = 4

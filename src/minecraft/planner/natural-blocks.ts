/**
 * Blocks the vanilla overworld generates where a survival player can reach them: terrain,
 * ores, plants, trees and the blocks of its common surface features (vanilla 1.16 features
 * and biomes, Minecraft Wiki "Overworld" and "Generated structures"; the 1.18+ names are
 * from the 1.18 "Caves & Cliffs II" changes). minecraft-data does not say which blocks a
 * world generates, so the planner reads it here: an item is "mined" only from these blocks,
 * or from a block the bot has actually seen (./plan.ts `PlanWorld.knownBlocks`), so it never
 * sends the bot looking for a bookshelf in the wild.
 */
const WOODS = ['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak']
const FLOWERS = ['dandelion', 'poppy', 'blue_orchid', 'allium', 'azure_bluet', 'red_tulip', 'orange_tulip', 'white_tulip', 'pink_tulip', 'oxeye_daisy', 'cornflower', 'lily_of_the_valley', 'sunflower', 'lilac', 'rose_bush', 'peony']
const ORES = ['coal', 'iron', 'gold', 'redstone', 'lapis', 'diamond', 'emerald', 'copper']

const NATURAL = new Set<string>([
  // terrain
  'stone', 'granite', 'diorite', 'andesite', 'dirt', 'coarse_dirt', 'podzol', 'grass_block', 'mycelium', 'sand', 'red_sand', 'gravel',
  'clay', 'sandstone', 'red_sandstone', 'terracotta', 'ice', 'packed_ice', 'snow', 'snow_block', 'obsidian',
  ...['white', 'orange', 'yellow', 'brown', 'red', 'light_gray'].map((c) => `${c}_terracotta`),
  // 1.18+ terrain
  'deepslate', 'tuff', 'calcite', 'dripstone_block', 'pointed_dripstone', 'moss_block', 'powder_snow',
  // ores (1.18+ adds the deepslate variants and copper)
  ...ORES.flatMap((o) => [`${o}_ore`, `deepslate_${o}_ore`]),
  // trees
  ...WOODS.flatMap((w) => [`${w}_log`, `${w}_leaves`]),
  // plants
  'grass', 'short_grass', 'tall_grass', 'fern', 'large_fern', 'dead_bush', 'vine', 'lily_pad', 'sugar_cane', 'cactus', 'pumpkin', 'melon',
  'brown_mushroom', 'red_mushroom', 'bamboo', 'cocoa', 'sweet_berry_bush', 'kelp', 'kelp_plant', 'seagrass', 'tall_seagrass', ...FLOWERS,
  // common features: cobwebs (mineshafts), mossy cobblestone (dungeons)
  'cobweb', 'mossy_cobblestone',
])

export function isNaturalBlock(block: string): boolean {
  return NATURAL.has(block)
}

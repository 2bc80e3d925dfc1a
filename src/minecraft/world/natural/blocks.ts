/**
 * The blocks the natural generator places, as small integers (one byte per block in a
 * chunk buffer). The chunk builder maps them to state ids of the world's version by NAME
 * (minecraft-data); the deepslate family and copper exist only in the tall (1.18+) world.
 */
export const B = {
  air: 0,
  stone: 1,
  granite: 2,
  diorite: 3,
  andesite: 4,
  dirt: 5,
  grass_block: 6,
  sand: 7,
  gravel: 8,
  bedrock: 9,
  water: 10,
  lava: 11,
  coal_ore: 12,
  iron_ore: 13,
  gold_ore: 14,
  redstone_ore: 15,
  diamond_ore: 16,
  lapis_ore: 17,
  emerald_ore: 18,
  oak_log: 19,
  oak_leaves: 20,
  birch_log: 21,
  birch_leaves: 22,
  spruce_log: 23,
  spruce_leaves: 24,
  // plants
  grass: 25,
  fern: 26,
  sugar_cane: 27,
  pumpkin: 28,
  // the tall world (1.18+) only
  deepslate: 29,
  tuff: 30,
  copper_ore: 31,
  deepslate_coal_ore: 32,
  deepslate_iron_ore: 33,
  deepslate_copper_ore: 34,
  deepslate_gold_ore: 35,
  deepslate_redstone_ore: 36,
  deepslate_diamond_ore: 37,
  deepslate_lapis_ore: 38,
  deepslate_emerald_ore: 39,
  // flowers (./flowers.ts)
  dandelion: 40,
  poppy: 41,
  azure_bluet: 42,
  oxeye_daisy: 43,
  cornflower: 44,
  orange_tulip: 45,
  red_tulip: 46,
  pink_tulip: 47,
  white_tulip: 48,
  lily_of_the_valley: 49,
  // two-block flowers: each half is its own id (the version's `half` state, ./blocks.ts `halfOf`)
  lilac_lower: 50,
  lilac_upper: 51,
  rose_bush_lower: 52,
  rose_bush_upper: 53,
  peony_lower: 54,
  peony_upper: 55,
  // disks on the floor of the water (./disks.ts)
  clay: 56,
} as const

export type BlockName = keyof typeof B

/** Block names by their small id. */
export const NAME: readonly BlockName[] = (() => {
  const out: BlockName[] = []
  for (const [name, id] of Object.entries(B)) out[id] = name as BlockName
  return out
})()

/** Index of (x, y, z) in a chunk buffer; x, z are chunk-local. Matches a section's (y<<8 | z<<4 | x). */
export function idx(x: number, y: number, z: number): number {
  return (y << 8) | (z << 4) | x
}

export const CHUNK_VOLUME = 16 * 16 * 256

/** Stone and its variants: what ore veins and carvers may replace. */
export function isStoneLike(b: number): boolean {
  return b === B.stone || b === B.granite || b === B.diorite || b === B.andesite || b === B.deepslate || b === B.tuff
}

/** The flowers the generator places (./flowers.ts), both halves of the tall ones. */
export function isFlower(b: number): boolean {
  return b >= B.dandelion && b <= B.peony_upper
}

/**
 * A two-block plant's half: `lilac_upper` is block `lilac` with state `half=upper`. Null for a
 * block whose id is its name.
 */
export function halfOf(name: BlockName): { block: string; half: 'lower' | 'upper' } | null {
  const m = /^(.+)_(lower|upper)$/.exec(name)
  return m ? { block: m[1]!, half: m[2] as 'lower' | 'upper' } : null
}

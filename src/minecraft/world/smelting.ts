/**
 * Furnace rules. minecraft-data 1.16.5 has no smelting recipes or fuel values,
 * so both are small tables here (vanilla values): cook time 200 ticks per item;
 * fuel burn ticks coal/charcoal 1600, planks/logs 300, stick 100, ...
 */

export const COOK_TICKS = 200

const SMELT: Record<string, string> = {
  iron_ore: 'iron_ingot',
  gold_ore: 'gold_ingot',
  sand: 'glass',
  red_sand: 'glass',
  cobblestone: 'stone',
  stone: 'smooth_stone',
  clay_ball: 'brick',
  cactus: 'green_dye',
  kelp: 'dried_kelp',
  wet_sponge: 'sponge',
  beef: 'cooked_beef',
  porkchop: 'cooked_porkchop',
  chicken: 'cooked_chicken',
  mutton: 'cooked_mutton',
  rabbit: 'cooked_rabbit',
  cod: 'cooked_cod',
  salmon: 'cooked_salmon',
  potato: 'baked_potato',
}

const LOG = /^(stripped_)?(oak|birch|spruce|jungle|acacia|dark_oak)_(log|wood)$/

/** The smelting result for an input item, or null. */
export function smeltResult(input: string): string | null {
  if (LOG.test(input)) return 'charcoal'
  return SMELT[input] ?? null
}

const FUEL: Record<string, number> = {
  coal: 1600,
  charcoal: 1600,
  coal_block: 16000,
  blaze_rod: 2400,
  stick: 100,
  crafting_table: 300,
  bowl: 100,
  wooden_pickaxe: 200,
  wooden_axe: 200,
  wooden_shovel: 200,
  wooden_hoe: 200,
  wooden_sword: 200,
  dried_kelp_block: 4000,
  bamboo: 50,
}

/** Burn time in ticks for a fuel item, 0 if it is not a fuel. */
export function fuelTicks(item: string): number {
  if (FUEL[item] !== undefined) return FUEL[item]
  if (/_planks$/.test(item) || LOG.test(item) || /_(slab)$/.test(item) && /^(oak|birch|spruce|jungle|acacia|dark_oak)_/.test(item)) {
    return /_slab$/.test(item) ? 150 : 300
  }
  if (/_sapling$/.test(item)) return 100
  return 0
}

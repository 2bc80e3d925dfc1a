/**
 * Furnace knowledge shared by the world (what a furnace produces), the body
 * (what to put in) and the planner (how to get an item). minecraft-data has no
 * smelting recipes or fuel values, so both are small tables here (vanilla
 * values): cook time 200 ticks per item; fuel burn ticks coal/charcoal 1600,
 * planks/logs 300, stick 100, ... Names are bare ids; newer versions' inputs
 * (raw_iron, copper_ore) are listed after the 1.16.5 ones.
 */

export const COOK_TICKS = 200

const SMELT: Record<string, string> = {
  iron_ore: 'iron_ingot',
  gold_ore: 'gold_ingot',
  raw_iron: 'iron_ingot',
  raw_gold: 'gold_ingot',
  copper_ore: 'copper_ingot',
  raw_copper: 'copper_ingot',
  ancient_debris: 'netherite_scrap',
  sand: 'glass',
  red_sand: 'glass',
  cobblestone: 'stone',
  stone: 'smooth_stone',
  stone_bricks: 'cracked_stone_bricks',
  sandstone: 'smooth_sandstone',
  red_sandstone: 'smooth_red_sandstone',
  clay_ball: 'brick',
  clay: 'terracotta',
  netherrack: 'nether_brick',
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

const WOOD_KINDS = ['oak', 'birch', 'spruce', 'jungle', 'acacia', 'dark_oak'] as const
const LOG = /^(stripped_)?(oak|birch|spruce|jungle|acacia|dark_oak)_(log|wood)$/

/** Every input the table knows (logs aside), for error messages. */
export const SMELTABLE_INPUTS: readonly string[] = Object.keys(SMELT)

/** The smelting result for an input item, or null. */
export function smeltResult(input: string): string | null {
  if (LOG.test(input)) return 'charcoal'
  return SMELT[input] ?? null
}

/** Inputs that smelt into `output`, in the table's order (1.16.5 names first); [] if none. */
export function smeltInputs(output: string): string[] {
  if (output === 'charcoal') return WOOD_KINDS.map((w) => `${w}_log`)
  return Object.entries(SMELT)
    .filter(([, out]) => out === output)
    .map(([input]) => input)
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

/** How many items one unit of this fuel smelts (its burn time over the cook time). */
export function itemsPerFuel(item: string): number {
  return fuelTicks(item) / COOK_TICKS
}

/**
 * Fuels a bot may burn without losing something it needs (a crafting table or
 * a wooden tool burns too, but nobody wants that): coal, charcoal, coal blocks,
 * blaze rods, logs, planks and sticks.
 */
export function isExpendableFuel(item: string): boolean {
  return /^(coal|charcoal|coal_block|blaze_rod|stick)$/.test(item) || /_planks$/.test(item) || LOG.test(item)
}

/**
 * The furnace input to ask for when `output` is wanted, given what is held (counts by namespaced or
 * bare id): the input held most of, else the first 1.16.5 one; `log` (any log) for charcoal; null
 * when no furnace makes it.
 */
export function smeltInputFor(output: string, held: Readonly<Record<string, number>> = {}): string | null {
  const out = output.trim().toLowerCase().replace(/^minecraft:/, '')
  if (out === 'charcoal') return 'log'
  const inputs = smeltInputs(out)
  if (!inputs.length) return null
  const n = (i: string) => held[`minecraft:${i}`] ?? held[i] ?? 0
  return [...inputs].sort((a, b) => n(b) - n(a))[0]!
}

/**
 * Furnace knowledge shared by the world (what a furnace produces), the body
 * (what to put in) and the planner (how to get an item). minecraft-data has no
 * smelting recipes or fuel values: the recipes are the furnace table of
 * version-facts.ts (re-exported here under the furnace's words), the fuels a small
 * table here (vanilla values): cook time 200 ticks per item; fuel burn ticks
 * coal/charcoal 1600, planks/logs 300, stick 100, ... Names are bare ids.
 */
import { FURNACE_INPUTS, furnaceInputs, furnaceResult, isBurningLog, isBurningWoodItem } from './version-facts.js'

/** Every input the furnace table knows (logs aside), for error messages. */
export const SMELTABLE_INPUTS: readonly string[] = FURNACE_INPUTS
/** The smelting result for an input item of any supported version, or null. */
export const smeltResult = furnaceResult
/** Inputs that smelt into `output`, in the table's order (1.16.5 names first); [] if none. */
export const smeltInputs = furnaceInputs

export const COOK_TICKS = 200

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
  if (/_planks$/.test(item) || isBurningLog(item)) return 300
  if (isBurningWoodItem(item, 'slab')) return 150
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
  return /^(coal|charcoal|coal_block|blaze_rod|stick)$/.test(item) || /_planks$/.test(item) || isBurningLog(item)
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

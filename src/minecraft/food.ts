/**
 * Food knowledge shared by the body (what to eat), the builtin mind (when to hunt and cook) and
 * the docs: food points from minecraft-data 1.16.5, what cooks into what (../smelting.ts), which
 * animals give which meat (vanilla loot tables), and which foods are not worth eating. Pure.
 */
import { createRequire } from 'node:module'
import { smeltResult } from './smelting.js'
import { bareName } from './names.js'

const require = createRequire(import.meta.url)
const foods = (require('minecraft-data') as (v: string) => { foodsByName: Record<string, { foodPoints: number; saturation: number }> })('1.16.5').foodsByName

/** Food that hurts (poison, hunger, nausea) or teleports: never eaten by choice. */
export const HARMFUL_FOOD: ReadonlySet<string> = new Set(['rotten_flesh', 'spider_eye', 'poisonous_potato', 'pufferfish', 'suspicious_stew', 'chorus_fruit'])

/** The meat each passive animal drops (vanilla loot tables; the world's drops match them). */
export const MEAT_OF_ANIMAL: Readonly<Record<string, string>> = { cow: 'beef', pig: 'porkchop', sheep: 'mutton', chicken: 'chicken' }
export const HUNTED_ANIMALS: readonly string[] = Object.keys(MEAT_OF_ANIMAL)

/** Hunger points an item restores when eaten, 0 when it is no food. */
export function foodPoints(name: string): number {
  return foods[bareName(name)]?.foodPoints ?? 0
}

/** What a raw food cooks into in a furnace (beef → cooked_beef), or null. */
export function cookedFormOf(name: string): string | null {
  const out = smeltResult(bareName(name))
  return out && foodPoints(out) > 0 && foodPoints(bareName(name)) > 0 ? out : null
}

/** Raw food a furnace makes better (beef, porkchop, potato, …). */
export function isRawFood(name: string): boolean {
  return cookedFormOf(name) !== null
}

/** Food worth eating as it is: not harmful and not raw food that cooks into something better. */
export function isReadyFood(name: string): boolean {
  const n = bareName(name)
  return foodPoints(n) > 0 && !HARMFUL_FOOD.has(n) && !isRawFood(n)
}

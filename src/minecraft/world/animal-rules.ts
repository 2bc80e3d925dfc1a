/**
 * Vanilla 1.16 rules of passive animals' lives, pure (plugins/animal-life.ts applies them):
 * - a chicken lays an egg every 6000–12000 ticks (vanilla `Chicken.eggTime = random.nextInt(6000) + 6000`,
 *   Minecraft Wiki "Chicken": "every 5–10 minutes"), as a dropped egg item at its feet;
 * - tools wear: each use costs 1 durability, and the tool breaks when the damage reaches the item's
 *   `maxDurability` (minecraft-data; shears 238). Shearing a sheep is one use (Minecraft Wiki "Shears").
 * Sheep facts (colours, shearing, eating grass) are in ../sheep.ts, shared with the body.
 */

export const EGG_TICKS_MIN = 6000
export const EGG_TICKS_SPREAD = 6000

/** Ticks until a chicken's next egg. */
export function nextEggTicks(rng: () => number): number {
  return EGG_TICKS_MIN + Math.floor(rng() * EGG_TICKS_SPREAD)
}

/** A tool's damage after one more use, and whether that use broke it. */
export function wearTool(damage: number, maxDurability: number): { damage: number; broken: boolean } {
  const next = damage + 1
  return { damage: next, broken: next >= maxDurability }
}

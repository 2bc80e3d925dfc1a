/**
 * Simplified vanilla hunger as pure functions (the health plugin applies them).
 * Every 4 exhaustion costs 1 saturation, or 1 food once saturation is gone.
 * Every 80 ticks: food >= 18 heals 1 (costing 6 exhaustion); food 0 starves
 * 1 health, but not below STARVE_FLOOR (easy/normal difficulty behaviour).
 */

export const EXHAUSTION_PER_POINT = 4
export const REGEN_PERIOD_TICKS = 80
export const REGEN_MIN_FOOD = 18
export const REGEN_COST = 6
export const STARVE_FLOOR = 10

export const EXHAUSTION = {
  perSecondAlive: 1 / 30,
  perBlockWalked: 0.01,
  perJump: 0.05,
  perBlockBroken: 0.005,
} as const

export interface Vitals {
  health: number
  food: number
  saturation: number
  exhaustion: number
}

/** Adds exhaustion and spends it; returns true when food or saturation changed. */
export function exhaust(v: Vitals, amount: number): boolean {
  if (!(amount > 0)) return false
  v.exhaustion += amount
  let changed = false
  while (v.exhaustion >= EXHAUSTION_PER_POINT) {
    v.exhaustion -= EXHAUSTION_PER_POINT
    if (v.saturation > 0) v.saturation = Math.max(0, v.saturation - 1)
    else v.food = Math.max(0, v.food - 1)
    changed = true
  }
  return changed
}

/** What the periodic regeneration check does now. */
export function regenerate(v: Vitals): 'heal' | 'starve' | null {
  if (v.food >= REGEN_MIN_FOOD && v.health < 20) return 'heal'
  if (v.food <= 0 && v.health > STARVE_FLOOR) return 'starve'
  return null
}

/** Eating: food points and saturation (saturation never above food). */
export function eat(v: Vitals, foodPoints: number, saturation: number): void {
  v.food = Math.min(20, v.food + foodPoints)
  v.saturation = Math.min(v.food, v.saturation + saturation)
}

/**
 * Vanilla 1.16 hunger (`FoodData`, `Player.checkMovementStatistics`) as pure functions; the
 * health plugin applies them. Exhaustion comes only from effort (sprinting, swimming, jumping,
 * breaking blocks, attacking, being hurt), never from standing or walking. Every 4 exhaustion
 * cost 1 saturation, or 1 food once saturation is gone. `tickFood` is FoodData.tick: at food 20
 * with saturation, heal min(sat, 6)/6 every 10 ticks for that much exhaustion; at food ≥ 18 heal 1
 * every 80 ticks for 6 exhaustion; at food 0 lose 1 health every 80 ticks down to 10 (easy).
 */

export const EXHAUSTION_PER_POINT = 4
export const REGEN_PERIOD_TICKS = 80
export const FAST_REGEN_PERIOD_TICKS = 10
export const REGEN_MIN_FOOD = 18
export const REGEN_COST = 6
export const STARVE_FLOOR = 10

/** Exhaustion per action (world-facts.md §5). */
export const EXHAUSTION = {
  perMetreSprinted: 0.1,
  perMetreSwum: 0.01,
  perJump: 0.05,
  perSprintJump: 0.2,
  perBlockBroken: 0.005,
  perAttack: 0.1,
  perHurt: 0.1,
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

export type FoodTick = { heal: number; cost: number } | { starve: true } | null

/**
 * One tick of FoodData: advances `state.timer` and says what happens now (heal `heal` health for
 * `cost` exhaustion, or starve 1 health). `floor` is the health starvation stops at (easy: 10).
 */
export function tickFood(v: Vitals, state: { timer: number }, floor = STARVE_FLOOR): FoodTick {
  const hurt = v.health > 0 && v.health < 20
  if (v.food >= 20 && v.saturation > 0 && hurt) {
    if (++state.timer >= FAST_REGEN_PERIOD_TICKS) {
      state.timer = 0
      const f = Math.min(v.saturation, 6)
      return { heal: f / 6, cost: f }
    }
    return null
  }
  if (v.food >= REGEN_MIN_FOOD && hurt) {
    if (++state.timer >= REGEN_PERIOD_TICKS) {
      state.timer = 0
      return { heal: 1, cost: REGEN_COST }
    }
    return null
  }
  if (v.food <= 0) {
    if (++state.timer >= REGEN_PERIOD_TICKS) {
      state.timer = 0
      return v.health > floor ? { starve: true } : null
    }
    return null
  }
  state.timer = 0
  return null
}

/** Eating: food points and saturation (saturation never above food). */
export function eat(v: Vitals, foodPoints: number, saturation: number): void {
  v.food = Math.min(20, v.food + foodPoints)
  v.saturation = Math.min(v.food, v.saturation + saturation)
}

/**
 * Food the bot went out to collect (a `collect` of it within KEEP_COLLECTED_MS: an apple broken out of
 * oak leaves for a golden apple) is kept from every meal the body takes on its own (the eat reflex,
 * the mend before danger, the rest before a climb) until the food bar is nearly empty. golden_apple runs lost their one
 * apple, 190–340 s of leaves, to the eat reflex (session 35, eat-kept.test.ts) and then to the mend, which ate any food
 * up to the food level that heals (session 40, seed 6, twice).
 */
import type { Bot } from 'mineflayer'
import { bareName } from '../../names.js'

/** How long food named in a `collect` is kept from the body's own meals. */
export const KEEP_COLLECTED_MS = 20 * 60_000
/** At this food level or less the body eats raw food too (vanilla stops sprinting at 6). */
export const STARVING = 6
/**
 * At this food level or less nothing is kept. Not STARVING: at 6 a bot back from a hunt holds raw
 * meat, and ready food ranks first, so the reflex ate the apple instead of the pork (the likely end
 * of golden40's seed-6 apples). Food 0 only hurts down to 10 health on easy (world/hunger.ts).
 */
export const KEPT_UNTIL_FOOD = 2

const collectedAt = new WeakMap<Bot, Map<string, number>>()

/** The collect skill says what it went out for. */
export function noteCollecting(bot: Bot, names: readonly string[], now = Date.now()): void {
  let m = collectedAt.get(bot)
  if (!m) collectedAt.set(bot, (m = new Map()))
  for (const n of names) m.set(bareName(n), now)
}

/** Bare names a meal the body takes on its own must leave alone now (none once food is nearly gone). */
export function keptFood(bot: Bot, now = Date.now()): ReadonlySet<string> {
  if (bot.food <= KEPT_UNTIL_FOOD) return new Set()
  const m = collectedAt.get(bot)
  return new Set([...(m ?? [])].filter(([, at]) => now - at < KEEP_COLLECTED_MS).map(([name]) => name))
}

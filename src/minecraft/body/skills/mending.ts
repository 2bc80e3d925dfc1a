/**
 * Mending: eat up to the food level at which health comes back (vanilla `FoodData`: food ≥ 18;
 * src/minecraft/world/hunger.ts; never the food kept for the goal, kept-food.ts), then wait while it does, until health is `to`, a hit, or `maxMs`.
 * The mend reflex runs it between skills; the surface skill before a climb out of a cave (a bot that
 * fell in at a few hearts died on the way up to the first monster).
 */
import type { Bot } from 'mineflayer'
import type { Registry } from '../items.js'
import { bestFood, eatFood } from './eat.js'
import { keptFood } from './kept-food.js'

/** Food at which health comes back (vanilla `FoodData.tick`). */
export const REGEN_FOOD = 18
/** At this health or less the bot mends before going into danger (a fight, a dig, a climb)… */
export const MEND_BELOW = 10
/** …up to this health… */
export const MEND_TO = 16
/** …waiting at most this long. */
export const MEND_MAX_MS = 40_000

export type MendEnd = 'mended' | 'hit' | 'not healing' | 'out of time' | 'dead' | 'aborted'

/** Resolves true when health drops (a hit, read from the health itself), false after `ms`. */
function hitWithin(bot: Bot, ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let last = bot.health
    const end = (hit: boolean) => {
      clearTimeout(timer)
      bot.removeListener('health', onHealth)
      resolve(hit)
    }
    const onHealth = () => {
      if (bot.health < last) end(true)
      last = bot.health
    }
    const timer = setTimeout(() => end(false), ms)
    bot.on('health', onHealth)
  })
}

async function eatUp(bot: Bot, registry: Registry, onError: (err: unknown) => void): Promise<void> {
  try {
    for (let meals = 0; meals < 4 && bot.food < REGEN_FOOD; meals++) {
      const food = bestFood(bot, registry, { allowRaw: true, except: keptFood(bot) })
      if (!food) return
      await eatFood(bot, food)
    }
  } catch (err) {
    onError(err)
  }
}

/**
 * Mends up to health `to` within `maxMs`: eats when it has food, waits while health comes back.
 * `onHealing` is called once, when the wait starts. Never throws; says how it ended (`signal`
 * ends it within a second).
 */
export async function mendUntil(
  bot: Bot,
  registry: Registry,
  opts: { to: number; maxMs: number; signal?: AbortSignal; onHealing?: () => void; onEatError?: (err: unknown) => void },
): Promise<MendEnd> {
  const until = Date.now() + opts.maxMs
  let said = false
  while (bot.entity && bot.health > 0 && bot.health < opts.to) {
    if (opts.signal?.aborted) return 'aborted'
    if (Date.now() >= until) return 'out of time'
    await eatUp(bot, registry, opts.onEatError ?? (() => {}))
    if (bot.food < REGEN_FOOD) return 'not healing'
    if (!said) opts.onHealing?.()
    said = true
    if (await hitWithin(bot, Math.min(1000, Math.max(0, until - Date.now())))) return 'hit'
  }
  return bot.health > 0 ? 'mended' : 'dead'
}

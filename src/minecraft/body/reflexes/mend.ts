/**
 * Mend before danger: between two skills, when the next one goes where monsters are (gathering,
 * mining, a strip mine, exploring, a hunt) and health is at most MEND_BELOW, the bot first eats up
 * to the food level at which health comes back (vanilla `FoodData`: food ≥ 18, or saturation left
 * at 20; src/minecraft/world/hunger.ts) and then waits until health is MEND_TO, at most MEND_MAX_MS.
 * A hit ends the wait at once (strike-back takes over), and a reflex's hold (a fight, a flight
 * from a creeper) is never held up. A player does the same: the diamond runs
 * died again and again going on at a few hearts into the next fight.
 */
import type { Bot } from 'mineflayer'
import { bestFood, eatFood } from '../skills/eat.js'
import type { SkillCall } from '../types.js'
import type { Reflex } from './types.js'

export const MEND_BELOW = 10
export const MEND_TO = 16
export const MEND_MAX_MS = 40_000
/** Food at which health comes back (vanilla `FoodData.tick`). */
export const REGEN_FOOD = 18
/** Skills that go where monsters are. */
const INTO_DANGER = new Set<SkillCall['skill']>(['collect', 'mine', 'stripMine', 'explore', 'hunt', 'moveTo', 'moveToXZ'])

/** True when health comes back by itself at this food level (saturation at full food heals too). */
function healing(bot: Bot): boolean {
  return bot.food >= REGEN_FOOD
}

export const mendReflex: Reflex = {
  name: 'mend',
  start(host) {
    const { bot } = host
    const eatUp = async () => {
      for (let meals = 0; meals < 4 && bot.food < REGEN_FOOD; meals++) {
        const food = bestFood(bot, host.registry, { allowRaw: true })
        if (!food) return
        await eatFood(bot, food)
      }
    }
    /**
     * Resolves true when health drops (a hit: read from the health itself, as the body's hurt event
     * comes later, after its cause is known), false after `ms`.
     */
    const hitWithin = (ms: number) =>
      new Promise<boolean>((resolve) => {
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
    const hook = async (next: SkillCall, held: boolean) => {
      // a reflex's hold is a fight or a flight: never held up
      if (held || !bot.entity || bot.health > MEND_BELOW || bot.health <= 0 || !INTO_DANGER.has(next.skill)) return
      const from = bot.health
      const until = Date.now() + MEND_MAX_MS
      let said = false
      while (bot.entity && bot.health > 0 && bot.health < MEND_TO && Date.now() < until) {
        try {
          await eatUp()
        } catch (err) {
          host.log.debug('mend: could not eat', { err: err instanceof Error ? err.message : String(err) })
        }
        if (!healing(bot)) break
        if (!said) host.log.info('mending before going on', { health: from, food: bot.food, next: next.skill })
        said = true
        if (await hitWithin(Math.min(1000, Math.max(0, until - Date.now())))) break
      }
    }
    return host.slot.addGapHook(hook, MEND_MAX_MS + 25_000)
  },
}

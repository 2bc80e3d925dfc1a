/**
 * Mend before danger: between two skills, when the next one goes where monsters are (gathering,
 * mining, a strip mine, exploring, a hunt) and health is at most MEND_BELOW, the bot first eats up
 * to the food level at which health comes back (vanilla `FoodData`: food ≥ 18, or saturation left
 * at 20; src/minecraft/world/hunger.ts) and then waits until health is MEND_TO, at most MEND_MAX_MS.
 * A hit ends the wait at once (strike-back takes over), and a reflex's hold (a fight, a flight
 * from a creeper) is never held up. A player does the same: the diamond runs
 * died again and again going on at a few hearts into the next fight.
 */
import { MEND_BELOW, MEND_MAX_MS, MEND_TO, mendUntil } from '../skills/mending.js'
import type { SkillCall } from '../types.js'
import type { Reflex } from './types.js'

export { MEND_BELOW, MEND_MAX_MS, MEND_TO }
/** Skills that go where monsters are. */
const INTO_DANGER = new Set<SkillCall['skill']>(['collect', 'mine', 'stripMine', 'explore', 'hunt', 'moveTo', 'moveToXZ'])

export const mendReflex: Reflex = {
  name: 'mend',
  start(host) {
    const { bot } = host
    const hook = async (next: SkillCall, held: boolean) => {
      // a reflex's hold is a fight or a flight: never held up
      if (held || !bot.entity || bot.health > MEND_BELOW || bot.health <= 0 || !INTO_DANGER.has(next.skill)) return
      const from = bot.health
      await mendUntil(bot, host.registry, {
        to: MEND_TO,
        maxMs: MEND_MAX_MS,
        onHealing: () => host.log.info('mending before going on', { health: from, food: bot.food, next: next.skill }),
        onEatError: (err) => host.log.debug('mend: could not eat', { err: err instanceof Error ? err.message : String(err) }),
      })
    }
    return host.slot.addGapHook(hook, MEND_MAX_MS + 25_000)
  },
}

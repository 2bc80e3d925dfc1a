/** Eat when hungry: food ≤ 14 while idle, or ≤ 6 at any time (short interruption of the held item). */
import { bestFood } from '../skills/eat.js'
import type { Reflex } from './types.js'

export const HUNGRY = 14
export const STARVING = 6

export const eatReflex: Reflex = {
  name: 'eat',
  start(host) {
    const { bot } = host
    let eating = false
    const tick = async () => {
      if (eating || !bot.entity || bot.food > HUNGRY) return
      const busy = !!host.slot.current()
      if (busy && bot.food > STARVING) return
      const food = bestFood(bot, host.registry)
      if (!food) return
      eating = true
      try {
        await bot.equip(food, 'hand')
        await Promise.race([bot.consume(), new Promise((_, rej) => setTimeout(() => rej(new Error('eating timed out')), 5000).unref())])
        host.log.debug('reflex ate', { food: food.name, now: bot.food })
      } catch (err) {
        host.log.debug('eat reflex failed', { err: err instanceof Error ? err.message : String(err) })
      } finally {
        eating = false
      }
    }
    const t = setInterval(() => void tick(), 2000)
    return () => clearInterval(t)
  },
}

/**
 * Eat when hungry, from what is carried: food ≤ 14 while idle (or sheltering, or between two
 * skills), or ≤ 6 at any time (a short interruption of the held item). Ready food first; raw meat
 * and potatoes only when starving (≤ 6): above that they are kept for the furnace, where they are
 * worth two to three times as much. Food the bot went out to collect is kept until food 2, raw meat
 * eaten before it (../skills/kept-food.ts).
 * Getting food (hunting, cooking) is the mind's business.
 */
import type { Bot } from 'mineflayer'
import { bestFood, eatFood } from '../skills/eat.js'
import type { Registry } from '../items.js'
import type { Reflex } from './types.js'
import type { SkillCall } from '../types.js'
import { keptFood, STARVING } from '../skills/kept-food.js'

export const HUNGRY = 14
/** Skills that leave the bot standing still: eating then is no interruption. */
const RESTING = new Set(['shelter', 'wait'])

export const eatReflex: Reflex = {
  name: 'eat',
  start(host) {
    const { bot } = host
    let eating: Promise<void> | null = null
    const eatNow = (why: string): Promise<void> => {
      if (eating) return eating // a skill about to start waits for the meal in progress
      if (!bot.entity || bot.food > HUNGRY) return Promise.resolve()
      const food = pick(bot, host.registry)
      if (!food) return Promise.resolve()
      eating = meal(food, why)
      return eating
    }
    const meal = async (food: NonNullable<ReturnType<typeof pick>>, why: string) => {
      try {
        await eatFood(bot, food)
        host.log.debug('reflex ate', { food: food.name, now: bot.food, why })
      } catch (err) {
        host.log.debug('eat reflex failed', { err: err instanceof Error ? err.message : String(err) })
      } finally {
        eating = null
      }
    }
    const tick = () => {
      if (!bot.entity || bot.food > HUNGRY) return
      const cur = host.slot.current()
      const busy = !!cur && !RESTING.has(cur.call.skill)
      if (busy && bot.food > STARVING) return
      void eatNow(busy ? 'starving' : 'idle')
    }
    const t = setInterval(tick, 2000)
    // between two skills: the next one starts after the meal
    // not before an eat skill: it eats what it was asked to (two meals at once time out)
    const removeHook = host.slot.addGapHook((next) => (next.skill === 'eat' ? Promise.resolve() : eatNow('between skills')))
    return () => {
      clearInterval(t)
      removeHook()
    }
  },
}

function pick(bot: Bot, registry: Registry) {
  return bestFood(bot, registry, { allowRaw: bot.food <= STARVING, except: keptFood(bot) })
}

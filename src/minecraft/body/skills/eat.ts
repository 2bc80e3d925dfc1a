/** eat: the named food or the best non-harmful food carried. Also used by the eat reflex. */
import type { Bot } from 'mineflayer'
import type { SkillCall } from '../types.js'
import { resolveItemNames, type Registry } from '../items.js'
import { namespaced } from '../../names.js'
import { SkillAborted, abortable, errorMessage, ok, fail, type SkillDef } from './context.js'

export const HARMFUL_FOOD = new Set(['rotten_flesh', 'spider_eye', 'poisonous_potato', 'pufferfish', 'suspicious_stew', 'chorus_fruit'])

/** The best food in the inventory by food points, or null. */
export function bestFood(bot: Bot, registry: Registry, only?: string[]) {
  const foods = (registry as unknown as { foodsByName: Record<string, { foodPoints: number; saturation: number }> }).foodsByName
  return (
    bot.inventory
      .items()
      .filter((i) => foods[i.name] && (only ? only.includes(i.name) : !HARMFUL_FOOD.has(i.name)))
      .sort((a, b) => foods[b.name]!.foodPoints - foods[a.name]!.foodPoints)[0] ?? null
  )
}

export const eat: SkillDef<Extract<SkillCall, { skill: 'eat' }>> = {
  name: 'eat',
  timeoutMs: 10_000,
  watchdog: false,
  async run(ctx, c) {
    const { bot, registry } = ctx
    let only: string[] | undefined
    if (c.item) {
      const r = resolveItemNames(registry, c.item)
      if (!r.ok) return fail(r.reason)
      only = r.value
    }
    if (bot.food >= 20) return fail(`not hungry (food ${bot.food}/20)`)
    const food = bestFood(bot, registry, only)
    if (!food) return fail(c.item ? `no ${namespaced(c.item)} in inventory (or it is not food)` : 'no food in inventory')
    const before = bot.food
    try {
      await abortable(bot.equip(food, 'hand'), ctx.signal)
      await abortable(bot.consume(), ctx.signal)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      return fail(`eating ${namespaced(food.name)} failed: ${errorMessage(err)}`)
    }
    return ok(`ate ${namespaced(food.name)} (food ${before} → ${bot.food})`)
  },
}

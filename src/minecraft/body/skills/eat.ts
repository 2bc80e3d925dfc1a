/** eat: the named food or the best food carried (cooked before raw). Also used by the eat and mend reflexes. */
import type { Bot } from 'mineflayer'
import type { SkillCall } from '../types.js'
import { resolveItemNames, type Registry } from '../items.js'
import { namespaced } from '../../names.js'
import { HARMFUL_FOOD, isReadyFood } from '../../food.js'
import { SkillAborted, abortable, errorMessage, ok, fail, type SkillDef } from './context.js'

export { HARMFUL_FOOD }

export interface FoodChoice {
  /** Only these items (an explicit request: harmful food allowed). */
  only?: string[]
  /** Raw meat and potatoes too (default true); the reflex keeps them for the furnace unless starving. */
  allowRaw?: boolean
  /** Items not to eat (bare names): the reflex's food the bot went out to collect. */
  except?: ReadonlySet<string>
}

/** The best food in the inventory: ready food by food points, then raw food; null if none. */
export function bestFood(bot: Bot, registry: Registry, choice: FoodChoice = {}) {
  const foods = (registry as unknown as { foodsByName: Record<string, { foodPoints: number; saturation: number }> }).foodsByName
  const allowRaw = choice.allowRaw ?? true
  const rank = (name: string) => (isReadyFood(name) || choice.only ? 1000 : 0) + foods[name]!.foodPoints
  return (
    bot.inventory
      .items()
      .filter((i) => foods[i.name] && !choice.except?.has(i.name) && (choice.only ? choice.only.includes(i.name) : !HARMFUL_FOOD.has(i.name) && (allowRaw || isReadyFood(i.name))))
      .sort((a, b) => rank(b.name) - rank(a.name))[0] ?? null
  )
}

/** How long a reflex's meal may take before it is given up (a meal the server never confirms). */
export const MEAL_LIMIT_MS = 5000

/** Takes `food` in hand and eats it; rejects when the meal is not over within `limitMs`. */
export async function eatFood(bot: Bot, food: NonNullable<ReturnType<typeof bestFood>>, limitMs = MEAL_LIMIT_MS): Promise<void> {
  await bot.equip(food, 'hand')
  await consumeHeld(bot, limitMs)
}

/** How long the eat skill waits for the server to confirm a meal. */
const SKILL_MEAL_LIMIT_MS = 8000

/**
 * Eats the held item and resolves when the server confirms the meal (entity_status 9, what
 * mineflayer's `bot.consume()` waits for). mineflayer gives up after a fixed 2.5 s, but a meal takes
 * 32 server ticks: a server slowed by load confirms it later (a CI run: "eating minecraft:bread
 * failed: Promise timed out." on a loaded machine). So that timeout is not taken as a failure;
 * the confirmation is awaited up to `limitMs`.
 */
export function consumeHeld(bot: Bot, limitMs: number): Promise<void> {
  const client = bot._client as unknown as NodeJS.EventEmitter
  return new Promise<void>((resolve, reject) => {
    let settled = false
    const settle = (err?: Error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      client.off('entity_status', onStatus)
      if (err) reject(err)
      else resolve()
    }
    const onStatus = (p: { entityId?: number; entityStatus?: number }) => {
      if (p.entityStatus === 9 && p.entityId === bot.entity?.id) settle()
    }
    const timer = setTimeout(() => settle(new Error(`the server did not confirm the meal within ${Math.round(limitMs / 1000)} s`)), limitMs)
    timer.unref()
    client.on('entity_status', onStatus)
    bot.consume().then(
      () => settle(),
      (err: unknown) => {
        // mineflayer's own fixed timeout: the meal may still be confirmed; anything else is a real failure
        if (!/timed out/i.test(errorMessage(err))) settle(err instanceof Error ? err : new Error(errorMessage(err)))
      },
    )
  })
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
    const food = bestFood(bot, registry, only ? { only } : {})
    if (!food) return fail(c.item ? `no ${namespaced(c.item)} in inventory (or it is not food)` : 'no food in inventory')
    const before = bot.food
    try {
      await abortable(bot.equip(food, 'hand'), ctx.signal)
      await abortable(consumeHeld(bot, SKILL_MEAL_LIMIT_MS), ctx.signal)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      return fail(`eating ${namespaced(food.name)} failed: ${errorMessage(err)}`)
    }
    return ok(`ate ${namespaced(food.name)} (food ${before} → ${bot.food})`)
  },
}

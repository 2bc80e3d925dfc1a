/** equip an item to the hand, off-hand or an armour slot. */
import type { SkillCall } from '../types.js'
import { resolveItemNames } from '../items.js'
import { namespaced } from '../../names.js'
import { SkillAborted, abortable, errorMessage, ok, fail, type SkillDef } from './context.js'

export const equip: SkillDef<Extract<SkillCall, { skill: 'equip' }>> = {
  name: 'equip',
  timeoutMs: 10_000,
  async run(ctx, c) {
    const names = resolveItemNames(ctx.registry, c.item)
    if (!names.ok) return fail(names.reason)
    const item = ctx.bot.inventory.items().find((i) => names.value.includes(i.name))
    if (!item) return fail(`no ${namespaced(c.item)} in inventory`)
    const dest = c.destination ?? 'hand'
    try {
      await abortable(ctx.bot.equip(item, dest), ctx.signal)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      return fail(`cannot equip ${namespaced(item.name)} to ${dest}: ${errorMessage(err)}`)
    }
    return ok(`equipped ${namespaced(item.name)} to ${dest}`)
  },
}

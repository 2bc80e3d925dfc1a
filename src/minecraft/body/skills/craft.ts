/** craft [{item_name, count}] → CraftResult with craft_success / craft_failed, like LynxMind's ACTION_CRAFTING. */
import type { CraftResult, ItemCount, SkillCall } from '../types.js'
import { resolveItemNames } from '../items.js'
import { bareName, isTag, namespaced } from '../../names.js'
import { checkAborted, type SkillContext, type SkillDef } from './context.js'
import { craftItem, missingFor } from './crafting.js'

type Craft = Extract<SkillCall, { skill: 'craft' }>

/** For a tag (`planks`) pick the member we can make with the least missing. */
function pickMember(ctx: SkillContext, name: string): string | null {
  const r = resolveItemNames(ctx.registry, name)
  if (!r.ok) return null
  if (!isTag(name) || r.value.length === 1) return r.value[0]!
  let best: { name: string; lack: number } | null = null
  for (const m of r.value) {
    const id = ctx.registry.itemsByName[m]!.id
    for (const rec of [...ctx.bot.recipesAll(id, null, null), ...ctx.bot.recipesAll(id, null, true)]) {
      const lack = missingFor(ctx, rec, 1).reduce((n, x) => n + x.count, 0)
      if (!best || lack < best.lack) best = { name: m, lack }
    }
  }
  return best?.name ?? r.value[0]!
}

export const craft: SkillDef<Craft> = {
  name: 'craft',
  timeoutMs: 120_000,
  timeoutFor: (c) => 60_000 + 30_000 * c.items.length,
  async run(ctx, c): Promise<CraftResult> {
    const success: ItemCount[] = []
    const failed: ItemCount[] = []
    const reasons: string[] = []
    const todo = c.items.map((i) => ({ item_name: namespaced(i.item_name), count: i.count }))
    const publish = () => ctx.setTask({ type: 'BSTATUS_CRAFTING', to_crafting: todo, craft_failed: [...failed], craft_success: [...success] })
    publish()
    for (const want of c.items) {
      checkAborted(ctx.signal)
      const name = pickMember(ctx, want.item_name)
      if (!name) {
        failed.push({ item_name: namespaced(want.item_name), count: want.count })
        reasons.push(`unknown item ${namespaced(bareName(want.item_name))}`)
        publish()
        continue
      }
      const out = await craftItem(ctx, name, want.count)
      if (out.crafted > 0) success.push({ item_name: namespaced(name), count: out.crafted })
      if (out.crafted < want.count) {
        failed.push({ item_name: namespaced(name), count: want.count - out.crafted })
        reasons.push(out.reason)
      }
      publish()
    }
    const ok = failed.length === 0
    const reason = ok ? `crafted ${success.map((s) => `${s.count} ${s.item_name}`).join(', ')}` : reasons.join('; ')
    return { ok, reason, craft_success: success, craft_failed: failed }
  },
}

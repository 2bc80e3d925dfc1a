/** craft [{name, count}] → CraftResult with `crafted` / `notCrafted` (a link renders them in its own protocol). */
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
    const todo = c.items.map((i) => ({ name: namespaced(i.name), count: i.count }))
    const publish = () => ctx.setActivity({ kind: 'crafting', wanted: todo, crafted: [...success], failed: [...failed] })
    publish()
    for (const want of c.items) {
      checkAborted(ctx.signal)
      const name = pickMember(ctx, want.name)
      if (!name) {
        failed.push({ name: namespaced(want.name), count: want.count })
        reasons.push(`unknown item ${namespaced(bareName(want.name))}`)
        publish()
        continue
      }
      const out = await craftItem(ctx, name, want.count)
      if (out.crafted > 0) success.push({ name: namespaced(name), count: out.crafted })
      if (out.crafted < want.count) {
        failed.push({ name: namespaced(name), count: want.count - out.crafted })
        reasons.push(out.reason)
      }
      publish()
    }
    const ok = failed.length === 0
    const reason = ok ? `crafted ${success.map((s) => `${s.count} ${s.name}`).join(', ')}` : reasons.join('; ')
    return { ok, reason, crafted: success, notCrafted: failed }
  },
}

/** chest: walk to a chest, put items in, take items out (mineflayer's container window). */
import { openWithin } from '../stray-window.js'
import { Vec3 } from 'vec3'
import type { SkillCall } from '../types.js'
import { resolveItemNames } from '../items.js'
import { bareName, namespaced } from '../../names.js'
import { SkillAborted, SkillError, abortable, errorMessage, ok, type SkillContext, type SkillDef } from './context.js'
import { fmtPos, goTo, goals } from './nav.js'

type Chest = Extract<SkillCall, { skill: 'chest' }>

function itemIds(ctx: SkillContext, name: string): number[] {
  const r = resolveItemNames(ctx.registry, bareName(name))
  if (!r.ok) throw new SkillError(r.reason)
  return r.value.map((n) => ctx.registry.itemsByName[n]?.id).filter((id): id is number => id !== undefined)
}

export const chest: SkillDef<Chest> = {
  name: 'chest',
  timeoutMs: 60_000,
  async run(ctx, c) {
    const { bot, signal } = ctx
    const pos = new Vec3(Math.floor(c.x), Math.floor(c.y), Math.floor(c.z))
    const block = bot.blockAt(pos)
    if (!block || block.name !== 'chest') return { ok: false, reason: `no chest at ${fmtPos(pos.x, pos.y, pos.z)}${block ? ` (found ${namespaced(block.name)})` : ''}` }
    await goTo(ctx, new goals.GoalGetToBlock(pos.x, pos.y, pos.z), `the chest at ${fmtPos(pos.x, pos.y, pos.z)}`)
    const win = await openWithin(bot.openContainer(block), signal).catch((err: unknown) => {
      if (err instanceof SkillAborted) throw err
      throw new SkillError(`cannot open the chest: ${errorMessage(err)}`)
    })
    const deposited: Array<{ name: string; count: number }> = []
    const withdrawn: Array<{ name: string; count: number }> = []
    try {
      for (const want of c.deposit ?? []) {
        const ids = itemIds(ctx, want.name)
        let left = want.count
        for (const id of ids) {
          const have = bot.inventory.count(id, null)
          const n = Math.min(left, have)
          if (n <= 0) continue
          await abortable(win.deposit(id, null, n), signal)
          deposited.push({ name: namespaced(ctx.registry.items[id]!.name), count: n })
          left -= n
          if (left === 0) break
        }
        if (left > 0) throw new SkillError(`missing ${left} ${namespaced(want.name)} to put in the chest`, { deposited })
      }
      for (const want of c.withdraw ?? []) {
        const ids = itemIds(ctx, want.name)
        let left = want.count
        for (const id of ids) {
          const inChest = win.containerItems().filter((i) => i.type === id).reduce((a, i) => a + i.count, 0)
          const n = Math.min(left, inChest)
          if (n <= 0) continue
          await abortable(win.withdraw(id, null, n), signal)
          withdrawn.push({ name: namespaced(ctx.registry.items[id]!.name), count: n })
          left -= n
          if (left === 0) break
        }
        if (left > 0) throw new SkillError(`the chest has ${want.count - left} of the ${want.count} ${namespaced(want.name)} asked for`, { deposited, withdrawn })
      }
      const contents = win.containerItems().map((i) => ({ name: namespaced(i.name), count: i.count }))
      return ok(`chest at ${fmtPos(pos.x, pos.y, pos.z)}: put in ${deposited.length ? deposited.map((d) => `${d.count} ${d.name}`).join(', ') : 'nothing'}, took ${withdrawn.length ? withdrawn.map((d) => `${d.count} ${d.name}`).join(', ') : 'nothing'}`, { deposited, withdrawn, contents })
    } finally {
      try {
        win.close()
      } catch {
        /* already closed */
      }
    }
  },
}

/** place an item as a block at x,y,z. */
import type { SkillCall } from '../types.js'
import { bareName, namespaced } from '../../names.js'
import { ok, type SkillDef } from './context.js'
import { placeAt } from './placing.js'
import { vec } from './nav.js'

export const place: SkillDef<Extract<SkillCall, { skill: 'place' }>> = {
  name: 'place',
  timeoutMs: 60_000,
  async run(ctx, c) {
    const name = bareName(c.item)
    if (!ctx.registry.blocksByName[name]) return { ok: false, reason: `${namespaced(name)} is not a placeable block` }
    const pos = vec(Math.floor(c.x), Math.floor(c.y), Math.floor(c.z))
    await placeAt(ctx, name, pos)
    return ok(`placed ${namespaced(name)} at (${pos.x}, ${pos.y}, ${pos.z})`)
  },
}

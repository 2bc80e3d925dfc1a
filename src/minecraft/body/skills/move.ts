/** moveTo (x,y,z) and moveToXZ: pathfinder legs toward far goals, stuck detection, clear reasons. */
import type { SkillCall } from '../types.js'
import { ok, type SkillDef } from './context.js'
import { fmtPos, goals, travel } from './nav.js'

type MoveTo = Extract<SkillCall, { skill: 'moveTo' }>
type MoveToXZ = Extract<SkillCall, { skill: 'moveToXZ' }>

export const moveTo: SkillDef<MoveTo> = {
  name: 'moveTo',
  timeoutMs: 180_000,
  async run(ctx, c) {
    const range = c.range ?? 1
    ctx.setTask({ type: 'BSTATUS_PATHING_TO_GOAL', x: Math.floor(c.x), y: Math.floor(c.y), z: Math.floor(c.z) })
    const where = fmtPos(c.x, c.y, c.z)
    const final = range <= 0 ? new goals.GoalBlock(Math.floor(c.x), Math.floor(c.y), Math.floor(c.z)) : new goals.GoalNear(c.x, c.y, c.z, range)
    await travel(ctx, c.x, c.z, final, where)
    const p = ctx.bot.entity.position
    return ok(`arrived at ${where}`, { position: { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) } })
  },
}

export const moveToXZ: SkillDef<MoveToXZ> = {
  name: 'moveToXZ',
  timeoutMs: 180_000,
  async run(ctx, c) {
    ctx.setTask({ type: 'BSTATUS_PATHING_TO_XZ', x: Math.floor(c.x), z: Math.floor(c.z) })
    const where = fmtPos(c.x, undefined, c.z)
    await travel(ctx, c.x, c.z, new goals.GoalNearXZ(c.x, c.z, 1), where)
    const p = ctx.bot.entity.position
    return ok(`arrived at ${where}`, { position: { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) } })
  },
}

/** moveTo (x,y,z) and moveToXZ: pathfinder legs toward far goals, stuck detection, clear reasons. */
import type { SkillCall } from '../types.js'
import { ARRIVAL_RANGE, arrivedAt, distanceTo, type Target } from '../arrival.js'
import { fail, ok, type SkillContext, type SkillDef } from './context.js'
import { fmtPos, goals, travel } from './nav.js'

type MoveTo = Extract<SkillCall, { skill: 'moveTo' }>
type MoveToXZ = Extract<SkillCall, { skill: 'moveToXZ' }>

export const moveTo: SkillDef<MoveTo> = {
  name: 'moveTo',
  timeoutMs: 180_000,
  async run(ctx, c) {
    const range = c.range ?? 1
    ctx.setActivity({ kind: 'moving', x: Math.floor(c.x), y: Math.floor(c.y), z: Math.floor(c.z) })
    const where = fmtPos(c.x, c.y, c.z)
    const final = range <= 0 ? new goals.GoalBlock(Math.floor(c.x), Math.floor(c.y), Math.floor(c.z)) : new goals.GoalNear(c.x, c.y, c.z, range)
    await travel(ctx, c.x, c.z, final, where)
    return arrival(ctx, { x: c.x, y: c.y, z: c.z }, where, Math.max(range, 0) + 1)
  },
}

export const moveToXZ: SkillDef<MoveToXZ> = {
  name: 'moveToXZ',
  timeoutMs: 180_000,
  async run(ctx, c) {
    ctx.setActivity({ kind: 'moving', x: Math.floor(c.x), z: Math.floor(c.z) })
    const where = fmtPos(c.x, undefined, c.z)
    await travel(ctx, c.x, c.z, new goals.GoalNearXZ(c.x, c.z, 1), where)
    return arrival(ctx, { x: c.x, z: c.z }, where)
  },
}

/** Success only when the feet really are there (pathfinder may end a goal early). */
function arrival(ctx: SkillContext, target: Target, where: string, range?: number) {
  const p = ctx.bot.entity.position
  const position = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) }
  const r = Math.max(range ?? ARRIVAL_RANGE, ARRIVAL_RANGE)
  if (arrivedAt(p, target, r)) return ok(`arrived at ${where}`, { position })
  return fail(`stopped ${distanceTo(p, target).toFixed(1)} blocks from ${where}`, { position })
}

/**
 * Did a task succeed? When the mind ends a task with `EVENT_AI_STOP` it only
 * gives a reason; the link checks the world itself when the task text is one
 * the planner understands (inventory for get/collect/craft, position for goto)
 * and otherwise reads the reason.
 */
import type { StatusSnapshot } from '../body/types.js'
import { parseGoal } from '../planner/goal.js'
import { countByKey, planKey } from '../names.js'

const FAILURE_WORDS = /\b(fail|failed|failure|cannot|can't|unable|impossible|give up|gave up|error|timed? ?out|not possible)\b|失败|无法|放弃/i

export interface JudgeInput {
  task: string
  /** Inventory counts when the task started. */
  baseline: Record<string, number>
  inventory: Record<string, number>
  status: StatusSnapshot
  reason: string
}

export function judgeTask(j: JudgeInput): { ok: boolean; why: string } {
  const g = parseGoal(j.task)
  if (!g.ok) {
    const ok = !FAILURE_WORDS.test(j.reason)
    return { ok, why: ok ? 'the mind reported the task done' : 'the mind reported a failure' }
  }
  const goal = g.goal
  if (goal.kind === 'goto') {
    const dx = j.status.posX - goal.x
    const dz = j.status.posZ - goal.z
    const dy = goal.y === undefined ? 0 : j.status.posY - goal.y
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz)
    return d <= 3 ? { ok: true, why: `reached ${goal.x} ${goal.y ?? ''} ${goal.z}`.replace('  ', ' ') } : { ok: false, why: `${d.toFixed(1)} blocks from the goal` }
  }
  const key = planKey(goal.item)
  const have = countByKey(j.inventory).get(key) ?? 0
  const before = countByKey(j.baseline).get(key) ?? 0
  const got = goal.kind === 'get' ? have : have - before
  return got >= goal.count
    ? { ok: true, why: `${goal.kind === 'get' ? 'holding' : 'gained'} ${got} ${key}` }
    : { ok: false, why: `${goal.kind === 'get' ? 'holding' : 'gained'} only ${got} of ${goal.count} ${key}` }
}

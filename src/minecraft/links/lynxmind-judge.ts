/**
 * Did a task succeed? When the mind ends a task with `EVENT_AI_STOP` it only
 * gives a reason; the verdict comes from the world, never from the reason's words:
 * inventory for get/collect/craft, position for goto. A task the planner cannot
 * measure on the world ("say hello", "build a house") is `unverified`, whatever
 * the mind says; one no world can satisfy (an unknown item) is a failure.
 */
import type { BodyStatus } from '../body/types.js'
import { arrivedAt, distanceTo } from '../body/arrival.js'
import { parseGoal } from '../planner/goal.js'
import { countByKey, planKey } from '../names.js'

export interface JudgeInput {
  task: string
  /** Inventory counts when the task started. */
  baseline: Record<string, number>
  inventory: Record<string, number>
  status: BodyStatus
  reason: string
}

export type Verdict = { verdict: 'success' | 'failure' | 'unverified'; why: string }

export function judgeTask(j: JudgeInput): Verdict {
  const g = parseGoal(j.task)
  if (!g.ok) {
    return g.impossible
      ? { verdict: 'failure', why: g.reason }
      : { verdict: 'unverified', why: 'nothing in the world measures this task; the mind ended it' }
  }
  const goal = g.goal
  if (goal.kind === 'goto') {
    const target = { x: goal.x, ...(goal.y === undefined ? {} : { y: goal.y }), z: goal.z }
    const d = distanceTo(j.status.position, target)
    return arrivedAt(j.status.position, target)
      ? { verdict: 'success', why: `reached ${goal.x} ${goal.y ?? ''} ${goal.z}`.replace('  ', ' ') }
      : { verdict: 'failure', why: `${d.toFixed(1)} blocks from the goal` }
  }
  const key = planKey(goal.item)
  const have = countByKey(j.inventory).get(key) ?? 0
  const before = countByKey(j.baseline).get(key) ?? 0
  const got = goal.kind === 'get' ? have : have - before
  return got >= goal.count
    ? { verdict: 'success', why: `${goal.kind === 'get' ? 'holding' : 'gained'} ${got} ${key}` }
    : { verdict: 'failure', why: `${goal.kind === 'get' ? 'holding' : 'gained'} only ${got} of ${goal.count} ${key}` }
}

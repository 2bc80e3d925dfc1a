/**
 * The surface's part of a plan before its deep part. A plan lists its steps in the order its
 * recipes need them, so the logs for a smelt's fuel (or for sticks) can come after the ore: the
 * bot went down for iron, came back up the stairs for one log, and went down again (1.20.4
 * lava_bucket runs: 90–160 s of the 600 each, docs/benchmarks.md session 36). A player fetches
 * the wood before going down; so does the executor, when the deep collect has not begun yet.
 * And it takes SPARE_LOGS more than the plan counts when the plan makes its first crafting table
 * and then goes down: the stone for the furnace is often dug in a pit the table cannot be reached
 * from, and a log is a new table on the spot (1.20.4 lava_bucket runs, session 37: 50 s walking at
 * a table it could not reach, then 70–160 s climbing out for a log); the sword the executor makes
 * before going down (./arming.ts, outside the plan) takes 2 planks for its sticks, which the plan
 * had counted as the smelt's fuel (the third run: its one spare log became the new table, and the
 * fuel log was fetched by a climb out of the pit).
 */
import { goesDown } from './arming.js'
import { firstStep, type PlanStep } from './plan.js'
import type { ObtainGraph } from './graph.js'
import { countByKey, planKey } from '../names.js'

/** Surface blocks a plan gathers later that are better fetched before going down (trees: wood and fuel). */
const SURFACE_ITEMS = new Set(['log'])

/**
 * The later surface gathering to do before `next`, when `next` goes down (ore a wooden pickaxe
 * cannot harvest, lava) and none of its item is held yet (a collect already under way is not cut
 * off for a climb); undefined otherwise.
 */
export function surfaceFirst(graph: ObtainGraph, next: PlanStep, steps: readonly PlanStep[], inventory: Record<string, number>): PlanStep | undefined {
  if (!goesDown(graph, next)) return undefined
  if ((countByKey(inventory).get(planKey(next.item)) ?? 0) > 0) return undefined
  const later = steps.findIndex((s) => s.kind === 'collect' && SURFACE_ITEMS.has(planKey(s.item)))
  return later < 0 ? undefined : firstStep(steps.slice(later))
}

/** Logs beyond the plan's count: a new crafting table (4 planks) and the arming sword's sticks (2 planks). */
export const SPARE_LOGS = 2

/** SPARE_LOGS more than the plan counts before a plan that makes its first crafting table and goes down (see above). */
export function withSpareLog(graph: ObtainGraph, next: PlanStep, steps: readonly PlanStep[]): PlanStep {
  if (next.kind !== 'collect' || planKey(next.item) !== 'log') return next
  const makesTable = steps.some((s) => s.kind === 'craft' && planKey(s.item) === 'crafting_table')
  return makesTable && steps.some((s) => goesDown(graph, s)) ? { ...next, count: next.count + SPARE_LOGS } : next
}

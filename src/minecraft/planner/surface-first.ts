/**
 * The surface's part of a plan before its deep part. A plan lists its steps in the order its
 * recipes need them, so the logs for a smelt's fuel (or for sticks) can come after the ore: the
 * bot went down for iron, came back up the stairs for one log, and went down again (1.20.4
 * lava_bucket runs: 90–160 s of the 600 each, docs/benchmarks.md session 36). A player fetches
 * the wood before going down; so does the executor, when the deep collect has not begun yet.
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

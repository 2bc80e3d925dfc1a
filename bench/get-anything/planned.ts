/** The planner's plan for a task from a starting inventory: its length and the step kinds it needs. */
import { parseGoal } from '../../src/minecraft/planner/goal.js'
import { plan } from '../../src/minecraft/planner/plan.js'
import { ItemBook } from '../../src/minecraft/planner/items.js'

/** `version`: the world's Minecraft version (default the planner's, 1.16.5). */
export function plannedSteps(task: string, inventory: Record<string, number>, version?: string): { steps: number | null; kinds: string[] } {
  const g = version ? parseGoal(task, new ItemBook(version)) : parseGoal(task)
  if (!g.ok || g.goal.kind === 'goto') return { steps: null, kinds: [] }
  const p = plan(g.goal.item, g.goal.count, inventory, version ? { version } : {})
  if (!p.ok) return { steps: null, kinds: [] }
  return { steps: p.steps.length, kinds: [...new Set(p.steps.map((s) => s.kind))] }
}

/**
 * The runtime resolves the recipe tree for a model: from the task text and the latest
 * inventory it lists what is left as milestones (one collect, or a run of crafts the
 * body does in one ACTION_CRAFTING, or one smelt) and the action for the next one.
 * The llm mind shows this in every decision, so a model spends one call per
 * milestone instead of working out planks → sticks → table by itself.
 *
 * Stations are remembered the way the builtin mind does: a crafting table or furnace
 * that was held (or made by the last craft milestone) and then is not in the inventory
 * was placed by the body, which finds it again when crafting, so the plan does not ask
 * for a new one.
 */
import type { Action } from '../../protocols/lynxmind.js'
import { describeGoal, parseGoal, type Goal } from '../planner/goal.js'
import { plan, type PlanStep } from '../planner/plan.js'
import { countByKey, namespaced, planKey } from '../names.js'

export type Milestone =
  | { kind: 'collect'; item: string; count: number }
  | { kind: 'craft'; items: Array<{ item: string; count: number }> }
  | { kind: 'smelt'; item: string; count: number; input: string }

export type PlanHint =
  /** The goal is met: the model should stop the task. */
  | { state: 'done'; text: string }
  /** Milestones left, the first one with its action. */
  | { state: 'next'; text: string; milestones: Milestone[]; action: Action }
  /** The goal is an item no recipe reaches (unknown item, nothing to mine it from). */
  | { state: 'impossible'; text: string }

const STATIONS = ['crafting_table', 'furnace']

/** Plan steps → milestones: collects of one item folded into the first, consecutive crafts in one. */
export function milestonesOf(steps: readonly PlanStep[]): Milestone[] {
  const out: Milestone[] = []
  const folded = new Set<string>()
  for (const s of steps) {
    if (s.kind === 'collect') {
      if (folded.has(s.item)) continue
      folded.add(s.item)
      const count = steps.filter((x) => x.kind === 'collect' && x.item === s.item).reduce((n, x) => n + x.count, 0)
      out.push({ kind: 'collect', item: s.item, count })
    } else if (s.kind === 'smelt') {
      out.push({ kind: 'smelt', item: s.item, count: s.count, input: s.input })
    } else {
      const last = out.at(-1)
      if (last?.kind === 'craft') {
        const same = last.items.at(-1)
        if (same && same.item === s.item) same.count += s.count
        else last.items.push({ item: s.item, count: s.count })
      } else out.push({ kind: 'craft', items: [{ item: s.item, count: s.count }] })
    }
  }
  return out
}

export function milestoneAction(m: Milestone): Action {
  if (m.kind === 'collect') return { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: m.item === 'log' ? 'log' : namespaced(m.item), count: m.count }] }
  if (m.kind === 'smelt') return { type: 'ACTION_CRAFTING', to_craft: [{ item_name: namespaced(m.item), count: m.count }] }
  return { type: 'ACTION_CRAFTING', to_craft: m.items.map((i) => ({ item_name: namespaced(i.item), count: i.count })) }
}

export function describeMilestone(m: Milestone): string {
  if (m.kind === 'collect') return `collect ${m.count} ${m.item}`
  if (m.kind === 'smelt') return `smelt ${m.count} ${m.item} from ${m.input}`
  return `craft ${m.items.map((i) => `${i.count} ${i.item}`).join(', ')}`
}

/** One task's hints. Create one per task; feed it every inventory the mind sees. */
export class PlanHints {
  private readonly goal: Goal | undefined
  private target: number | undefined
  private readonly held = new Set<string>()
  private readonly placed = new Set<string>()
  /** Stations the last suggested craft milestone made: the body places them to use them. */
  private crafting = new Set<string>()

  constructor(readonly taskText: string) {
    const g = parseGoal(taskText)
    this.goal = g.ok && g.goal.kind !== 'goto' ? g.goal : undefined
  }

  /** False for free text and goto tasks: there is no recipe tree to resolve. */
  get applies(): boolean {
    return this.goal !== undefined
  }

  /**
   * An action ended with this reason: a station it could not find or make is not nearby
   * after all (the bot walked away from it), so the plan makes or carries a new one.
   */
  actionEnded(reason: string): void {
    for (const s of STATIONS) if (reason.includes(s)) this.placed.delete(s)
  }

  /** The hint for this inventory (item id → count), or undefined when the task is no item goal. */
  hint(inventory: Record<string, number>): PlanHint | undefined {
    const goal = this.goal
    if (!goal || goal.kind === 'goto') return undefined
    const key = planKey(goal.item)
    const counts = countByKey(inventory)
    const have = counts.get(key) ?? 0
    // "collect N" means N more than at the start: the first inventory seen fixes the target
    this.target ??= goal.kind === 'get' ? goal.count : have + goal.count
    if (have >= this.target) return { state: 'done', text: `the goal is met (${describeGoal(goal)}: holding ${have} ${key}); send EVENT_AI_STOP` }
    for (const s of STATIONS) {
      if ((counts.get(s) ?? 0) > 0) this.held.add(s)
      else if (this.held.delete(s) || this.crafting.has(s)) this.placed.add(s)
    }
    this.crafting = new Set()
    const p = plan(key, this.target, inventory, { stationsNearby: [...this.placed] })
    if (!p.ok) return { state: 'impossible', text: `no way to reach "${describeGoal(goal)}": ${p.reason}` }
    const milestones = milestonesOf(p.steps)
    const first = milestones[0]
    if (!first) return { state: 'done', text: `the goal is met (${describeGoal(goal)}); send EVENT_AI_STOP` }
    if (first.kind === 'craft') for (const i of first.items) if (STATIONS.includes(planKey(i.item))) this.crafting.add(planKey(i.item))
    const action = milestoneAction(first)
    const list = milestones.map(describeMilestone).join(' → ')
    return {
      state: 'next',
      milestones,
      action,
      text: `${milestones.length} milestone${milestones.length === 1 ? '' : 's'} left: ${list}; next action: ${JSON.stringify(action)}`,
    }
  }
}

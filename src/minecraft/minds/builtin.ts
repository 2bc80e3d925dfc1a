/**
 * The builtin mind: a planner that plays LynxMind like a model would, and
 * speaks ONLY the protocol (which shows the protocol is enough).
 *
 * Per task: GET_STATUS → read the heartbeat's inventory → plan from the recipe
 * tree → one ACTION_COLLECT_BLOCK / ACTION_CRAFTING / ACTION_MOVE → wait for
 * the task-stop event → GET_STATUS again → re-plan … until the goal is met
 * (EVENT_AI_STOP "done") or a step keeps failing (EVENT_AI_STOP with why).
 * A collect that fails is retried elsewhere: first a move ~32 blocks away.
 */
import { arrivedAt } from '../body/arrival.js'
import type { AiEvent, HeartbeatEvent, ModEvent, Action } from '../../protocols/lynxmind.js'
import { describeGoal, parseGoal, type Goal } from '../planner/goal.js'
import { countByKey, namespaced, planKey } from '../names.js'
import { firstStep, plan, type PlanStep } from '../planner/plan.js'
import { emptyStats, type Mind, type MindContext, type MindStats } from './types.js'

export interface BuiltinMindOptions {
  /** Attempts of one step without progress before giving up (default 3). */
  maxAttempts?: number
  /** Actions per task before giving up (default 200). */
  maxActions?: number
  /** How far a retry walks away to find other blocks (default 32). */
  retryDistance?: number
}

interface TaskState {
  goal: Goal
  text: string
  baseline?: Record<string, number>
  target?: number
  waiting: 'status' | 'action' | 'none'
  /** Last action issued and what the inventory was then. */
  last?: { action: Action; stepSig: string; invSig: string; isRetryMove: boolean }
  lastReason?: string
  attempts: Map<string, number>
  /**
   * Stations (crafting table, furnace) that were held and then left the inventory:
   * the body placed them, and its crafting finds them again (or makes a new one).
   */
  stationsHeld: Set<string>
  stationsPlaced: Set<string>
  actions: number
  gotoTries: number
}

const STATIONS = ['crafting_table', 'furnace']

const ok = (reason: string): AiEvent => ({ type: 'EVENT_AI_STOP', reason })

export function inventoryFromHeartbeat(h: HeartbeatEvent): Record<string, number> {
  const out: Record<string, number> = {}
  for (const s of [...h.inventory_hotbar, ...h.inventory_inner, ...h.inventory_equipment]) {
    const name = namespaced(s.item_stack.item_name)
    out[name] = (out[name] ?? 0) + s.item_stack.count
  }
  return out
}

function invSig(inv: Record<string, number>): string {
  return JSON.stringify(Object.entries(inv).sort(([a], [b]) => a.localeCompare(b)))
}

function stepSig(s: PlanStep): string {
  return `${s.kind}:${s.item}`
}

function stepAction(s: PlanStep): Action {
  if (s.kind === 'collect') {
    return { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: s.item === 'log' ? 'log' : namespaced(s.item), count: s.count }] }
  }
  return { type: 'ACTION_CRAFTING', to_craft: [{ item_name: namespaced(s.item), count: s.count }] }
}

function describeStep(s: PlanStep): string {
  if (s.kind === 'collect') return `collect ${s.count} ${s.item}`
  if (s.kind === 'smelt') return `smelt ${s.count} ${s.item} from ${s.input}`
  return `craft ${s.count} ${s.item}`
}

export class BuiltinMind implements Mind {
  readonly kind = 'builtin' as const
  private task: TaskState | undefined
  private readonly maxAttempts: number
  private readonly maxActions: number
  private readonly retryDistance: number
  private ctx: MindContext | undefined

  constructor(opts: BuiltinMindOptions = {}) {
    this.maxAttempts = opts.maxAttempts ?? 3
    this.maxActions = opts.maxActions ?? 200
    this.retryDistance = opts.retryDistance ?? 32
  }

  async start(ctx: MindContext): Promise<AiEvent[]> {
    this.ctx = ctx
    return [{ type: 'EVENT_AI_START' }]
  }

  stats(): MindStats {
    return emptyStats()
  }

  async close(): Promise<void> {
    this.task = undefined
  }

  async receive(event: ModEvent): Promise<AiEvent[]> {
    switch (event.type) {
      case 'EVENT_PLAYER_STATUS_CREATE_TASK': {
        const g = parseGoal(event.task)
        if (!g.ok) {
          this.task = undefined
          return [ok(`failed: ${g.reason}`)]
        }
        this.task = { goal: g.goal, text: event.task, waiting: 'status', attempts: new Map(), stationsHeld: new Set(), stationsPlaced: new Set(), actions: 0, gotoTries: 0 }
        this.ctx?.logger.debug('new task', { goal: describeGoal(g.goal) })
        return [{ type: 'EVENT_AI_GET_STATUS' }]
      }
      case 'EVENT_PLAYER_REMOVE_TASK':
        this.task = undefined
        return []
      case 'EVENT_PLAYER_BARITONE_TASK_STOP': {
        const t = this.task
        if (!t || t.waiting !== 'action') return []
        t.lastReason = event.reason
        // an action cut short because the server went away is no failed attempt: re-plan from the fresh status
        if (event.reason.includes('disconnected from the server')) {
          t.last = undefined
          if (t.goal.kind === 'goto') t.gotoTries = Math.max(0, t.gotoTries - 1)
        }
        // a station that could not be found or made is not nearby after all
        for (const s of STATIONS) if (event.reason.includes(s)) t.stationsPlaced.delete(s)
        t.waiting = 'status'
        return [{ type: 'EVENT_AI_GET_STATUS' }]
      }
      case 'EVENT_PLAYER_STATUS_HEARTBEAT': {
        const t = this.task
        if (!t || t.waiting !== 'status') return []
        return this.decide(t, event)
      }
      default:
        return []
    }
  }

  private decide(t: TaskState, hb: HeartbeatEvent): AiEvent[] {
    const inv = inventoryFromHeartbeat(hb)
    if (t.actions >= this.maxActions) return this.finish(`failed: gave up after ${t.actions} actions without reaching "${describeGoal(t.goal)}"`)
    const goal = t.goal
    if (goal.kind === 'goto') return this.decideGoto(t, goal, hb)

    const key = planKey(goal.item)
    if (!t.baseline) {
      t.baseline = inv
      const before = countByKey(inv).get(key) ?? 0
      t.target = goal.kind === 'get' ? goal.count : before + goal.count
    }
    const have = countByKey(inv).get(key) ?? 0
    if (have >= t.target!) return this.finish(`success: ${describeGoal(goal)} done, holding ${have} ${key}`)

    const held = countByKey(inv)
    for (const s of STATIONS) {
      if ((held.get(s) ?? 0) > 0) t.stationsHeld.add(s)
      else if (t.stationsHeld.delete(s)) t.stationsPlaced.add(s)
    }
    const p = plan(key, t.target!, inv, { stationsNearby: [...t.stationsPlaced] })
    if (!p.ok) return this.finish(`failed: ${p.reason}`)
    const step = firstStep(p.steps)
    if (!step) return this.finish(`success: ${describeGoal(goal)} done`)

    const sig = stepSig(step)
    const nowInv = invSig(inv)
    const last = t.last
    if (last && !last.isRetryMove && last.stepSig === sig && last.invSig === nowInv) {
      const n = (t.attempts.get(sig) ?? 1) + 1
      t.attempts.set(sig, n)
      if (n > this.maxAttempts) {
        return this.finish(`failed: could not ${describeStep(step)} after ${this.maxAttempts} attempts: ${t.lastReason ?? 'no reason given'}`)
      }
      if (step.kind === 'collect') {
        // Try somewhere else: walk away in a new direction, then collect again.
        const dir = [[1, 0], [0, 1], [-1, 0], [0, -1]][(n - 2) % 4]!
        const action: Action = { type: 'ACTION_MOVE', x: Math.round(hb.posX + dir[0]! * this.retryDistance), z: Math.round(hb.posZ + dir[1]! * this.retryDistance) }
        return this.act(t, action, sig, nowInv, true, `no luck with ${describeStep(step)} here (${t.lastReason ?? ''}); looking elsewhere`)
      }
    } else if (!last || last.stepSig !== sig || last.invSig !== nowInv) {
      if (!last?.isRetryMove) t.attempts.set(sig, 1)
    }
    // re-planned from the inventory at every decision: one action can settle several steps (a
    // collect that brings more than asked), so this is the plan's size now, not a countdown
    const total = p.steps.length
    return this.act(t, stepAction(step), sig, nowInv, false, `${describeStep(step)} (plan from here: ${total} step${total === 1 ? '' : 's'} to ${describeGoal(goal)})`)
  }

  private decideGoto(t: TaskState, goal: Extract<Goal, { kind: 'goto' }>, hb: HeartbeatEvent): AiEvent[] {
    // the heartbeat gives block coordinates: the feet stand at the block's centre
    const feet = { x: hb.posX + 0.5, y: hb.posY, z: hb.posZ + 0.5 }
    if (arrivedAt(feet, { x: goal.x, ...(goal.y === undefined ? {} : { y: goal.y }), z: goal.z })) return this.finish(`success: arrived at ${describeGoal(goal).slice(6)}`)
    if (t.gotoTries >= this.maxAttempts) return this.finish(`failed: could not ${describeGoal(goal)}: ${t.lastReason ?? 'no path'}`)
    t.gotoTries++
    const action: Action = goal.y === undefined ? { type: 'ACTION_MOVE', x: goal.x, z: goal.z } : { type: 'ACTION_MOVE', x: goal.x, y: goal.y, z: goal.z }
    return this.act(t, action, 'goto', '', false, `moving to ${goal.x} ${goal.y ?? ''} ${goal.z}`.replace('  ', ' '))
  }

  private act(t: TaskState, action: Action, sig: string, inv: string, isRetryMove: boolean, plans: string): AiEvent[] {
    t.last = { action, stepSig: sig, invSig: inv, isRetryMove }
    t.waiting = 'action'
    t.actions++
    return [{ type: 'EVENT_AI_CONTROL', action, plans }]
  }

  private finish(reason: string): AiEvent[] {
    this.task = undefined
    return [ok(reason)]
  }
}

export function createBuiltinMind(opts?: BuiltinMindOptions): BuiltinMind {
  return new BuiltinMind(opts)
}

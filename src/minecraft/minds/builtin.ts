/**
 * The builtin mind: a planner that plays LynxMind like a model would, and
 * speaks ONLY the protocol (which shows the protocol is enough).
 *
 * Per task: GET_STATUS → read the heartbeat's inventory → plan from the recipe
 * tree → one ACTION_COLLECT_BLOCK / ACTION_CRAFTING / ACTION_MOVE → wait for
 * the task-stop event → GET_STATUS again → re-plan … until the goal is met
 * (EVENT_AI_STOP "done") or a step keeps failing (EVENT_AI_STOP with why).
 * A collect that fails is retried elsewhere: first a move ~32 blocks away.
 *
 * Food: when the heartbeat says hunger ≤ 10 and the inventory holds nothing ready to eat, the
 * mind takes a detour before the next goal step: cook the raw meat it carries (the planner's
 * furnace chain: cobblestone, furnace, fuel), or else look for a passive animal
 * (EVENT_AI_GET_NEARBY_ENTITY) and hunt it (ACTION_COLLECT_ENTITY_LOOT), walking elsewhere when
 * none is around. Eating itself is the body's eat reflex, between two actions. Then the goal
 * resumes; a detour that keeps failing is put off for a while, never the task's end.
 * Night: the body's shelter reflex digs in until dawn; an action it interrupted (like one cut
 * short by strike-back) is not counted as a failed attempt.
 */
import { arrivedAt } from '../body/arrival.js'
import type { AiEvent, HeartbeatEvent, ModEvent, Action } from '../../protocols/lynxmind.js'
import { describeGoal, parseGoal, type Goal } from '../planner/goal.js'
import { bareName, countByKey, namespaced, planKey } from '../names.js'
import { firstStep, plan, type PlanStep } from '../planner/plan.js'
import { HUNTED_ANIMALS, MEAT_OF_ANIMAL, cookedFormOf, isRawFood, isReadyFood } from '../food.js'
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
  waiting: 'status' | 'action' | 'scan' | 'none'
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
  /** The food detour: hunts without a catch, and the action count until which food waits. */
  food: { misses: number; restUntil: number }
  /** Where the last heartbeat put the bot. */
  at?: { x: number; y: number; z: number }
}

/** Hunger at or below which the mind gets food (the body's eat reflex eats at 14 and below). */
export const FOOD_LOW = 10
const HUNT_RADIUS = 48
/** Hunts (or searches) without a catch before food waits. */
const MAX_FOOD_MISSES = 4
/** Actions the goal gets before a failed food detour is tried again. */
const FOOD_REST_ACTIONS = 12
const REFLEX_INTERRUPT = /^cancelled: interrupted by (?!a new action)/

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
        this.task = {
          goal: g.goal,
          text: event.task,
          waiting: 'status',
          attempts: new Map(),
          stationsHeld: new Set(),
          stationsPlaced: new Set(),
          actions: 0,
          gotoTries: 0,
          food: { misses: 0, restUntil: 0 },
        }
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
        // cut short by a reflex (the night shelter, strike-back): no failed attempt, the step goes on
        if (REFLEX_INTERRUPT.test(event.reason)) {
          if (t.last) t.last.isRetryMove = true
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
      case 'EVENT_PLAYER_SCAN_ENTITY': {
        const t = this.task
        if (!t || t.waiting !== 'scan') return []
        return this.hunt(t, event.nearby_entities)
      }
      default:
        return []
    }
  }

  private decide(t: TaskState, hb: HeartbeatEvent): AiEvent[] {
    const inv = inventoryFromHeartbeat(hb)
    t.at = { x: hb.posX, y: hb.posY, z: hb.posZ }
    if (t.actions >= this.maxActions) return this.finish(`failed: gave up after ${t.actions} actions without reaching "${describeGoal(t.goal)}"`)
    this.noteStations(t, inv)
    const food = this.foodDetour(t, hb, inv)
    if (food) return food
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

    const p = plan(key, t.target!, inv, { stationsNearby: [...t.stationsPlaced] })
    if (!p.ok) return this.finish(`failed: ${p.reason}`)
    const step = firstStep(p.steps)
    if (!step) return this.finish(`success: ${describeGoal(goal)} done`)
    // re-planned from the inventory at every decision: one action can settle several steps (a
    // collect that brings more than asked), so this is the plan's size now, not a countdown
    const total = p.steps.length
    return this.tryStep(t, hb, inv, step, '', `(plan from here: ${total} step${total === 1 ? '' : 's'} to ${describeGoal(goal)})`, (why) => this.finish(`failed: ${why}`))!
  }

  /** Stations (crafting table, furnace) that were held and are gone now stand where the body placed them. */
  private noteStations(t: TaskState, inv: Record<string, number>): void {
    const held = countByKey(inv)
    for (const s of STATIONS) {
      if ((held.get(s) ?? 0) > 0) t.stationsHeld.add(s)
      else if (t.stationsHeld.delete(s)) t.stationsPlaced.add(s)
    }
  }

  /**
   * One plan step as an action, counting attempts: the same step with the same inventory as last
   * time is a repeat; a repeated collect first looks elsewhere; past maxAttempts `giveUp` decides.
   */
  private tryStep(
    t: TaskState,
    hb: HeartbeatEvent,
    inv: Record<string, number>,
    step: PlanStep,
    sigPrefix: string,
    note: string,
    giveUp: (why: string) => AiEvent[] | null,
  ): AiEvent[] | null {
    const sig = sigPrefix + stepSig(step)
    const nowInv = invSig(inv)
    const last = t.last
    if (last && !last.isRetryMove && last.stepSig === sig && last.invSig === nowInv) {
      const n = (t.attempts.get(sig) ?? 1) + 1
      t.attempts.set(sig, n)
      if (n > this.maxAttempts) return giveUp(`could not ${describeStep(step)} after ${this.maxAttempts} attempts: ${t.lastReason ?? 'no reason given'}`)
      if (step.kind === 'collect') {
        // Try somewhere else: walk away in a new direction, then collect again.
        const dir = [[1, 0], [0, 1], [-1, 0], [0, -1]][(n - 2) % 4]!
        const action: Action = { type: 'ACTION_MOVE', x: Math.round(hb.posX + dir[0]! * this.retryDistance), z: Math.round(hb.posZ + dir[1]! * this.retryDistance) }
        return this.act(t, action, sig, nowInv, true, `no luck with ${describeStep(step)} here (${t.lastReason ?? ''}); looking elsewhere`)
      }
    } else if (!last || last.stepSig !== sig || last.invSig !== nowInv) {
      if (!last?.isRetryMove) t.attempts.set(sig, 1)
    }
    return this.act(t, stepAction(step), sig, nowInv, false, `${describeStep(step)} ${note}`)
  }

  /**
   * The food detour (see the file comment): null when food is fine, ready food is carried (the
   * eat reflex eats it), or food rests after failing; else the next food action.
   */
  private foodDetour(t: TaskState, hb: HeartbeatEvent, inv: Record<string, number>): AiEvent[] | null {
    if (hb.hunger > FOOD_LOW) {
      t.food.misses = 0
      return null
    }
    if (t.actions < t.food.restUntil || Object.entries(inv).some(([name, n]) => n > 0 && isReadyFood(name))) return null
    // a hunt that brought nothing is a miss
    if (t.last?.stepSig === 'food:hunt' && !Object.keys(inv).some(isRawFood)) this.foodMiss(t)
    if (t.actions < t.food.restUntil) return null
    const raw = Object.entries(inv)
      .filter(([name, n]) => n > 0 && isRawFood(name))
      .sort((a, b) => b[1] - a[1])[0]
    if (!raw) {
      // look for an animal first; the answer comes as EVENT_PLAYER_SCAN_ENTITY
      t.waiting = 'scan'
      return [{ type: 'EVENT_AI_GET_NEARBY_ENTITY', radius: HUNT_RADIUS, target_entity_id: HUNTED_ANIMALS.map((a) => namespaced(a)) }]
    }
    const cooked = cookedFormOf(raw[0])!
    const have = countByKey(inv).get(planKey(cooked)) ?? 0
    const p = plan(cooked, have + raw[1], inv, { stationsNearby: [...t.stationsPlaced] })
    const step = p.ok ? firstStep(p.steps) : undefined
    if (!step) {
      this.restFood(t)
      return null
    }
    return this.tryStep(t, hb, inv, step, 'food:', `(hungry: cooking ${raw[1]} ${bareName(raw[0])}, then back to ${describeGoal(t.goal)})`, () => {
      this.restFood(t)
      return null
    })
  }

  /** The entity scan's answer: hunt the nearest animal, or walk elsewhere to find one. */
  private hunt(t: TaskState, found: Array<{ id: string; x: number; y: number; z: number }>): AiEvent[] {
    t.waiting = 'status'
    const at = t.at ?? { x: 0, y: 0, z: 0 }
    const prey = found
      .filter((e) => MEAT_OF_ANIMAL[bareName(e.id)])
      .sort((a, b) => Math.hypot(a.x - at.x, a.z - at.z) - Math.hypot(b.x - at.x, b.z - at.z))[0]
    if (prey) {
      const kind = bareName(prey.id)
      const meat = MEAT_OF_ANIMAL[kind]!
      const action: Action = { type: 'ACTION_COLLECT_ENTITY_LOOT', killingQuotas: [{ entity_id: namespaced(kind), needed_item: [{ item_name: namespaced(meat), count: 1 }] }] }
      return this.act(t, action, 'food:hunt', '', false, `hungry and nothing to eat: hunting the ${kind} ${Math.round(Math.hypot(prey.x - at.x, prey.z - at.z))} blocks away for ${meat}`)
    }
    this.foodMiss(t)
    if (t.actions < t.food.restUntil) return [{ type: 'EVENT_AI_GET_STATUS' }]
    const dir = [[1, 0], [0, 1], [-1, 0], [0, -1]][t.food.misses % 4]!
    const action: Action = { type: 'ACTION_MOVE', x: Math.round(at.x + dir[0]! * this.retryDistance), z: Math.round(at.z + dir[1]! * this.retryDistance) }
    return this.act(t, action, 'food:search', '', true, `hungry and no animal within ${HUNT_RADIUS} blocks; looking elsewhere`)
  }

  private foodMiss(t: TaskState): void {
    if (++t.food.misses >= MAX_FOOD_MISSES) this.restFood(t)
  }

  private restFood(t: TaskState): void {
    t.food.misses = 0
    t.food.restUntil = t.actions + FOOD_REST_ACTIONS
    this.ctx?.logger.debug('food put off', { until: t.food.restUntil })
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

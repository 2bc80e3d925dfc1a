/**
 * The builtin mind: a planner that plays LynxMind like a model would, and
 * speaks ONLY the protocol (which shows the protocol is enough).
 *
 * Per task: GET_STATUS → read the heartbeat's inventory → the one plan executor
 * (../planner/executor.ts) decides the next step → one ACTION_COLLECT_BLOCK /
 * ACTION_CRAFTING / ACTION_COLLECT_ENTITY_LOOT / ACTION_MOVE → wait for the task-stop
 * event → report it to the executor → GET_STATUS again … until the goal is met
 * (EVENT_AI_STOP "done") or the executor gives up (EVENT_AI_STOP with why). Gathering
 * steps that are no mining (shearing, buckets, farming, eggs) go out as
 * ACTION_COLLECT_BLOCK of the item: the link gathers an item by the world's means
 * (docs/protocols.md). A target that is not found sends the bot elsewhere (ACTION_MOVE).
 *
 * Food: when the heartbeat says hunger ≤ 10 and the inventory holds nothing ready to eat (the goal's
 * own ingredients, like a golden apple's apple, do not count while more than one step is left), the
 * mind takes a detour before the next goal step: cook the raw meat it carries (the planner's
 * furnace chain: cobblestone, furnace, fuel), or else look for a passive animal
 * (EVENT_AI_GET_NEARBY_ENTITY) and hunt it (ACTION_COLLECT_ENTITY_LOOT), walking elsewhere when
 * none is around. Eating itself is the body's eat reflex, between two actions. Then the goal
 * resumes; a detour that keeps failing is put off for a while, never the task's end.
 * Night: the body's shelter reflex digs in until dawn; an action it interrupted (like one cut
 * short by strike-back) is not counted as a failed attempt.
 *
 * What it has seen: before a goal step, when it has no fresh look (see ./known-blocks-scan.ts), the mind
 * asks the link which of the blocks the planner would weigh are around (EVENT_AI_GET_NEARBY_BLOCK →
 * EVENT_PLAYER_SCAN_BLOCK; fair play: the link lists only blocks the bot knows of) and plans with
 * them as `knownBlocks`, as the direct runner does with the body's senses: a crafting table or
 * furnace in sight is not made again, stone in sight arms with a stone sword, a seen block is
 * cheaper than one still to find. A scan that fails or is never answered costs the look, not the task.
 */
import { arrivedAt } from '../body/arrival.js'
import type { AiEvent, HeartbeatEvent, ModEvent, Action } from '../../protocols/lynxmind.js'
import { describeGoal, parseGoal, type Goal } from '../planner/goal.js'
import { bareName, namespaced } from '../names.js'
import type { PlanStep } from '../planner/plan.js'
import { PlanExecutor, isInterruption, type Decision } from '../planner/executor.js'
import { obtainGraph } from '../planner/graph.js'
import type { DeathSpot } from '../planner/death-recovery.js'
import { HUNTED_ANIMALS, MEAT_OF_ANIMAL, cookedFormOf, isRawFood, isReadyFood } from '../food.js'
import { emptyStats, type Mind, type MindContext, type MindStats } from './types.js'
import { KnownBlocksScan } from './known-blocks-scan.js'

export interface BuiltinMindOptions {
  /** Attempts of a goto before giving up (default 3). */
  maxAttempts?: number
  /** Actions per task before giving up (default 200). */
  maxActions?: number
  /** How far a search for food walks away (default 32). */
  retryDistance?: number
  /** Minecraft version of the planner's graph (default 1.16.5). */
  version?: string
}

interface TaskState {
  goal: Goal
  text: string
  /** The goal's plan executor (item goals). */
  exec?: PlanExecutor
  /** The food detour's executor (cooking what is carried), while one runs. */
  foodExec?: PlanExecutor
  waiting: 'status' | 'action' | 'scan' | 'blocks' | 'none'
  /** Who the running action belongs to. */
  running?: 'goal' | 'food' | 'hunt' | 'search' | 'goto'
  lastReason?: string
  actions: number
  gotoTries: number
  /** The food detour: hunts without a catch, and the action count until which food waits. */
  food: { misses: number; restUntil: number }
  /** Where the last heartbeat put the bot. */
  at?: { x: number; y: number; z: number }
  /** Mob kinds the last entity scan saw. */
  seen: Set<string>
  /** The blocks the planner would weigh that the bot knows of, from the link's block scans (item goals). */
  blocks?: KnownBlocksScan
  /** The heartbeat a block scan was asked on: the goal's decision waits for the scan's answer. */
  beat?: HeartbeatEvent
}

/** Hunger at or below which the mind gets food (the body's eat reflex eats at 14 and below). */
export const FOOD_LOW = 10
const HUNT_RADIUS = 48
/** Hunts (or searches) without a catch before food waits. */
const MAX_FOOD_MISSES = 4
/** Actions the goal gets before a failed food detour is tried again. */
const FOOD_REST_ACTIONS = 12

const ok = (reason: string): AiEvent => ({ type: 'EVENT_AI_STOP', reason })

export function inventoryFromHeartbeat(h: HeartbeatEvent): Record<string, number> {
  const out: Record<string, number> = {}
  for (const s of [...h.inventory_hotbar, ...h.inventory_inner, ...h.inventory_equipment]) {
    const name = namespaced(s.item_stack.item_name)
    out[name] = (out[name] ?? 0) + s.item_stack.count
  }
  return out
}

/**
 * One plan step as a LynxMind action. Mining and the other ways of gathering an item from the
 * world (shear, bucket, farm, eggs) are ACTION_COLLECT_BLOCK of the item; hunting is
 * ACTION_COLLECT_ENTITY_LOOT; crafting and smelting are ACTION_CRAFTING (the mod's black box).
 */
export function stepAction(s: PlanStep): Action {
  switch (s.kind) {
    case 'craft':
    case 'smelt':
      return { type: 'ACTION_CRAFTING', to_craft: [{ item_name: namespaced(s.item), count: s.count }] }
    case 'hunt':
      return { type: 'ACTION_COLLECT_ENTITY_LOOT', killingQuotas: [{ entity_id: namespaced(s.entity), needed_item: [{ item_name: namespaced(s.item), count: s.count }] }] }
    default:
      return { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: s.item === 'log' ? 'log' : namespaced(s.item), count: s.count }] }
  }
}

export class BuiltinMind implements Mind {
  readonly kind = 'builtin' as const
  private task: TaskState | undefined
  private readonly maxAttempts: number
  private readonly maxActions: number
  private readonly retryDistance: number
  private readonly version: string | undefined
  private ctx: MindContext | undefined

  constructor(opts: BuiltinMindOptions = {}) {
    this.maxAttempts = opts.maxAttempts ?? 3
    this.maxActions = opts.maxActions ?? 200
    this.retryDistance = opts.retryDistance ?? 32
    this.version = opts.version
  }

  async start(ctx: MindContext): Promise<AiEvent[]> {
    this.ctx = ctx
    return [{ type: 'EVENT_AI_START' }]
  }

  /** The goal's executor says the death and goes back for what it left, when it still can. */
  bodyDied(cause: string, spot?: DeathSpot, held?: Record<string, number>): void {
    this.task?.exec?.died(cause, spot, held)
  }

  stats(): MindStats {
    return emptyStats()
  }

  /** The planner's version: the option, else the body's game version, else the default. */
  private versionOpt(): { version?: string } {
    const v = this.version ?? this.ctx?.gameVersion?.()
    return v ? { version: v } : {}
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
        const goal = g.goal
        this.task = {
          goal,
          text: event.task,
          waiting: 'status',
          actions: 0,
          gotoTries: 0,
          food: { misses: 0, restUntil: 0 },
          seen: new Set(),
          ...(goal.kind === 'goto'
            ? {}
            : {
                blocks: new KnownBlocksScan(obtainGraph(this.versionOpt().version), goal.item),
                exec: new PlanExecutor(
                  { item: goal.item, count: goal.count, mode: goal.kind === 'get' ? 'get' : 'gain' },
                  { ...this.versionOpt(), maxActions: this.maxActions, onNote: (line) => this.ctx?.logger.info(line) },
                ),
              }),
        }
        this.ctx?.logger.debug('new task', { goal: describeGoal(goal) })
        return [{ type: 'EVENT_AI_GET_STATUS' }]
      }
      case 'EVENT_PLAYER_REMOVE_TASK':
        this.task = undefined
        return []
      case 'EVENT_PLAYER_BARITONE_TASK_STOP': {
        const t = this.task
        if (!t || t.waiting !== 'action') return []
        t.lastReason = event.reason
        const interrupted = isInterruption(event.reason)
        // the task-stop says no more than a reason: the executor judges the step by the inventory
        const outcome = { reason: event.reason, interrupted }
        if (t.running === 'goal') t.exec?.report(outcome)
        else if (t.running === 'food') t.foodExec?.report(outcome)
        // cut short by a reflex (the night shelter, strike-back) or a lost server: no failed goto
        if (t.running === 'goto' && interrupted) t.gotoTries = Math.max(0, t.gotoTries - 1)
        t.waiting = 'status'
        return [{ type: 'EVENT_AI_GET_STATUS' }]
      }
      case 'EVENT_PLAYER_STATUS_HEARTBEAT': {
        const t = this.task
        // a heartbeat while a block scan is unanswered (the link's periodic one): go on without the answer
        if (t?.waiting === 'blocks' && t.blocks) {
          this.ctx?.logger.debug('block scan unanswered; planning with what is known', { asked: t.blocks.asked() })
          t.blocks.unanswered()
          return this.decideGoal(t, event)
        }
        if (!t || t.waiting !== 'status') return []
        return this.decide(t, event)
      }
      case 'EVENT_PLAYER_SCAN_ENTITY': {
        const t = this.task
        if (!t || t.waiting !== 'scan') return []
        for (const e of event.nearby_entities) t.seen.add(bareName(e.id))
        return this.hunt(t, event.nearby_entities)
      }
      case 'EVENT_PLAYER_SCAN_BLOCK': {
        const t = this.task
        if (!t || t.waiting !== 'blocks' || !t.blocks || !t.beat) return []
        const again = t.blocks.answer(event.nearby_blocks)
        if (again) return [again]
        return this.decideGoal(t, t.beat)
      }
      default:
        return []
    }
  }

  private decide(t: TaskState, hb: HeartbeatEvent): AiEvent[] {
    const inv = inventoryFromHeartbeat(hb)
    t.at = { x: hb.posX, y: hb.posY, z: hb.posZ }
    if (t.actions >= this.maxActions) return this.finish(`failed: gave up after ${t.actions} actions without reaching "${describeGoal(t.goal)}"`)
    // the goal's last step is judged by what it left, before a food detour eats or spends it
    if (t.running === 'goal') t.exec?.observe(inv)
    const food = this.foodDetour(t, hb, inv)
    if (food) return food
    const goal = t.goal
    if (goal.kind === 'goto') return this.decideGoto(t, goal, hb)
    const ask = t.blocks?.ask(t.at, t.actions)
    if (ask) {
      t.waiting = 'blocks'
      t.beat = hb
      return [ask]
    }
    return this.decideGoal(t, hb)
  }

  /** The goal's next step, planned with what the heartbeat holds and what the bot knows around it. */
  private decideGoal(t: TaskState, hb: HeartbeatEvent): AiEvent[] {
    const goal = t.goal
    t.waiting = 'status'
    t.beat = undefined
    t.at = { x: hb.posX, y: hb.posY, z: hb.posZ }
    const inv = inventoryFromHeartbeat(hb)
    const d = t.exec!.next({ inventory: inv, world: { nearbyEntities: t.seen, knownBlocks: t.blocks?.known() ?? [] }, position: t.at })
    if (d.kind === 'done') return this.finish(`success: ${describeGoal(goal)} done, ${d.reason}`)
    if (d.kind === 'failed') return this.finish(`failed: ${d.reason}`)
    return this.act(t, 'goal', this.decisionAction(d, t), d.note)
  }

  /** A step or an exploration as a LynxMind action. */
  private decisionAction(d: Extract<Decision, { kind: 'step' | 'explore' | 'recover' }>, t: TaskState): Action {
    if (d.kind === 'step') return stepAction(d.step)
    // the world hands over items lying within 2 blocks: walking to the death spot picks them up; with
    // its height, or a death in a cave sends the bot to the surface above the items (a bench run did)
    if (d.kind === 'recover') return { type: 'ACTION_MOVE', x: Math.floor(d.at.x), y: Math.floor(d.at.y), z: Math.floor(d.at.z) }
    const at = t.at ?? { x: 0, y: 0, z: 0 }
    return { type: 'ACTION_MOVE', x: Math.round(at.x + d.direction.x * d.distance), z: Math.round(at.z + d.direction.z * d.distance) }
  }

  /**
   * The food detour (see the file comment): null when food is fine, ready food is carried (the
   * eat reflex eats it), or food rests after failing; else the next food action.
   */
  private foodDetour(t: TaskState, hb: HeartbeatEvent, inv: Record<string, number>): AiEvent[] | null {
    if (hb.hunger > FOOD_LOW) {
      t.food.misses = 0
      t.foodExec = undefined
      return null
    }
    // food the goal needs (an apple for a golden apple) is no meal while more than its last step is left
    // (the body's eat reflex keeps it too, until food 2: skills/kept-food.ts)
    const needed = t.exec && t.exec.stepsLeft(inv) > 1 ? t.exec.plannedItems() : new Set<string>()
    if (t.actions < t.food.restUntil || Object.entries(inv).some(([name, n]) => n > 0 && isReadyFood(name) && !needed.has(bareName(name)))) return null
    // a hunt that brought nothing is a miss
    if (t.running === 'hunt' && !Object.keys(inv).some(isRawFood)) this.foodMiss(t)
    if (t.actions < t.food.restUntil) return null
    const raw = Object.entries(inv)
      .filter(([name, n]) => n > 0 && isRawFood(name))
      .sort((a, b) => b[1] - a[1])[0]
    if (!raw) {
      t.foodExec = undefined
      // look for an animal first; the answer comes as EVENT_PLAYER_SCAN_ENTITY
      t.waiting = 'scan'
      return [{ type: 'EVENT_AI_GET_NEARBY_ENTITY', radius: HUNT_RADIUS, target_entity_id: HUNTED_ANIMALS.map((a) => namespaced(a)) }]
    }
    const cooked = cookedFormOf(raw[0])!
    t.foodExec ??= new PlanExecutor({ item: cooked, count: raw[1], mode: 'gain' }, { ...this.versionOpt(), maxActions: 40 })
    const d = t.foodExec.next({ inventory: inv, world: { knownBlocks: t.blocks?.known() ?? [] } })
    if (d.kind !== 'step' && d.kind !== 'explore') {
      t.foodExec = undefined
      if (d.kind === 'failed') this.restFood(t)
      return null
    }
    return this.act(t, 'food', this.decisionAction(d, t), `${d.note} (hungry: cooking ${raw[1]} ${bareName(raw[0])}, then back to ${describeGoal(t.goal)})`)
  }

  /** The entity scan's answer: hunt the nearest animal, or walk elsewhere to find one. */
  private hunt(t: TaskState, found: Array<{ id: string; x: number; y: number; z: number }>): AiEvent[] {
    t.waiting = 'status'
    const at = t.at ?? { x: 0, y: 0, z: 0 }
    const spared = t.exec?.livingSources() ?? new Set<string>()
    const prey = found
      .filter((e) => MEAT_OF_ANIMAL[bareName(e.id)] && !spared.has(bareName(e.id)))
      .sort((a, b) => Math.hypot(a.x - at.x, a.z - at.z) - Math.hypot(b.x - at.x, b.z - at.z))[0]
    if (prey) {
      const kind = bareName(prey.id)
      const meat = MEAT_OF_ANIMAL[kind]!
      const action: Action = { type: 'ACTION_COLLECT_ENTITY_LOOT', killingQuotas: [{ entity_id: namespaced(kind), needed_item: [{ item_name: namespaced(meat), count: 1 }] }] }
      return this.act(t, 'hunt', action, `hungry and nothing to eat: hunting the ${kind} ${Math.round(Math.hypot(prey.x - at.x, prey.z - at.z))} blocks away for ${meat}`)
    }
    this.foodMiss(t)
    if (t.actions < t.food.restUntil) return [{ type: 'EVENT_AI_GET_STATUS' }]
    const dir = [[1, 0], [0, 1], [-1, 0], [0, -1]][t.food.misses % 4]!
    const action: Action = { type: 'ACTION_MOVE', x: Math.round(at.x + dir[0]! * this.retryDistance), z: Math.round(at.z + dir[1]! * this.retryDistance) }
    const kept = [...spared].filter((k) => found.some((e) => bareName(e.id) === k))
    return this.act(t, 'search', action, `hungry and no animal within ${HUNT_RADIUS} blocks${kept.length ? ` but the ${kept.join(', ')} the goal needs alive` : ''}; looking elsewhere`)
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
    return this.act(t, 'goto', action, `moving to ${goal.x} ${goal.y ?? ''} ${goal.z}`.replace('  ', ' '))
  }

  private act(t: TaskState, who: NonNullable<TaskState['running']>, action: Action, plans: string): AiEvent[] {
    t.running = who
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

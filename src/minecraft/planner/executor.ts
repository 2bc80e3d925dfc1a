/**
 * The one plan executor: it turns a goal into the next step again and again, from what the
 * bot holds and knows now, and learns from each step's outcome. It is protocol-neutral: each
 * link feeds it observations (an inventory, what the bot has seen) and outcomes (ok, reason),
 * and turns its decisions into its own protocol's actions (LynxMind events, brain-file tasks,
 * MaiCore programs, or body skills directly through ./run-goal.ts).
 *
 * Rules:
 * - Re-plan from the real inventory before every step, so one step that settles several,
 *   a lost item or a death is absorbed; stations held and then gone were placed nearby.
 * - A step that failed the same way twice is not tried a third time unchanged: its route is
 *   excluded and the planner chooses another (no sheep in sight → another source of wool), or
 *   the goal fails with the reason. A gathering step whose target is not found first looks
 *   elsewhere once (an `explore` decision).
 * - A step that ends "ok" without changing the inventory is a failure ("no progress"), so no
 *   loop of empty crafts can run (the old "craft 8 oak_planks" ×170).
 * - A gathering step whose outcome does not say ok (LynxMind's task-stop, a MaiCore program's
 *   end) is judged by its own item: one that brought none of it failed, whatever else came in
 *   on the way (a spider hunt out of reach picked up dirt and gravel and was called three times).
 * - A death is said with its cause and what was lost, and the plan is rebuilt from what is left.
 *   When the link says where the bot died (`died(cause, spot)`) and tells the bot's position, the
 *   items still lying there are gone back for first (./death-recovery.ts decides whether).
 * - The bot's own field is remembered: the plants that left the inventory during its farm steps are
 *   in the ground. When a farm step is cut (the night shelter, a fight, a meal, a death), the next plan
 *   goes back to that field (wait, harvest, replant) and gathers plants only for the plots still missing;
 *   crops grow on at night (vanilla: sky light is not darkened for growth). A farm step that fails
 *   forgets its field (it may be gone), so the plan gathers plants again.
 */
import { describeStep, firstStep, plan, stepSignature, type PlanOptions, type PlanStep, type PlanWorld } from './plan.js'
import { obtainGraph, type ObtainGraph } from './graph.js'
import { bareName, countByKey, matchesName, planKey } from '../names.js'
import { recoveryDecision, type DeathSpot, type Recovery } from './death-recovery.js'
import { armingStep } from './arming.js'
import { surfaceFirst, withSpareLog } from './surface-first.js'
import { CROP_SPECS, MAX_PLOTS } from '../body/skills/crops.js'
import type { FarmCrop } from '../body/types.js'

export interface ExecutorGoal {
  item: string
  count: number
  /** `get`: hold `count` in all; `gain`: `count` more than held at the first observation. */
  mode: 'get' | 'gain'
}

export interface Observation {
  /** Counts by item id (namespaced or bare). */
  inventory: Record<string, number>
  /** What the bot knows of the world (known blocks, animals in sight, night); its own field the executor keeps. */
  world?: Omit<PlanWorld, 'excluded' | 'stationsNearby' | 'planted'>
  /** Where the bot is (needed to go back for the items of a death). */
  position?: { x: number; y: number; z: number }
}

export interface StepOutcome {
  /**
   * Whether the step succeeded; leave it out when the protocol does not say (LynxMind's
   * task-stop carries only a reason): the next observation judges by the inventory (a gathering
   * step by its own item).
   */
  ok?: boolean
  reason: string
  /** Cut short by something that is no failure of the step (a reflex, a disconnect): not counted. */
  interrupted?: boolean
}

export type Decision =
  | { kind: 'step'; step: PlanStep; note: string; planLength: number }
  /** Look elsewhere: walk `distance` blocks in a new direction, then try again. */
  | { kind: 'explore'; distance: number; direction: { x: number; z: number }; note: string }
  /** Go back to where the bot died and pick up what lies there (`items`: what was lost), then plan again. */
  | ({ kind: 'recover'; note: string } & Recovery)
  | { kind: 'done'; reason: string }
  | { kind: 'failed'; reason: string }

export interface ExecutorOptions {
  version?: string
  graph?: ObtainGraph
  /** Decisions before giving up (default 200). */
  maxActions?: number
  /** Each line the executor has to say (re-plans, deaths, excluded routes). */
  onNote?: (line: string) => void
  /** Step kinds this link can run (default all); a plan that needs another kind fails with the reason. */
  canRun?: (step: PlanStep) => string | null
  /** The clock for how long a death's items still lie (default Date.now). */
  now?: () => number
  /** Get a sword before going down for ore or hunting a monster (./arming.ts; default true). */
  arm?: boolean
}

const STATIONS = ['crafting_table', 'furnace']
const NOT_FOUND = /\b(no|none|not find|not found|could not find|nothing|found no|know of no|no reachable|not within|none within)\b/i
const DIRECTIONS = [
  { x: 1, z: 0 },
  { x: 0, z: 1 },
  { x: -1, z: 0 },
  { x: 0, z: -1 },
]
/** Searches elsewhere before a not-found route is dropped, and the first search's distance. */
const MAX_SEARCHES = 2
const SEARCH_STEP = 48
/**
 * When every route left was dropped and a dropped one gathers (where it is tried changes it), the
 * bot looks elsewhere, farther each round, and tries the dropped gather routes again: at most
 * this many rounds before the task fails.
 */
const MAX_RETRY_ROUNDS = 2
/**
 * Rounds when every dropped gather route was dropped because its target was not found (no cow
 * within sight, no oak leaves known): each round walks a longer leg of a square spiral, so it
 * looks over new ground each time, and a rare target (animals come ≈ 1 group in 9 chunks) is
 * still found; the task's own time limit and `maxActions` bound it.
 */
const MAX_SEARCH_ROUNDS = 8
/** Times a trip back for a death's items cut short by a reflex is made again. */
const MAX_RECOVERY_RETRIES = 2
/**
 * A monster hunt dropped by day is taken back this long before the dusk the hunt said: the hunt
 * waits for the dusk itself when it comes within its time (a hunt of 1 has 110 s to spare).
 */
const NIGHT_AHEAD_MS = 90_000
const GATHER_KINDS = new Set(['collect', 'hunt', 'shear', 'fill', 'farm', 'pickUp'])

/** A step cut short by something that is no failure of the step: a reflex (shelter, strike-back) or a lost server. */
export function isInterruption(reason: string): boolean {
  return /^cancelled: interrupted by (?!a new action)|disconnected from the server/.test(reason)
}

/** A failure's shape without its numbers, for "failed the same way". */
export function failureClass(reason: string): string {
  return reason
    .toLowerCase()
    .replace(/-?\d+(\.\d+)?/g, '#')
    .replace(/\s+/g, ' ')
    .slice(0, 120)
}

/**
 * The monster behind a death cause from the body (senses/wire.ts), in words, or undefined when no
 * monster caused it: a hostile mob that hit last, an explosion (creepers), or a hurt of no kind the
 * body could tell (arrows from a skeleton it never saw; the server's message, which names it, comes
 * only after the death in the embedded world).
 */
export function monsterDeath(graph: ObtainGraph, cause: string): string | undefined {
  const killer = /^killed by (?:minecraft:)?([a-z_]+)/.exec(cause)?.[1]
  if (killer) return graph.hostile(killer) ? `a ${killer}` : undefined
  if (/^hurt by explosion\b/.test(cause)) return 'an explosion'
  if (/^hurt by other\b/.test(cause)) return 'an unseen attacker'
  return undefined
}

const fmt = (p: { x: number; y: number; z: number }) => `(${Math.floor(p.x)}, ${Math.floor(p.y)}, ${Math.floor(p.z)})`

/** How many of `item` (a plan key: an item or a tag like `log` or `wool`) the inventory holds. */
function heldOf(item: string, inv: Record<string, number>): number {
  const key = planKey(item)
  let n = 0
  for (const [name, count] of Object.entries(inv)) if (count > 0 && (planKey(name) === key || matchesName(key, name))) n += count
  return n
}

function inventoryKey(inv: Record<string, number>): string {
  return JSON.stringify([...countByKey(inv).entries()].sort(([a], [b]) => a.localeCompare(b)))
}

export class PlanExecutor {
  readonly goal: ExecutorGoal
  private readonly graph: ObtainGraph
  private readonly maxActions: number
  private target: number | undefined
  private actions = 0
  private explores = 0
  /**
   * The last decision, the inventory it was made from (whole, and the step's own item), and the
   * outcome reported: `said` is false when the report left `ok` out.
   */
  private last: { decision: Decision; invKey: string; own: number; reason?: string; said?: boolean } | undefined
  private readonly failures = new Map<string, number>()
  private readonly excluded = new Set<string>()
  private readonly stationsHeld = new Set<string>()
  private readonly stationsPlaced = new Set<string>()
  private pendingExplore: { note: string } | undefined
  /** Searches elsewhere per step signature (a not-found target is looked for twice before its route is dropped). */
  private readonly searches = new Map<string, number>()
  /** The last route dropped, for the failure's reason. */
  private lastDropped: { step: PlanStep; reason: string; times: number } | undefined
  private death: { cause: string; spot?: DeathSpot; held?: Record<string, number>; at: number } | undefined
  private pendingRecovery: Recovery | undefined
  private lastInventory: Record<string, number> | undefined
  /** Failures per route over the whole task (the same-way counts restart when a route is taken back). */
  private readonly routeFailures = new Map<string, number>()
  /** Dropped gather routes taken back after looking elsewhere (see MAX_RETRY_ROUNDS). */
  private retryRounds = 0
  /** The step each dropped route was dropped on (its kind decides whether it may be taken back). */
  private readonly droppedSteps = new Map<string, PlanStep>()
  /** Dropped routes whose last failure was "not found" (looking elsewhere can change that). */
  private readonly droppedNotFound = new Set<string>()
  /** Trips back for a death's items made again after an interruption (see MAX_RECOVERY_RETRIES). */
  private recoveryRetries = 0
  /** Every item a plan of this task has gathered or made (bare names): food among them is not for eating. */
  private readonly planned = new Set<string>()
  /** The steps of the last plan made (for what the goal needs alive). */
  private lastPlan: PlanStep[] = []
  /** Arming steps decided since the last death (each kind of arming allows a few: ./arming.ts). */
  private armingSteps = 0
  /** What of a monster caused the last death (`a zombie`, `an explosion`): the bot arms before going on (./arming.ts). */
  private killedBy: string | undefined
  /** Hunts dropped because their monsters are not about by day: taken back when night comes. */
  private readonly droppedByDay = new Set<string>()
  /** When the night falls by the executor's clock, from the hunt's own words ("night falls in about N s"). */
  private nightAt: number | undefined
  /**
   * Stations a step failed for want of (out of reach, none near): one the bot knows of is no use
   * until it holds one again. A table it placed and could not walk back to is still a known block.
   */
  private readonly stationsLost = new Set<string>()
  /** The bot's own field: plots of each crop it planted during its farm steps (see noteField). */
  private readonly field = new Map<FarmCrop, number>()
  /** The farm step last decided: its crop and how many of its plants the bot held then. */
  private farming: { crop: FarmCrop; plantsHeld: number } | undefined

  constructor(
    goal: ExecutorGoal,
    private readonly opts: ExecutorOptions = {},
  ) {
    this.goal = { ...goal, item: planKey(goal.item) }
    this.graph = opts.graph ?? obtainGraph(opts.version)
    this.maxActions = opts.maxActions ?? 200
  }

  /** Routes excluded after failing twice the same way (for status lines and tests). */
  excludedRoutes(): string[] {
    return [...this.excluded]
  }

  stationsNearby(): string[] {
    return [...this.stationsPlaced]
  }

  /**
   * Mob kinds the last plan needs alive (bare names): the layer of the eggs it waits for, the sheep it
   * shears, the cow it milks. A hunt for food must not kill them (the egg task's chickens were eaten).
   */
  livingSources(): Set<string> {
    const kinds = new Set<string>()
    for (const s of this.lastPlan) {
      if (s.kind === 'pickUp') kinds.add(bareName(s.entity))
      else if (s.kind === 'shear') kinds.add('sheep')
      else if (s.kind === 'fill' && s.fluid === 'milk') kinds.add('cow')
    }
    return kinds
  }

  /** Plots of each crop the bot planted and has not lost (for status lines and tests). */
  plantedField(): Partial<Record<FarmCrop, number>> {
    return Object.fromEntries(this.field)
  }

  /** What every plan of this executor starts from: the graph, the world seen, the stations placed and the bot's own field. */
  private known(world?: Observation['world']): PlanOptions {
    return { graph: this.graph, ...world, stationsNearby: this.stationsPlaced, planted: this.plantedField() }
  }

  /** Steps a plan from `inv` would have now (0 when done or no plan), without deciding anything. */
  stepsLeft(inv: Record<string, number>): number {
    const p = plan(this.goal.item, this.targetCount(inv), inv, { ...this.known(), excluded: this.excluded })
    return p.ok ? p.steps.length : 0
  }

  /**
   * Items the task's plans gather or make on the way (bare names), and the goal: food among them is
   * no meal (the golden apple's apple).
   */
  plannedItems(): ReadonlySet<string> {
    return new Set([...this.planned, bareName(this.goal.item)])
  }

  /** How many of the goal item the inventory holds. */
  held(inv: Record<string, number>): number {
    return countByKey(inv).get(this.goal.item) ?? 0
  }

  /** The target count (absolute), fixed at the first observation. */
  targetCount(inv: Record<string, number>): number {
    this.target ??= this.goal.mode === 'get' ? this.goal.count : this.held(inv) + this.goal.count
    return this.target
  }

  /** The next decision from what the bot holds and knows now. */
  next(seen: Observation): Decision {
    const obs = this.withoutLostStations(seen)
    const inv = obs.inventory
    this.noteField(inv)
    this.noteDeathLosses(inv, obs.position)
    this.lastInventory = { ...inv }
    const target = this.targetCount(inv)
    const have = this.held(inv)
    if (have >= target) return { kind: 'done', reason: `holding ${have} ${this.goal.item} (wanted ${target})` }
    if (this.actions >= this.maxActions) return this.fail(`gave up after ${this.actions} actions without reaching ${target} ${this.goal.item} (holding ${have})`)
    this.noteStations(inv)
    this.judgeLast(inv)
    if (this.pendingRecovery) {
      const r = this.pendingRecovery
      this.pendingRecovery = undefined
      const what = Object.entries(r.items)
        .map(([k, n]) => `${n} ${bareName(k)}`)
        .join(', ')
      return this.decide({ kind: 'recover', ...r, note: `going back for what the death left at ${fmt(r.at)}, ${Math.round(r.distance)} blocks away (${what})` }, inv)
    }
    const now = (this.opts.now ?? Date.now)()
    const nightNear = this.nightAt !== undefined && now >= this.nightAt - NIGHT_AHEAD_MS
    if ((obs.world?.night || nightNear) && this.droppedByDay.size) {
      this.nightAt = undefined
      // a fishing rod's spider hunt dropped by day left a search for cobwebs, and the night came and went in a shelter
      for (const r of this.droppedByDay) this.excluded.delete(r)
      this.opts.onNote?.(`${obs.world?.night ? 'night' : 'dusk near'}: taking back ${[...this.droppedByDay].join(', ')} (dropped by day: those monsters spawn in the dark)`)
      this.droppedByDay.clear()
    }
    if (this.pendingExplore) {
      const { note } = this.pendingExplore
      this.pendingExplore = undefined
      const { distance, direction } = this.nextLeg()
      return this.decide({ kind: 'explore', distance, direction, note }, inv)
    }
    const p = plan(this.goal.item, target, inv, { ...this.known(obs.world), excluded: this.excluded })
    if (!p.ok) {
      const retry = this.retryDroppedGathers(target, inv, obs)
      if (retry) return this.decide(retry, inv)
      const d = this.lastDropped
      // the routes dropped are why no plan is left: say the last one's failure, not the loop of what remains
      const becauseDropped = d && (p.reason.includes(stepSignature(d.step)) || plan(this.goal.item, target, inv, this.known(obs.world)).ok)
      return this.fail(d && becauseDropped ? `could not ${describeStep(d.step)} after ${d.times} attempts: ${d.reason}` : p.reason)
    }
    this.lastPlan = p.steps
    for (const s of p.steps) this.planned.add(bareName(s.item))
    const first = firstStep(p.steps)
    if (!first) return { kind: 'done', reason: `holding ${have} ${this.goal.item}` }
    const step = withSpareLog(this.graph, first, p.steps)
    const refused = this.opts.canRun?.(step)
    if (refused) return this.fail(`${describeStep(step)}: ${refused}`)
    const arming = this.opts.arm === false ? undefined : armingStep(this.graph, step, inv, { ...obs.world, stationsNearby: this.stationsPlaced, excluded: this.excluded }, this.killedBy)
    if (arming && this.armingSteps < arming.maxSteps && !this.opts.canRun?.(arming.step)) {
      this.armingSteps++
      return this.decide({ kind: 'step', step: arming.step, planLength: p.steps.length, note: `${describeStep(arming.step)}: arming with a ${arming.weapon.replace('_', ' ')} before ${arming.before}` }, inv)
    }
    const n = p.steps.length
    const up = surfaceFirst(this.graph, step, p.steps, inv)
    if (up && !this.opts.canRun?.(up)) return this.decide({ kind: 'step', step: up, planLength: n, note: `${describeStep(up)}: before going down for ${describeStep(step)} (plan from here: ${n} steps to ${target} ${this.goal.item})` }, inv)
    return this.decide({ kind: 'step', step, planLength: n, note: `${describeStep(step)} (plan from here: ${n} step${n === 1 ? '' : 's'} to ${target} ${this.goal.item})` }, inv)
  }

  /** The observation without the known stations a step failed for want of (see stationsLost). */
  private withoutLostStations(obs: Observation): Observation {
    const known = obs.world?.knownBlocks
    if (!known || this.stationsLost.size === 0) return obs
    return { ...obs, world: { ...obs.world, knownBlocks: [...known].filter((b) => !this.stationsLost.has(bareName(b))) } }
  }

  /** The outcome of the last decision. */
  report(outcome: StepOutcome): void {
    const last = this.last
    // a trip back for a death's items that a reflex cut short (a fight on the way) is made again
    if (last?.decision.kind === 'recover' && outcome.interrupted && this.recoveryRetries < MAX_RECOVERY_RETRIES) {
      const { kind: _kind, note: _note, ...recovery } = last.decision
      this.recoveryRetries++
      this.pendingRecovery = recovery
    }
    if (!last || last.decision.kind !== 'step' || outcome.interrupted) {
      if (last) last.decision = { kind: 'done', reason: 'reported' }
      return
    }
    const step = last.decision.step
    last.reason = outcome.reason
    last.said = outcome.ok !== undefined
    // a station that could not be found or reached is not nearby after all: make or place a new one
    for (const s of STATIONS) {
      if (outcome.ok === true || !outcome.reason.includes(s) || /\b(crafted|made|smelted)\b/.test(outcome.reason)) continue
      this.stationsPlaced.delete(s)
      this.stationsLost.add(s)
    }
    if (outcome.ok !== false) return
    this.countFailure(step, outcome.reason)
    last.decision = { kind: 'done', reason: 'reported' }
  }

  /**
   * The first inventory after a step's outcome, for a link that acts between the outcome and its next
   * decision (the builtin mind's food detour): the step is judged by what it left, not by what the
   * detour ate or spent (next() judges it otherwise).
   */
  observe(inv: Record<string, number>): void {
    this.noteField(inv)
    if (this.last?.reason !== undefined) this.judgeLast(inv)
  }

  /**
   * The bot died: said once, with what was lost, at the next observation. With the spot where it
   * died, the next decision goes back there for the items when they can still be had.
   */
  died(cause: string, spot?: DeathSpot, held?: Record<string, number>): void {
    this.death = { cause, at: (this.opts.now ?? Date.now)(), ...(spot ? { spot } : {}), ...(held ? { held } : {}) }
  }

  private decide(d: Decision, inv: Record<string, number>): Decision {
    this.actions++
    this.farming = d.kind === 'step' && d.step.kind === 'farm' ? { crop: d.step.crop, plantsHeld: heldOf(CROP_SPECS[d.step.crop].plant, inv) } : undefined
    this.last = { decision: d, invKey: inventoryKey(inv), own: d.kind === 'step' ? heldOf(d.step.item, inv) : 0 }
    return d
  }

  /**
   * A step that ended "ok" but left the inventory as it was made no progress: a failure. So did a
   * gathering step whose outcome did not say ok and that brought none of its own item.
   */
  private judgeLast(inv: Record<string, number>): void {
    const last = this.last
    if (!last || last.decision.kind !== 'step') return
    const step = last.decision.step
    const byOwnItem = GATHER_KINDS.has(step.kind) && last.said === false
    const failed = byOwnItem ? heldOf(step.item, inv) <= last.own : inventoryKey(inv) === last.invKey
    if (failed) this.countFailure(step, last.reason ? `no progress: ${last.reason}` : 'no progress: the inventory did not change', last.reason ?? '')
    last.decision = { kind: 'done', reason: 'judged' }
  }

  /**
   * The plants that left the inventory during the last farm step went into the ground: they join the
   * field. After a death the inventory is empty, so what the bot held when it died is what counts.
   */
  private noteField(inv: Record<string, number>): void {
    const f = this.farming
    if (!f) return
    this.farming = undefined
    const after = this.death ? this.death.held : inv
    if (!after) return
    const plant = CROP_SPECS[f.crop].plant
    const planted = f.plantsHeld - heldOf(plant, after)
    if (planted <= 0) return
    const plots = Math.min(MAX_PLOTS, (this.field.get(f.crop) ?? 0) + planted)
    this.field.set(f.crop, plots)
    this.opts.onNote?.(`${plots} ${f.crop} plot${plots === 1 ? '' : 's'} planted in the field: the next farm step goes back to ${plots === 1 ? 'it' : 'them'}`)
  }

  /** `cause`: the step's own words, where "not found" is looked for (not the executor's "no progress" around them). */
  private countFailure(step: PlanStep, reason: string, cause = reason): void {
    // the field may be gone (trampled, eaten, out of reach): plan its plants again
    if (step.kind === 'farm') this.field.delete(step.crop)
    const sig = `${stepSignature(step)}|${failureClass(reason)}`
    const n = (this.failures.get(sig) ?? 0) + 1
    this.failures.set(sig, n)
    const route = stepSignature(step)
    const attempts = (this.routeFailures.get(route) ?? 0) + 1
    this.routeFailures.set(route, attempts)
    const searched = this.searches.get(route) ?? 0
    // a target not found is looked for elsewhere, farther each time: a changed attempt, not the same one
    if (GATHER_KINDS.has(step.kind) && NOT_FOUND.test(cause) && searched < MAX_SEARCHES) {
      this.searches.set(route, searched + 1)
      this.pendingExplore = { note: `${describeStep(step)}: ${reason}; looking elsewhere` }
      return
    }
    if (n >= 2) {
      this.excluded.add(route)
      this.droppedSteps.set(route, step)
      this.lastDropped = { step, reason, times: attempts }
      if (NOT_FOUND.test(cause)) this.droppedNotFound.add(route)
      else this.droppedNotFound.delete(route)
      if (step.kind === 'hunt' && /\bin daylight\b/.test(reason)) {
        this.droppedByDay.add(route)
        const dusk = /night falls in about (\d+) s/.exec(reason)
        if (dusk) this.nightAt = (this.opts.now ?? Date.now)() + Number(dusk[1]) * 1000
      }
      this.opts.onNote?.(`${describeStep(step)} failed the same way again (${reason}); not trying ${route} again`)
    }
  }

  private noteStations(inv: Record<string, number>): void {
    const held = countByKey(inv)
    for (const s of STATIONS) {
      if ((held.get(s) ?? 0) > 0) {
        this.stationsHeld.add(s)
        this.stationsLost.delete(s)
      } else if (this.stationsHeld.delete(s)) this.stationsPlaced.add(s)
    }
  }

  private noteDeathLosses(inv: Record<string, number>, position?: { x: number; y: number; z: number }): void {
    const death = this.death
    if (death === undefined) return
    // what the bot held when it died, from the body when the link gives it: the last observation can be
    // older than the items a step gathered before the death (a diamond run lost 3 diamonds unnoticed)
    const before = countByKey(death.held ?? this.lastInventory ?? {})
    const now = countByKey(inv)
    const lostItems = Object.fromEntries([...before.entries()].map(([k, n]) => [k, n - (now.get(k) ?? 0)] as const).filter(([, n]) => n > 0))
    const lost = Object.entries(lostItems).map(([k, n]) => `${n} ${bareName(k)}`)
    const r = recoveryDecision({ lost: lostItems, ...(death.spot ? { spot: death.spot } : {}), ...(position ? { position } : {}), sinceDeathMs: (this.opts.now ?? Date.now)() - death.at })
    const after = 'ok' in r ? '; going back for it first' : lost.length ? ` (${r.why}); re-planning from what is left` : '; re-planning from what is left'
    this.opts.onNote?.(`died (${death.cause}); lost ${lost.length ? lost.join(', ') : 'nothing'}${after}`)
    this.death = undefined
    this.pendingRecovery = 'ok' in r ? r.recovery : undefined
    this.recoveryRetries = 0
    this.armingSteps = 0
    this.killedBy = monsterDeath(this.graph, death.cause)
    // stations left behind stand where the bot died: far away now
    this.stationsPlaced.clear()
    this.stationsHeld.clear()
    this.stationsLost.clear()
    this.last = undefined
  }

  /**
   * No route is left, but some dropped route gathers (collect, hunt, …): somewhere else it is a
   * changed attempt. Look elsewhere, farther each round, and take those routes back, when planning
   * with them would succeed. Undefined when there is nothing to take back or the rounds are spent.
   */
  private retryDroppedGathers(target: number, inv: Record<string, number>, obs: Observation): Decision | undefined {
    const gathers = [...this.excluded].filter((r) => GATHER_KINDS.has(this.droppedSteps.get(r)?.kind ?? ''))
    if (gathers.length === 0) return undefined
    const rounds = gathers.every((r) => this.droppedNotFound.has(r)) ? MAX_SEARCH_ROUNDS : MAX_RETRY_ROUNDS
    if (this.retryRounds >= rounds) return undefined
    const without = new Set([...this.excluded].filter((r) => !gathers.includes(r)))
    const p = plan(this.goal.item, target, inv, { ...this.known(obs.world), excluded: without })
    if (!p.ok) return undefined
    this.retryRounds++
    for (const r of gathers) {
      this.excluded.delete(r)
      for (const sig of [...this.failures.keys()]) if (sig.startsWith(`${r}|`)) this.failures.delete(sig)
    }
    const what = gathers.map((r) => describeStep(this.droppedSteps.get(r)!)).join(', ')
    const { distance, direction } = this.nextLeg()
    const note = `no route left (${what} dropped); looking ${distance} blocks elsewhere, then trying again (round ${this.retryRounds} of ${rounds})`
    this.opts.onNote?.(note)
    return { kind: 'explore', distance, direction, note }
  }

  /**
   * The next leg of one square spiral over every look elsewhere of the task (48, 96, 144 … blocks,
   * turning a quarter each time), so no search walks back over ground already looked at.
   */
  private nextLeg(): { distance: number; direction: { x: number; z: number } } {
    const n = this.explores++
    return { distance: SEARCH_STEP * (n + 1), direction: DIRECTIONS[n % DIRECTIONS.length]! }
  }

  private fail(reason: string): Decision {
    return { kind: 'failed', reason }
  }
}

/**
 * The decision: determinized Monte Carlo over whole-turn plans.
 *
 * A plan is what we do this turn (secondary actions and at most one main
 * action, e.g. blink + move, detect + move, lay a trap + move). Each plan is
 * scored by simulations: sample a full state from the belief (hidden
 * positions, traps, Box contents), play the plan in the simulator (sim.ts, the
 * engine's rules), let every player follow its rollout style for a few rounds
 * (policy.ts; the opponents' styles come from the belief), evaluate the
 * expected points (evaluate.ts). All plans see the same samples and the same
 * dice (common random numbers), and successive halving spends the budget on
 * the plans that still look best. The plan our own rollout policy would play
 * is the default: another plan replaces it only when it is better by more than
 * the noise of the comparison, so the expert does not wander on noise.
 */
import type { Action } from '../../engine.js'
import { createRng } from '../../rng.js'
import type { GameStateTracker } from '../../sdk/state.js'
import type { Belief } from './belief.js'
import { Evaluator } from './evaluate.js'
import type { FastGraph } from './graph.js'
import { Dice, SELF_STYLE, dangerAt, playTurn, stepTowards, type PolicyContext, type Style } from './policy.js'
import { ALIVE, F_DETECT, F_SCORE, KIT, LANDMINE, type Sim, STICKY, TOOL_LIMIT, TRANSPORT } from './sim.js'
import type { TourPlanner } from './tour.js'

export interface SearchOptions {
  /** Receives a line per decision (the candidates and their values) when set. */
  trace?: (line: string) => void
  /** Also trace three sample rollouts of the default and the chosen plan. */
  traceRollouts?: boolean
  /** Turns in a row we stood still: from PATIENCE on, standing still is no candidate (deadlocks between careful players). */
  idle?: number
  /**
   * Turns spent so far, since our keys last changed, lying in wait at the capsule for a player that holds
   * every key but has not started its escape: from CAMP_PATIENCE on that is no candidate (such a player
   * often waits because we are there, and the standoff only ends the game with neither of us out).
   */
  camp?: number
  /**
   * The way to this node (our tour's next target) has been blocked for a while: our tour has not got
   * shorter for STALL turns with the same keys. Walking towards the best tour that skips it becomes
   * the default plan (-1 or absent: not stalled).
   */
  avoid?: number
  /** Simulations for this decision. */
  sims: number
  /** Rounds each rollout looks ahead. */
  horizon: number
  /** Wall-clock safety cap in ms (stops early; normally never reached). */
  capMs: number
  seed: number
}

/** This turn's actions, and whom our own later turns chase in the lookahead (-1: walk the tour). */
export interface Plan {
  actions: Action[]
  hunt: number
}

export interface SearchResult {
  plan: Action[]
  /** The player the chosen plan goes after, or -1. */
  hunt: number
  sims: number
  candidates: number
  value: number
  /** The wall-clock cap cut the search short. */
  capped: boolean
  /** The chosen plan lies in wait at the capsule for a player with every key that is not escaping yet. */
  camping: boolean
}

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)
  h ^= h >>> 15
  h = Math.imul(h, 0x27d4eb2f)
  return (h ^ (h >>> 13)) >>> 0
}

const TOOLS = ['LandMine', 'Sticky', 'Kit', 'Transport'] as const
/** Turns standing still after which waiting is no longer a candidate. */
const PATIENCE = 4
/** Turns of lying in wait for a player with every key (not escaping) before we go our own way. */
const CAMP_PATIENCE = 6
/** At or below this hp without a Kit (one hit from death), fetching one from a Materials point is the default. */
const KIT_RUN_HP = 70
/** ...if one is at most this many steps away. */
const KIT_RUN_STEPS = 8
/** A plan must beat the default by this much (and by its noise) to replace it. */
const MARGIN = 0.01

export class PlanSearch {
  readonly evaluator: Evaluator
  private readonly ctx: PolicyContext
  private readonly work: Int32Array

  constructor(
    readonly g: FastGraph,
    readonly planner: TourPlanner,
    readonly belief: Belief,
    readonly sim: Sim,
  ) {
    this.evaluator = new Evaluator(sim, planner)
    this.ctx = { sim, planner, dice: new Dice(0), boxes: [] }
    this.work = sim.initial()
  }

  /** The plans worth comparing this turn; every action in them is legal from what we know exactly. */
  candidates(e0: Int32Array, me: number, campOk = true, avoid = -1): { plans: Plan[]; def: number; forced: boolean } {
    const { g, sim } = this
    const round = sim.round(e0)
    const node = sim.node(e0, me)
    const keys = sim.keys(e0, me)
    const pos = (n: number) => g.pos[n]!
    const plans: Plan[] = []
    const seen = new Set<string>()
    const add = (actions: Action[], hunt = -1): number => {
      const k = JSON.stringify(actions) + hunt
      if (seen.has(k)) return [...seen].indexOf(k)
      seen.add(k)
      plans.push({ actions, hunt })
      return plans.length - 1
    }
    // The default: what our own rollout policy would do here.
    const rec: Action[] = []
    const probe = sim.clone(e0, this.work)
    this.ctx.dice.seed = 0
    this.ctx.record = rec
    playTurn(this.ctx, probe, me, SELF_STYLE)
    this.ctx.record = undefined
    let def = add(rec)
    let forced = false
    add([])
    const busy = rec.some((a) => a.kind === 'attack' || a.kind === 'kit' || a.kind === 'escape' || a.kind === 'keymachine' || a.kind === 'box')
    // Hurt and without a Kit (one hit from death): fetch one from the nearest Materials point.
    const hp = sim.hp(e0, me)
    if (!busy && sim.tool(e0, me, KIT) === 0 && hp <= KIT_RUN_HP) {
      // Forced: with one hit from death, rollouts that value waiting beside an approaching enemy (a traced game: hp 30,
      // every key, round 87) cost the game after round 80, where a death is for good and ranks last.
      if (g.isMaterials[node] && sim.stock(e0, node) > 0) {
        def = add([{ kind: 'materials', tool: 'Kit' }])
        forced = true
      } else {
        // The nearest Materials point whose next step is safe: when only the nearest counted, a player
        // beside it sent the expert back to the search, whose step away the next forced walk undid (traced:
        // 60 rounds at 20 hp between two layers, next to a second Materials point).
        const stage = g.stage(round, 2)
        const near: number[] = []
        for (const m of g.materials) {
          if (sim.stock(e0, m) === 0) continue
          const d = g.distance(node, m, stage)
          if (d <= KIT_RUN_STEPS && g.failRound[m]! > round + d + 1) near.push(m)
        }
        near.sort((a, b) => g.distance(node, a, stage) - g.distance(node, b, stage) || a - b)
        for (const m of near) {
          const nx = stepTowards(g, node, m, round, stage, 0)
          if (nx >= 0 && nx !== node && dangerAt(sim, e0, me, nx, hp) === 0) {
            def = add([{ kind: 'move', to: pos(nx) }])
            forced = true
            break
          }
        }
      }
    }
    if (avoid >= 0 && !busy) {
      // Stalled (e.g. an enemy camps at the key machine we are heading for): take the other way.
      const stage = g.stage(round, 2)
      const alt = this.planner.tourAvoiding(node, keys, stage, avoid).target
      const nx = alt === node ? -1 : stepTowards(g, node, alt, round, stage, 0)
      if (nx >= 0 && nx !== node && dangerAt(sim, e0, me, nx, sim.hp(e0, me)) === 0) def = add([{ kind: 'move', to: pos(nx) }])
    }
    const stage = g.stage(round, 2)
    const target = this.planner.tour(node, keys, stage, []).target
    const moves: number[] = []
    for (const to of g.moves[node]!) {
      if (g.failRound[to]! <= round) continue
      moves.push(to)
      const canDetect = sim.get(e0, me, F_DETECT) === 0 && g.adjacent[node * g.n + to] === 1
      add(canDetect && this.belief.suspect.has(to) ? [{ kind: 'detect', at: pos(to) }, { kind: 'move', to: pos(to) }] : [{ kind: 'move', to: pos(to) }])
    }
    for (let q = 0; q < 4; q++) {
      if (q !== me && sim.onMap(e0, q) && sim.inReach(e0, me, q)) add([{ kind: 'attack', at: pos(sim.node(e0, q)), target: q }], q)
    }
    if (g.isMaterials[node]) {
      for (let t = 0; t < 4; t++) if (sim.tool(e0, me, t) < TOOL_LIMIT[t]!) add([{ kind: 'materials', tool: TOOLS[t]! }])
    }
    if (sim.box(e0, node) !== 0) add([{ kind: 'box' }])
    const km = g.machineKey[node]!
    if (km >= 0 && !(keys & (1 << km))) add([{ kind: 'keymachine' }])
    if (node === g.capsule && keys === 15) add([{ kind: 'escape', start: true }])
    if (sim.tool(e0, me, KIT) > 0) add([{ kind: 'kit' }])
    moves.sort((a, b) => g.distance(a, target, stage) - g.distance(b, target, stage) || a - b)
    const best = moves.slice(0, 2)
    for (const [trap, code] of [['LandMine', LANDMINE], ['Sticky', STICKY]] as const) {
      if (sim.tool(e0, me, code) < 1) continue
      if (g.trapOk[node] && sim.trap(e0, node) === 0) {
        add([{ kind: 'trap', trap }])
        for (const m of best) add([{ kind: 'trap', trap }, { kind: 'move', to: pos(m) }])
      }
      for (const m of best) if (g.trapOk[m] && g.adjacent[node * g.n + m] === 1 && sim.trap(e0, m) === 0) add([{ kind: 'move', to: pos(m) }, { kind: 'trap', trap }])
    }
    if (sim.tool(e0, me, TRANSPORT) > 0) {
      for (const b of g.adj[node]!) {
        if (g.failRound[b]! <= round) continue
        const follow: Action[] = []
        let bestNext = -1
        for (const nx of g.moves[b]!) {
          if (g.failRound[nx]! <= round) continue
          if (bestNext < 0 || g.distance(nx, target, stage) < g.distance(bestNext, target, stage)) bestNext = nx
        }
        if (bestNext >= 0 && g.distance(bestNext, target, stage) < g.distance(node, target, stage) - 1) follow.push({ kind: 'move', to: pos(bestNext) })
        for (let q = 0; q < 4; q++) {
          if (q === me || !sim.onMap(e0, q)) continue
          const at = sim.node(e0, q)
          if (at === b || g.adjacent[b * g.n + at] === 1) follow.push({ kind: 'attack', at: pos(at), target: q })
        }
        if (b === g.capsule && keys === 15) follow.push({ kind: 'escape', start: true })
        const bk = g.machineKey[b]!
        if (bk >= 0 && !(keys & (1 << bk))) follow.push({ kind: 'keymachine' })
        if (sim.box(e0, b) !== 0) follow.push({ kind: 'box' })
        for (const f of follow) add([{ kind: 'blink', to: pos(b) }, f], f.kind === 'attack' ? f.target : -1)
      }
    }
    // Going after a player: one we see nearby that carries a key we lack or is hurt, or one that
    // will soon escape (we wait for it next to the capsule: its countdown is our chance).
    for (let q = 0; q < 4; q++) {
      if (q === me || !sim.onMap(e0, q) || sim.inReach(e0, me, q)) continue
      const bits = sim.keys(e0, q)
      const nKeys = (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1) + ((bits >> 3) & 1)
      let goal = -1
      if (bits === 15 || sim.status(e0, q) === 4) {
        if (sim.status(e0, q) !== 4 && !campOk) continue
        goal = g.capsule
      } else if (this.belief.others[q]?.seen.visible === true) {
        const at = sim.node(e0, q)
        if (((bits & ~keys) !== 0 || sim.hp(e0, q) <= 70 || nKeys >= 3) && g.distance(node, at, stage) <= 4) goal = at
      }
      if (goal < 0 || goal === node) continue
      const nx = stepTowards(g, node, goal, round, stage, 0)
      if (nx >= 0 && !(goal === g.capsule && keys !== 15 && nx === goal)) add([{ kind: 'move', to: pos(nx) }], q)
      if (goal === g.capsule && g.distance(node, goal, stage) <= 1) add([], q)
    }
    return { plans, def, forced }
  }

  /** One simulation of `plan` from sample state `e0` (not modified); returns the value for us. */
  simulate(e0: Int32Array, me: number, plan: Plan, dice: number, styles: Style[], horizon: number, log?: string[]): number {
    const sim = this.sim
    const st = sim.clone(e0, this.work)
    for (const a of plan.actions) {
      if (!sim.apply(st, me, a) || sim.status(st, me) !== ALIVE) break
    }
    this.ctx.dice.seed = dice
    const end = sim.round(st) + horizon
    sim.endTurn(st)
    let hunt = plan.hunt
    while (!sim.over(st) && !(sim.round(st) >= end && sim.seat(st) === me)) {
      const seat = sim.seat(st)
      // The chase ends with the prey's death (no hunting it again at its spawn).
      if (hunt >= 0 && !sim.onMap(st, hunt)) hunt = -1
      if (sim.startTurn(st)) playTurn(this.ctx, st, seat, styles[seat]!, seat === me ? hunt : -1)
      if (log) log.push(`r${sim.round(st)}p${seat}s${sim.status(st, seat)}@${this.g.pos[sim.node(st, seat)]!.join('')}h${sim.hp(st, seat)}k${sim.keys(st, seat)}`)
      sim.endTurn(st)
    }
    if (log) log.push(`END ${this.evaluator.explain(st, me)}`)
    return this.evaluator.value(st, me)
  }

  run(s: GameStateTracker, opts: SearchOptions): SearchResult {
    const started = performance.now()
    const me = s.id
    const e0 = this.belief.determinize(s, createRng(mix(opts.seed, 0x5eed)))
    this.evaluator.origin = s.round
    const found = this.candidates(e0, me, (opts.camp ?? 0) < CAMP_PATIENCE, opts.avoid ?? -1)
    let { plans, def } = found
    if (found.forced) {
      const p = plans[def]!
      return { plan: p.actions, hunt: -1, sims: 0, candidates: plans.length, value: 0, capped: false, camping: false }
    }
    if ((opts.idle ?? 0) >= PATIENCE) {
      const moving = plans.filter((p) => p.actions.some((a) => a.kind !== 'detect' && a.kind !== 'trap'))
      if (moving.length > 0) {
        const d = plans[def]!
        plans = moving
        def = Math.max(0, plans.indexOf(d))
      }
    }
    // Each opponent is, per sample, either the racer we saw or a careful player like us (its caution is learned).
    const racers = [0, 1, 2, 3].map((id) => (id === me ? SELF_STYLE : this.belief.style(id)))
    const careful = [0, 1, 2, 3].map((id) => (id === me ? SELF_STYLE : { ...SELF_STYLE, moveRate: this.belief.moveRate(id) }))
    const caution = [0, 1, 2, 3].map((id) => (id === me ? 1 : this.belief.caution(id)))
    const styleDice = new Dice(mix(opts.seed, 0xca7e))
    const stylesOf = (k: number): Style[] => [0, 1, 2, 3].map((id) => (styleDice.u(id, k, 9) < caution[id]! ? careful[id]! : racers[id]!))
    const styles = racers
    this.evaluator.interceptors = racers.reduce((m, st, id) => (id !== me && st.restocks ? m | (1 << id) : m), 0)
    if (plans.length <= 1) return { plan: plans[0]?.actions ?? [], hunt: -1, sims: 0, candidates: plans.length, value: 0, capped: false, camping: false }
    const samples: Int32Array[] = []
    const sample = (i: number): Int32Array => {
      while (samples.length <= i) samples.push(this.belief.determinize(s, createRng(mix(opts.seed, samples.length + 1))))
      return samples[i]!
    }
    const vals: number[][] = plans.map(() => [])
    let alive = plans.map((_, i) => i)
    let used = 0
    let capped = false
    const rounds = Math.max(1, Math.ceil(Math.log2(plans.length)))
    const mean = (i: number) => {
      const v = vals[i]!
      return v.length ? v.reduce((a, b) => a + b, 0) / v.length : -Infinity
    }
    outer: while (alive.length > 1 && used < opts.sims) {
      const per = Math.max(1, Math.floor(opts.sims / (rounds * alive.length)))
      const from = Math.min(...alive.map((c) => vals[c]!.length))
      for (let k = from; k < from + per; k++) {
        if (performance.now() - started > opts.capMs) {
          capped = true
          break outer
        }
        const e = sample(k)
        const dice = mix(opts.seed, 0xd1ce + k)
        const kStyles = stylesOf(k)
        for (const c of alive) {
          if (vals[c]!.length > k) continue
          if (used >= opts.sims) break outer
          vals[c]!.push(this.simulate(e, me, plans[c]!, dice, kStyles, opts.horizon))
          used++
        }
      }
      const keep = Math.max(1, Math.ceil(alive.length / 2))
      const sorted = [...alive].sort((a, b) => mean(b) - mean(a) || a - b)
      alive = sorted.slice(0, keep)
      if (!alive.includes(def) && alive.length > 1) alive[alive.length - 1] = def
    }
    let bestIdx = [...alive].sort((a, b) => mean(b) - mean(a) || a - b)[0] ?? def
    if (bestIdx !== def) {
      // Paired comparison with the default on the samples both saw.
      const a = vals[bestIdx]!
      const b = vals[def]!
      const n = Math.min(a.length, b.length)
      if (n > 0) {
        let sum = 0
        let sq = 0
        for (let i = 0; i < n; i++) {
          const d = a[i]! - b[i]!
          sum += d
          sq += d * d
        }
        const m = sum / n
        const se = Math.sqrt(Math.max(0, sq / n - m * m) / n)
        if (m < MARGIN + se) bestIdx = def
      }
    }
    if (opts.trace) {
      const trace = opts.trace
      const who = [0, 1, 2, 3].map((q) => `p${q}:st${this.sim.status(e0, q)}@${this.g.pos[this.sim.node(e0, q)]!.join('')}hp${this.sim.hp(e0, q)}k${this.sim.keys(e0, q)}sc${this.sim.get(e0, q, F_SCORE)}tr${this.sim.tool(e0, q, TRANSPORT)}${this.belief.others[q]!.seen.visible ? 'V' : ''} a${styles[q]!.aggression.toFixed(2)} m${styles[q]!.moveRate.toFixed(2)} c${caution[q]!.toFixed(2)}${styles[q]!.restocks ? ' R' : ''}`)
      trace('   ' + who.join(' | '))
      if (opts.traceRollouts) {
        for (const c of new Set([def, bestIdx])) {
          for (let k = 0; k < 3; k++) {
            const log: string[] = []
            const v = this.simulate(sample(k), me, plans[c]!, mix(opts.seed, 0xd1ce + k), stylesOf(k), opts.horizon, log)
            trace(`  plan ${c} sample ${k}: ${v.toFixed(3)} ${log.join(' ')}`)
          }
        }
      }
      trace(
        `r${s.round} p${me} @${s.pos} hp${s.hp} keys${s.keys} def=${def} ` +
          plans.map((p, i) => `${i === bestIdx ? '*' : ''}${p.actions.map((a) => a.kind + ('to' in a ? a.to.join('') : '') + ('target' in a ? a.target : '')).join('+') || 'wait'}${p.hunt >= 0 ? 'h' + p.hunt : ''}=${mean(i).toFixed(3)}/${vals[i]!.length}`).join(' '),
      )
    }
    const prey = plans[bestIdx]!.hunt
    const camping = prey >= 0 && this.sim.keys(e0, prey) === 15 && this.sim.status(e0, prey) !== 4
    return { plan: plans[bestIdx]!.actions, hunt: prey, sims: used, candidates: plans.length, value: mean(bestIdx), capped, camping }
  }
}

/**
 * The decision: determinized Monte Carlo over whole-turn plans.
 *
 * A plan is what we do this turn (secondary actions and at most one main
 * action, e.g. blink + move, detect + move, lay a trap + move). Each plan is
 * scored by simulations: sample a full state from the belief (hidden
 * positions, traps, Box contents), play the plan in the real rules engine,
 * let every player follow the rollout policy for a few rounds, evaluate. All
 * plans see the same samples (common random numbers), and successive halving
 * spends the simulation budget on the plans that still look best.
 */
import type { Action, LostSpaceEngine } from '../../engine.js'
import { createRng, type Rng } from '../../rng.js'
import type { GameStateTracker } from '../../sdk/state.js'
import type { Belief } from './belief.js'
import { evaluate } from './evaluate.js'
import type { FastGraph } from './graph.js'
import { boxesOf, playTurn, stepTowards } from './policy.js'
import { maskOf, type TourPlanner } from './tour.js'

export interface SearchOptions {
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
}

const isMain = (a: Action): boolean => a.kind !== 'detect' && a.kind !== 'trap' && a.kind !== 'blink'

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)
  h ^= h >>> 15
  h = Math.imul(h, 0x27d4eb2f)
  return (h ^ (h >>> 13)) >>> 0
}

export class PlanSearch {
  constructor(
    readonly g: FastGraph,
    readonly planner: TourPlanner,
    readonly belief: Belief,
  ) {}

  /** The plans worth comparing this turn; every action in them is legal from what we know exactly. */
  candidates(e0: LostSpaceEngine, s: GameStateTracker): Plan[] {
    const plans: Plan[] = this.turnPlans(e0, s).map((actions) => ({ actions, hunt: -1 }))
    // Going after a player: worth it for one carrying keys or already hurt, not too far away.
    const g = this.g
    const me = e0.players[s.id]!
    const node = g.id(me.pos)
    const stage = g.stage(e0.round, 2)
    for (const q of e0.players) {
      if (q.id === s.id || !e0.onMap(q) || (q.keys.length < 3 && q.hp > 70)) continue
      const seenAt = this.belief.visible(q.id, s)
      const at = seenAt ?? g.id(q.pos)
      if (g.distance(node, at, stage) > 4) continue
      if (seenAt !== null && (at === node || g.adj[node]!.includes(at))) {
        plans.push({ actions: [{ kind: 'attack', at: g.pos[at]!, target: q.id }], hunt: q.id })
        continue
      }
      const nx = stepTowards(g, node, at, e0.round, stage, null)
      if (nx >= 0 && !g.deadly(nx, e0.round)) plans.push({ actions: [{ kind: 'move', to: g.pos[nx]! }], hunt: q.id })
    }
    return plans
  }

  private turnPlans(e0: LostSpaceEngine, s: GameStateTracker): Action[][] {
    const g = this.g
    const me = s.id
    const p = e0.players[me]!
    const node = g.id(p.pos)
    const round = e0.round
    const legal = e0.legalActions(me)
    // Doing nothing is a real option: whoever walks up to a neighbour gets hit first.
    const plans: Action[][] = [[]]
    const stage = g.stage(round, 2)
    const target = this.planner.tour(node, maskOf(p.keys), stage, boxesOf(e0, g)).target
    const visibleAt = (id: number): number | null => this.belief.visible(id, s)
    const attackOk = (from: number, a: Extract<Action, { kind: 'attack' }>): boolean => {
      const at = visibleAt(a.target)
      return at !== null && at === g.id(a.at) && (at === from || g.adj[from]!.includes(at))
    }
    const moves: number[] = []
    for (const a of legal) {
      if (!isMain(a)) continue
      if (a.kind === 'attack' && !attackOk(node, a)) continue
      if (a.kind === 'move') {
        const to = g.id(a.to)
        if (g.deadly(to, round)) continue
        moves.push(to)
        const canDetect = p.detectCd === 0 && g.adj[node]!.includes(to)
        plans.push(canDetect && this.belief.suspect.has(to) ? [{ kind: 'detect', at: a.to }, a] : [a])
        continue
      }
      if (a.kind === 'escape' && !a.start) continue
      plans.push([a])
    }
    moves.sort((a, b) => g.distance(a, target, stage) - g.distance(b, target, stage))
    const best = moves.slice(0, 2)
    const placeable = (n: number): boolean => n !== g.capsule && g.machineKey[n] === -1 && !g.isElevator[n]
    const ownTrapAt = (n: number): boolean => e0.trapAt(g.pos[n]!) !== undefined
    for (const trap of ['LandMine', 'Sticky'] as const) {
      if (p.tools[trap] < 1) continue
      if (legal.some((a) => a.kind === 'trap' && a.trap === trap)) {
        plans.push([{ kind: 'trap', trap }])
        for (const m of best) plans.push([{ kind: 'trap', trap }, { kind: 'move', to: g.pos[m]! }])
      }
      for (const m of best) {
        if (placeable(m) && !ownTrapAt(m)) plans.push([{ kind: 'move', to: g.pos[m]! }, { kind: 'trap', trap }])
      }
    }
    if (p.tools.Transport > 0) {
      for (const a of legal) {
        if (a.kind !== 'blink') continue
        const b = g.id(a.to)
        if (g.deadly(b, round)) continue
        const follow: Action[] = []
        let bestNext = -1
        for (const nx of g.moves[b]!) {
          if (!g.enterable(nx, round) || g.deadly(nx, round)) continue
          if (bestNext < 0 || g.distance(nx, target, stage) < g.distance(bestNext, target, stage)) bestNext = nx
        }
        if (bestNext >= 0 && g.distance(bestNext, target, stage) < g.distance(node, target, stage) - 1) follow.push({ kind: 'move', to: g.pos[bestNext]! })
        for (const q of e0.players) {
          if (q.id === me) continue
          const at = visibleAt(q.id)
          if (at !== null && (at === b || g.adj[b]!.includes(at))) follow.push({ kind: 'attack', at: g.pos[at]!, target: q.id })
        }
        const km = g.machineKey[b]!
        if (km >= 0 && !p.keys.includes(km)) follow.push({ kind: 'keymachine' })
        if (e0.boxAt(g.pos[b]!)) follow.push({ kind: 'box' })
        for (const f of follow) plans.push([a, f])
      }
    }
    return plans
  }

  /** One simulation of `plan` on sample `i`; returns the value for us. */
  simulate(s: GameStateTracker, plan: Plan, sample: number, opts: SearchOptions): number {
    const rng: Rng = createRng(mix(opts.seed, sample))
    const e = this.belief.determinize(s, rng)
    const me = s.id
    for (const a of plan.actions) {
      const r = e.act(me, a)
      if (r.endsTurn || e.over) break
    }
    const rates = [0, 1, 2, 3].map((id) => (id === me ? 1 : this.belief.moveRate(id)))
    const end = e.round + opts.horizon
    if (!e.over) e.endTurn()
    while (!e.over && e.round < end) {
      const t = e.startTurn()
      if (t.canAct) playTurn(e, this.g, this.planner, t.seat, rng, rates[t.seat], t.seat === me ? plan.hunt : -1)
      e.endTurn()
    }
    return evaluate(e, this.g, this.planner, me)
  }

  run(s: GameStateTracker, opts: SearchOptions): SearchResult {
    const started = performance.now()
    const e0 = this.belief.determinize(s, createRng(mix(opts.seed, 0x5eed)))
    const plans = this.candidates(e0, s)
    const stats = plans.map(() => ({ sum: 0, n: 0 }))
    let alive = plans.map((_, i) => i)
    let used = 0
    let capped = false
    const rounds = Math.max(1, Math.ceil(Math.log2(plans.length)))
    outer: while (alive.length > 1 && used < opts.sims) {
      const per = Math.max(1, Math.floor(opts.sims / (rounds * alive.length)))
      for (const c of alive) {
        for (let k = 0; k < per && used < opts.sims; k++) {
          if (performance.now() - started > opts.capMs) {
            capped = true
            break outer
          }
          const st = stats[c]!
          st.sum += this.simulate(s, plans[c]!, st.n, opts)
          st.n++
          used++
        }
      }
      const mean = (i: number) => (stats[i]!.n ? stats[i]!.sum / stats[i]!.n : -Infinity)
      alive = [...alive].sort((a, b) => mean(b) - mean(a) || a - b)
      alive = alive.slice(0, Math.max(1, Math.ceil(alive.length / 2)))
    }
    const mean = (i: number) => (stats[i]!.n ? stats[i]!.sum / stats[i]!.n : -Infinity)
    const bestIdx = [...alive].sort((a, b) => mean(b) - mean(a) || a - b)[0] ?? 0
    return { plan: plans[bestIdx]?.actions ?? [], hunt: plans[bestIdx]?.hunt ?? -1, sims: used, candidates: plans.length, value: mean(bestIdx), capped }
  }
}

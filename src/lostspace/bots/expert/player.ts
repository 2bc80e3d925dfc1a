/**
 * `builtin:expert`: plays through the SDK like any third-party TypeScript AI.
 * Each turn it updates its belief from what it saw, searches whole-turn plans
 * with determinized Monte Carlo (search.ts) inside a budget counted in
 * simulations (deterministic for a seed), and sends the chosen actions.
 */
import { loadMap, type GameMap } from '../../map.js'
import { actionToTuple } from '../../messages.js'
import type { Action } from '../../engine.js'
import type { Player } from '../../sdk/client.js'
import type { GameStateTracker } from '../../sdk/state.js'
import { Belief } from './belief.js'
import { FastGraph } from './graph.js'
import { PlanSearch } from './search.js'
import { Sim } from './sim.js'
import { ALL_KEYS, TourPlanner, maskOf } from './tour.js'

/** Default thinking budget per decision, in ms of the reference machine's time: only converted to a simulation count. */
export const DEFAULT_BUDGET_MS = 60
/** Simulations one ms of budget buys (measured on the reference 2-core machine; fixed so play is deterministic). */
export const SIMS_PER_MS = 30
/** Rounds each rollout looks ahead. */
export const HORIZON = 10
/** Turns without our tour getting shorter (same keys) after which the way to its next key machine counts as blocked. */
export const STALL = 6

export interface ExpertOptions {
  seed?: number
  map?: GameMap
  /** Thinking budget per decision in ms (default 60); the simulation count follows from it. */
  budgetMs?: number
  /** The judger's per-turn limit in ms (default 3000): a decision never takes more than half of it. */
  turnLimitMs?: number
  /** Rounds each rollout looks ahead (default HORIZON). */
  horizon?: number
  /** Debugging: receives each decision's candidates and values. */
  trace?: (line: string) => void
  /** Debugging: in this round, also trace sample rollouts. */
  traceRound?: number
}

export interface DecisionRecord {
  round: number
  sims: number
  candidates: number
  ms: number
  capped: boolean
}

export interface ExpertPlayer extends Player {
  readonly budgetMs: number
  readonly simsPerDecision: number
  /** Wall-clock safety cap of one decision in ms: half the turn limit, whatever the budget. */
  readonly capMs: number
  /** Every decision taken so far (for tests and benchmarks). */
  readonly decisions: DecisionRecord[]
}

const graphs = new WeakMap<GameMap, { g: FastGraph; planner: TourPlanner; sim: Sim }>()

function graphFor(map: GameMap): { g: FastGraph; planner: TourPlanner; sim: Sim } {
  let hit = graphs.get(map)
  if (!hit) {
    const g = new FastGraph(map)
    hit = { g, planner: new TourPlanner(g), sim: new Sim(g) }
    graphs.set(map, hit)
  }
  return hit
}

let defaultMap: GameMap | null = null

export function createExpertPlayer(opts: ExpertOptions = {}): ExpertPlayer {
  const map = opts.map ?? (defaultMap ??= loadMap())
  const { g, planner, sim } = graphFor(map)
  const seed = (opts.seed ?? 1) >>> 0
  const budgetMs = opts.budgetMs ?? DEFAULT_BUDGET_MS
  if (!(budgetMs > 0)) throw new Error(`expert budget must be a positive number of ms, got ${budgetMs}`)
  const turnLimitMs = opts.turnLimitMs ?? 3000
  const horizon = opts.horizon ?? HORIZON
  const sims = Math.max(1, Math.round(budgetMs * SIMS_PER_MS))
  // The budget is the simulation count; the clock only guards the turn limit. A busy machine makes
  // a decision slower, never shallower (a cap tied to the budget cut searches short under load).
  const capMs = turnLimitMs / 2
  const belief = new Belief(g, planner, sim)
  const search = new PlanSearch(g, planner, belief, sim)
  const decisions: DecisionRecord[] = []
  let lastLayer = -1
  /** Turns in a row we chose to stand still. */
  let idle = 0
  /** Turns spent waiting at the capsule for a player with every key, since our keys last changed. */
  let camp = 0
  let campKeys = ''
  /** Progress on our own tour: the shortest seen since our keys last changed, turns since, the machine we were stuck on. */
  let tourKeys = ''
  let bestTour = Infinity
  let stall = 0
  let blocked = -1

  const execute = async (s: GameStateTracker, api: Parameters<Player['onRoundBegin']>[1], plan: Action[]) => {
    for (const a of plan) {
      if (api.turnOver) return
      const hpBefore = s.hp
      const from = s.pos ? g.id(s.pos) : -1
      const reply = await api.act(actionToTuple(a))
      if (!reply.success) {
        if (a.kind === 'materials' && from >= 0) belief.noteMaterials(from, 0, s.round)
        return
      }
      if (a.kind === 'move' || a.kind === 'blink') {
        belief.afterOwnMove(s, g.id(a.to), reply.view, hpBefore, typeof reply.status === 'number' ? reply.status : s.status)
        lastLayer = a.to[2]
      } else if (a.kind === 'box') {
        belief.scores.boxOpened(s.id)
      } else if (a.kind === 'materials' && from >= 0) {
        const prev = belief.stock.get(from)
        belief.noteMaterials(from, Math.max(0, (prev ? prev[0] : 2) - 1), s.round)
      }
    }
  }

  return {
    name: 'expert',
    budgetMs,
    simsPerDecision: sims,
    capMs,
    decisions,
    onMessage(msg, s) {
      belief.observe(msg, s)
    },
    async onRoundBegin(s, api) {
      if (s.status !== 0 || !s.pos || !g.has(s.pos)) return
      // Back on the map on another layer without a view (respawn): positions there are unknown.
      if (lastLayer >= 0 && s.pos[2] !== lastLayer) belief.forgetVisibility()
      lastLayer = s.pos[2]
      const t0 = performance.now()
      const keys = s.keys.join(',')
      if (keys !== campKeys) {
        campKeys = keys
        camp = 0
      }
      const tour = planner.machineTour(g.id(s.pos), maskOf(s.keys), g.stage(s.round, 2))
      if (keys !== tourKeys || tour.turns < bestTour) {
        tourKeys = keys
        bestTour = tour.turns
        stall = 0
        blocked = -1
      } else if (++stall === STALL) blocked = tour.target
      const avoid = maskOf(s.keys) === ALL_KEYS ? -1 : blocked
      const r = search.run(s, { sims, horizon, capMs, seed: (seed * 1000003 + s.round) >>> 0, idle, camp, avoid, trace: opts.trace, traceRollouts: opts.traceRound === s.round })
      idle = r.plan.some((a) => a.kind !== 'detect' && a.kind !== 'trap') ? 0 : idle + 1
      if (r.camping) camp++
      decisions.push({ round: s.round, sims: r.sims, candidates: r.candidates, ms: performance.now() - t0, capped: r.capped })
      await execute(s, api, r.plan)
    },
  }
}

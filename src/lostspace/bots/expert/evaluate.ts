/**
 * The value of a (simulated) position for one player: its expected points
 * (4/3/2/1). Every player gets an estimated escape round (now + turns left on
 * its cheapest tour, respawn delay included); whoever escapes earlier ranks
 * higher, with a margin of doubt that grows with the distance to the finish.
 * Players that cannot escape before the end rank by survival and score.
 */
import type { LostSpaceEngine, PlayerState } from '../../engine.js'
import { Status } from '../../rules.js'
import type { FastGraph } from './graph.js'
import { maskOf, UNREACHABLE_TURNS, type BoxInfo, type TourPlanner } from './tour.js'

const LAST_ROUND = 100
const RISK_WEIGHT = 1.5
const TIME_WEIGHT = 0.05

interface Outlook {
  /** Estimated escape round, or Infinity when it will not escape. */
  escape: number
  /** For non-escapers: later is better (death round, or LAST_ROUND+1 for survivors), then score. */
  survive: number
  score: number
}

function outlook(e: LostSpaceEngine, g: FastGraph, planner: TourPlanner, p: PlayerState, boxes: BoxInfo[]): Outlook {
  const round = e.round
  const stage = g.stage(round, 2)
  switch (p.status) {
    case Status.Escaped:
      return { escape: (p.escapeRound ?? round) - 0.5 + p.id * 0.01, survive: 999, score: p.score }
    case Status.Error:
      return { escape: Infinity, survive: -1, score: p.score }
    case Status.WaitForEscape:
      return { escape: round + p.escapeCountdown, survive: 999, score: p.score }
    case Status.Dead: {
      if (p.permanentDeath || p.respawnRound === null) return { escape: Infinity, survive: p.deathRound ?? round, score: p.score }
      const t = planner.machineTour(g.spawn[p.id]!, 1 << p.id, g.stage(p.respawnRound, 2)).turns
      const esc = Math.max(round, p.respawnRound) + t
      return { escape: esc <= LAST_ROUND ? esc : Infinity, survive: LAST_ROUND, score: p.score }
    }
    default: {
      const node = g.id(p.pos)
      // A key machine's key arrives at the start of the next own turn: count it as held.
      const mask = maskOf(p.keys) | (p.pendingKey !== null ? 1 << p.pendingKey : 0)
      const t = planner.tour(node, mask, stage, boxes).turns
      const esc = round + t + (p.status === Status.Skip ? p.skipTurns : 0)
      return { escape: t < UNREACHABLE_TURNS && esc <= LAST_ROUND ? esc : Infinity, survive: LAST_ROUND + 1, score: p.score }
    }
  }
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x))
}

/** Probability that a beats b. */
function beats(a: Outlook, b: Outlook, now: number): number {
  if (a.escape !== Infinity && b.escape !== Infinity) {
    const spread = 1 + 0.12 * (Math.min(a.escape, b.escape) - now)
    return sigmoid((b.escape - a.escape) / Math.max(0.5, spread))
  }
  if (a.escape !== Infinity) return 0.9
  if (b.escape !== Infinity) return 0.1
  if (a.survive !== b.survive) return a.survive > b.survive ? 0.85 : 0.15
  return a.score === b.score ? 0.5 : a.score > b.score ? 0.7 : 0.3
}

/** Expected points of `me` (about 1..4) plus small tie-breakers (hp, tools). */
export function evaluate(e: LostSpaceEngine, g: FastGraph, planner: TourPlanner, me: number): number {
  const boxes: BoxInfo[] = []
  for (const b of e.boxes.values()) boxes.push({ node: g.id(b.pos), mask: maskOf(b.keys) })
  const looks = e.players.map((p) => outlook(e, g, planner, p, boxes))
  const mine = looks[me]!
  let v = 1
  for (let j = 0; j < looks.length; j++) if (j !== me) v += beats(mine, looks[j]!, e.round)
  // Sooner is safer: a small pull towards escaping early even when nobody races us.
  v -= mine.escape === Infinity ? 0.6 : TIME_WEIGHT * Math.max(0, mine.escape - e.round)
  const p = e.players[me]!
  if (e.onMap(p)) {
    // Low hp is a death sentence waiting for the next fight (a death costs the keys and ~20 rounds).
    const eff = p.hp + 60 * p.tools.Kit
    v -= RISK_WEIGHT * (eff <= 70 ? 0.35 : eff <= 140 ? 0.15 : 0.05)
    v += 0.0008 * p.hp + 0.03 * p.tools.Kit + 0.012 * (p.tools.LandMine + p.tools.Sticky) + 0.01 * p.tools.Transport
  }
  return v
}

/**
 * How far a player is from escaping: the cheapest order of collecting the
 * missing keys (a key machine costs the use and one skipped turn, a Box one
 * turn for all its keys) and reaching the capsule, in turns. Memoised per
 * zone stage, node and key set, so rollouts can ask it every step.
 */
import { FastGraph, UNREACHABLE } from './graph.js'

export const ALL_KEYS = 0b1111
/** Turns from standing on the capsule with all keys until escaped: the escape action and the countdown. */
export const ESCAPE_TURNS = 3
const MACHINE_TURNS = 2
const BOX_TURNS = 1

export interface BoxInfo {
  node: number
  mask: number
}

export interface Tour {
  /** Turns until escaped (UNREACHABLE if impossible). */
  turns: number
  /** Node to walk to next (the current node when the next step happens here). */
  target: number
}

export function maskOf(keys: readonly number[]): number {
  let m = 0
  for (const k of keys) if (k >= 0 && k < 4) m |= 1 << k
  return m
}

export class TourPlanner {
  private readonly memo = new Map<number, Tour>()

  constructor(readonly g: FastGraph) {}

  /** Machine-only tour from `node` holding `mask`. */
  machineTour(node: number, mask: number, stage: number): Tour {
    const key = (stage * this.g.n + node) * 16 + mask
    const hit = this.memo.get(key)
    if (hit) return hit
    const g = this.g
    let best: Tour
    if (mask === ALL_KEYS) {
      best = { turns: g.distance(node, g.capsule, stage) + ESCAPE_TURNS, target: g.capsule }
    } else {
      best = { turns: UNREACHABLE, target: node }
      for (let k = 0; k < 4; k++) {
        if (mask & (1 << k)) continue
        for (const m of g.machinesOf[k]!) {
          const d = g.distance(node, m, stage)
          if (d >= UNREACHABLE) continue
          const rest = this.machineTour(m, mask | (1 << k), stage)
          const t = d + MACHINE_TURNS + rest.turns
          if (t < best.turns) best = { turns: t, target: m }
        }
      }
    }
    this.memo.set(key, best)
    return best
  }

  /**
   * The cheapest machine tour whose first key machine is not `avoid` (the way to it is blocked, e.g.
   * an enemy camps there): the same key's other machine, or another key first. With every key, or
   * when nothing else is left, the plain tour.
   */
  tourAvoiding(node: number, mask: number, stage: number, avoid: number): Tour {
    const g = this.g
    if (mask === ALL_KEYS) return this.machineTour(node, mask, stage)
    let best: Tour = { turns: UNREACHABLE, target: node }
    for (let k = 0; k < 4; k++) {
      if (mask & (1 << k)) continue
      for (const m of g.machinesOf[k]!) {
        if (m === avoid) continue
        const d = g.distance(node, m, stage)
        if (d >= UNREACHABLE) continue
        const t = d + MACHINE_TURNS + this.machineTour(m, mask | (1 << k), stage).turns
        if (t < best.turns) best = { turns: t, target: m }
      }
    }
    return best.turns < UNREACHABLE ? best : this.machineTour(node, mask, stage)
  }

  /** Best tour allowing one Box on the way (boxes are rare; one detour is enough). */
  tour(node: number, mask: number, stage: number, boxes: readonly BoxInfo[]): Tour {
    let best = this.machineTour(node, mask, stage)
    for (const b of boxes) {
      if ((b.mask | mask) === mask) continue
      const d = this.g.distance(node, b.node, stage)
      if (d >= UNREACHABLE) continue
      const t = d + BOX_TURNS + this.machineTour(b.node, mask | b.mask, stage).turns
      if (t < best.turns) best = { turns: t, target: b.node }
    }
    return best
  }
}

/** Any tour at least this long cannot be walked. */
export const UNREACHABLE_TURNS = UNREACHABLE / 2

/**
 * The rollout policy: how every player is assumed to play inside a lookahead.
 * A noisy tour follower: escape when it can, finish off weak neighbours, fight
 * a neighbour it out-lasts now and then, heal when low, take boxes and keys on
 * its way, and otherwise step along its cheapest escape tour.
 */
import type { LostSpaceEngine, PlayerState } from '../../engine.js'
import { Status } from '../../rules.js'
import type { Rng } from '../../rng.js'
import type { FastGraph } from './graph.js'
import { maskOf, type BoxInfo, type TourPlanner } from './tour.js'

const ATTACK = 70

export function boxesOf(e: LostSpaceEngine, g: FastGraph): BoxInfo[] {
  const out: BoxInfo[] = []
  for (const b of e.boxes.values()) out.push({ node: g.id(b.pos), mask: maskOf(b.keys) })
  return out
}

/** Enemies on our node or a neighbouring one. */
export function neighboursInReach(e: LostSpaceEngine, g: FastGraph, p: PlayerState, node: number): PlayerState[] {
  const out: PlayerState[] = []
  for (const q of e.players) {
    if (q.id === p.id || !e.onMap(q) || q.pos[2] !== p.pos[2]) continue
    const qn = g.id(q.pos)
    if (qn === node || g.adj[node]!.includes(qn)) out.push(q)
  }
  return out
}

/** Best next node towards `target` (a safe move), or -1. */
export function stepTowards(g: FastGraph, node: number, target: number, round: number, stage: number, rng: Rng | null, sameLayerOnly = false): number {
  let best = -1
  let bestD = Infinity
  const list = sameLayerOnly ? g.adj[node]! : g.moves[node]!
  for (const nx of list) {
    if (!g.enterable(nx, round) || g.deadly(nx, round)) continue
    const d = g.distance(nx, target, stage) + (rng ? rng.next() * 0.5 : 0)
    if (d < bestD) {
      bestD = d
      best = nx
    }
  }
  return best
}

/**
 * `moveRate`: chance that the player walks on this turn at all (some AIs sit and wait).
 * `hunt`: a player to chase and hit instead of walking the tour (while it is on the map).
 */
export function playTurn(e: LostSpaceEngine, g: FastGraph, planner: TourPlanner, pid: number, rng: Rng, moveRate = 1, hunt = -1): void {
  const p = e.players[pid]!
  if (p.status !== Status.Alive) return
  const round = e.round
  let node = g.id(p.pos)
  const mask = maskOf(p.keys)
  if (node === g.capsule && mask === 15) {
    e.act(pid, { kind: 'escape', start: true })
    return
  }
  const prey = hunt >= 0 ? e.players[hunt]! : null
  if (prey && e.onMap(prey) && !(p.hp <= 100 && p.tools.Kit > 0)) {
    const at = g.id(prey.pos)
    if (at === node || g.adj[node]!.includes(at)) {
      e.act(pid, { kind: 'attack', at: prey.pos, target: prey.id })
      return
    }
    const nx = stepTowards(g, node, at, round, g.stage(round, 2), rng)
    if (nx >= 0) {
      e.act(pid, { kind: 'move', to: g.pos[nx]! })
      return
    }
  }
  const foes = neighboursInReach(e, g, p, node)
  if (foes.length > 0) {
    let pick: PlayerState | null = null
    for (const q of foes) {
      const kill = q.hp <= ATTACK
      // Most AIs hit whoever stands next to them while they can take a hit back.
      const fight = p.hp > ATTACK && (p.hp >= q.hp || q.keys.length > 1) && rng.next() < 0.75
      if ((kill || fight) && (!pick || q.keys.length > pick.keys.length || q.hp < pick.hp)) pick = q
    }
    if (pick) {
      e.act(pid, { kind: 'attack', at: pick.pos, target: pick.id })
      return
    }
  }
  if (p.hp <= 100 && p.tools.Kit > 0) {
    e.act(pid, { kind: 'kit' })
    return
  }
  const boxes = e.boxes.size > 0 ? boxesOf(e, g) : []
  for (const b of boxes) {
    if (b.node === node && (b.mask | mask) !== mask) {
      e.act(pid, { kind: 'box' })
      return
    }
  }
  const km = g.machineKey[node]!
  if (km >= 0 && !(mask & (1 << km)) && !g.deadly(node, round + 1)) {
    e.act(pid, { kind: 'keymachine' })
    return
  }
  if (moveRate < 1 && rng.next() >= moveRate) return
  const stage = g.stage(round, 2)
  const tour = planner.tour(node, mask, stage, boxes)
  let target = tour.target
  if (target === node) target = g.capsule
  if (p.tools.Transport > 0 && g.distance(node, target, stage) >= 2) {
    const b = stepTowards(g, node, target, round, stage, rng, true)
    if (b >= 0 && g.distance(b, target, stage) < g.distance(node, target, stage) && e.act(pid, { kind: 'blink', to: g.pos[b]! }).success) {
      node = b
      if (p.status !== Status.Alive) return
    }
  }
  const nx = stepTowards(g, node, target, round, stage, rng)
  if (nx >= 0 && nx !== node) e.act(pid, { kind: 'move', to: g.pos[nx]! })
}

/**
 * What the expert knows and has seen (its information set): its own state
 * from the SDK tracker, the others' keys, hp and status from the roundbegin,
 * where it last saw each of them, who died where (the Box contents), nodes an
 * enemy stood on (a trap may lie there) and the Materials points it used.
 * `determinize` turns that into one full engine state, sampling what is hidden.
 */
import { LostSpaceEngine, type PlayerState } from '../../engine.js'
import { Status, type StatusCode } from '../../rules.js'
import type { Rng } from '../../rng.js'
import type { ServerMessage } from '../../sdk/messages.js'
import type { GameStateTracker } from '../../sdk/state.js'
import type { FastGraph } from './graph.js'
import { maskOf, type TourPlanner } from './tour.js'

interface Sighting {
  node: number
  round: number
  /** Position known exactly right now (on our layer, seen since). */
  visible: boolean
  /** Layer the player is known to be on when not visible (e.g. after the top-layer alert), or -1. */
  layerHint: number
}

interface OtherMemory {
  seen: Sighting
  deathRound: number | null
  escapeRound: number | null
}

export interface TrapStats {
  /** Times we entered a node an enemy had stood on. */
  entries: number
  /** Times an enemy trap hit us. */
  hits: number
}

const isPosArr = (v: unknown): v is [number, number, number] =>
  Array.isArray(v) && v.length === 3 && v.every((n) => Number.isInteger(n))

export class Belief {
  readonly others: OtherMemory[] = []
  /** Box node -> keys mask we believe it holds. */
  readonly boxKeys = new Map<number, number>()
  /** Node -> enemy that stood there since anyone else entered it. */
  readonly suspect = new Map<number, number>()
  readonly trapStats: TrapStats = { entries: 0, hits: 0 }
  /** Materials node -> [stock, round] last known. */
  readonly stock = new Map<number, [number, number]>()
  private escapes = 0
  /** Per player: own turns watched while visible, and how many of them it moved in. */
  private readonly watched = [0, 0, 0, 0]
  private readonly moved = [0, 0, 0, 0]
  private turnOf = -1
  private turnMoved = false

  constructor(
    readonly g: FastGraph,
    readonly planner: TourPlanner,
  ) {
    for (let id = 0; id < 4; id++) {
      this.others.push({ seen: { node: g.spawn[id]!, round: 0, visible: true, layerHint: -1 }, deathRound: null, escapeRound: null })
    }
  }

  /** Feed every message from the logic (after the tracker applied it). */
  observe(msg: ServerMessage, s: GameStateTracker): void {
    if (msg.type === 'other_death') this.died((msg as { playerid: number }).playerid, s)
    if (msg.type === 'roundbegin') this.watchTurn((msg as { inturn: number }).inturn, s)
    if (msg.type !== 'offround') return
    const m = msg as { playerid: number; content: unknown[] }
    const c = Array.isArray(m.content) ? m.content : []
    if (c[0] === 'died') {
      for (const id of c.slice(1)) if (typeof id === 'number' && id !== s.id) this.died(id, s)
    } else if (c[0] === 'escaped') {
      const o = this.others[m.playerid]
      if (o && o.escapeRound === null) {
        o.escapeRound = s.round
        this.escapes++
      }
    } else if (c[0] === 'getkey' || (c[0] === 'see' && c[1] === 'attack') || c[0] === 'hp_update') {
      // Acting without walking (a key machine, a fight) is not waiting either.
      if (m.playerid === this.turnOf) this.turnMoved = true
      else if (c[0] === 'getkey' && m.playerid >= 0 && m.playerid < 4) this.moved[m.playerid] = Math.min(this.watched[m.playerid]!, this.moved[m.playerid]! + 2)
    } else if (c[0] === 'player_enter_top_layer') {
      const o = this.others[m.playerid]
      if (o && !o.seen.visible) o.seen = { ...o.seen, round: s.round, layerHint: 0 }
    } else if (c[0] === 'see' && (c[1] === 'pos_update' || c[1] === 'regenerate')) {
      const id = typeof c[3] === 'number' ? c[3] : m.playerid
      const o = this.others[id]
      if (!o || id === s.id) return
      const p = c[2]
      if (c[1] === 'regenerate') o.deathRound = null
      if (isPosArr(p) && p[0] >= 0 && this.g.has(p)) {
        const node = this.g.id(p)
        if (c[1] === 'pos_update' && id === this.turnOf) this.turnMoved = true
        if (c[1] === 'pos_update' && o.seen.visible && this.canHoldTrap(o.seen.node)) this.suspect.set(o.seen.node, id)
        this.suspect.delete(node)
        o.seen = { node, round: s.round, visible: true, layerHint: -1 }
      } else {
        o.seen = { ...o.seen, round: s.round, visible: false, layerHint: -1 }
      }
    }
  }

  /** Close the watch on the previous small turn and open one on `inturn`'s. */
  private watchTurn(inturn: number, s: GameStateTracker): void {
    if (this.turnOf >= 0 && this.turnMoved) this.moved[this.turnOf]!++
    this.turnOf = -1
    this.turnMoved = false
    const o = this.others[inturn]
    const st = s.others.get(inturn)?.status ?? 0
    if (inturn === s.id || !o || !o.seen.visible || o.deathRound !== null || st !== 0) return
    this.turnOf = inturn
    this.watched[inturn]!++
  }

  /**
   * How often a player moves on a turn it could (from what we watched; prior: a racer).
   * Rollouts let players that sit and wait do the same.
   */
  moveRate(id: number): number {
    const rate = (this.moved[id]! + 4) / (this.watched[id]! + 5)
    // Only clear waiters are modelled as such; racers pause for many reasons.
    return rate < 0.5 ? rate : 1
  }

  private canHoldTrap(node: number): boolean {
    return node !== this.g.capsule && this.g.machineKey[node] === -1 && !this.g.isElevator[node]
  }

  private died(id: number, s: GameStateTracker): void {
    const o = this.others[id]
    if (!o || o.deathRound !== null) return
    o.deathRound = s.round
    const keys = maskOf(s.others.get(id)?.keys ?? [id]) | (1 << id)
    if (o.seen.visible) this.boxKeys.set(o.seen.node, (this.boxKeys.get(o.seen.node) ?? 0) | keys)
    o.seen = { node: this.g.spawn[id]!, round: s.round, visible: false, layerHint: -1 }
  }

  /** Our own move/blink reply: a layer change comes with the full view of the new layer. */
  afterOwnMove(s: GameStateTracker, to: number, view: unknown, hpBefore: number, statusAfter: number): void {
    if (this.suspect.has(to)) {
      this.trapStats.entries++
      this.suspect.delete(to)
    }
    if (s.hp < hpBefore || statusAfter === Status.Skip) this.trapStats.hits++
    if (!Array.isArray(view) || view.length === 0) return
    for (const o of this.others) o.seen = { ...o.seen, visible: false }
    for (const entry of view) {
      if (!Array.isArray(entry) || !isPosArr(entry[0]) || !this.g.has(entry[0])) continue
      const node = this.g.id(entry[0])
      if (entry[1] !== true) this.boxKeys.delete(node)
      if (!Array.isArray(entry[2])) continue
      for (const id of entry[2]) {
        const o = typeof id === 'number' ? this.others[id] : undefined
        if (o && id !== s.id) o.seen = { node, round: s.round, visible: true, layerHint: -1 }
      }
    }
  }

  /** We respawned (or otherwise changed layer without a view): nobody's position is certain now. */
  forgetVisibility(): void {
    for (const o of this.others) o.seen = { ...o.seen, visible: false }
  }

  noteMaterials(node: number, stockAfter: number, round: number): void {
    this.stock.set(node, [stockAfter, round])
  }

  /** Estimated probability that a suspect node holds a trap (learned from what happened to us). */
  trapProbability(): number {
    const p = (this.trapStats.hits + 0.5) / (this.trapStats.entries + 3)
    return Math.min(0.5, Math.max(0.05, p))
  }

  /** Exactly known attackable enemies: visible, on the map. */
  visible(id: number, s: GameStateTracker): number | null {
    const o = this.others[id]
    const st = s.others.get(id)?.status ?? 0
    if (!o || !o.seen.visible || o.deathRound !== null || (st !== 0 && st !== 3 && st !== 4)) return null
    return o.seen.node
  }

  /**
   * One full engine state consistent with what we know, at the start of our turn
   * (`startTurn` already applied). Hidden positions are sampled near where each
   * player was last seen, biased towards progress on its own escape tour.
   */
  determinize(s: GameStateTracker, rng: Rng): LostSpaceEngine {
    const g = this.g
    const e = new LostSpaceEngine(g.map)
    e.round = s.round
    e.seat = s.id
    const myNode = s.pos && g.has(s.pos) ? g.id(s.pos) : g.spawn[s.id]!
    const myLayer = g.pos[myNode]![2]
    for (const p of e.players) {
      if (p.id === s.id) {
        p.status = (s.status === Status.WaitForEscape ? Status.WaitForEscape : Status.Alive) as StatusCode
        p.pos = g.pos[myNode]!
        p.hp = s.hp
        p.keys = [...new Set(s.keys)].sort((a, b) => a - b)
        p.tools = { ...s.tools }
        const cd = Math.max(0, 5 - (s.round - s.lastDetectRound))
        p.detectCd = cd > 0 ? cd + 1 : 0
        p.escapeCountdown = s.status === Status.WaitForEscape ? 2 : 0
        continue
      }
      this.fillOther(p, s, rng, myLayer)
    }
    for (const node of s.boxes) {
      const n = g.has(node.split(',').map(Number)) ? g.id(node.split(',').map(Number)) : -1
      if (n < 0) continue
      const mask = this.boxKeys.get(n) ?? 0
      const keys = [0, 1, 2, 3].filter((k) => mask & (1 << k))
      e.boxes.set(node, { pos: g.pos[n]!, keys: keys.length ? keys : [rng.int(4)] })
    }
    for (const type of ['LandMine', 'Sticky'] as const) {
      for (const p of s.placedTraps[type]) if (g.has(p)) e.traps.set(`${p[0]},${p[1]},${p[2]}`, { pos: g.pos[g.id(p)]!, type, owner: s.id })
    }
    const pTrap = this.trapProbability()
    for (const [node, owner] of this.suspect) {
      if (node === myNode || rng.next() >= pTrap) continue
      const key = `${g.pos[node]![0]},${g.pos[node]![1]},${g.pos[node]![2]}`
      if (!e.traps.has(key)) e.traps.set(key, { pos: g.pos[node]!, type: rng.next() < 0.6 ? 'LandMine' : 'Sticky', owner })
    }
    for (const [node, [stock, round]] of this.stock) {
      const m = e.materials.get(`${g.pos[node]![0]},${g.pos[node]![1]},${g.pos[node]![2]}`)
      if (m) m.stock = Math.min(2, stock + Math.floor((s.round - round) / 8))
    }
    e.startTurn()
    return e
  }

  private fillOther(p: PlayerState, s: GameStateTracker, rng: Rng, myLayer: number): void {
    const g = this.g
    const o = this.others[p.id]!
    const info = s.others.get(p.id)
    p.keys = info ? [...new Set(info.keys)].sort((a, b) => a - b) : [p.id]
    p.hp = info?.hp ?? 200
    const status = (info?.status ?? 0) as StatusCode
    p.status = status
    if (o.escapeRound !== null || status === Status.Escaped) {
      p.status = Status.Escaped
      p.escapeRound = o.escapeRound ?? s.round
      p.escapeOrder = 1
      return
    }
    if (status === Status.Error) {
      p.errorRound = s.round
      p.hp = 0
      return
    }
    if (o.deathRound !== null || status === Status.Dead) {
      const dr = o.deathRound ?? s.round
      p.status = Status.Dead
      p.hp = 0
      p.keys = []
      p.deathRound = dr
      p.permanentDeath = dr > 80
      p.respawnRound = p.permanentDeath ? null : dr + 5
      p.pos = g.pos[g.spawn[p.id]!]!
      return
    }
    if (status === Status.Skip) p.skipTurns = 0
    if (status === Status.WaitForEscape) {
      p.escapeCountdown = 1 + rng.int(2)
      p.pos = g.pos[g.capsule]!
      return
    }
    p.pos = g.pos[o.seen.visible ? o.seen.node : this.sampleHidden(p, o.seen, s.round, rng, myLayer)]!
    p.tools = { LandMine: 0, Sticky: 0, Kit: rng.next() < 0.3 ? 1 : 0, Transport: 0 }
  }

  private sampleHidden(p: PlayerState, seen: Sighting, round: number, rng: Rng, myLayer: number): number {
    const g = this.g
    const reach = Math.max(0, round - seen.round) + 1
    const stage = g.stage(round)
    const mask = maskOf(p.keys)
    const cands: number[] = []
    const weights: number[] = []
    let best = Infinity
    const tours: number[] = []
    for (let n = 0; n < g.n; n++) {
      const z = g.pos[n]![2]
      if (z === myLayer) continue
      if (seen.layerHint >= 0 && z !== seen.layerHint) continue
      if (g.deadly(n, round - 1)) continue
      if (g.distance(seen.node, n, 0) > reach) continue
      const t = this.planner.machineTour(n, mask, stage).turns
      cands.push(n)
      tours.push(t)
      if (t < best) best = t
    }
    if (cands.length === 0) {
      for (let n = 0; n < g.n; n++) if (g.pos[n]![2] !== myLayer && !g.deadly(n, round - 1)) cands.push(n)
      return cands.length ? rng.pick(cands) : seen.node
    }
    let total = 0
    for (const t of tours) {
      const w = Math.exp(-(t - best) / 2)
      weights.push(w)
      total += w
    }
    let r = rng.next() * total
    for (let i = 0; i < cands.length; i++) {
      r -= weights[i]!
      if (r <= 0) return cands[i]!
    }
    return cands[cands.length - 1]!
  }
}

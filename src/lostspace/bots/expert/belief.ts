/**
 * What the expert knows and has seen (its information set): its own state
 * from the SDK tracker, the others' keys, hp and status from the roundbegin,
 * where it last saw each of them (moves on its layer are announced, a layer
 * change brings a full view, a key machine's key tells where its user stands),
 * who died where (the Box contents), nodes an enemy stood on (a trap may lie
 * there), the Materials points it used, and how each opponent plays: how often
 * it walks on a free turn and how often it hits a player in its reach.
 * `determinize` turns that into one full simulator state, sampling what is hidden.
 */
import { Status } from '../../rules.js'
import type { Rng } from '../../rng.js'
import type { ServerMessage } from '../../sdk/messages.js'
import type { GameStateTracker } from '../../sdk/state.js'
import type { FastGraph } from './graph.js'
import { RACER_STYLE, type Style } from './policy.js'
import { ALIVE, DEAD, ERROR, ESCAPED, F_COUNTDOWN, F_DEATH, F_DETECT, F_ESC_ORDER, F_ESC_ROUND, F_ERROR_ROUND, F_HP, F_KEYS, F_NODE, F_PERMANENT, F_RESPAWN, F_SCORE, F_STATUS, F_TOOL, KIT, LANDMINE, type Sim, SKIP, STICKY, TRANSPORT, trapCode, WAIT } from './sim.js'
import { maskOf, type TourPlanner } from './tour.js'
import { ScoreBook } from './scores.js'

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

const isPosArr = (v: unknown): v is [number, number, number] => Array.isArray(v) && v.length === 3 && v.every((n) => Number.isInteger(n))

export class Belief {
  readonly others: OtherMemory[] = []
  /** Box node -> keys mask we believe it holds. */
  readonly boxKeys = new Map<number, number>()
  /** Node -> enemy that stood there since anyone else entered it. */
  readonly suspect = new Map<number, number>()
  readonly trapStats: TrapStats = { entries: 0, hits: 0 }
  /** Materials node -> [stock, round] last known. */
  readonly stock = new Map<number, [number, number]>()
  /** Every player's score as far as we can tell (it ranks the players that do not escape). */
  readonly scores: ScoreBook
  private escapes = 0
  /** Per player: own turns watched while visible, and how many of them it moved in. */
  private readonly watched = [0, 0, 0, 0]
  private readonly moved = [0, 0, 0, 0]
  /** Per player: turns it began with someone in its reach, and how many of them it attacked in. */
  private readonly chances = [0, 0, 0, 0]
  private readonly hits = [0, 0, 0, 0]
  /** Per player: times it walked into our first strike, and times its tour led there but it held back. */
  private readonly naive = [0, 0, 0, 0]
  private readonly cautious = [0, 0, 0, 0]
  private turnOf = -1
  /** This turn tests caution: its racing step would give us (or another player it must fear) the first strike. */
  private turnTest = false
  private turnStartNode = -1
  private turnMoves = 0
  /** The in-turn player's tour length and keys at its turn start (-1: not watched for progress). */
  private turnTour = -1
  private turnKeys = 0
  /** Per player: turns its tour led away from us while we were near, and how often it came closer anyway. */
  private readonly chaseChances = [0, 0, 0, 0]
  private readonly chases = [0, 0, 0, 0]
  /** The in-turn player's distance to us at its turn start when the turn tests chasing, else -1. */
  private turnChaseFrom = -1
  /** Per player: blinks seen (two steps in one turn) and heals seen (hp up): it carries such tools. */
  private readonly blinks = [0, 0, 0, 0]
  private readonly heals = [0, 0, 0, 0]
  private readonly lastHp = [200, 200, 200, 200]
  /** Per player: turns we saw it spend standing on a Materials point (it took a tool). */
  private readonly pickups = [0, 0, 0, 0]
  /** Per player: its watched turns in a row without leaving its node (a camper, e.g. next to an elevator or the capsule). */
  private readonly still = [0, 0, 0, 0]
  private turnChance = false
  private turnHit = false

  constructor(
    readonly g: FastGraph,
    readonly planner: TourPlanner,
    readonly sim: Sim,
  ) {
    const zoneRounds = new Set(g.failRound.filter((r) => Number.isFinite(r)))
    this.scores = new ScoreBook((r) => zoneRounds.has(r))
    for (let id = 0; id < 4; id++) {
      this.others.push({ seen: { node: g.spawn[id]!, round: 0, visible: true, layerHint: -1 }, deathRound: null, escapeRound: null })
    }
  }

  /** Feed every message from the logic (after the tracker applied it). */
  observe(msg: ServerMessage, s: GameStateTracker): void {
    this.scores.observe(msg, s)
    if (msg.type === 'other_death') this.died((msg as { playerid: number }).playerid, s)
    if (msg.type === 'roundbegin') {
      const inturn = (msg as { inturn: number }).inturn
      if (inturn === s.id) this.backFromDeath(s)
      this.watchTurn(inturn, s)
    }
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
    } else if (c[0] === 'hp_update' || (c[0] === 'see' && c[1] === 'attack')) {
      const by = c[0] === 'hp_update' ? m.playerid : typeof c[3] === 'number' ? c[3] : m.playerid
      if (by === this.turnOf) this.turnHit = true
    } else if (c[0] === 'getkey') {
      this.keyFrom(m.playerid, c[1], s)
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
        if (c[1] === 'pos_update' && id === this.turnOf && ++this.turnMoves === 2) this.blinks[id]!++
        if (c[1] === 'pos_update' && o.seen.visible && this.g.trapOk[o.seen.node]) this.suspect.set(o.seen.node, id)
        this.suspect.delete(node)
        o.seen = { node, round: s.round, visible: true, layerHint: -1 }
      } else {
        o.seen = { ...o.seen, round: s.round, visible: false, layerHint: -1 }
      }
    }
  }

  /** A key from a key machine says where its user stands (the machine off our layer, or the one we see). */
  private keyFrom(id: number, keys: unknown, s: GameStateTracker): void {
    const o = this.others[id]
    if (!o || id === s.id || o.seen.visible || !Array.isArray(keys) || keys.length !== 1) return
    const k = keys[0]
    if (typeof k !== 'number' || k < 0 || k > 3) return
    const myLayer = s.pos ? s.pos[2] : -1
    const spots = this.g.machinesOf[k]!.filter((n) => this.g.pos[n]![2] !== myLayer)
    if (spots.length === 0) return
    // A Box holding just that key is rare: take the machine; with two candidates keep the nearer.
    let best = spots[0]!
    for (const n of spots) if (this.g.distance(o.seen.node, n, 0) < this.g.distance(o.seen.node, best, 0)) best = n
    o.seen = { node: best, round: s.round, visible: false, layerHint: spots.length === 1 ? this.g.pos[best]![2] : -1 }
  }

  /** Close the watch on the previous small turn and open one on `inturn`'s. */
  private watchTurn(inturn: number, s: GameStateTracker): void {
    if (this.turnOf >= 0) {
      if (this.turnTest && !this.turnHit) {
        const o = this.others[this.turnOf]!
        const now = o.seen.visible ? o.seen.node : -1
        if (now >= 0 && this.exposedTo(now, s)) this.naive[this.turnOf]!++
        else if (now === this.turnStartNode || (now >= 0 && !this.exposedTo(now, s))) this.cautious[this.turnOf]!++
      }
      if (this.turnChaseFrom >= 0 && !this.turnHit) {
        const o = this.others[this.turnOf]!
        const me = this.myNode(s)
        if (o.seen.visible && me >= 0) {
          this.chaseChances[this.turnOf]!++
          if (this.g.distance(o.seen.node, me, 0) < this.turnChaseFrom) this.chases[this.turnOf]!++
        }
      }
      {
        const o = this.others[this.turnOf]!
        if (o.seen.visible && o.seen.node === this.turnStartNode && this.g.isMaterials[o.seen.node] && this.turnMoves === 0 && !this.turnHit) this.pickups[this.turnOf]!++
        if (o.seen.visible) this.still[this.turnOf] = o.seen.node === this.turnStartNode && this.turnMoves === 0 ? this.still[this.turnOf]! + 1 : 0
      }
      if (this.turnTour >= 0 && !this.turnHit) {
        // Progress: its escape tour got shorter (or it left our layer, or got a key).
        const o = this.others[this.turnOf]!
        const info = s.others.get(this.turnOf)
        this.watched[this.turnOf]!++
        if (!o.seen.visible || !info || maskOf(info.keys) !== this.turnKeys) this.moved[this.turnOf]!++
        else if (this.planner.tour(o.seen.node, this.turnKeys, this.g.stage(s.round, 2), []).turns < this.turnTour) this.moved[this.turnOf]!++
      }
      if (this.turnChance) {
        this.chances[this.turnOf]!++
        if (this.turnHit) this.hits[this.turnOf]!++
      }
    }
    for (const [id, o] of s.others) {
      if (id < 0 || id > 3 || id === s.id) continue
      if (o.status === 0 && o.hp > this.lastHp[id]! && this.lastHp[id]! > 0) this.heals[id]!++
      this.lastHp[id] = o.hp
    }
    this.turnOf = -1
    this.turnTour = -1
    this.turnMoves = 0
    this.turnChance = false
    this.turnHit = false
    this.turnTest = false
    this.turnChaseFrom = -1
    const o = this.others[inturn]
    const st = s.others.get(inturn)?.status ?? 0
    if (inturn === s.id || !o || !o.seen.visible || o.deathRound !== null || st !== 0) return
    this.turnOf = inturn
    // A turn at a key machine it needs, or on the capsule, says nothing about walking.
    const keys = maskOf(s.others.get(inturn)?.keys ?? [])
    const km = this.g.machineKey[o.seen.node]!
    const busy = (km >= 0 && !(keys & (1 << km))) || o.seen.node === this.g.capsule
    this.turnKeys = keys
    this.turnTour = busy ? -1 : this.planner.tour(o.seen.node, keys, this.g.stage(s.round, 2), []).turns
    // Anyone it could hit now: us, or another player we see.
    const at = o.seen.node
    const near = (n: number) => n === at || this.g.adjacent[at * this.g.n + n] === 1
    if (s.status === 0 && s.pos && this.g.has(s.pos) && near(this.g.id(s.pos))) this.turnChance = true
    for (let q = 0; q < 4; q++) {
      if (q === inturn || q === s.id) continue
      const v = this.visible(q, s)
      if (v !== null && near(v)) this.turnChance = true
    }
    this.turnStartNode = at
    this.turnTest = !this.turnChance && this.racingStepExposed(inturn, at, s)
    this.turnChaseFrom = this.turnChance ? -1 : this.chaseTest(inturn, at, s)
  }

  private myNode(s: GameStateTracker): number {
    return s.status === 0 && s.pos && this.g.has(s.pos) ? this.g.id(s.pos) : -1
  }

  /** Our distance from `id` when it is near (same layer, two to four steps) and no step of its tour brings it closer, else -1. */
  private chaseTest(id: number, at: number, s: GameStateTracker): number {
    const g = this.g
    const me = this.myNode(s)
    const info = s.others.get(id)
    if (me < 0 || !info || g.pos[me]![2] !== g.pos[at]![2]) return -1
    const d = g.distance(at, me, 0)
    if (d < 2 || d > 4) return -1
    const stage = g.stage(s.round, 2)
    let target = this.planner.tour(at, maskOf(info.keys), stage, []).target
    if (target === at) target = g.capsule
    let best = Infinity
    for (const nx of g.moves[at]!) if (!g.deadly(nx, s.round)) best = Math.min(best, g.distance(nx, target, stage))
    for (const nx of g.moves[at]!) {
      if (g.deadly(nx, s.round) || g.distance(nx, target, stage) !== best) continue
      if (g.distance(nx, me, 0) < d) return -1
    }
    return d
  }

  /** How often a player leaves its way to come after us (prior: now and then). */
  hunting(id: number): number {
    return (this.chases[id]! + 0.6) / (this.chaseChances[id]! + 2)
  }

  /** Standing on `node` gives us the first strike (we are on the map and next to it). */
  private exposedTo(node: number, s: GameStateTracker): boolean {
    if (s.status !== 0 || !s.pos || !this.g.has(s.pos)) return false
    const me = this.g.id(s.pos)
    return node === me || this.g.adjacent[node * this.g.n + me] === 1
  }

  /** Whether every shortest step of `id`'s escape tour from `at` walks into our reach while we out-last it. */
  private racingStepExposed(id: number, at: number, s: GameStateTracker): boolean {
    const g = this.g
    const info = s.others.get(id)
    if (!info || s.hp < info.hp) return false
    const stage = g.stage(s.round, 2)
    const mask = maskOf(info.keys)
    let target = this.planner.tour(at, mask, stage, []).target
    if (target === at) target = g.capsule
    if (target === at) return false
    let best = Infinity
    for (const nx of g.moves[at]!) if (!g.deadly(nx, s.round)) best = Math.min(best, g.distance(nx, target, stage))
    if (best >= g.distance(at, target, stage)) return false
    for (const nx of g.moves[at]!) {
      if (g.deadly(nx, s.round) || g.distance(nx, target, stage) !== best) continue
      if (!this.exposedTo(nx, s)) return false
    }
    return true
  }

  /** How likely a player avoids giving away the first strike (prior: mostly not). */
  caution(id: number): number {
    return (this.cautious[id]! + 0.6) / (this.naive[id]! + this.cautious[id]! + 2)
  }

  /** How often a player gets closer to escaping on a turn it could (from what we watched; prior: a racer). */
  moveRate(id: number): number {
    const rate = (this.moved[id]! + 4) / (this.watched[id]! + 5)
    // Only clear waiters are modelled as such; racers pause for many reasons.
    return rate < 0.5 ? rate : 1
  }

  /** How often a player hits someone in its reach (prior: mostly). */
  aggression(id: number): number {
    return (this.hits[id]! + 1.6) / (this.chances[id]! + 2)
  }

  /** The rollout style of an opponent, from what we saw it do. */
  style(id: number): Style {
    const caution = this.caution(id)
    return { ...RACER_STYLE, moveRate: this.moveRate(id), aggression: this.aggression(id), hunts: this.hunting(id), escapeCare: 0.3 + 0.7 * caution, restocks: this.blinks[id]! > 0 && this.pickups[id]! > 0 }
  }

  /**
   * Our roundbegin reports every player's status. One we saw die but that is no longer dead came back at its
   * spawn, even if we never saw it (it respawns on the spawn layer, and we may have been elsewhere or dead).
   */
  private backFromDeath(s: GameStateTracker): void {
    for (let id = 0; id < 4; id++) {
      const o = this.others[id]!
      const st = s.others.get(id)?.status
      if (id === s.id || o.deathRound === null || st === undefined || st === Status.Dead) continue
      o.deathRound = null
      if (o.seen.round > s.round) o.seen = { ...o.seen, round: s.round }
    }
  }

  private died(id: number, s: GameStateTracker): void {
    const o = this.others[id]
    // A second death is news once the first one's respawn delay is over.
    if (!o || (o.deathRound !== null && s.round < o.deathRound + 5)) return
    o.deathRound = s.round
    this.still[id] = 0
    const keys = maskOf(s.others.get(id)?.keys ?? [id]) | (1 << id)
    if (o.seen.visible) this.boxKeys.set(o.seen.node, (this.boxKeys.get(o.seen.node) ?? 0) | keys)
    // Back at its spawn when the respawn delay is over.
    o.seen = { node: this.g.spawn[id]!, round: s.round + 5, visible: false, layerHint: -1 }
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
   * One full simulator state consistent with what we know, in our own turn
   * (start-of-turn effects applied, nothing done yet). Hidden positions are
   * sampled near where each player was last seen, biased towards progress on
   * its own escape tour.
   */
  determinize(s: GameStateTracker, rng: Rng, out?: Int32Array): Int32Array {
    const g = this.g
    const sim = this.sim
    const e = out ?? sim.initial()
    if (out) e.set(this.template())
    sim.setRound(e, s.round, s.id)
    const myNode = s.pos && g.has(s.pos) ? g.id(s.pos) : g.spawn[s.id]!
    const myLayer = g.pos[myNode]![2]
    let escapes = 0
    for (let id = 0; id < 4; id++) {
      if (id === s.id) {
        sim.set(e, id, F_STATUS, s.status === Status.WaitForEscape ? WAIT : ALIVE)
        sim.set(e, id, F_NODE, myNode)
        sim.set(e, id, F_HP, s.hp)
        sim.set(e, id, F_KEYS, maskOf(s.keys))
        sim.set(e, id, F_TOOL + LANDMINE, s.tools.LandMine)
        sim.set(e, id, F_TOOL + STICKY, s.tools.Sticky)
        sim.set(e, id, F_TOOL + KIT, s.tools.Kit)
        sim.set(e, id, F_TOOL + TRANSPORT, s.tools.Transport)
        sim.set(e, id, F_DETECT, Math.max(0, 5 - (s.round - s.lastDetectRound)))
        if (s.status === Status.WaitForEscape) sim.set(e, id, F_COUNTDOWN, 1)
        continue
      }
      if (this.fillOther(e, id, s, rng, myLayer)) escapes++
    }
    sim.setEscapes(e, escapes)
    for (let id = 0; id < 4; id++) sim.set(e, id, F_SCORE, this.scores.score[id]!)
    for (const key of s.boxes) {
      const p = key.split(',').map(Number)
      if (!g.has(p)) continue
      const n = g.id(p)
      const mask = this.boxKeys.get(n) ?? 0
      sim.setBox(e, n, mask !== 0 ? mask : 1 << rng.int(4))
    }
    for (const [type, code] of [['LandMine', LANDMINE], ['Sticky', STICKY]] as const) {
      for (const p of s.placedTraps[type]) if (g.has(p)) sim.setTrap(e, g.id(p), trapCode(s.id, code))
    }
    const pTrap = this.trapProbability()
    for (const [node, owner] of this.suspect) {
      if (node === myNode || rng.next() >= pTrap || sim.trap(e, node) !== 0) continue
      sim.setTrap(e, node, trapCode(owner, rng.next() < 0.6 ? LANDMINE : STICKY))
    }
    for (const [node, [stock, round]] of this.stock) sim.setStock(e, node, Math.min(2, stock + Math.floor((s.round - round) / 8)))
    return e
  }

  private tmpl: Int32Array | null = null
  private template(): Int32Array {
    return (this.tmpl ??= this.sim.initial())
  }

  /** Fills an opponent; true when it has escaped. */
  private fillOther(e: Int32Array, id: number, s: GameStateTracker, rng: Rng, myLayer: number): boolean {
    const g = this.g
    const sim = this.sim
    const o = this.others[id]!
    const info = s.others.get(id)
    const keys = info ? maskOf(info.keys) : 1 << id
    sim.set(e, id, F_KEYS, keys)
    sim.set(e, id, F_HP, info?.hp ?? 200)
    const status = info?.status ?? 0
    if (o.escapeRound !== null || status === Status.Escaped) {
      sim.set(e, id, F_STATUS, ESCAPED)
      sim.set(e, id, F_ESC_ROUND, o.escapeRound ?? s.round)
      sim.set(e, id, F_ESC_ORDER, 1)
      return true
    }
    if (status === Status.Error) {
      sim.set(e, id, F_STATUS, ERROR)
      sim.set(e, id, F_ERROR_ROUND, s.round)
      sim.set(e, id, F_HP, 0)
      return false
    }
    if (o.deathRound !== null || status === Status.Dead) {
      const dr = o.deathRound ?? s.round
      sim.set(e, id, F_STATUS, DEAD)
      sim.set(e, id, F_HP, 0)
      sim.set(e, id, F_KEYS, 0)
      sim.set(e, id, F_DEATH, dr)
      sim.set(e, id, F_PERMANENT, dr > 80 ? 1 : 0)
      sim.set(e, id, F_RESPAWN, dr > 80 ? -1 : dr + 5)
      sim.set(e, id, F_NODE, g.spawn[id]!)
      return false
    }
    sim.set(e, id, F_STATUS, status === Status.Skip ? SKIP : ALIVE)
    if (status === Status.WaitForEscape) {
      sim.set(e, id, F_STATUS, WAIT)
      sim.set(e, id, F_COUNTDOWN, 1 + rng.int(2))
      sim.set(e, id, F_NODE, g.capsule)
      return false
    }
    sim.set(e, id, F_NODE, o.seen.visible ? o.seen.node : this.campsAt(id, s.round, rng, myLayer) ?? this.sampleHidden(keys, o.seen, s.round, rng, myLayer, this.moveRate(id)))
    // Players seen at Materials points, blinking or healing carry such tools (some AIs keep two Kits).
    const collector = this.pickups[id]! > 0
    sim.set(e, id, F_TOOL + KIT, sampleKits(this.heals[id]! > 0 || collector, rng))
    sim.set(e, id, F_TOOL + TRANSPORT, sampleTransports(this.blinks[id]! > 0, collector, rng))
    return false
  }

  /**
   * A player we left standing still (it did not move on its last watched turns) is, out of our sight,
   * most likely still there: campers next to an elevator exit or the capsule wait for whoever comes.
   * Returns its node for such a sample, or null (then it is placed like any hidden player).
   */
  private campsAt(id: number, round: number, rng: Rng, myLayer: number): number | null {
    const o = this.others[id]!
    const still = this.still[id]!
    if (still === 0 || round - o.seen.round > CAMP_MEMORY) return null
    const node = o.seen.node
    if (this.g.pos[node]![2] === myLayer || this.g.deadly(node, round - 1)) return null
    return rng.next() < (still >= 2 ? 0.8 : 0.5) ? node : null
  }

  private sampleHidden(mask: number, seen: Sighting, round: number, rng: Rng, myLayer: number, progress: number): number {
    const g = this.g
    // A player that hangs about is still near where we saw it; a racer is further along its tour.
    const reach = Math.ceil(Math.max(0, round - seen.round) * progress) + 1
    const stage = g.stage(round)
    const cands: number[] = []
    const tours: number[] = []
    let best = Infinity
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
    const weights: number[] = []
    for (const t of tours) {
      const w = progress < 1 ? 1 : Math.exp(-(t - best) / 2)
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

/** Rounds after which a camper we lost sight of is no longer assumed to be where it stood. */
const CAMP_MEMORY = 10

/**
 * Transports of an opponent: one seen blinking or collecting may hold two (the carry limit). The C++ competition
 * AI keeps two and ends its attacks with a blink in, a strike, and the second blink (traced: logic seeds 9 and 17,
 * where samples of at most one Transport made the way past it look safe).
 */
function sampleTransports(blinks: boolean, collects: boolean, rng: Rng): number {
  const u = rng.next()
  if (blinks) return u < 0.3 ? 0 : u < 0.65 ? 1 : 2
  if (collects) return u < 0.6 ? 0 : u < 0.85 ? 1 : 2
  return u < 0.1 ? 1 : 0
}

/** Kits of an opponent: a collector or healer holds 0, 1 or 2 (the carry limit); others mostly none. */
function sampleKits(collects: boolean, rng: Rng): number {
  const u = rng.next()
  if (collects) return u < 0.25 ? 0 : u < 0.65 ? 1 : 2
  return u < 0.35 ? 1 : 0
}

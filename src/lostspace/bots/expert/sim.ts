/**
 * The LostSpace rules on one flat Int32Array, for lookahead: the same rules as
 * `LostSpaceEngine` (engine.ts) without events, strings or allocation, so a
 * state clones with one `set()` and a rollout turn costs well under a
 * microsecond. test/lostspace/expert-sim.test.ts replays random games in both
 * and checks that they agree field by field.
 */
import type { Action, LostSpaceEngine } from '../../engine.js'
import { RULES } from '../../rules.js'
import type { FastGraph } from './graph.js'

export const ALIVE = 0
export const DEAD = 1
export const ESCAPED = 2
export const SKIP = 3
export const WAIT = 4
export const ERROR = 5

export const LANDMINE = 0
export const STICKY = 1
export const KIT = 2
export const TRANSPORT = 3
export const TOOL_LIMIT = [RULES.carryLimit.LandMine, RULES.carryLimit.Sticky, RULES.carryLimit.Kit, RULES.carryLimit.Transport] as const

export const TOOL_INDEX = { LandMine: LANDMINE, Sticky: STICKY, Kit: KIT, Transport: TRANSPORT } as const

// global fields
const ROUND = 0
const SEAT = 1
const MAIN_USED = 2
const OVER = 3
const ESCAPES = 4
const BOXES = 5
const G = 6

// player fields (offset PF * id + G)
export const F_STATUS = 0
export const F_NODE = 1
export const F_HP = 2
export const F_KEYS = 3
/** Tools: F_TOOL + LANDMINE | STICKY | KIT | TRANSPORT. */
export const F_TOOL = 4
export const F_SCORE = 8
export const F_DETECT = 9
export const F_SKIP = 10
export const F_PENDING = 11
export const F_COUNTDOWN = 12
export const F_DEATH = 13
export const F_RESPAWN = 14
export const F_PERMANENT = 15
export const F_ESC_ROUND = 16
export const F_ESC_ORDER = 17
export const F_ERROR_ROUND = 18
/** Not a rule: scratch for the rollout policy (turns a careful player held back in a row). */
export const F_WAITED = 19
const PF = 20

/** Trap encoding per node: 0 none, else 1 + owner * 2 + type (LANDMINE | STICKY). */
export function trapCode(owner: number, type: number): number {
  return 1 + owner * 2 + type
}

export interface SimLayout {
  players: number
  n: number
  trapAt: number
  boxAt: number
  stockAt: number
  timerAt: number
  size: number
}

const MAX_HP = RULES.maxHp
const ATTACK = RULES.attackDamage
const MINE = RULES.landMineDamage
const KIT_HEAL = RULES.kitHeal
const STOCK = RULES.materialsStock
const REGEN = RULES.materialsRegenRounds
const DETECT_CD = RULES.detectCooldown
const RESPAWN = RULES.respawnDelay
const COUNTDOWN = RULES.escapeCountdown
const OVERTIME = RULES.overtimeAfter
const LAST = RULES.lastRound
const SCORE_BOX = RULES.score.box
const SCORE_KILL = RULES.score.kill
const SCORE_DEATH = RULES.score.death

export class Sim {
  readonly L: SimLayout
  constructor(readonly g: FastGraph) {
    const players = 4
    const base = G + PF * players
    const n = g.n
    this.L = { players, n, trapAt: base, boxAt: base + n, stockAt: base + 2 * n, timerAt: base + 3 * n, size: base + 4 * n }
  }

  /** The start of a game (everyone at its spawn, full Materials). */
  initial(): Int32Array {
    const s = new Int32Array(this.L.size)
    s[ROUND] = 1
    for (let id = 0; id < 4; id++) {
      const o = G + PF * id
      s[o + F_STATUS] = ALIVE
      s[o + F_NODE] = this.g.spawn[id]!
      s[o + F_HP] = MAX_HP
      s[o + F_KEYS] = 1 << id
      s[o + F_PENDING] = -1
      s[o + F_DEATH] = -1
      s[o + F_RESPAWN] = -1
      s[o + F_ESC_ROUND] = -1
      s[o + F_ESC_ORDER] = -1
      s[o + F_ERROR_ROUND] = -1
    }
    for (const m of this.g.materials) s[this.L.stockAt + m] = STOCK
    return s
  }

  clone(s: Int32Array, into?: Int32Array): Int32Array {
    if (into) {
      into.set(s)
      return into
    }
    return s.slice()
  }

  // ------------------------------------------------------------ accessors
  round(s: Int32Array): number {
    return s[ROUND]!
  }
  seat(s: Int32Array): number {
    return s[SEAT]!
  }
  over(s: Int32Array): boolean {
    return s[OVER] !== 0
  }
  mainUsed(s: Int32Array): boolean {
    return s[MAIN_USED] !== 0
  }
  setRound(s: Int32Array, round: number, seat: number): void {
    s[ROUND] = round
    s[SEAT] = seat
  }
  setEscapes(s: Int32Array, n: number): void {
    s[ESCAPES] = n
  }
  get(s: Int32Array, id: number, f: number): number {
    return s[G + PF * id + f]!
  }
  set(s: Int32Array, id: number, f: number, v: number): void {
    s[G + PF * id + f] = v
  }
  status(s: Int32Array, id: number): number {
    return s[G + PF * id + F_STATUS]!
  }
  node(s: Int32Array, id: number): number {
    return s[G + PF * id + F_NODE]!
  }
  hp(s: Int32Array, id: number): number {
    return s[G + PF * id + F_HP]!
  }
  keys(s: Int32Array, id: number): number {
    return s[G + PF * id + F_KEYS]!
  }
  tool(s: Int32Array, id: number, t: number): number {
    return s[G + PF * id + F_TOOL + t]!
  }
  trap(s: Int32Array, node: number): number {
    return s[this.L.trapAt + node]!
  }
  setTrap(s: Int32Array, node: number, code: number): void {
    s[this.L.trapAt + node] = code
  }
  box(s: Int32Array, node: number): number {
    return s[this.L.boxAt + node]!
  }
  setBox(s: Int32Array, node: number, mask: number): void {
    if (s[this.L.boxAt + node] === 0 && mask !== 0) s[BOXES]!++
    else if (s[this.L.boxAt + node] !== 0 && mask === 0) s[BOXES]!--
    s[this.L.boxAt + node] = mask
  }
  /** How many nodes hold a Box. */
  boxCount(s: Int32Array): number {
    return s[BOXES]!
  }
  stock(s: Int32Array, node: number): number {
    return s[this.L.stockAt + node]!
  }
  setStock(s: Int32Array, node: number, stock: number, timer = 0): void {
    s[this.L.stockAt + node] = stock
    s[this.L.timerAt + node] = timer
  }
  /** On the map and targetable: alive, skipping or waiting to escape. */
  onMap(s: Int32Array, id: number): boolean {
    const st = s[G + PF * id + F_STATUS]!
    return st === ALIVE || st === SKIP || st === WAIT
  }

  // ------------------------------------------------------------ turns

  /** Start-of-turn effects for the seat in turn; true when it may act. */
  startTurn(s: Int32Array): boolean {
    if (s[OVER]) return false
    const id = s[SEAT]!
    const o = G + PF * id
    s[MAIN_USED] = 0
    const st = s[o + F_STATUS]!
    if (st === ESCAPED || st === ERROR) return false
    if (s[o + F_DETECT]! > 0) s[o + F_DETECT]!--
    if (st === DEAD) {
      if (s[o + F_PERMANENT] === 0 && s[o + F_RESPAWN]! >= 0 && s[ROUND]! >= s[o + F_RESPAWN]!) {
        s[o + F_STATUS] = ALIVE
        s[o + F_HP] = MAX_HP
        s[o + F_NODE] = this.g.spawn[id]!
        s[o + F_KEYS] = 1 << id
        s[o + F_TOOL] = s[o + F_TOOL + 1] = s[o + F_TOOL + 2] = s[o + F_TOOL + 3] = 0
        s[o + F_RESPAWN] = -1
      }
    } else if (st === WAIT) {
      s[o + F_COUNTDOWN]!--
      if (s[o + F_COUNTDOWN]! <= 0) {
        s[o + F_STATUS] = ESCAPED
        s[o + F_ESC_ROUND] = s[ROUND]!
        s[o + F_ESC_ORDER] = ++s[ESCAPES]!
        this.checkOver(s)
        return false
      }
    } else if (st === SKIP) {
      if (s[o + F_PENDING]! >= 0) {
        s[o + F_KEYS] = s[o + F_KEYS]! | (1 << s[o + F_PENDING]!)
        s[o + F_PENDING] = -1
      }
      if (s[o + F_SKIP]! > 0) s[o + F_SKIP]!--
      else s[o + F_STATUS] = ALIVE
    }
    const now = s[o + F_STATUS]!
    return now === ALIVE || now === WAIT
  }

  /** Close the small turn; after the last seat, end-of-round effects. */
  endTurn(s: Int32Array): void {
    if (s[OVER]) return
    s[MAIN_USED] = 0
    s[SEAT]!++
    if (s[SEAT]! >= 4) {
      this.endRound(s)
      s[SEAT] = 0
      if (!s[OVER]) s[ROUND]!++
    }
  }

  private endRound(s: Int32Array): void {
    const round = s[ROUND]!
    const zone = this.g.zoneNodes.get(round)
    if (zone) {
      for (let id = 0; id < 4; id++) {
        if (this.onMap(s, id) && zone.includes(s[G + PF * id + F_NODE]!)) this.kill(s, id, -1)
      }
    }
    const L = this.L
    for (const m of this.g.materials) {
      if (s[L.stockAt + m]! >= STOCK) {
        s[L.timerAt + m] = 0
        continue
      }
      if (++s[L.timerAt + m]! >= REGEN) {
        s[L.stockAt + m]!++
        s[L.timerAt + m] = 0
      }
    }
    if (round >= LAST) s[OVER] = 1
    this.checkOver(s)
  }

  private checkOver(s: Int32Array): void {
    for (let id = 0; id < 4; id++) {
      const o = G + PF * id
      const st = s[o + F_STATUS]!
      if (st === ALIVE || st === SKIP || st === WAIT || (st === DEAD && s[o + F_PERMANENT] === 0)) return
    }
    s[OVER] = 1
  }

  markError(s: Int32Array, id: number): void {
    const o = G + PF * id
    const st = s[o + F_STATUS]!
    if (st === ESCAPED || st === ERROR) return
    s[o + F_STATUS] = ERROR
    s[o + F_HP] = 0
    s[o + F_ERROR_ROUND] = s[ROUND]!
    s[o + F_PENDING] = -1
    s[o + F_SKIP] = 0
    s[o + F_COUNTDOWN] = 0
    this.checkOver(s)
  }

  // ------------------------------------------------------------ actions
  // Each returns true on success; a failure changes nothing (except an empty Materials pick).
  // The caller guarantees that `id` is the seat in turn and may act.

  private canAct(s: Int32Array, id: number): boolean {
    return !s[OVER] && s[SEAT] === id && s[G + PF * id + F_STATUS] === ALIVE
  }

  move(s: Int32Array, id: number, to: number): boolean {
    if (!this.canAct(s, id) || s[MAIN_USED]) return false
    const o = G + PF * id
    if (!this.g.moves[s[o + F_NODE]!]!.includes(to) || this.g.failRound[to]! < s[ROUND]!) return false
    s[MAIN_USED] = 1
    this.enter(s, id, to)
    return true
  }

  blink(s: Int32Array, id: number, to: number): boolean {
    if (!this.canAct(s, id)) return false
    const o = G + PF * id
    if (s[o + F_TOOL + TRANSPORT]! < 1 || !this.g.adjacent[s[o + F_NODE]! * this.g.n + to] || this.g.failRound[to]! < s[ROUND]!) return false
    s[o + F_TOOL + TRANSPORT]!--
    this.enter(s, id, to)
    return true
  }

  private enter(s: Int32Array, id: number, to: number): void {
    const o = G + PF * id
    s[o + F_NODE] = to
    const t = s[this.L.trapAt + to]!
    if (t === 0) return
    const owner = (t - 1) >> 1
    if (owner === id) return
    s[this.L.trapAt + to] = 0
    if (((t - 1) & 1) === LANDMINE) {
      s[o + F_HP] = Math.max(0, s[o + F_HP]! - MINE)
      if (s[o + F_HP] === 0) this.kill(s, id, owner)
    } else {
      s[o + F_STATUS] = SKIP
      s[o + F_SKIP] = 1
      s[o + F_COUNTDOWN] = 0
    }
  }

  /** Whether `id` can hit `target` from where it stands (same node or an edge). */
  inReach(s: Int32Array, id: number, target: number): boolean {
    const a = s[G + PF * id + F_NODE]!
    const b = s[G + PF * target + F_NODE]!
    return a === b || this.g.adjacent[a * this.g.n + b] === 1
  }

  attack(s: Int32Array, id: number, target: number): boolean {
    if (!this.canAct(s, id) || s[MAIN_USED] || target === id || target < 0 || target > 3) return false
    if (!this.onMap(s, target) || !this.inReach(s, id, target)) return false
    s[MAIN_USED] = 1
    const t = G + PF * target
    s[t + F_HP] = Math.max(0, s[t + F_HP]! - ATTACK)
    if (s[t + F_HP] === 0) this.kill(s, target, id)
    return true
  }

  materials(s: Int32Array, id: number, tool: number): boolean {
    if (!this.canAct(s, id) || s[MAIN_USED]) return false
    const o = G + PF * id
    const at = s[o + F_NODE]!
    if (!this.g.isMaterials[at] || s[o + F_TOOL + tool]! >= TOOL_LIMIT[tool]!) return false
    s[MAIN_USED] = 1
    if (s[this.L.stockAt + at]! <= 0) return false
    s[this.L.stockAt + at]!--
    s[o + F_TOOL + tool]!++
    return true
  }

  openBox(s: Int32Array, id: number): boolean {
    if (!this.canAct(s, id) || s[MAIN_USED]) return false
    const o = G + PF * id
    const at = s[o + F_NODE]!
    const mask = s[this.L.boxAt + at]!
    if (mask === 0) return false
    s[MAIN_USED] = 1
    s[this.L.boxAt + at] = 0
    s[BOXES]!--
    s[o + F_KEYS] = s[o + F_KEYS]! | mask
    s[o + F_SCORE]! += SCORE_BOX
    return true
  }

  keyMachine(s: Int32Array, id: number): boolean {
    if (!this.canAct(s, id) || s[MAIN_USED]) return false
    const o = G + PF * id
    const key = this.g.machineKey[s[o + F_NODE]!]!
    if (key < 0 || s[o + F_KEYS]! & (1 << key)) return false
    s[MAIN_USED] = 1
    s[o + F_PENDING] = key
    s[o + F_STATUS] = SKIP
    s[o + F_SKIP] = 1
    return true
  }

  /** Start the escape countdown (needs the capsule and all keys). */
  escape(s: Int32Array, id: number): boolean {
    if (!this.canAct(s, id) || s[MAIN_USED]) return false
    const o = G + PF * id
    if (s[o + F_NODE] !== this.g.capsule || s[o + F_KEYS] !== 15) return false
    s[MAIN_USED] = 1
    s[o + F_STATUS] = WAIT
    s[o + F_COUNTDOWN] = COUNTDOWN
    return true
  }

  /** Abort a running escape countdown. */
  abortEscape(s: Int32Array, id: number): boolean {
    if (s[OVER] || s[SEAT] !== id || s[MAIN_USED]) return false
    const o = G + PF * id
    if (s[o + F_STATUS] !== WAIT) return false
    s[MAIN_USED] = 1
    s[o + F_STATUS] = ALIVE
    s[o + F_COUNTDOWN] = 0
    return true
  }

  layTrap(s: Int32Array, id: number, type: number): boolean {
    if (!this.canAct(s, id)) return false
    const o = G + PF * id
    const at = s[o + F_NODE]!
    if (s[o + F_TOOL + type]! < 1 || s[this.L.trapAt + at] !== 0 || !this.g.trapOk[at]) return false
    s[o + F_TOOL + type]!--
    s[this.L.trapAt + at] = trapCode(id, type)
    return true
  }

  kit(s: Int32Array, id: number): boolean {
    if (!this.canAct(s, id) || s[MAIN_USED]) return false
    const o = G + PF * id
    if (s[o + F_TOOL + KIT]! < 1) return false
    s[MAIN_USED] = 1
    s[o + F_TOOL + KIT]!--
    s[o + F_HP] = Math.min(MAX_HP, s[o + F_HP]! + KIT_HEAL)
    return true
  }

  /** Detect an adjacent node: destroys an enemy trap there. Returns whether it succeeded. */
  detect(s: Int32Array, id: number, at: number): boolean {
    if (!this.canAct(s, id)) return false
    const o = G + PF * id
    if (s[o + F_DETECT]! > 0 || !this.g.adjacent[s[o + F_NODE]! * this.g.n + at]) return false
    s[o + F_DETECT] = DETECT_CD
    const t = s[this.L.trapAt + at]!
    if (t !== 0 && (t - 1) >> 1 !== id) s[this.L.trapAt + at] = 0
    return true
  }

  private kill(s: Int32Array, id: number, killer: number): void {
    const o = G + PF * id
    const round = s[ROUND]!
    s[o + F_HP] = 0
    s[o + F_STATUS] = DEAD
    s[o + F_SCORE]! += SCORE_DEATH
    if (killer >= 0) s[G + PF * killer + F_SCORE]! += SCORE_KILL
    const keys = s[o + F_KEYS]!
    if (keys !== 0) {
      const at = s[o + F_NODE]!
      if (s[this.L.boxAt + at] === 0) s[BOXES]!++
      s[this.L.boxAt + at] = s[this.L.boxAt + at]! | keys
    }
    s[o + F_KEYS] = 0
    s[o + F_TOOL] = s[o + F_TOOL + 1] = s[o + F_TOOL + 2] = s[o + F_TOOL + 3] = 0
    s[o + F_PENDING] = -1
    s[o + F_SKIP] = 0
    s[o + F_COUNTDOWN] = 0
    s[o + F_DEATH] = round
    s[o + F_PERMANENT] = round > OVERTIME ? 1 : 0
    s[o + F_RESPAWN] = round > OVERTIME ? -1 : round + RESPAWN
    this.checkOver(s)
  }

  /** The same position as an engine state (tests, and the expert's own picture). */
  fromEngine(e: LostSpaceEngine): Int32Array {
    const g = this.g
    const s = new Int32Array(this.L.size)
    s[ROUND] = e.round
    s[SEAT] = e.seat
    s[MAIN_USED] = e.mainUsed ? 1 : 0
    s[OVER] = e.over ? 1 : 0
    s[ESCAPES] = e.players.filter((p) => p.escapeOrder !== null).length
    for (const p of e.players) {
      const o = G + PF * p.id
      s[o + F_STATUS] = p.status
      s[o + F_NODE] = g.id(p.pos)
      s[o + F_HP] = p.hp
      s[o + F_KEYS] = p.keys.reduce((m, k) => m | (1 << k), 0)
      s[o + F_TOOL + LANDMINE] = p.tools.LandMine
      s[o + F_TOOL + STICKY] = p.tools.Sticky
      s[o + F_TOOL + KIT] = p.tools.Kit
      s[o + F_TOOL + TRANSPORT] = p.tools.Transport
      s[o + F_SCORE] = p.score
      s[o + F_DETECT] = p.detectCd
      s[o + F_SKIP] = p.skipTurns
      s[o + F_PENDING] = p.pendingKey ?? -1
      s[o + F_COUNTDOWN] = p.escapeCountdown
      s[o + F_DEATH] = p.deathRound ?? -1
      s[o + F_RESPAWN] = p.respawnRound ?? -1
      s[o + F_PERMANENT] = p.permanentDeath ? 1 : 0
      s[o + F_ESC_ROUND] = p.escapeRound ?? -1
      s[o + F_ESC_ORDER] = p.escapeOrder ?? -1
      s[o + F_ERROR_ROUND] = p.errorRound ?? -1
    }
    for (const t of e.traps.values()) s[this.L.trapAt + g.id(t.pos)] = trapCode(t.owner, t.type === 'LandMine' ? LANDMINE : STICKY)
    s[BOXES] = e.boxes.size
    for (const b of e.boxes.values()) s[this.L.boxAt + g.id(b.pos)] = b.keys.reduce((m, k) => m | (1 << k), 0)
    for (const m of e.materials.values()) {
      s[this.L.stockAt + g.id(m.pos)] = m.stock
      s[this.L.timerAt + g.id(m.pos)] = m.timer
    }
    return s
  }

  /** Apply an engine action (the expert's plans are engine actions). */
  apply(s: Int32Array, id: number, a: Action): boolean {
    const g = this.g
    switch (a.kind) {
      case 'move':
        return g.has(a.to) && this.move(s, id, g.id(a.to))
      case 'blink':
        return g.has(a.to) && this.blink(s, id, g.id(a.to))
      case 'attack':
        return g.has(a.at) && this.node(s, a.target) === g.id(a.at) && this.attack(s, id, a.target)
      case 'materials':
        return this.materials(s, id, TOOL_INDEX[a.tool])
      case 'box':
        return this.openBox(s, id)
      case 'keymachine':
        return this.keyMachine(s, id)
      case 'escape':
        return a.start ? this.escape(s, id) : this.abortEscape(s, id)
      case 'trap':
        return this.layTrap(s, id, a.trap === 'LandMine' ? LANDMINE : STICKY)
      case 'kit':
        return this.kit(s, id)
      case 'detect':
        return g.has(a.at) && this.detect(s, id, g.id(a.at))
    }
  }

  // ------------------------------------------------------------ ranking

  /** Points by seat (4/3/2/1) if the game ended now, with the engine's ranking rule. */
  points(s: Int32Array, out: number[] = [0, 0, 0, 0]): number[] {
    const order = [0, 1, 2, 3]
    const key = (id: number, i: number): number => {
      const o = G + PF * id
      const st = s[o + F_STATUS]!
      let k: number[]
      if (st === ESCAPED) k = [0, s[o + F_ESC_ORDER]!, 0, 0]
      else if (st === ERROR) k = [3, -s[o + F_ERROR_ROUND]!, -s[o + F_SCORE]!, -id]
      else if (st === DEAD) k = [2, -s[o + F_DEATH]!, -s[o + F_SCORE]!, -id]
      else k = [1, 0, -s[o + F_SCORE]!, -id]
      return k[i]!
    }
    order.sort((a, b) => {
      for (let i = 0; i < 4; i++) {
        const d = key(a, i) - key(b, i)
        if (d !== 0) return d
      }
      return 0
    })
    for (let r = 0; r < 4; r++) out[order[r]!] = RULES.points[r]!
    return out
  }
}

/**
 * Rollout policies: how every player is assumed to play inside a lookahead.
 *
 * One parametrised player covers the AIs we meet: it escapes when it can,
 * heals when low, fights a player in reach with some probability (its
 * aggression), takes boxes and key machines on its way and otherwise walks its
 * cheapest escape tour (with some probability per turn: some AIs sit and wait).
 * The belief estimates each opponent's parameters from what it was seen doing;
 * the expert's own later turns use `SELF_STYLE`, which fights only when it wins
 * the exchange.
 *
 * Randomness comes from `Dice`: a hash of (sample, player, round, purpose), so
 * the same opponent makes the same choice at the same moment in every plan's
 * rollout of one sample (common random numbers).
 */
import type { Action } from '../../engine.js'
import type { FastGraph } from './graph.js'
import { ALIVE, F_DETECT, F_HP, F_NODE, F_SKIP, F_WAITED, KIT, type Sim, SKIP, TRANSPORT, WAIT } from './sim.js'
import type { BoxInfo, TourPlanner } from './tour.js'

const ATTACK = 70

export interface Style {
  /** Chance of hitting a player in reach when the fight looks acceptable (own hp > 70 or a kill). */
  aggression: number
  /** Heals with a Kit at or below this hp. */
  kitBelow: number
  /** Chance of walking on a turn with nothing else to do. */
  moveRate: number
  /** Takes a Kit at a Materials point it stands on when it has none. */
  grabsKits: boolean
  /**
   * Keeps itself stocked as the C++ competition AI does: walks to the nearest Materials point without a
   * Transport (or hurt without a Kit) and there fills up to two Transports and two Kits.
   */
  restocks: boolean
  /** Detects the next node when the detector is ready (clears traps). */
  detects: boolean
  /** Fights only exchanges it wins (the expert itself). */
  careful: boolean
  /** Chance per turn of going after the nearby player with the most keys instead of walking its tour. */
  hunts: number
  /** Chance that it checks the capsule's surroundings before starting its escape (careful players always do). */
  escapeCare: number
}

export const SELF_STYLE: Style = { aggression: 1, kitBelow: 110, moveRate: 1, grabsKits: true, restocks: false, detects: true, careful: true, hunts: 0, escapeCare: 1 }
export const RACER_STYLE: Style = { aggression: 0.8, kitBelow: 110, moveRate: 1, grabsKits: true, restocks: false, detects: true, careful: false, hunts: 0.3, escapeCare: 0.5 }

/** Per-sample hashed randomness (see the file comment). */
export class Dice {
  constructor(public seed: number) {}
  u(pid: number, round: number, salt: number): number {
    let h = Math.imul(this.seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(pid * 131 + round * 7919 + salt * 104729 + 1, 0xc2b2ae35)
    h ^= h >>> 15
    h = Math.imul(h, 0x27d4eb2f)
    h ^= h >>> 13
    h = Math.imul(h, 0x165667b1)
    h ^= h >>> 16
    return (h >>> 0) / 4294967296
  }
}

export function boxesOf(sim: Sim, s: Int32Array, out: BoxInfo[] = []): BoxInfo[] {
  out.length = 0
  if (sim.boxCount(s) === 0) return out
  const g = sim.g
  for (let n = 0; n < g.n; n++) {
    const m = sim.box(s, n)
    if (m !== 0) out.push({ node: n, mask: m })
  }
  return out
}

/** Best next node towards `target` among safe moves (ties broken by `tie`, or by id), or -1. */
export function stepTowards(g: FastGraph, node: number, target: number, round: number, stage: number, tie: number, sameLayerOnly = false): number {
  let best = -1
  let bestD = Infinity
  const list = sameLayerOnly ? g.adj[node]! : g.moves[node]!
  for (let i = 0; i < list.length; i++) {
    const nx = list[i]!
    if (g.failRound[nx]! <= round) continue
    const d = g.distance(nx, target, stage) + (((i + 1) * 0.618 + tie) % 1) * 0.5
    if (d < bestD) {
      bestD = d
      best = nx
    }
  }
  return best
}

/** Rounds of hits `a` needs to kill `b` (Kits count as extra hp). */
export function hitsToKill(hp: number, kits: number): number {
  return Math.ceil((hp + kits * 100) / ATTACK)
}

export interface PolicyContext {
  sim: Sim
  planner: TourPlanner
  dice: Dice
  /** Scratch list reused for boxes. */
  boxes: BoxInfo[]
  /** When set, the actions played are recorded here (the search's default plan). */
  record?: Action[]
}

type Kind = 'move' | 'blink' | 'attack' | 'detect' | 'escape' | 'kit' | 'box' | 'keymachine' | 'kitpick' | 'transportpick'

/** Records a successful action when the caller asked for it (no allocation otherwise). */
function note(ctx: PolicyContext, ok: boolean, kind: Kind, node = -1, target = -1): void {
  if (!ok || !ctx.record) return
  const at = node >= 0 ? ctx.sim.g.pos[node]! : ctx.sim.g.pos[0]!
  let a: Action
  switch (kind) {
    case 'move':
    case 'blink':
      a = { kind, to: at }
      break
    case 'detect':
      a = { kind, at }
      break
    case 'attack':
      a = { kind, at, target }
      break
    case 'escape':
      a = { kind, start: true }
      break
    case 'kitpick':
      a = { kind: 'materials', tool: 'Kit' }
      break
    case 'transportpick':
      a = { kind: 'materials', tool: 'Transport' }
      break
    default:
      a = { kind }
  }
  ctx.record.push(a)
}

/** Plays one whole turn of `pid` (who may act) in `s` with `style`. `hunt`: chase this player instead of walking the tour. */
export function playTurn(ctx: PolicyContext, s: Int32Array, pid: number, style: Style, hunt = -1): void {
  const { sim, planner, dice } = ctx
  const g = sim.g
  if (sim.status(s, pid) !== ALIVE) return
  const round = sim.round(s)
  let node = sim.node(s, pid)
  const mask = sim.keys(s, pid)
  const hp = sim.hp(s, pid)
  const escapeCareful = style.careful || dice.u(pid, round, 6) < style.escapeCare
  if (node === g.capsule && mask === 15 && !(escapeCareful && !escapeSafe(sim, s, pid, hp, 2))) {
    note(ctx, sim.escape(s, pid), 'escape')
    return
  }
  // With every key, blinks onto the capsule and the escape in the same turn: enemies get two turns
  // to strike instead of three (the C++ competition AI ends its races this way).
  if (mask === 15 && blinkEscape(ctx, s, pid, escapeCareful)) return
  const kits = sim.tool(s, pid, KIT)
  // Fights: the weakest player in reach (a kill first).
  let prey = -1
  let preyHp = Infinity
  for (let q = 0; q < 4; q++) {
    if (q === pid || !sim.onMap(s, q) || !sim.inReach(s, pid, q)) continue
    // An escaping player first (its countdown is the last chance), then the weakest.
    const qhp = sim.hp(s, q) - (sim.status(s, q) === WAIT ? 1000 : 0)
    if (qhp < preyHp) {
      prey = q
      preyHp = qhp
    }
  }
  if (prey >= 0) preyHp = sim.hp(s, prey)
  if (hp <= style.kitBelow && kits > 0 && !(prey >= 0 && preyHp <= ATTACK)) {
    note(ctx, sim.kit(s, pid), 'kit')
    return
  }
  if (prey >= 0) {
    let fight: boolean
    if (style.careful) {
      const mine = hitsToKill(preyHp, sim.tool(s, prey, KIT))
      const theirs = hitsToKill(hp, kits)
      fight = preyHp <= ATTACK || mine <= theirs || hunt === prey || sim.status(s, prey) === WAIT
    } else {
      // Anybody hits a player in its escape countdown: its death drops every key.
      const rate = sim.status(s, prey) === WAIT ? Math.max(0.9, style.aggression) : style.aggression
      fight = (hp > ATTACK || preyHp <= ATTACK || sim.status(s, prey) === WAIT) && dice.u(pid, round, 1) < rate
    }
    if (fight) {
      note(ctx, sim.attack(s, pid, prey), 'attack', sim.node(s, prey), prey)
      return
    }
  } else if (sim.tool(s, pid, TRANSPORT) > 0 && blinkStrike(ctx, s, pid, style, hunt, round)) return
  const box = sim.box(s, node)
  if (box !== 0 && (box | mask) !== mask) {
    note(ctx, sim.openBox(s, pid), 'box')
    return
  }
  const km = g.machineKey[node]!
  if (km >= 0 && !(mask & (1 << km)) && g.failRound[node]! > round + 1 && !(style.careful && dangerAt(sim, s, pid, node, hp) > 0)) {
    note(ctx, sim.keyMachine(s, pid), 'keymachine')
    return
  }
  if (g.isMaterials[node] && sim.stock(s, node) > 0) {
    const tool = style.restocks ? restockTool(sim, s, pid, hp, kits) : style.grabsKits && kits === 0 ? KIT : -1
    if (tool >= 0) {
      note(ctx, sim.materials(s, pid, tool), tool === KIT ? 'kitpick' : 'transportpick')
      return
    }
  }
  // Every key but the capsule watched: a Transport lets the escape start on arrival (see blinkEscape).
  if (style.careful && mask === 15 && sim.tool(s, pid, TRANSPORT) === 0 && g.isMaterials[node] && sim.stock(s, node) > 0 && !escapeSafe(sim, s, pid, hp, 3)) {
    note(ctx, sim.materials(s, pid, TRANSPORT), 'transportpick')
    return
  }
  if (hunt >= 0 && sim.onMap(s, hunt)) {
    // A prey with every key is going to the capsule: wait for it next to it (or escape first, above).
    const stage = g.stage(round, 2)
    const toCapsule = sim.keys(s, hunt) === 15 || sim.status(s, hunt) === WAIT
    const goal = toCapsule ? g.capsule : sim.node(s, hunt)
    if (toCapsule && mask !== 15 && g.distance(node, goal, stage) <= 1) return
    // On the way a careful hunter still keeps out of other players' first strike.
    const far = g.distance(node, sim.node(s, hunt), stage) > 2
    const nx = style.careful && far ? safeStep(sim, s, pid, node, goal, round, stage, dice.u(pid, round, 3)) : stepTowards(g, node, goal, round, stage, dice.u(pid, round, 3))
    if (nx >= 0 && !(toCapsule && mask !== 15 && nx === goal)) {
      note(ctx, sim.move(s, pid, nx), 'move', nx)
      return
    }
  }
  // An interceptor (per sample, with its chance of chasing) goes for whoever is ahead in the race:
  // it waits beside the capsule for a player with every key, or chases one with three keys and more
  // than its own, as the C++ competition AI does once it is behind. Only a player seen restocking as
  // that AI does is one: the strategist, an interceptor by the prior chance of chasing, never is one,
  // and feared as one it cost the expert races (docs/benchmarks.md, issue 29's tenth pass).
  if (!style.careful && style.restocks && mask !== 15 && style.hunts > 0 && dice.u(pid, 0, 7) < style.hunts) {
    const stage = g.stage(round, 2)
    const goal = interceptGoal(sim, s, pid, mask)
    if (goal >= 0) {
      if (goal === g.capsule && g.distance(node, goal, stage) <= 1) return
      const nx = stepTowards(g, node, goal, round, stage, dice.u(pid, round, 3))
      if (nx >= 0 && nx !== node && nx !== g.capsule) {
        note(ctx, sim.move(s, pid, nx), 'move', nx)
        return
      }
    }
  }
  if (style.hunts > 0 && dice.u(pid, round, 5) < style.hunts) {
    const q = richestNear(sim, s, pid, node)
    if (q >= 0) {
      const nx = stepTowards(g, node, sim.node(s, q), round, g.stage(round, 2), dice.u(pid, round, 3))
      if (nx >= 0 && nx !== node) {
        note(ctx, sim.move(s, pid, nx), 'move', nx)
        return
      }
    }
  }
  if (style.moveRate < 1 && dice.u(pid, round, 2) >= style.moveRate) return
  const stage = g.stage(round, 2)
  if (style.restocks && (sim.tool(s, pid, TRANSPORT) === 0 || (hp <= RESTOCK_HP && kits === 0)) && !(mask === 15 && g.pos[node]![2] === g.pos[g.capsule]![2])) {
    const m = nearestStock(sim, s, node, stage)
    const nx = m >= 0 ? stepTowards(g, node, m, round, stage, dice.u(pid, round, 4)) : -1
    if (nx >= 0 && nx !== node) {
      note(ctx, sim.move(s, pid, nx), 'move', nx)
      return
    }
  }
  const boxes = boxesOf(sim, s, ctx.boxes)
  let target = planner.tour(node, mask, stage, boxes).target
  if (target === node) target = g.capsule
  const tie = dice.u(pid, round, 4)
  // With every key, Transports are kept for the last steps onto the capsule (blinkEscape).
  if (mask !== 15 && sim.tool(s, pid, TRANSPORT) > 0 && g.distance(node, target, stage) >= 2) {
    const b = stepTowards(g, node, target, round, stage, tie, true)
    if (b >= 0 && g.distance(b, target, stage) < g.distance(node, target, stage) && sim.blink(s, pid, b)) {
      note(ctx, true, 'blink', b)
      node = b
      if (sim.status(s, pid) !== ALIVE) return
    }
  }
  const nx = style.careful ? safeStep(sim, s, pid, node, target, round, stage, tie) : stepTowards(g, node, target, round, stage, tie)
  if (nx < 0 || nx === node) return
  if (nx === g.capsule && mask === 15 && escapeCareful && !escapeSafe(sim, s, pid, hp, 3)) return
  if (style.detects && g.adjacent[node * g.n + nx] === 1 && sim.get(s, pid, F_DETECT) === 0) note(ctx, sim.detect(s, pid, nx), 'detect', nx)
  note(ctx, sim.move(s, pid, nx), 'move', nx)
}

/** Below this hp a restocking player without a Kit fetches one (the C++ competition AI's rule). */
const RESTOCK_HP = 140

/** What a restocking player takes at a Materials point (the C++ competition AI's order), or -1: it moves on. */
function restockTool(sim: Sim, s: Int32Array, pid: number, hp: number, kits: number): number {
  const tr = sim.tool(s, pid, TRANSPORT)
  if (hp <= RESTOCK_HP && kits === 0) return KIT
  if (tr >= 2) return -1
  if (tr < 1) return TRANSPORT
  if (kits < 1) return KIT
  return TRANSPORT
}

/** The nearest Materials point with stock left that outlasts the walk there, or -1. */
function nearestStock(sim: Sim, s: Int32Array, node: number, stage: number): number {
  const g = sim.g
  const round = sim.round(s)
  let best = -1
  let bestD = Infinity
  for (const m of g.materials) {
    if (sim.stock(s, m) === 0) continue
    const d = g.distance(node, m, stage)
    if (d < bestD && g.failRound[m]! > round + d + 1) {
      bestD = d
      best = m
    }
  }
  return best
}

/** The blinks (same layer, at most `n`) that land on the capsule from `node`: [] if none do. */
export function blinksToCapsule(g: FastGraph, node: number, n: number, round: number): number[] {
  const c = g.capsule
  if (n < 1 || node === c || g.failRound[c]! <= round) return []
  if (g.adjacent[node * g.n + c] === 1) return [c]
  if (n < 2) return []
  for (const b of g.adj[node]!) if (g.failRound[b]! > round && g.adjacent[b * g.n + c] === 1) return [b, c]
  return []
}

/** Blinks onto the capsule and starts the escape, when Transports reach it and (for a careful player) two turns of strikes do not kill. */
function blinkEscape(ctx: PolicyContext, s: Int32Array, pid: number, careful: boolean): boolean {
  const sim = ctx.sim
  const hops = blinksToCapsule(sim.g, sim.node(s, pid), sim.tool(s, pid, TRANSPORT), sim.round(s))
  if (hops.length === 0 || (careful && !escapeSafe(sim, s, pid, sim.hp(s, pid), 2))) return false
  for (const b of hops) {
    if (!sim.blink(s, pid, b)) return true
    note(ctx, true, 'blink', b)
    if (sim.status(s, pid) !== ALIVE) return true
  }
  note(ctx, sim.escape(s, pid), 'escape')
  return true
}

/**
 * Where an interceptor without every key goes: the capsule when another player holds every key (or is escaping),
 * else the node of the player with three keys and more than `mask` has; -1 when nobody is that far ahead.
 */
function interceptGoal(sim: Sim, s: Int32Array, pid: number, mask: number): number {
  const mine = bitCount(mask)
  let chase = -1
  let most = Math.max(2, mine)
  for (let q = 0; q < 4; q++) {
    if (q === pid) continue
    const st = sim.status(s, q)
    if (st === WAIT || (st === ALIVE && sim.keys(s, q) === 15)) return sim.g.capsule
    if (st !== ALIVE) continue
    const k = bitCount(sim.keys(s, q))
    if (k > most) {
      most = k
      chase = sim.node(s, q)
    }
  }
  return chase
}

/** The player within four steps (same layer) carrying the most keys (at least as many as `pid`), or -1. */
function richestNear(sim: Sim, s: Int32Array, pid: number, node: number): number {
  const g = sim.g
  const mine = bitCount(sim.keys(s, pid))
  let best = -1
  let bestKeys = mine - 1
  for (let q = 0; q < 4; q++) {
    if (q === pid || !sim.onMap(s, q)) continue
    const qn = sim.node(s, q)
    if (g.pos[qn]![2] !== g.pos[node]![2] || g.distance(node, qn, 0) > 4) continue
    const k = bitCount(sim.keys(s, q))
    if (k > bestKeys) {
      best = q
      bestKeys = k
    }
  }
  return best
}

export function bitCount(m: number): number {
  return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1)
}

/** Whether `pid` wants to fight `q` now (it strikes first). */
function wantsFight(ctx: PolicyContext, s: Int32Array, pid: number, q: number, style: Style, hunt: number, round: number): boolean {
  const sim = ctx.sim
  const hp = sim.hp(s, pid)
  const qhp = sim.hp(s, q)
  const escaping = sim.status(s, q) === WAIT
  if (style.careful) return qhp <= ATTACK || escaping || hitsToKill(qhp, sim.tool(s, q, KIT)) <= hitsToKill(hp, sim.tool(s, pid, KIT)) || hunt === q
  return (hp > ATTACK || qhp <= ATTACK || escaping) && ctx.dice.u(pid, round, 1) < (escaping ? Math.max(0.9, style.aggression) : style.aggression)
}

/** Blink next to a player two steps away and hit it (the first strike from afar). */
function blinkStrike(ctx: PolicyContext, s: Int32Array, pid: number, style: Style, hunt: number, round: number): boolean {
  const sim = ctx.sim
  const g = sim.g
  const node = sim.node(s, pid)
  const adj = g.adj[node]!
  for (let q = 0; q < 4; q++) {
    if (q === pid || !sim.onMap(s, q)) continue
    const qn = sim.node(s, q)
    if (g.pos[qn]![2] !== g.pos[node]![2]) continue
    for (let i = 0; i < adj.length; i++) {
      const b = adj[i]!
      if (g.failRound[b]! <= round || (b !== qn && g.adjacent[b * g.n + qn] !== 1)) continue
      if (!wantsFight(ctx, s, pid, q, style, hunt, round)) return false
      if (!sim.blink(s, pid, b)) return false
      note(ctx, true, 'blink', b)
      if (sim.status(s, pid) === ALIVE && sim.onMap(s, q) && sim.attack(s, pid, q)) note(ctx, true, 'attack', qn, q)
      return true
    }
  }
  return false
}

/**
 * Enemies that would hit `pid` standing on `node` before its next turn: every
 * other player acts once before then, and one in reach at the start of its
 * turn strikes first (it may not move and attack in one turn).
 */
export function dangerAt(sim: Sim, s: Int32Array, pid: number, node: number, hp: number): number {
  const g = sim.g
  let n = 0
  for (let q = 0; q < 4; q++) {
    if (q === pid) continue
    const st = sim.status(s, q)
    if (st !== ALIVE && !(st === SKIP && sim.get(s, q, F_SKIP) === 0)) continue
    const qn = sim.node(s, q)
    if (qn !== node && g.adjacent[node * g.n + qn] !== 1) {
      // With a blink it strikes from two steps away (same layer).
      if (sim.tool(s, q, TRANSPORT) === 0 || g.pos[qn]![2] !== g.pos[node]![2] || g.distance(qn, node, 0) > 2) continue
    }
    if (sim.hp(s, q) > ATTACK || hp <= ATTACK) n++
  }
  return n
}

/**
 * Whether an escape started now survives: between entering the capsule and
 * the escape every other player gets `turns` turns (3 from stepping in, 2
 * from pressing the button there), and one `d` moves away (blinks shorten
 * it) can hit us in all but the d - 1 it needs to come into reach. `strikers`: the players counted (a bit per seat).
 */
export function escapeSafe(sim: Sim, s: Int32Array, pid: number, hp: number, turns: number, strikers = 0b1111): boolean {
  const g = sim.g
  const stage = g.stage(sim.round(s), 2)
  let damage = 0
  for (let q = 0; q < 4; q++) {
    if (q === pid || !(strikers & (1 << q))) continue
    const st = sim.status(s, q)
    if (st !== ALIVE && !(st === SKIP && sim.get(s, q, F_SKIP) === 0)) continue
    const d = g.distance(sim.node(s, q), g.capsule, stage) - sim.tool(s, q, TRANSPORT)
    const hits = turns - Math.max(0, d - 1)
    if (hits > 0) damage += hits * ATTACK
  }
  return damage < hp
}

/** The careful step: towards `target`, but a step into an enemy's reach counts as four steps more (staying put is a step too). */
function safeStep(sim: Sim, s: Int32Array, pid: number, node: number, target: number, round: number, stage: number, tie: number): number {
  const g = sim.g
  const hp = sim.hp(s, pid)
  // Two careful players would wait for each other forever: after two turns held back, staying is no option.
  const waited = sim.get(s, pid, F_WAITED)
  let best = -1
  let bestScore = Infinity
  let plain = -1
  let plainD = Infinity
  const list = g.moves[node]!
  for (let i = waited >= 2 ? 0 : -1; i < list.length; i++) {
    const nx = i < 0 ? node : list[i]!
    if (g.failRound[nx]! <= round) continue
    const d = g.distance(nx, target, stage)
    if (d >= 1e5) continue
    let danger = dangerAt(sim, s, pid, nx, hp)
    if (nx === g.capsule && sim.keys(s, pid) === 15 && !escapeSafe(sim, s, pid, hp, 3)) danger++
    const score = d + 4 * danger + (i < 0 ? 1 : (((i + 1) * 0.618 + tie) % 1) * 0.5)
    if (score < bestScore) {
      bestScore = score
      best = nx
    }
    if (i >= 0 && d < plainD) {
      plainD = d
      plain = nx
    }
  }
  sim.set(s, pid, F_WAITED, best === node && plain >= 0 && plainD < g.distance(node, target, stage) ? waited + 1 : 0)
  return best
}

/** Whether anyone on the map (other than `pid`) is in reach of `node`. */
export function threatsAt(sim: Sim, s: Int32Array, pid: number, node: number): number {
  const g = sim.g
  let n = 0
  for (let q = 0; q < 4; q++) {
    if (q === pid || !sim.onMap(s, q)) continue
    const qn = sim.get(s, q, F_NODE)
    if (qn === node || g.adjacent[node * g.n + qn] === 1) n++
  }
  return n
}

export function isWaiting(sim: Sim, s: Int32Array, pid: number): boolean {
  return sim.status(s, pid) === WAIT && sim.get(s, pid, F_HP) > 0
}

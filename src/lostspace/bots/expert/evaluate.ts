/**
 * The value of a (simulated) position for one player: its expected points
 * (4/3/2/1) if the game went on from here.
 *
 * Every player gets an outlook: the round it would escape (its cheapest tour
 * through the missing keys to the capsule, respawn delay included, a blink
 * saving a step) and the chance that it gets there at all, which falls with
 * the length of the way and with low hp. Between two players the one that
 * escapes first ranks higher; one that escapes beats one that does not;
 * players that do not escape rank by survival and then score (the engine's
 * rule). The expected points are 1 + the sum of the chances of beating each
 * other player.
 */
import type { FastGraph } from './graph.js'
import { boxesOf, escapeSafe } from './policy.js'
import { ALIVE, DEAD, ERROR, ESCAPED, F_COUNTDOWN, F_DEATH, F_ESC_ORDER, F_PENDING, F_PERMANENT, F_RESPAWN, F_SCORE, F_SKIP, KIT, LANDMINE, type Sim, SKIP, STICKY, TRANSPORT, WAIT } from './sim.js'
import { UNREACHABLE_TURNS, type BoxInfo, type TourPlanner } from './tour.js'

const LAST_ROUND = 100
/** Chance per round of remaining way that something (a fight, a trap) stops an escape. */
const HAZARD = 0.012
/**
 * Our own escape, with every key, while interceptors by the capsule would strike us dead in it (entering and
 * the countdown, at full hp after our Kits): the chance that we get out anyway. Without it a standoff looked like
 * an escape two steps away (a traced game: every key for 70 rounds, the C++ AI on the capsule, valued
 * about 4 points, ended with 2; docs/benchmarks.md, issue 29's eleventh pass).
 */
const BLOCKED = 0.5

interface Outlook {
  /** Estimated escape round (fractional: seat order breaks ties), Infinity if it will not escape. */
  escape: number
  /** Chance that it really escapes then. */
  sure: number
  /** Non-escapers: 2 survivor, 1 dead (later death better: fraction), 0 error. */
  survive: number
  score: number
  /** The player's seat: between non-escapers with the same death round and score the later seat ranks higher (engine rule). */
  seat: number
}

function hpFactor(hp: number, kits: number): number {
  const eff = hp + 80 * kits
  return eff >= 200 ? 1 : eff >= 140 ? 0.96 : eff > 70 ? 0.88 : 0.72
}

export class Evaluator {
  private readonly boxes: BoxInfo[] = []
  /** The round of the decision: the chance of escaping falls with the rounds from then (waiting costs). */
  origin = 0
  /** The player whose value is being computed: only its own escape counts as blocked (see BLOCKED). */
  private self = -1
  /**
   * The players (a bit per seat) that lie in wait by the capsule for whoever holds every key, as the rollouts'
   * interceptors do (policy.ts: only an opponent seen restocking as the C++ AI does). A racer near the capsule,
   * the strategist for one, is on its way out, not a blocker (with every racer counted the expert lost races to
   * the strategist: issue 29's eleventh pass).
   */
  interceptors = 0
  private readonly looks: Outlook[] = [0, 1, 2, 3].map((seat) => ({ escape: Infinity, sure: 0, survive: 0, score: 0, seat }))

  constructor(
    readonly sim: Sim,
    readonly planner: TourPlanner,
  ) {}

  private outlook(s: Int32Array, p: number, now: number, seat: number, out: Outlook): void {
    const sim = this.sim
    const g: FastGraph = sim.g
    const st = sim.status(s, p)
    out.score = sim.get(s, p, F_SCORE)
    out.survive = 2
    out.escape = Infinity
    out.sure = 0
    // The next own turn: later this round, or next round if already played.
    const base = now + (p < seat ? 1 : 0) + p * 0.01
    switch (st) {
      case ESCAPED:
        out.escape = -10 + sim.get(s, p, F_ESC_ORDER)
        out.sure = 1
        return
      case ERROR:
        out.survive = 0
        return
      case WAIT:
        out.escape = base + sim.get(s, p, F_COUNTDOWN) - 1
        out.sure = Math.max(0.3, 1 - HAZARD * (out.escape - Math.min(now, this.origin || now))) * hpFactor(sim.hp(s, p), sim.tool(s, p, KIT))
        return
      case DEAD: {
        out.survive = 1 + sim.get(s, p, F_DEATH) / 1000
        if (sim.get(s, p, F_PERMANENT) !== 0) return
        const back = Math.max(base, sim.get(s, p, F_RESPAWN) + p * 0.01)
        const t = this.planner.machineTour(g.spawn[p]!, 1 << p, g.stage(Math.floor(back), 2)).turns
        const esc = back + t - 1
        if (t < UNREACHABLE_TURNS && esc <= LAST_ROUND) {
          out.escape = esc
          out.sure = Math.max(0.3, 1 - HAZARD * (esc - Math.min(now, this.origin || now)))
        }
        out.survive = 2
        return
      }
      default: {
        const node = sim.node(s, p)
        const pending = sim.get(s, p, F_PENDING)
        const mask = sim.keys(s, p) | (pending >= 0 ? 1 << pending : 0)
        const stage = g.stage(now, 2)
        let t = this.planner.tour(node, mask, stage, this.boxes).turns
        if (t >= UNREACHABLE_TURNS) return
        t -= Math.min(sim.tool(s, p, TRANSPORT), Math.max(0, t - 4))
        const esc = base + t - 1 + (st === SKIP ? sim.get(s, p, F_SKIP) : 0)
        if (esc > LAST_ROUND) return
        out.escape = esc
        out.sure = Math.max(0.3, 1 - HAZARD * (esc - Math.min(now, this.origin || now))) * hpFactor(sim.hp(s, p), sim.tool(s, p, KIT))
        if (p === this.self && mask === 15 && st === ALIVE && this.blocked(s, p)) out.sure *= BLOCKED
      }
    }
  }

  /**
   * Whether interceptors without every key by the capsule would kill `p` in its escape: entering by Transport (two
   * turns of strikes) or on foot (three), at full hp after its Kits.
   */
  private blocked(s: Int32Array, p: number): boolean {
    const sim = this.sim
    let campers = 0
    for (let q = 0; q < 4; q++) if ((this.interceptors & (1 << q)) !== 0 && sim.keys(s, q) !== 15) campers |= 1 << q
    if (campers === 0) return false
    const hp = sim.tool(s, p, KIT) > 0 ? 200 : sim.hp(s, p)
    return !escapeSafe(sim, s, p, hp, sim.tool(s, p, TRANSPORT) > 0 ? 2 : 3, campers)
  }

  explain(s: Int32Array, me: number): string {
    const v = this.value(s, me)
    return `v=${v.toFixed(3)} origin=${this.origin} ` + this.looks.map((l, i) => `p${i}:e${l.escape.toFixed(2)} s${l.sure.toFixed(2)} b${i === me ? '-' : beats(this.looks[me]!, l, this.sim.round(s)).toFixed(2)}`).join(' ')
  }

  /** Expected points of `me` (1..4) plus small tie-breakers. */
  value(s: Int32Array, me: number): number {
    const sim = this.sim
    if (sim.over(s)) return sim.points(s)[me]!
    const now = sim.round(s)
    const seat = sim.seat(s)
    boxesOf(sim, s, this.boxes)
    this.self = me
    for (let p = 0; p < 4; p++) this.outlook(s, p, now, seat, this.looks[p]!)
    const a = this.looks[me]!
    let v = 1
    for (let j = 0; j < 4; j++) if (j !== me) v += beats(a, this.looks[j]!, now)
    // Small tie-breakers, never more than escaping is worth.
    const st = sim.status(s, me)
    if (st === ALIVE || st === SKIP || st === WAIT) {
      v += 0.0004 * sim.hp(s, me) + 0.04 * sim.tool(s, me, KIT) + 0.04 * sim.tool(s, me, TRANSPORT) + 0.008 * (sim.tool(s, me, LANDMINE) + sim.tool(s, me, STICKY))
    } else if (st === ESCAPED) v += 0.35
    return v
  }
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x))
}

/** Non-escapers: survivors before the dead (later death first), then score, then the later seat (scores may still change). */
function restOrder(a: Outlook, b: Outlook): number {
  if (a.survive !== b.survive) return a.survive > b.survive ? 0.8 : 0.2
  if (a.score !== b.score) return a.score > b.score ? 0.7 : 0.3
  return a.seat > b.seat ? 0.6 : 0.4
}

/** Probability that a ranks above b. */
function beats(a: Outlook, b: Outlook, now: number): number {
  const rest = restOrder(a, b)
  const pa = a.escape === Infinity ? 0 : a.sure
  const pb = b.escape === Infinity ? 0 : b.sure
  let race = 0.5
  if (a.escape < 0 || b.escape < 0) {
    // Somebody has escaped already: the order is known.
    race = a.escape < b.escape ? 1 : 0
  } else if (pa > 0 && pb > 0) {
    const spread = 0.6 + 0.1 * Math.max(0, Math.min(a.escape, b.escape) - now)
    race = sigmoid((b.escape - a.escape) / spread)
  }
  return pa * pb * race + pa * (1 - pb) + (1 - pa) * (1 - pb) * rest
}



/**
 * The actions a player can sensibly try from its own picture of the game
 * (what the SDK tracker knows). "Legal" is our best knowledge: the logic has
 * the last word and answers `success:false` to the rest.
 */
import type { GameMap, NodeFacts, Pos as MapPos } from '../map.js'
import type { Action, Pos } from '../sdk/messages.js'
import type { GameStateTracker } from '../sdk/state.js'

export const DETECT_COOLDOWN = 5
export const TOOL_LIMITS = { Kit: 2, Transport: 2, LandMine: 3, Sticky: 3 } as const

export function toPos(p: MapPos | Pos): Pos {
  return [p[0], p[1], p[2]]
}

export interface LegalActions {
  /** Main actions (at most one succeeds per turn). */
  main: Action[]
  /** Secondary actions (detect, trap, blink). */
  secondary: Action[]
}

export function isMainAction(a: Action): boolean {
  return !(a[0] === 'detect' || a[0] === 'trap' || (a[0] === 'tool' && a[1] === 'Transport'))
}

/** Visible other players (alive, position known) on our node or an adjacent one. */
export function attackTargets(s: GameStateTracker, map: GameMap): Array<{ id: number; pos: Pos }> {
  const out: Array<{ id: number; pos: Pos }> = []
  const here = s.pos
  if (!here) return out
  for (const o of s.others.values()) {
    const p = o.pos
    if (o.id === s.id || !p || o.status !== 0) continue
    if (p[2] !== here[2]) continue
    const same = p[0] === here[0] && p[1] === here[1]
    if (same || map.isAdjacent(here, p)) out.push({ id: o.id, pos: [p[0], p[1], p[2]] })
  }
  return out
}

const MATERIAL_TOOLS = ['Kit', 'Transport', 'LandMine', 'Sticky'] as const

export function legalActions(s: GameStateTracker, map: GameMap, opts: { mainUsed?: boolean } = {}): LegalActions {
  const codes: LegalCodes = { main: [], secondary: [] }
  legalActionCodes(s, map, opts.mainUsed === true, codes)
  return { main: codes.main.map((c) => actionOfCode(c, map)), secondary: codes.secondary.map((c) => actionOfCode(c, map)) }
}

/**
 * The same legal actions as small numbers (kind + argument): filling them costs no
 * allocation, and `actionOfCode` builds just the one a player picks. The order is
 * legalActions' order.
 */
export interface LegalCodes {
  main: number[]
  secondary: number[]
}

// code = kind + KINDS · argument (a node index, a tool, a trap, or for attack id + 256 · node index).
const KINDS = 16
const MOVE = 0
const ATTACK = 1
const MATERIALS = 2
const BOX = 3
const KEY_MACHINE = 4
const ESCAPE = 5
const ESCAPE_ABORT = 6
const KIT = 7
const DETECT = 8
const TRAP = 9
const TRANSPORT = 10
const TRAPS = ['LandMine', 'Sticky'] as const

/** Sets `out`'s lists (new ones) to the codes of legalActions(s, map, { mainUsed }). */
export function legalActionCodes(s: GameStateTracker, map: GameMap, mainUsed: boolean, out: LegalCodes): void {
  const main: number[] = (out.main = [])
  const secondary: number[] = (out.secondary = [])
  const me = s.pos
  const here = me ? map.facts(me) : undefined
  if (!here) return
  const round = s.round
  if (s.status === 4) {
    if (!mainUsed) main.push(ESCAPE_ABORT)
    return
  }
  // Zones that fail at the end of this round are closed to moves that land next round.
  const next = round + 1
  const neighbors = here.neighbors
  if (!mainUsed) {
    for (let i = 0; i < neighbors.length; i++) if (!(neighbors[i]!.zoneRound < next)) main.push(MOVE + KINDS * neighbors[i]!.index)
    for (const q of here.lifts) if (!(q.zoneRound < next)) main.push(MOVE + KINDS * q.index)
    if (s.others.size > 0) {
      for (const o of s.others.values()) {
        const p = o.pos
        if (o.id === s.id || !p || o.status !== 0 || p[2] !== here.pos[2]) continue
        // Attack targets as attackTargets() finds them: our node or an adjacent one.
        const at = p[0] === here.pos[0] && p[1] === here.pos[1] ? here : neighborAt(neighbors, p)
        if (at && Number.isInteger(o.id) && o.id >= 0 && o.id < 256) main.push(ATTACK + KINDS * (o.id + 256 * at.index))
      }
    }
    if (here.materials) {
      for (let t = 0; t < MATERIAL_TOOLS.length; t++) if (s.tools[MATERIAL_TOOLS[t]!] < TOOL_LIMITS[MATERIAL_TOOLS[t]!]) main.push(MATERIALS + KINDS * t)
    }
    if (s.boxes.size > 0 && s.boxes.has(here.key)) main.push(BOX)
    if (here.keyMachine >= 0 && !s.keys.includes(here.keyMachine)) main.push(KEY_MACHINE)
    if (here.capsule && new Set(s.keys).size >= 4) main.push(ESCAPE)
    if (s.tools.Kit > 0 && s.hp < 200) main.push(KIT)
  }
  if (s.round - s.lastDetectRound >= DETECT_COOLDOWN) {
    for (let i = 0; i < neighbors.length; i++) secondary.push(DETECT + KINDS * neighbors[i]!.index)
  }
  if (s.tools.LandMine > 0 || s.tools.Sticky > 0) {
    const special = here.capsule || here.lifts.length > 0 || here.keyMachine >= 0
    if (!special && !hasTrapAt(s.placedTraps.LandMine, here.pos) && !hasTrapAt(s.placedTraps.Sticky, here.pos)) {
      if (s.tools.LandMine > 0) secondary.push(TRAP)
      if (s.tools.Sticky > 0) secondary.push(TRAP + KINDS)
    }
  }
  if (s.tools.Transport > 0) {
    for (let i = 0; i < neighbors.length; i++) if (!(neighbors[i]!.zoneRound < next)) secondary.push(TRANSPORT + KINDS * neighbors[i]!.index)
  }
}

/** The action a legal-action code stands for (a fresh tuple). */
export function actionOfCode(code: number, map: GameMap): Action {
  const kind = code % KINDS
  const arg = (code - kind) / KINDS
  switch (kind) {
    case MOVE:
      return ['move', copy(map.nodes[arg]!)]
    case ATTACK:
      return ['attack', copy(map.nodes[Math.floor(arg / 256)]!), arg % 256]
    case MATERIALS:
      return ['interact', 'Materials', MATERIAL_TOOLS[arg]!]
    case BOX:
      return ['interact', 'Box']
    case KEY_MACHINE:
      return ['interact', 'KeyMachine']
    case ESCAPE:
      return ['interact', 'EscapeCapsule', true]
    case ESCAPE_ABORT:
      return ['interact', 'EscapeCapsule', false]
    case KIT:
      return ['tool', 'Kit']
    case DETECT:
      return ['detect', copy(map.nodes[arg]!)]
    case TRAP:
      return ['trap', TRAPS[arg]!]
    case TRANSPORT:
      return ['tool', 'Transport', copy(map.nodes[arg]!)]
  }
  throw new Error(`not a legal-action code: ${code}`)
}

function neighborAt(neighbors: readonly NodeFacts[], p: Pos): NodeFacts | undefined {
  for (let i = 0; i < neighbors.length; i++) {
    const q = neighbors[i]!.pos
    if (q[0] === p[0] && q[1] === p[1] && q[2] === p[2]) return neighbors[i]
  }
  return undefined
}

function copy(p: MapPos): Pos {
  return [p[0], p[1], p[2]]
}

function hasTrapAt(traps: readonly Pos[], p: MapPos): boolean {
  for (const t of traps) if (t[0] === p[0] && t[1] === p[1] && t[2] === p[2]) return true
  return false
}

/**
 * The actions a player can sensibly try from its own picture of the game
 * (what the SDK tracker knows). "Legal" is our best knowledge: the logic has
 * the last word and answers `success:false` to the rest.
 */
import type { GameMap, Pos as MapPos } from '../map.js'
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
  const main: Action[] = []
  const secondary: Action[] = []
  const here = s.pos ? map.facts(s.pos) : undefined
  if (!here) return { main, secondary }
  const round = s.round
  if (s.status === 4) {
    if (!opts.mainUsed) main.push(['interact', 'EscapeCapsule', false])
    return { main, secondary }
  }
  // Zones that fail at the end of this round are closed to moves that land next round.
  const next = round + 1
  const pos = here.pos
  if (!opts.mainUsed) {
    for (const q of here.neighbors) if (!(q.zoneRound < next)) main.push(['move', copy(q.pos)])
    for (const q of here.lifts) if (!(q.zoneRound < next)) main.push(['move', copy(q.pos)])
    for (const t of attackTargets(s, map)) main.push(['attack', t.pos, t.id])
    if (here.materials) {
      for (const tool of MATERIAL_TOOLS) if (s.tools[tool] < TOOL_LIMITS[tool]) main.push(['interact', 'Materials', tool])
    }
    if (s.boxes.size > 0 && s.boxes.has(here.key)) main.push(['interact', 'Box'])
    if (here.keyMachine >= 0 && !s.keys.includes(here.keyMachine)) main.push(['interact', 'KeyMachine'])
    if (here.capsule && new Set(s.keys).size >= 4) main.push(['interact', 'EscapeCapsule', true])
    if (s.tools.Kit > 0 && s.hp < 200) main.push(['tool', 'Kit'])
  }
  if (s.round - s.lastDetectRound >= DETECT_COOLDOWN) {
    for (const q of here.neighbors) secondary.push(['detect', copy(q.pos)])
  }
  if (s.tools.LandMine > 0 || s.tools.Sticky > 0) {
    const special = here.capsule || here.lifts.length > 0 || here.keyMachine >= 0
    if (!special && !hasTrapAt(s.placedTraps.LandMine, pos) && !hasTrapAt(s.placedTraps.Sticky, pos)) {
      if (s.tools.LandMine > 0) secondary.push(['trap', 'LandMine'])
      if (s.tools.Sticky > 0) secondary.push(['trap', 'Sticky'])
    }
  }
  if (s.tools.Transport > 0) {
    for (const q of here.neighbors) if (!(q.zoneRound < next)) secondary.push(['tool', 'Transport', copy(q.pos)])
  }
  return { main, secondary }
}

function copy(p: MapPos): Pos {
  return [p[0], p[1], p[2]]
}

function hasTrapAt(traps: readonly Pos[], p: MapPos): boolean {
  for (const t of traps) if (t[0] === p[0] && t[1] === p[1] && t[2] === p[2]) return true
  return false
}

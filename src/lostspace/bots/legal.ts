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
  if (!s.pos) return []
  const here = s.pos
  const out: Array<{ id: number; pos: Pos }> = []
  for (const o of s.others.values()) {
    if (o.id === s.id || !o.pos || o.status !== 0) continue
    if (o.pos[2] !== here[2]) continue
    const same = o.pos[0] === here[0] && o.pos[1] === here[1]
    if (same || map.isAdjacent(here, o.pos)) out.push({ id: o.id, pos: toPos(o.pos) })
  }
  return out
}

export function legalActions(s: GameStateTracker, map: GameMap, opts: { mainUsed?: boolean } = {}): LegalActions {
  const main: Action[] = []
  const secondary: Action[] = []
  const here = s.pos && map.get(s.pos)
  if (!here) return { main, secondary }
  const round = s.round
  if (s.status === 4) {
    if (!opts.mainUsed) main.push(['interact', 'EscapeCapsule', false])
    return { main, secondary }
  }
  if (!opts.mainUsed) {
    for (const q of map.moveTargets(here, { round: round + 1 })) main.push(['move', toPos(q)])
    for (const t of attackTargets(s, map)) main.push(['attack', t.pos, t.id])
    if (map.isMaterials(here)) {
      for (const tool of ['Kit', 'Transport', 'LandMine', 'Sticky'] as const) {
        if (s.tools[tool] < TOOL_LIMITS[tool]) main.push(['interact', 'Materials', tool])
      }
    }
    if (s.boxes.has(`${here[0]},${here[1]},${here[2]}`)) main.push(['interact', 'Box'])
    const owner = map.keyMachineAt(here)
    if (owner !== undefined && !s.keys.includes(owner)) main.push(['interact', 'KeyMachine'])
    if (map.isCapsule(here) && new Set(s.keys).size >= 4) main.push(['interact', 'EscapeCapsule', true])
    if (s.tools.Kit > 0 && s.hp < 200) main.push(['tool', 'Kit'])
  }
  if (s.round - s.lastDetectRound >= DETECT_COOLDOWN) {
    for (const q of map.neighbors(here)) secondary.push(['detect', toPos(q)])
  }
  const special = map.isCapsule(here) || map.isElevator(here) || map.keyMachineAt(here) !== undefined
  const occupied = [...s.placedTraps.LandMine, ...s.placedTraps.Sticky].some(
    (p) => p[0] === here[0] && p[1] === here[1] && p[2] === here[2],
  )
  if (!special && !occupied) {
    if (s.tools.LandMine > 0) secondary.push(['trap', 'LandMine'])
    if (s.tools.Sticky > 0) secondary.push(['trap', 'Sticky'])
  }
  if (s.tools.Transport > 0) {
    for (const q of map.neighbors(here)) if (!map.isFailed(q, round + 1)) secondary.push(['tool', 'Transport', toPos(q)])
  }
  return { main, secondary }
}

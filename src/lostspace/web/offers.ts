/**
 * The actions a human seat is offered, built from the web-player hints the
 * logic sends to a type-2 seat (`attack`, `move`, `detect`, `interprops`, seed
 * communication.md) plus the seat's own state. Where the hints say nothing
 * (elevator hops, tools, traps) the map and the seat's own counts decide.
 */
import { DIRECTIONS, type GameMap, type Pos } from '../map.js'
import { RULES, Status, TOOL_NAMES, type ToolName } from '../rules.js'
import type { Offer } from './protocol.js'

export interface Hints {
  attack: number[]
  move: boolean[]
  detect: boolean
  interprops: string[]
}

export interface SeatSelf {
  round: number
  status: number
  pos: Pos
  keys: number[]
  tools: Record<ToolName, number>
  /** The main action of this turn is spent. */
  mainUsed: boolean
}

const ARROWS = ['↓', '↑', '→', '←', '↗', '↙', '↘', '↖']
const fmt = (p: Pos) => `(${p[0]},${p[1]},${p[2]})`

/** Main actions: one per turn (move, attack, every interact, Kit). */
export function isMainAction(action: readonly unknown[]): boolean {
  const [name, arg] = action
  return name === 'move' || name === 'attack' || name === 'interact' || (name === 'tool' && arg === 'Kit')
}

export function offeredActions(hints: Hints, self: SeatSelf, map: GameMap, positionOf: (id: number) => Pos | null): Offer[] {
  const out: Offer[] = []
  if (self.status === Status.WaitForEscape) {
    if (!self.mainUsed) out.push({ label: 'abort the escape', group: 'interact', action: ['interact', 'EscapeCapsule', false] })
    return out
  }
  if (self.status !== Status.Alive) return out
  const here = self.pos
  hints.move.forEach((ok, i) => {
    const d = DIRECTIONS[i]
    if (!ok || !d) return
    const to: Pos = [here[0] + d[0], here[1] + d[1], here[2]]
    out.push({ label: `move ${ARROWS[i]} ${fmt(to)}`, group: 'move', action: ['move', [...to]] })
  })
  const props = new Set(hints.interprops)
  if (!self.mainUsed) {
    if (props.has('Elevator')) {
      for (const to of map.elevatorTargets(here)) {
        if (!map.isFailed(to, self.round)) out.push({ label: `elevator to layer ${to[2]} ${fmt(to)}`, group: 'move', action: ['move', [...to]] })
      }
    }
    for (const id of hints.attack) {
      const at = positionOf(id)
      if (at) out.push({ label: `attack player ${id}`, group: 'attack', action: ['attack', [...at], id] })
    }
    if (props.has('Box')) out.push({ label: 'open the box', group: 'interact', action: ['interact', 'Box'] })
    if (props.has('Materials')) {
      for (const tool of TOOL_NAMES) {
        if (self.tools[tool] < RULES.carryLimit[tool]) out.push({ label: `take ${tool}`, group: 'interact', action: ['interact', 'Materials', tool] })
      }
    }
    const km = map.keyMachineAt(here)
    if (props.has('KeyMachine') && km !== undefined && !self.keys.includes(km)) {
      out.push({ label: `key machine (key ${km})`, group: 'interact', action: ['interact', 'KeyMachine'] })
    }
    if (props.has('EscapeCapsule') && self.keys.length >= RULES.players) {
      out.push({ label: 'start the escape', group: 'interact', action: ['interact', 'EscapeCapsule', true] })
    }
    if (self.tools.Kit > 0) out.push({ label: 'use a Kit (+100 hp)', group: 'tool', action: ['tool', 'Kit'] })
  }
  const placeable = !props.has('Elevator') && !props.has('KeyMachine') && !props.has('EscapeCapsule')
  if (placeable) {
    for (const trap of ['LandMine', 'Sticky'] as const) {
      if (self.tools[trap] > 0) out.push({ label: `place a ${trap}`, group: 'trap', action: ['trap', trap] })
    }
  }
  const around = map.neighbors(here).filter((n) => !map.isFailed(n, self.round))
  if (self.tools.Transport > 0) {
    for (const to of around) out.push({ label: `blink to ${fmt(to)}`, group: 'tool', action: ['tool', 'Transport', [...to]] })
  }
  if (hints.detect) {
    for (const at of map.neighbors(here)) out.push({ label: `detect ${fmt(at)}`, group: 'detect', action: ['detect', [...at]] })
  }
  return out
}

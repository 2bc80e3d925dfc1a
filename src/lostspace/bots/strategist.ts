/**
 * The strategist: heals when low, fights when it wins the exchange, picks up
 * boxes, collects the missing keys at the key machines along shortest paths
 * (avoiding zones about to fail), then walks to the capsule and escapes. On
 * the way it blinks to save moves, detects the next node for traps and lays
 * land mines behind itself.
 */
import { loadMap, posKey, type GameMap } from '../map.js'
import type { Player } from '../sdk/client.js'
import type { Action, Pos } from '../sdk/messages.js'
import type { GameStateTracker } from '../sdk/state.js'
import { attackTargets, DETECT_COOLDOWN, toPos } from './legal.js'

const ATTACK_DAMAGE = 70
const KIT_BELOW = 110

export interface StrategistOptions {
  map?: GameMap
}

/** Remembers actions that failed recently, so the plan does not repeat them forever. */
export class FailureMemory {
  private readonly failed = new Map<string, number>()
  note(action: Action, at: Pos | null, round: number): void {
    this.failed.set(keyOf(action, at), round)
  }
  recent(action: Action, at: Pos | null, round: number, within = 4): boolean {
    const r = this.failed.get(keyOf(action, at))
    return r !== undefined && round - r < within
  }
}

function keyOf(action: Action, at: Pos | null): string {
  return JSON.stringify([action, at])
}

function here(s: GameStateTracker): string {
  return s.pos ? `${s.pos[0]},${s.pos[1]},${s.pos[2]}` : ''
}

let scratch = new Int32Array(0)

/** Shortest path (edges and elevator hops, avoiding failed zones) to the nearest goal: missing keys, then the capsule; known boxes on the way. */
export function planPath(s: GameStateTracker, map: GameMap): Pos[] | null {
  const start = s.pos ? map.facts(s.pos) : undefined
  if (!start) return null
  const keys = new Set(s.keys)
  const goals = new Set<string>()
  if (keys.size >= 4) goals.add(posKey(map.capsule))
  else for (const km of map.keyMachines) if (!keys.has(km.owner)) goals.add(posKey(km.pos))
  for (const b of s.boxes) goals.add(b)
  goals.delete(start.key)
  if (goals.size === 0) return null
  // One BFS to every node (neighbours, then elevator hops, as moveTargets orders them); the first goal reached is the nearest.
  const round = s.round + 1
  const n = map.nodes.length
  if (scratch.length < 2 * n) scratch = new Int32Array(2 * n)
  // prev[] (node → the node it was reached from; -2 unseen, -1 the start) and the queue, in one reused buffer.
  const prev = scratch.subarray(0, n).fill(-2)
  const queue = scratch.subarray(n, 2 * n)
  prev[start.index] = -1
  queue[0] = start.index
  let tail = 1
  for (let i = 0; i < tail; i++) {
    const cur = map.factsOf(queue[i]!)
    for (let pass = 0; pass < 2; pass++) {
      const next = pass === 0 ? cur.neighbors : cur.lifts
      for (let j = 0; j < next.length; j++) {
        const nx = next[j]!
        if (nx.zoneRound < round || prev[nx.index] !== -2) continue
        prev[nx.index] = cur.index
        if (goals.has(nx.key)) {
          const path: Pos[] = [toPos(nx.pos)]
          for (let back = cur.index; back >= 0; back = prev[back]!) path.push(toPos(map.nodes[back]!))
          return path.reverse()
        }
        queue[tail++] = nx.index
      }
    }
  }
  return null
}

/** The main action the strategist would take now (also the LLM player's fallback). */
export function chooseMainAction(s: GameStateTracker, map: GameMap, memory?: FailureMemory): Action | null {
  const ok = (a: Action): boolean => !memory?.recent(a, s.pos, s.round)
  if (!s.pos || !map.get(s.pos)) return null
  if (s.status === 4) return null
  const pos = map.get(s.pos)!
  const keys = new Set(s.keys)
  const candidates: Action[] = []
  if (s.hp <= KIT_BELOW && s.tools.Kit > 0) candidates.push(['tool', 'Kit'])
  if (map.isCapsule(pos) && keys.size >= 4) candidates.push(['interact', 'EscapeCapsule', true])
  const owner = map.keyMachineAt(pos)
  if (owner !== undefined && !keys.has(owner)) candidates.push(['interact', 'KeyMachine'])
  if (s.boxes.has(here(s))) candidates.push(['interact', 'Box'])
  const targets = attackTargets(s, map)
    .map((t) => ({ ...t, hp: s.others.get(t.id)?.hp ?? 200 }))
    .sort((a, b) => a.hp - b.hp)
  const t = targets[0]
  if (t && (s.hp > ATTACK_DAMAGE || t.hp <= ATTACK_DAMAGE)) candidates.push(['attack', t.pos, t.id])
  if (map.isMaterials(pos) && s.tools.Kit === 0) candidates.push(['interact', 'Materials', 'Kit'])
  const path = planPath(s, map)
  if (path) candidates.push(['move', path[1]!])
  for (const a of candidates) if (ok(a)) return a
  // Stuck (everything failed recently): try any safe neighbour.
  const options = map.moveTargets(pos, { round: s.round + 1 }).map(toPos)
  const alt = options.find((q) => ok(['move', q]))
  return alt ? ['move', alt] : null
}

export function createStrategistPlayer(opts: StrategistOptions = {}): Player {
  const map = opts.map ?? loadMap()
  const memory = new FailureMemory()
  const tryAct = async (api: Parameters<Player['onRoundBegin']>[1], a: Action) => {
    const at = api.state.pos ? toPos(api.state.pos) : null
    const r = await api.act(a)
    if (!r.success) memory.note(a, at, api.state.round)
    return r.success
  }
  return {
    name: 'strategist',
    keepsLog: false,
    async onRoundBegin(s, api) {
      if (s.status === 4) return
      let main = chooseMainAction(s, map, memory)
      if (main?.[0] === 'move' && s.pos) {
        const from = s.pos
        const to = main[1]
        const sameLayer = to[2] === from[2]
        // Clear the next node of enemy traps when the detector is ready.
        if (sameLayer && s.round - s.lastDetectRound >= DETECT_COOLDOWN) await tryAct(api, ['detect', to])
        // Blink (secondary) one step and then still move (main): two steps this turn.
        const path = planPath(s, map)
        if (s.tools.Transport > 0 && sameLayer && path && path.length > 2 && !api.turnOver) {
          if (await tryAct(api, ['tool', 'Transport', to])) main = chooseMainAction(s, map, memory)
        }
      }
      const leaving = s.pos ? toPos(s.pos) : null
      if (main && !api.turnOver) await tryAct(api, main)
      // After moving, mine the plain node we now stand on: whoever enters it next takes 120.
      if (!api.turnOver && s.tools.LandMine > 0 && s.pos && leaving && here(s) !== leaving.join(',')) {
        const p = map.get(s.pos)
        if (p && !map.isCapsule(p) && !map.isElevator(p) && map.keyMachineAt(p) === undefined) {
          await tryAct(api, ['trap', 'LandMine'])
        }
      }
    },
  }
}

/** The official map as the page draws it (GET /api/map). */
import type { GameMap, Pos } from '../map.js'
import { RULES } from '../rules.js'
import type { MapData } from './protocol.js'

const t = (p: Pos): [number, number, number] => [p[0], p[1], p[2]]

export function mapData(map: GameMap): MapData {
  return {
    layers: [...map.layers],
    nodes: map.nodes.map(t),
    edges: map.edges.map(([a, b]) => [t(a), t(b)]),
    elevators: map.elevators.map((e) => ({ x: e.x, y: e.y, layers: [...e.layers] })),
    materials: map.materials.map(t),
    keyMachines: map.keyMachines.map((k) => ({ pos: t(k.pos), owner: k.owner })),
    capsule: t(map.capsule),
    spawns: map.spawns.map(t),
    zones: map.zones.map((z) => ({ round: z.round, nodes: z.nodes.map(t) })),
    lastRound: RULES.lastRound,
    maxHp: RULES.maxHp,
  }
}

/**
 * The map as small integer arrays for fast lookahead: node ids, same-layer
 * neighbours, elevator hops, zone failure rounds and all-pairs move distances
 * for every stage of the shrinking zone (one table per zone failure).
 */
import { posKey, type GameMap, type Pos } from '../../map.js'

export const UNREACHABLE = 1e6

export class FastGraph {
  readonly n: number
  readonly pos: Pos[]
  readonly adj: number[][]
  /** Same-layer neighbours and elevator hops (one main-action move). */
  readonly moves: number[][]
  /** Round at whose end the node fails, or Infinity. */
  readonly failRound: number[]
  readonly capsule: number
  readonly spawn: number[]
  /** Key machine node ids by key id (both layers). */
  readonly machinesOf: number[][]
  /** Key id of the machine at a node, or -1. */
  readonly machineKey: number[]
  readonly isMaterials: boolean[]
  readonly isElevator: boolean[]
  /** adjacent[a * n + b] = 1 when a and b share an edge (same layer). */
  readonly adjacent: Uint8Array
  /** Node ids of the Materials points. */
  readonly materials: number[]
  /** Node ids by zone failure round (the round at whose end they fail). */
  readonly zoneNodes: Map<number, number[]>
  /** A trap may be laid here (not the capsule, a key machine or an elevator). */
  readonly trapOk: boolean[]
  /** Zone failure rounds, ascending (the stages). */
  private readonly stages: number[]
  /** dist[stage][a * n + b]: moves avoiding nodes failed in that stage. */
  private readonly dist: Int32Array[]
  private readonly index = new Map<string, number>()

  constructor(readonly map: GameMap) {
    this.pos = [...map.nodes]
    this.n = this.pos.length
    this.pos.forEach((p, i) => this.index.set(posKey(p), i))
    this.adj = this.pos.map((p) => map.neighbors(p).map((q) => this.id(q)))
    this.moves = this.pos.map((p) => map.moveTargets(p).map((q) => this.id(q)))
    this.failRound = this.pos.map((p) => map.zoneRoundOf(p) ?? Infinity)
    this.capsule = this.id(map.capsule)
    this.spawn = map.spawns.map((p) => this.id(p))
    this.machinesOf = [0, 1, 2, 3].map((k) => map.keyMachines.filter((m) => m.owner === k).map((m) => this.id(m.pos)))
    this.machineKey = this.pos.map((p) => map.keyMachineAt(p) ?? -1)
    this.isMaterials = this.pos.map((p) => map.isMaterials(p))
    this.isElevator = this.pos.map((p) => map.isElevator(p))
    this.adjacent = new Uint8Array(this.n * this.n)
    this.adj.forEach((list, a) => {
      for (const b of list) this.adjacent[a * this.n + b] = 1
    })
    this.materials = map.materials.map((p) => this.id(p))
    this.zoneNodes = new Map(map.zones.map((z) => [z.round, z.nodes.map((p) => this.id(p))]))
    this.trapOk = this.pos.map((_, i) => i !== this.capsule && this.machineKey[i] === -1 && !this.isElevator[i])
    this.stages = [...new Set(map.zones.map((z) => z.round))].sort((a, b) => a - b)
    this.dist = []
    for (let s = 0; s <= this.stages.length; s++) {
      // stage s: the first s zones have failed
      const failedBy = s === 0 ? -Infinity : this.stages[s - 1]!
      this.dist.push(this.allPairs((i) => this.failRound[i]! <= failedBy))
    }
  }

  id(p: Pos | readonly number[]): number {
    const i = this.index.get(`${p[0]},${p[1]},${p[2]}`)
    if (i === undefined) throw new Error(`not a node: ${p.join(',')}`)
    return i
  }

  has(p: readonly number[]): boolean {
    return this.index.has(`${p[0]},${p[1]},${p[2]}`)
  }

  private allPairs(blocked: (i: number) => boolean): Int32Array {
    const n = this.n
    const d = new Int32Array(n * n).fill(UNREACHABLE)
    const queue = new Int32Array(n)
    for (let s = 0; s < n; s++) {
      d[s * n + s] = 0
      let head = 0
      let tail = 0
      queue[tail++] = s
      while (head < tail) {
        const c = queue[head++]!
        const dc = d[s * n + c]!
        for (const nx of this.moves[c]!) {
          if (blocked(nx) || d[s * n + nx]! !== UNREACHABLE) continue
          d[s * n + nx] = dc + 1
          queue[tail++] = nx
        }
      }
    }
    return d
  }

  /** Stage for planning at `round`: zones failing before round + `margin` count as walls. */
  stage(round: number, margin = 0): number {
    let s = 0
    while (s < this.stages.length && this.stages[s]! < round + margin) s++
    return s
  }

  distance(a: number, b: number, stage: number): number {
    return this.dist[stage]![a * this.n + b]!
  }

  /** A node a player cannot be in at the end of `round` without dying. */
  deadly(node: number, round: number): boolean {
    return this.failRound[node]! <= round
  }

  enterable(node: number, round: number): boolean {
    return this.failRound[node]! >= round
  }
}

/**
 * The LostSpace map: parser for the official `mapconf2.map` format and a
 * read-only graph with the helpers bots and the engine need.
 *
 * Positions are wire triples `[x, y, z]` (z: 0 top/escape, 1 spawn, 2 bottom).
 * A file line `z x y` becomes `[x, y, z]`.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, resolve } from 'node:path'

export type Pos = readonly [x: number, y: number, z: number]

export interface Block {
  /** Round at whose end the rectangle fails (40, 50, ...). */
  round: number
  z: number
  x1: number
  y1: number
  x2: number
  y2: number
}

export interface Zone {
  /** The zone fails at the end of this round; from round+1 on it cannot be entered. */
  round: number
  /** Every map node inside the zone, sorted. */
  nodes: Pos[]
}

export interface Elevator {
  x: number
  y: number
  /** Layers that have a node at (x, y), ascending. */
  layers: number[]
}

export interface KeyMachine {
  pos: Pos
  /** The key it hands out = the seat that spawns at this x,y. */
  owner: number
}

/** Hard-coded positions (lostspace-facts §4); the C AI hard-codes the same ones. */
export const SPAWNS: readonly Pos[] = [
  [0, 0, 1],
  [6, 0, 1],
  [6, 6, 1],
  [0, 6, 1],
]
export const CAPSULE: Pos = [3, 3, 0]

/** Order of the type-2 `move` list (and of the legacy door directions). */
export const DIRECTIONS: readonly Pos[] = [
  [0, 1, 0],
  [0, -1, 0],
  [1, 0, 0],
  [-1, 0, 0],
  [1, -1, 0],
  [-1, 1, 0],
  [1, 1, 0],
  [-1, -1, 0],
]

export function posKey(p: Pos): string {
  return `${p[0]},${p[1]},${p[2]}`
}

export function samePos(a: Pos, b: Pos): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2]
}

function cmpPos(a: Pos, b: Pos): number {
  return a[2] - b[2] || a[0] - b[0] || a[1] - b[1]
}

/**
 * Everything the map knows about one node, made once at load: one lookup (`facts(p)`)
 * answers every question a move or a bot asks about a position.
 */
export interface NodeFacts {
  /** Place of the node in `GameMap.nodes`. */
  readonly index: number
  /** The canonical (frozen) node. */
  readonly pos: Pos
  /** posKey(pos). */
  readonly key: string
  /** Same-layer neighbours, sorted. */
  readonly neighbors: readonly NodeFacts[]
  /** Elevator hops (other layers), ascending. */
  readonly lifts: readonly NodeFacts[]
  /** Round at whose end the node's zone fails; Infinity when it never fails. */
  readonly zoneRound: number
  readonly materials: boolean
  /** Owner seat of the key machine here, or -1. */
  readonly keyMachine: number
  readonly capsule: boolean
}

export interface PathOptions {
  /** Treat zones that have failed by this round (zone.round < round) as walls. */
  round?: number
  /** Allow elevator hops (default true). */
  elevators?: boolean
}

export class GameMap {
  readonly nodes: Pos[]
  readonly edges: Array<[Pos, Pos]>
  readonly elevators: Elevator[]
  readonly materials: Pos[]
  readonly blocks: Block[]
  readonly zones: Zone[]
  readonly spawns: readonly Pos[] = SPAWNS
  readonly keyMachines: KeyMachine[]
  readonly capsule: Pos = CAPSULE
  readonly layers: number[]

  private readonly nodeSet = new Map<string, Pos>()
  private readonly adj = new Map<string, Pos[]>()
  private readonly lifts = new Map<string, Pos[]>()
  private readonly zoneRound = new Map<string, number>()
  private readonly materialSet = new Set<string>()
  private readonly keyMachineOwner = new Map<string, number>()

  // The same facts by node index (the node's place in `nodes`), for the per-move queries:
  // a position's index is arithmetic on a dense grid over the map's bounding box.
  private readonly minX: number
  private readonly minY: number
  private readonly minZ: number
  private readonly sizeX: number
  private readonly sizeY: number
  private readonly sizeZ: number
  /** Grid cell → node index, or -1. */
  private readonly grid: Int32Array
  /** Facts by node index. */
  private readonly factsAt: NodeFacts[]
  private readonly layerList = new Map<number, Pos[]>()

  constructor(data: { nodes: Pos[]; edges: Array<[Pos, Pos]>; materials: Pos[]; elevators: Array<[number, number]>; blocks: Block[] }) {
    this.nodes = [...data.nodes].sort(cmpPos).map((p) => Object.freeze([p[0], p[1], p[2]]) as Pos)
    for (const p of this.nodes) {
      this.nodeSet.set(posKey(p), p)
      this.adj.set(posKey(p), [])
    }
    const xs = this.nodes.map((p) => p[0])
    const ys = this.nodes.map((p) => p[1])
    const zs = this.nodes.map((p) => p[2])
    this.minX = Math.min(...xs)
    this.minY = Math.min(...ys)
    this.minZ = Math.min(...zs)
    this.sizeX = Math.max(...xs) - this.minX + 1
    this.sizeY = Math.max(...ys) - this.minY + 1
    this.sizeZ = Math.max(...zs) - this.minZ + 1
    if (this.sizeX * this.sizeY * this.sizeZ > 1 << 24) throw new Error('map is too spread out (bounding box over 16M cells)')
    this.grid = new Int32Array(this.sizeX * this.sizeY * this.sizeZ).fill(-1)
    this.nodes.forEach((p, i) => (this.grid[this.cell(p[0], p[1], p[2])] = i))
    this.layers = [...new Set(this.nodes.map((p) => p[2]))].sort((a, b) => a - b)
    this.edges = []
    for (const [a, b] of data.edges) {
      const na = this.node(a, 'edge end')
      const nb = this.node(b, 'edge end')
      if (na[2] !== nb[2]) throw new Error(`edge ${posKey(a)} - ${posKey(b)} joins two layers`)
      if (samePos(na, nb)) throw new Error(`edge ${posKey(a)} is a loop`)
      const la = this.adj.get(posKey(na))!
      if (la.some((q) => samePos(q, nb))) continue
      la.push(nb)
      this.adj.get(posKey(nb))!.push(na)
      this.edges.push([na, nb])
    }
    for (const list of this.adj.values()) list.sort(cmpPos)
    this.materials = data.materials.map((p) => this.node(p, 'material')).sort(cmpPos)
    for (const m of this.materials) this.materialSet.add(posKey(m))
    this.elevators = []
    for (const [x, y] of data.elevators) {
      const layers = this.layers.filter((z) => this.isNode([x, y, z]))
      if (layers.length < 2) throw new Error(`elevator at (${x},${y}) links fewer than two layers`)
      this.elevators.push({ x, y, layers })
      for (const z of layers) {
        this.lifts.set(
          posKey([x, y, z]),
          layers.filter((o) => o !== z).map((o) => this.nodeSet.get(posKey([x, y, o]))!),
        )
      }
    }
    this.blocks = data.blocks
    const byRound = new Map<number, Pos[]>()
    for (const b of data.blocks) {
      const [xa, xb] = [Math.min(b.x1, b.x2), Math.max(b.x1, b.x2)]
      const [ya, yb] = [Math.min(b.y1, b.y2), Math.max(b.y1, b.y2)]
      for (let x = xa; x <= xb; x++) {
        for (let y = ya; y <= yb; y++) {
          const p = this.nodeSet.get(posKey([x, y, b.z]))
          if (!p) continue
          const k = posKey(p)
          const prev = this.zoneRound.get(k)
          if (prev !== undefined && prev <= b.round) continue
          this.zoneRound.set(k, b.round)
        }
      }
    }
    for (const [k, r] of this.zoneRound) {
      const list = byRound.get(r) ?? []
      list.push(this.nodeSet.get(k)!)
      byRound.set(r, list)
    }
    this.zones = [...byRound.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([round, nodes]) => ({ round, nodes: nodes.sort(cmpPos) }))
    this.keyMachines = []
    for (let owner = 0; owner < SPAWNS.length; owner++) {
      const [x, y] = SPAWNS[owner]!
      for (const z of [1, 2]) {
        const p = this.nodeSet.get(posKey([x, y, z]))
        if (p) {
          this.keyMachines.push({ pos: p, owner })
          this.keyMachineOwner.set(posKey(p), owner)
        }
      }
    }
    for (const s of SPAWNS) this.node(s, 'spawn')
    this.node(CAPSULE, 'escape capsule')

    const facts = this.nodes.map((pos, index) => {
      const key = posKey(pos)
      return {
        index,
        pos,
        key,
        neighbors: [] as NodeFacts[],
        lifts: [] as NodeFacts[],
        zoneRound: this.zoneRound.get(key) ?? Infinity,
        materials: this.materialSet.has(key),
        keyMachine: this.keyMachineOwner.get(key) ?? -1,
        capsule: samePos(pos, CAPSULE),
      }
    })
    for (const f of facts) {
      for (const q of this.adj.get(f.key)!) f.neighbors.push(facts[this.index(q)]!)
      for (const q of this.lifts.get(f.key) ?? []) f.lifts.push(facts[this.index(q)]!)
    }
    this.factsAt = facts.map((f) => Object.freeze(f))
    for (const z of this.layers) this.layerList.set(z, this.nodes.filter((p) => p[2] === z))
  }

  private cell(x: number, y: number, z: number): number {
    return ((z - this.minZ) * this.sizeX + (x - this.minX)) * this.sizeY + (y - this.minY)
  }

  /** Index of the node at p in `nodes`, or -1 when p is not a node. */
  index(p: Pos): number {
    const x = p[0] - this.minX
    const y = p[1] - this.minY
    const z = p[2] - this.minZ
    // `(v | 0) === v`: an integer in int32 range (NaN, fractions and strings fail).
    if ((x | 0) !== x || (y | 0) !== y || (z | 0) !== z) return -1
    if (x < 0 || y < 0 || z < 0 || x >= this.sizeX || y >= this.sizeY || z >= this.sizeZ) return -1
    return this.grid[(z * this.sizeX + x) * this.sizeY + y]!
  }

  /** The facts of the node at p, or undefined when p is not a node. */
  facts(p: Pos): NodeFacts | undefined {
    const i = this.index(p)
    return i < 0 ? undefined : this.factsAt[i]
  }

  /** The facts of `nodes[i]`. */
  factsOf(i: number): NodeFacts {
    const f = this.factsAt[i]
    if (!f) throw new Error(`no node ${i}`)
    return f
  }

  /** posKey(p), without building the string again when p is a node. */
  keyOf(p: Pos): string {
    const i = this.index(p)
    return i < 0 ? posKey(p) : this.factsAt[i]!.key
  }

  private node(p: Pos, what: string): Pos {
    const n = this.nodeSet.get(posKey(p))
    if (!n) throw new Error(`${what} ${posKey(p)} is not a node of the map`)
    return n
  }

  /** The canonical (frozen) node at p, or undefined. */
  get(p: Pos): Pos | undefined {
    const i = this.index(p)
    return i < 0 ? undefined : this.nodes[i]
  }

  isNode(p: unknown): p is Pos {
    return isTriple(p) && this.index(p) >= 0
  }

  /** Same-layer neighbours (edges only), sorted. */
  neighbors(p: Pos): Pos[] {
    const f = this.facts(p)
    return f ? f.neighbors.map((q) => q.pos) : []
  }

  isAdjacent(a: Pos, b: Pos): boolean {
    const f = this.facts(a)
    if (!f) return false
    const j = this.index(b)
    if (j < 0) return false
    for (const q of f.neighbors) if (q.index === j) return true
    return false
  }

  /** Nodes reachable by one elevator hop from p (other layers), or []. */
  elevatorTargets(p: Pos): Pos[] {
    const f = this.facts(p)
    return f ? f.lifts.map((q) => q.pos) : []
  }

  isElevator(p: Pos): boolean {
    const f = this.facts(p)
    return f !== undefined && f.lifts.length > 0
  }

  isMaterials(p: Pos): boolean {
    return this.facts(p)?.materials === true
  }

  /** Owner seat of the key machine at p, or undefined. */
  keyMachineAt(p: Pos): number | undefined {
    const owner = this.facts(p)?.keyMachine ?? -1
    return owner < 0 ? undefined : owner
  }

  isCapsule(p: Pos): boolean {
    return samePos(p, CAPSULE)
  }

  /** Round at whose end the node's zone fails, or undefined if it never fails. */
  zoneRoundOf(p: Pos): number | undefined {
    const r = this.facts(p)?.zoneRound ?? Infinity
    return r === Infinity ? undefined : r
  }

  /** True when the node lies in a zone that has failed before `round` starts (zone.round < round). */
  isFailed(p: Pos, round: number): boolean {
    const f = this.facts(p)
    return f !== undefined && f.zoneRound < round
  }

  /** Nodes one main-action move away: same-layer neighbours then elevator hops. */
  moveTargets(p: Pos, opts: PathOptions = {}): Pos[] {
    const f = this.facts(p)
    if (!f) return []
    const round = opts.round ?? -Infinity
    const out: Pos[] = []
    for (const q of f.neighbors) if (!(q.zoneRound < round)) out.push(q.pos)
    if (opts.elevators !== false) for (const q of f.lifts) if (!(q.zoneRound < round)) out.push(q.pos)
    return out
  }

  /**
   * Shortest path by moves (edges and elevator hops), from and to inclusive,
   * or null when unreachable. Deterministic (BFS over sorted neighbours).
   */
  shortestPath(from: Pos, to: Pos, opts: PathOptions = {}): Pos[] | null {
    const start = this.get(from)
    const goal = this.get(to)
    if (!start || !goal) return null
    if (samePos(start, goal)) return [start]
    const prev = new Map<string, Pos | null>([[posKey(start), null]])
    const queue: Pos[] = [start]
    for (let i = 0; i < queue.length; i++) {
      const cur = queue[i]!
      for (const nx of this.moveTargets(cur, opts)) {
        const k = posKey(nx)
        if (prev.has(k)) continue
        prev.set(k, cur)
        if (samePos(nx, goal)) {
          const path: Pos[] = [nx]
          let back: Pos | null = cur
          while (back) {
            path.push(back)
            back = prev.get(posKey(back)) ?? null
          }
          return path.reverse()
        }
        queue.push(nx)
      }
    }
    return null
  }

  /** Number of moves between two nodes, or Infinity. */
  distance(from: Pos, to: Pos, opts: PathOptions = {}): number {
    const p = this.shortestPath(from, to, opts)
    return p ? p.length - 1 : Infinity
  }

  /** All nodes of one layer, sorted. */
  layerNodes(z: number): Pos[] {
    return [...this.layerList.get(z) ?? NONE]
  }

  /** layerNodes() as the map's own list: read it, do not change it. */
  layerNodeList(z: number): readonly Pos[] {
    return this.layerList.get(z) ?? NONE
  }
}

const NONE: readonly Pos[] = Object.freeze([])

export function isTriple(p: unknown): p is Pos {
  return Array.isArray(p) && p.length === 3 && p.every((v) => Number.isInteger(v))
}

/** Parse the text of a `.map` file (sections [Node] [Edge] [Material] [Elevator] [Block]). */
export function parseMap(text: string): GameMap {
  const nodes: Pos[] = []
  const edges: Array<[Pos, Pos]> = []
  const materials: Pos[] = []
  const elevators: Array<[number, number]> = []
  const blocks: Block[] = []
  let section = ''
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    if (line === '') continue
    const head = /^\[(\w+)\]$/.exec(line)
    if (head) {
      section = head[1]!
      if (!['Node', 'Edge', 'Material', 'Elevator', 'Block'].includes(section)) {
        throw new Error(`map line ${i + 1}: unknown section [${section}]`)
      }
      continue
    }
    const bad = (want: string): Error => new Error(`map line ${i + 1}: expected ${want} in [${section || 'no section'}], got "${line}"`)
    const nums = (s: string, n: number, want: string): number[] => {
      const parts = s.trim().split(/\s+/)
      if (parts.length !== n || !parts.every((x) => /^\d+$/.test(x))) throw bad(want)
      return parts.map(Number)
    }
    const zxy = (s: string, want: string): Pos => {
      const [z, x, y] = nums(s, 3, want)
      return [x!, y!, z!]
    }
    switch (section) {
      case 'Node':
        nodes.push(zxy(line, '"z x y"'))
        break
      case 'Material':
        materials.push(zxy(line, '"z x y"'))
        break
      case 'Edge': {
        const halves = line.split('-')
        if (halves.length !== 2) throw bad('"z x y - z x y"')
        edges.push([zxy(halves[0]!, '"z x y - z x y"'), zxy(halves[1]!, '"z x y - z x y"')])
        break
      }
      case 'Elevator': {
        const [x, y] = nums(line, 2, '"x y"')
        elevators.push([x!, y!])
        break
      }
      case 'Block': {
        const m = /^(\d+)\s+(.*)$/.exec(line)
        if (!m) throw bad('"TT z x y - z x y"')
        const halves = m[2]!.split('-')
        if (halves.length !== 2) throw bad('"TT z x y - z x y"')
        const a = zxy(halves[0]!, '"TT z x y - z x y"')
        const b = zxy(halves[1]!, '"TT z x y - z x y"')
        if (a[2] !== b[2]) throw bad('both corners on one layer')
        blocks.push({ round: Number(m[1]), z: a[2], x1: a[0], y1: a[1], x2: b[0], y2: b[1] })
        break
      }
      default:
        throw bad('a section header first')
    }
  }
  if (nodes.length === 0) throw new Error('map has no [Node] entries')
  return new GameMap({ nodes, edges, materials, elevators, blocks })
}

/** Path of the shipped official map (package root `assets/lostspace/mapconf2.map`). */
export function defaultMapPath(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  // src/lostspace/ and dist/lostspace/ both sit two levels below the package root.
  return resolve(here, '..', '..', 'assets', 'lostspace', 'mapconf2.map')
}

let defaultMap: GameMap | null = null

const cache = new Map<string, GameMap>()

/** Load and parse a map file (default: the official map). Cached per path; throws a clear Error on bad input. */
export function loadMap(path?: string): GameMap {
  // Every builtin player of every game asks for the official map: skip the path work.
  if (path === undefined && defaultMap) return defaultMap
  if (path === undefined) return (defaultMap = loadMap(defaultMapPath()))
  const file = resolve(path)
  const hit = cache.get(file)
  if (hit) return hit
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new Error(`cannot read LostSpace map ${file}: ${(e as Error).message}`)
  }
  let map: GameMap
  try {
    map = parseMap(text)
  } catch (e) {
    throw new Error(`bad LostSpace map ${file}: ${(e as Error).message}`)
  }
  cache.set(file, map)
  return map
}

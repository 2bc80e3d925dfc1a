/**
 * What the bot knows about the blocks around it: fair play, no x-ray.
 *
 * mineflayer receives whole chunks, so `bot.findBlocks` sees ore inside solid stone. A player
 * cannot. The rule here (docs/minecraft.md, "Fair play"):
 *
 *   A block is KNOWN when it is not air, lies in a chunk the client has loaded, and at least one
 *   of its six faces touches a see-through cell: air, water, lava, a block without a collision box
 *   (plants, torches, rails …) or a see-through family (leaves, glass, ice, bars, fences, slabs,
 *   stairs, doors). The top of the world counts as sky. A neighbour in a chunk that is not loaded
 *   counts as solid.
 *
 * That is what a vanilla client receives from a server running anti-xray (enclosed blocks are sent
 * as stone), the fairness bar of the world facts. Caves, cliffs, lake beds, trees and the bot's own
 * tunnels all have walls that touch air, so what they expose becomes known the moment they are dug
 * or loaded. Everything the eyes report (senses/vision.ts) is known too: a ray stops at the first
 * non-air block and enters it through a face from an air cell, so "seen along a line of sight" is
 * a subset of "exposed"; no separate memory of sightings is needed.
 *
 * Cost: nothing per tick. A column is indexed lazily, the first time a query reaches it
 * (about a 16×16×256 pass over typed arrays), dropped when it or a neighbour (re)loads or unloads,
 * and kept up to date block by block on `blockUpdate` (the changed cell and its six neighbours).
 * Memory is bounded by the loaded columns: an entry per exposed block, nothing for the rest.
 *
 * `createXrayKnowledge` is the opt-in for experiments: every loaded block counts (findBlocks).
 *
 * `chose` is the seam the fair-play tests watch: every block a skill decides to dig, mine or walk
 * to (collect's target, mine's block, each cell of a stair or tunnel, a station, coal on the way) is
 * announced there at the moment it is chosen, with whether this knowledge knew it. A test keeps its
 * own fair index next to the body and checks each choice against it, so an x-ray body fails it.
 */
import type { Bot } from 'mineflayer'
import type { Position } from '../types.js'
import { isAirName } from '../../names.js'

/** A block the bot knows about. `name` is the bare block name (`iron_ore`). */
export interface KnownBlock {
  name: string
  position: Position
  /** From the query point to the block's centre. */
  distance: number
}

export interface FindOptions {
  /** Blocks whose centre lies within this distance of `from`. */
  radius: number
  /** At most this many, nearest first (default 256). */
  count?: number
  /** Default: the bot's feet. */
  from?: Position
}

/** Matches bare block names (`oak_log`). */
export type NameMatch = (name: string) => boolean

/** A block a skill chose to act on (dig, mine, walk to), announced through `BlockKnowledge.chose`. */
export interface ChosenTarget {
  /** Bare block name as the client has it (`iron_ore`). */
  name: string
  position: Position
  /** Who chose it: `collect`, `mine`, `dig-step`, `station`, `coal`, `escape`. */
  by: string
  /** Whether this knowledge knew the block when it was chosen (x-ray knowledge knows everything). */
  known: boolean
}

export type TargetListener = (t: ChosenTarget) => void

export interface BlockKnowledge {
  readonly mode: 'fair' | 'xray'
  /**
   * A skill announces the block it chose to act on. Returns whether the block is known; listeners
   * (the body's 'target' event) hear every choice.
   */
  chose(name: string, pos: Position, by: string): boolean
  /** Known blocks whose name matches, within the radius, nearest first. */
  find(match: NameMatch, opts: FindOptions): KnownBlock[]
  nearest(match: NameMatch, opts: Omit<FindOptions, 'count'>): KnownBlock | null
  /** Whether the block at `pos` (floored) is known. */
  isKnown(pos: Position): boolean
  /** Indexed columns and known blocks in them (for benches and debugging). */
  stats(): { columns: number; blocks: number }
  /** Stops listening to the bot. */
  close(): void
}

export const DEFAULT_FIND_COUNT = 256

// ---------------------------------------------------------------- block tables

interface BlockDef {
  id: number
  name: string
  minStateId?: number
  maxStateId?: number
  transparent?: boolean
  boundingBox?: string
}

export interface BlockTables {
  /** By state id: 1 for air, cave air and void air. */
  air: Uint8Array
  /** By state id: 1 when one can see through the cell. */
  see: Uint8Array
  /** By state id: the block type id. */
  type: Uint16Array
  /** By block type id: its bare name. */
  names: string[]
}

const SEE_THROUGH = /(^|_)(leaves|glass|glass_pane|ice|iron_bars|fence|fence_gate|slab|stairs|door|trapdoor|ladder|scaffolding|cobweb)$/

/** Whether one can see through a block of this type (fluids and blocks without a collision box included). */
export function isSeeThrough(b: BlockDef): boolean {
  if (isAirName(b.name) || b.name === 'water' || b.name === 'lava') return true
  if (b.boundingBox === 'empty') return true
  return SEE_THROUGH.test(b.name) && b.name !== 'packed_ice' && b.name !== 'blue_ice'
}

const tableCache = new WeakMap<object, BlockTables>()

export function blockTables(registry: { blocksArray: BlockDef[] }): BlockTables {
  const hit = tableCache.get(registry)
  if (hit) return hit
  let maxState = 0
  let maxType = 0
  for (const b of registry.blocksArray) {
    maxState = Math.max(maxState, b.maxStateId ?? b.id)
    maxType = Math.max(maxType, b.id)
  }
  const t: BlockTables = { air: new Uint8Array(maxState + 1), see: new Uint8Array(maxState + 1), type: new Uint16Array(maxState + 1), names: new Array<string>(maxType + 1).fill('') }
  for (const b of registry.blocksArray) {
    t.names[b.id] = b.name
    const lo = b.minStateId ?? b.id
    const hi = b.maxStateId ?? lo
    const air = isAirName(b.name) ? 1 : 0
    const see = isSeeThrough(b) ? 1 : 0
    for (let s = lo; s <= hi; s++) {
      t.air[s] = air
      t.see[s] = see
      t.type[s] = b.id
    }
  }
  tableCache.set(registry, t)
  return t
}

// ---------------------------------------------------------------- the world as we read it

interface SectionLike {
  data?: { get(i: number): number }
  palette?: number[] | null
}
interface ColumnLike {
  sections?: Array<SectionLike | null>
  getBlockStateId(pos: { x: number; y: number; z: number }): number
}
export interface WorldLike {
  getColumn(chunkX: number, chunkZ: number): ColumnLike | null | undefined
}

/** Sky above the world: see-through. Below it: solid. Unloaded neighbour columns: solid. */
const SKY = -2
const SOLID = -1

/** One indexed column: the exposed (known) cells by local index `(y - minY) << 8 | z << 4 | x`. */
class ColumnIndex {
  readonly typeAt = new Map<number, number>()
  readonly byType = new Map<number, Set<number>>()
  add(i: number, type: number): void {
    const old = this.typeAt.get(i)
    if (old === type) return
    if (old !== undefined) this.byType.get(old)?.delete(i)
    this.typeAt.set(i, type)
    let set = this.byType.get(type)
    if (!set) this.byType.set(type, (set = new Set()))
    set.add(i)
  }
  remove(i: number): void {
    const old = this.typeAt.get(i)
    if (old === undefined) return
    this.typeAt.delete(i)
    this.byType.get(old)?.delete(i)
  }
}

const colKey = (cx: number, cz: number) => `${cx},${cz}`

/**
 * The exposure index over a mineflayer-like world. Usable without a bot (benches): feed it
 * `columnChanged` / `blockChanged` yourself; `attachKnowledge` wires it to a bot's events.
 */
export class ExposureIndex {
  private readonly cols = new Map<string, ColumnIndex>()
  private readonly scratch: Uint16Array
  private readonly cells: number

  constructor(
    private readonly world: WorldLike,
    readonly tables: BlockTables,
    private readonly minY = 0,
    private readonly height = 256,
  ) {
    this.cells = height * 256
    this.scratch = new Uint16Array(this.cells)
  }

  /** A column (re)loaded or unloaded: it and its four neighbours' borders must be recomputed. */
  columnChanged(cx: number, cz: number): void {
    for (const [dx, dz] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]] as const) this.cols.delete(colKey(cx + dx, cz + dz))
  }

  /** A block changed: re-derive it and its six neighbours in the columns already indexed. */
  blockChanged(x: number, y: number, z: number): void {
    this.refresh(x, y, z)
    this.refresh(x + 1, y, z)
    this.refresh(x - 1, y, z)
    this.refresh(x, y + 1, z)
    this.refresh(x, y - 1, z)
    this.refresh(x, y, z + 1)
    this.refresh(x, y, z - 1)
  }

  /** The index of a column, built on first use; null when the column is not loaded. */
  column(cx: number, cz: number): ColumnIndex | null {
    const key = colKey(cx, cz)
    const hit = this.cols.get(key)
    if (hit) return hit
    const built = this.build(cx, cz)
    if (built) this.cols.set(key, built)
    return built
  }

  isKnown(x: number, y: number, z: number): boolean {
    const ly = y - this.minY
    if (ly < 0 || ly >= this.height) return false
    const col = this.column(x >> 4, z >> 4)
    return !!col && col.typeAt.has((ly << 8) | ((z & 15) << 4) | (x & 15))
  }

  find(match: NameMatch, opts: FindOptions & { from: Position }): KnownBlock[] {
    const { from, radius } = opts
    const count = opts.count ?? DEFAULT_FIND_COUNT
    const r2 = radius * radius
    const verdict = new Map<number, boolean>()
    const ok = (t: number) => {
      let v = verdict.get(t)
      if (v === undefined) verdict.set(t, (v = match(this.tables.names[t] ?? '')))
      return v
    }
    const hits: Array<{ x: number; y: number; z: number; t: number; d2: number }> = []
    const cx0 = Math.floor((from.x - radius) / 16)
    const cx1 = Math.floor((from.x + radius) / 16)
    const cz0 = Math.floor((from.z - radius) / 16)
    const cz1 = Math.floor((from.z + radius) / 16)
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cz = cz0; cz <= cz1; cz++) {
        // skip columns wholly outside the radius
        const nx = Math.max(cx * 16, Math.min(from.x, cx * 16 + 16)) - from.x
        const nz = Math.max(cz * 16, Math.min(from.z, cz * 16 + 16)) - from.z
        if (nx * nx + nz * nz > r2) continue
        const col = this.column(cx, cz)
        if (!col) continue
        for (const [t, set] of col.byType) {
          if (!set.size || !ok(t)) continue
          for (const i of set) {
            const x = cx * 16 + (i & 15)
            const z = cz * 16 + ((i >> 4) & 15)
            const y = (i >> 8) + this.minY
            const dx = x + 0.5 - from.x
            const dy = y + 0.5 - from.y
            const dz = z + 0.5 - from.z
            const d2 = dx * dx + dy * dy + dz * dz
            if (d2 <= r2) hits.push({ x, y, z, t, d2 })
          }
        }
      }
    }
    hits.sort((a, b) => a.d2 - b.d2)
    return hits.slice(0, count).map((h) => ({ name: this.tables.names[h.t] ?? 'unknown', position: { x: h.x, y: h.y, z: h.z }, distance: Math.round(Math.sqrt(h.d2) * 100) / 100 }))
  }

  stats(): { columns: number; blocks: number } {
    let blocks = 0
    for (const c of this.cols.values()) blocks += c.typeAt.size
    return { columns: this.cols.size, blocks }
  }

  clear(): void {
    this.cols.clear()
  }

  /** State id at world coordinates; SKY above the world, SOLID below it or in an unloaded column. */
  private stateAt(x: number, y: number, z: number): number {
    const ly = y - this.minY
    if (ly >= this.height) return SKY
    if (ly < 0) return SOLID
    const col = this.world.getColumn(x >> 4, z >> 4)
    if (!col) return SOLID
    return col.getBlockStateId({ x: x & 15, y, z: z & 15 })
  }

  private seeAt(x: number, y: number, z: number): boolean {
    const s = this.stateAt(x, y, z)
    return s === SKY || (s >= 0 && this.tables.see[s] === 1)
  }

  private refresh(x: number, y: number, z: number): void {
    const ly = y - this.minY
    if (ly < 0 || ly >= this.height) return
    const col = this.cols.get(colKey(x >> 4, z >> 4))
    if (!col) return // not indexed yet: built from the world when first queried
    const i = (ly << 8) | ((z & 15) << 4) | (x & 15)
    const s = this.stateAt(x, y, z)
    const exposed =
      s >= 0 &&
      this.tables.air[s] === 0 &&
      (this.seeAt(x + 1, y, z) || this.seeAt(x - 1, y, z) || this.seeAt(x, y + 1, z) || this.seeAt(x, y - 1, z) || this.seeAt(x, y, z + 1) || this.seeAt(x, y, z - 1))
    if (exposed) col.add(i, this.tables.type[s]!)
    else col.remove(i)
  }

  /** Reads a column's state ids into the scratch buffer (fast path over palette sections). */
  private read(col: ColumnLike): Uint16Array {
    const ids = this.scratch
    const sections = col.sections
    const fast = Array.isArray(sections) && sections.length === this.height >> 4 && sections.every((s) => s === null || s === undefined || (typeof s.data?.get === 'function' && (s.palette === null || Array.isArray(s.palette))))
    if (fast) {
      for (let si = 0; si < sections.length; si++) {
        const sec = sections[si]
        const base = si << 12
        if (!sec) {
          ids.fill(0, base, base + 4096)
          continue
        }
        const data = sec.data!
        const pal = sec.palette
        if (pal) for (let i = 0; i < 4096; i++) ids[base + i] = pal[data.get(i)] ?? 0
        else for (let i = 0; i < 4096; i++) ids[base + i] = data.get(i)
      }
      return ids
    }
    const p = { x: 0, y: 0, z: 0 }
    for (let i = 0; i < this.cells; i++) {
      p.x = i & 15
      p.z = (i >> 4) & 15
      p.y = (i >> 8) + this.minY
      ids[i] = col.getBlockStateId(p)
    }
    return ids
  }

  private build(cx: number, cz: number): ColumnIndex | null {
    const col = this.world.getColumn(cx, cz)
    if (!col) return null
    const ids = this.read(col)
    const { air, see, type } = this.tables
    const west = this.world.getColumn(cx - 1, cz)
    const east = this.world.getColumn(cx + 1, cz)
    const north = this.world.getColumn(cx, cz - 1)
    const south = this.world.getColumn(cx, cz + 1)
    const p = { x: 0, y: 0, z: 0 }
    const seeIn = (c: ColumnLike | null | undefined, x: number, y: number, z: number) => {
      if (!c) return false
      p.x = x
      p.y = y + this.minY
      p.z = z
      return see[c.getBlockStateId(p)] === 1
    }
    const top = this.height - 1
    const out = new ColumnIndex()
    for (let i = 0; i < this.cells; i++) {
      const s = ids[i]!
      if (air[s] === 1) continue
      const x = i & 15
      const z = (i >> 4) & 15
      const y = i >> 8
      const exposed =
        (y === top ? true : see[ids[i + 256]!] === 1) ||
        (y > 0 && see[ids[i - 256]!] === 1) ||
        (x > 0 ? see[ids[i - 1]!] === 1 : seeIn(west, 15, y, z)) ||
        (x < 15 ? see[ids[i + 1]!] === 1 : seeIn(east, 0, y, z)) ||
        (z > 0 ? see[ids[i - 16]!] === 1 : seeIn(north, x, y, 15)) ||
        (z < 15 ? see[ids[i + 16]!] === 1 : seeIn(south, x, y, 0))
      if (exposed) out.add(i, type[s]!)
    }
    return out
  }
}

// ---------------------------------------------------------------- bound to a bot

type BotLike = Pick<Bot, 'on' | 'removeListener' | 'entity' | 'registry' | 'game' | 'world'>
interface V3 {
  x: number
  y: number
  z: number
}

const feet = (bot: BotLike): Position => {
  const p = bot.entity?.position
  return p ? { x: p.x, y: p.y, z: p.z } : { x: 0, y: 0, z: 0 }
}

const floorPos = (p: Position): Position => ({ x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) })

function announcer(isKnown: (p: Position) => boolean, onTarget?: TargetListener) {
  return (name: string, pos: Position, by: string): boolean => {
    const position = floorPos(pos)
    const known = isKnown(position)
    onTarget?.({ name, position, by, known })
    return known
  }
}

/** The fair knowledge of one bot: the exposure index, kept in step with the bot's chunks and block updates. */
export function createFairKnowledge(bot: BotLike, opts: { onTarget?: TargetListener } = {}): BlockKnowledge {
  const game = bot.game as unknown as { minY?: number; height?: number }
  const index = new ExposureIndex(bot.world as unknown as WorldLike, blockTables(bot.registry as unknown as { blocksArray: BlockDef[] }), game.minY ?? 0, game.height ?? 256)
  const onColumn = (corner: V3) => index.columnChanged(Math.floor(corner.x / 16), Math.floor(corner.z / 16))
  const onBlock = (_old: unknown, now: { position?: V3 } | null) => {
    const p = now?.position
    if (p) index.blockChanged(Math.floor(p.x), Math.floor(p.y), Math.floor(p.z))
  }
  const on = bot.on.bind(bot) as (ev: string, f: (...a: never[]) => void) => void
  const off = bot.removeListener.bind(bot) as (ev: string, f: (...a: never[]) => void) => void
  on('chunkColumnLoad', onColumn)
  on('chunkColumnUnload', onColumn)
  on('blockUpdate', onBlock)
  const isKnown = (pos: Position) => index.isKnown(Math.floor(pos.x), Math.floor(pos.y), Math.floor(pos.z))
  return {
    mode: 'fair',
    chose: announcer(isKnown, opts.onTarget),
    find: (match, o) => index.find(match, { ...o, from: o.from ?? feet(bot) }),
    nearest: (match, o) => index.find(match, { ...o, count: 1, from: o.from ?? feet(bot) })[0] ?? null,
    isKnown,
    stats: () => index.stats(),
    close() {
      off('chunkColumnLoad', onColumn)
      off('chunkColumnUnload', onColumn)
      off('blockUpdate', onBlock)
      index.clear()
    },
  }
}

/** FOR EXPERIMENTS ONLY: every block in the loaded chunks counts as known, buried ore included. */
export function createXrayKnowledge(bot: Pick<Bot, 'findBlocks' | 'blockAt' | 'entity' | 'registry'>, opts: { onTarget?: TargetListener } = {}): BlockKnowledge {
  const ids = (match: NameMatch) => (bot.registry as unknown as { blocksArray: BlockDef[] }).blocksArray.filter((b) => !isAirName(b.name) && match(b.name)).map((b) => b.id)
  const find = (match: NameMatch, opts: FindOptions): KnownBlock[] => {
    const from = opts.from ?? feet(bot as unknown as BotLike)
    const matching = ids(match)
    if (!matching.length) return []
    const Vec = bot.entity.position.constructor as new (x: number, y: number, z: number) => Parameters<Bot['blockAt']>[0]
    const positions = bot.findBlocks({ matching, maxDistance: opts.radius, count: opts.count ?? DEFAULT_FIND_COUNT, point: new Vec(from.x, from.y, from.z) })
    return positions
      .map((p) => {
        const d = Math.hypot(p.x + 0.5 - from.x, p.y + 0.5 - from.y, p.z + 0.5 - from.z)
        return { name: bot.blockAt(p)?.name ?? 'unknown', position: { x: p.x, y: p.y, z: p.z }, distance: Math.round(d * 100) / 100 }
      })
      .sort((a, b) => a.distance - b.distance)
  }
  return {
    mode: 'xray',
    chose: announcer(() => true, opts.onTarget),
    find,
    nearest: (match, opts) => find(match, { ...opts, count: 1 })[0] ?? null,
    isKnown: () => true,
    stats: () => ({ columns: 0, blocks: 0 }),
    close: () => undefined,
  }
}

export function createKnowledge(bot: Bot, opts: { xray?: boolean; onTarget?: TargetListener } = {}): BlockKnowledge {
  return opts.xray ? createXrayKnowledge(bot, opts) : createFairKnowledge(bot, opts)
}

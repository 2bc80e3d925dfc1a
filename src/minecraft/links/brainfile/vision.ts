/**
 * The body's Vision (a raycast from the eyes) → the seed's `vision` section, kept useful
 * for a model: no air, interesting blocks first (logs, ores, stations, fluids, stone),
 * deduplicated and capped; dropped items and creatures beside it. Plus `SeenBlocks`, the
 * link's memory of interesting blocks it has seen (for MINE_WOOD without coordinates):
 * only what the eyes saw, never a scan through walls.
 */
import type { Position, SeenBlock, Vision } from '../../body/types.js'
import { bareName, matchesName, namespaced } from '../../names.js'
import { namesAcrossVersions } from '../../version-facts.js'
import type { ChatLine, VisibleBlock } from '../../../protocols/brainfile.js'

export const VISION_RENDER_DEFAULTS = { maxBlocks: 30, maxEntities: 10, chatLines: 20 } as const

/** Plain ground, the least interesting, under every supported version's name. */
const GROUND = new Set(['grass_block', 'dirt', 'grass', 'sand', 'gravel', 'bedrock'].flatMap(namesAcrossVersions))

/** 0 = most interesting. Everything the plugin lists first, in a useful order. */
export function interest(name: string): number {
  const b = bareName(name)
  if (matchesName('log', b)) return 0
  if (b.endsWith('_ore')) return 1
  if (b === 'crafting_table' || b === 'furnace' || b === 'lit_furnace' || b === 'chest') return 2
  if (b === 'water' || b === 'lava') return 3
  if (matchesName('stone_like', b)) return 4
  if (b.endsWith('_leaves')) return 6
  if (GROUND.has(b)) return 8
  return 5
}

const round1 = (v: number) => Math.round(v * 10) / 10
export const blockOf = (p: Position): Position => ({ x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) })

/** Interesting first, nearest first within a class; at most `max`. */
export function orderBlocks(blocks: readonly SeenBlock[], max: number): SeenBlock[] {
  const seen = new Set<string>()
  const out: SeenBlock[] = []
  for (const b of [...blocks].sort((a, c) => interest(a.name) - interest(c.name) || a.distance - c.distance)) {
    const k = `${b.position.x},${b.position.y},${b.position.z}`
    if (seen.has(k) || /(^|:)(cave_|void_)?air$/.test(b.name)) continue
    seen.add(k)
    out.push(b)
    if (out.length >= max) break
  }
  return out
}

export interface RenderedVision {
  blocks: { view_distance: number; view_direction: { yaw: number; pitch: number }; visible_blocks: VisibleBlock[] }
  nearby_items: Array<{ type: string; count: number; world_position: Position; distance: number }>
  nearby_entities: Array<{ name: string; type: string; world_position: Position; distance: number }>
  bot_position: Position
}

export function renderVision(v: Vision, feet: Position, opts: { maxBlocks?: number; maxEntities?: number } = {}): RenderedVision {
  const here = blockOf(feet)
  const maxEntities = opts.maxEntities ?? VISION_RENDER_DEFAULTS.maxEntities
  const visible = orderBlocks(v.blocks, opts.maxBlocks ?? VISION_RENDER_DEFAULTS.maxBlocks).map((b) => ({
    relative_position: { x: b.position.x - here.x, y: b.position.y - here.y, z: b.position.z - here.z },
    world_position: { ...b.position },
    block_type: namespaced(b.name),
    distance: round1(b.distance),
  }))
  const items = v.entities
    .filter((e) => e.kind === 'item')
    .slice(0, maxEntities)
    .map((e) => ({ type: namespaced(e.item?.name ?? e.name), count: e.item?.count ?? 1, world_position: blockOf(e.position), distance: round1(e.distance) }))
  const creatures = v.entities
    .filter((e) => e.kind !== 'item' && e.kind !== 'other')
    .slice(0, maxEntities)
    .map((e) => ({ name: e.name, type: e.kind, world_position: blockOf(e.position), distance: round1(e.distance) }))
  return {
    blocks: { view_distance: v.distance, view_direction: { yaw: round1(v.yaw), pitch: round1(v.pitch) }, visible_blocks: visible },
    nearby_items: items,
    nearby_entities: creatures,
    bot_position: blockOf(feet),
  }
}

/** The seed's timestamp form: local time `yyyy-MM-ddTHH:mm:ss`. */
export function chatTimestamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

/** The last `max` chat lines (players, the bot marked `self`, joins/leaves as SYSTEM). */
export class ChatLog {
  private lines: ChatLine[] = []
  /** Count of lines ever added: a mind remembers where it stopped reading. */
  total = 0
  constructor(private readonly max: number = VISION_RENDER_DEFAULTS.chatLines) {}

  add(player: string, message: string, self = false, at = new Date()): void {
    this.lines.push({ timestamp: chatTimestamp(at), player, message, ...(self ? { self: true } : {}) })
    this.total++
    while (this.lines.length > this.max) this.lines.shift()
  }

  /** Lines kept from an earlier run (the file's vision.chat). */
  restore(lines: readonly ChatLine[]): void {
    this.lines = lines.slice(-this.max).map((l) => ({ ...l }))
  }

  list(): ChatLine[] {
    return this.lines.map((l) => ({ ...l }))
  }

  /** Lines added after the first `seen` lines ever added. */
  since(seen: number): ChatLine[] {
    const fresh = Math.min(this.total - seen, this.lines.length)
    return fresh > 0 ? this.lines.slice(-fresh).map((l) => ({ ...l })) : []
  }
}

/** Interesting blocks the eyes have seen, by position; a later look that sees something else there replaces it. */
export class SeenBlocks {
  private readonly map = new Map<string, { name: string; position: Position; at: number }>()
  constructor(private readonly cap = 4000) {}

  update(blocks: readonly SeenBlock[], now = Date.now()): void {
    for (const b of blocks) {
      const k = `${b.position.x},${b.position.y},${b.position.z}`
      if (interest(b.name) > 4) {
        this.map.delete(k)
        continue
      }
      this.map.delete(k)
      this.map.set(k, { name: namespaced(b.name), position: { ...b.position }, at: now })
    }
    while (this.map.size > this.cap) this.map.delete(this.map.keys().next().value!)
  }

  at(p: Position): string | undefined {
    return this.map.get(`${p.x},${p.y},${p.z}`)?.name
  }

  forget(p: Position): void {
    this.map.delete(`${p.x},${p.y},${p.z}`)
  }

  /** The nearest remembered block of a family (`log`, `stone_like`) or name. */
  nearest(family: string, from: Position, except: ReadonlySet<string> = new Set()): { name: string; position: Position } | undefined {
    let best: { name: string; position: Position; d: number } | undefined
    for (const [k, b] of this.map) {
      if (except.has(k) || !matchesName(family, b.name)) continue
      const d = (b.position.x + 0.5 - from.x) ** 2 + (b.position.y - from.y) ** 2 + (b.position.z + 0.5 - from.z) ** 2
      if (!best || d < best.d) best = { ...b, d }
    }
    return best && { name: best.name, position: best.position }
  }

  get size(): number {
    return this.map.size
  }
}

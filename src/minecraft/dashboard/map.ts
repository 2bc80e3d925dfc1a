/**
 * The dashboard's top-down map: what the bot knows around it, fair play included.
 *
 * Terrain comes from the body's block knowledge (senses/known-blocks.ts): only blocks the bot
 * may know (touching air or another see-through cell; everything with --xray). For every column
 * the highest known block at most HEADROOM above the feet is drawn; columns with nothing known
 * stay blank. Entities are those the server sent the client within the map (what the
 * scanEntities skill sees too); the path is the pathfinder's current one.
 */
import type { Bot } from 'mineflayer'
import type { Body } from '../body/types.js'
import type { BlockKnowledge } from '../body/senses/known-blocks.js'
import type { MapEntity, MapFrame } from './protocol.js'

/** A body the map can read: the mineflayer body has both; other bodies get an empty map. */
export type MapBody = Body & { readonly bot?: Bot; readonly knowledge?: BlockKnowledge }

const HEADROOM = 12
const MAX_BLOCKS = 60_000

function botOf(body: MapBody): Bot | undefined {
  try {
    return body.ready ? body.bot : undefined
  } catch {
    return undefined
  }
}

function entityKind(e: { type?: string; kind?: string }): MapEntity['kind'] {
  if (e.type === 'player') return 'player'
  if (e.type === 'hostile' || e.kind === 'Hostile mobs') return 'mob'
  if (e.type === 'animal' || e.type === 'passive' || e.kind === 'Passive mobs') return 'animal'
  if (e.type === 'object' && (e as { name?: string }).name === 'item') return 'item'
  if (e.type === 'mob') return 'mob'
  return 'other'
}

export function emptyMap(radius: number): MapFrame {
  const size = 2 * radius + 1
  return { type: 'map', x0: 0, z0: 0, size, palette: [], cells: [], heights: [], bot: null, entities: [], path: [], targets: [], knownBlocks: 0 }
}

/** One map frame around the bot; `path` is the pathfinder's last computed path. */
export function mapFrame(body: MapBody, radius: number, path: Array<{ x: number; z: number }>): MapFrame {
  const bot = botOf(body)
  if (!bot?.entity || !body.knowledge) return emptyMap(radius)
  const me = bot.entity.position
  const cx = Math.floor(me.x)
  const cz = Math.floor(me.z)
  const size = 2 * radius + 1
  const x0 = cx - radius
  const z0 = cz - radius
  const cells = new Array<number>(size * size).fill(-1)
  const heights = new Array<number>(size * size).fill(0)
  const palette: string[] = []
  const paletteIndex = new Map<string, number>()
  const known = body.knowledge.find(() => true, { radius: radius * Math.SQRT2 + 1, count: MAX_BLOCKS })
  const top = me.y + HEADROOM
  const best = new Array<number>(size * size).fill(-Infinity)
  for (const b of known) {
    const { x, y, z } = b.position
    if (y > top) continue
    const i = (z - z0) * size + (x - x0)
    if (x < x0 || x >= x0 + size || z < z0 || z >= z0 + size || y <= best[i]!) continue
    best[i] = y
    let p = paletteIndex.get(b.name)
    if (p === undefined) {
      p = palette.length
      palette.push(b.name)
      paletteIndex.set(b.name, p)
    }
    cells[i] = p
    heights[i] = y
  }
  const entities: MapEntity[] = []
  for (const e of Object.values(bot.entities)) {
    if (e === bot.entity || e.isValid === false) continue
    const { x, z } = e.position
    if (Math.abs(x - me.x) > radius || Math.abs(z - me.z) > radius) continue
    const kind = entityKind(e as unknown as { type?: string; kind?: string })
    entities.push({ kind, name: kind === 'player' ? (e.username ?? 'player') : (e.name ?? 'unknown'), x: round(x), z: round(z) })
  }
  const targets: MapFrame['targets'] = []
  const goal = (bot as unknown as { pathfinder?: { goal?: { x?: number; z?: number } | null } }).pathfinder?.goal
  if (goal && typeof goal.x === 'number' && typeof goal.z === 'number') targets.push({ x: goal.x, z: goal.z, label: 'goal' })
  const activity = body.status().activity
  if (activity.kind === 'moving') targets.push({ x: activity.x, z: activity.z, label: 'moving to' })
  return {
    type: 'map',
    x0,
    z0,
    size,
    palette,
    cells,
    heights,
    bot: { x: round(me.x), y: round(me.y), z: round(me.z), yaw: round(bot.entity.yaw) },
    entities,
    // the last computed path stays in the pathfinder after it arrives: drawn only while it has a goal
    path: goal ? path : [],
    targets,
    knownBlocks: known.length,
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100
}

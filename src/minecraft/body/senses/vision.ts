/**
 * The bot's eyes: rays cast from the eye position over the field of view. A ray stops
 * at the first block that is not air (solid, leaves, glass, water, lava…), so a block
 * behind another block is never seen: what a player on screen could see, no more.
 * Entities are seen all around (a player turns their head) but only with a clear line
 * of sight from eye to entity.
 */
import type { Bot } from 'mineflayer'
import type { Block } from 'prismarine-block'
import type { Entity } from 'prismarine-entity'
import { Vec3 } from 'vec3'
import type { Position, SeenBlock, SeenEntity, Vision, VisionOptions } from '../types.js'
import { toMcPitch, toMcYaw } from './status.js'
import { isAirName } from '../../names.js'

export const VISION_DEFAULTS = { distance: 16, fovDegrees: 90, raysPerDegree: 0.5 } as const
const MAX_RAYS = 20_000
const EYE_HEIGHT = 1.62

type MfVec3 = Parameters<Bot['blockAt']>[0]
interface RaycastWorld {
  raycast(from: MfVec3, dir: MfVec3, range: number, matcher?: (b: Block) => boolean): (Block & { intersect?: MfVec3 }) | null
}

function clampOptions(o: VisionOptions = {}): Required<VisionOptions> {
  const num = (v: unknown, d: number, lo: number, hi: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : d)
  return {
    distance: num(o.distance, VISION_DEFAULTS.distance, 1, 64),
    fovDegrees: num(o.fovDegrees, VISION_DEFAULTS.fovDegrees, 10, 360),
    raysPerDegree: num(o.raysPerDegree, VISION_DEFAULTS.raysPerDegree, 0.05, 4),
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100
const pos = (v: { x: number; y: number; z: number }): Position => ({ x: round2(v.x), y: round2(v.y), z: round2(v.z) })

/** Unit direction of mineflayer's yaw/pitch (radians; yaw 0 = north (-Z), counter-clockwise; pitch up positive). */
function direction(yaw: number, pitch: number): Vec3 {
  const c = Math.cos(pitch)
  return new Vec3(-Math.sin(yaw) * c, Math.sin(pitch), -Math.cos(yaw) * c)
}

export function eyeOf(bot: Bot): Vec3 {
  const p = bot.entity.position
  return new Vec3(p.x, p.y + EYE_HEIGHT, p.z)
}

/** Blocks hit by the rays, nearest first, each once. */
export function seeBlocks(bot: Bot, opts: Required<VisionOptions>): SeenBlock[] {
  const world = bot.world as unknown as RaycastWorld
  const eye = eyeOf(bot)
  const h = opts.fovDegrees
  const v = Math.min(180, (h * 2) / 3)
  let cols = Math.max(1, Math.round(h * opts.raysPerDegree))
  let rows = Math.max(1, Math.round(v * opts.raysPerDegree))
  while (cols * rows > MAX_RAYS) {
    cols = Math.ceil(cols / 2)
    rows = Math.ceil(rows / 2)
  }
  const seen = new Map<string, SeenBlock>()
  const stopAt = (b: Block) => !isAirName(b.name)
  for (let i = 0; i < cols; i++) {
    const yaw = bot.entity.yaw + ((cols === 1 ? 0 : i / (cols - 1) - 0.5) * h * Math.PI) / 180
    for (let j = 0; j < rows; j++) {
      const pitch = Math.max(-Math.PI / 2, Math.min(Math.PI / 2, bot.entity.pitch + ((rows === 1 ? 0 : j / (rows - 1) - 0.5) * v * Math.PI) / 180))
      const hit = world.raycast(eye as unknown as MfVec3, direction(yaw, pitch) as unknown as MfVec3, opts.distance, stopAt)
      if (!hit) continue
      const key = `${hit.position.x},${hit.position.y},${hit.position.z}`
      if (seen.has(key)) continue
      const centre = hit.position.offset(0.5, 0.5, 0.5)
      seen.set(key, { name: `minecraft:${hit.name}`, position: { x: hit.position.x, y: hit.position.y, z: hit.position.z }, distance: round2(eye.distanceTo(new Vec3(centre.x, centre.y, centre.z))) })
    }
  }
  return [...seen.values()].sort((a, b) => a.distance - b.distance)
}

/** True when nothing but air (or fluids) lies between the eye and `target`. */
export function lineOfSight(bot: Bot, eye: Vec3, target: Vec3): boolean {
  const d = target.minus(eye)
  const len = d.norm()
  if (len < 0.01) return true
  const world = bot.world as unknown as RaycastWorld
  const hit = world.raycast(eye as unknown as MfVec3, d.scaled(1 / len) as unknown as MfVec3, len)
  return !hit || (hit.intersect ? eye.distanceTo(hit.intersect as unknown as Vec3) >= len - 0.05 : false)
}

/** True when the eye has a clear line to the entity's middle or to its head (a mob behind a low wall is seen by its head). */
export function seesEntity(bot: Bot, e: Entity): boolean {
  const eye = eyeOf(bot)
  const h = e.height ?? 1
  const at = (y: number) => new Vec3(e.position.x, e.position.y + y, e.position.z)
  return lineOfSight(bot, eye, at(h / 2)) || lineOfSight(bot, eye, at(h * 0.9))
}

function kindOf(e: Entity): SeenEntity['kind'] {
  if (e.type === 'player') return 'player'
  if (e.name === 'item' || e.displayName === 'Item') return 'item'
  const t: string = e.type
  if (t === 'hostile' || t === 'mob') return 'mob'
  if (t === 'animal' || t === 'passive' || t === 'water_creature' || t === 'ambient') return 'animal'
  return 'other'
}

function droppedStack(bot: Bot, e: Entity): { name: string; count: number } | undefined {
  const dropped = (e as unknown as { getDroppedItem?: () => { name: string; count: number } | null }).getDroppedItem?.()
  if (dropped) return { name: `minecraft:${dropped.name}`, count: dropped.count }
  return undefined
}

export function seeEntities(bot: Bot, opts: Required<VisionOptions>): SeenEntity[] {
  const eye = eyeOf(bot)
  const out: SeenEntity[] = []
  for (const e of Object.values(bot.entities)) {
    if (!e || e === bot.entity || !e.position) continue
    const centre = new Vec3(e.position.x, e.position.y + Math.min(1.5, (e.height ?? 1) * 0.8), e.position.z)
    const distance = centre.distanceTo(eye)
    if (distance > opts.distance) continue
    if (!lineOfSight(bot, eye, centre)) continue
    const kind = kindOf(e)
    const name = kind === 'player' ? (e.username ?? 'player') : `minecraft:${e.name ?? 'unknown'}`
    const item = kind === 'item' ? droppedStack(bot, e) : undefined
    out.push({ id: e.id, name, kind, position: pos(e.position), distance: round2(distance), ...(item ? { item } : {}) })
  }
  return out.sort((a, b) => a.distance - b.distance)
}

export function look(bot: Bot | null, options?: VisionOptions): Vision {
  const o = clampOptions(options)
  if (!bot?.entity) return { eye: { x: 0, y: 0, z: 0 }, yaw: 0, pitch: 0, distance: o.distance, blocks: [], entities: [] }
  return {
    eye: pos(eyeOf(bot)),
    yaw: toMcYaw(bot.entity.yaw),
    pitch: toMcPitch(bot.entity.pitch),
    distance: o.distance,
    blocks: seeBlocks(bot, o),
    entities: seeEntities(bot, o),
  }
}

/**
 * The look ray of vanilla 1.16's `Item.getPlayerPOVHitResult` (buckets): from the eyes along the
 * look direction, 5 blocks. Shared by the world (which answers a bucket use with it) and the body
 * (which checks, before it pours, that the ray will reach the cell it means).
 */

import { namesAcrossVersions } from './version-facts.js'

export const BUCKET_REACH = 5
export const EYE_HEIGHT = 1.62
/** Blocks a full bucket's fluid replaces in place (vanilla: `Material.isReplaceable`). */
export const FLUID_REPLACEABLE = new Set(
  ['air', 'cave_air', 'void_air', 'grass', 'tall_grass', 'fern', 'large_fern', 'dead_bush', 'snow', 'fire', 'soul_fire', 'water', 'lava', 'seagrass', 'tall_seagrass', 'vine'].flatMap(namesAcrossVersions),
)

export interface RayHit {
  x: number
  y: number
  z: number
  /** The cell the ray was in just before this one (the face's neighbour). */
  before: { x: number; y: number; z: number }
}

/** Look direction of Minecraft yaw/pitch in degrees (yaw 0 = +z, pitch positive = down). */
export function lookVector(yawDeg: number, pitchDeg: number): { x: number; y: number; z: number } {
  const yaw = (yawDeg * Math.PI) / 180
  const pitch = (pitchDeg * Math.PI) / 180
  return { x: -Math.sin(yaw) * Math.cos(pitch), y: -Math.sin(pitch), z: Math.cos(yaw) * Math.cos(pitch) }
}

/**
 * Walks the cells along a ray (Amanatides–Woo) up to `reach` blocks and returns the first one
 * `stop` accepts, with the cell before it.
 */
export function castRay(
  from: { x: number; y: number; z: number },
  dir: { x: number; y: number; z: number },
  reach: number,
  stop: (x: number, y: number, z: number) => boolean,
): RayHit | null {
  let x = Math.floor(from.x)
  let y = Math.floor(from.y)
  let z = Math.floor(from.z)
  const step = { x: Math.sign(dir.x), y: Math.sign(dir.y), z: Math.sign(dir.z) }
  const tDelta = { x: dir.x !== 0 ? Math.abs(1 / dir.x) : Infinity, y: dir.y !== 0 ? Math.abs(1 / dir.y) : Infinity, z: dir.z !== 0 ? Math.abs(1 / dir.z) : Infinity }
  const next = (p: number, d: number) => (d > 0 ? Math.floor(p) + 1 - p : p - Math.floor(p))
  const tMax = { x: dir.x !== 0 ? next(from.x, dir.x) * tDelta.x : Infinity, y: dir.y !== 0 ? next(from.y, dir.y) * tDelta.y : Infinity, z: dir.z !== 0 ? next(from.z, dir.z) * tDelta.z : Infinity }
  let before = { x, y, z }
  if (stop(x, y, z)) return { x, y, z, before }
  for (;;) {
    before = { x, y, z }
    let t: number
    if (tMax.x <= tMax.y && tMax.x <= tMax.z) {
      t = tMax.x
      x += step.x
      tMax.x += tDelta.x
    } else if (tMax.y <= tMax.z) {
      t = tMax.y
      y += step.y
      tMax.y += tDelta.y
    } else {
      t = tMax.z
      z += step.z
      tMax.z += tDelta.z
    }
    if (t > reach) return null
    if (stop(x, y, z)) return { x, y, z, before }
  }
}

/**
 * Where a full bucket's fluid lands for a ray from `eye` along `dir` (fluids are passed through):
 * the first block hit when it is replaceable, else the cell in front of it; null when nothing is hit.
 */
export function pourTarget(
  eye: { x: number; y: number; z: number },
  dir: { x: number; y: number; z: number },
  nameAt: (x: number, y: number, z: number) => string | null,
): { x: number; y: number; z: number } | null {
  const passes = (n: string | null) => n === 'air' || n === 'cave_air' || n === 'void_air' || n === 'water' || n === 'lava'
  const hit = castRay(eye, dir, BUCKET_REACH, (x, y, z) => !passes(nameAt(x, y, z)))
  if (!hit) return null
  return FLUID_REPLACEABLE.has(nameAt(hit.x, hit.y, hit.z) ?? '') ? { x: hit.x, y: hit.y, z: hit.z } : hit.before
}

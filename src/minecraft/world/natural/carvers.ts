/**
 * Caves and ravines, after vanilla 1.16's `CaveWorldCarver` and `CanyonWorldCarver`
 * (../shared/spec/world-facts.md §2): a chunk starts caves with p = 1/7 and a ravine with
 * p = 0.02; tunnels wander 84–112 steps, may open a room and fork; carved blocks below
 * y 11 become lava; nothing is carved next to water.
 *
 * A start's path depends only on the seed and its chunk, so it is traced once into a list of
 * ellipsoids and cached; a chunk carves the ellipsoids of every start within ±8 chunks
 * that reach it. The same list answers `carvedAt` for any block (trees and spawn use it).
 */
import { B } from './blocks.js'
import { WATER_TOP, type Columns } from './columns.js'
import { Rand } from './random.js'

const CAVE_CHANCE = 1 / 7
const RAVINE_CHANCE = 0.02
const RANGE = 8
/** (range·2 − 1)·16 with vanilla's carver range 4. */
const TUNNEL_STEPS = 112
const LAVA_BELOW = 11
const MAX_CARVE_Y = 248

/** One carved ellipsoid: centre, horizontal and vertical radius, and how its floor is shaped. */
export interface Blob {
  x: number
  y: number
  z: number
  hr: number
  vr: number
  /** 0 = cave (flat floor at −0.7), 1 = ravine (width varies with y). */
  kind: 0 | 1
  /** Ravine width factors per y (shared by the ravine's blobs). */
  widths?: Float32Array
}

export interface Carvers {
  /** Carves chunk (cx, cz) in `blocks` (a chunk buffer). */
  carve(cx: number, cz: number, blocks: Uint8Array): void
  /** Would the carvers remove the block at (x, y, z) (ignoring the water rule)? */
  carvedAt(x: number, y: number, z: number): boolean
  /** Blobs of every start that may reach chunk (cx, cz). */
  blobsFor(cx: number, cz: number): Blob[]
}

const START_CACHE = 8192
const CHUNK_CACHE = 512

export interface CarverOptions {
  /** Another set of caves from the same seed (the tall world's second, deep pass). Default 0. */
  salt?: number
  /** World y of the buffer's y 0 (the deep pass carves a buffer from y −64). Default 0. */
  yOffset?: number
  /** Carved blocks below this buffer y become lava (1.16: 11). 0: never. */
  lavaBelow?: number
  /** Nothing is carved above this buffer y. Default 248. */
  maxY?: number
}

export function createCarvers(seed: number, columns: Columns, opts: CarverOptions = {}): Carvers {
  const salt = opts.salt ?? 0
  const yOffset = opts.yOffset ?? 0
  const lavaBelow = opts.lavaBelow ?? LAVA_BELOW
  const maxCarveY = opts.maxY ?? MAX_CARVE_Y
  const starts = new Map<number, Blob[]>()
  const perChunk = new Map<number, Blob[]>()
  const key = (cx: number, cz: number) => (cx & 0xffff) * 65536 + (cz & 0xffff)

  function startBlobs(cx: number, cz: number): Blob[] {
    const k = key(cx, cz)
    let list = starts.get(k)
    if (list) return list
    list = []
    const caveRand = Rand.at(seed, cx, cz, salt, 301)
    if (caveRand.nextFloat() < CAVE_CHANCE) traceCaves(caveRand, cx, cz, list)
    const ravineRand = Rand.at(seed, cx, cz, salt, 302)
    if (ravineRand.nextFloat() < RAVINE_CHANCE) traceRavine(ravineRand, cx, cz, list)
    if (starts.size >= START_CACHE) starts.delete(starts.keys().next().value!)
    starts.set(k, list)
    return list
  }

  function blobsFor(cx: number, cz: number): Blob[] {
    const k = key(cx, cz)
    let list = perChunk.get(k)
    if (list) return list
    list = []
    const minX = cx * 16
    const minZ = cz * 16
    for (let sx = cx - RANGE; sx <= cx + RANGE; sx++) {
      for (let sz = cz - RANGE; sz <= cz + RANGE; sz++) {
        for (const b of startBlobs(sx, sz)) {
          if (b.x + b.hr < minX - 1 || b.x - b.hr > minX + 17 || b.z + b.hr < minZ - 1 || b.z - b.hr > minZ + 17) continue
          list.push(b)
        }
      }
    }
    if (perChunk.size >= CHUNK_CACHE) perChunk.delete(perChunk.keys().next().value!)
    perChunk.set(k, list)
    return list
  }

  function inside(b: Blob, x: number, y: number, z: number): boolean {
    const dx = (x + 0.5 - b.x) / b.hr
    const dz = (z + 0.5 - b.z) / b.hr
    const dy = (y - 0.5 - b.y) / b.vr
    if (b.kind === 0) return dy > -0.7 && dx * dx + dy * dy + dz * dz < 1
    return (dx * dx + dz * dz) * b.widths![Math.max(0, y - 1)]! + (dy * dy) / 6 < 1
  }

  function carve(cx: number, cz: number, blocks: Uint8Array): void {
    const x0 = cx * 16
    const z0 = cz * 16
    const cols = columns.chunk(cx, cz)
    for (const b of blobsFor(cx, cz)) {
      const lx0 = Math.max(Math.floor(b.x - b.hr) - x0 - 1, 0)
      const lx1 = Math.min(Math.floor(b.x + b.hr) - x0 + 1, 16)
      const ly0 = Math.max(Math.floor(b.y - b.vr) - 1, 1)
      const ly1 = Math.min(Math.floor(b.y + b.vr) + 1, maxCarveY)
      const lz0 = Math.max(Math.floor(b.z - b.hr) - z0 - 1, 0)
      const lz1 = Math.min(Math.floor(b.z + b.hr) - z0 + 1, 16)
      if (lx0 >= lx1 || lz0 >= lz1 || ly0 >= ly1) continue
      if (touchesSea(cols.height, lx0, lx1, ly0 + yOffset, ly1 + yOffset, lz0, lz1)) continue
      for (let lx = lx0; lx < lx1; lx++) {
        const dx = (x0 + lx + 0.5 - b.x) / b.hr
        for (let lz = lz0; lz < lz1; lz++) {
          const dz = (z0 + lz + 0.5 - b.z) / b.hr
          if (dx * dx + dz * dz >= 1) continue
          let grassFound = false
          for (let y = ly1; y > ly0; y--) {
            if (!inside(b, x0 + lx, y, z0 + lz)) continue
            const i = (y << 8) | (lz << 4) | lx
            const cur = blocks[i]!
            if (cur === AIR || cur === LAVA) continue
            if (cur === GRASS) grassFound = true
            if (!carvable(cur, y < 255 ? blocks[i + 256]! : AIR)) continue
            blocks[i] = y < lavaBelow ? LAVA : AIR
            // Vanilla grows grass back on the dirt a cave mouth exposes.
            if (grassFound && y > 0 && blocks[i - 256] === DIRT) blocks[i - 256] = GRASS
          }
        }
      }
    }
  }

  function carvedAt(x: number, y: number, z: number): boolean {
    for (const b of blobsFor(x >> 4, z >> 4)) {
      if (Math.abs(x + 0.5 - b.x) > b.hr + 1 || Math.abs(z + 0.5 - b.z) > b.hr + 1 || Math.abs(y - b.y) > b.vr + 2) continue
      if (y >= 1 && y < maxCarveY && inside(b, x, y, z)) return true
    }
    return false
  }

  return { carve, carvedAt, blobsFor }
}

const { air: AIR, lava: LAVA, grass_block: GRASS, dirt: DIRT, stone: STONE, granite: GRANITE, diorite: DIORITE, andesite: ANDESITE, sand: SAND, gravel: GRAVEL, water: WATER, deepslate: DEEPSLATE, tuff: TUFF } = B

function carvable(b: number, above: number): boolean {
  if (b === STONE || b === DIRT || b === GRASS || b === GRANITE || b === DIORITE || b === ANDESITE || b === DEEPSLATE || b === TUFF) return true
  return (b === SAND || b === GRAVEL) && above !== WATER
}

/** Vanilla skips a blob whose box touches water. Carving runs before lakes, so the only water is the sea. */
function touchesSea(height: Int16Array, lx0: number, lx1: number, ly0: number, ly1: number, lz0: number, lz1: number): boolean {
  if (ly0 > WATER_TOP) return false
  for (let lx = lx0; lx < lx1; lx++) {
    for (let lz = lz0; lz < lz1; lz++) {
      const h = height[lz * 16 + lx]!
      if (h < WATER_TOP && ly1 > h) return true
    }
  }
  return false
}

function traceCaves(r: Rand, cx: number, cz: number, out: Blob[]): void {
  const count = r.nextInt(r.nextInt(r.nextInt(15) + 1) + 1)
  for (let k = 0; k < count; k++) {
    const x = cx * 16 + r.nextInt(16)
    const y = r.nextInt(r.nextInt(120) + 8)
    const z = cz * 16 + r.nextInt(16)
    let tunnels = 1
    if (r.nextInt(4) === 0) {
      const radius = 1.5 + 1 + r.nextFloat() * 6
      out.push({ x: x + 1, y, z, hr: radius, vr: radius * 0.5, kind: 0 })
      tunnels += r.nextInt(4)
    }
    for (let t = 0; t < tunnels; t++) {
      const yaw = r.nextFloat() * Math.PI * 2
      const pitch = (r.nextFloat() - 0.5) / 4
      let thickness = r.nextFloat() * 2 + r.nextFloat()
      if (r.nextInt(10) === 0) thickness *= r.nextFloat() * r.nextFloat() * 3 + 1
      const steps = TUNNEL_STEPS - r.nextInt(TUNNEL_STEPS / 4)
      traceTunnel(new Rand(r.nextSeed()), x, y, z, thickness, yaw, pitch, 0, steps, 1, out)
    }
  }
}

function traceTunnel(r: Rand, x: number, y: number, z: number, thickness: number, yaw: number, pitch: number, from: number, steps: number, yScale: number, out: Blob[]): void {
  const forkAt = r.nextInt(steps >> 1) + (steps >> 2)
  const steep = r.nextInt(6) === 0
  let dYaw = 0
  let dPitch = 0
  for (let j = from; j < steps; j++) {
    const hr = 1.5 + Math.sin((Math.PI * j) / steps) * thickness
    const vr = hr * yScale
    const cp = Math.cos(pitch)
    x += Math.cos(yaw) * cp
    y += Math.sin(pitch)
    z += Math.sin(yaw) * cp
    pitch *= steep ? 0.92 : 0.7
    pitch += dPitch * 0.1
    yaw += dYaw * 0.1
    dPitch *= 0.9
    dYaw *= 0.75
    dPitch += (r.nextFloat() - r.nextFloat()) * r.nextFloat() * 2
    dYaw += (r.nextFloat() - r.nextFloat()) * r.nextFloat() * 4
    if (j === forkAt && thickness > 1) {
      traceTunnel(new Rand(r.nextSeed()), x, y, z, r.nextFloat() * 0.5 + 0.5, yaw - Math.PI / 2, pitch / 3, j, steps, 1, out)
      traceTunnel(new Rand(r.nextSeed()), x, y, z, r.nextFloat() * 0.5 + 0.5, yaw + Math.PI / 2, pitch / 3, j, steps, 1, out)
      return
    }
    if (r.nextInt(4) !== 0) out.push({ x, y, z, hr, vr, kind: 0 })
  }
}

function traceRavine(r: Rand, cx: number, cz: number, out: Blob[]): void {
  let x = cx * 16 + r.nextInt(16)
  let y = r.nextInt(r.nextInt(40) + 8) + 20
  let z = cz * 16 + r.nextInt(16)
  let yaw = r.nextFloat() * Math.PI * 2
  let pitch = ((r.nextFloat() - 0.5) * 2) / 8
  const thickness = (r.nextFloat() * 2 + r.nextFloat()) * 2
  const steps = TUNNEL_STEPS - r.nextInt(TUNNEL_STEPS / 4)
  const t = new Rand(r.nextSeed())
  const widths = new Float32Array(256)
  let f = 1
  for (let i = 0; i < 256; i++) {
    if (i === 0 || t.nextInt(3) === 0) f = 1 + t.nextFloat() * t.nextFloat()
    widths[i] = f * f
  }
  let dYaw = 0
  let dPitch = 0
  for (let j = 0; j < steps; j++) {
    let hr = 1.5 + Math.sin((j * Math.PI) / steps) * thickness
    let vr = hr * 3
    hr *= t.nextFloat() * 0.25 + 0.75
    vr *= t.nextFloat() * 0.25 + 0.75
    const cp = Math.cos(pitch)
    x += Math.cos(yaw) * cp
    y += Math.sin(pitch)
    z += Math.sin(yaw) * cp
    pitch *= 0.7
    pitch += dPitch * 0.05
    yaw += dYaw * 0.05
    dPitch *= 0.8
    dYaw *= 0.5
    dPitch += (t.nextFloat() - t.nextFloat()) * t.nextFloat() * 2
    dYaw += (t.nextFloat() - t.nextFloat()) * t.nextFloat() * 4
    if (t.nextInt(4) !== 0) out.push({ x, y, z, hr, vr, kind: 1, widths })
  }
}

/**
 * Trees with vanilla 1.16's attempts per chunk and trunk heights (../shared/spec/world-facts.md §3):
 * oak 4–6 and birch 5–7 with blob leaves, spruce 5–8 and pine 6–10 with conical leaves,
 * fancy oak 3–14 with a crown of leaf balls. A chunk is decorated from its biome; a tree
 * stands only on grass that no lake or cave has taken. Crowns reach at most 6 blocks from
 * the trunk, so a chunk draws the trees of its 3×3 neighbourhood, clipped to itself.
 */
import { BIOMES, type TreeKind } from './biomes.js'
import { B, idx } from './blocks.js'
import type { Carvers } from './carvers.js'
import type { Columns } from './columns.js'
import type { Lakes } from './lakes.js'
import { Rand } from './random.js'

export interface TreePlan {
  x: number
  z: number
  /** y of the lowest log. */
  baseY: number
  kind: TreeKind
  /** Trunk height in blocks. */
  height: number
  seed: number
}

type Put = (x: number, y: number, z: number, block: number, log: boolean) => void

export interface Trees {
  /** Trees rooted in chunk (cx, cz). */
  rootedIn(cx: number, cz: number): TreePlan[]
  /** Writes every tree that reaches chunk (cx, cz) into `blocks`. */
  place(cx: number, cz: number, blocks: Uint8Array): void
}

const TRUNK: Record<TreeKind, readonly [number, number, number]> = {
  oak: [4, 2, 0],
  birch: [5, 2, 0],
  spruce: [5, 2, 1],
  pine: [6, 4, 0],
  fancy_oak: [3, 11, 0],
}

const CACHE = 2048
/** How far leaves reach from a trunk (fancy oak: a branch of 2 and a ball of 3). */
const CROWN = 6

export function createTrees(seed: number, columns: Columns, carvers: Carvers, lakes: Lakes): Trees {
  const cache = new Map<number, TreePlan[]>()

  function rootedIn(cx: number, cz: number): TreePlan[] {
    const k = (cx & 0xffff) * 65536 + (cz & 0xffff)
    let list = cache.get(k)
    if (list) return list
    list = []
    const biome = BIOMES[columns.chunk(cx, cz).chunkBiome]!
    const r = Rand.at(seed, cx, cz, 0, 401)
    const count = biome.trees.count + (r.nextFloat() < biome.trees.extraChance ? 1 : 0)
    for (let n = 0; n < count; n++) {
      const x = cx * 16 + r.nextInt(16)
      const z = cz * 16 + r.nextInt(16)
      let pick = r.nextFloat()
      let kind: TreeKind = biome.trees.mix[0]![0]
      for (const [k2, w] of biome.trees.mix) {
        if (pick < w) {
          kind = k2
          break
        }
        pick -= w
      }
      const treeSeed = r.nextSeed()
      const [base, a, b] = TRUNK[kind]
      const t = new Rand(treeSeed)
      const height = base + t.nextInt(a + 1) + t.nextInt(b + 1)
      const ground = columns.heightAt(x, z)
      if (columns.topAt(x, z) !== B.grass_block) continue
      if (ground + height + 4 > 255) continue
      if (lakes.blockAt(x, ground, z) !== -1 || lakes.blockAt(x, ground + 1, z) !== -1) continue
      if (carvers.carvedAt(x, ground, z)) continue
      list.push({ x, z, baseY: ground + 1, kind, height, seed: t.nextSeed() })
    }
    if (cache.size >= CACHE) cache.delete(cache.keys().next().value!)
    cache.set(k, list)
    return list
  }

  function place(cx: number, cz: number, blocks: Uint8Array): void {
    const x0 = cx * 16
    const z0 = cz * 16
    const put: Put = (x, y, z, block, log) => {
      const lx = x - x0
      const lz = z - z0
      if (lx < 0 || lx > 15 || lz < 0 || lz > 15 || y < 0 || y > 255) return
      const i = idx(lx, y, lz)
      const cur = blocks[i]!
      if (cur === B.air || (log && isLeaves(cur))) blocks[i] = block
    }
    for (let ox = cx - 1; ox <= cx + 1; ox++) {
      for (let oz = cz - 1; oz <= cz + 1; oz++) {
        for (const t of rootedIn(ox, oz)) {
          if (t.x + CROWN < x0 || t.x - CROWN > x0 + 15 || t.z + CROWN < z0 || t.z - CROWN > z0 + 15) continue
          drawTree(t, put)
          // The dirt under a trunk (vanilla turns the grass below a sapling to dirt).
          const lx = t.x - x0
          const lz = t.z - z0
          if (lx >= 0 && lx < 16 && lz >= 0 && lz < 16 && blocks[idx(lx, t.baseY - 1, lz)] === B.grass_block) blocks[idx(lx, t.baseY - 1, lz)] = B.dirt
        }
      }
    }
  }

  return { rootedIn, place }
}

function isLeaves(b: number): boolean {
  return b === B.oak_leaves || b === B.birch_leaves || b === B.spruce_leaves
}

export function drawTree(t: TreePlan, put: Put): void {
  const r = new Rand(t.seed)
  const top = t.baseY + t.height - 1
  switch (t.kind) {
    case 'oak':
    case 'birch': {
      const log = t.kind === 'oak' ? B.oak_log : B.birch_log
      const leaves = t.kind === 'oak' ? B.oak_leaves : B.birch_leaves
      blob(t.x, top, t.z, leaves, r, put)
      trunk(t, log, put)
      return
    }
    case 'spruce': {
      const maxR = 2 + r.nextInt(2)
      const bottom = t.baseY + 1 + r.nextInt(2)
      let rad = 0
      for (let y = top + 1; y >= bottom; y--) {
        disc(t.x, y, t.z, rad, B.spruce_leaves, put)
        rad = rad >= maxR ? 1 : rad + 1
      }
      trunk(t, B.spruce_log, put)
      return
    }
    case 'pine': {
      const layers = 3 + r.nextInt(2)
      disc(t.x, top + 1, t.z, 0, B.spruce_leaves, put)
      for (let k = 0; k < layers; k++) disc(t.x, top - k, t.z, k === 0 || k === layers - 1 ? 1 : 2, B.spruce_leaves, put)
      trunk(t, B.spruce_log, put)
      return
    }
    case 'fancy_oak': {
      // A tall trunk crowned with leaf balls, some on short branches.
      const crown = Math.max(t.baseY + 2, top - 1)
      ball(t.x, crown, t.z, r, put)
      const branches = t.height >= 6 ? 1 + r.nextInt(3) : 0
      for (let k = 0; k < branches; k++) {
        const by = t.baseY + Math.floor(t.height * (0.5 + r.nextFloat() * 0.3))
        const a = r.nextFloat() * Math.PI * 2
        const bx = t.x + Math.round(Math.cos(a) * 2)
        const bz = t.z + Math.round(Math.sin(a) * 2)
        put(Math.round((t.x + bx) / 2), by, Math.round((t.z + bz) / 2), B.oak_log, true)
        put(bx, by + 1, bz, B.oak_log, true)
        ball(bx, by + 1, bz, r, put)
      }
      trunk(t, B.oak_log, put)
      return
    }
  }
}

function trunk(t: TreePlan, log: number, put: Put): void {
  for (let y = t.baseY; y < t.baseY + t.height; y++) put(t.x, y, t.z, log, true)
}

/** Vanilla blob foliage: two layers of radius 2, then two of radius 1, corners dropped at random. */
function blob(x: number, top: number, z: number, leaves: number, r: Rand, put: Put): void {
  for (let y = top - 2; y <= top + 1; y++) {
    const rad = y <= top - 1 ? 2 : 1
    for (let dx = -rad; dx <= rad; dx++) {
      for (let dz = -rad; dz <= rad; dz++) {
        const corner = Math.abs(dx) === rad && Math.abs(dz) === rad
        if (corner && (y === top + 1 || r.nextInt(2) === 0)) continue
        put(x + dx, y, z + dz, leaves, false)
      }
    }
  }
}

function disc(x: number, y: number, z: number, rad: number, leaves: number, put: Put): void {
  for (let dx = -rad; dx <= rad; dx++) {
    for (let dz = -rad; dz <= rad; dz++) {
      if (rad > 0 && Math.abs(dx) === rad && Math.abs(dz) === rad) continue
      put(x + dx, y, z + dz, leaves, false)
    }
  }
}

/** A ball of oak leaves of radius 2–3 (fancy oak foliage). */
function ball(x: number, y: number, z: number, r: Rand, put: Put): void {
  const rad = 2 + r.nextFloat()
  for (let dy = -1; dy <= 2; dy++) {
    const layer = dy === -1 || dy === 2 ? rad - 1 : rad
    const ri = Math.floor(layer)
    for (let dx = -ri; dx <= ri; dx++) {
      for (let dz = -ri; dz <= ri; dz++) {
        if (dx * dx + dz * dz <= layer * layer + 0.5) put(x + dx, y + dy, z + dz, B.oak_leaves, false)
      }
    }
  }
}

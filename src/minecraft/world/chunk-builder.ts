/**
 * Turns a natural chunk buffer (natural/blocks.ts ids) into a flying-squid (prismarine-chunk)
 * column of the world's version: 1.16's 16 sections from y 0, or the tall world's (1.18+) 24
 * sections from y −64. Sections are built whole (palette + packed array) instead of block by
 * block, which is what keeps a chunk within its few milliseconds.
 */
import { require } from './squid.js'
import { B, NAME, halfOf, type NaturalChunk } from './natural/index.js'
import { BIOMES } from './natural/biomes.js'
import { versionFacts } from '../version-facts.js'

export type ChunkBuilder = (chunk: NaturalChunk) => unknown

const { air: AIR, water: WATER, oak_leaves: OAK_LEAVES, birch_leaves: BIRCH_LEAVES, spruce_leaves: SPRUCE_LEAVES, grass: GRASS, fern: FERN, sugar_cane: SUGAR_CANE } = B

interface PackedArray {
  set(i: number, v: number): void
  data: Uint32Array
}
type PackedArrayClass = new (opts: { bitsPerValue: number; capacity: number }) => PackedArray

export function createChunkBuilder(registry: any): ChunkBuilder {
  const Chunk = require('prismarine-chunk')(registry)
  const Block = require('prismarine-block')(registry)
  const tall = registry.supportFeature('tallWorld') as boolean
  const version = registry.version.minecraftVersion as string
  // NAME's state ids in this version; a block the version lacks (deepslate in 1.16) is never placed there.
  const state = new Int32Array(NAME.length).fill(-1)
  NAME.forEach((name, id) => {
    const half = halfOf(name)
    if (half) {
      if (registry.blocksByName[half.block]) state[id] = Block.fromProperties(half.block, { half: half.half }, 0).stateId
      return
    }
    // this version's name (grass is short_grass from 1.20.3)
    const def = registry.blocksByName[name] ?? registry.blocksByName[versionFacts(version).name(name)]
    if (!def) return
    // Leaves must not decay.
    state[id] = name.endsWith('_leaves') ? Block.fromProperties(name, { persistent: true, distance: 1 }, 0).stateId : def.defaultState
  })
  const biomeId = BIOMES.map((b) => {
    const def = registry.biomesByName[versionFacts(version).name(b.name)]
    if (!def) throw new Error(`worldgen: biome ${b.name} not in minecraft-data ${version}`)
    return def.id as number
  })
  const paletteIndex = new Int16Array(NAME.length)
  // Sky light passes through air, water, leaves and plants (a simplification; good enough to render).
  const clear = new Uint8Array(NAME.length)
  for (const b of [AIR, WATER, OAK_LEAVES, BIRCH_LEAVES, SPRUCE_LEAVES, GRASS, FERN, SUGAR_CANE]) clear[b] = 1

  /** The palette of section s (block ids → palette slots in paletteIndex), its non-air count. */
  function palette(blocks: Uint8Array, s: number): { palette: number[]; solid: number } {
    const base = s << 12
    paletteIndex.fill(-1)
    const out: number[] = []
    let solid = 0
    for (let i = 0; i < 4096; i++) {
      const b = blocks[base + i]!
      if (paletteIndex[b]! < 0) {
        const id = state[b]!
        if (id < 0) throw new Error(`worldgen: block ${NAME[b]} not in minecraft-data ${version}`)
        paletteIndex[b] = out.length
        out.push(id)
      }
      if (b !== AIR) solid++
    }
    return { palette: out, solid }
  }

  function pack(BitArray: PackedArrayClass, blocks: Uint8Array, s: number, size: number): PackedArray {
    const base = s << 12
    const data = new BitArray({ bitsPerValue: Math.max(4, 32 - Math.clz32(size - 1)), capacity: 4096 })
    for (let i = 0; i < 4096; i++) data.set(i, paletteIndex[blocks[base + i]!]!)
    return data
  }

  /** Sky light 15 above the highest block that stops light; calls put(lightSection, array) per lit section. */
  function skyLight(BitArray: PackedArrayClass, blocks: Uint8Array, sections: number, put: (ls: number, light: PackedArray) => void): void {
    const layers = sections * 16
    const tops = new Int16Array(256)
    let maxTop = -1
    for (let c = 0; c < 256; c++) {
      let y = layers - 1
      while (y >= 0 && clear[blocks[(y << 8) | c]!] === 1) y--
      tops[c] = y
      if (y > maxTop) maxTop = y
    }
    // light sections: one below the world, one per section, one above (index = section + 1)
    for (let ls = 1; ls <= sections + 1; ls++) {
      const y0 = (ls - 1) * 16
      const light = new BitArray({ bitsPerValue: 4, capacity: 4096 })
      if (y0 > maxTop) light.data.fill(0xffffffff)
      else {
        let any = false
        for (let c = 0; c < 256; c++) {
          for (let y = Math.max(y0, tops[c]! + 1); y < y0 + 16; y++) {
            light.set(((y - y0) << 8) | c, 15)
            any = true
          }
        }
        if (!any) continue
      }
      put(ls, light)
    }
  }

  /** The biome of each 4×4 column cell of the chunk (vanilla's grid), index j*4+i. */
  function cellBiomes(chunk: NaturalChunk): number[] {
    const out: number[] = []
    for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) out.push(biomeId[chunk.columns.biome[(j * 4 + 1) * 16 + i * 4 + 1]!]!)
    return out
  }

  if (!tall) {
    const Section = Chunk.section as new (opts: Record<string, unknown>) => { data: unknown }
    const BitArray = new Section({}).data!.constructor as PackedArrayClass
    return (nc) => {
      const { blocks } = nc
      const chunk = new Chunk()
      const maxBits = chunk.maxBitsPerBlock as number
      for (let s = 0; s < 16; s++) {
        const p = palette(blocks, s)
        if (p.solid === 0) continue
        const data = pack(BitArray, blocks, s, p.palette.length)
        chunk.sections[s] = new Section({ data, palette: p.palette, solidBlockCount: p.solid, maxBitsPerBlock: maxBits })
        chunk.sectionMask |= 1 << s
      }
      skyLight(BitArray, blocks, 16, (ls, light) => {
        chunk.skyLightSections[ls] = light
        chunk.skyLightMask |= 1 << ls
      })
      const cells = cellBiomes(nc)
      for (let c = 0; c < 16; c++) for (let y = 0; y < 64; y++) chunk.biomes[(y << 4) | c] = cells[c]!
      return chunk
    }
  }

  // The tall world: paletted containers per section (prismarine-chunk's 1.18 column).
  const BitArray = require('prismarine-chunk/src/pc/common/BitArrayNoSpan.js') as PackedArrayClass
  const { IndirectPaletteContainer, SingleValueContainer } = require('prismarine-chunk/src/pc/common/PaletteContainer.js') as Record<string, new (opts: Record<string, unknown>) => unknown>
  const Section = Chunk.section as new (opts: Record<string, unknown>) => unknown
  return (nc) => {
    const { blocks, minY } = nc
    const sections = blocks.length >> 12
    const chunk = new Chunk({ minY, worldHeight: sections * 16 })
    const maxBits = chunk.maxBitsPerBlock as number
    for (let s = 0; s < sections; s++) {
      const p = palette(blocks, s)
      if (p.solid === 0) continue
      const data =
        p.palette.length === 1
          ? new SingleValueContainer!({ value: p.palette[0], bitsPerValue: 4, capacity: 4096, maxBits: 8, maxBitsPerBlock: maxBits })
          : new IndirectPaletteContainer!({ data: pack(BitArray, blocks, s, p.palette.length), palette: p.palette, maxBits: 8, maxBitsPerBlock: maxBits })
      chunk.sections[s] = new Section({ data, solidBlockCount: p.solid, maxBitsPerBlock: maxBits })
    }
    skyLight(BitArray, blocks, sections, (ls, light) => {
      chunk.skyLightSections[ls] = light
      chunk.skyLightMask.set(ls, 1)
    })
    const cells = cellBiomes(nc)
    const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => unknown }
    for (let s = 0; s < sections; s++) {
      for (let c = 0; c < 16; c++) {
        const x = (c & 3) << 2
        const z = (c >> 2) << 2
        for (let y = 0; y < 16; y += 4) chunk.setBiome(new Vec3(x, minY + s * 16 + y, z), cells[c]!)
      }
    }
    return chunk
  }
}

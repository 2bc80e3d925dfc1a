/**
 * Turns a natural chunk buffer (natural/blocks.ts ids) into a flying-squid (prismarine-chunk
 * 1.16) column. Sections are built whole (palette + packed array) instead of block by
 * block, which is what keeps a chunk within its few milliseconds.
 */
import { require } from './squid.js'
import { B, NAME, type NaturalChunk } from './natural/index.js'
import { BIOMES } from './natural/biomes.js'

export type ChunkBuilder = (chunk: NaturalChunk) => unknown

const { air: AIR, water: WATER, oak_leaves: OAK_LEAVES, birch_leaves: BIRCH_LEAVES, spruce_leaves: SPRUCE_LEAVES, grass: GRASS, fern: FERN, sugar_cane: SUGAR_CANE } = B

export function createChunkBuilder(registry: any): ChunkBuilder {
  const Chunk = require('prismarine-chunk')(registry)
  const Block = require('prismarine-block')(registry)
  const Section = Chunk.section as new (opts: Record<string, unknown>) => { data: unknown }
  const BitArray = new Section({}).data!.constructor as new (opts: { bitsPerValue: number; capacity: number }) => {
    set(i: number, v: number): void
    data: Uint32Array
  }
  const state = new Uint16Array(NAME.length)
  NAME.forEach((name, id) => {
    const def = registry.blocksByName[name]
    if (!def) throw new Error(`worldgen: block ${name} not in minecraft-data ${registry.version.minecraftVersion}`)
    // Leaves must not decay.
    state[id] = name.endsWith('_leaves') ? Block.fromProperties(name, { persistent: true, distance: 1 }, 0).stateId : def.defaultState
  })
  const biomeId = BIOMES.map((b) => {
    const def = registry.biomesByName[b.name]
    if (!def) throw new Error(`worldgen: biome ${b.name} not in minecraft-data`)
    return def.id as number
  })
  const paletteIndex = new Int16Array(NAME.length)
  // Sky light passes through air, water, leaves and plants (a simplification; good enough to render).
  const clear = new Uint8Array(NAME.length)
  for (const b of [AIR, WATER, OAK_LEAVES, BIRCH_LEAVES, SPRUCE_LEAVES, GRASS, FERN, SUGAR_CANE]) clear[b] = 1

  return ({ blocks, columns }) => {
    const chunk = new Chunk()
    const maxBits = chunk.maxBitsPerBlock as number
    for (let s = 0; s < 16; s++) {
      const base = s << 12
      paletteIndex.fill(-1)
      const palette: number[] = []
      let solid = 0
      for (let i = 0; i < 4096; i++) {
        const b = blocks[base + i]!
        if (paletteIndex[b]! < 0) {
          paletteIndex[b] = palette.length
          palette.push(state[b]!)
        }
        if (b !== AIR) solid++
      }
      if (solid === 0) continue
      const bits = Math.max(4, 32 - Math.clz32(palette.length - 1))
      const data = new BitArray({ bitsPerValue: bits, capacity: 4096 })
      for (let i = 0; i < 4096; i++) data.set(i, paletteIndex[blocks[base + i]!]!)
      chunk.sections[s] = new Section({ data, palette, solidBlockCount: solid, maxBitsPerBlock: maxBits })
      chunk.sectionMask |= 1 << s
    }
    // Sky light 15 above the highest block that stops light.
    const tops = new Int16Array(256)
    let maxTop = -1
    for (let c = 0; c < 256; c++) {
      let y = 255
      while (y >= 0 && clear[blocks[(y << 8) | c]!] === 1) y--
      tops[c] = y
      if (y > maxTop) maxTop = y
    }
    for (let ls = 1; ls <= 17; ls++) {
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
      chunk.skyLightSections[ls] = light
      chunk.skyLightMask |= 1 << ls
    }
    // Biomes on vanilla's 4×4×4 grid.
    for (let j = 0; j < 4; j++) {
      for (let i = 0; i < 4; i++) {
        const id = biomeId[columns.biome[(j * 4 + 1) * 16 + i * 4 + 1]!]!
        for (let y = 0; y < 64; y++) chunk.biomes[(y << 4) | (j << 2) | i] = id
      }
    }
    return chunk
  }
}

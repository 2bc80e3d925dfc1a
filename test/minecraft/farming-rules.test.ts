import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import {
  boneMealStages,
  farmlandTick,
  growthChance,
  growthSpeed,
  isNearWater,
  randomTickChance,
  sugarCaneTick,
  type CropSurroundings,
} from '../../src/minecraft/world/farming.js'
import { plantDrops } from '../../src/minecraft/world/plant-loot.js'
import { computeDrops } from '../../src/minecraft/world/drops.js'
import { createRng } from '../../src/minecraft/world/rng.js'
import { castRay, lookVector } from '../../src/minecraft/world/plugins/buckets.js'
import { B, createNaturalWorld, idx } from '../../src/minecraft/world/natural/index.js'
import { CLEARABLE, SEED_GRASS, TILLABLE } from '../../src/minecraft/body/skills/crops.js'
import { FLUID_REPLACEABLE } from '../../src/minecraft/look-ray.js'
import { namesAcrossVersions } from '../../src/minecraft/version-facts.js'
import { SUPPORTED_MC_VERSIONS } from '../../src/minecraft/versions.js'

const require = createRequire(import.meta.url)
const registry = require('minecraft-data')('1.16.5')

const alone = (soil: 'moist' | 'dry'): CropSurroundings => ({
  soil: ['none', 'none', 'none', 'none', soil, 'none', 'none', 'none', 'none'],
  north: false,
  south: false,
  west: false,
  east: false,
  diagonal: false,
})

describe('crop growth (vanilla CropBlock.getGrowthSpeed and randomTick)', () => {
  test('random ticks: 3 picks per 4096-block section per game tick', () => {
    assert.ok(Math.abs(randomTickChance(3) - 3 / 4096) < 1e-6)
    assert.equal(randomTickChance(0), 0)
    assert.ok(randomTickChance(4096) > 0.6 && randomTickChance(4096) < 0.64)
  })

  test('a lone crop: 4 on moist farmland (chance 1/7), 2 on dry (1/13)', () => {
    assert.equal(growthSpeed(alone('moist')), 4)
    assert.equal(growthSpeed(alone('dry')), 2)
    assert.equal(growthChance(4), 1 / 7)
    assert.equal(growthChance(2), 1 / 13)
  })

  test('a moist 3×3 field: neighbours count a quarter; rows both ways halve it', () => {
    const field: CropSurroundings = { soil: new Array(9).fill('moist'), north: true, south: true, west: true, east: true, diagonal: true }
    assert.equal(growthSpeed(field), (1 + 3 + 8 * 0.75) / 2)
    const row: CropSurroundings = { ...field, north: false, south: false, diagonal: false }
    assert.equal(growthSpeed(row), 1 + 3 + 8 * 0.75)
    const diagonalOnly: CropSurroundings = { ...field, north: false, south: false, west: false, east: false, diagonal: true }
    assert.equal(growthSpeed(diagonalOnly), (1 + 3 + 8 * 0.75) / 2)
  })

  test('beetroots pass 2 random ticks in 3 to the crop rule', () => {
    assert.ok(Math.abs(growthChance(4, true) - (1 / 7) * (2 / 3)) < 1e-12)
  })

  test('bone meal: 2–5 stages (beetroot: that / 3, so 0 or 1)', () => {
    const rng = createRng(5)
    const seen = new Set<number>()
    const slow = new Set<number>()
    for (let i = 0; i < 2000; i++) {
      seen.add(boneMealStages(rng, false))
      slow.add(boneMealStages(rng, true))
    }
    assert.deepEqual([...seen].sort(), [2, 3, 4, 5])
    assert.deepEqual([...slow].sort(), [0, 1])
  })
})

describe('farmland and sugar cane', () => {
  test('water within x±4, y 0..+1, z±4 keeps farmland moist', () => {
    assert.equal(isNearWater((dx, dy, dz) => dx === 4 && dy === 1 && dz === -4), true)
    assert.equal(isNearWater((dx, dy, dz) => dx === 5 && dy === 0 && dz === 0), false)
    assert.equal(isNearWater((dx, dy, dz) => dx === 0 && dy === -1 && dz === 0), false)
    assert.equal(isNearWater((dx, dy, dz) => dx === 0 && dy === 2 && dz === 0), false)
  })

  test('farmland: 7 near water, else dries one step a tick; dry and bare turns to dirt', () => {
    assert.equal(farmlandTick(0, true, false), 7)
    assert.equal(farmlandTick(7, false, true), 6)
    assert.equal(farmlandTick(0, false, true), 0)
    assert.equal(farmlandTick(0, false, false), 'dirt')
  })

  test('sugar cane: a cane on top after 16 ticks, never taller than 3', () => {
    let age = 0
    let grown = false
    for (let i = 0; i < 16 && !grown; i++) ({ age, grow: grown } = sugarCaneTick(age, 1, true))
    assert.equal(grown, true)
    assert.equal(age, 0)
    assert.deepEqual(sugarCaneTick(15, 3, true), { age: 15, grow: false })
    assert.deepEqual(sugarCaneTick(15, 1, false), { age: 15, grow: false })
  })
})

describe('plant loot (vanilla 1.16 loot tables where minecraft-data flattens them)', () => {
  const rng = createRng(11)
  const tally = (block: string, age: number, n: number) => {
    const out: Record<string, number> = {}
    for (let i = 0; i < n; i++) for (const d of plantDrops(block, age, rng)!) out[d.name] = (out[d.name] ?? 0) + d.count
    return out
  }

  test('grass drops wheat seeds 1 time in 8 (minecraft-data says 1 in 16)', () => {
    const n = 40_000
    const seeds = tally('grass', 0, n).wheat_seeds ?? 0
    assert.ok(Math.abs(seeds / n - 0.125) < 0.01, `seed rate ${seeds / n}`)
    assert.equal(registry.blockLoot.grass.drops.find((d: { item: string }) => d.item === 'wheat_seeds').dropChance, 0.0625)
  })

  test('unripe wheat gives one seed and never wheat; ripe wheat one wheat and 0–3 seeds (mean 3·0.571)', () => {
    assert.deepEqual(tally('wheat', 3, 500), { wheat_seeds: 500 })
    const n = 20_000
    const ripe = tally('wheat', 7, n)
    assert.equal(ripe.wheat, n)
    assert.ok(Math.abs((ripe.wheat_seeds ?? 0) / n - 3 * 0.5714286) < 0.05)
  })

  test('carrots 1 unripe, 1–4 ripe; beetroot at age 3; melon 3–7 slices; stems by age', () => {
    for (let i = 0; i < 200; i++) {
      const c = plantDrops('carrots', 7, rng)![0]!
      assert.ok(c.name === 'carrot' && c.count >= 1 && c.count <= 4)
      const m = plantDrops('melon', 0, rng)![0]!
      assert.ok(m.name === 'melon_slice' && m.count >= 3 && m.count <= 7)
    }
    assert.deepEqual(plantDrops('carrots', 6, rng), [{ name: 'carrot', count: 1 }])
    assert.equal(tally('beetroots', 3, 100).beetroot, 100)
    assert.equal(tally('beetroots', 2, 100).beetroot, undefined)
    assert.ok((tally('pumpkin_stem', 0, 3000).pumpkin_seeds ?? 0) < (tally('pumpkin_stem', 7, 3000).pumpkin_seeds ?? 0))
  })

  test('computeDrops uses the age of the broken block', () => {
    assert.deepEqual(computeDrops(registry, 'wheat', null, () => 0.99, 0), [{ name: 'wheat_seeds', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'wheat', null, () => 0.99, 7), [{ name: 'wheat', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'pumpkin', null, () => 0.5), [{ name: 'pumpkin', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'sugar_cane', null, () => 0.5), [{ name: 'sugar_cane', count: 1 }])
  })
})

describe('plant names on every supported version (grass is short_grass from 1.20.3, grass_path is dirt_path from 1.17)', () => {
  for (const version of SUPPORTED_MC_VERSIONS) {
    test(`${version}: its grass drops seeds 1 in 8, is broken for seeds and before tilling, and poured water replaces it; its path is tilled`, () => {
      const reg = require('minecraft-data')(version)
      const nameHere = (name: string): string => {
        const here = namesAcrossVersions(name).filter((n) => reg.blocksByName[n])
        assert.equal(here.length, 1, `${name} in ${version}: ${here.join(', ')}`)
        return here[0]!
      }
      const grass = nameHere('grass')
      const path = nameHere('grass_path')
      const rng = createRng(5)
      const n = 16_000
      let seeds = 0
      for (let i = 0; i < n; i++) seeds += computeDrops(reg, grass, null, rng).find((d) => d.name === 'wheat_seeds')?.count ?? 0
      assert.ok(Math.abs(seeds / n - 0.125) < 0.015, `${grass}: seed rate ${seeds / n}`)
      assert.ok(SEED_GRASS.has(grass), `the farm skill breaks ${grass} for seeds`)
      assert.ok(CLEARABLE.has(grass), `${grass} is broken before tilling the block under it`)
      assert.ok(FLUID_REPLACEABLE.has(grass), `poured water replaces ${grass}`)
      assert.ok(TILLABLE.has(path), `a hoe tills ${path}`)
    })
  }
})

describe('bucket ray (vanilla Item.getPlayerPOVHitResult, 5 blocks)', () => {
  test('looking straight down hits the block under the feet; the cell before it is the feet cell', () => {
    const hit = castRay({ x: 0.5, y: 65.62, z: 0.5 }, lookVector(0, 90), 5, (_x, y) => y <= 63)
    assert.deepEqual({ x: hit!.x, y: hit!.y, z: hit!.z }, { x: 0, y: 63, z: 0 })
    assert.deepEqual(hit!.before, { x: 0, y: 64, z: 0 })
  })

  test('yaw 0 looks south (+z), yaw 90 west (−x); nothing within reach gives null', () => {
    const south = lookVector(0, 0)
    assert.ok(Math.abs(south.z - 1) < 1e-9)
    const west = lookVector(90, 0)
    assert.ok(Math.abs(west.x + 1) < 1e-9)
    assert.equal(castRay({ x: 0.5, y: 65, z: 0.5 }, south, 5, (_x, _y, z) => z >= 6), null)
    assert.equal(castRay({ x: 0.5, y: 65, z: 0.5 }, south, 5, (_x, _y, z) => z >= 5)!.z, 5)
  })
})

describe('natural plants (vanilla 1.16 patches)', () => {
  const seed = 1
  const world = createNaturalWorld(seed)
  const spawn = world.spawn()
  const scx = Math.floor(spawn.x) >> 4
  const scz = Math.floor(spawn.z) >> 4

  test('grass stands on grass or dirt; canes on grass, dirt or sand beside water, at most 4 tall; pumpkins on grass', () => {
    let grass = 0
    let canes = 0
    for (let cx = scx - 6; cx <= scx + 6; cx++) {
      for (let cz = scz - 6; cz <= scz + 6; cz++) {
        const { blocks } = world.generate(cx, cz)
        for (let i = 0; i < blocks.length; i++) {
          const b = blocks[i]!
          if (b !== B.grass && b !== B.sugar_cane && b !== B.pumpkin) continue
          const x = i & 15
          const z = (i >> 4) & 15
          const y = i >> 8
          const below = blocks[idx(x, y - 1, z)]!
          if (b === B.grass) {
            grass++
            assert.ok(below === B.grass_block || below === B.dirt)
          } else if (b === B.pumpkin) assert.equal(below, B.grass_block)
          else {
            canes++
            if (below === B.sugar_cane) continue
            assert.ok([B.grass_block, B.dirt, B.sand].includes(below as never), `cane at ${x},${y},${z} on ${below}`)
            let height = 0
            while (blocks[idx(x, y + height, z)] === B.sugar_cane) height++
            assert.ok(height >= 1 && height <= 4)
            // water beside the soil, read in this chunk where it lies in it
            const beside = [[1, 0], [-1, 0], [0, 1], [0, -1]].filter(([dx, dz]) => x + dx! >= 0 && x + dx! < 16 && z + dz! >= 0 && z + dz! < 16)
            const inChunk = beside.length === 4
            if (inChunk) assert.ok(beside.some(([dx, dz]) => blocks[idx(x + dx!, y - 1, z + dz!)] === B.water), `cane at ${x},${y},${z} has no water beside its soil`)
          }
        }
      }
    }
    assert.ok(grass > 1000, `grass plants near spawn: ${grass}`)
    assert.ok(canes > 0, `sugar cane near spawn: ${canes}`)
  })

  test('a chunk comes out the same whatever was generated before it', () => {
    const fresh = createNaturalWorld(seed)
    const target = fresh.generate(scx + 2, scz - 3).blocks
    const other = createNaturalWorld(seed)
    for (let cx = scx; cx <= scx + 3; cx++) for (let cz = scz - 4; cz <= scz - 2; cz++) other.generate(cx, cz)
    assert.deepEqual(other.generate(scx + 2, scz - 3).blocks, target)
  })
})

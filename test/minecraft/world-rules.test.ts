import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { canHarvest, computeDrops } from '../../src/minecraft/world/drops.js'
import { createRecipeMatcher, trimGrid } from '../../src/minecraft/world/recipes.js'
import { createRng } from '../../src/minecraft/world/rng.js'
import { COOK_TICKS, fuelTicks, smeltResult } from '../../src/minecraft/smelting.js'

const require = createRequire(import.meta.url)
const registry = require('minecraft-data')('1.16.5')
const id = (name: string) => registry.itemsByName[name].id as number

describe('recipe matching (minecraft-data 1.16.5)', () => {
  const matcher = createRecipeMatcher(registry)

  test('one log anywhere in the 2x2 grid gives 4 planks (shapeless)', () => {
    for (let slot = 0; slot < 4; slot++) {
      const grid: Array<number | null> = [null, null, null, null]
      grid[slot] = id('oak_log')
      assert.deepEqual(matcher.match(grid, 2), { id: id('oak_planks'), count: 4 })
    }
    assert.deepEqual(matcher.match([null, id('birch_log'), null, null], 2), { id: id('birch_planks'), count: 4 })
  })

  test('two planks: stacked give 4 sticks, side by side a pressure plate, diagonal nothing', () => {
    const p = id('oak_planks')
    assert.deepEqual(matcher.match([p, null, p, null], 2), { id: id('stick'), count: 4 })
    assert.deepEqual(matcher.match([null, p, null, p], 2), { id: id('stick'), count: 4 })
    assert.deepEqual(matcher.match([p, p, null, null], 2), { id: id('oak_pressure_plate'), count: 1 })
    assert.equal(matcher.match([p, null, null, p], 2), null)
  })

  test('shaped recipes match at any offset in the 3x3 grid', () => {
    const p = id('oak_planks')
    assert.deepEqual(matcher.match([p, p, null, p, p, null, null, null, null], 3), { id: id('crafting_table'), count: 1 })
    assert.deepEqual(matcher.match([null, null, null, null, p, p, null, p, p], 3), { id: id('crafting_table'), count: 1 })
  })

  test('wooden pickaxe, stone pickaxe and furnace need the exact shape', () => {
    const p = id('oak_planks')
    const s = id('stick')
    const c = id('cobblestone')
    assert.deepEqual(matcher.match([p, p, p, null, s, null, null, s, null], 3), { id: id('wooden_pickaxe'), count: 1 })
    assert.deepEqual(matcher.match([c, c, c, null, s, null, null, s, null], 3), { id: id('stone_pickaxe'), count: 1 })
    assert.equal(matcher.match([p, p, p, s, null, null, null, s, null], 3), null)
    assert.deepEqual(matcher.match([c, c, c, c, null, c, c, c, c], 3), { id: id('furnace'), count: 1 })
    assert.equal(matcher.match([c, c, c, c, c, c, c, c, c], 3), null)
  })

  test('mirrored shapes match (axe), empty grid and unknown items do not', () => {
    const p = id('oak_planks')
    const s = id('stick')
    const axe = { id: id('wooden_axe'), count: 1 }
    assert.deepEqual(matcher.match([p, p, null, p, s, null, null, s, null], 3), axe)
    assert.deepEqual(matcher.match([p, p, null, s, p, null, s, null, null], 3), axe)
    assert.equal(matcher.match([null, null, null, null], 2), null)
    assert.equal(matcher.match([999999, null, null, null], 2), null)
  })

  test('trimGrid crops to the bounding box', () => {
    assert.deepEqual(trimGrid([null, null, null, null, 5, null, null, 6, null], 3), { w: 1, h: 2, cells: [5, 6] })
    assert.equal(trimGrid([null, null, null, null], 2), null)
  })
})

describe('block drops', () => {
  const rng = createRng(42)

  test('stone: nothing by hand, cobblestone with any pickaxe', () => {
    assert.deepEqual(computeDrops(registry, 'stone', null, rng), [])
    assert.deepEqual(computeDrops(registry, 'stone', 'oak_planks', rng), [])
    assert.deepEqual(computeDrops(registry, 'stone', 'wooden_pickaxe', rng), [{ name: 'cobblestone', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'stone', 'iron_pickaxe', rng), [{ name: 'cobblestone', count: 1 }])
  })

  test('iron ore needs a stone pickaxe or better', () => {
    assert.equal(canHarvest(registry, 'iron_ore', 'wooden_pickaxe'), false)
    assert.deepEqual(computeDrops(registry, 'iron_ore', 'wooden_pickaxe', rng), [])
    assert.deepEqual(computeDrops(registry, 'iron_ore', 'stone_pickaxe', rng), [{ name: 'iron_ore', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'iron_ore', 'diamond_pickaxe', rng), [{ name: 'iron_ore', count: 1 }])
  })

  test('coal ore gives coal, logs give logs, grass gives dirt, tables give themselves', () => {
    const coal = computeDrops(registry, 'coal_ore', 'wooden_pickaxe', rng)
    assert.equal(coal.length, 1)
    assert.equal(coal[0]!.name, 'coal')
    assert.ok(coal[0]!.count >= 1 && coal[0]!.count <= 2)
    assert.deepEqual(computeDrops(registry, 'oak_log', null, rng), [{ name: 'oak_log', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'birch_log', 'wooden_axe', rng), [{ name: 'birch_log', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'grass_block', null, rng), [{ name: 'dirt', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'crafting_table', null, rng), [{ name: 'crafting_table', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'furnace', null, rng), [])
    assert.deepEqual(computeDrops(registry, 'furnace', 'wooden_pickaxe', rng), [{ name: 'furnace', count: 1 }])
    assert.deepEqual(computeDrops(registry, 'air', null, rng), [])
    assert.deepEqual(computeDrops(registry, 'not_a_block', null, rng), [])
  })

  test('leaves drop saplings, sticks and (oak) apples only sometimes, never themselves', () => {
    const r = createRng(7)
    const seen: Record<string, number> = {}
    const breaks = 4000
    for (let i = 0; i < breaks; i++) for (const d of computeDrops(registry, 'oak_leaves', null, r)) seen[d.name] = (seen[d.name] ?? 0) + 1
    assert.equal(seen.oak_leaves, undefined)
    assert.ok(seen.oak_sapling! > breaks / 40 && seen.oak_sapling! < breaks / 10, `saplings ${seen.oak_sapling}`)
    assert.ok(seen.stick! > 0 && seen.stick! < breaks / 20, `sticks ${seen.stick}`)
    assert.ok(seen.apple! > 0 && seen.apple! < breaks / 50, `apples ${seen.apple}`)
    const birch = new Set<string>()
    for (let i = 0; i < 2000; i++) for (const d of computeDrops(registry, 'birch_leaves', null, r)) birch.add(d.name)
    assert.ok(birch.has('birch_sapling'))
    assert.ok(!birch.has('apple'))
  })

  test('drops are deterministic for a seed', () => {
    const a = createRng(99)
    const b = createRng(99)
    const seq = (r: () => number) => Array.from({ length: 300 }, () => computeDrops(registry, 'oak_leaves', null, r).map((d) => d.name).join('+')).join(',')
    assert.equal(seq(a), seq(b))
  })
})

describe('smelting rules', () => {
  test('results and fuel values', () => {
    assert.equal(smeltResult('iron_ore'), 'iron_ingot')
    assert.equal(smeltResult('sand'), 'glass')
    assert.equal(smeltResult('cobblestone'), 'stone')
    assert.equal(smeltResult('oak_log'), 'charcoal')
    assert.equal(smeltResult('birch_log'), 'charcoal')
    assert.equal(smeltResult('beef'), 'cooked_beef')
    assert.equal(smeltResult('dirt'), null)
    for (const r of ['iron_ingot', 'glass', 'stone', 'charcoal', 'cooked_beef', 'baked_potato']) assert.ok(registry.itemsByName[r], r)
    assert.equal(COOK_TICKS, 200)
    assert.equal(fuelTicks('coal'), 1600)
    assert.equal(fuelTicks('charcoal'), 1600)
    assert.equal(fuelTicks('oak_planks'), 300)
    assert.equal(fuelTicks('birch_log'), 300)
    assert.equal(fuelTicks('stick'), 100)
    assert.equal(fuelTicks('iron_ore'), 0)
  })
})

describe('hunger rules', () => {
  test('exhaustion spends saturation first, then food, never below 0', async () => {
    const { exhaust } = await import('../../src/minecraft/world/hunger.js')
    const v = { health: 20, food: 20, saturation: 1, exhaustion: 0 }
    assert.equal(exhaust(v, 3.9), false)
    assert.equal(exhaust(v, 0.2), true)
    assert.deepEqual({ food: v.food, saturation: v.saturation }, { food: 20, saturation: 0 })
    exhaust(v, 8)
    assert.equal(v.food, 18)
    assert.ok(Math.abs(v.exhaustion - 0.1) < 1e-9)
    exhaust(v, 1000)
    assert.equal(v.food, 0)
    assert.equal(exhaust(v, -1), false)
  })

  test('regeneration heals when fed (fast at full food with saturation), starves down to 10 when empty; eating caps at 20', async () => {
    const { eat, tickFood } = await import('../../src/minecraft/world/hunger.js')
    const run = (v: { health: number; food: number; saturation: number; exhaustion: number }, ticks: number) => {
      const timer = { timer: 0 }
      const out = []
      for (let i = 0; i < ticks; i++) {
        const r = tickFood(v, timer)
        if (r) out.push({ at: i + 1, ...r })
      }
      return out
    }
    assert.deepEqual(run({ health: 15, food: 18, saturation: 0, exhaustion: 0 }, 80), [{ at: 80, heal: 1, cost: 6 }])
    assert.deepEqual(run({ health: 15, food: 20, saturation: 3, exhaustion: 0 }, 10), [{ at: 10, heal: 0.5, cost: 3 }])
    assert.deepEqual(run({ health: 20, food: 20, saturation: 5, exhaustion: 0 }, 200), [])
    assert.deepEqual(run({ health: 15, food: 17, saturation: 0, exhaustion: 0 }, 200), [])
    assert.deepEqual(run({ health: 11, food: 0, saturation: 0, exhaustion: 0 }, 80), [{ at: 80, starve: true }])
    assert.deepEqual(run({ health: 10, food: 0, saturation: 0, exhaustion: 0 }, 200), [])
    const v = { health: 20, food: 17, saturation: 0, exhaustion: 0 }
    eat(v, 5, 6) // bread
    assert.deepEqual({ food: v.food, saturation: v.saturation }, { food: 20, saturation: 6 })
    const w = { health: 20, food: 2, saturation: 0, exhaustion: 0 }
    eat(w, 4, 2.4) // apple
    assert.deepEqual({ food: w.food, saturation: w.saturation }, { food: 6, saturation: 2.4 })
  })
})

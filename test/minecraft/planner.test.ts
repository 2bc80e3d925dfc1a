import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { plan, firstStep, sourceSignature, type PlanStep } from '../../src/minecraft/planner/plan.js'
import { obtainGraph } from '../../src/minecraft/planner/graph.js'
import { MAX_PLOTS } from '../../src/minecraft/body/skills/crops.js'
import { parseGoal } from '../../src/minecraft/planner/goal.js'
import { defaultItemBook } from '../../src/minecraft/planner/items.js'
import { countByKey, planKey, planksForLog } from '../../src/minecraft/names.js'

function steps(item: string, count: number, inv: Record<string, number> = {}, stationsNearby: string[] = []): PlanStep[] {
  const r = plan(item, count, inv, { stationsNearby })
  assert.ok(r.ok, r.ok ? '' : r.reason)
  return r.steps
}
const short = (s: PlanStep[]) => s.map((x) => `${x.kind} ${x.count} ${x.item}`)

describe('planner: recipe tree → ordered steps', () => {
  test('stone pickaxe from nothing: logs, planks, table, sticks, wooden pickaxe, cobblestone, stone pickaxe', () => {
    const s = short(steps('minecraft:stone_pickaxe', 1))
    assert.equal(s.at(-1), 'craft 1 stone_pickaxe')
    const idx = (x: string) => s.indexOf(x)
    assert.ok(idx('craft 1 crafting_table') < idx('craft 1 wooden_pickaxe'))
    assert.ok(idx('craft 1 wooden_pickaxe') < idx('collect 3 cobblestone'), 'the pickaxe comes before mining stone')
    assert.ok(idx('craft 4 stick') < idx('craft 1 wooden_pickaxe'))
    // total logs: 1 (table) + 2 (planks for pickaxe + sticks)
    assert.equal(steps('stone_pickaxe', 1).filter((x) => x.kind === 'collect' && x.item === 'log').reduce((n, x) => n + x.count, 0), 3)
  })

  test('iron pickaxe: smelting iron_ore needs a furnace, fuel and a stone pickaxe first', () => {
    const s = steps('iron_pickaxe', 1)
    const names = short(s)
    const smelt = s.find((x) => x.kind === 'smelt')
    assert.deepEqual(smelt, { kind: 'smelt', item: 'iron_ingot', count: 3, input: 'iron_ore' })
    assert.ok(names.indexOf('craft 1 stone_pickaxe') < names.indexOf('collect 3 iron_ore'))
    assert.ok(names.indexOf('craft 1 furnace') < names.indexOf('smelt 3 iron_ingot'))
    assert.ok(names.indexOf('collect 8 cobblestone') < names.indexOf('craft 1 furnace'))
    assert.equal(names.at(-1), 'craft 1 iron_pickaxe')
  })

  test('stone seen but no tree (in a cave, on a bare mountain): the stone is mined with a wooden pickaxe, not the stone pickaxe it is for', () => {
    // with stone seen, cobblestone is cheap, so a stone pickaxe costs less than a wooden one by the
    // estimate; but it cannot be the tool that mines its own cobblestone
    for (const item of ['stone_pickaxe', 'furnace', 'stone_sword', 'iron_pickaxe']) {
      const r = plan(item, 1, {}, { knownBlocks: ['stone'] })
      assert.ok(r.ok, `${item}: ${r.ok ? '' : r.reason}`)
      const names = short(r.steps)
      assert.ok(names.indexOf('craft 1 wooden_pickaxe') >= 0 && names.indexOf('craft 1 wooden_pickaxe') < names.findIndex((n) => n.startsWith('collect') && n.endsWith('cobblestone')), `${item}: ${names.join(', ')}`)
    }
  })

  test('fuel: coal when held, planks otherwise', () => {
    const withCoal = steps('iron_ingot', 3, { 'minecraft:iron_ore': 3, 'minecraft:coal': 1, 'minecraft:furnace': 1 })
    assert.deepEqual(short(withCoal), ['smelt 3 iron_ingot'])
    const withoutCoal = steps('iron_ingot', 3, { 'minecraft:iron_ore': 3, 'minecraft:furnace': 1, 'minecraft:oak_log': 1 })
    assert.deepEqual(short(withoutCoal), ['craft 4 oak_planks', 'smelt 3 iron_ingot'])
  })

  test('a furnace / table standing nearby is not crafted again', () => {
    assert.deepEqual(short(steps('iron_ingot', 1, { 'minecraft:iron_ore': 1, 'minecraft:coal': 1 }, ['furnace'])), ['smelt 1 iron_ingot'])
    assert.ok(!short(steps('wooden_pickaxe', 1, { 'minecraft:oak_planks': 5 }, ['crafting_table'])).includes('craft 1 crafting_table'))
  })

  test('torches prefer mined coal over charcoal (no furnace needed)', () => {
    const s = short(steps('torch', 4))
    assert.ok(s.includes('collect 1 coal'))
    assert.ok(!s.some((x) => x.startsWith('smelt')))
  })

  test('tags: any log counts, planks follow the log type held', () => {
    assert.equal(planKey('minecraft:birch_log'), 'log')
    assert.equal(planKey('spruce_planks'), 'planks')
    assert.equal(planksForLog('minecraft:dark_oak_log'), 'dark_oak_planks')
    assert.equal(countByKey({ 'minecraft:oak_log': 2, 'minecraft:birch_log': 3 }).get('log'), 5)
    assert.deepEqual(short(steps('stick', 4, { 'minecraft:birch_log': 1 })), ['craft 4 birch_planks', 'craft 4 stick'])
    assert.deepEqual(short(steps('log', 10, { 'minecraft:jungle_log': 4 })), ['collect 6 log'])
  })

  test('nothing to do when held; firstStep folds all collects of the same item', () => {
    assert.deepEqual(steps('stone_pickaxe', 1, { 'minecraft:stone_pickaxe': 1 }), [])
    const s = steps('iron_pickaxe', 1)
    const first = firstStep(s)!
    assert.equal(first.kind, 'collect')
    assert.equal(first.count, s.filter((x) => x.kind === 'collect' && x.item === 'log').reduce((n, x) => n + x.count, 0))
  })

  test('no un-packing loops (iron_ingot from iron_block), diamonds are mined with an iron pickaxe', () => {
    const s = short(steps('diamond_pickaxe', 1))
    assert.ok(s.includes('collect 3 diamond'))
    assert.ok(s.indexOf('craft 1 iron_pickaxe') < s.indexOf('collect 3 diamond'))
    assert.ok(!s.some((x) => x.includes('_block')))
  })

  test('unknown items and bad counts are clear errors', () => {
    const r = plan('minecraft:stone_pickaxee', 1, {})
    assert.ok(!r.ok && /unknown item "stone_pickaxee" \(did you mean stone_pickaxe/.test(r.reason))
    const r2 = plan('stick', 0, {})
    assert.ok(!r2.ok && /positive integer/.test(r2.reason))
    assert.ok(defaultItemBook().known('log'))
  })
})

describe('task text → goal', () => {
  const cases: Array<[string, unknown]> = [
    ['get 1 minecraft:stone_pickaxe', { kind: 'get', item: 'stone_pickaxe', count: 1 }],
    ['collect 10 log', { kind: 'collect', item: 'log', count: 10 }],
    ['goto 100 64 -20', { kind: 'goto', x: 100, y: 64, z: -20 }],
    ['go to 5 -3', { kind: 'goto', x: 5, z: -3 }],
    ['craft 4 minecraft:torch', { kind: 'craft', item: 'torch', count: 4 }],
    ['get me a stone pickaxe', { kind: 'get', item: 'stone_pickaxe', count: 1 }],
    ['collect ten logs', { kind: 'collect', item: 'log', count: 10 }],
    ['Get me a stack of cobblestone!', { kind: 'get', item: 'cobblestone', count: 64 }],
    ['get an iron pick', { kind: 'get', item: 'iron_pickaxe', count: 1 }],
    ['smelt 3 iron ingots', { kind: 'craft', item: 'iron_ingot', count: 3 }],
    ['mine 3 iron ore', { kind: 'collect', item: 'iron_ore', count: 3 }],
  ]
  for (const [text, goal] of cases) {
    test(text, () => {
      const r = parseGoal(text)
      assert.ok(r.ok, r.ok ? '' : r.reason)
      assert.deepEqual(r.goal, goal)
    })
  }
  test('nonsense is refused with guidance', () => {
    const a = parseGoal('dance')
    assert.ok(!a.ok && /start with get, collect, craft or goto/.test(a.reason))
    const b = parseGoal('get 3 unobtainium')
    assert.ok(!b.ok && /unknown item "unobtainium"/.test(b.reason))
    const c = parseGoal('get 99999 stick')
    assert.ok(!c.ok && /count must be/.test(c.reason))
    assert.ok(!parseGoal('   ').ok)
  })
})

describe('firstStep', () => {
  test('merges directly following crafts of the same item only', () => {
    const steps: PlanStep[] = [
      { kind: 'craft', item: 'oak_planks', count: 4 },
      { kind: 'craft', item: 'oak_planks', count: 4 },
      { kind: 'craft', item: 'stick', count: 4 },
      { kind: 'craft', item: 'oak_planks', count: 4 },
    ]
    assert.deepEqual(firstStep(steps), { kind: 'craft', item: 'oak_planks', count: 8 })
    assert.equal(firstStep([]), undefined)
  })
})

describe('farming: every plot planted at once', () => {
  const seedsBeforeFarm = (s: PlanStep[]) => {
    const farm = s.findIndex((x) => x.kind === 'farm')
    return s.slice(0, farm).filter((x) => x.kind === 'collect' && x.item === 'wheat_seeds').reduce((n, x) => n + x.count, 0)
  }
  const farms = (s: PlanStep[]) => s.filter((x) => x.kind === 'farm').map((x) => `${x.count} ${x.item}`)

  for (const version of ['1.16.5', '1.20.4']) {
    const stepsOf = (item: string, count: number, inv: Record<string, number> = {}) => {
      const r = plan(item, count, inv, { version })
      assert.ok(r.ok, r.ok ? '' : r.reason)
      return r.steps
    }
    test(`${version}: 3 wheat: 3 seeds collected, then one farm step for all 3 (a crop gives 1 wheat)`, () => {
      const s = stepsOf('wheat', 3)
      assert.deepEqual(farms(s), ['3 wheat'])
      assert.equal(seedsBeforeFarm(s), 3)
    })
    test(`${version}: 3 bread need 9 wheat: 9 seeds, one farm step for 9, then the bread`, () => {
      const s = stepsOf('bread', 3)
      assert.deepEqual(farms(s), ['9 wheat'])
      assert.equal(seedsBeforeFarm(s), 9)
      assert.deepEqual(s.at(-1), { kind: 'craft', item: 'bread', count: 3 })
    })
    test(`${version}: a cake's 3 wheat: 3 seeds and one farm step`, () => {
      const s = stepsOf('cake', 1)
      assert.deepEqual(farms(s), ['3 wheat'])
      assert.equal(seedsBeforeFarm(s), 3)
    })
  }

  test('seeds and wheat held count: only what is still missing is collected', () => {
    assert.equal(seedsBeforeFarm(steps('wheat', 3, { wheat_seeds: 2, wooden_hoe: 1 })), 1)
    assert.equal(seedsBeforeFarm(steps('wheat', 3, { wheat_seeds: 5, wooden_hoe: 1 })), 0)
    const s = steps('wheat', 3, { wheat: 1, wooden_hoe: 1 })
    assert.deepEqual(farms(s), ['2 wheat'])
    assert.equal(seedsBeforeFarm(s), 2)
  })

  test(`the field is at most ${MAX_PLOTS} plots: 20 wheat collect ${MAX_PLOTS} seeds`, () => {
    const s = steps('wheat', 20)
    assert.deepEqual(farms(s), ['20 wheat'])
    assert.equal(seedsBeforeFarm(s), MAX_PLOTS)
  })

  test('the field the bot planted counts as its seeds: 3 wheat in the ground and none held plan the farm step alone', () => {
    for (const version of ['1.16.5', '1.20.4']) {
      const r = plan('wheat', 3, { wooden_hoe: 1 }, { version, planted: { wheat: 3 } })
      assert.ok(r.ok, r.ok ? '' : r.reason)
      assert.deepEqual(r.steps, [{ kind: 'farm', item: 'wheat', count: 3, crop: 'wheat' }], version)
    }
  })

  test('seeds are collected only for the plots still missing: 2 planted of 3, 1 seed; 9 bread-wheat with 3 planted, 6', () => {
    const part = plan('wheat', 3, { wooden_hoe: 1 }, { planted: { wheat: 2 } })
    assert.ok(part.ok, part.ok ? '' : part.reason)
    assert.equal(seedsBeforeFarm(part.steps), 1)
    const bread = plan('bread', 3, { wooden_hoe: 1 }, { planted: { wheat: 3 } })
    assert.ok(bread.ok, bread.ok ? '' : bread.reason)
    assert.equal(seedsBeforeFarm(bread.steps), 6)
    assert.deepEqual(farms(bread.steps), ['9 wheat'])
    // another crop's field is no wheat field
    const other = plan('wheat', 3, { wooden_hoe: 1 }, { planted: { carrot: 3 } })
    assert.ok(other.ok, other.ok ? '' : other.reason)
    assert.equal(seedsBeforeFarm(other.steps), 3)
  })

  test('a cake whose wheat field stands plans no wheat seeds', () => {
    const r = plan('cake', 1, { wooden_hoe: 1 }, { planted: { wheat: 3 } })
    assert.ok(r.ok, r.ok ? '' : r.reason)
    assert.equal(seedsBeforeFarm(r.steps), 0)
    assert.deepEqual(farms(r.steps).filter((f) => f.endsWith(' wheat')), ['3 wheat'])
  })

  test('a crop that is its own plant (seeds farmed from seeds, grass ruled out) plans with the one seed held', () => {
    const graph = obtainGraph()
    const excluded = graph.sources('wheat_seeds').filter((x) => x.kind === 'mine').map((x) => sourceSignature('wheat_seeds', x))
    const r = plan('wheat_seeds', 10, { wheat_seeds: 1, wooden_hoe: 1 }, { excluded })
    assert.ok(r.ok, r.ok ? '' : r.reason)
    assert.deepEqual(r.steps, [{ kind: 'farm', item: 'wheat_seeds', count: 9, crop: 'wheat' }])
  })
})

/**
 * The obtain graph against minecraft-data 1.16.5: every item a survival player can obtain in the
 * overworld has a route, every other item a stated reason, and the routes use the sources the
 * issue names (recipes with tags, furnace, block and mob drops, shearing, buckets, farming, eggs).
 * The coverage also for 1.20.4 and 1.21.4 (issue 27), with what differs there: the newer
 * woods, the deepslate furnace recipes, 1.21's dyeing of any colour, weathering copper and
 * 1.20.4's experiments.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { plan, describeStep, type PlanStep } from '../../src/minecraft/planner/plan.js'
import { obtainGraph } from '../../src/minecraft/planner/graph.js'
import { isNaturalBlock } from '../../src/minecraft/planner/natural-blocks.js'

const graph = obtainGraph('1.16.5')
const steps = (item: string, count = 1, inv: Record<string, number> = {}, world = {}): PlanStep[] => {
  const r = plan(item, count, inv, { graph, ...world })
  assert.ok(r.ok, `${item}: ${r.ok ? '' : r.reason}`)
  return r.steps
}
const kinds = (s: PlanStep[]) => s.map((x) => `${x.kind}:${x.item}`)

/** Plans every item of a version from an empty inventory: the count of routes and the items left with neither a route nor a reason. */
function coverage(version: string): { routes: number; items: number; unexplained: string[] } {
  const g = obtainGraph(version)
  let routes = 0
  let items = 0
  const unexplained: string[] = []
  for (const name of Object.keys(g.md.itemsByName)) {
    if (name === 'air') continue
    items++
    const r = plan(name, 1, {}, { graph: g })
    if (r.ok) {
      routes++
      for (const s of r.steps) {
        if (s.kind !== 'collect' || s.block === 'log') continue
        assert.ok(isNaturalBlock(s.block), `${version} ${name}: mines ${s.block}, which no world generates`)
        assert.ok(g.md.blocksByName[s.block], `${version} ${name}: mines ${s.block}, which is no block of ${version}`)
      }
      continue
    }
    assert.ok(!r.reason.includes('\n') && r.reason.length < 400, `${version} ${name}: the reason is one line: ${r.reason}`)
    // the generic fallbacks mean nobody said why
    if (/no recipe, furnace recipe, block, mob or action gives it|loops back on itself|too deep/.test(r.reason)) unexplained.push(`${name}: ${r.reason}`)
  }
  return { routes, items, unexplained }
}

describe('obtain graph: every item of every supported version', () => {
  for (const [version, atLeast] of [['1.16.5', 500], ['1.20.4', 650], ['1.21.4', 650]] as const) {
    test(`${version}: every item has a route or a one-line reason, and no route mines a block the overworld does not generate or the version does not have`, () => {
      const c = coverage(version)
      assert.deepEqual(c.unexplained, [])
      assert.ok(c.routes > atLeast, `${c.routes} of ${c.items} items have a route`)
    })
  }

  const on = (version: string, item: string, inv: Record<string, number> = {}) => {
    const r = plan(item, 1, inv, { graph: obtainGraph(version) })
    assert.ok(r.ok, `${version} ${item}: ${r.ok ? '' : r.reason}`)
    return kinds(r.steps)
  }
  const whyOn = (version: string, item: string) => {
    const r = plan(item, 1, {}, { graph: obtainGraph(version) })
    assert.ok(!r.ok, `${version} ${item} should have no route`)
    return r.reason
  }

  test('1.21.4 dyes a wool, carpet or bed of any colour: dyed ones come from white wool a sheep gives, not around the colours', () => {
    for (const version of ['1.20.4', '1.21.4']) {
      const wool = on(version, 'orange_wool')
      assert.ok(wool.includes('hunt:white_wool') && wool.includes('craft:orange_dye') && wool.at(-1) === 'craft:orange_wool', `${version}: ${wool.join(' ')}`)
      // the recipe takes a wool of another colour: a held black wool is dyed, nothing is hunted
      assert.deepEqual(on(version, 'orange_wool', { 'minecraft:black_wool': 1, 'minecraft:orange_dye': 1 }), ['craft:orange_wool'])
      assert.deepEqual(on(version, 'blue_bed', { 'minecraft:red_bed': 1, 'minecraft:blue_dye': 1 }), ['craft:blue_bed'])
      for (const item of ['black_bed', 'purple_carpet', 'cyan_banner']) assert.ok(on(version, item).includes('hunt:white_wool'), `${version} ${item}`)
    }
    // 1.16.5 dyes only white wool
    assert.ok(on('1.16.5', 'orange_wool', { 'minecraft:black_wool': 1, 'minecraft:orange_dye': 1 }).includes('hunt:white_wool'))
  })

  test('dyes come from the flowers of most grassy biomes (poppy, dandelion), a rare tall flower only once seen', () => {
    for (const version of ['1.16.5', '1.20.4', '1.21.4']) {
      assert.deepEqual(on(version, 'red_dye'), ['collect:poppy', 'craft:red_dye'], version)
      assert.deepEqual(on(version, 'yellow_dye'), ['collect:dandelion', 'craft:yellow_dye'], version)
      const seen = plan('red_dye', 1, {}, { graph: obtainGraph(version), knownBlocks: ['rose_bush'] })
      assert.ok(seen.ok && kinds(seen.steps).includes('collect:rose_bush'), version)
      // a lilac (a forest's tall flower) once seen: 2 magenta dyes from it, not three flowers mixed
      const lilac = plan('magenta_dye', 1, {}, { graph: obtainGraph(version), knownBlocks: ['lilac'] })
      assert.ok(lilac.ok, version)
      assert.deepEqual(kinds(lilac.steps), ['collect:lilac', 'craft:magenta_dye'], version)
    }
  })

  test('the newer woods are logs and planks: stripped cherry and mangrove logs, pale oak planks, charcoal from them', () => {
    assert.deepEqual(on('1.20.4', 'stripped_cherry_log'), ['collect:log'])
    assert.deepEqual(on('1.21.4', 'stripped_mangrove_log'), ['collect:log'])
    assert.deepEqual(on('1.21.4', 'pale_oak_planks', { 'minecraft:pale_oak_log': 1 }), ['craft:pale_oak_planks'])
    assert.ok(on('1.21.4', 'mangrove_hanging_sign').includes('collect:log'))
    assert.equal(obtainGraph('1.21.4').facts.smeltResult('stripped_cherry_log'), 'charcoal')
    assert.equal(obtainGraph('1.16.5').facts.smeltResult('stripped_cherry_log'), null)
  })

  test('the furnace recipes of the version: cracked deepslate bricks and tiles, deepslate from cobbled deepslate', () => {
    for (const version of ['1.20.4', '1.21.4']) {
      for (const item of ['cracked_deepslate_bricks', 'cracked_deepslate_tiles']) {
        const k = on(version, item)
        assert.ok(k.includes(`smelt:${item}`) && k.includes('collect:cobbled_deepslate'), `${version} ${item}: ${k.join(' ')}`)
      }
    }
    assert.deepEqual(obtainGraph('1.16.5').facts.smeltInputs('cracked_deepslate_bricks'), [])
  })

  test('reasons of the newer versions: weathering copper, 1.20.4\'s experiments, froglights, pale gardens', () => {
    for (const version of ['1.20.4', '1.21.4']) {
      assert.match(whyOn(version, 'oxidized_copper'), /weathers/)
      assert.match(whyOn(version, 'exposed_cut_copper_slab'), /weathers/)
      assert.match(whyOn(version, 'verdant_froglight'), /magma cube/)
    }
    assert.match(whyOn('1.20.4', 'copper_door'), /experiment in Minecraft 1\.20\.4/)
    assert.match(whyOn('1.20.4', 'polished_tuff'), /experiment/)
    assert.match(whyOn('1.20.4', 'bundle'), /experiment/)
    // 1.21 made them survival items
    assert.ok(on('1.21.4', 'copper_door').includes('smelt:copper_ingot'))
    assert.ok(on('1.21.4', 'polished_tuff').includes('collect:tuff'))
    assert.match(whyOn('1.21.4', 'resin_brick'), /pale garden/)
  })
})

describe('obtain graph (minecraft-data 1.16.5)', () => {
  test('the issue\'s examples: bookshelf from 4 planks and 2 books, cake, compass, fishing rod, bed, bucket, golden apple, bread', () => {
    const shelf = steps('bookshelf', 1, { 'minecraft:oak_planks': 4, 'minecraft:book': 2 })
    assert.ok(kinds(shelf).includes('hunt:leather') && kinds(shelf).includes('collect:sugar_cane'), shelf.map(describeStep).join(' | '))
    assert.ok(!shelf.some((s) => s.kind === 'collect' && s.item === 'book'), 'a book is never mined')
    const cake = kinds(steps('cake'))
    for (const k of ['pickUp:egg', 'fill:milk_bucket', 'farm:wheat', 'collect:sugar_cane', 'craft:bucket']) assert.ok(cake.includes(k), `cake needs ${k}: ${cake.join(' ')}`)
    assert.ok(kinds(steps('compass')).includes('collect:redstone'))
    assert.ok(kinds(steps('fishing_rod')).includes('hunt:string'))
    assert.ok(kinds(steps('white_bed')).some((k) => k === 'hunt:white_wool' || k === 'shear:white_wool'))
    assert.ok(kinds(steps('bucket')).includes('smelt:iron_ingot'))
    const apple = kinds(steps('golden_apple'))
    assert.ok(apple.includes('collect:apple') && apple.includes('smelt:gold_ingot'))
    assert.ok(kinds(steps('bread', 3)).includes('farm:wheat'))
    assert.ok(kinds(steps('diamond_pickaxe')).includes('collect:diamond'))
  })

  test('tags: a torch takes coal or charcoal, a bookshelf any planks; a furnace recipe chain for glass and bricks', () => {
    const torch = graph.sources('torch').find((s) => s.kind === 'craft')
    assert.ok(torch?.kind === 'craft' && torch.ingredients.some((i) => i.key === 'coals'))
    assert.deepEqual(kinds(steps('torch', 4, { 'minecraft:charcoal': 1, 'minecraft:stick': 1 })), ['craft:torch'])
    const shelf = graph.sources('bookshelf').find((s) => s.kind === 'craft')
    assert.ok(shelf?.kind === 'craft' && shelf.ingredients.some((i) => i.key === 'planks' && i.count === 6))
    assert.ok(kinds(steps('glass')).includes('smelt:glass'))
  })

  test('what the bot knows weighs: shearing with shears in hand and sheep in sight beats hunting', () => {
    const shear = steps('white_wool', 3, { 'minecraft:shears': 1 }, { nearbyEntities: ['sheep'] })
    assert.deepEqual(kinds(shear), ['shear:white_wool'])
    // a sheep in sight is cheaper than a hunt for one
    const noShears = steps('white_wool', 1, {}, { nearbyEntities: ['sheep'] })
    assert.deepEqual(kinds(noShears), ['hunt:white_wool'])
  })

  test('a crafting table or furnace the bot knows of nearby is not made again', () => {
    const inv = { 'minecraft:stick': 2, 'minecraft:cobblestone': 3 }
    assert.ok(kinds(steps('stone_pickaxe', 1, inv)).includes('craft:crafting_table'))
    assert.deepEqual(kinds(steps('stone_pickaxe', 1, inv, { knownBlocks: ['crafting_table', 'stone'] })), ['craft:stone_pickaxe'])
  })

  test('a failed route is not chosen again: no sheep → the wool comes another way, or a one-line reason', () => {
    const r = plan('white_wool', 1, {}, { graph, excluded: ['hunt:sheep'] })
    assert.ok(r.ok && r.steps.some((s) => s.kind === 'shear'), r.ok ? r.steps.map(describeStep).join(' | ') : r.reason)
    // without sheep: four strings make a wool
    const strings = plan('white_wool', 1, {}, { graph, excluded: ['hunt:sheep', 'shear:sheep'] })
    assert.ok(strings.ok && strings.steps.some((s) => s.kind === 'hunt' && s.item === 'string'), strings.ok ? strings.steps.map(describeStep).join(' | ') : strings.reason)
    const none = plan('white_wool', 1, {}, { graph, excluded: ['hunt:sheep', 'shear:sheep', 'craft:white_wool'] })
    assert.ok(!none.ok && /every way to get white_wool failed already/.test(none.reason), none.ok ? 'planned' : none.reason)
  })

  test('packing pairs are no loop: iron_block from ingots, ingots from ore, nuggets from an ingot', () => {
    assert.ok(kinds(steps('iron_block')).includes('smelt:iron_ingot'))
    assert.ok(kinds(steps('iron_nugget')).includes('craft:iron_nugget'))
    assert.ok(!kinds(steps('iron_ingot')).includes('craft:iron_block'))
  })

  test('reasons name the real source: the Nether, silk touch, creative mode', () => {
    const why = (item: string) => {
      const r = plan(item, 1, {}, { graph })
      assert.ok(!r.ok, `${item} should have no route`)
      return r.reason
    }
    assert.match(why('blaze_rod'), /Nether/)
    assert.match(why('grass_block'), /silk touch/)
    assert.match(why('command_block'), /creative/)
    assert.match(why('elytra'), /End/)
  })
})

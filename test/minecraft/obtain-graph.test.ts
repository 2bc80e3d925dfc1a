/**
 * The obtain graph against minecraft-data 1.16.5: every item a survival player can obtain in the
 * overworld has a route, every other item a stated reason, and the routes use the sources the
 * issue names (recipes with tags, furnace, block and mob drops, shearing, buckets, farming, eggs).
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

describe('obtain graph (minecraft-data 1.16.5)', () => {
  test('every item has a route or a one-line reason, and no route mines a block the overworld does not generate', () => {
    let routes = 0
    const unexplained: string[] = []
    for (const name of Object.keys(graph.md.itemsByName)) {
      if (name === 'air') continue
      const r = plan(name, 1, {}, { graph })
      if (r.ok) {
        routes++
        for (const s of r.steps) if (s.kind === 'collect' && s.block !== 'log') assert.ok(isNaturalBlock(s.block), `${name}: mines ${s.block}, which no world generates`)
        continue
      }
      assert.ok(!r.reason.includes('\n') && r.reason.length < 400, `${name}: the reason is one line`)
      // the generic fallbacks mean nobody said why
      if (/no recipe, furnace recipe, block, mob or action gives it|loops back on itself|too deep/.test(r.reason)) unexplained.push(`${name}: ${r.reason}`)
    }
    assert.deepEqual(unexplained, [])
    assert.ok(routes > 500, `${routes} items have a route`)
  })

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

/** The runtime's plan line for the llm mind (minds/plan-hint.ts): milestones from the recipe tree. */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { PlanHints, describeMilestone } from '../../src/minecraft/minds/plan-hint.js'

describe('plan hints', () => {
  test('from an empty inventory a stone pickaxe is four milestones: logs, crafts to a wooden pickaxe, cobblestone, the pickaxe', () => {
    const h = new PlanHints('get 1 minecraft:stone_pickaxe').hint({})
    assert.equal(h?.state, 'next')
    if (h?.state !== 'next') return
    assert.deepEqual(h.milestones.map((m) => m.kind), ['collect', 'craft', 'collect', 'craft'])
    assert.match(describeMilestone(h.milestones[0]!), /^collect \d+ log$/)
    const crafts = h.milestones[1]!
    assert.ok(crafts.kind === 'craft' && crafts.items.map((i) => i.item).includes('crafting_table') && crafts.items.at(-1)!.item === 'wooden_pickaxe')
    assert.equal(h.action.type, 'ACTION_COLLECT_BLOCK')
    assert.match(h.text, /4 milestones left: collect \d+ log → craft .* → collect 3 cobblestone → craft 1 stone_pickaxe; next action: \{"type":"ACTION_COLLECT_BLOCK"/)
  })

  test('a crafting table made by the last craft milestone and no longer held was placed: not asked for again', () => {
    const hints = new PlanHints('get 1 minecraft:stone_pickaxe')
    hints.hint({})
    hints.hint({ 'minecraft:oak_log': 3 })
    // the craft milestone ran: the table went down next to the bot, the pickaxe and leftovers are held
    const h = hints.hint({ 'minecraft:wooden_pickaxe': 1, 'minecraft:oak_planks': 1 })
    assert.equal(h?.state, 'next')
    if (h?.state !== 'next') return
    assert.equal(describeMilestone(h.milestones[0]!), 'collect 3 cobblestone')
    assert.ok(!h.text.includes('crafting_table'), h.text)
  })

  test('an action that found no table (the bot walked away from it) brings the table back into the plan', () => {
    const hints = new PlanHints('get 1 minecraft:stone_pickaxe')
    hints.hint({})
    hints.hint({ 'minecraft:oak_log': 3 })
    hints.hint({ 'minecraft:wooden_pickaxe': 1, 'minecraft:oak_planks': 1 })
    hints.actionEnded('no crafting_table nearby and cannot craft one: missing 1 minecraft:oak_planks to craft minecraft:crafting_table')
    const h = hints.hint({ 'minecraft:wooden_pickaxe': 1, 'minecraft:oak_planks': 1, 'minecraft:cobblestone': 3 })
    assert.equal(h?.state, 'next')
    if (h?.state !== 'next') return
    assert.ok(h.milestones.some((m) => m.kind === 'craft' && m.items.some((i) => i.item === 'crafting_table')), h.text)
  })

  test('without that history a missing table is planned again', () => {
    const h = new PlanHints('get 1 minecraft:stone_pickaxe').hint({ 'minecraft:wooden_pickaxe': 1, 'minecraft:cobblestone': 3 })
    assert.equal(h?.state, 'next')
    assert.ok(h?.text.includes('crafting_table'), h?.text)
  })

  test('the goal met → stop; "collect N" counts from the first inventory seen', () => {
    const get = new PlanHints('get 2 minecraft:oak_planks')
    assert.equal(get.hint({ 'minecraft:oak_planks': 2 })?.state, 'done')
    const more = new PlanHints('collect 2 log')
    assert.equal(more.hint({ 'minecraft:oak_log': 5 })?.state, 'next')
    assert.equal(more.hint({ 'minecraft:oak_log': 6 })?.state, 'next')
    assert.match(more.hint({ 'minecraft:oak_log': 7 })?.text ?? '', /goal is met/)
  })

  test('free text and goto tasks get no plan line; an unknown item is impossible', () => {
    assert.equal(new PlanHints('walk a little').applies, false)
    assert.equal(new PlanHints('goto 10 64 10').hint({}), undefined)
    const h = new PlanHints('get 1 minecraft:unobtainium').hint({})
    assert.equal(h, undefined, 'an unknown item is no parseable goal: the model gets the task text only')
  })

  test('iron: smelting is its own milestone after the ore and fuel', () => {
    const h = new PlanHints('get 1 minecraft:iron_pickaxe').hint({ 'minecraft:stone_pickaxe': 1, 'minecraft:crafting_table': 1, 'minecraft:stick': 2 })
    assert.equal(h?.state, 'next')
    if (h?.state !== 'next') return
    const kinds = h.milestones.map(describeMilestone)
    const smelt = kinds.findIndex((k) => k.startsWith('smelt 3 iron_ingot'))
    assert.ok(smelt > kinds.findIndex((k) => k.includes('iron_ore')), kinds.join(' | '))
    assert.equal(kinds.at(-1), 'craft 1 iron_pickaxe')
  })
})

/**
 * Arming (src/minecraft/planner/arming.ts): the one executor crafts a stone sword from what the bot
 * holds before a collect of ore a wooden pickaxe cannot harvest; before a hunt of a monster it gets a
 * sword whatever it takes (stone when stone is known, else wood); never with a sword or axe held.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { PlanExecutor, type Decision } from '../../src/minecraft/planner/executor.js'
import { goesDeep } from '../../src/minecraft/planner/arming.js'
import { obtainGraph } from '../../src/minecraft/planner/graph.js'

const IRON = { item: 'minecraft:iron_pickaxe', count: 1, mode: 'get' } as const
const kit = { 'minecraft:stone_pickaxe': 1, 'minecraft:crafting_table': 1, 'minecraft:furnace': 1, 'minecraft:coal': 4, 'minecraft:stick': 3, 'minecraft:cobblestone': 6 }

function said(d: Decision): string {
  return d.kind === 'step' ? `${d.step.kind} ${d.step.count} ${d.step.item}` : d.kind
}

describe('arming before going down for ore', () => {
  test('ore a wooden pickaxe cannot take is deep; stone, coal and logs are not (minecraft-data harvest tools, 1.16.5 and 1.20.4)', () => {
    for (const v of ['1.16.5', '1.20.4']) {
      const g = obtainGraph(v)
      assert.deepEqual(['iron_ore', 'diamond_ore', 'gold_ore', 'stone', 'coal_ore', 'oak_log'].map((b) => goesDeep(g, b)), [true, true, true, false, false, false], v)
    }
    assert.equal(goesDeep(obtainGraph('1.20.4'), 'deepslate_iron_ore'), true)
  })

  test('with no weapon and a sword craftable from what is held, the sword comes before the iron ore; then the ore', () => {
    const notes: string[] = []
    const ex = new PlanExecutor(IRON, { onNote: (l) => notes.push(l) })
    const d = ex.next({ inventory: kit })
    assert.equal(said(d), 'craft 1 stone_sword')
    assert.match((d as { note: string }).note, /arming with a stone sword before going down for iron_ore/)
    ex.report({ ok: true, reason: 'crafted 1 stone_sword' })
    const armed = { ...kit, 'minecraft:cobblestone': 4, 'minecraft:stick': 2, 'minecraft:stone_sword': 1 }
    assert.equal(said(ex.next({ inventory: armed })), 'collect 3 iron_ore')
  })

  test('before a lava fill too (lava lies in deep caves), on 1.20.4: the sword, then the bucket at the lava', () => {
    const ex = new PlanExecutor({ item: 'minecraft:lava_bucket', count: 1, mode: 'get' }, { version: '1.20.4' })
    const d = ex.next({ inventory: { ...kit, 'minecraft:iron_pickaxe': 1, 'minecraft:bucket': 1 } })
    assert.equal(said(d), 'craft 1 stone_sword')
    assert.match((d as { note: string }).note, /arming with a stone sword before going down for lava/)
    ex.report({ ok: true, reason: 'crafted 1 stone_sword' })
    assert.equal(said(ex.next({ inventory: { ...kit, 'minecraft:iron_pickaxe': 1, 'minecraft:bucket': 1, 'minecraft:stone_sword': 1 } })), 'fill 1 lava_bucket')
  })

  test('short of cobblestone (the plan kept exactly what the furnace and pickaxe took), the pickaxe held gets it first', () => {
    const { 'minecraft:cobblestone': _c, ...bare } = kit
    const ex = new PlanExecutor(IRON)
    const d = ex.next({ inventory: bare })
    assert.equal(said(d), 'collect 2 cobblestone')
    assert.match((d as { note: string }).note, /arming with a stone sword/)
  })

  test('no arming when a weapon is held, when the sword needs more than cobblestone gathered, or when the link turns it off', () => {
    const axe = new PlanExecutor(IRON)
    assert.equal(said(axe.next({ inventory: { ...kit, 'minecraft:iron_axe': 1 } })), 'collect 3 iron_ore')
    const noWood = new PlanExecutor(IRON)
    const { 'minecraft:stick': _s, ...noSticks } = kit
    // the pickaxe's sticks need a log: fetched before going down (./surface-first.ts), and no sword
    const d = noWood.next({ inventory: noSticks })
    assert.equal(said(d), 'collect 1 log')
    assert.doesNotMatch((d as { note: string }).note, /arming/)
    const off = new PlanExecutor(IRON, { arm: false })
    assert.equal(said(off.next({ inventory: kit })), 'collect 3 iron_ore')
  })

  test('no arming for work at the surface: a stone pickaxe from logs never makes a sword', () => {
    const ex = new PlanExecutor({ item: 'minecraft:stone_pickaxe', count: 1, mode: 'get' })
    const d = ex.next({ inventory: { 'minecraft:wooden_pickaxe': 1, 'minecraft:crafting_table': 1, 'minecraft:stick': 4, 'minecraft:cobblestone': 5 } })
    assert.equal(said(d), 'craft 1 stone_pickaxe')
  })

  test('a craft of the sword that keeps failing is given up after a few tries; the task goes on', () => {
    const ex = new PlanExecutor(IRON)
    const seen: string[] = []
    for (let i = 0; i < 8; i++) {
      const d = ex.next({ inventory: kit })
      seen.push(said(d))
      ex.report({ ok: false, reason: 'the crafting window did not open' })
      if (said(d) === 'collect 3 iron_ore') break
    }
    assert.ok(seen.length <= 5 && seen.at(-1) === 'collect 3 iron_ore', seen.join(', '))
  })
})

describe('arming before hunting a monster', () => {
  const GUNPOWDER = { item: 'minecraft:gunpowder', count: 1, mode: 'get' } as const

  test('monsters are minecraft-data\'s "Hostile mobs": creeper, spider, skeleton, zombie; not cow or sheep (1.16.5 and 1.20.4)', () => {
    for (const v of ['1.16.5', '1.20.4']) {
      const g = obtainGraph(v)
      assert.deepEqual(['creeper', 'spider', 'minecraft:skeleton', 'zombie', 'cow', 'sheep', 'chicken'].map((e) => g.hostile(e)), [true, true, true, true, false, false, false], v)
    }
  })

  test('from an empty inventory with no stone seen, a wooden sword comes first: logs, then on to the creeper once it is held', () => {
    const ex = new PlanExecutor(GUNPOWDER)
    const d = ex.next({ inventory: {}, world: { knownBlocks: ['oak_log', 'grass_block'] } })
    assert.equal(said(d), 'collect 2 log')
    assert.match((d as { note: string }).note, /arming with a wooden sword before hunting creeper/)
    ex.report({ ok: true, reason: 'collected 2 oak_log' })
    const d2 = ex.next({ inventory: { 'minecraft:oak_planks': 4, 'minecraft:crafting_table': 1, 'minecraft:stick': 4 }, world: { knownBlocks: ['oak_log'] } })
    assert.equal(said(d2), 'craft 1 wooden_sword')
    ex.report({ ok: true, reason: 'crafted 1 wooden_sword' })
    assert.equal(said(ex.next({ inventory: { 'minecraft:oak_planks': 2, 'minecraft:crafting_table': 1, 'minecraft:stick': 3, 'minecraft:wooden_sword': 1 } })), 'hunt 1 gunpowder')
  })

  test('with stone seen (or cobblestone held) the sword is a stone one, through a wooden pickaxe', () => {
    const ex = new PlanExecutor(GUNPOWDER)
    const kit = { 'minecraft:oak_planks': 8, 'minecraft:crafting_table': 1, 'minecraft:stick': 4 }
    const d = ex.next({ inventory: kit, world: { knownBlocks: ['stone', 'oak_log'] } })
    assert.equal(said(d), 'craft 1 wooden_pickaxe')
    assert.match((d as { note: string }).note, /arming with a stone sword before hunting creeper/)
    const held = new PlanExecutor({ item: 'minecraft:string', count: 2, mode: 'get' })
    assert.equal(said(held.next({ inventory: { ...kit, 'minecraft:cobblestone': 2 } })), 'craft 1 stone_sword')
  })

  test('no arming with a sword or an axe held, for an animal, or when the link turns it off', () => {
    assert.equal(said(new PlanExecutor(GUNPOWDER).next({ inventory: { 'minecraft:wooden_sword': 1 } })), 'hunt 1 gunpowder')
    assert.equal(said(new PlanExecutor(GUNPOWDER).next({ inventory: { 'minecraft:stone_axe': 1 } })), 'hunt 1 gunpowder')
    assert.equal(said(new PlanExecutor({ item: 'minecraft:leather', count: 1, mode: 'get' }).next({ inventory: {} })), 'hunt 1 leather')
    assert.equal(said(new PlanExecutor(GUNPOWDER, { arm: false }).next({ inventory: {} })), 'hunt 1 gunpowder')
  })

  test('a step towards the sword that fails the same way twice is dropped, and the hunt goes on without the sword', () => {
    const ex = new PlanExecutor(GUNPOWDER)
    const seen: string[] = []
    for (let i = 0; i < 10 && seen.at(-1) !== 'hunt 1 gunpowder'; i++) {
      seen.push(said(ex.next({ inventory: {} })))
      ex.report({ ok: false, reason: 'stuck: the path to the tree is blocked' })
    }
    assert.deepEqual(seen, ['collect 2 log', 'collect 2 log', 'hunt 1 gunpowder'])
  })

  test('arming that keeps failing in ever new ways gives way to the hunt after a bounded number of steps', () => {
    const ex = new PlanExecutor(GUNPOWDER)
    const seen: string[] = []
    for (let i = 0; i < 40 && seen.at(-1) !== 'hunt 1 gunpowder'; i++) {
      seen.push(said(ex.next({ inventory: {} })))
      ex.report({ ok: false, reason: `stuck ${'again '.repeat(i)}` })
    }
    assert.equal(seen.at(-1), 'hunt 1 gunpowder', seen.join(', '))
    assert.ok(seen.length <= 17, seen.join(', '))
  })
})

describe('arming after a monster killed the bot', () => {
  const APPLE = { item: 'minecraft:golden_apple', count: 1, mode: 'get' } as const
  const kit = { 'minecraft:oak_planks': 4, 'minecraft:crafting_table': 1, 'minecraft:stick': 2 }

  test('killed by a zombie while breaking leaves unarmed (golden_apple on seed 6): a wooden sword comes before the leaves again', () => {
    const notes: string[] = []
    const ex = new PlanExecutor(APPLE, { onNote: (l) => notes.push(l) })
    const first = ex.next({ inventory: kit })
    assert.notEqual(said(first), 'craft 1 wooden_sword')
    ex.report({ ok: false, reason: 'cancelled: interrupted by strike-back', interrupted: true })
    ex.died('killed by zombie')
    const d = ex.next({ inventory: kit })
    assert.equal(said(d), 'craft 1 wooden_sword')
    assert.match((d as { note: string }).note, /arming with a wooden sword before going on \(a zombie killed it\)/)
    ex.report({ ok: true, reason: 'crafted 1 wooden_sword' })
    const armed = { ...kit, 'minecraft:oak_planks': 2, 'minecraft:stick': 1, 'minecraft:wooden_sword': 1 }
    assert.equal(said(ex.next({ inventory: armed })), said(first))
  })

  test('shot by an unseen skeleton (the body says "hurt by other") or blown up: armed too', () => {
    for (const [cause, who] of [['hurt by other', 'an unseen attacker'], ['hurt by explosion', 'an explosion']] as const) {
      const ex = new PlanExecutor(APPLE)
      ex.next({ inventory: kit })
      ex.died(cause)
      const d = ex.next({ inventory: kit })
      assert.equal(said(d), 'craft 1 wooden_sword', cause)
      assert.ok((d as { note: string }).note.endsWith(`before going on (${who} killed it)`), (d as { note: string }).note)
    }
  })

  test('no arming after a death that no monster caused (a fall, lava, a cow beside it), or with a weapon held', () => {
    for (const cause of ['hurt by fall', 'hurt by fire', 'killed by cow', 'cause unknown']) {
      const ex = new PlanExecutor(APPLE)
      const first = said(ex.next({ inventory: kit }))
      ex.died(cause)
      assert.equal(said(ex.next({ inventory: kit })), first, cause)
    }
    const ex = new PlanExecutor(APPLE)
    const first = said(ex.next({ inventory: { ...kit, 'minecraft:stone_axe': 1 } }))
    ex.died('killed by skeleton')
    assert.equal(said(ex.next({ inventory: { ...kit, 'minecraft:stone_axe': 1 } })), first)
  })
})

describe('a monster hunt dropped by day', () => {
  test('is taken back when night comes (fishing_rod on seed 4: spiders dropped by day, cobwebs searched, the night spent in a shelter)', () => {
    const ex = new PlanExecutor({ item: 'minecraft:string', count: 2, mode: 'get' })
    const inv = { 'minecraft:wooden_sword': 1 }
    const day = 'no minecraft:spider within 48 blocks: spiders spawn in the dark (at night, in caves); none around now in daylight; got 0/2 minecraft:string after 0 kill(s)'
    const seen: string[] = []
    for (let i = 0; i < 8 && !seen.includes('collect 2 string'); i++) {
      const d = ex.next({ inventory: inv, world: { night: false } })
      seen.push(said(d))
      ex.report(d.kind === 'step' ? { ok: false, reason: day } : { ok: true, reason: 'walked' })
    }
    assert.equal(seen.at(-1), 'collect 2 string', seen.join(', '))
    // the cobweb search was cut short by the dusk (a walk, then the next step is decided at night)
    ex.report({ ok: false, reason: 'cancelled: interrupted by shelter', interrupted: true })
    let d = ex.next({ inventory: inv, world: { night: true } })
    for (let i = 0; i < 3 && d.kind === 'explore'; i++) {
      ex.report({ ok: true, reason: 'walked' })
      d = ex.next({ inventory: inv, world: { night: true } })
    }
    assert.equal(said(d), 'hunt 2 string')
  })

  test('is taken back before the dusk the hunt said, by the executor\'s clock, for a link that does not report the night (the builtin mind on LynxMind)', () => {
    let clock = 1_000_000
    const notes: string[] = []
    const ex = new PlanExecutor({ item: 'minecraft:string', count: 2, mode: 'get' }, { now: () => clock, onNote: (l) => notes.push(l) })
    const inv = { 'minecraft:wooden_sword': 1 }
    const day = 'no minecraft:spider within 48 blocks: spiders spawn in the dark (at night, in caves); none around now in daylight; night falls in about 400 s; got 0/2 minecraft:string after 0 kill(s)'
    const seen: string[] = []
    for (let i = 0; i < 8 && !seen.includes('collect 2 string'); i++) {
      const d = ex.next({ inventory: inv })
      seen.push(said(d))
      ex.report(d.kind === 'step' ? { ok: false, reason: day } : { ok: true, reason: 'walked' })
    }
    assert.equal(seen.at(-1), 'collect 2 string', seen.join(', '))
    ex.report({ ok: false, reason: 'no cobweb known within 64 blocks' })
    clock += 250_000 // 150 s before the dusk: still the cobwebs (or a look elsewhere for them)
    const before = ex.next({ inventory: inv })
    assert.notEqual(said(before), 'hunt 2 string')
    ex.report({ ok: true, reason: 'walked' })
    clock += 70_000 // 80 s before the dusk
    assert.equal(said(ex.next({ inventory: inv })), 'hunt 2 string')
    assert.ok(notes.some((l) => /^dusk near: taking back hunt/.test(l)), notes.join('\n'))
  })
})

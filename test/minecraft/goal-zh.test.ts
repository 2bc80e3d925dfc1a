import { test } from 'node:test'
import assert from 'node:assert/strict'
import { parseGoal } from '../../src/minecraft/planner/goal.js'
import { defaultItemBook } from '../../src/minecraft/planner/items.js'
import { CHINESE_ITEMS, parseChineseGoal } from '../../src/minecraft/planner/goal-zh.js'

test('Chinese goals: verbs, counts in digits and numerals, measure words, goto', () => {
  const cases: Array<[string, unknown]> = [
    ['挖到铁矿', { kind: 'get', item: 'iron_ore', count: 1 }],
    ['获得一把石镐', { kind: 'get', item: 'stone_pickaxe', count: 1 }],
    ['收集10个原木', { kind: 'collect', item: 'log', count: 10 }],
    ['收集十二个木头', { kind: 'collect', item: 'log', count: 12 }],
    ['合成二十个火把', { kind: 'craft', item: 'torch', count: 20 }],
    ['制作工作台', { kind: 'craft', item: 'crafting_table', count: 1 }],
    ['挖两组圆石', { kind: 'get', item: 'cobblestone', count: 128 }],
    ['获得3个铁锭。', { kind: 'get', item: 'iron_ingot', count: 3 }],
    ['去 100 64 -20', { kind: 'goto', x: 100, y: 64, z: -20 }],
    ['前往 10, -5', { kind: 'goto', x: 10, z: -5 }],
  ]
  for (const [text, goal] of cases) assert.deepEqual(parseGoal(text), { ok: true, goal }, text)
})

test('Chinese text that is not a goal we can measure says why, and is never "impossible"', () => {
  const noVerb = parseGoal('你好')
  assert.equal(noVerb.ok, false)
  assert.match(!noVerb.ok ? noVerb.reason : '', /获得\/挖到 \(get\)/)
  const unknown = parseChineseGoal('获得一只凤凰')
  assert.equal(unknown.ok, false)
  assert.ok(!unknown.ok && !unknown.impossible)
  assert.match(!unknown.ok ? unknown.reason : '', /unknown item "只凤凰"|unknown item "凤凰"/)
})

test('every item the Chinese table names is a real 1.16 item or tag the planner knows', () => {
  const book = defaultItemBook()
  for (const name of Object.keys(CHINESE_ITEMS)) {
    const text = `获得${name}`
    const r = parseGoal(text)
    assert.ok(r.ok, text)
    if (r.ok && r.goal.kind !== 'goto') assert.ok(book.known(r.goal.item), `${text} → ${r.goal.item}`)
  }
})

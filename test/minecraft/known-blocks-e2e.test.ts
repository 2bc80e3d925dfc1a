/**
 * End to end on the embedded natural world (seed 1, fair play) with the real mineflayer body and the
 * builtin mind behind the LynxMind link: the mind learns what the bot has seen only through the
 * protocol's block scan (EVENT_AI_GET_NEARBY_BLOCK → EVENT_PLAYER_SCAN_BLOCK) and plans with it. Two
 * tasks from an empty inventory: a wooden pickaxe, for which the bot crafts a table and places it, then
 * a stone pickaxe, whose executor starts afresh: the table standing there is one the scan lists, so no
 * second table is crafted. (Without the scan the plan crafted one: 4 more planks, a log to fetch.)
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { builtinWorld, waitTaskWithin } from './support/builtin-world.js'
import type { TrafficEvent } from '../../src/minecraft/links/lynxmind.js'
import type { Action } from '../../src/protocols/lynxmind.js'

test('natural world: the builtin mind asks the link which blocks the bot knows of and plans with them; the table it placed serves the next task', { timeout: 8 * 60_000 }, async () => {
  const s = await builtinWorld('Lynx', { seed: 1, profile: 'natural' })
  try {
    assert.deepEqual(s.body.inventoryCounts(), {})
    const traffic: TrafficEvent[] = []
    s.link.on('traffic', (t: TrafficEvent) => traffic.push(t))
    const crafted: string[] = []
    s.link.on('action', ({ action }: { action: Action }) => {
      if (action.type === 'ACTION_CRAFTING') crafted.push(...action.to_craft.map((i) => i.item_name))
    })

    const wooden = await waitTaskWithin(s.link, s.body, s.link.createTask('get 1 minecraft:wooden_pickaxe', 'test').id, 3 * 60_000)
    assert.equal(wooden.status, 'succeeded', wooden.reason)
    assert.ok(crafted.includes('minecraft:crafting_table'), `crafted: ${crafted.join(', ')}`)
    assert.equal(s.body.inventoryCounts()['minecraft:crafting_table'] ?? 0, 0, 'the table was placed, not carried')
    const table = s.body.knowledge.find((n) => n === 'crafting_table', { radius: 16, count: 1 })
    assert.equal(table.length, 1, 'the placed table stands near the bot')

    crafted.length = 0
    traffic.length = 0
    const stone = await waitTaskWithin(s.link, s.body, s.link.createTask('get 1 minecraft:stone_pickaxe', 'test').id, 4 * 60_000)
    assert.equal(stone.status, 'succeeded', stone.reason)
    assert.ok((s.body.inventoryCounts()['minecraft:stone_pickaxe'] ?? 0) >= 1)
    assert.ok(!crafted.includes('minecraft:crafting_table'), `no second table: crafted ${crafted.join(', ')}`)

    const asked = traffic.filter((t) => t.dir === 'from_mind' && t.event.type === 'EVENT_AI_GET_NEARBY_BLOCK')
    assert.ok(asked.length >= 1, 'the mind asked which blocks are around')
    const answers = traffic.flatMap((t) => (t.dir === 'to_mind' && t.event.type === 'EVENT_PLAYER_SCAN_BLOCK' ? [t.event] : []))
    assert.ok(answers.length >= 1)
    assert.ok(answers[0]!.nearby_blocks.some((b) => b.id === 'minecraft:crafting_table'), `the first answer lists the table: ${answers[0]!.nearby_blocks.map((b) => b.id).join(', ')}`)
  } finally {
    await s.close()
  }
})

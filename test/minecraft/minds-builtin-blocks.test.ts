/**
 * What the builtin mind asks about the blocks around it and how it plans with the answers, protocol
 * event by protocol event (no world: the real run is in known-blocks-e2e.test.ts): the planner's
 * names worth knowing, when a look is stale, a full list asked again, a scan never answered.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import minecraftData from 'minecraft-data'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import { FULL_LIST, KnownBlocksScan, LOOK_AGAIN_AFTER_BLOCKS, LOOK_EVERY_ACTIONS, MAX_SCANS_PER_LOOK, SCAN_RADIUS } from '../../src/minecraft/minds/known-blocks-scan.js'
import { blocksWorthKnowing } from '../../src/minecraft/planner/blocks-worth-knowing.js'
import { obtainGraph } from '../../src/minecraft/planner/graph.js'
import { createLogger } from '../../src/core/logger.js'
import { heartbeatOf } from './support/heartbeat.js'
import { STATION_RADIUS } from '../../src/minecraft/body/arrival.js'
import type { AiEvent, HeartbeatEvent, ModEvent, NearbyBlock } from '../../src/protocols/lynxmind.js'

const at = { x: 10, y: 64, z: 20 }

function heartbeat(inv: Record<string, number>, pos = at): HeartbeatEvent {
  return heartbeatOf(inv, { pos })
}

/** Blocks a few steps from the bot, as a scan lists them. */
function near(blocks: string[], from = at): NearbyBlock[] {
  return blocks.map((id, i) => ({ id: `minecraft:${id}`, x: from.x + 2 + (i % 5), y: from.y, z: from.z + Math.floor(i / 5) }))
}

function blocksAnswer(ask: AiEvent, blocks: string[]): ModEvent {
  assert.equal(ask.type, 'EVENT_AI_GET_NEARBY_BLOCK')
  return { type: 'EVENT_PLAYER_SCAN_BLOCK', radius: ask.radius, scanning_id: ask.target_block_id, nearby_blocks: near(blocks) }
}

async function mindWithTask(task: string) {
  const mind = new BuiltinMind()
  await mind.start({ emit: () => undefined, say: () => undefined, logger: createLogger('test', { level: 'silent' }), botName: 'bot' })
  assert.deepEqual(await mind.receive({ type: 'EVENT_PLAYER_STATUS_CREATE_TASK', task }), [{ type: 'EVENT_AI_GET_STATUS' }])
  return mind
}

function action(events: AiEvent[]) {
  const e = events[0]
  assert.ok(e && e.type === 'EVENT_AI_CONTROL', `an action, got ${JSON.stringify(events).slice(0, 300)}`)
  return e
}

describe('the blocks worth knowing for a goal (the planner’s names)', () => {
  test('stations first, then the blocks its tree mines: logs and stone for a stone pickaxe, coal ore for torches, iron ore for an iron pickaxe', () => {
    const g = obtainGraph('1.16.5')
    const stone = blocksWorthKnowing(g, 'stone_pickaxe')
    assert.deepEqual(stone.slice(0, 2), ['crafting_table', 'furnace'])
    for (const b of ['oak_log', 'birch_log', 'stone']) assert.ok(stone.includes(b), `${b} in ${stone.join(' ')}`)
    assert.ok(blocksWorthKnowing(g, 'torch').includes('coal_ore'))
    assert.ok(blocksWorthKnowing(g, 'iron_pickaxe').includes('iron_ore'))
    // the arming sword's stone is asked whatever the goal (./arming.ts: a stone sword when stone is known)
    assert.ok(blocksWorthKnowing(g, 'beef').includes('stone'))
    assert.ok(blocksWorthKnowing(g, 'white_bed', 10).length <= 10)
  })

  test('every name is a block of the version, once: 1.16.5, and 1.20.4 (the mod’s version) with its deepslate ores', () => {
    for (const v of ['1.16.5', '1.20.4']) {
      const md = minecraftData(v)
      for (const goal of ['stone_pickaxe', 'iron_pickaxe', 'torch', 'diamond_pickaxe', 'bookshelf']) {
        const names = blocksWorthKnowing(obtainGraph(v), goal)
        assert.equal(new Set(names).size, names.length, `${v} ${goal}: no duplicates`)
        assert.ok(names.length <= 64)
        for (const n of names) assert.ok(md.blocksByName[n], `${v} ${goal}: ${n} is a block`)
      }
    }
    assert.ok(blocksWorthKnowing(obtainGraph('1.20.4'), 'iron_pickaxe').includes('deepslate_iron_ore'))
  })
})

describe('a look at the blocks around (KnownBlocksScan)', () => {
  test('asks the planner’s names within the radius; a look serves a few actions or until the bot moves away', () => {
    const s = new KnownBlocksScan(obtainGraph('1.16.5'), 'stone_pickaxe')
    const ask = s.ask(at, 0)
    assert.ok(ask && ask.type === 'EVENT_AI_GET_NEARBY_BLOCK')
    assert.equal(ask.radius, SCAN_RADIUS)
    assert.deepEqual(ask.target_block_id, s.asked().map((n) => `minecraft:${n}`))
    assert.equal(s.answer(near(['stone', 'oak_log', 'oak_log', 'dirt'])), undefined, 'a short list is the whole answer')
    assert.deepEqual(s.known().sort(), ['oak_log', 'stone'], 'only asked names')
    assert.equal(s.ask(at, LOOK_EVERY_ACTIONS - 1), undefined, 'fresh')
    assert.equal(s.ask({ ...at, x: at.x + LOOK_AGAIN_AFTER_BLOCKS - 1 }, 1), undefined, 'still near')
    assert.ok(s.ask({ ...at, x: at.x + LOOK_AGAIN_AFTER_BLOCKS }, 1), 'moved away')
    s.answer([])
    assert.deepEqual(s.known(), [], 'the newest look replaces the last')
    assert.ok(s.ask({ ...at, x: at.x + LOOK_AGAIN_AFTER_BLOCKS }, 1 + LOOK_EVERY_ACTIONS), 'stale after a few actions')
  })

  test(`a full list (${FULL_LIST} or more, nearest first) may leave kinds out: they are asked again, at most ${MAX_SCANS_PER_LOOK} scans a look`, () => {
    const s = new KnownBlocksScan(obtainGraph('1.16.5'), 'stone_pickaxe')
    s.ask(at, 0)
    const again = s.answer(near(Array(64).fill('stone')))
    assert.ok(again && again.type === 'EVENT_AI_GET_NEARBY_BLOCK')
    assert.ok(!again.target_block_id.includes('minecraft:stone') && again.target_block_id.includes('minecraft:crafting_table'))
    const third = s.answer(near([...Array(30).fill('oak_log'), ...Array(30).fill('birch_log')]))
    assert.ok(third && third.type === 'EVENT_AI_GET_NEARBY_BLOCK' && !third.target_block_id.includes('minecraft:oak_log'))
    assert.equal(s.answer(near(Array(64).fill('spruce_log'))), undefined, 'the look ends after three scans')
    assert.deepEqual(s.known().sort(), ['birch_log', 'oak_log', 'spruce_log', 'stone'])
  })

  test(`a station counts only within ${STATION_RADIUS} blocks, where the craft skill looks for one; other blocks within the radius`, () => {
    const s = new KnownBlocksScan(obtainGraph('1.16.5'), 'stone_pickaxe')
    s.ask(at, 0)
    const far = { ...at, x: at.x + STATION_RADIUS + 2 }
    s.answer([...near(['crafting_table', 'stone'], far), ...near(['furnace'])])
    assert.deepEqual(s.known().sort(), ['furnace', 'stone'])
  })

  test('a scan never answered ends the look with what it found, and is not asked again at once', () => {
    const s = new KnownBlocksScan(obtainGraph('1.16.5'), 'stone_pickaxe')
    s.ask(at, 0)
    s.unanswered()
    assert.deepEqual(s.known(), [])
    assert.equal(s.ask(at, 1), undefined)
  })
})

describe('builtin mind: plans with what the scan found', () => {
  test('a crafting table in sight is not made again: 2 logs for a stone pickaxe instead of 3', async () => {
    const first = async (blocks: string[]) => {
      const mind = await mindWithTask('get 1 minecraft:stone_pickaxe')
      const ask = await mind.receive(heartbeat({}))
      assert.equal(ask.length, 1)
      return action(await mind.receive(blocksAnswer(ask[0]!, blocks)))
    }
    const without = await first([])
    assert.deepEqual(without.action, { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'log', count: 3 }] })
    const withTable = await first(['crafting_table', 'oak_log'])
    assert.deepEqual(withTable.action, { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'log', count: 2 }] })
  })

  test('killed by a zombie, it arms with a stone sword when stone is in sight, else a wooden one', async () => {
    const armsWith = async (blocks: string[]) => {
      const mind = await mindWithTask('get 1 minecraft:stone_pickaxe')
      mind.bodyDied('killed by zombie', undefined, {})
      const ask = await mind.receive(heartbeat({ oak_planks: 4, stick: 2, crafting_table: 1 }))
      return action(await mind.receive(blocksAnswer(ask[0]!, blocks))).plans ?? ''
    }
    assert.match(await armsWith([]), /arming with a wooden sword/)
    assert.match(await armsWith(['stone']), /arming with a stone sword/)
  })

  test('a table in sight that the craft could not reach is no station for this plan until it holds one again: it makes a new one', async () => {
    const mind = await mindWithTask('get 1 minecraft:stone_pickaxe')
    const held = { oak_planks: 3, stick: 2, wooden_pickaxe: 1, cobblestone: 3 }
    const ask = await mind.receive(heartbeat(held))
    const craft = action(await mind.receive(blocksAnswer(ask[0]!, ['crafting_table', 'stone'])))
    assert.deepEqual(craft.action, { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:stone_pickaxe', count: 1 }] })
    const reason = 'no progress: walking for 20s without getting closer to crafting_table at (92, 68, 114); and I cannot make a new crafting_table (it takes 4 planks)'
    assert.deepEqual(await mind.receive({ type: 'EVENT_PLAYER_BARITONE_TASK_STOP', reason }), [{ type: 'EVENT_AI_GET_STATUS' }])
    // the look is fresh (one action, same spot) and still lists the table: the plan no longer counts on it
    const next = action(await mind.receive(heartbeat(held)))
    assert.deepEqual(next.action, { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'log', count: 1 }] }, next.plans)
  })

  test('a heartbeat while the scan is unanswered: it plans without it and goes on; the late answer is ignored', async () => {
    const mind = await mindWithTask('get 1 minecraft:stone_pickaxe')
    const ask = await mind.receive(heartbeat({}))
    assert.equal(ask[0]?.type, 'EVENT_AI_GET_NEARBY_BLOCK')
    const step = action(await mind.receive(heartbeat({})))
    assert.deepEqual(step.action, { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'log', count: 3 }] })
    assert.deepEqual(await mind.receive(blocksAnswer(ask[0]!, ['crafting_table'])), [])
    // the step ends: the look is fresh, so the next decision comes without a scan
    assert.deepEqual(await mind.receive({ type: 'EVENT_PLAYER_BARITONE_TASK_STOP', reason: 'collected 3 minecraft:oak_log' }), [{ type: 'EVENT_AI_GET_STATUS' }])
    action(await mind.receive(heartbeat({ oak_log: 3 })))
  })

  test('a failed scan (the link’s reason, no blocks) is an empty look: the plan goes on', async () => {
    const mind = await mindWithTask('get 1 minecraft:stone_pickaxe')
    const ask = (await mind.receive(heartbeat({})))[0]!
    assert.equal(ask.type, 'EVENT_AI_GET_NEARBY_BLOCK')
    const failed: ModEvent = { type: 'EVENT_PLAYER_SCAN_BLOCK', radius: 48, scanning_id: [], nearby_blocks: [], summary: 'scan failed: not connected' }
    action(await mind.receive(failed))
  })

  test('a goto task asks nothing', async () => {
    const mind = await mindWithTask('goto 100 64 100')
    action(await mind.receive(heartbeat({})))
  })
})

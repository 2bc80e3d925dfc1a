/**
 * The builtin mind's food detour and its handling of reflex interruptions, protocol event by
 * protocol event (no world: the real runs are in survive-food.test.ts and survive-night.test.ts),
 * and the shared food knowledge.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { BuiltinMind, FOOD_LOW } from '../../src/minecraft/minds/builtin.js'
import { createLogger } from '../../src/core/logger.js'
import { heartbeatOf } from './support/heartbeat.js'
import type { AiEvent, HeartbeatEvent, ModEvent } from '../../src/protocols/lynxmind.js'
import { cookedFormOf, foodPoints, isRawFood, isReadyFood } from '../../src/minecraft/food.js'

function heartbeat(hunger: number, inv: Record<string, number>, pos = { x: 10, y: 64, z: 20 }): HeartbeatEvent {
  return heartbeatOf(inv, { hunger, saturation: 0, pos })
}

async function mindWithTask(task: string): Promise<{ mind: BuiltinMind; send: (e: ModEvent) => Promise<AiEvent[]> }> {
  const mind = new BuiltinMind()
  await mind.start({ emit: () => undefined, say: () => undefined, logger: createLogger('test', { level: 'silent' }), botName: 'bot' })
  // the mind looks at the blocks around before a goal step (minds-builtin-blocks.test.ts): here the link finds none
  const send = async (e: ModEvent): Promise<AiEvent[]> => {
    const out = await mind.receive(e)
    const ask = out[0]
    if (out.length !== 1 || ask?.type !== 'EVENT_AI_GET_NEARBY_BLOCK') return out
    return send({ type: 'EVENT_PLAYER_SCAN_BLOCK', radius: ask.radius, scanning_id: ask.target_block_id, nearby_blocks: [], summary: 'no matching blocks' })
  }
  assert.deepEqual(await send({ type: 'EVENT_PLAYER_STATUS_CREATE_TASK', task }), [{ type: 'EVENT_AI_GET_STATUS' }])
  return { mind, send }
}

function action(events: AiEvent[]) {
  const e = events[0]
  assert.ok(e && e.type === 'EVENT_AI_CONTROL', `an action, got ${JSON.stringify(events)}`)
  return e.action
}

const stop = (reason: string): ModEvent => ({ type: 'EVENT_PLAYER_BARITONE_TASK_STOP', reason })

describe('food knowledge', () => {
  test('raw meat cooks into better food; cooked and other safe food is ready; harmful food is neither', () => {
    assert.equal(cookedFormOf('minecraft:beef'), 'cooked_beef')
    assert.equal(cookedFormOf('chicken'), 'cooked_chicken')
    assert.equal(cookedFormOf('potato'), 'baked_potato')
    assert.equal(cookedFormOf('iron_ore'), null, 'not food')
    assert.ok(isRawFood('porkchop') && !isReadyFood('porkchop'))
    assert.ok(isReadyFood('cooked_porkchop') && isReadyFood('bread') && isReadyFood('apple'))
    assert.ok(!isReadyFood('rotten_flesh') && !isReadyFood('spider_eye') && !isReadyFood('stick'))
    assert.ok(foodPoints('cooked_beef') > foodPoints('beef'))
  })
})

describe('builtin mind: the food detour', () => {
  test(`hunger ≤ ${FOOD_LOW} and nothing to eat: scan for animals, hunt the nearest, cook the meat, then back to the goal`, async () => {
    const { send } = await mindWithTask('get 4 minecraft:stick')
    const scan = await send(heartbeat(FOOD_LOW, { oak_log: 4, cobblestone: 8 }))
    assert.deepEqual(scan, [{ type: 'EVENT_AI_GET_NEARBY_ENTITY', radius: 48, target_entity_id: ['minecraft:cow', 'minecraft:pig', 'minecraft:sheep', 'minecraft:chicken'] }])
    const hunt = action(
      await send({
        type: 'EVENT_PLAYER_SCAN_ENTITY',
        radius: 48,
        scanning_id: [],
        nearby_entities: [
          { id: 'minecraft:sheep', max_health: 8, current_health: 8, UUID_str: 'a', x: 40, y: 64, z: 20 },
          { id: 'minecraft:pig', max_health: 10, current_health: 10, UUID_str: 'b', x: 14, y: 64, z: 22 },
        ],
      }),
    )
    assert.deepEqual(hunt, { type: 'ACTION_COLLECT_ENTITY_LOOT', killingQuotas: [{ entity_id: 'minecraft:pig', needed_item: [{ item_name: 'minecraft:porkchop', count: 1 }] }] })
    assert.deepEqual(await send(stop('loot quotas met after 1 kill(s)')), [{ type: 'EVENT_AI_GET_STATUS' }])
    // with the porkchops: the furnace chain, first step crafting planks for the table
    const first = action(await send(heartbeat(9, { oak_log: 4, cobblestone: 8, porkchop: 2 })))
    assert.deepEqual(first, { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:oak_planks', count: 4 }] })
    await send(stop('crafted 4 minecraft:oak_planks'))
    // a furnace made (the steps between are the planner's): cook both porkchops
    const cook = action(await send(heartbeat(9, { oak_log: 2, oak_planks: 4, porkchop: 2, furnace: 1 })))
    assert.deepEqual(cook, { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:cooked_porkchop', count: 2 }] })
    await send(stop('smelted 2 minecraft:cooked_porkchop'))
    // cooked food carried: the eat reflex's business; the goal goes on
    const goal = action(await send(heartbeat(9, { oak_log: 3, oak_planks: 4, cooked_porkchop: 2 })))
    assert.deepEqual(goal, { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:stick', count: 4 }] })
  })

  test('an apple the golden apple needs is no meal while more than the last craft is left; with only the craft left the goal goes on', async () => {
    const far = await mindWithTask('get 1 minecraft:golden_apple')
    assert.equal(action(await far.send(heartbeat(20, {}))).type, 'ACTION_COLLECT_BLOCK')
    await far.send(stop('collected 5 minecraft:oak_log'))
    // the apple is in, the gold is not: hungry, it looks for an animal instead of counting on the apple
    assert.equal((await far.send(heartbeat(FOOD_LOW, { apple: 1, oak_log: 5 })))[0]?.type, 'EVENT_AI_GET_NEARBY_ENTITY')
    const near = await mindWithTask('get 1 minecraft:golden_apple')
    assert.equal(action(await near.send(heartbeat(20, { gold_ingot: 8, crafting_table: 1 }))).type, 'ACTION_COLLECT_BLOCK')
    await near.send(stop('collected 1 minecraft:apple'))
    assert.deepEqual(action(await near.send(heartbeat(FOOD_LOW, { gold_ingot: 8, crafting_table: 1, apple: 1 }))), {
      type: 'ACTION_CRAFTING',
      to_craft: [{ item_name: 'minecraft:golden_apple', count: 1 }],
    })
  })

  test('no animal around: walk elsewhere and look again; after four misses food waits and the goal goes on', async () => {
    const { send } = await mindWithTask('get 4 minecraft:stick')
    const none: ModEvent = { type: 'EVENT_PLAYER_SCAN_ENTITY', radius: 48, scanning_id: [], nearby_entities: [] }
    const moves: unknown[] = []
    for (let i = 0; i < 3; i++) {
      assert.equal((await send(heartbeat(5, { oak_planks: 2 })))[0]?.type, 'EVENT_AI_GET_NEARBY_ENTITY')
      const m = action(await send(none))
      assert.equal(m.type, 'ACTION_MOVE')
      moves.push(m)
      await send(stop('arrived'))
    }
    assert.equal(new Set(moves.map((m) => JSON.stringify(m))).size, 3, 'a new direction each time')
    assert.equal((await send(heartbeat(5, { oak_planks: 2 })))[0]?.type, 'EVENT_AI_GET_NEARBY_ENTITY')
    assert.deepEqual(await send(none), [{ type: 'EVENT_AI_GET_STATUS' }], 'the fourth miss: food waits')
    assert.deepEqual(action(await send(heartbeat(5, { oak_planks: 2 }))), { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:stick', count: 4 }] })
  })

  test('the goal waits for eggs: the food hunt spares the chickens (hunts the pig farther away, or looks elsewhere)', async () => {
    const { send } = await mindWithTask('get 1 minecraft:egg')
    const wait = action(await send(heartbeat(20, {})))
    assert.equal(wait.type, 'ACTION_COLLECT_BLOCK', 'the goal step: the egg, by the world means (wait by a chicken)')
    await send(stop('cancelled: interrupted by attack'))
    const scan = (entities: Array<[string, number]>): ModEvent => ({
      type: 'EVENT_PLAYER_SCAN_ENTITY',
      radius: 48,
      scanning_id: [],
      nearby_entities: entities.map(([id, x], i) => ({ id: `minecraft:${id}`, max_health: 4, current_health: 4, UUID_str: String(i), x, y: 64, z: 20 })),
    })
    assert.equal((await send(heartbeat(FOOD_LOW, {})))[0]?.type, 'EVENT_AI_GET_NEARBY_ENTITY')
    const hunt = action(await send(scan([['chicken', 12], ['chicken', 13], ['pig', 40]])))
    assert.deepEqual(hunt, { type: 'ACTION_COLLECT_ENTITY_LOOT', killingQuotas: [{ entity_id: 'minecraft:pig', needed_item: [{ item_name: 'minecraft:porkchop', count: 1 }] }] })
    await send(stop('cancelled: interrupted by attack'))
    assert.equal((await send(heartbeat(FOOD_LOW, {})))[0]?.type, 'EVENT_AI_GET_NEARBY_ENTITY')
    assert.equal(action(await send(scan([['chicken', 12]]))).type, 'ACTION_MOVE', 'only the chickens around: look elsewhere for food')
  })

  test('not hungry, or ready food carried: no detour', async () => {
    const { send } = await mindWithTask('get 4 minecraft:stick')
    assert.equal(action(await send(heartbeat(FOOD_LOW + 1, { oak_planks: 2 }))).type, 'ACTION_CRAFTING')
    const b = await mindWithTask('get 4 minecraft:stick')
    assert.equal(action(await b.send(heartbeat(3, { oak_planks: 2, bread: 1 }))).type, 'ACTION_CRAFTING')
  })
})

describe('builtin mind: reflex interruptions', () => {
  test('an action cut short by the shelter or strike-back is no failed attempt; real failures end the task after eight rounds elsewhere (a target not found)', async () => {
    const { send } = await mindWithTask('get 3 log')
    const collect = action(await send(heartbeat(20, {})))
    assert.equal(collect.type, 'ACTION_COLLECT_BLOCK')
    for (const reason of ['cancelled: interrupted by shelter', 'cancelled: interrupted by attack', 'cancelled: interrupted by moveToXZ', 'cancelled: interrupted by shelter']) {
      await send(stop(reason))
      assert.deepEqual(action(await send(heartbeat(20, {}))), collect, `the same collect again after "${reason}"`)
    }
    // real failures: the second is retried elsewhere (a move), the third… until the task fails
    await send(stop('no oak_log known within 64 blocks'))
    assert.equal(action(await send(heartbeat(20, {}))).type, 'ACTION_MOVE')
    await send(stop('arrived'))
    assert.deepEqual(action(await send(heartbeat(20, {}))), collect)
    await send(stop('no oak_log known within 64 blocks'))
    assert.equal(action(await send(heartbeat(20, {}))).type, 'ACTION_MOVE')
    await send(stop('arrived'))
    assert.deepEqual(action(await send(heartbeat(20, {}))), collect)
    await send(stop('no oak_log known within 64 blocks'))
    // every route dropped because its target was not found: eight times it looks farther away (the
    // spiral of the executor's searches) and tries the collect again, twice each
    for (let round = 1; round <= 8; round++) {
      assert.equal(action(await send(heartbeat(20, {}))).type, 'ACTION_MOVE', `round ${round}: elsewhere`)
      await send(stop('arrived'))
      for (let i = 0; i < 2; i++) {
        assert.deepEqual(action(await send(heartbeat(20, {}))), collect)
        await send(stop('no oak_log known within 64 blocks'))
      }
    }
    const end = await send(heartbeat(20, {}))
    assert.equal(end[0]?.type, 'EVENT_AI_STOP')
    assert.match((end[0] as { reason: string }).reason, /^failed: could not collect 3 log after 19 attempts/)
  })
})

describe('builtin mind: a death', () => {
  test('the link tells it where the bot died: it walks back there for the items, then plans again', async () => {
    const { mind, send } = await mindWithTask('get 8 minecraft:stick')
    const craft = action(await send(heartbeat(20, { oak_log: 3 }, { x: 30, y: 64, z: 20 })))
    assert.equal(craft.type, 'ACTION_CRAFTING')
    // a zombie kills it mid-craft in a cave: the logs lie at (30, 51, 20), 13 blocks under the surface;
    // it respawns at (10, 64, 20) with nothing
    mind.bodyDied('zombie', { x: 30.4, y: 51, z: 20.6 })
    await send(stop('cancelled: disconnected from the server'))
    const back = action(await send(heartbeat(20, {}, { x: 10, y: 64, z: 20 })))
    assert.deepEqual(back, { type: 'ACTION_MOVE', x: 30, y: 51, z: 20 }, 'to the spot itself, height included (not the surface above the cave)')
    await send(stop('arrived'))
    // the logs picked up: the plan goes on from them
    assert.equal(action(await send(heartbeat(20, { oak_log: 3 }, { x: 30, y: 51, z: 20 }))).type, 'ACTION_CRAFTING')
  })

  test('a death in lava leaves nothing to go back for: it plans from what it has', async () => {
    const { mind, send } = await mindWithTask('get 8 minecraft:stick')
    action(await send(heartbeat(20, { oak_log: 3 }, { x: 30, y: 64, z: 20 })))
    mind.bodyDied('lava', { x: 30, y: 12, z: 20, hazard: 'burnt in lava' })
    await send(stop('cancelled: disconnected from the server'))
    assert.equal(action(await send(heartbeat(20, {}, { x: 10, y: 64, z: 20 }))).type, 'ACTION_COLLECT_BLOCK')
  })
})

import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BodyStatus } from '../../src/minecraft/body/types.js'
import { lynxStatusOf } from '../../src/minecraft/links/lynxmind-status.js'
import type { StatusBody } from '../../src/protocols/lynxmind.js'
import {
  AI_EVENT_TYPES,
  HeartbeatEventSchema,
  AiEventStrictJsonSchema,
  type AiEvent,
  emitAiEvent,
  emitModEvent,
  heartbeatFromStatus,
  type HeartbeatEvent,
  type ModEvent,
  MOD_EVENT_TYPES,
  normalizeAiEvent,
  normalizeModEvent,
  parseLynxAiEvent,
  parseLynxModEvent,
  serializeAiEvent,
} from '../../src/protocols/lynxmind.js'

const dir = fileURLToPath(new URL('../fixtures/seeds/real-dialect/', import.meta.url))
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(dir + name, 'utf8')) as Record<string, unknown>

function okValue<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) assert.fail(r.error)
  return r.value
}

const status: StatusBody = {
  health: 19.5,
  maxHealth: 20,
  hunger: 17,
  maxHunger: 20,
  saturationLevel: 2.5,
  posX: 10.7,
  posY: 64,
  posZ: -3.2,
  yaw: 90,
  pitch: 0,
  inventory_hotbar: [{ item_stack: { item_name: 'minecraft:oak_log', count: 3 }, l_slot: { slotType: 'INVENTORY_HOTBAR', id: 0 } }],
  inventory_inner: [
    {
      item_stack: { item_name: 'minecraft:dirt', count: 64 },
      l_slot: { slotType: 'INVENTORY_INNER', id: 2, complexContainerType: 'PLAYER_INFO' },
    },
  ],
  inventory_equipment: [],
  current_baritone_task: {
    type: 'BSTATUS_CRAFTING',
    to_crafting: [{ item_name: 'minecraft:oak_planks', count: 4 }],
    craft_failed: [],
    craft_success: [],
  },
}

describe('Body contract interop', () => {
  test('the neutral body status renders as a valid heartbeat', () => {
    const body: BodyStatus = {
      connected: true, health: 19.5, maxHealth: 20, food: 17, maxFood: 20, saturation: 2.5, position: { x: 10.7, y: 64, z: -3.2 }, yaw: 90, pitch: 0,
      dimension: 'overworld', timeOfDay: 6000, day: 1,
      inventory: [{ slot: 36, name: 'minecraft:oak_log', count: 3 }, { slot: 11, name: 'minecraft:dirt', count: 64 }, { slot: 45, name: 'minecraft:shield', count: 1 }, { slot: 1, name: 'minecraft:stick', count: 1 }],
      equipment: { hand: 'minecraft:oak_log', offHand: 'minecraft:shield', head: null, torso: null, legs: null, feet: null },
      activity: { kind: 'crafting', wanted: [{ name: 'oak_planks', count: 4 }], crafted: [], failed: [] },
      action: { skill: 'craft', startedAt: 0 },
    }
    const hb = HeartbeatEventSchema.parse(heartbeatFromStatus(lynxStatusOf(body)))
    assert.deepEqual([hb.posX, hb.posY, hb.posZ], [10, 64, -4])
    assert.deepEqual(hb.inventory_hotbar, [{ item_stack: { item_name: 'minecraft:oak_log', count: 3 }, l_slot: { slotType: 'INVENTORY_HOTBAR', id: 0, complexContainerType: 'PLAYER_INFO' } }])
    assert.deepEqual(hb.inventory_inner.map((e) => e.l_slot.id), [2])
    assert.deepEqual(hb.inventory_equipment.map((e) => e.l_slot.id), [4])
    assert.deepEqual(hb.current_baritone_task, { type: 'BSTATUS_CRAFTING', to_crafting: [{ item_name: 'minecraft:oak_planks', count: 4 }], craft_failed: [], craft_success: [] })
  })

  test('a heartbeat body survives both dialects', () => {
    const hb: HeartbeatEvent = heartbeatFromStatus(status)
    const back: StatusBody = hb
    assert.equal(back.posX, 10.7)
    for (const dialect of ['seed', 'mod'] as const) {
      const wire = JSON.parse(JSON.stringify(emitModEvent(hb, { dialect }))) as unknown
      const again = okValue(normalizeModEvent(wire))
      // the seed form always carries a container type: a missing one is written as PLAYER_INFO
      const withContainer = structuredClone(hb)
      withContainer.inventory_hotbar[0]!.l_slot.complexContainerType = 'PLAYER_INFO'
      const expected = dialect === 'mod' ? { ...hb, posX: 10, posZ: -4 } : withContainer
      assert.deepEqual(again, expected, `${dialect} wire form normalizes back`)
    }
  })

  test('seed emission writes LSlotType prefixes and the container type beside l_slot', () => {
    const wire = emitModEvent(heartbeatFromStatus(status)) as { inventory_hotbar: unknown[]; inventory_inner: unknown[] }
    assert.deepEqual(wire.inventory_hotbar[0], {
      item_stack: { item_name: 'minecraft:oak_log', count: 3 },
      l_slot: { slotType: 'LSlotType.INVENTORY_HOTBAR', id: 0 },
      complexContainerType: 'ComplexContainerType.PLAYER_INFO',
    })
    assert.ok('current_baritone_task' in wire)
  })

  test('mod emission: bare slot types, container inside l_slot, integer block positions, current_baritone_status', () => {
    const wire = emitModEvent(heartbeatFromStatus(status), { dialect: 'mod' }) as Record<string, unknown>
    assert.deepEqual((wire.inventory_inner as unknown[])[0], {
      item_stack: { item_name: 'minecraft:dirt', count: 64 },
      l_slot: { slotType: 'INVENTORY_INNER', id: 2, complexContainerType: 'PLAYER_INFO' },
    })
    assert.deepEqual([wire.posX, wire.posY, wire.posZ], [10, 64, -4])
    assert.ok(!('current_baritone_task' in wire))
    assert.equal((wire.current_baritone_status as { type: string }).type, 'BSTATUS_CRAFTING')
  })
})

describe('real mod dialect', () => {
  const sameInModDialect = [
    'lynx-mod-01-create-task.json',
    'lynx-mod-02-heartbeat.json',
    'lynx-mod-03-atask-stop.json',
    'lynx-mod-06-scan-block.json',
    'lynx-mod-07-scan-block-summary.json',
    'lynx-mod-08-scan-entity.json',
    'lynx-mod-09-strike-back-list.json',
  ]
  for (const name of sameInModDialect) {
    test(`${name}: normalizes, and emits back identically with dialect 'mod'`, () => {
      const wire = fixture(name)
      const event = okValue(normalizeModEvent(wire))
      assert.deepEqual(emitModEvent(event, { dialect: 'mod' }), wire)
    })
  }

  test('create task: canonical name is the seed one', () => {
    const e = okValue(normalizeModEvent(fixture('lynx-mod-01-create-task.json')))
    assert.deepEqual(e, { type: 'EVENT_PLAYER_STATUS_CREATE_TASK', task: 'collect 3 oak logs' })
    assert.deepEqual(emitModEvent(e), { type: 'EVENT_PLAYER_STATUS_CREATE_TASK', task: 'collect 3 oak logs' })
  })

  test('heartbeat: current_baritone_status and the nested entity scan', () => {
    const e = okValue(normalizeModEvent(fixture('lynx-mod-02-heartbeat.json')))
    assert.equal(e.type, 'EVENT_PLAYER_STATUS_HEARTBEAT')
    if (e.type !== 'EVENT_PLAYER_STATUS_HEARTBEAT') return
    assert.deepEqual(e.current_baritone_task, { type: 'BSTATUS_PATHING_TO_XZ', x: 126, z: 355 })
    assert.equal(e.nearby_entities?.[0]?.id, 'minecraft:zombie')
    const seed = emitModEvent(e) as Record<string, unknown>
    assert.ok(Array.isArray(seed.nearby_entities), 'seed form carries the plain list')
    assert.equal((seed.inventory_hotbar as Array<{ l_slot: { slotType: string } }>)[0]!.l_slot.slotType, 'LSlotType.INVENTORY_HOTBAR')
  })

  test('task stop: ATASK name and chained_action ↔ seed name and linked_action', () => {
    for (const name of ['lynx-mod-03-atask-stop.json', 'lynx-mod-04-baritone-task-stop-chained.json']) {
      const e = okValue(normalizeModEvent(fixture(name)))
      assert.equal(e.type, 'EVENT_PLAYER_BARITONE_TASK_STOP')
      const seed = emitModEvent(e)
      assert.equal(seed.type, 'EVENT_PLAYER_BARITONE_TASK_STOP')
      assert.ok('linked_action' in seed && !('chained_action' in seed))
    }
  })

  test('pickup accepts item_name and emits name', () => {
    const e = okValue(normalizeModEvent(fixture('lynx-mod-05-pickup-item-name.json')))
    assert.deepEqual(e, { type: 'EVENT_PLAYER_PICKUP_ITEM', name: 'minecraft:oak_log', count: 1 })
    assert.deepEqual(emitModEvent(e, { dialect: 'mod' }), e)
  })

  const aiFixtures = [
    'lynx-ai-01-control-stop-atask.json',
    'lynx-ai-02-control-move-xz.json',
    'lynx-ai-03-control-entity-loot.json',
    'lynx-ai-04-control-murder.json',
    'lynx-ai-05-get-nearby-block.json',
    'lynx-ai-06-get-nearby-entity.json',
    'lynx-ai-07-add-strike-back.json',
    'lynx-ai-08-remove-strike-back.json',
    'lynx-ai-09-get-strike-back-list.json',
  ]
  for (const name of aiFixtures) {
    test(`${name}: normalizes, and emits back identically with dialect 'mod'`, () => {
      const wire = fixture(name)
      const e = okValue(normalizeAiEvent(wire))
      assert.deepEqual(emitAiEvent(e, { dialect: 'mod' }), wire)
    })
  }

  test('ACTION_STOP_ATASK is canonically ACTION_STOP_BARITONE; seed emission uses the seed name', () => {
    const e = okValue(normalizeAiEvent(fixture('lynx-ai-01-control-stop-atask.json')))
    assert.deepEqual(e, { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_STOP_BARITONE' }, plans: 'stop and rethink' })
    assert.equal(serializeAiEvent(e), '{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_STOP_BARITONE"},"plans":"stop and rethink"}')
  })

  test('ACTION_MOVE without y means "path to XZ"', () => {
    const e = okValue(normalizeAiEvent(fixture('lynx-ai-02-control-move-xz.json')))
    assert.ok(e.type === 'EVENT_AI_CONTROL' && e.action.type === 'ACTION_MOVE')
    if (e.type === 'EVENT_AI_CONTROL' && e.action.type === 'ACTION_MOVE') assert.equal(e.action.y, undefined)
  })

  test('early mod shape: actions as a one-element list becomes action; more than one is refused', () => {
    const one = okValue(normalizeAiEvent({ type: 'EVENT_AI_CONTROL', actions: [{ type: 'ACTION_STOP_ATASK' }] }))
    assert.deepEqual(one, { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_STOP_BARITONE' } })
    const two = normalizeAiEvent({ type: 'EVENT_AI_CONTROL', actions: [{ type: 'ACTION_STOP_ATASK' }, { type: 'ACTION_MOVE', x: 1, z: 1 }] })
    assert.ok(!two.ok && two.kind === 'invalid')
    if (!two.ok) assert.match(two.error, /at action: required object is missing/)
  })

  test('item entries written with name become item_name', () => {
    const e = okValue(normalizeAiEvent(fixture('lynx-ai-10-collect-name-alias.json')))
    assert.deepEqual(e, { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'log', count: 4 }] } })
  })
})

describe('unknown type vs invalid', () => {
  test('a well-formed event with an unknown type is reported as unknown_type, not invalid', () => {
    const r = normalizeAiEvent({ type: 'EVENT_AI_DANCE', style: 'waltz' })
    assert.equal(r.ok, false)
    if (!r.ok) {
      assert.equal(r.kind, 'unknown_type')
      if (r.kind === 'unknown_type') assert.equal(r.type, 'EVENT_AI_DANCE')
    }
    const m = normalizeModEvent({ type: 'EVENT_PLAYER_FUTURE_THING' })
    assert.ok(!m.ok && m.kind === 'unknown_type')
  })

  test('a known type with bad fields is invalid, naming field and rule', () => {
    const r = normalizeAiEvent({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: '1', z: 2 } })
    assert.ok(!r.ok && r.kind === 'invalid')
    if (!r.ok) assert.match(r.error, /at action\.x: expected number, got string/)
  })

  test('an unknown action type inside a known event is invalid and lists the allowed actions', () => {
    const r = normalizeAiEvent({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_FLY' } })
    assert.ok(!r.ok && r.kind === 'invalid')
    if (!r.ok) assert.match(r.error, /at action\.type: must be one of .*ACTION_MOVE/)
  })

  test('non-objects are invalid', () => {
    for (const v of [null, 42, 'NONE', [], { noType: true }, { type: 7 }]) {
      const r = normalizeAiEvent(v)
      assert.ok(!r.ok && r.kind === 'invalid', JSON.stringify(v))
    }
  })
})

describe('parseLynxAiEvent (model text)', () => {
  test('fenced JSON with a comment and trailing comma is accepted and marked repaired', () => {
    const text = 'Sure!\n```json\n{\n  "type": "EVENT_AI_CONTROL", // move\n  "action": {"type": "ACTION_MOVE", "x": 1, "y": 64, "z": 2,},\n}\n```'
    const r = parseLynxAiEvent(text)
    assert.ok(r.ok, r.ok ? '' : r.error)
    if (r.ok) {
      assert.equal(r.repaired, true)
      assert.deepEqual(r.value, { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: 1, y: 64, z: 2 } })
    }
  })

  test('strict JSON is not marked repaired', () => {
    const r = parseLynxAiEvent('{"type":"NONE"}')
    assert.deepEqual(r, { ok: true, value: { type: 'NONE' }, repaired: false })
  })

  test('unknown type text → unknown_type (the mod ignores these)', () => {
    const r = parseLynxAiEvent('{"type":"EVENT_AI_SING","song":"la"}')
    assert.ok(!r.ok && r.kind === 'unknown_type')
  })

  test('an invalid answer gets a correction naming field, rule and the expected shape', () => {
    const r = parseLynxAiEvent('{"type":"EVENT_AI_GET_NEARBY_BLOCK","radius":0,"target_block_id":"oak_log"}')
    assert.ok(!r.ok && r.kind === 'invalid')
    if (r.ok) return
    assert.match(r.error, /at radius: must be >= 1/)
    assert.match(r.error, /at target_block_id: expected array, got string/)
    assert.match(r.error, /EVENT_AI_GET_NEARBY_BLOCK/)
  })

  test('prose without JSON is invalid, never a throw', () => {
    const r = parseLynxAiEvent('I will move north now.')
    assert.ok(!r.ok && r.kind === 'invalid')
  })

  test('strict-mode answers (unused fields as null) are accepted', () => {
    const r = parseLynxAiEvent(
      '{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_MOVE","x":5,"y":null,"z":6},"plans":null,"reason":null,"radius":null,"target_block_id":null,"target_entity_id":null,"UUID_str_list":null}',
    )
    assert.ok(r.ok, r.ok ? '' : r.error)
    if (r.ok) assert.deepEqual(r.value, { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: 5, z: 6 } })
    assert.equal(AiEventStrictJsonSchema.strict, true)
  })

  test('parseLynxModEvent reads the mod dialect', () => {
    const r = parseLynxModEvent(readFileSync(dir + 'lynx-mod-03-atask-stop.json', 'utf8'))
    assert.ok(r.ok)
    if (r.ok) assert.equal(r.value.type, 'EVENT_PLAYER_BARITONE_TASK_STOP')
  })
})

test('type lists are complete', () => {
  assert.equal(AI_EVENT_TYPES.length, 10)
  assert.equal(MOD_EVENT_TYPES.length, 8)
  // compile-time exhaustiveness: every type has an emitter branch
  const ai: AiEvent = { type: 'NONE' }
  const mod: ModEvent = { type: 'EVENT_PLAYER_REMOVE_TASK' }
  assert.deepEqual(emitAiEvent(ai), ai)
  assert.deepEqual(emitModEvent(mod), mod)
})

// Property tests: for any canonical message, emitting it (in either dialect), sending it
// as JSON text and normalizing it again gives the same canonical message.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import {
  type Action,
  type AiEvent,
  type CurrentTask,
  emitAiEvent,
  emitModEvent,
  type ModEvent,
  normalizeAiEvent,
  normalizeModEvent,
  type SlotEntry,
} from '../../src/protocols/lynxmind.js'
import { type BrainFile, emitBrainFile, normalizeBrainFile, createBrainFile, type Task } from '../../src/protocols/brainfile.js'

const id = fc.constantFrom('minecraft:oak_log', 'log', 'minecraft:diamond_ore', 'stick', 'minecraft:zombie')
const coord = fc.oneof(fc.integer({ min: -30_000, max: 30_000 }), fc.double({ min: -3e4, max: 3e4, noNaN: true, noDefaultInfinity: true }))
const request = fc.record({ item_name: id, count: fc.integer({ min: 1, max: 2304 }) })
const itemCount = fc.record({ item_name: id, count: fc.integer({ min: 0, max: 2304 }) })
const uuid = fc.uuid()

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constant({ type: 'ACTION_STOP_BARITONE' as const }),
  fc.record({ type: fc.constant('ACTION_MOVE' as const), x: coord, y: coord, z: coord }),
  fc.record({ type: fc.constant('ACTION_MOVE' as const), x: coord, z: coord }),
  fc.record({ type: fc.constant('ACTION_COLLECT_BLOCK' as const), needed_blocks: fc.array(request, { minLength: 1, maxLength: 3 }) }),
  fc.record(
    {
      type: fc.constant('ACTION_CRAFTING' as const),
      to_craft: fc.array(request, { minLength: 1, maxLength: 3 }),
      craft_failed: fc.array(itemCount, { maxLength: 2 }),
      craft_success: fc.array(itemCount, { maxLength: 2 }),
    },
    { requiredKeys: ['type', 'to_craft'] },
  ),
  fc.record({
    type: fc.constant('ACTION_COLLECT_ENTITY_LOOT' as const),
    killingQuotas: fc.array(fc.record({ entity_id: id, needed_item: fc.array(request, { maxLength: 2 }) }), { minLength: 1, maxLength: 2 }),
  }),
  fc.record({ type: fc.constant('ACTION_MURDER' as const), uuid_str_list: fc.array(uuid, { minLength: 1, maxLength: 3 }) }),
)

const aiEvent: fc.Arbitrary<AiEvent> = fc.oneof(
  fc.constantFrom<AiEvent>({ type: 'EVENT_AI_START' }, { type: 'NONE' }, { type: 'EVENT_AI_GET_STATUS' }, { type: 'EVENT_AI_GET_STRIKE_BACK_TARGET_LIST' }),
  fc.record({ type: fc.constant('EVENT_AI_CONTROL' as const), action, plans: fc.string() }, { requiredKeys: ['type', 'action'] }),
  fc.record({ type: fc.constant('EVENT_AI_STOP' as const), reason: fc.string() }),
  fc.record({ type: fc.constant('EVENT_AI_GET_NEARBY_BLOCK' as const), radius: fc.integer({ min: 1, max: 256 }), target_block_id: fc.array(id) }),
  fc.record({ type: fc.constant('EVENT_AI_GET_NEARBY_ENTITY' as const), radius: fc.integer({ min: 1, max: 256 }), target_entity_id: fc.array(id) }),
  fc.record({ type: fc.constantFrom('EVENT_AI_ADD_STRIKE_BACK_TARGET' as const, 'EVENT_AI_REMOVE_STRIKE_BACK_TARGET' as const), UUID_str_list: fc.array(uuid, { minLength: 1 }) }),
)

const slot = (slotType: SlotEntry['l_slot']['slotType']): fc.Arbitrary<SlotEntry> =>
  fc.record({
    item_stack: itemCount,
    l_slot: fc.record({ slotType: fc.constant(slotType), id: fc.nat(35), complexContainerType: fc.constantFrom('PLAYER_INFO', 'CHEST') }),
  })

const currentTask: fc.Arbitrary<CurrentTask> = fc.oneof(
  fc.constant({ type: 'NONE' as const }),
  fc.record({ type: fc.constant('BSTATUS_MINING' as const), mining_block_name: id }),
  fc.record({ type: fc.constant('BSTATUS_FINDING_NEEDED_BLOCKS' as const), needed_blocks: fc.array(itemCount, { maxLength: 3 }) }),
  fc.record({
    type: fc.constant('BSTATUS_CRAFTING' as const),
    to_crafting: fc.array(itemCount, { maxLength: 2 }),
    craft_failed: fc.array(itemCount, { maxLength: 2 }),
    craft_success: fc.array(itemCount, { maxLength: 2 }),
  }),
  fc.record({ type: fc.constant('BSTATUS_PATHING_TO_GOAL' as const), x: coord, y: coord, z: coord }),
  fc.record({ type: fc.constant('BSTATUS_PATHING_TO_XZ' as const), x: coord, z: coord }),
)

const intCoord = fc.integer({ min: -30_000, max: 30_000 })
const entity = fc.record({ id, max_health: fc.integer({ min: 1, max: 100 }), current_health: fc.integer({ min: 0, max: 100 }), UUID_str: uuid, x: coord, y: coord, z: coord })

/** Positions are integers here so the mod dialect (block coordinates) is lossless too. */
const modEvent: fc.Arbitrary<ModEvent> = fc.oneof(
  fc.record({ type: fc.constant('EVENT_PLAYER_STATUS_CREATE_TASK' as const), task: fc.string() }),
  fc.constant({ type: 'EVENT_PLAYER_REMOVE_TASK' as const }),
  fc.record(
    {
      type: fc.constant('EVENT_PLAYER_STATUS_HEARTBEAT' as const),
      health: fc.integer({ min: 0, max: 20 }),
      maxHealth: fc.constant(20),
      hunger: fc.integer({ min: 0, max: 20 }),
      maxHunger: fc.constant(20),
      saturationLevel: fc.double({ min: 0, max: 20, noNaN: true }),
      posX: intCoord,
      posY: fc.integer({ min: -64, max: 320 }),
      posZ: intCoord,
      yaw: fc.double({ min: -180, max: 180, noNaN: true }),
      pitch: fc.double({ min: -90, max: 90, noNaN: true }),
      inventory_hotbar: fc.array(slot('INVENTORY_HOTBAR'), { maxLength: 3 }),
      inventory_inner: fc.array(slot('INVENTORY_INNER'), { maxLength: 3 }),
      inventory_equipment: fc.array(slot('INVENTORY_EQUIPMENT'), { maxLength: 2 }),
      current_baritone_task: currentTask,
      nearby_entities: fc.array(entity, { maxLength: 2 }),
    },
    { requiredKeys: ['type', 'health', 'maxHealth', 'hunger', 'maxHunger', 'saturationLevel', 'posX', 'posY', 'posZ', 'yaw', 'pitch', 'inventory_hotbar', 'inventory_inner', 'inventory_equipment', 'current_baritone_task'] },
  ),
  fc.record({ type: fc.constant('EVENT_PLAYER_PICKUP_ITEM' as const), name: id, count: fc.nat(64) }),
  fc.record({ type: fc.constant('EVENT_PLAYER_BARITONE_TASK_STOP' as const), reason: fc.string(), linked_action: action }, { requiredKeys: ['type', 'reason'] }),
  fc.record({ type: fc.constant('EVENT_PLAYER_SCAN_BLOCK' as const), radius: fc.nat(64), scanning_id: fc.array(id), nearby_blocks: fc.array(fc.record({ id, x: coord, y: coord, z: coord }), { maxLength: 3 }), summary: fc.string() }, { requiredKeys: ['type', 'radius', 'scanning_id', 'nearby_blocks'] }),
  fc.record({ type: fc.constant('EVENT_PLAYER_SCAN_ENTITY' as const), radius: fc.nat(64), scanning_id: fc.array(id), nearby_entities: fc.array(entity, { maxLength: 3 }) }),
  fc.record({ type: fc.constant('EVENT_PLAYER_REPLY_STRIKE_BACK_TARGET_LIST' as const), strike_back_target_list: fc.array(uuid) }),
)

function viaText(wire: unknown): unknown {
  return JSON.parse(JSON.stringify(wire)) as unknown
}

for (const dialect of ['seed', 'mod'] as const) {
  test(`AI events: emit (${dialect}) → JSON → normalize is the identity`, () => {
    fc.assert(
      fc.property(aiEvent, (e) => {
        const r = normalizeAiEvent(viaText(emitAiEvent(e, { dialect })))
        assert.ok(r.ok, r.ok ? '' : r.error)
        assert.deepEqual(r.value, viaText(e))
      }),
      { numRuns: 300 },
    )
  })

  test(`mod events: emit (${dialect}) → JSON → normalize is the identity`, () => {
    fc.assert(
      fc.property(modEvent, (e) => {
        const r = normalizeModEvent(viaText(emitModEvent(e, { dialect })))
        assert.ok(r.ok, r.ok ? '' : r.error)
        assert.deepEqual(r.value, viaText(e))
      }),
      { numRuns: 300 },
    )
  })
}

test('brain files: emit (document and plugin) → JSON → normalize is the identity', () => {
  const task: fc.Arbitrary<Task> = fc.oneof(
    fc.record({ id: fc.nat(), type: fc.constantFrom('MINE_WOOD' as const, 'MOVE_TO' as const), parameters: fc.record({ x: intCoord, y: intCoord, z: intCoord }), reason: fc.string(), status: fc.constantFrom('pending' as const, 'in_progress' as const, 'completed' as const, 'failed' as const) }),
    fc.record({ id: fc.nat(), type: fc.constant('CHAT' as const), parameters: fc.record({ message: fc.string({ minLength: 1 }).filter((s) => s.trim() === s && s !== '') }), reason: fc.string(), status: fc.constant('pending' as const), created_at: fc.nat() }),
  )
  fc.assert(
    fc.property(fc.array(task, { maxLength: 4 }), fc.dictionary(fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom('constructor', 'toString', 'hasOwnProperty', 'lastChecked')).filter((k) => k !== '__proto__'), fc.jsonValue()), (tasks, extra) => {
      const brain: BrainFile = { ...createBrainFile(), tasks, memory: { ...extra, current_position: { x: 1, y: 2, z: 3 } } }
      for (const dialect of ['document', 'plugin'] as const) {
        const r = normalizeBrainFile(viaText(emitBrainFile(brain, { dialect })))
        assert.ok(r.ok, r.ok ? '' : r.error)
        assert.deepEqual(r.value, viaText(brain))
      }
    }),
    { numRuns: 200 },
  )
})

test('a "__proto__" key in free-form memory is dropped (zod refuses it), never turned into a prototype', () => {
  const r = normalizeBrainFile({ ...createBrainFile(), memory: JSON.parse('{"__proto__": {"polluted": true}, "note": "x"}') as unknown })
  assert.ok(r.ok)
  if (!r.ok) return
  assert.deepEqual(Object.keys(r.value.memory), ['note'])
  assert.equal(Object.getPrototypeOf(r.value.memory), Object.prototype)
  assert.equal(({} as Record<string, unknown>).polluted, undefined)
})

import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  BrainFileSchema,
  BrainReplyJsonSchema,
  checkTask,
  createBrainFile,
  emitBrainFile,
  normalizeBrainFile,
  normalizeBrainReply,
  parseBrainReply,
  serializeBrainFile,
  TASK_TYPES,
} from '../../src/protocols/brainfile.js'

const dir = fileURLToPath(new URL('../fixtures/seeds/real-dialect/', import.meta.url))
const read = (name: string): string => readFileSync(dir + name, 'utf8')

describe('brain file: plugin dialect', () => {
  test('camelCase keys, upper-case statuses and createdAt normalize to the document form', () => {
    const r = normalizeBrainFile(JSON.parse(read('brain-plugin-01-file.json')))
    assert.ok(r.ok, r.ok ? '' : r.error)
    if (!r.ok) return
    const b = r.value
    assert.equal(b.rules.vision_rules, 'visionは常に更新されます。')
    assert.equal(b.vision.blocks?.visible_blocks[0]?.world_position.x, -13)
    assert.equal((b.memory.inventory_state as { last_checked?: string }).last_checked, '2025-11-11T10:25:00')
    assert.deepEqual(b.memory.favouriteTree, { someCamelKey: 'kept as written' }, 'free-form memory is not renamed')
    assert.deepEqual(
      b.tasks.map((t) => [t.id, t.type, t.status, t.created_at]),
      [
        [1, 'MOVE_TO', 'in_progress', 1762857000000],
        [2, 'WAIT', 'pending', 1762857001000],
      ],
    )
  })

  test("emits the document's form by default and the plugin's on request (round trip)", () => {
    const wire = JSON.parse(read('brain-plugin-01-file.json')) as Record<string, unknown>
    const r = normalizeBrainFile(wire)
    assert.ok(r.ok)
    if (!r.ok) return
    assert.deepEqual(emitBrainFile(r.value, { dialect: 'plugin' }), wire)
    const doc = emitBrainFile(r.value) as { tasks: Array<Record<string, unknown>>; rules: Record<string, unknown> }
    assert.equal(doc.tasks[0]!.status, 'in_progress')
    assert.ok('vision_rules' in doc.rules && !('visionRules' in doc.rules))
    const again = normalizeBrainFile(JSON.parse(serializeBrainFile(r.value)))
    assert.deepEqual(again, r)
  })

  test('createBrainFile is a valid brain with every supported task type', () => {
    const b = createBrainFile()
    assert.ok(BrainFileSchema.safeParse(b).success)
    assert.deepEqual(
      b.rules.available_tasks.map((t) => (typeof t === 'string' ? t : t.type)),
      [...TASK_TYPES],
    )
    assert.ok(TASK_TYPES.includes('WAIT'))
    assert.deepEqual(Object.keys(b.memory), ['important_locations', 'player_requests', 'inventory_state'])
  })

  test("the real plugin's file: memory.data wrapper, OAK_LOG names, nearbyItems, entity_name", () => {
    const wire = {
      rules: { description: 'd', visionRules: 'v', memoryRules: 'm', taskRules: 't', availableTasks: ['MINE_WOOD'] },
      vision: {
        chat: [],
        blocks: {
          viewDistance: 10,
          viewDirection: { yaw: 0, pitch: 0 },
          visibleBlocks: [{ relativePosition: { x: 1, y: 0, z: 0 }, worldPosition: { x: 5, y: 64, z: 2 }, blockType: 'OAK_LOG', distance: 1 }],
          nearbyItems: [{ worldPosition: { x: 1, y: 64, z: 1 }, entityType: 'DROPPED_ITEM', name: 'OAK_LOG', count: 2, distance: 1.5 }],
          nearbyPlayers: [],
          botPosition: { x: 4, y: 64, z: 2 },
        },
      },
      memory: { data: { important_locations: [], inventory_state: ['OAK_LOG x2'], current_position: { x: 4, y: 64, z: 2 }, myKey: 1 } },
      tasks: [{ id: 7, type: 'GET_ENTITY_POSITION', parameters: { entity_name: 'Steve' }, reason: 'r', status: 'PENDING', createdAt: 1 }],
    }
    const r = normalizeBrainFile(wire)
    assert.ok(r.ok, r.ok ? '' : r.error)
    if (!r.ok) return
    assert.equal(r.value.vision.blocks?.visible_blocks[0]?.block_type, 'minecraft:oak_log')
    assert.deepEqual(r.value.memory.current_position, { x: 4, y: 64, z: 2 })
    assert.equal(r.value.memory.myKey, 1)
    assert.deepEqual(r.value.tasks[0]!.parameters, { entity_selector: 'Steve' })
    const c = checkTask(r.value.tasks[0]!)
    assert.ok(c.ok && c.task.type === 'GET_ENTITY_POSITION' && c.task.parameters.entity_selector === 'Steve')
  })

  test('bad task status and bad parameters name field and rule', () => {
    const b = createBrainFile() as unknown as Record<string, unknown>
    b.tasks = [
      { id: 1, type: 'MOVE_TO', parameters: { x: 1, y: 2 }, reason: '', status: 'DONE' },
      { id: 2, type: 'FLY', parameters: {}, status: 'pending' },
    ]
    const r = normalizeBrainFile(b)
    assert.ok(!r.ok)
    if (r.ok) return
    assert.match(r.error, /at tasks\[0\]\.status: must be one of "pending" \| "in_progress" \| "completed" \| "failed", got "done"/)
    // type and parameters are checked per task when it runs (an edited file keeps every task)
    const ok = normalizeBrainFile({ ...b, tasks: [{ ...(b.tasks as object[])[0], status: 'pending' }, (b.tasks as object[])[1]] })
    assert.ok(ok.ok, ok.ok ? '' : ok.error)
    if (!ok.ok) return
    const [move, fly] = ok.value.tasks.map(checkTask)
    assert.ok(!move!.ok && /at parameters\.z: required number is missing/.test(move!.error), JSON.stringify(move))
    assert.ok(!fly!.ok && /unknown task type "FLY"; use one of MINE_WOOD/.test(fly!.error), JSON.stringify(fly))
    const partial = checkTask({ type: 'MINE_WOOD', parameters: { x: 1 } })
    assert.ok(!partial.ok && /give all of x, y, z or none/.test(partial.error), JSON.stringify(partial))
    assert.ok(checkTask({ type: 'mine_wood', parameters: {} }).ok)
    assert.deepEqual(checkTask({ type: 'COLLECT', parameters: { item: 'log', count: '3' } }), { ok: true, task: { type: 'COLLECT', parameters: { block: 'log', count: 3 } } })
  })
})

describe('brain reply', () => {
  test('new_tasks with typed parameters', () => {
    const r = parseBrainReply(read('brain-reply-01-new-tasks.json'))
    assert.ok(r.ok)
    if (!r.ok) return
    assert.deepEqual(r.rejected, [])
    assert.deepEqual(
      r.value.new_tasks.map((t) => t.type),
      ['MOVE_TO', 'MINE_WOOD'],
    )
    assert.ok(Array.isArray(r.value.memory_updates.player_requests))
    assert.equal(r.repaired, false)
  })

  test('new_task (singular) is accepted', () => {
    const r = parseBrainReply(read('brain-reply-02-new-task-singular.json'))
    assert.ok(r.ok)
    if (r.ok) {
      assert.deepEqual(r.value.new_tasks, [{ type: 'CHAT', parameters: { message: 'こんにちは' }, reason: 'greet' }])
      assert.deepEqual(r.value.memory_updates, {})
    }
  })

  test('JSON in a code fence after prose; lower-case types and quoted coordinates are tolerated', () => {
    const text =
      'I think I should get wood.\n```json\n{"thought":"wood","new_tasks":[{"type":"mine_wood","parameters":{"x":"-13","y":"-55","z":"47"}},{"type":"GET_POSITION"}]}\n```'
    const r = parseBrainReply(text)
    assert.ok(r.ok)
    if (!r.ok) return
    assert.equal(r.repaired, true)
    assert.deepEqual(r.value.new_tasks, [
      { type: 'MINE_WOOD', parameters: { x: -13, y: -55, z: 47 } },
      { type: 'GET_POSITION', parameters: {} },
    ])
  })

  test('invalid tasks are rejected one by one; valid ones are kept', () => {
    const r = normalizeBrainReply({
      thought: 't',
      new_tasks: [
        { type: 'CHAT', parameters: { message: 'hi' } },
        { type: 'MOVE_TO', parameters: { x: 1, y: 'up', z: 3 } },
        { type: 'TELEPORT', parameters: {} },
      ],
    })
    assert.ok(r.ok)
    if (!r.ok) return
    assert.equal(r.value.new_tasks.length, 1)
    assert.deepEqual(
      r.rejected.map((x) => x.index),
      [1, 2],
    )
    assert.match(r.rejected[0]!.error, /at new_tasks\[1\]\.parameters\.y: expected number, got string/)
    assert.match(r.rejected[1]!.error, /at new_tasks\[2\]\.type: must be one of/)
  })

  test('a reply that is not an object, or whose fields have the wrong types, is invalid', () => {
    const a = parseBrainReply('no json here')
    assert.ok(!a.ok)
    const b = parseBrainReply('{"thought": 5, "memory_updates": []}')
    assert.ok(!b.ok)
    if (!b.ok) {
      assert.match(b.error, /at thought: expected string, got number/)
      assert.match(b.error, /at memory_updates: expected record, got array|at memory_updates: expected object/)
    }
    const c = parseBrainReply('{"new_tasks": "MOVE_TO"}')
    assert.ok(!c.ok)
    if (!c.ok) assert.match(c.error, /at new_tasks: expected array/)
  })

  test('strict-mode nulls in tasks are dropped', () => {
    const r = normalizeBrainReply({ thought: null, new_tasks: [{ type: 'WAIT', parameters: { seconds: null }, reason: null }] })
    assert.ok(r.ok)
    if (r.ok) assert.deepEqual(r.value, { thought: '', memory_updates: {}, new_tasks: [{ type: 'WAIT', parameters: {} }] })
  })

  test('the reply JSON Schema lists every task type', () => {
    const s = JSON.stringify(BrainReplyJsonSchema.schema)
    for (const t of TASK_TYPES) assert.ok(s.includes(`"${t}"`), t)
    assert.equal(BrainReplyJsonSchema.strict, false, 'memory_updates is an open record: not strict-mode eligible')
  })
})

// Every JSON example of the three seed documents, copied verbatim into
// test/fixtures/seeds/<seed>/, parses (tolerantly where the seed itself is not valid
// JSON), validates against the right schema, and round-trips to the seed's form.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseModelJson } from '../../src/core/model-json.js'
import {
  CurrentTaskSchema,
  emitAction,
  emitAiEvent,
  emitCurrentTask,
  emitModEvent,
  normalizeAction,
  normalizeAiEvent,
  normalizeModEvent,
} from '../../src/protocols/lynxmind.js'
import { BrainFilePartialInputSchema, emitBrainFile, normalizeBrainFile } from '../../src/protocols/brainfile.js'
import { parseMaiCoreReply } from '../../src/protocols/maim.js'

const root = fileURLToPath(new URL('../fixtures/seeds/', import.meta.url))

function fixtures(dir: string): Array<{ name: string; text: string }> {
  return readdirSync(join(root, dir))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(root, dir, name), 'utf8') }))
}

/** .json files must be strict JSON; .txt ones (the seed's own malformed JSON) go through the tolerant parser. */
function load(f: { name: string; text: string }): unknown {
  if (f.name.endsWith('.json')) return JSON.parse(f.text) as unknown
  assert.throws(() => JSON.parse(f.text), `${f.name} is valid JSON: it should be a .json fixture`)
  const res = parseModelJson(f.text)
  assert.ok(res.ok, `${f.name}: tolerant parse failed: ${res.ok ? '' : res.error}`)
  return res.value
}

function ok<T>(r: { ok: true; value: T } | { ok: false; error: string }, name: string): T {
  if (!r.ok) assert.fail(`${name}: ${r.error}`)
  return r.value
}

describe('LynxMind seed examples', () => {
  const files = fixtures('lynxmind')
  test('all 20 examples are present', () => assert.equal(files.length, 20))

  for (const f of files) {
    test(f.name, () => {
      const value = load(f)
      if (f.name.includes('-fragment')) {
        // `{ //... "current_baritone_task": {...}, //... }`
        const task = (value as Record<string, unknown>).current_baritone_task
        const parsed = CurrentTaskSchema.parse(task)
        assert.deepEqual(emitCurrentTask(parsed), task)
        return
      }
      const type = (value as { type: string }).type
      if (type.startsWith('ACTION_')) {
        const action = ok(normalizeAction(value), f.name)
        assert.deepEqual(emitAction(action), value)
      } else if (type.startsWith('EVENT_AI_') || type === 'NONE') {
        const event = ok(normalizeAiEvent(value), f.name)
        assert.deepEqual(emitAiEvent(event), value)
      } else {
        const event = ok(normalizeModEvent(value), f.name)
        assert.deepEqual(emitModEvent(event), value, 'normalize → emit gives the seed form back')
      }
    })
  }

  test('the heartbeat example normalizes to the Body shape', () => {
    const f = files.find((x) => x.name.includes('heartbeat'))!
    const event = ok(normalizeModEvent(load(f)), f.name)
    assert.equal(event.type, 'EVENT_PLAYER_STATUS_HEARTBEAT')
    if (event.type !== 'EVENT_PLAYER_STATUS_HEARTBEAT') return
    assert.deepEqual(event.inventory_hotbar[1], {
      item_stack: { item_name: 'minecraft:gold_ingot', count: 12 },
      l_slot: { slotType: 'INVENTORY_HOTBAR', id: 1, complexContainerType: 'PLAYER_INFO' },
    })
    assert.equal(event.inventory_equipment.length, 4)
    assert.equal(event.posX, 105.2)
    assert.deepEqual(event.current_baritone_task, {
      type: 'BSTATUS_FINDING_NEEDED_BLOCKS',
      needed_blocks: [
        { item_name: 'minecraft:gold_ore', count: 5 },
        { item_name: 'minecraft:diamond_ore', count: 32 },
        { item_name: 'minecraft:iron_ore', count: 18 },
      ],
    })
  })
})

describe('brain file seed examples', () => {
  const files = fixtures('brainfile')
  test('all 6 examples are present', () => assert.equal(files.length, 6))

  for (const f of files) {
    test(f.name, () => {
      const value = load(f)
      const parsed = BrainFilePartialInputSchema.safeParse(value)
      assert.ok(parsed.success, `${f.name}: ${parsed.success ? '' : parsed.error.message}`)
      assert.deepEqual(emitBrainFile(parsed.data), value, 'normalize → emit gives the document form back')
    })
  }

  test('the complete sample is a whole brain file', () => {
    const f = files.find((x) => x.name.includes('complete'))!
    const brain = ok(normalizeBrainFile(load(f)), f.name)
    assert.deepEqual(brain.rules.available_tasks.slice(0, 2), ['MINE_WOOD', 'MINE_STONE'])
    assert.equal(brain.vision.blocks?.visible_blocks[0]?.block_type, 'minecraft:oak_log')
    assert.deepEqual(brain.tasks, [])
  })

  test('the section examples are not whole brain files on their own', () => {
    const f = files.find((x) => x.name.includes('tasks'))!
    const res = normalizeBrainFile(load(f))
    assert.equal(res.ok, false)
    if (!res.ok) assert.match(res.error, /at rules: required object is missing/)
  })
})

describe('Amaidesu seed examples', () => {
  const files = fixtures('amaidesu')
  test('all 3 JSON examples are present', () => assert.equal(files.length, 3))

  test('01: the field-type template is JSON but not a valid reply (its ints are placeholders)', () => {
    const res = parseMaiCoreReply(files[0]!.text)
    assert.equal(res.ok, false)
    if (res.ok) return
    assert.match(res.error, /at targetValue: expected number, got string/)
    assert.match(res.error, /at currentValue: expected number, got string/)
  })

  for (const f of files.slice(1)) {
    test(f.name, () => {
      const value = load(f)
      const reply = ok(parseMaiCoreReply(f.text), f.name)
      assert.deepEqual(reply, value)
    })
  }
})

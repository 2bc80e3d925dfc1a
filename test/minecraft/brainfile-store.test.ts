/**
 * brain.json on disk: template creation, the plugin's form, broken files (reported with
 * the position, never overwritten), --reset, atomic writes and the merge rule for edits
 * by other programs. Real files in a temp folder; no world needed.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BrainStore, loadBrainFile, mergeEdit } from '../../src/minecraft/links/brainfile/index.js'
import { createBrainFile, type BrainFile } from '../../src/protocols/brainfile.js'
import { understand } from '../../src/minecraft/links/brainfile/builtin.js'
import { parseSelector } from '../../src/minecraft/links/brainfile/tasks.js'

let dir: string
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'brainfile-store-'))
})
after(() => rmSync(dir, { recursive: true, force: true }))

const PLUGIN_FILE = {
  rules: { description: 'd', visionRules: 'v', memoryRules: 'm', taskRules: 't', availableTasks: ['MINE_WOOD', 'MINE_STONE', 'MOVE_TO', 'GET_INVENTORY', 'GET_POSITION', 'GET_ENTITY_POSITION', 'CHAT', 'READ_MEMORY'] },
  vision: {
    chat: [{ timestamp: '2025-11-11T10:30:00', player: 'Player1', message: '木を取ってきて' }],
    blocks: {
      viewDistance: 10,
      viewDirection: { yaw: 90, pitch: 0 },
      visibleBlocks: [{ relativePosition: { x: 1, y: 0, z: 0 }, worldPosition: { x: -13, y: -55, z: 47 }, blockType: 'OAK_LOG', distance: 1 }],
      nearbyItems: [{ worldPosition: { x: -12, y: -55, z: 47 }, entityType: 'DROPPED_ITEM', name: 'OAK_LOG', count: 1, distance: 2 }],
      nearbyPlayers: [{ worldPosition: { x: -10, y: -55, z: 47 }, entityType: 'PLAYER', name: 'Player1', distance: 4 }],
      botPosition: { x: -14, y: -55, z: 47 },
    },
  },
  memory: { data: { important_locations: [], player_requests: [], inventory_state: ['OAK_LOG x 5'], current_position: { x: -14, y: -55, z: 47 }, entity_position_Player1: { x: -10, y: -55, z: 47 } } },
  tasks: [
    { id: 1, type: 'GET_ENTITY_POSITION', parameters: { entity_name: 'Player1' }, reason: 'where', status: 'IN_PROGRESS', createdAt: 1762857000000 },
    { id: 2, type: 'MINE_WOOD', parameters: { x: -13, y: -55, z: 47 }, reason: 'wood', status: 'PENDING', createdAt: 1762857001000 },
  ],
}

describe('brain file on disk', () => {
  test('a missing file is created from the template, pretty-printed in the seed form', async () => {
    const path = join(dir, 'new.json')
    const r = await loadBrainFile(path)
    assert.ok(r.ok && r.created)
    const text = readFileSync(path, 'utf8')
    assert.match(text, /^\{\n {2}"rules": \{/)
    const json = JSON.parse(text) as BrainFile
    assert.ok(json.rules.available_tasks.some((t) => typeof t === 'object' && t.type === 'MINE_WOOD'))
    assert.deepEqual(json.tasks, [])
    assert.deepEqual(json.memory, { important_locations: [], player_requests: [], inventory_state: {} })
  })

  test("the real plugin's file loads (camelCase, memory.data, OAK_LOG, entity_name, upper-case statuses)", async () => {
    const path = join(dir, 'plugin.json')
    writeFileSync(path, JSON.stringify(PLUGIN_FILE, null, 2))
    const r = await loadBrainFile(path)
    assert.ok(r.ok, r.ok ? '' : r.error)
    if (!r.ok) return
    assert.equal(r.created, false)
    assert.equal(r.brain.vision.blocks?.visible_blocks[0]?.block_type, 'minecraft:oak_log')
    assert.deepEqual(r.brain.memory.current_position, { x: -14, y: -55, z: 47 })
    assert.deepEqual(r.brain.memory.entity_position_Player1, { x: -10, y: -55, z: 47 })
    assert.deepEqual(
      r.brain.tasks.map((t) => [t.id, t.type, t.status, t.parameters]),
      [
        [1, 'GET_ENTITY_POSITION', 'in_progress', { entity_selector: 'Player1' }],
        [2, 'MINE_WOOD', 'pending', { x: -13, y: -55, z: 47 }],
      ],
    )
    // saving writes the seed's form
    const opened = await BrainStore.open(path)
    assert.ok(opened.ok)
    if (!opened.ok) return
    opened.store.brain.memory.note = 'x'
    assert.equal(await opened.store.save(), true)
    const text = readFileSync(path, 'utf8')
    assert.ok(text.includes('"visible_blocks"') && !text.includes('visibleBlocks') && !text.includes('"data"'))
    assert.ok(text.includes('"status": "in_progress"'))
    await opened.store.close()
  })

  test('a broken file is reported with line and column and is never overwritten; --reset keeps a copy', async () => {
    const path = join(dir, 'broken.json')
    const broken = '{\n  "rules": {},\n  "tasks": [\n    {"type": "CHAT",}\n  ]\n}\n'
    writeFileSync(path, broken)
    const r = await BrainStore.open(path)
    assert.ok(!r.ok)
    if (r.ok) return
    assert.match(r.error, /not valid JSON at line 4, column 21/)
    assert.match(r.error, /--reset/)
    assert.equal(readFileSync(path, 'utf8'), broken)
    // valid JSON of the wrong shape names the field
    writeFileSync(path, '{"rules": {}, "vision": {}, "memory": {}, "tasks": [{"type": "CHAT", "status": "done"}]}')
    const s = await BrainStore.open(path)
    assert.ok(!s.ok && /at rules\.description: required string is missing/.test(s.error) && /tasks\[0\]\.status/.test(s.error), s.ok ? '' : s.error)
    writeFileSync(path, broken)
    const reset = await BrainStore.open(path, { reset: true })
    assert.ok(reset.ok && reset.created && reset.backup)
    if (!reset.ok) return
    assert.equal(readFileSync(reset.backup!, 'utf8'), broken)
    assert.deepEqual((JSON.parse(readFileSync(path, 'utf8')) as BrainFile).tasks, [])
    await reset.store.close()
  })

  test('writes are atomic: temp file in the same folder, renamed; no temp files left', async () => {
    const sub = mkdtempSync(join(dir, 'atomic-'))
    const path = join(sub, 'brain.json')
    const opened = await BrainStore.open(path)
    assert.ok(opened.ok)
    if (!opened.ok) return
    const store = opened.store
    for (let i = 0; i < 50; i++) {
      store.brain.memory.counter = i
      await store.save()
      assert.equal((JSON.parse(readFileSync(path, 'utf8')) as BrainFile).memory.counter, i)
    }
    assert.deepEqual(readdirSync(sub), ['brain.json'])
    await store.close()
  })

  test('an edit made on disk is merged: new task and memory key kept, bot-owned fields kept, removed task reported', async () => {
    const path = join(dir, 'merge.json')
    const opened = await BrainStore.open(path)
    assert.ok(opened.ok)
    if (!opened.ok) return
    const store = opened.store
    store.brain.tasks.push({ id: 1, type: 'WAIT', parameters: {}, reason: '', status: 'pending' }, { id: 2, type: 'CHAT', parameters: { message: 'a' }, reason: '', status: 'pending' })
    store.brain.memory.bot_key = 1
    await store.save()
    // another program edits (atomically): adds a task without id, a memory key, removes task 2
    const edited = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>
    edited.tasks = [edited.tasks[0], { type: 'GET_POSITION' }]
    edited.memory.editor_key = 'hello'
    writeFileSync(path + '.tmp', JSON.stringify(edited))
    renameSync(path + '.tmp', path)
    // meanwhile the bot changed a status and its own memory key (not yet written)
    store.brain.tasks[0]!.status = 'in_progress'
    store.brain.memory.bot_key = 2
    const reports: any[] = []
    store.on('edit', (r) => reports.push(r))
    await store.save()
    assert.equal(reports.length, 1)
    assert.deepEqual(reports[0].tasksRemoved.map((t: any) => t.id), [2])
    assert.deepEqual(reports[0].tasksAdded.map((t: any) => [t.id, t.type]), [[3, 'GET_POSITION']])
    const disk = JSON.parse(readFileSync(path, 'utf8')) as BrainFile
    assert.deepEqual(disk.tasks.map((t) => [t.id, t.type, t.status]), [[1, 'WAIT', 'in_progress'], [3, 'GET_POSITION', 'pending']])
    assert.equal(disk.memory.editor_key, 'hello')
    assert.equal(disk.memory.bot_key, 2)
    await store.close()
  })

  test('merge rule on conflicts: the editor wins on memory keys and task fields it changed; the bot keeps status', () => {
    const base = createBrainFile()
    base.memory = { a: 1, b: 1, c: 1 }
    base.tasks = [{ id: 1, type: 'WAIT', parameters: { seconds: 1 }, reason: 'r', status: 'pending' }]
    const ours = structuredClone(base)
    ours.memory.a = 2 // bot changed a
    ours.memory.b = 2 // both changed b
    ours.tasks[0]!.status = 'completed'
    ours.tasks[0]!.result = 'waited'
    ours.tasks.push({ id: 2, type: 'CHAT', parameters: { message: 'mine' }, reason: '', status: 'pending' })
    const theirs = structuredClone(base)
    theirs.memory.b = 3
    delete theirs.memory.c
    theirs.tasks[0]!.parameters = { seconds: 5 }
    theirs.tasks[0]!.status = 'pending' // bot-owned: ignored
    theirs.tasks.push({ id: 2, type: 'CHAT', parameters: { message: 'theirs' }, reason: '', status: 'pending' })
    const { brain } = mergeEdit(base, ours, theirs)
    assert.deepEqual(brain.memory, { a: 2, b: 3 })
    assert.deepEqual(brain.tasks.map((t) => [t.id, t.status, t.parameters]), [
      [1, 'completed', { seconds: 5 }],
      [2, 'pending', { message: 'mine' }],
      [3, 'pending', { message: 'theirs' }], // same id, different task: both kept
    ])
  })

  test('a half-written or broken edit mid-run is reported and the file is left alone until fixed', async () => {
    const path = join(dir, 'midrun.json')
    const opened = await BrainStore.open(path)
    assert.ok(opened.ok)
    if (!opened.ok) return
    const store = opened.store
    const errors: string[] = []
    store.on('file.error', (m: string) => errors.push(m))
    writeFileSync(path, '{"rules": ')
    store.brain.memory.x = 1
    assert.equal(await store.save(), false) // first sight: maybe a writer caught half-way
    assert.equal(await store.save(), false)
    assert.equal(errors.length, 1)
    assert.match(errors[0]!, /line 1, column 11/)
    assert.equal(readFileSync(path, 'utf8'), '{"rules": ')
    const fixed = createBrainFile()
    fixed.memory.y = 2
    writeFileSync(path, JSON.stringify(fixed))
    assert.equal(await store.save(), true)
    const disk = JSON.parse(readFileSync(path, 'utf8')) as BrainFile
    assert.equal(disk.memory.x, 1)
    assert.equal(disk.memory.y, 2)
    await store.close()
  })
})

describe('builtin mind phrases and selectors', () => {
  test('chat requests in English and Japanese', () => {
    assert.deepEqual(understand('木を取ってきて', 'Bot'), { kind: 'wood', count: 3 })
    assert.deepEqual(understand('get wood', 'Bot'), { kind: 'wood', count: 3 })
    assert.deepEqual(understand('Bot, bring me 5 logs please', 'Bot'), { kind: 'wood', count: 5 })
    assert.deepEqual(understand('石を2個ちょうだい', 'Bot'), { kind: 'stone', count: 2 })
    assert.deepEqual(understand('come here', 'Bot'), { kind: 'come' })
    assert.deepEqual(understand('こっちに来て', 'Bot'), { kind: 'come' })
    assert.deepEqual(understand('what do you have?', 'Bot'), { kind: 'inventory' })
    assert.deepEqual(understand('follow me', 'Bot'), { kind: 'follow' })
    assert.deepEqual(understand('get 1 wooden_pickaxe', 'Bot'), { kind: 'goal', goal: { kind: 'get', item: 'wooden_pickaxe', count: 1 } })
    assert.deepEqual(understand('Bot dance', 'Bot'), { kind: 'help' })
    assert.equal(understand('nice weather', 'Bot'), undefined)
  })

  test('entity selectors', () => {
    assert.deepEqual(parseSelector('@p'), { kind: 'nearest-player' })
    assert.deepEqual(parseSelector('@e[type=zombie]'), { kind: 'nearest', type: 'minecraft:zombie' })
    assert.deepEqual(parseSelector('@a[name=Steve]'), { kind: 'all-players', name: 'Steve' })
    assert.deepEqual(parseSelector('Steve'), { kind: 'named', name: 'Steve' })
  })
})

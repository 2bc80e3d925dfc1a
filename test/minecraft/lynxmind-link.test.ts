import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { FakeBody } from './support/fake-body.js'
import { LynxMindLink, type TrafficEvent } from '../../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import type { Mind, MindContext } from '../../src/minecraft/minds/types.js'
import { emptyStats } from '../../src/minecraft/minds/types.js'
import type { AiEvent, ModEvent } from '../../src/protocols/lynxmind.js'
import { createLogger } from '../../src/core/logger.js'
import { chooseFuel } from '../../src/minecraft/planner/fuel.js'
import { waitFor } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })

/** A mind that answers from a script and records what it heard. */
class ScriptMind implements Mind {
  readonly kind = 'remote' as const
  heard: ModEvent[] = []
  ctx?: MindContext
  constructor(
    private readonly onEvent: (e: ModEvent) => AiEvent[] = () => [],
    private readonly startWith: AiEvent[] = [{ type: 'EVENT_AI_START' }],
  ) {}
  async start(ctx: MindContext) {
    this.ctx = ctx
    return this.startWith
  }
  async receive(e: ModEvent) {
    this.heard.push(e)
    return this.onEvent(e)
  }
  stats() {
    return emptyStats()
  }
  async close() {}
}

function traffic(link: LynxMindLink): TrafficEvent[] {
  const out: TrafficEvent[] = []
  link.on('traffic', (t: TrafficEvent) => out.push(t))
  return out
}

describe('LynxMind link', () => {
  test('session opens only after EVENT_AI_START; tasks wait for it', async () => {
    const body = new FakeBody()
    const mind = new ScriptMind(() => [], [])
    const link = new LynxMindLink({ body, mind, logger: quiet, startTimeoutMs: 0 })
    const started = link.start()
    await new Promise((r) => setImmediate(r))
    assert.equal(link.sessionOpen, false)
    link.createTask('goto 1 2 3')
    await new Promise((r) => setImmediate(r))
    assert.equal(mind.heard.length, 0, 'nothing is sent before the session opens')
    mind.ctx!.emit([{ type: 'NONE' }])
    assert.equal(link.sessionOpen, false, 'NONE does not open the session')
    mind.ctx!.emit([{ type: 'EVENT_AI_START' }])
    await started
    await link.idle()
    assert.equal(mind.heard[0]?.type, 'EVENT_PLAYER_STATUS_CREATE_TASK')
    await link.close()
  })

  test("the body's death goes to the mind with its cause and spot (LynxMind itself has no death event)", async () => {
    const body = new FakeBody()
    const deaths: Array<[string, unknown, unknown]> = []
    const mind = Object.assign(new ScriptMind(), { bodyDied: (cause: string, spot?: unknown, held?: unknown) => void deaths.push([cause, spot, held]) })
    const link = new LynxMindLink({ body, mind, logger: quiet })
    await link.start()
    body.emit('death', 'zombie', { x: 3, y: 64, z: -7 })
    body.emit('death', undefined)
    // with what the body held at that moment: the mind's last look can be older than the items a step gathered
    const held = body.inventoryCounts()
    assert.deepEqual(deaths, [['zombie', { x: 3, y: 64, z: -7 }, held], ['cause unknown', undefined, held]])
    await link.close()
    body.emit('death', 'after close')
    assert.equal(deaths.length, 2, 'a closed link forwards nothing')
  })

  test('start times out with a clear error when the mind never says EVENT_AI_START', async () => {
    const link = new LynxMindLink({ body: new FakeBody(), mind: new ScriptMind(() => [], [{ type: 'NONE' }]), logger: quiet, startTimeoutMs: 50 })
    await assert.rejects(link.start(), /did not answer EVENT_AI_START/)
    await link.close()
  })

  test('every action maps to a skill and ends with a task-stop event carrying the linked action', async () => {
    const body = new FakeBody({ inventory: { oak_planks: 8, crafting_table: 1, furnace: 1, iron_ore: 2, coal: 1 } })
    const actions: AiEvent[] = [
      { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: 5, y: 70, z: -3 } },
      { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: 9, z: 9 } },
      { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'log', count: 2 }] } },
      { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:stick', count: 4 }, { item_name: 'minecraft:iron_ingot', count: 2 }, { item_name: 'minecraft:diamond_sword', count: 1 }] } },
      { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_COLLECT_ENTITY_LOOT', killingQuotas: [{ entity_id: 'minecraft:cow', needed_item: [{ item_name: 'minecraft:beef', count: 1 }] }] } },
      { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MURDER', uuid_str_list: ['u-1'] } },
    ]
    let i = 0
    const mind = new ScriptMind((e) => {
      if (e.type === 'EVENT_PLAYER_STATUS_CREATE_TASK' || e.type === 'EVENT_PLAYER_BARITONE_TASK_STOP') {
        const next = actions[i++]
        return next ? [next] : [{ type: 'EVENT_AI_STOP', reason: 'all done' }]
      }
      return []
    })
    const link = new LynxMindLink({ body, mind, logger: quiet })
    await link.start()
    const t = link.createTask('try everything')
    const done = await link.waitTask(t.id)
    // free text: the world cannot confirm "try everything", so the mind's word is not taken
    assert.equal(done.status, 'unverified')
    assert.deepEqual(body.calls.map((c) => c.skill), ['moveTo', 'moveToXZ', 'collect', 'smelt', 'craft', 'hunt', 'kill'])
    const stops = mind.heard.filter((e) => e.type === 'EVENT_PLAYER_BARITONE_TASK_STOP')
    assert.equal(stops.length, 6)
    assert.deepEqual(stops.map((s) => s.linked_action?.type), ['ACTION_MOVE', 'ACTION_MOVE', 'ACTION_COLLECT_BLOCK', 'ACTION_CRAFTING', 'ACTION_COLLECT_ENTITY_LOOT', 'ACTION_MURDER'])
    const craft = stops[3]!.linked_action
    assert.ok(craft?.type === 'ACTION_CRAFTING')
    assert.deepEqual(craft.craft_success, [{ item_name: 'minecraft:iron_ingot', count: 2 }, { item_name: 'minecraft:stick', count: 4 }])
    assert.deepEqual(craft.craft_failed, [{ item_name: 'minecraft:diamond_sword', count: 1 }])
    assert.ok(mind.heard.some((e) => e.type === 'EVENT_PLAYER_PICKUP_ITEM' && e.name === 'minecraft:oak_log' && e.count === 2))
    assert.equal(body.count('iron_ingot'), 2)
    await link.close()
  })

  test('GET_STATUS gets a heartbeat; heartbeats tick while a task runs; strike-back list and scans', async () => {
    const body = new FakeBody({ inventory: { dirt: 3 } })
    body.scanResult = { blocks: [{ name: 'minecraft:stone', position: { x: 1, y: 2, z: 3 }, distance: 3.7 }], entities: [] }
    const mind = new ScriptMind((e) =>
      e.type === 'EVENT_PLAYER_STATUS_CREATE_TASK'
        ? [{ type: 'EVENT_AI_GET_STATUS' }]
        : [],
    )
    const link = new LynxMindLink({ body, mind, logger: quiet, heartbeatMs: 20 })
    await link.start()
    link.createTask('wait around')
    await waitFor('3 heartbeats while the task runs', () => mind.heard.filter((e) => e.type === 'EVENT_PLAYER_STATUS_HEARTBEAT').length >= 3)
    const hb = mind.heard.find((e) => e.type === 'EVENT_PLAYER_STATUS_HEARTBEAT')
    assert.ok(hb && hb.type === 'EVENT_PLAYER_STATUS_HEARTBEAT')
    assert.deepEqual(hb.inventory_hotbar[0]?.item_stack, { item_name: 'minecraft:dirt', count: 3 })
    mind.ctx!.emit([
      { type: 'EVENT_AI_ADD_STRIKE_BACK_TARGET', UUID_str_list: ['a', 'b'] },
      { type: 'EVENT_AI_REMOVE_STRIKE_BACK_TARGET', UUID_str_list: ['a'] },
      { type: 'EVENT_AI_GET_STRIKE_BACK_TARGET_LIST' },
      { type: 'EVENT_AI_GET_NEARBY_BLOCK', radius: 8, target_block_id: ['minecraft:stone'] },
      { type: 'EVENT_AI_GET_NEARBY_ENTITY', radius: 8, target_entity_id: [] },
    ])
    await waitFor('the replies to the strike-back list and both scans', () =>
      ['EVENT_PLAYER_REPLY_STRIKE_BACK_TARGET_LIST', 'EVENT_PLAYER_SCAN_BLOCK', 'EVENT_PLAYER_SCAN_ENTITY'].every((t) => mind.heard.some((e) => e.type === t)),
    )
    await link.idle()
    const reply = mind.heard.find((e) => e.type === 'EVENT_PLAYER_REPLY_STRIKE_BACK_TARGET_LIST')
    assert.deepEqual(reply && 'strike_back_target_list' in reply ? reply.strike_back_target_list : null, ['b'])
    const scan = mind.heard.find((e) => e.type === 'EVENT_PLAYER_SCAN_BLOCK')
    assert.ok(scan && scan.type === 'EVENT_PLAYER_SCAN_BLOCK')
    assert.deepEqual(scan.nearby_blocks, [{ id: 'minecraft:stone', x: 1, y: 2, z: 3 }])
    assert.ok(mind.heard.some((e) => e.type === 'EVENT_PLAYER_SCAN_ENTITY'))
    const cancelled = await link.cancelTask('player said stop')
    assert.equal(cancelled?.status, 'cancelled')
    await link.idle()
    assert.equal(mind.heard.at(-1)?.type, 'EVENT_PLAYER_REMOVE_TASK')
    const n = mind.heard.length
    // Node runs timers in order of expiry: a heartbeat interval still running would fire before this
    // timer of two periods, and idle() then waits until its event has reached the mind.
    await new Promise((r) => setTimeout(r, 2 * 20))
    await link.idle()
    assert.equal(mind.heard.filter((e, j) => j >= n && e.type === 'EVENT_PLAYER_STATUS_HEARTBEAT').length, 0, 'no heartbeats without a task')
    await link.close()
  })

  test('cancelling stops the running skill and reports it', async () => {
    const body = new FakeBody({ skillMs: 10_000 })
    const mind = new ScriptMind((e) =>
      e.type === 'EVENT_PLAYER_STATUS_CREATE_TASK' ? [{ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: 100, y: 64, z: 100 } }] : [],
    )
    const link = new LynxMindLink({ body, mind, logger: quiet })
    const seen = traffic(link)
    await link.start()
    const t = link.createTask('goto 100 64 100')
    await waitFor('the move to start', () => body.calls.length > 0)
    await link.cancelTask('cancelled by test')
    const rec = await link.waitTask(t.id)
    assert.equal(rec.status, 'cancelled')
    await waitFor('the BARITONE_TASK_STOP of the cancelled move', () => mind.heard.some((e) => e.type === 'EVENT_PLAYER_BARITONE_TASK_STOP'))
    await link.idle()
    const stop = mind.heard.find((e) => e.type === 'EVENT_PLAYER_BARITONE_TASK_STOP')
    assert.ok(stop && stop.type === 'EVENT_PLAYER_BARITONE_TASK_STOP' && /cancel/.test(stop.reason))
    assert.ok(body.stops.length > 0)
    assert.ok(seen.some((s) => s.dir === 'to_mind' && s.event.type === 'EVENT_PLAYER_REMOVE_TASK'))
    await link.close()
  })

  test('EVENT_AI_STOP is checked against the world: a claimed success without the item is a failure', async () => {
    const body = new FakeBody()
    const mind = new ScriptMind((e) => (e.type === 'EVENT_PLAYER_STATUS_CREATE_TASK' ? [{ type: 'EVENT_AI_STOP', reason: 'done!' }] : []))
    const link = new LynxMindLink({ body, mind, logger: quiet })
    await link.start()
    const rec = await link.waitTask(link.createTask('get 1 minecraft:diamond').id)
    assert.equal(rec.status, 'failed')
    assert.match(rec.reason!, /holding only 0 of 1 diamond/)
    await link.close()
  })
})

// The link's own logic (plans, retries, verdicts) against a scripted body; the builtin mind's real
// end-to-end runs are in play-stone-cli-e2e.test.ts and iron-fair-e2e.test.ts (natural world) and bench/natural.bench.ts.
describe('builtin mind over the link (fake body)', () => {
  for (const [task, item] of [
    ['get 1 minecraft:stone_pickaxe', 'stone_pickaxe'],
    ['get 1 minecraft:iron_pickaxe', 'iron_pickaxe'],
    ['craft 4 minecraft:torch', 'torch'],
    ['get me a crafting table', 'crafting_table'],
  ] as const) {
    test(`completes "${task}" from an empty inventory`, async () => {
      const body = new FakeBody({ logType: 'birch_log' })
      const link = new LynxMindLink({ body, mind: new BuiltinMind(), logger: quiet })
      await link.start()
      const rec = await link.waitTask(link.createTask(task).id)
      assert.equal(rec.status, 'succeeded', rec.reason)
      assert.ok(body.count(item) >= 1)
      await link.close()
    })
  }

  test('goto and collect', async () => {
    const body = new FakeBody()
    const link = new LynxMindLink({ body, mind: new BuiltinMind(), logger: quiet })
    await link.start()
    const a = await link.waitTask(link.createTask('goto 100 64 -20').id)
    assert.equal(a.status, 'succeeded', a.reason)
    assert.deepEqual(body.pos, { x: 100, y: 64, z: -20 })
    const b = await link.waitTask(link.createTask('collect ten logs').id)
    assert.equal(b.status, 'succeeded', b.reason)
    assert.equal(body.count('oak_log'), 10)
    await link.close()
  })

  test('a failing collect is retried elsewhere, then given up with a reason', async () => {
    const body = new FakeBody()
    body.failNext('collect', 'no log within 64 blocks', 2)
    const link = new LynxMindLink({ body, mind: new BuiltinMind(), logger: quiet })
    await link.start()
    const rec = await link.waitTask(link.createTask('collect 3 log').id)
    assert.equal(rec.status, 'succeeded', rec.reason)
    assert.ok(body.calls.some((c) => c.skill === 'moveToXZ'), 'walked elsewhere before retrying')

    body.give('stone_pickaxe', 1)
    body.failNext('collect', 'no iron_ore within 64 blocks', 100)
    const rec2 = await link.waitTask(link.createTask('collect 1 iron_ore').id)
    assert.equal(rec2.status, 'failed')
    // 3 attempts with 2 searches between them, then (the target not found) eight times: farther away, 2 more attempts
    assert.match(rec2.reason!, /could not collect 1 iron_ore after 19 attempts: .*no iron_ore within 64 blocks/)
    await link.close()
  })

  test('an impossible or unknown task stops with a reason', async () => {
    const body = new FakeBody()
    const link = new LynxMindLink({ body, mind: new BuiltinMind(), logger: quiet })
    await link.start()
    const rec = await link.waitTask(link.createTask('get 2 minecraft:unobtainium').id)
    assert.equal(rec.status, 'failed')
    assert.match(rec.reason!, /unknown item "unobtainium"/)
    const rec2 = await link.waitTask(link.createTask('dance a jig').id)
    // nothing in the world measures "dance a jig": the mind's reason is kept, the verdict is not taken from it
    assert.equal(rec2.status, 'unverified')
    assert.match(rec2.reason!, /cannot understand/)
    await link.close()
  })
})

describe('smelting fuel', () => {
  test('chooseFuel picks a fuel held in sufficient quantity, never the input', () => {
    assert.equal(chooseFuel({ 'minecraft:oak_log': 1, 'minecraft:birch_planks': 3 }, 3), 'minecraft:birch_planks')
    assert.equal(chooseFuel({ 'minecraft:coal': 1, 'minecraft:oak_planks': 9 }, 3), 'minecraft:coal')
    assert.equal(chooseFuel({ 'minecraft:oak_log': 5 }, 3, 'log'), undefined)
    assert.equal(chooseFuel({ 'minecraft:stick': 1 }, 3), undefined)
  })
})

describe('judging a stopped task', () => {
  const status = new FakeBody().status()
  test('inventory and position goals are checked on the world; free text is unverified whatever the mind says', async () => {
    const { judgeTask } = await import('../../src/minecraft/links/lynxmind-judge.js')
    const base = { baseline: { 'minecraft:oak_log': 2 }, status, reason: 'done' }
    const v = (x: Parameters<typeof judgeTask>[0]) => judgeTask(x).verdict
    assert.equal(v({ ...base, task: 'collect 3 log', inventory: { 'minecraft:oak_log': 4 } }), 'failure')
    assert.equal(v({ ...base, task: 'collect 3 log', inventory: { 'minecraft:birch_log': 3, 'minecraft:oak_log': 2 } }), 'success')
    assert.equal(v({ ...base, task: 'get 2 log', inventory: { 'minecraft:oak_log': 2 } }), 'success')
    // the mind's words never decide: a success claim with nothing in the inventory fails
    assert.equal(v({ ...base, reason: 'success: got them all', task: 'get 5 log', inventory: { 'minecraft:oak_log': 2 } }), 'failure')
    assert.equal(v({ ...base, task: 'goto 0 64 1', inventory: {} }), 'success')
    assert.equal(v({ ...base, task: 'goto 0 64 20', inventory: {} }), 'failure')
    assert.equal(v({ ...base, task: 'say hello to Steve', inventory: {}, reason: 'said hello' }), 'unverified')
    assert.equal(v({ ...base, task: 'say hello to Steve', inventory: {}, reason: 'I did not manage to' }), 'unverified')
    // a goal no world can satisfy is a failure, not unverified
    assert.equal(v({ ...base, task: 'get 2 unobtainium', inventory: {}, reason: 'all done' }), 'failure')
  })
})

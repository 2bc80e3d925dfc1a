import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { WebSocket } from 'ws'
import { FakeBody } from './support/fake-body.js'
import { LynxMindLink, type AgentChange } from '../../src/minecraft/links/lynxmind.js'
import { RemoteMind } from '../../src/minecraft/minds/remote.js'
import { createLogger } from '../../src/core/logger.js'
import { waitForEvent, within } from '../support/wait.js'
import { EVIL_ORIGIN, REBOUND_HOST, httpCall, tryUpgrade } from '../support/cross-site.js'

const quiet = createLogger('test', { level: 'silent' })

/** A WebSocket agent that collects frames and lets the test wait for one. */
async function connect(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers })
  const frames: Array<Record<string, unknown>> = []
  const waiters: Array<() => void> = []
  ws.on('message', (d) => {
    frames.push(JSON.parse(String(d)) as Record<string, unknown>)
    for (const w of waiters.splice(0)) w()
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
  })
  return {
    ws,
    frames,
    send: (o: unknown) => ws.send(typeof o === 'string' ? o : JSON.stringify(o)),
    async next(pred: (f: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
      return within('a frame from the bot', this.nextUnbounded(pred))
    },
    async nextUnbounded(pred: (f: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
      for (;;) {
        const hit = frames.find(pred)
        if (hit) {
          frames.splice(frames.indexOf(hit), 1)
          return hit
        }
        await new Promise<void>((r) => waiters.push(r))
      }
    },
    close: () => new Promise<void>((r) => {
      if (ws.readyState === ws.CLOSED) return r()
      ws.once('close', () => r())
      ws.close()
    }),
  }
}

/** A LynxMind link on `body` with a remote mind speaking the mod dialect, and its agent, session open. */
async function modDialectSession(body: FakeBody) {
  const mind = new RemoteMind({ token: 't', dialect: 'mod' })
  const { url } = await mind.listen()
  const link = new LynxMindLink({ body, mind, logger: quiet, startTimeoutMs: 0 })
  const started = link.start()
  const agent = await connect(url, { 'x-mindbridge-token': 't' })
  agent.send({ type: 'EVENT_AI_START' })
  await started
  return { link, agent }
}


describe('remote mind refuses cross-site connections', () => {
  test('a page from another Origin or a rebound Host cannot connect, even with the token', async () => {
    const mind = new RemoteMind({ token: 's3cret' })
    const { url, port } = await mind.listen()
    try {
      for (const headers of [{ origin: EVIL_ORIGIN }, { origin: 'null' }, { host: `${REBOUND_HOST}:${port}` }]) {
        const r = await tryUpgrade(url + '?token=s3cret', headers)
        assert.equal(r.opened, false, JSON.stringify(headers))
        if (!r.opened) assert.equal(r.status, 403)
      }
      assert.equal(mind.connected, false)
      const plain = await httpCall(url.replace('ws', 'http'), { headers: { host: `${REBOUND_HOST}:${port}` } })
      assert.equal(plain.status, 403)
      const own = await tryUpgrade(url + '?token=s3cret', { origin: `http://127.0.0.1:${port}` })
      assert.equal(own.opened, true, 'its own origin (and any program without one) connects')
      if (own.opened) own.ws.close()
    } finally {
      await mind.close()
    }
  })
})

describe('remote mind over a real WebSocket', () => {
  test('token required; an agent drives a task in LynxMind JSON; bad frames get error frames', async () => {
    const body = new FakeBody()
    const mind = new RemoteMind({ token: 's3cret' })
    const { url } = await mind.listen()
    const link = new LynxMindLink({ body, mind, logger: quiet, startTimeoutMs: 0 })
    const started = link.start()
    try {
      await assert.rejects(connect(url), /401/)
      await assert.rejects(connect(url, { authorization: 'Bearer wrong' }), /401/)
      await assert.rejects(connect(url.replace('/lynxmind', '/other') + '?token=s3cret'), /404/)

      const agent = await connect(url + '?token=s3cret')
      agent.send({ type: 'EVENT_AI_START' })
      await started
      assert.equal(link.sessionOpen, true)

      const t = link.createTask('collect 2 log', 'test')
      const create = await agent.next((f) => f.type === 'EVENT_PLAYER_STATUS_CREATE_TASK')
      assert.equal(create.task, 'collect 2 log')

      // garbage of every kind: error frames, no crash
      agent.send('not json at all')
      agent.send('{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_MOVE","x":"far"}}')
      agent.send('{"type":"EVENT_AI_DANCE"}')
      agent.send('[1,2,3]')
      agent.ws.send(Buffer.from([1, 2, 3]), { binary: true })
      const errors = [] as Array<Record<string, unknown>>
      for (let i = 0; i < 5; i++) errors.push(await agent.next((f) => f.type === 'ERROR'))
      assert.match(String(errors[0]!.error), /not JSON/)
      assert.match(String(errors[1]!.error), /action/)
      assert.match(String(errors[2]!.error), /unknown AI event type "EVENT_AI_DANCE"/)
      assert.match(String(errors[4]!.error), /binary/)

      // the real mod's spellings are accepted too (ACTION_STOP_ATASK etc.), trailing data in item lists with `name`
      agent.send({ type: 'EVENT_AI_GET_STATUS' })
      const hb = await agent.next((f) => f.type === 'EVENT_PLAYER_STATUS_HEARTBEAT')
      assert.ok('current_baritone_task' in hb, 'seed spelling by default')
      agent.send({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ name: 'log', count: 2 }] } })
      const stop = await agent.next((f) => f.type === 'EVENT_PLAYER_BARITONE_TASK_STOP')
      assert.equal((stop.linked_action as { type: string }).type, 'ACTION_COLLECT_BLOCK')
      await agent.next((f) => f.type === 'EVENT_PLAYER_PICKUP_ITEM')
      agent.send({ type: 'EVENT_AI_STOP', reason: 'got the logs' })
      const rec = await link.waitTask(t.id)
      assert.equal(rec.status, 'succeeded', rec.reason)

      // a second agent is refused while one is connected
      const second = await connect(url, { authorization: 'Bearer s3cret' })
      const err = await second.next((f) => f.type === 'ERROR')
      assert.match(String(err.error), /already connected/)
      await second.close()
      await agent.close()
    } finally {
      await link.close()
    }
  })

  test('mod dialect on the wire', async () => {
    const body = new FakeBody()
    const { link, agent } = await modDialectSession(body)
    try {
      link.createTask('goto 1 64 1')
      await agent.next((f) => f.type === 'EVENT_PLAYER_CREATE_TASK')
      agent.send({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: 1, y: 64, z: 1 } })
      const stop = await agent.next((f) => f.type === 'EVENT_PLAYER_ATASK_STOP')
      assert.ok('chained_action' in stop)
      agent.send({ type: 'EVENT_AI_GET_STATUS' })
      const hb = await agent.next((f) => f.type === 'EVENT_PLAYER_STATUS_HEARTBEAT')
      assert.ok('current_baritone_status' in hb)
    } finally {
      await agent.close()
      await link.close()
    }
  })

  test("mod dialect names blocks and items as the mod's 1.20.4 does, both ways, on a 1.16.5 body", async () => {
    const body = new FakeBody({ version: '1.16.5', inventory: { grass: 2, shears: 1 } })
    body.scanResult = { blocks: [{ name: 'minecraft:grass_path', position: { x: 3, y: 64, z: 4 }, distance: 5 }] }
    const { link, agent } = await modDialectSession(body)
    try {
      link.createTask('collect 1 short grass')
      await agent.next((f) => f.type === 'EVENT_PLAYER_CREATE_TASK')
      agent.send({ type: 'EVENT_AI_GET_STATUS' })
      const hb = await agent.next((f) => f.type === 'EVENT_PLAYER_STATUS_HEARTBEAT')
      const names = [...(hb.inventory_hotbar as Array<{ item_stack: { item_name: string } }>), ...(hb.inventory_inner as Array<{ item_stack: { item_name: string } }>)].map((s) => s.item_stack.item_name)
      assert.ok(names.includes('minecraft:short_grass'), names.join(', '))
      assert.ok(!names.includes('minecraft:grass'), names.join(', '))
      agent.send({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'minecraft:short_grass', count: 1 }] } })
      const stop = await agent.next((f) => f.type === 'EVENT_PLAYER_ATASK_STOP')
      assert.deepEqual((stop.chained_action as { needed_blocks: unknown[] }).needed_blocks, [{ item_name: 'minecraft:short_grass', count: 1 }])
      const collect = body.calls.find((c) => c.skill === 'collect')
      assert.ok(collect && collect.skill === 'collect', JSON.stringify(body.calls))
      assert.deepEqual(collect.items.map((i) => i.name), ['minecraft:grass'])
      agent.send({ type: 'EVENT_AI_GET_NEARBY_BLOCK', radius: 16, target_block_id: ['dirt_path'] })
      const scan = await agent.next((f) => f.type === 'EVENT_PLAYER_SCAN_BLOCK')
      const scanCall = body.calls.find((c) => c.skill === 'scanBlocks')
      assert.ok(scanCall && scanCall.skill === 'scanBlocks', JSON.stringify(body.calls))
      assert.deepEqual(scanCall.ids, ['grass_path'])
      assert.deepEqual(scan.scanning_id, ['dirt_path'])
      assert.deepEqual((scan.nearby_blocks as Array<{ id: string }>).map((b) => b.id), ['minecraft:dirt_path'])
    } finally {
      await agent.close()
      await link.close()
    }
  })

  test('an agent may connect before the link starts; every message it sends is counted, rejected ones too', async () => {
    const body = new FakeBody()
    const mind = new RemoteMind({ token: 't' })
    const { url } = await mind.listen()
    const agent = await connect(url + '?token=t')
    const link = new LynxMindLink({ body, mind, logger: quiet, startTimeoutMs: 0 })
    try {
      agent.send({ type: 'EVENT_AI_START' })
      agent.send('{"broken":')
      await agent.next((f) => f.type === 'ERROR')
      const changes: unknown[] = []
      link.on('agent', (c) => changes.push(c))
      await within('the session to open', link.start())
      assert.deepEqual(changes, [{ state: 'connected', again: false }])
      agent.send({ type: 'EVENT_AI_GET_STATUS' })
      await agent.next((f) => f.type === 'EVENT_PLAYER_STATUS_HEARTBEAT')
      assert.deepEqual({ calls: mind.stats().calls, failures: mind.stats().failures }, { calls: 3, failures: 1 })
    } finally {
      await agent.close()
      await link.close()
    }
  })

  test('an agent that leaves with the goal met ends the task as a success at once; the body stops', async () => {
    const body = new FakeBody({ inventory: { stone_pickaxe: 1 } })
    const mind = new RemoteMind({ token: 't' })
    const { url } = await mind.listen()
    const link = new LynxMindLink({ body, mind, logger: quiet, startTimeoutMs: 0, agentGraceMs: 600_000 })
    const agent = await connect(url + '?token=t')
    try {
      agent.send({ type: 'EVENT_AI_START' })
      await within('the session to open', link.start())
      const t = link.createTask('get 1 minecraft:stone_pickaxe', 'test')
      await agent.next((f) => f.type === 'EVENT_PLAYER_STATUS_CREATE_TASK')
      await agent.close()
      const rec = await within('the task to end when the agent leaves', link.waitTask(t.id))
      assert.equal(rec.status, 'succeeded')
      assert.match(rec.reason ?? '', /^the remote agent left with the goal met \(holding 1 stone_pickaxe\)/)
      assert.ok(body.stops.includes('the remote agent left'), `body stops: ${body.stops.join(', ')}`)
    } finally {
      await link.close()
    }
  })

  test('an agent that leaves early: the task waits; a new agent gets the task and a fresh status and finishes it', async () => {
    const body = new FakeBody()
    const mind = new RemoteMind({ token: 't' })
    const { url } = await mind.listen()
    const link = new LynxMindLink({ body, mind, logger: quiet, startTimeoutMs: 0, agentGraceMs: 600_000 })
    const first = await connect(url + '?token=t')
    try {
      first.send({ type: 'EVENT_AI_START' })
      await within('the session to open', link.start())
      const t = link.createTask('goto 5 64 5', 'test')
      await first.next((f) => f.type === 'EVENT_PLAYER_STATUS_CREATE_TASK')
      const left = waitForEvent<[AgentChange]>('the link to report the agent leaving', link, 'agent', (c) => c.state === 'disconnected')
      await first.close()
      const [change] = await left
      assert.deepEqual(change, { state: 'disconnected', task: link.current(), waitMs: 600_000 })
      assert.equal(link.current()?.id, t.id, 'the task still runs during the grace period')

      const back = waitForEvent<[AgentChange]>('the link to report the agent back', link, 'agent', (c) => c.state === 'connected')
      const second = await connect(url, { authorization: 'Bearer t' })
      assert.deepEqual((await back)[0], { state: 'connected', again: true, task: link.current() })
      const create = await second.next(() => true)
      assert.deepEqual(create, { type: 'EVENT_PLAYER_STATUS_CREATE_TASK', task: 'goto 5 64 5' })
      const status = await second.next(() => true)
      assert.equal(status.type, 'EVENT_PLAYER_STATUS_HEARTBEAT')
      second.send({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: 5, y: 64, z: 5 } })
      await second.next((f) => f.type === 'EVENT_PLAYER_BARITONE_TASK_STOP')
      second.send({ type: 'EVENT_AI_STOP', reason: 'there' })
      const rec = await within('the task to end', link.waitTask(t.id))
      assert.equal(rec.status, 'succeeded', rec.reason)
      await second.close()
    } finally {
      await link.close()
    }
  })

  test('an agent that never comes back fails the task once, after the grace period, with the reason', async () => {
    const body = new FakeBody()
    const mind = new RemoteMind({ token: 't' })
    const { url } = await mind.listen()
    const link = new LynxMindLink({ body, mind, logger: quiet, startTimeoutMs: 0, agentGraceMs: 50 })
    const agent = await connect(url + '?token=t')
    try {
      agent.send({ type: 'EVENT_AI_START' })
      await within('the session to open', link.start())
      const ends: string[] = []
      link.on('task', (r: { status: string }) => r.status !== 'running' && ends.push(r.status))
      const t = link.createTask('collect 3 log', 'test')
      await agent.next((f) => f.type === 'EVENT_PLAYER_STATUS_CREATE_TASK')
      await agent.close()
      const rec = await within('the task to fail', link.waitTask(t.id))
      assert.equal(rec.status, 'failed')
      assert.match(rec.reason ?? '', /^the remote agent left and no agent connected within 0\.05 s \(gained only 0 of 3 log\)/)
      // a task created while no agent is there gets the same grace period
      const t2 = link.createTask('collect 1 log', 'test')
      const rec2 = await within('the second task to fail', link.waitTask(t2.id))
      assert.match(rec2.reason ?? '', /^the remote agent left/)
      assert.deepEqual(ends, ['failed', 'failed'])
    } finally {
      await link.close()
    }
  })
})

import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { WebSocket } from 'ws'
import { FakeBody } from './support/fake-body.js'
import { LynxMindLink } from '../../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import { startControlServer } from '../../src/minecraft/control/server.js'
import { attachChatTasks, parseChatCommand } from '../../src/minecraft/tasks.js'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { connect } from 'node:net'
import { waitFor, waitForEvent, within } from '../support/wait.js'
import { EVIL_ORIGIN, REBOUND_HOST, httpCall, tryUpgrade } from '../support/cross-site.js'

const quiet = createLogger('test', { level: 'silent' })
const TOKEN = 'tok-123'

async function setup(skillMs = 0) {
  const body = new FakeBody({ skillMs })
  const bus = createContextBus()
  bus.pushPlayer('Steve', 'fetch <wood> & stone')
  const link = new LynxMindLink({ body, mind: new BuiltinMind(), bus, logger: quiet })
  await link.start()
  const api = await startControlServer({ link, bus, token: TOKEN, logger: quiet })
  const call = (path: string, init: RequestInit & { token?: string | null } = {}) => {
    // every state-changing request declares a JSON body (the server refuses anything else with 415)
    const json: Record<string, string> = init.method === 'POST' || init.method === 'DELETE' ? { 'content-type': 'application/json' } : {}
    const headers: Record<string, string> = { ...json, ...(init.headers as Record<string, string> | undefined) }
    if (init.token !== null) headers.authorization = `Bearer ${init.token ?? TOKEN}`
    return fetch(api.url + path, { ...init, headers })
  }
  return { body, link, api, call, async close() { await api.close(); await link.close() } }
}

describe('control API over real HTTP / WebSocket', () => {
  test('token checks, status, context XML, create / read / cancel tasks, bad input', async () => {
    const s = await setup(200)
    try {
      assert.equal((await s.call('/v1/status', { token: null })).status, 401)
      assert.equal((await s.call('/v1/status', { token: 'nope' })).status, 401)
      // ?token= is for WebSocket upgrades only: plain HTTP must use a header
      const inQuery = await fetch(s.api.url + '/v1/status?token=' + TOKEN)
      assert.equal(inQuery.status, 401)
      assert.match(((await inQuery.json()) as { error: string }).error, /\?token= is for WebSocket upgrades only/)
      assert.equal((await fetch(s.api.url + '/v1/status', { headers: { 'x-mindbridge-token': TOKEN } })).status, 200)
      // HTTP auth schemes are case-insensitive
      for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
        assert.equal((await fetch(s.api.url + '/v1/status', { headers: { authorization: `${scheme} ${TOKEN}` } })).status, 200, scheme)
      }
      assert.equal((await fetch(s.api.url + '/v1/status', { headers: { authorization: `Basic ${TOKEN}` } })).status, 401)
      const st = (await (await s.call('/v1/status')).json()) as Record<string, unknown>
      assert.equal(st.session_open, true)
      assert.equal(st.mind, 'builtin')
      assert.equal(st.task, null)

      const ctx = await s.call('/v1/context')
      assert.match(ctx.headers.get('content-type')!, /xml/)
      assert.match(await ctx.text(), /fetch &lt;wood&gt; &amp; stone/)
      assert.equal((await s.call('/v1/context?maxEntries=-1')).status, 400)

      for (const [body, re] of [['{oops', /not JSON/], ['{"task":""}', /task/], ['{"task":"x","extra":1}', /extra/], ['[]', /object/]] as const) {
        const r = await s.call('/v1/tasks', { method: 'POST', body })
        assert.equal(r.status, 400)
        assert.match(((await r.json()) as { error: string }).error, re)
      }
      assert.equal((await s.call('/v1/tasks', { method: 'POST', body: 'x'.repeat(70_000) })).status, 413)
      // a body a web page could send without a CORS preflight: 415, nothing created
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const r = await s.call('/v1/tasks', { method: 'POST', body: JSON.stringify({ task: 'collect 1 log' }), headers: { 'content-type': type } })
        assert.equal(r.status, 415, type)
        assert.match(((await r.json()) as { error: string }).error, /needs Content-Type: application\/json/)
      }
      assert.equal((await s.call('/v1/tasks/current', { method: 'DELETE', headers: { 'content-type': 'text/plain' } })).status, 415)
      assert.equal(s.link.current(), undefined, 'no task was created')
      assert.equal((await s.call('/v1/nothing')).status, 404)
      assert.equal((await s.call('/v1/status', { method: 'POST' })).status, 405)
      assert.equal((await s.call('/v1/tasks/current', { method: 'DELETE' })).status, 404)

      const created = await s.call('/v1/tasks', { method: 'POST', body: JSON.stringify({ task: 'goto 50 64 50' }) })
      assert.equal(created.status, 201)
      const t = (await created.json()) as { id: number; status: string }
      assert.equal(t.status, 'running')
      await waitFor('the task to start moving', () => s.body.calls.length > 0)
      const del = await s.call('/v1/tasks/current?reason=changed+my+mind', { method: 'DELETE' })
      assert.equal(del.status, 200)
      const got = (await (await s.call(`/v1/tasks/${t.id}`)).json()) as { status: string; reason: string }
      assert.equal(got.status, 'cancelled')
      assert.equal(got.reason, 'changed my mind')
      assert.ok(s.body.stops.length > 0, 'cancellation stopped the body')
      assert.equal((await s.call('/v1/tasks/999')).status, 404)
    } finally {
      await s.close()
    }
  })

  test('WebSocket events and commands with token check', async () => {
    const s = await setup()
    try {
      const wsUrl = s.api.url.replace('http', 'ws') + '/v1/events'
      await assert.rejects(
        new Promise((resolve, reject) => {
          const bad = new WebSocket(wsUrl)
          bad.once('open', resolve)
          bad.once('unexpected-response', (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)))
          bad.once('error', reject)
        }),
        /401/,
      )
      const ws = new WebSocket(wsUrl, { headers: { authorization: `Bearer ${TOKEN}` } })
      const msgs: Array<Record<string, unknown>> = []
      ws.on('message', (d) => msgs.push(JSON.parse(String(d)) as Record<string, unknown>))
      const message = (what: string, pred: (m: Record<string, unknown>) => boolean) =>
        waitFor(`a WebSocket message: ${what}`, () => msgs.find(pred), { detail: () => `got ${msgs.map((m) => m.type).join(', ')}` })
      await waitForEvent('the WebSocket to open', ws, 'open')
      await message('status', (m) => m.type === 'status')
      ws.send('garbage')
      ws.send(JSON.stringify({ op: 'launch_rockets' }))
      await message('error: not JSON', (m) => m.type === 'error' && /not JSON/.test(String(m.error)))
      await message('error: unknown op', (m) => m.type === 'error' && /op/.test(String(m.error)))
      ws.send(JSON.stringify({ op: 'create_task', task: 'collect 2 log' }))
      await message('created', (m) => m.type === 'created')
      const done = await message('the task finished', (m) => m.type === 'task' && (m.task as { status: string }).status !== 'running')
      assert.equal((done.task as { status: string }).status, 'succeeded')
      assert.ok(msgs.some((m) => m.type === 'traffic' && m.dir === 'from_mind'))
      assert.ok(msgs.some((m) => m.type === 'action'))
      ws.close()
    } finally {
      await s.close()
    }
  })
})

describe('control API refuses cross-site requests', () => {
  test('another Origin or a rebound Host: 403 even with the token, and no task is created', async () => {
    const s = await setup()
    try {
      const auth = { authorization: `Bearer ${TOKEN}` }
      const task = JSON.stringify({ task: 'collect 1 log' })
      for (const headers of [{ origin: EVIL_ORIGIN }, { origin: 'null' }, { host: `${REBOUND_HOST}:${s.api.port}` }]) {
        const get = await httpCall(s.api.url + '/v1/status', { headers: { ...auth, ...headers } })
        assert.equal(get.status, 403, JSON.stringify(headers))
        assert.doesNotMatch(get.body, /session_open/)
        const post = await httpCall(s.api.url + '/v1/tasks', { method: 'POST', body: task, headers: { ...auth, ...headers, 'content-type': 'application/json' } })
        assert.equal(post.status, 403, JSON.stringify(headers))
      }
      assert.equal(s.link.current(), undefined)
      assert.equal(s.link.history().length, 0)
      const own = await httpCall(s.api.url + '/v1/status', { headers: { ...auth, origin: s.api.url } })
      assert.equal(own.status, 200, 'its own origin passes')
    } finally {
      await s.close()
    }
  })

  test('an upgrade whose target is not a URL gets 400 and the server lives on', async () => {
    const s = await setup()
    try {
      const answer = await within(
        'the raw answer',
        new Promise<string>((resolve, reject) => {
          const head = ['GET //[ HTTP/1.1', `Host: 127.0.0.1:${s.api.port}`, 'Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==']
          const sock = connect(s.api.port, '127.0.0.1', () => sock.end(head.join('\r\n') + '\r\n\r\n'))
          let got = ''
          sock.on('data', (d) => (got += String(d)))
          sock.on('end', () => resolve(got))
          sock.on('error', reject)
        }),
      )
      assert.match(answer, /^HTTP\/1\.1 400 /)
      assert.equal((await s.call('/v1/status')).status, 200)
    } finally {
      await s.close()
    }
  })

  test('the events socket: ?token= works on the upgrade, but not from another Origin or Host', async () => {
    const s = await setup()
    try {
      const ws = `${s.api.url.replace('http', 'ws')}/v1/events?token=${TOKEN}`
      for (const headers of [{ origin: EVIL_ORIGIN }, { origin: `http://localhost:${s.api.port + 1}` }, { host: `${REBOUND_HOST}:${s.api.port}` }]) {
        const r = await tryUpgrade(ws, headers)
        assert.equal(r.opened, false, JSON.stringify(headers))
        if (!r.opened) {
          assert.equal(r.status, 403)
          assert.match(r.body, /refused|not this server/)
        }
      }
      for (const origin of [undefined, s.api.url, `http://localhost:${s.api.port}`]) {
        const r = await tryUpgrade(ws, origin ? { origin } : {})
        assert.equal(r.opened, true, String(origin))
        if (r.opened) {
          assert.equal((JSON.parse(await r.firstFrame) as { type: string }).type, 'status')
          r.ws.close()
        }
      }
    } finally {
      await s.close()
    }
  })
})

describe('chat tasks', () => {
  test('parseChatCommand', () => {
    assert.deepEqual(parseChatCommand('@Lynx get 1 stone_pickaxe', 'lynx'), { kind: 'task', text: 'get 1 stone_pickaxe' })
    assert.deepEqual(parseChatCommand('@lynx stop', 'Lynx'), { kind: 'stop' })
    assert.deepEqual(parseChatCommand('@Lynx, status', 'Lynx'), { kind: 'status' })
    assert.equal(parseChatCommand('@Other get wood', 'Lynx'), undefined)
    assert.equal(parseChatCommand('get wood', 'Lynx'), undefined)
    assert.equal(parseChatCommand('@Lynx', 'Lynx'), undefined)
  })

  test('an allowed player starts and stops tasks; anyone else is ignored and nothing runs', async () => {
    const body = new FakeBody({ username: 'Lynx', skillMs: 5 })
    const said: string[] = []
    const link = new LynxMindLink({ body, mind: new BuiltinMind(), logger: quiet, say: (m) => said.push(m) })
    await link.start()
    const detach = attachChatTasks({ body, link, allow: ['Steve'], logger: quiet })
    try {
      body.chat('Mallory', '@Lynx collect 5 log')
      body.chat('Mallory', '@Lynx stop')
      assert.equal(link.current(), undefined)

      body.chat('steve', '@lynx collect 2 log')
      const t = link.current()
      assert.ok(t)
      assert.equal(t.source, 'chat:steve')
      const rec = await link.waitTask(t.id)
      assert.equal(rec.status, 'succeeded', rec.reason)
      await waitFor('the success message in chat', () => said.some((m) => /^succeeded: collect 2 log/.test(m)), { detail: () => said.join(' | ') })
      // Mallory's commands came first: had either been taken, its task, its skill call or its answer would be here.
      // (the builtin mind also looks around before a step: scans are no action)
      const actions = () => body.calls.filter((c) => c.skill !== 'scanBlocks' && c.skill !== 'scanEntities')
      assert.deepEqual(actions().map((c) => c.skill), ['collect'], 'only Steve\'s task ran')
      assert.deepEqual(actions()[0], { skill: 'collect', items: [{ name: 'log', count: 2 }] }, 'Steve asked for 2 logs (Mallory for 5)')
      assert.equal(said[0], 'on it: collect 2 log', said.join(' | '))
      assert.equal(said.length, 2, said.join(' | '))

      body.skillMs = 10_000
      body.chat('Steve', '@Lynx goto 500 70 500')
      const t2 = link.current()!
      await waitFor('the goto task to start moving', () => actions().length >= 2)
      body.chat('Mallory', '@Lynx stop')
      assert.equal(link.current()?.id, t2.id, 'Mallory cannot stop it')
      body.chat('Steve', '@Lynx stop')
      const rec2 = await link.waitTask(t2.id)
      assert.equal(rec2.status, 'cancelled')
      assert.ok(body.stops.length > 0)
    } finally {
      detach()
      await link.close()
    }
  })
})

/**
 * The dashboard's server side without a browser, against a real bot in the embedded world:
 * the page is public but holds no data, the WebSocket says nothing before a good auth frame,
 * a wrong token is closed with 4401 and zero frames, bad frames after auth get errors and the
 * socket stays usable, and with no page open nothing is built.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { WebSocket } from 'ws'
import { buildClient, startRig, TOKEN, type DashboardRig } from './support/dashboard.js'
import { waitFor, waitForEvent, within } from '../support/wait.js'
import { EVIL_ORIGIN, REBOUND_HOST, httpCall, tryUpgrade } from '../support/cross-site.js'
import type { DashboardServerFrame } from '../../src/minecraft/dashboard/protocol.js'

let client: { dir: string; remove(): void }
let rig: DashboardRig

before(async () => {
  client = await buildClient()
  rig = await startRig(client.dir)
})
after(async () => {
  await rig?.close()
  client?.remove()
})

interface Sock {
  ws: WebSocket
  frames: DashboardServerFrame[]
  closed: Promise<{ code: number; reason: string }>
  send(f: unknown): void
}

async function open(): Promise<Sock> {
  const ws = new WebSocket(rig.url.replace('http', 'ws') + '/v1/dashboard')
  const frames: DashboardServerFrame[] = []
  ws.on('message', (d) => frames.push(JSON.parse(String(d)) as DashboardServerFrame))
  const closed = new Promise<{ code: number; reason: string }>((r) => ws.on('close', (code, reason) => r({ code, reason: String(reason) })))
  await within('the dashboard socket to open', new Promise((r, j) => (ws.once('open', r), ws.once('error', j))), 10_000)
  return { ws, frames, closed, send: (f) => ws.send(typeof f === 'string' ? f : JSON.stringify(f)) }
}

describe('dashboard server', () => {
  test('the page and its script are served without a token; the data routes still need it', async () => {
    const page = await fetch(`${rig.url}/dashboard`)
    assert.equal(page.status, 200)
    const html = await page.text()
    assert.match(html, /<canvas id="map"/)
    assert.doesNotMatch(html, /https?:\/\/(?!127\.0\.0\.1)/, 'the page loads nothing from the network')
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'self'/)
    const script = await fetch(`${rig.url}/dashboard/app.js`)
    assert.equal(script.status, 200)
    assert.match(script.headers.get('content-type') ?? '', /javascript/)
    assert.equal((await fetch(`${rig.url}/dashboard/nothing.js`)).status, 404)
    assert.equal((await fetch(`${rig.url}/dashboard`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status, 405)
    assert.equal((await fetch(`${rig.url}/v1/status`)).status, 401)
    assert.equal((await fetch(`${rig.url}/v1/status`, { headers: { authorization: `Bearer ${TOKEN}` } })).status, 200)
    assert.ok(rig.lines.some((l) => l.includes(`/dashboard#token=${TOKEN}`)), 'the URL with the token in its fragment is printed')
  })

  test('another Origin or a rebound Host: no page, and the socket is refused before it opens', async () => {
    const page = await httpCall(`${rig.url}/dashboard`, { headers: { host: `${REBOUND_HOST}:${new URL(rig.url).port}` } })
    assert.equal(page.status, 403)
    assert.doesNotMatch(page.body, /<canvas/)
    for (const headers of [{ origin: EVIL_ORIGIN }, { host: `${REBOUND_HOST}:${new URL(rig.url).port}` }]) {
      const r = await tryUpgrade(rig.url.replace('http', 'ws') + '/v1/dashboard', headers)
      assert.equal(r.opened, false, JSON.stringify(headers))
      if (!r.opened) assert.equal(r.status, 403)
    }
    const own = await tryUpgrade(rig.url.replace('http', 'ws') + '/v1/dashboard', { origin: rig.url })
    assert.equal(own.opened, true, "the page's own origin opens the socket")
    if (own.opened) own.ws.terminate()
    assert.equal(rig.hub.framesBuilt, 0)
  })

  test('no page open: nothing is built while the bot works', async () => {
    assert.equal(rig.hub.pages, 0)
    const rec = rig.session.link.createTask('collect 1 log', 'test')
    const done = await within('the task to end', rig.session.link.waitTask(rec.id), 120_000)
    assert.equal(done.status, 'succeeded', done.reason)
    assert.equal(rig.hub.framesBuilt, 0, 'no frame was built with no page open')
    assert.equal(rig.hub.bytesSent, 0)
    assert.ok(rig.hub.trafficKept > 0, 'the protocol messages are kept for a page that opens later')
    assert.equal(rig.hub.trafficRendered, 0, 'none of them was rendered to text')
  })

  test('a wrong token, a missing auth frame or garbage first: closed with 4401 and not one frame', async () => {
    for (const first of [{ op: 'auth', token: 'wrong' }, { op: 'auth', token: TOKEN.slice(0, -1) + 'x' }, { op: 'task', text: 'collect 1 log' }, '{not json', { op: 'auth' }]) {
      const s = await open()
      s.send(first)
      const { code } = await within(`the socket to close after ${JSON.stringify(first)}`, s.closed, 10_000)
      assert.equal(code, 4401)
      assert.deepEqual(s.frames, [], `no data after ${JSON.stringify(first)}`)
    }
    const binary = await open()
    binary.ws.send(Buffer.from(JSON.stringify({ op: 'auth', token: TOKEN })))
    assert.equal((await within('the binary auth to be refused', binary.closed, 10_000)).code, 4401)
    assert.deepEqual(binary.frames, [])
    assert.equal(rig.hub.pages, 0)
    assert.equal(rig.hub.framesBuilt, 0)
  })

  test('a good token: the snapshot, live frames, commands; bad frames get errors and the socket stays', async () => {
    const s = await open()
    try {
      s.send({ op: 'auth', token: TOKEN })
      const types = () => new Set(s.frames.map((f) => f.type))
      await waitFor('the first snapshot', () => ['hello', 'status', 'bus', 'traffic', 'map'].every((t) => types().has(t as never)), { timeoutMs: 15_000 })
      const hello = s.frames.find((f) => f.type === 'hello') as Extract<DashboardServerFrame, { type: 'hello' }>
      assert.equal(hello.protocol, 'lynxmind')
      assert.equal(hello.mind, 'builtin')
      assert.equal(hello.bot, 'dashbot')
      const traffic = s.frames.filter((f) => f.type === 'traffic').flatMap((f) => (f as Extract<DashboardServerFrame, { type: 'traffic' }>).items)
      assert.ok(traffic.some((t) => t.kind === 'EVENT_PLAYER_STATUS_CREATE_TASK' && t.dir === 'out'), 'the earlier task is in the traffic history')
      assert.ok(traffic.some((t) => t.kind === 'EVENT_AI_CONTROL' && t.dir === 'in'))
      const map = await waitFor('a map with known blocks', () => s.frames.find((f): f is Extract<DashboardServerFrame, { type: 'map' }> => f.type === 'map' && f.knownBlocks > 0), { timeoutMs: 15_000 })
      assert.equal(map.size, 33)
      assert.ok(map.bot)
      assert.ok(map.cells.some((c) => c >= 0))
      const status = s.frames.find((f) => f.type === 'status') as Extract<DashboardServerFrame, { type: 'status' }>
      assert.ok(status.body && status.body.inventory.some((e) => e.name.endsWith('_log')), 'the inventory holds the log collected before')

      const before = s.frames.length
      const bad: unknown[] = ['{not json', { op: 'fly' }, { op: 'task', text: '' }, { op: 'say', text: 'x'.repeat(300) }, { op: 'stop', extra: 1 }]
      for (const b of bad) s.send(b)
      s.ws.send(Buffer.from('{}'))
      await waitFor('an error frame for each bad frame', () => s.frames.slice(before).filter((f) => f.type === 'error').length >= bad.length + 1, { timeoutMs: 10_000 })
      assert.equal(s.ws.readyState, WebSocket.OPEN)

      const said = waitForEvent('the bot to say it', rig.body, 'said', (m: unknown) => m === 'hello from the dashboard', 15_000)
      s.send({ op: 'say', text: 'hello from the dashboard' })
      await said
      const from = s.frames.length
      s.send({ op: 'task', text: 'goto 40 64 40' })
      const reply = await waitFor('the task reply', () => s.frames.slice(from).find((f): f is Extract<DashboardServerFrame, { type: 'reply' }> => f.type === 'reply' && f.op === 'task'), { timeoutMs: 10_000 })
      assert.equal(reply.ok, true, reply.message)
      const given = [rig.session.link.current(), ...rig.session.link.history()].find((t) => t?.source === 'dashboard')
      assert.equal(given?.text, 'goto 40 64 40')
      s.send({ op: 'stop' })
      const stopped = await waitFor('the stop reply', () => s.frames.slice(from).find((f): f is Extract<DashboardServerFrame, { type: 'reply' }> => f.type === 'reply' && f.op === 'stop'), { timeoutMs: 10_000 })
      assert.match(stopped.message, /cancelled|no task/)
      await waitFor('the hub to count the page', () => rig.hub.pages === 1)
    } finally {
      s.ws.close()
    }
    await waitFor('the hub to forget the closed page', () => rig.hub.pages === 0, { timeoutMs: 10_000 })
    const built = rig.hub.framesBuilt
    const rec = rig.session.link.createTask('collect 1 log', 'test')
    await within('the second task to end', rig.session.link.waitTask(rec.id), 120_000)
    assert.equal(rig.hub.framesBuilt, built, 'a closed page stops the frames')
  })
})

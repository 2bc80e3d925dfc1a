/**
 * `--viewer`: prismarine-viewer 1.33's 3D view, served by dashboard/viewer.ts for a real bot in
 * the embedded world. It loads although the `canvas` package it requires is not installed (the
 * stub stands in only for prismarine-viewer's own requires), listens on 127.0.0.1 only, lets in
 * only a browser that came through a one-time link handed out over the dashboard's authenticated
 * socket (so a wrong control token gets no page and no world data), and in chromium the
 * dashboard's 3D panel loads the viewer page, which receives the bot's chunks.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { connect, createServer } from 'node:net'
import { networkInterfaces } from 'node:os'
import { WebSocket } from 'ws'
import type { Browser } from 'playwright-core'
import { buildClient, startRig, TOKEN, type DashboardRig } from './support/dashboard.js'
import { chromiumMissing, launchChromium } from '../support/browser.js'
import { waitFor, within } from '../support/wait.js'
import type { DashboardServerFrame } from '../../src/minecraft/dashboard/protocol.js'

const require = createRequire(import.meta.url)

let client: { dir: string; remove(): void }
let rig: DashboardRig
/** The viewer's base URL, as the command prints it. */
let viewerUrl: string

before(async () => {
  client = await buildClient()
  rig = await startRig(client.dir, { settings: { viewer: true, viewDistance: 2 } })
  const line = rig.lines.find((l) => l.startsWith('3D view on '))
  assert.ok(line, `the viewer's address is printed: ${rig.lines.join(' | ')}`)
  viewerUrl = /3D view on (http:\/\/\S+)/.exec(line)![1]!
})
after(async () => {
  await rig?.close()
  client?.remove()
})

/** Authenticates on the dashboard socket and returns every frame until it closes or `until` holds. */
async function dashboard(token: string, until: (frames: DashboardServerFrame[]) => boolean): Promise<{ frames: DashboardServerFrame[]; code: number | undefined }> {
  const ws = new WebSocket(rig.url.replace('http', 'ws') + '/v1/dashboard')
  const frames: DashboardServerFrame[] = []
  let code: number | undefined
  ws.on('message', (d) => frames.push(JSON.parse(String(d)) as DashboardServerFrame))
  const closed = new Promise<void>((r) => ws.on('close', (c) => ((code = c), r())))
  await within('the dashboard socket to open', new Promise((r, j) => (ws.once('open', r), ws.once('error', j))), 10_000)
  ws.send(JSON.stringify({ op: 'auth', token }))
  await within('the dashboard to answer or close', Promise.race([closed, waitFor('the frames', () => until(frames), { timeoutMs: 15_000 })]), 20_000)
  ws.close()
  await closed
  return { frames, code }
}

/** A fresh one-time viewer link, as an authenticated page gets it. */
async function loginUrl(): Promise<string> {
  const { frames } = await dashboard(TOKEN, (f) => f.some((x) => x.type === 'hello'))
  const hello = frames.find((f): f is Extract<DashboardServerFrame, { type: 'hello' }> => f.type === 'hello')!
  assert.ok(hello.viewer, 'the hello frame carries the viewer link')
  return hello.viewer
}

/** Follows a login link; returns the cookie it set. */
async function login(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' })
  assert.equal(res.status, 303)
  assert.equal(res.headers.get('location'), '/')
  const set = res.headers.get('set-cookie') ?? ''
  assert.match(set, /HttpOnly/)
  assert.match(set, /SameSite=Strict/)
  return set.split(';')[0]!
}

function refusedAt(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ host, port })
    s.once('connect', () => (s.destroy(), resolve('connected')))
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message))
  })
}

describe('3D viewer (--viewer)', () => {
  test('prismarine-viewer loads without the canvas package; other requires of canvas are untouched', () => {
    const fromViewer = createRequire(require.resolve('prismarine-viewer/package.json'))
    assert.throws(() => fromViewer.resolve('canvas'), /Cannot find module 'canvas'/, 'canvas is not installed here: the stub is what lets the viewer load')
    assert.throws(() => require.resolve('canvas'), /Cannot find module 'canvas'/, 'the stub does not leak to the rest of the process')
    assert.match(viewerUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
  })

  test('it listens on 127.0.0.1 only: another interface of this machine is refused', async () => {
    const port = Number(new URL(viewerUrl).port)
    assert.equal(await refusedAt('127.0.0.1', port), 'connected')
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === 'IPv4')
      .map((a) => a!.address)
    if (others.length === 0) return void console.log('# no non-loopback IPv4 interface on this machine: only the loopback bind was checked')
    for (const ip of others) {
      // the same interface does take connections to a server bound on every interface (so the refusal means something)
      const any = createServer((s) => s.destroy())
      await new Promise<void>((r) => any.listen(0, '0.0.0.0', r))
      const anyPort = (any.address() as { port: number }).port
      const control = await refusedAt(ip, anyPort)
      await new Promise((r) => any.close(r))
      assert.equal(control, 'connected', `a server on 0.0.0.0 is reachable at ${ip}`)
      assert.equal(await refusedAt(ip, port), 'ECONNREFUSED', `the viewer is not reachable at ${ip}:${port}`)
    }
  })

  test('no cookie, a made-up ticket or a wrong control token: no page and no world data', async () => {
    for (const path of ['/', '/index.js', '/worker.js', '/blocksStates/1.16.4.json', '/textures/1.16.4.png']) {
      const res = await fetch(viewerUrl + path)
      assert.equal(res.status, 401, path)
      assert.match(await res.text(), /open the 3D view from the dashboard/)
    }
    // the world stream: socket.io's handshake is refused before any packet
    const poll = await fetch(`${viewerUrl}/socket.io/?EIO=4&transport=polling`)
    assert.equal(poll.status, 403)
    assert.doesNotMatch(await poll.text(), /"sid"/)
    assert.equal((await fetch(`${viewerUrl}/login?ticket=0123456789abcdef0123456789abcdef`, { redirect: 'manual' })).status, 401)
    assert.equal((await fetch(`${viewerUrl}/`, { headers: { cookie: `mbviewer_${new URL(viewerUrl).port}=not-the-session` } })).status, 401)
    // a page with a wrong control token never gets a link to the viewer
    const wrong = await dashboard('not-the-token', (f) => f.length > 0)
    assert.equal(wrong.code, 4401)
    assert.deepEqual(wrong.frames, [])
  })

  test('the right token: a one-time link, the viewer page and the world stream', async () => {
    const link = await loginUrl()
    assert.ok(link.startsWith(`${viewerUrl}/login?ticket=`), link)
    const cookie = await login(link)
    assert.equal((await fetch(link, { redirect: 'manual' })).status, 401, 'a link works once')
    const page = await fetch(`${viewerUrl}/`, { headers: { cookie } })
    assert.equal(page.status, 200)
    assert.match(await page.text(), /<script type="text\/javascript" src="index.js">/)
    const script = await fetch(`${viewerUrl}/index.js`, { headers: { cookie } })
    assert.equal(script.status, 200)
    assert.match(script.headers.get('content-type') ?? '', /javascript/)
    assert.equal((await fetch(`${viewerUrl}/../package.json`, { headers: { cookie } })).status, 404)
    const poll = await fetch(`${viewerUrl}/socket.io/?EIO=4&transport=polling`, { headers: { cookie } })
    assert.equal(poll.status, 200)
    assert.match(await poll.text(), /"sid"/)
  })

  test('in chromium: the dashboard shows the viewer, which receives the bot\'s chunks; a wrong token shows none', { skip: chromiumMissing, timeout: 120_000 }, async () => {
    let browser: Browser | undefined
    try {
      browser = await launchChromium()
      const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } })
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      // socket.io packets from the viewer, over its WebSocket or (before the upgrade) long polling
      const viewerFrames: string[] = []
      // the viewer page asks for a version's block states only once the server told it that version
      // (prismarine-viewer's setVersion); a request is seen whole, unlike a long-polling body, which the
      // browser may no longer hold when the test reads it
      const blockStateRequests: string[] = []
      page.on('request', (r) => {
        if (r.url().startsWith(`${viewerUrl}/blocksStates/`)) blockStateRequests.push(r.url())
      })
      page.on('websocket', (ws) => {
        if (ws.url().startsWith(viewerUrl.replace('http', 'ws'))) ws.on('framereceived', (f) => viewerFrames.push(String(f.payload)))
      })
      page.on('response', (r) => {
        if (r.url().startsWith(`${viewerUrl}/socket.io/`) && r.request().method() === 'GET')
          void r.text().then(
            (t) => viewerFrames.push(...t.split('\x1e')),
            () => undefined,
          )
      })
      await page.goto(rig.pageUrl)
      await page.waitForSelector('#viewer-panel:not([hidden])', { timeout: 20_000 })
      await waitFor('the viewer page in the frame', () => page.frames().find((f) => f.url() === `${viewerUrl}/`), { timeoutMs: 20_000 })
      const chunks = () => viewerFrames.filter((f) => f.startsWith('42["loadChunk"'))
      await waitFor('chunks in the viewer', () => chunks().length > 0, { timeoutMs: 60_000, detail: () => `${viewerFrames.length} frames: ${[...new Set(viewerFrames.map((f) => f.slice(0, 20)))].join(", ")}` })
      const { x, z } = JSON.parse(chunks()[0]!.slice(2))[1] as { x: number; z: number }
      const pos = rig.body.status().position
      assert.ok(Math.abs(x - pos.x) <= 16 * 3 && Math.abs(z - pos.z) <= 16 * 3, `the chunk at ${x},${z} is near the bot at ${pos.x},${pos.z}`)
      await waitFor('the viewer was told the version (it asks for that version\'s block states)', () => blockStateRequests.length > 0, { timeoutMs: 30_000 })
      assert.match(blockStateRequests[0]!, /\/blocksStates\/1\.16\.4\.json$/, 'the block states of the version the viewer draws 1.16.5 with')
      const canvas = await page.frames().find((f) => f.url() === `${viewerUrl}/`)!.$('canvas')
      assert.ok(canvas, 'the viewer draws into a canvas')
      assert.deepEqual(errors, [])
      await page.close()

      const denied = await browser.newPage()
      const deniedFrames: string[] = []
      denied.on('websocket', (ws) => ws.on('framereceived', (f) => deniedFrames.push(String(f.payload))))
      await denied.goto(`${rig.url}/dashboard#token=not-the-token`)
      await denied.waitForSelector('body[data-state=denied]', { timeout: 20_000 })
      assert.equal(await denied.isHidden('#viewer-panel'), true)
      assert.equal(await denied.getAttribute('#viewer', 'src'), null, 'the 3D panel got no link')
      assert.ok(denied.frames().every((f) => !f.url().startsWith(viewerUrl)), 'no frame shows the viewer')
      const res = await denied.goto(`${viewerUrl}/`)
      assert.equal(res?.status(), 401)
      assert.deepEqual(deniedFrames, [])
    } finally {
      await browser?.close()
    }
  })
})

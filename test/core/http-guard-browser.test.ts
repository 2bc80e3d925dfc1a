/**
 * A hostile page in a real browser (Debian's chromium): served from another loopback port, its
 * script tries what any site the user visits could try against the project's servers on the same
 * machine: a text/plain fetch (no CORS preflight), a form post, and a WebSocket, against
 * `lostspace web` (no token on loopback), the MaiCore stand-in (and a token-less MaimServer, the
 * real server's shape) and the control API (with the token in the query string, as if it had
 * leaked). Nothing starts, nothing opens. The same request from the server's own page still works.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { startWebServer, type WebServer } from '../../src/lostspace/web/server.js'
import { createBuiltinPlayer } from '../../src/lostspace/bots/index.js'
import { BuiltinStandinMind, startStandin, type Standin } from '../../src/minecraft/links/maicore/standin.js'
import { MaimServer } from '../../src/minecraft/links/maicore/standin-server.js'
import { startControlServer, type ControlServer } from '../../src/minecraft/control/server.js'
import { LynxMindLink } from '../../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import { createLogger } from '../../src/core/logger.js'
import { FakeBody } from '../minecraft/support/fake-body.js'
import { chromiumMissing as skip, launchChromium } from '../support/browser.js'

const quiet = createLogger('test', { level: 'silent' })
const TOKEN = 'leaked-control-token'
const START = JSON.stringify({ seats: ['human', 'builtin:llm', 'builtin:random', 'builtin:expert?budget=50'] })

let browser: Browser
let evil: Server
let evilUrl = ''
let web: WebServer
const built: string[] = []
let standin: Standin
let open: MaimServer
let openConnections = 0
let control: ControlServer
let link: LynxMindLink

before(async () => {
  if (skip) return
  web = await startWebServer({
    port: 0,
    makeBuiltin: async (name, seed) => {
      built.push(name)
      return createBuiltinPlayer(name === 'llm' ? 'random' : name, { seed })
    },
  })
  standin = await startStandin({ mind: new BuiltinStandinMind(), port: 0, logger: quiet })
  open = new MaimServer({ port: 0, logger: quiet })
  open.on('connection', () => openConnections++)
  await open.listen()
  link = new LynxMindLink({ body: new FakeBody(), mind: new BuiltinMind(), logger: quiet })
  await link.start()
  control = await startControlServer({ link, token: TOKEN, logger: quiet })
  // the hostile site: an empty page on its own loopback port; its script is what the test evaluates in it
  evil = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>a page on another site</title><body></body>'))
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r))
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`
  browser = await launchChromium()
})

after(async () => {
  await browser?.close()
  await web?.close()
  await standin?.close()
  await open?.close()
  await control?.close()
  await link?.close()
  if (evil) await new Promise<void>((r) => evil.close(() => r()))
})

async function hostilePage(): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(evilUrl)
  assert.notEqual(new URL(page.url()).port, String(web.port))
  return page
}

/** In the page: a text/plain POST with no-cors (the response is opaque to the page, but the request is sent). */
function plainPost(page: Page, url: string, body: string): Promise<string> {
  return page.evaluate(
    async ([u, b]) => {
      try {
        await fetch(u!, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: b! })
        return 'sent'
      } catch (err) {
        return `failed: ${String(err)}`
      }
    },
    [url, body],
  )
}

/**
 * In the page: a form post into an iframe; resolves when the answer has loaded. With the text/plain
 * encoding the body is `name=value` plus CRLF, so `json` is split at its one `=`, which must sit
 * inside a JSON string: the server gets exactly `json`.
 */
function formPost(page: Page, url: string, json: string): Promise<void> {
  const at = json.indexOf('=')
  assert.ok(at > 0 && json.indexOf('=', at + 1) < 0, 'the body has exactly one =')
  // the test's tsconfig has no DOM types: the page's script is written as the page would carry it
  return page.evaluate(`new Promise((resolve) => {
    const frame = document.createElement('iframe')
    frame.name = 'answer' + Math.random().toString(36).slice(2)
    document.body.appendChild(frame)
    const form = document.createElement('form')
    form.method = 'POST'
    form.action = ${JSON.stringify(url)}
    form.enctype = 'text/plain'
    form.target = frame.name
    const field = document.createElement('input')
    field.name = ${JSON.stringify(json.slice(0, at))}
    field.value = ${JSON.stringify(json.slice(at + 1))}
    form.appendChild(field)
    document.body.appendChild(form)
    frame.addEventListener('load', () => resolve(), { once: true })
    form.submit()
  })`)
}

/** In the page: a WebSocket; 'opened' (and the first frame, if any) or 'refused'. */
function webSocket(page: Page, url: string): Promise<string> {
  return page.evaluate(
    (u) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(u)
        ws.onopen = () => {
          ws.send(JSON.stringify({ type: 'ping' }))
          resolve('opened')
        }
        ws.onclose = () => resolve('refused')
      }),
    url,
  )
}

describe('a page from another site, in chromium, cannot drive the servers', { skip }, () => {
  test('lostspace web: text/plain fetch and form post start no match and build no seat; its match socket does not open', async () => {
    const page = await hostilePage()
    try {
      assert.equal(await plainPost(page, `${web.url}/api/matches`, START), 'sent')
      await formPost(page, `${web.url}/api/matches`, START)
      assert.deepEqual(await (await fetch(`${web.url}/api/matches`)).json(), [], 'no match was started')
      assert.deepEqual(built, [], 'no seat (and no llm seat) was built')
      const { live } = await web.startMatch({ seats: ['human', 'builtin:random', 'builtin:random', 'builtin:random'], seed: 9 })
      built.length = 0
      const ws = `${web.url.replace('http', 'ws')}/ws?match=${live.id}`
      assert.equal(await webSocket(page, ws), 'refused', 'spectating socket')
      assert.equal(await webSocket(page, `${ws}&seat=0`), 'refused', 'human seat socket')
      assert.equal(live.info().seats[0]?.connected, false, 'no page holds the human seat')
      await live.abandon('test over')
    } finally {
      await page.close()
    }
  })

  test("lostspace web's own page still starts a match with the same request in JSON", async () => {
    const page = await browser.newPage()
    try {
      await page.goto(web.url)
      const status = await page.evaluate(
        async (body) => (await fetch('/api/matches', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
        JSON.stringify({ seats: ['builtin:random', 'builtin:random', 'builtin:random', 'builtin:random'], seed: 2 }),
      )
      assert.equal(status, 201)
    } finally {
      await page.close()
    }
  })

  test('stand-in MaiCore: neither the stand-in nor a token-less MaimServer lets the page connect', async () => {
    const page = await hostilePage()
    try {
      assert.equal(await webSocket(page, standin.url), 'refused')
      assert.equal(await webSocket(page, open.url), 'refused')
      assert.equal(openConnections, 0, 'the token-less server accepted no connection')
      assert.deepEqual(standin.server.platforms(), [])
      assert.equal(standin.replyCount, 0)
    } finally {
      await page.close()
    }
  })

  test('control API: with the token in the query, a text/plain fetch, a form post and the events socket all fail; no task', async () => {
    const page = await hostilePage()
    try {
      const task = JSON.stringify({ task: 'collect 1 log' })
      assert.equal(await plainPost(page, `${control.url}/v1/tasks?token=${TOKEN}`, task), 'sent')
      await formPost(page, `${control.url}/v1/tasks?token=${TOKEN}`, JSON.stringify({ task: 'collect 1 log =' }))
      assert.equal(link.current(), undefined)
      assert.deepEqual(link.history(), [], 'no task was created')
      assert.equal(await webSocket(page, `${control.url.replace('http', 'ws')}/v1/events?token=${TOKEN}`), 'refused')
    } finally {
      await page.close()
    }
  })
})

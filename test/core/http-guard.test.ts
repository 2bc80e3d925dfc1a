/**
 * The core guard on a real HTTP server with a WebSocket endpoint on loopback: which Host and
 * Origin headers pass, which bodies a state-changing request may carry, the refusals' statuses
 * and reasons, and the token helpers every server shares.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { checkRequest, guardUpgrade, headerToken, newToken, refuseRequest, tokensEqual, upgradeToken } from '../../src/core/http-guard.js'
import { EVIL_ORIGIN, REBOUND_HOST, httpCall, tryUpgrade } from '../support/cross-site.js'
import { within } from '../support/wait.js'

let server: Server
let wss: WebSocketServer
let port = 0
let base = ''
/** Requests that got past the guard. */
let passed = 0

before(async () => {
  wss = new WebSocketServer({ noServer: true })
  server = createServer((req, res) => {
    const refusal = checkRequest(req, '127.0.0.1')
    if (refusal) return refuseRequest(res, refusal)
    passed++
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  })
  server.on('upgrade', (req, socket, head) => {
    if (!guardUpgrade(req, socket, '127.0.0.1')) return
    wss.handleUpgrade(req, socket, head, (ws) => ws.send('welcome'))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  port = (server.address() as AddressInfo).port
  base = `http://127.0.0.1:${port}`
})

after(async () => {
  for (const c of wss.clients) c.terminate()
  server.closeAllConnections()
  await new Promise<void>((r) => server.close(() => r()))
})

describe('Host', () => {
  test('its own address, localhost, or no Host at all pass', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const r = await httpCall(base + '/', { headers: { host } })
      assert.equal(r.status, 200, host)
    }
  })

  test('a rebound name, another port, another loopback address or garbage: 403 with the reason, nothing served', async () => {
    const before = passed
    for (const host of [`${REBOUND_HOST}:${port}`, REBOUND_HOST, `127.0.0.1:${port + 1}`, '127.0.0.1', `127.0.0.2:${port}`, `[::1]:${port}`, 'a b', `user@127.0.0.1:${port}`]) {
      const r = await httpCall(base + '/', { headers: { host } })
      assert.equal(r.status, 403, host)
      const { error } = JSON.parse(r.body) as { error: string }
      assert.match(error, /^Host '.*' is not this server \(use localhost:\d+ or 127\.0\.0\.1:\d+\)$/, host)
    }
    assert.equal(passed, before, 'no refused request reached the handler')
  })

  test('a WebSocket upgrade with a rebound Host is refused before it opens', async () => {
    const r = await tryUpgrade(`ws://127.0.0.1:${port}/`, { host: `${REBOUND_HOST}:${port}` })
    assert.equal(r.opened, false)
    if (!r.opened) {
      assert.equal(r.status, 403)
      assert.match(r.body, /not this server/)
    }
  })
})

describe('request target', () => {
  test('a target that is not a URL gets 400 on HTTP and on an upgrade, and the server lives on', async () => {
    const raw = (lines: string[]) =>
      within(
        'a raw answer',
        new Promise<string>((resolve, reject) => {
          const sock = connect(port, '127.0.0.1', () => sock.end(lines.join('\r\n') + '\r\n\r\n'))
          let got = ''
          sock.on('data', (d) => (got += String(d)))
          sock.on('end', () => resolve(got))
          sock.on('error', reject)
        }),
      )
    const plain = await raw(['GET //[ HTTP/1.1', `Host: 127.0.0.1:${port}`, 'Connection: close'])
    assert.match(plain, /^HTTP\/1\.1 400 /)
    assert.match(plain, /the request target '\/\/\[' is not a URL path/)
    const upgrade = await raw(['GET //[ HTTP/1.1', `Host: 127.0.0.1:${port}`, 'Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='])
    assert.match(upgrade, /^HTTP\/1\.1 400 /)
    assert.equal((await httpCall(base + '/')).status, 200)
  })
})

describe('Origin', () => {
  test("the server's own origin (either spelling) and no Origin pass, on requests and upgrades", async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      assert.equal((await httpCall(base + '/', { headers: { origin } })).status, 200, origin)
      const up = await tryUpgrade(`ws://127.0.0.1:${port}/`, { origin })
      assert.equal(up.opened, true, origin)
      if (up.opened) {
        assert.equal(await up.firstFrame, 'welcome')
        up.ws.close()
      }
    }
    const plain = await tryUpgrade(`ws://127.0.0.1:${port}/`)
    assert.equal(plain.opened, true, 'a program sends no Origin')
    if (plain.opened) plain.ws.close()
  })

  test('another site, another port, https, a sandboxed page (null): 403, on requests and upgrades', async () => {
    const before = passed
    for (const origin of [EVIL_ORIGIN, `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, 'null', `http://${REBOUND_HOST}:${port}`, 'file://']) {
      const r = await httpCall(base + '/', { headers: { origin } })
      assert.equal(r.status, 403, origin)
      assert.match((JSON.parse(r.body) as { error: string }).error, /^requests from the page at Origin '.*' are refused: only this server's own pages may call it$/)
      const up = await tryUpgrade(`ws://127.0.0.1:${port}/`, { origin })
      assert.equal(up.opened, false, origin)
      if (!up.opened) assert.equal(up.status, 403, origin)
    }
    assert.equal(passed, before)
  })
})

describe('state-changing requests need a JSON body type', () => {
  test('POST, PUT, PATCH and DELETE without application/json: 415 naming the type', async () => {
    const before = passed
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
        const r = await httpCall(base + '/', { method, body: '{"a":1}', headers: type ? { 'content-type': type } : {} })
        assert.equal(r.status, 415, `${method} ${type}`)
        assert.match((JSON.parse(r.body) as { error: string }).error, new RegExp(`^${method} needs Content-Type: application/json`))
      }
    }
    assert.equal(passed, before)
  })

  test('application/json (any case, with a charset) passes; GET needs no type', async () => {
    for (const type of ['application/json', 'Application/JSON; charset=utf-8']) {
      assert.equal((await httpCall(base + '/', { method: 'POST', body: '{}', headers: { 'content-type': type } })).status, 200, type)
    }
    assert.equal((await httpCall(base + '/', { method: 'GET', headers: { 'content-type': 'text/plain' } })).status, 200)
  })
})

describe('token helpers', () => {
  const req = (headers: Record<string, string>, url = '/') => ({ headers, url }) as unknown as IncomingMessage

  test('tokensEqual: equal strings only; never an empty or missing token', () => {
    const t = newToken()
    assert.equal(tokensEqual(t, t), true)
    assert.equal(tokensEqual(t.slice(0, -1), t), false)
    assert.equal(tokensEqual(t + 'x', t), false)
    assert.equal(tokensEqual(undefined, t), false)
    assert.equal(tokensEqual(null, t), false)
    assert.equal(tokensEqual('', ''), false)
    assert.equal(tokensEqual('x', ''), false)
  })

  test('newToken: hex of the asked length, never the same twice', () => {
    assert.match(newToken(), /^[0-9a-f]{32}$/)
    assert.match(newToken(12), /^[0-9a-f]{24}$/)
    assert.equal(new Set(Array.from({ length: 100 }, () => newToken())).size, 100)
  })

  test('headerToken reads Authorization: Bearer (any case) or X-Mindbridge-Token, never the query', () => {
    assert.equal(headerToken(req({ authorization: 'Bearer abc' })), 'abc')
    assert.equal(headerToken(req({ authorization: 'bEaReR   abc ' })), 'abc')
    assert.equal(headerToken(req({ authorization: 'Basic abc' })), undefined)
    assert.equal(headerToken(req({ 'x-mindbridge-token': 'xyz' })), 'xyz')
    assert.equal(headerToken(req({}, '/v1/status?token=abc')), undefined)
  })

  test('upgradeToken: the header first, else ?token=', () => {
    assert.equal(upgradeToken(req({}, '/ws?token=abc')), 'abc')
    assert.equal(upgradeToken(req({ authorization: 'Bearer hdr' }, '/ws?token=abc')), 'hdr')
    assert.equal(upgradeToken(req({}, '/ws')), undefined)
  })
})

/**
 * `lostspace web` on loopback without tokens, against what another web page (or a DNS-rebound
 * name) could send it: a text/plain POST that starts a match, a seat's WebSocket from another
 * Origin, a foreign Host. Each is refused before it reaches a handler, and no seat (a
 * `builtin:llm` one least of all) is ever built; the server's own requests still work.
 */
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { startWebServer, type WebServer } from '../../../src/lostspace/web/server.js'
import { createBuiltinPlayer } from '../../../src/lostspace/bots/index.js'
import { EVIL_ORIGIN, REBOUND_HOST, authority, httpCall, tryUpgrade } from '../../support/cross-site.js'

const servers: WebServer[] = []
after(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

/** A server whose built-in seats are recorded as they are built (an llm seat would spend the model key). */
async function server(): Promise<{ s: WebServer; built: string[] }> {
  const built: string[] = []
  const s = await startWebServer({
    port: 0,
    makeBuiltin: async (name, seed) => {
      built.push(name)
      return createBuiltinPlayer(name === 'llm' ? 'random' : name, { seed })
    },
  })
  servers.push(s)
  return { s, built }
}

const START = JSON.stringify({ seats: ['human', 'builtin:llm', 'builtin:random', 'builtin:random'] })

async function matchCount(s: WebServer): Promise<number> {
  return ((await (await fetch(`${s.url}/api/matches`)).json()) as unknown[]).length
}

describe('lostspace web refuses cross-site requests', () => {
  test('a text/plain POST from another Origin (no CORS preflight) gets 403 and starts nothing', async () => {
    const { s, built } = await server()
    for (const type of ['text/plain', 'application/json', 'application/x-www-form-urlencoded']) {
      const r = await httpCall(`${s.url}/api/matches`, { method: 'POST', body: START, headers: { origin: EVIL_ORIGIN, 'content-type': type } })
      assert.equal(r.status, 403, type)
      assert.match((JSON.parse(r.body) as { error: string }).error, /Origin 'http:\/\/evil\.example' are refused/)
      assert.doesNotMatch(r.body, /token/)
    }
    assert.equal(await matchCount(s), 0)
    assert.deepEqual(built, [], 'no seat was built')
  })

  test('a POST that is not JSON gets 415 even from the same origin', async () => {
    const { s, built } = await server()
    for (const headers of [{ 'content-type': 'text/plain' }, { origin: s.url, 'content-type': 'text/plain;charset=UTF-8' }, {} as Record<string, string>]) {
      const r = await httpCall(`${s.url}/api/matches`, { method: 'POST', body: START, headers })
      assert.equal(r.status, 415, JSON.stringify(headers))
      assert.match((JSON.parse(r.body) as { error: string }).error, /^POST needs Content-Type: application\/json/)
    }
    assert.equal(await matchCount(s), 0)
    assert.deepEqual(built, [])
  })

  test('a DNS-rebound Host gets 403: no page, no data, no match', async () => {
    const { s, built } = await server()
    const host = `${REBOUND_HOST}:${s.port}`
    for (const path of ['/', '/api/map', '/api/matches']) {
      const r = await httpCall(s.url + path, { headers: { host } })
      assert.equal(r.status, 403, path)
      assert.match(r.body, /Host 'attacker\.example:\d+' is not this server/)
    }
    const post = await httpCall(`${s.url}/api/matches`, { method: 'POST', body: START, headers: { host, 'content-type': 'application/json' } })
    assert.equal(post.status, 403)
    assert.equal(await matchCount(s), 0)
    assert.deepEqual(built, [])
  })

  test("a match's WebSocket from another Origin or a rebound Host is refused; its own page's opens", async () => {
    const { s } = await server()
    const { live, started } = await s.startMatch({ seats: ['human', 'builtin:random', 'builtin:random', 'builtin:random'], seed: 3 })
    const ws = `${s.url.replace('http', 'ws')}/ws?match=${live.id}`
    for (const headers of [{ origin: EVIL_ORIGIN }, { origin: 'null' }, { host: `${REBOUND_HOST}:${s.port}` }, { origin: `http://127.0.0.1:${s.port + 1}` }]) {
      for (const url of [ws, `${ws}&seat=0&token=${started.links[0]!.token}`]) {
        const r = await tryUpgrade(url, headers)
        assert.equal(r.opened, false, `${url} ${JSON.stringify(headers)}`)
        if (!r.opened) assert.equal(r.status, 403)
      }
    }
    assert.equal(live.info().seats[0]?.connected ?? false, false, 'no page holds the human seat')
    for (const origin of [s.url, `http://localhost:${s.port}`]) {
      const own = await tryUpgrade(`${ws}&seat=0`, { origin, host: origin === s.url ? authority(s.url) : `localhost:${s.port}` })
      assert.equal(own.opened, true, origin)
      if (own.opened) {
        assert.equal((JSON.parse(await own.firstFrame) as { type: string }).type, 'hello')
        own.ws.close()
      }
    }
    await live.abandon('test over')
  })
})

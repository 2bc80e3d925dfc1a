/**
 * The LostSpace web server without a browser: real HTTP, real WebSockets, real
 * games (judger + logic + built-in players) and human seats played over the socket.
 */
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { startWebServer, type WebServer } from '../../../src/lostspace/web/server.js'
import type { SeatView, ServerFrame } from '../../../src/lostspace/web/protocol.js'
import { connect, isType, until } from './helpers.js'

const servers: WebServer[] = []
after(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

async function server(opts: Parameters<typeof startWebServer>[0] = {}): Promise<WebServer> {
  const s = await startWebServer({ port: 0, ...opts })
  servers.push(s)
  return s
}

const wsUrl = (s: WebServer, q: string) => `${s.url.replace('http', 'ws')}/ws?${q}`
const seatViews = (frames: ServerFrame[]) => frames.filter(isType('seat')).map((f) => f.view)

describe('lostspace web server', () => {
  test('HTTP: page, map, bad match requests get clear 4xx answers', async () => {
    const s = await server()
    const page = await fetch(`${s.url}/`)
    assert.equal(page.status, 200)
    assert.match(await page.text(), /<script type="module" src="\/app.js">/)
    const map = (await (await fetch(`${s.url}/api/map`)).json()) as { layers: number[]; nodes: unknown[]; elevators: unknown[]; keyMachines: unknown[] }
    assert.deepEqual(map.layers, [0, 1, 2])
    assert.ok(map.nodes.length > 100 && map.elevators.length === 4 && map.keyMachines.length === 8)

    const post = (body: string) => fetch(`${s.url}/api/matches`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    let r = await post('{not json')
    assert.equal(r.status, 400)
    assert.match(((await r.json()) as { error: string }).error, /not JSON/)
    r = await post(JSON.stringify({ seats: ['human'] }))
    assert.equal(r.status, 400)
    assert.match(((await r.json()) as { error: string }).error, /seats/)
    r = await post(JSON.stringify({ seats: ['rm -rf /', 'builtin:random', 'builtin:random', 'builtin:random'] }))
    assert.equal(r.status, 400)
    assert.match(((await r.json()) as { error: string }).error, /seat 0: 'rm -rf \/' is not allowed/)
    r = await post(JSON.stringify({ seats: ['builtin:nope', 'builtin:random', 'builtin:random', 'builtin:random'] }))
    assert.equal(r.status, 400)
    assert.match(((await r.json()) as { error: string }).error, /unknown built-in player 'nope'/)
    r = await fetch(`${s.url}/api/replays/nothing.json`)
    assert.equal(r.status, 404)
    await assert.rejects(connect(wsUrl(s, 'match=g99')), /HTTP 404/)
  })

  test('spectators follow a whole match; the streamed entries rebuild exactly the final replay', async () => {
    const s = await server()
    const { live } = await s.startMatch({ seats: ['builtin:strategist', 'builtin:random', 'builtin:random', 'builtin:random'], seed: 5, paceMs: 1 })
    const a = await connect(wsUrl(s, `match=${live.id}`))
    const b = await connect(wsUrl(s, `match=${live.id}`))
    for (const c of [a, b]) {
      const end = await c.next('end frame', isType('end'))
      const hello = c.frames.find(isType('hello'))!
      assert.equal(hello.role, 'spectator')
      // hello's partial replay + every events frame = the final replay's rounds.
      const rebuilt = hello.replay.slice(0, -1) as unknown[][][]
      for (const f of c.frames.filter(isType('events'))) {
        while (rebuilt.length - 1 < f.round) rebuilt.push([[], [], [], []])
        rebuilt[f.round]![f.seat]!.push(...f.entries)
      }
      assert.deepEqual(rebuilt, end.replay.slice(0, -1))
      assert.deepEqual(end.match.ranking, live.gameResult!.ranking)
      assert.ok(c.frames.filter(isType('turn')).length > 100, 'turn frames')
    }
    a.close()
    b.close()
  })

  test('a human seat plays over the socket: only offered actions, bad frames answered, spectators cannot act', async () => {
    const s = await server({ humanTimeLimitSec: 30 })
    const { live, started } = await s.startMatch({ seats: ['human', 'builtin:random', 'builtin:random', 'builtin:random'], seed: 2 })
    assert.equal(started.links.length, 1)
    const spec = await connect(wsUrl(s, `match=${live.id}`))
    await spec.next('turn 1.0', (f): f is ServerFrame => f.type === 'turn' && f.round === 1 && f.seat === 0)
    const seat = await connect(wsUrl(s, `match=${live.id}&seat=0`))
    const v1 = (await until('my turn', () => seatViews(seat.frames).find((v) => v.myTurn && v.offers.length > 0))) as SeatView
    assert.ok(v1.offers.some((o) => o.group === 'move'), JSON.stringify(v1.offers))
    assert.ok(v1.remainingMs !== null && v1.remainingMs > 0)

    const errs = () => seat.frames.filter(isType('error')).map((f) => f.message)
    seat.send('not json')
    seat.send({ type: 'act', offerId: v1.offerId })
    seat.send({ type: 'act', offerId: v1.offerId + 7, id: 0 })
    seat.send({ type: 'act', offerId: v1.offerId, id: 999 })
    await until('4 errors', () => errs().length >= 4)
    assert.match(errs()[0]!, /JSON/)
    assert.match(errs()[1]!, /bad frame: .*id/)
    assert.match(errs()[2]!, /out of date/)
    assert.match(errs()[3]!, /no offered action number 999/)
    spec.send({ type: 'act', offerId: v1.offerId, id: 0 })
    await spec.next('spectator refused', (f): f is ServerFrame => f.type === 'error' && /spectators cannot act/.test(f.message))

    const moveIdx = v1.offers.findIndex((o) => o.group === 'move')
    const target = v1.offers[moveIdx]!.action[1]
    const before = seat.frames.length
    seat.send({ type: 'act', offerId: v1.offerId, id: moveIdx })
    const v2 = (await until('move answered', () => seatViews(seat.frames.slice(before)).find((v) => v.last !== null && v.last.startsWith('move')))) as SeatView
    assert.equal(v2.last, 'move: ok')
    assert.deepEqual(v2.pos, target)
    assert.ok(!v2.offers.some((o) => o.group === 'move'), 'one main action per turn: no more moves offered')
    seat.send({ type: 'finish', offerId: v2.offerId })
    await spec.next('turn 1.1', (f): f is ServerFrame => f.type === 'turn' && f.round === 1 && f.seat === 1)
    const moved = spec.frames.filter(isType('events')).find((f) => f.round === 1 && f.seat === 0 && f.entries.some((e) => e.type === 'move'))
    assert.ok(moved, 'spectators saw the human move')
    seat.close()
    spec.close()
  })

  test('a human seat that never answers times out by the rules and the game goes on', async () => {
    const s = await server({ humanTimeLimitSec: 0.5 })
    const { live } = await s.startMatch({ seats: ['builtin:random', 'human', 'builtin:random', 'builtin:random'], seed: 9 })
    await live.done
    const info = live.info()
    assert.equal(info.state, 'over')
    assert.deepEqual(info.errors?.map((e) => [e.player, e.error]), [[1, 1]])
    assert.equal(info.ranking?.length, 4)
    assert.equal(info.ranking?.at(-1)?.player, 1)
  })

  test('seat tokens: required beyond loopback (forced here), checked for seats and for starting matches', async () => {
    const s = await server({ tokens: 'always', humanTimeLimitSec: 30 })
    assert.equal(s.requireTokens, true)
    const body = JSON.stringify({ seats: ['human', 'builtin:random', 'builtin:random', 'builtin:random'] })
    const json = { 'content-type': 'application/json' }
    const refused = await fetch(`${s.url}/api/matches`, { method: 'POST', body, headers: json })
    assert.equal(refused.status, 401)
    // plain HTTP takes the token from the header only (a query string ends up in logs and history)
    const inQuery = await fetch(`${s.url}/api/matches?token=${s.controlToken}`, { method: 'POST', body, headers: json })
    assert.equal(inQuery.status, 401)
    assert.match(((await inQuery.json()) as { error: string }).error, /Authorization: Bearer/)
    const ok = await fetch(`${s.url}/api/matches`, { method: 'POST', body, headers: { ...json, authorization: `Bearer ${s.controlToken}` } })
    assert.equal(ok.status, 201)
    const started = (await ok.json()) as { match: { id: string }; links: Array<{ seat: number; token: string; url: string }> }
    const id = started.match.id
    const token = started.links[0]!.token
    await assert.rejects(connect(wsUrl(s, `match=${id}&seat=0`)), /HTTP 401/)
    await assert.rejects(connect(wsUrl(s, `match=${id}&seat=0&token=${'0'.repeat(token.length)}`)), /HTTP 401/)
    await assert.rejects(connect(wsUrl(s, `match=${id}&seat=1&token=${token}`)), /HTTP 400/)
    const seat = await connect(wsUrl(s, `match=${id}&seat=0&token=${token}`))
    await until('seat view', () => seatViews(seat.frames).find((v) => v.myTurn))
    // Spectating needs no token.
    const spec = await connect(wsUrl(s, `match=${id}`))
    await spec.next('hello', isType('hello'))
    // A second page with the token takes the seat over; the first is told.
    const again = await connect(wsUrl(s, `match=${id}&seat=0&token=${token}`))
    await seat.next('taken over', (f): f is ServerFrame => f.type === 'error' && /another page/.test(f.message))
    const v = (await until('view on the new page', () => seatViews(again.frames).find((x) => x.myTurn))) as SeatView
    again.send({ type: 'finish', offerId: v.offerId })
    await spec.next('turn 1.1', (f): f is ServerFrame => f.type === 'turn' && f.round === 1 && f.seat === 1)
    for (const c of [seat, spec, again]) c.close()
  })
})

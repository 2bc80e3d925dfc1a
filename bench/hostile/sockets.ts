/**
 * Every socket of the project, started for real on loopback, against malformed, huge and binary
 * frames and requests: the remote-mind socket, the control API (HTTP and events socket), the
 * MaiCore stand-in server and the MaiCore link's client, and `lostspace web` (HTTP and match
 * socket). A refusal is an error reply, an HTTP 4xx with a message, or a close with a reason;
 * a server that stops answering a valid request afterwards has crashed.
 */
import { EventEmitter, once } from 'node:events'
import { request } from 'node:http'
import { WebSocket } from 'ws'
import { RemoteMind } from '../../src/minecraft/minds/remote.js'
import { startControlServer, type ControlLink } from '../../src/minecraft/control/server.js'
import { MaimServer } from '../../src/minecraft/links/maicore/standin-server.js'
import { MaimClient } from '../../src/minecraft/links/maicore/client.js'
import { buildMessageBase, serializeMessageBase } from '../../src/protocols/maim.js'
import { startWebServer } from '../../src/lostspace/web/server.js'
import { createLogger } from '../../src/core/logger.js'
import { StillBody } from '../../test/minecraft/support/maicore.js'
import { hostileTexts, randomBytes } from './inputs.js'
import type { Outcome, Tally } from './tally.js'

const quiet = createLogger('hostile', { level: 'silent' })
const WAIT_MS = 5000

/** Frames for any JSON-over-WebSocket socket. */
function hostileFrames(scale: number): Array<[string, string | Buffer]> {
  return [...hostileTexts(Math.min(scale, 0.2)).map((h): [string, string] => [h.label, h.text]), ['binary frame', randomBytes(2048, 11)]]
}

/** Opens a socket; resolves once open, or with the refusal (HTTP status, close) when it is not. */
async function openWs(url: string, headers: Record<string, string> = {}): Promise<{ ws: WebSocket; first: Promise<unknown> } | { refused: string }> {
  const ws = new WebSocket(url, { headers })
  // a server that speaks first may do so in the same chunk as the upgrade: listen before 'open'
  const first = once(ws, 'message').catch(() => undefined)
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ ws, first }))
    ws.once('unexpected-response', (_req, res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (d: string) => (body += d))
      res.on('end', () => resolve({ refused: `HTTP ${res.statusCode} ${res.statusMessage ?? ''} ${body}`.trim() }))
    })
    ws.once('error', (err) => resolve({ refused: `connection failed: ${err.message}` }))
  })
}

/** Sends one frame and waits for what the server does: a reply, a close, or a sign from `accepted`. */
async function exchange(ws: WebSocket, frame: string | Buffer, accepted?: EventEmitter, acceptedEvent = 'accepted'): Promise<Outcome> {
  return new Promise((resolve) => {
    const done = (o: Outcome) => {
      clearTimeout(t)
      ws.off('message', onMessage)
      ws.off('close', onClose)
      accepted?.off(acceptedEvent, onAccepted)
      resolve(o)
    }
    const onMessage = (data: Buffer) => {
      const text = data.toString()
      let v: { type?: string; error?: string; message?: string } = {}
      try {
        v = JSON.parse(text) as typeof v
      } catch {}
      if (v.type && /error/i.test(v.type)) done({ kind: 'refused', reason: String(v.error ?? v.message ?? '') })
    }
    const onClose = (code: number, reason: Buffer) => done({ kind: 'refused', reason: `closed ${code} ${reason.toString()}`.trim() })
    const onAccepted = (reason?: string) => done(reason === undefined ? { kind: 'accepted' } : { kind: 'refused', reason })
    const t = setTimeout(() => done({ kind: 'crash', detail: `no answer and no sign within ${WAIT_MS} ms` }), WAIT_MS)
    ws.on('message', onMessage)
    ws.once('close', onClose)
    accepted?.on(acceptedEvent, onAccepted)
    ws.send(frame, { binary: typeof frame !== 'string' })
  })
}

/** One HTTP request with node:http (undici's fetch can hang when a server answers early and closes mid-upload). */
function httpRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<{ status: number; text: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', (err) => resolve({ error: err.message }))
    })
    req.setTimeout(WAIT_MS * 4, () => req.destroy(new Error('no answer')))
    req.on('error', (err) => resolve({ error: err.message }))
    req.end(init.body)
  })
}

async function httpOutcome(url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Outcome> {
  const res = await httpRequest(url, init)
  // the server closed the connection on an oversized body: a refusal, if it still serves afterwards
  if ('error' in res) return res.error === 'no answer' ? { kind: 'crash', detail: 'no answer' } : { kind: 'refused', reason: `connection closed by the server (${res.error})` }
  if (res.status < 400) return { kind: 'accepted' }
  if (res.status >= 500) return { kind: 'crash', detail: `HTTP ${res.status}: ${res.text.slice(0, 200)}` }
  let reason = res.text
  try {
    const v = JSON.parse(res.text) as { error?: string }
    if (typeof v.error === 'string') reason = v.error
  } catch {}
  return { kind: 'refused', reason: `HTTP ${res.status}: ${reason}` }
}

export async function attackRemoteMind(tally: Tally, scale = 1): Promise<void> {
  const mind = new RemoteMind({ token: 'tok-hostile', port: 0, host: '127.0.0.1' })
  const { url } = await mind.listen()
  try {
    await tally.surface('socket: remote mind (LynxMind agents)', async (record) => {
      for (const [label, headers] of [['no token', {}], ['wrong token', { authorization: 'Bearer nope' }]] as Array<[string, Record<string, string>]>) {
        const r = await openWs(url, headers)
        if ('ws' in r) {
          r.ws.close()
          record(label, { kind: 'escape', detail: 'connected without the token' })
        } else record(label, { kind: 'refused', reason: r.refused })
      }
      const signs = new EventEmitter()
      let ws: WebSocket | undefined
      const frames: Array<[string, string | Buffer]> = [...hostileFrames(scale), ['oversized frame', 'x'.repeat(2 * 1024 * 1024)], ['valid event', '{"type":"EVENT_AI_STOP"}']]
      for (const [label, frame] of frames) {
        if (!ws || ws.readyState !== ws.OPEN) {
          ws?.terminate()
          // the mind takes one agent at a time: wait until it noticed the last one left
          for (let i = 0; i < 100; i++) {
            const r = await openWs(url, { authorization: 'Bearer tok-hostile' })
            if ('ws' in r) {
              const first = await Promise.race([r.first.then(() => 'busy'), once(r.ws, 'close').then(() => 'busy'), new Promise((res) => setTimeout(res, 200, 'ok'))])
              if (first === 'ok') {
                ws = r.ws
                break
              }
            }
            await new Promise((res) => setTimeout(res, 50))
          }
          if (!ws || ws.readyState !== ws.OPEN) throw new Error('could not reconnect to the remote mind')
        }
        const before = mind.stats()
        const poll = setInterval(() => {
          const s = mind.stats()
          if (s.calls > before.calls && s.failures === before.failures) signs.emit('accepted')
        }, 10)
        record(label, await exchange(ws, frame, signs))
        clearInterval(poll)
      }
      ws?.terminate()
    })
  } finally {
    await mind.close()
  }
}

function fakeControlLink(): ControlLink {
  const link = new EventEmitter() as EventEmitter & ControlLink
  const tasks: ReturnType<ControlLink['createTask']>[] = []
  Object.assign(link, {
    body: new StillBody(),
    mind: { kind: 'builtin', stats: () => ({ calls: 0, failures: 0, repaired: 0, corrections: 0, promptTokens: 0, completionTokens: 0 }) },
    sessionOpen: true,
    current: () => undefined,
    history: () => tasks,
    createTask: (text: string) => {
      const t = { id: tasks.length + 1, text, source: 'api', state: 'queued' } as unknown as ReturnType<ControlLink['createTask']>
      tasks.push(t)
      return t
    },
    cancelTask: async () => undefined,
  })
  return link
}

export async function attackControlApi(tally: Tally, scale = 1): Promise<void> {
  const token = 'control-hostile-token'
  const server = await startControlServer({ link: fakeControlLink(), token, port: 0, logger: quiet })
  const base = server.url.replace(/\/$/, '')
  const auth = { authorization: `Bearer ${token}` }
  try {
    await tally.surface('socket: control API (HTTP + events)', async (record) => {
      record('no token', await httpOutcome(`${base}/v1/status`, {}))
      for (const [label, text] of hostileFrames(scale)) {
        record(`POST /v1/tasks: ${label}`, await httpOutcome(`${base}/v1/tasks`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: text }))
      }
      record('POST a 5 MB body', await httpOutcome(`${base}/v1/tasks`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ task: 'x'.repeat(5 * 1024 * 1024) }) }))
      record('a hostile path', await httpOutcome(`${base}/v1/tasks/%00%1b[2J..%2f..%2fetc`, { headers: auth }))
      record('a bad method', await httpOutcome(`${base}/v1/status`, { method: 'DELETE', headers: auth }))
      record('bad context numbers', await httpOutcome(`${base}/v1/context?maxEntries=-1e999`, { headers: auth }))
      const r = await openWs(`${base.replace(/^http/, 'ws')}/v1/events`, auth)
      if (!('ws' in r)) throw new Error(`the events socket refused a valid token: ${r.refused}`)
      await r.first // the first status
      let ws = r.ws
      for (const [label, frame] of [...hostileFrames(scale), ['oversized frame', 'x'.repeat(1024 * 1024)]] as Array<[string, string | Buffer]>) {
        if (ws.readyState !== ws.OPEN) {
          const again = await openWs(`${base.replace(/^http/, 'ws')}/v1/events`, auth)
          if (!('ws' in again)) throw new Error(`the events socket stopped accepting: ${again.refused}`)
          ws = again.ws
          await again.first
        }
        record(`events: ${label}`, await exchange(ws, frame))
      }
      ws.terminate()
      const health = await httpRequest(`${base}/v1/status`, { headers: auth })
      if (!('status' in health) || health.status !== 200) record('health afterwards', { kind: 'crash', detail: `status answered ${JSON.stringify(health).slice(0, 200)}` })
    })
  } finally {
    await server.close()
  }
}

export async function attackMaimServer(tally: Tally, scale = 1): Promise<void> {
  const server = new MaimServer({ port: 0 })
  await server.listen()
  try {
    await tally.surface('socket: MaiCore stand-in server', async (record) => {
      const signs = new EventEmitter()
      server.on('invalid', (_p: string, error: string) => signs.emit('sign', error))
      server.on('message', () => signs.emit('sign'))
      let ws: WebSocket | undefined
      const valid = serializeMessageBase(buildMessageBase({ platform: 'minecraft', userId: 'u', text: 'hi' }))
      for (const [label, frame] of [...hostileFrames(scale), ['valid frame', valid]] as Array<[string, string | Buffer]>) {
        if (!ws || ws.readyState !== ws.OPEN) {
          const r = await openWs(server.url, { platform: 'minecraft' })
          if (!('ws' in r)) throw new Error(`the stand-in refused a connection: ${r.refused}`)
          ws = r.ws
        }
        record(label, await exchange(ws, frame, signs, 'sign'))
      }
      ws?.terminate()
    })
  } finally {
    await server.close()
  }
}

export async function attackMaimClient(tally: Tally, scale = 1): Promise<void> {
  const server = new MaimServer({ port: 0 })
  await server.listen()
  const client = new MaimClient({ url: server.url, platform: 'minecraft', logger: quiet, baseDelayMs: 50, maxDelayMs: 200 })
  client.on('error', () => undefined)
  try {
    const connected = once(server, 'connection')
    client.start()
    await connected
    await tally.surface('socket: MaiCore link client (frames from MaiCore)', async (record) => {
      const valid = serializeMessageBase(buildMessageBase({ platform: 'minecraft', userId: 'u', text: '{"actions": "return 1"}' }))
      for (const [label, frame] of [...hostileFrames(scale).filter(([, f]) => typeof f === 'string'), ['valid frame', valid]] as Array<[string, string]>) {
        const stop = new AbortController()
        const sign = Promise.race([
          once(client, 'invalid', { signal: stop.signal }).then(([error]) => ({ kind: 'refused', reason: String(error) }) as Outcome),
          once(client, 'message', { signal: stop.signal }).then(() => ({ kind: 'accepted' }) as Outcome),
          new Promise<Outcome>((res) => setTimeout(res, WAIT_MS, { kind: 'crash', detail: 'the client neither took nor refused the frame' })),
        ])
        if (!server.sendRaw('minecraft', frame)) throw new Error('the client is not connected')
        record(label, await sign)
        stop.abort()
      }
    })
  } finally {
    await client.close()
    await server.close()
  }
}

export async function attackLostspaceWeb(tally: Tally, scale = 1): Promise<void> {
  const server = await startWebServer({ port: 0, host: '127.0.0.1' })
  const base = server.url.replace(/\/$/, '')
  try {
    await tally.surface('socket: lostspace web (HTTP + match socket)', async (record) => {
      for (const [label, text] of hostileFrames(scale)) {
        record(`POST /api/matches: ${label}`, await httpOutcome(`${base}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text }))
      }
      record('POST a 5 MB body', await httpOutcome(`${base}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seats: ['x'.repeat(5 * 1024 * 1024)] }) }))
      record('four unknown seats', await httpOutcome(`${base}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seats: ['builtin:nope', 'rm -rf /', '\u001b[2J', 'builtin:random'] }) }))
      record('a replay path escape', await httpOutcome(`${base}/api/replays/..%2f..%2f..%2fetc%2fpasswd`, {}))
      const upgrade = await openWs(`${base.replace(/^http/, 'ws')}/ws?match=%00%1b[2J`)
      if ('ws' in upgrade) (upgrade.ws.close(), record('a match that does not exist', { kind: 'escape', detail: 'upgraded' }))
      else record('a match that does not exist', { kind: 'refused', reason: upgrade.refused })
      const { live } = await server.startMatch({ seats: ['builtin:random', 'builtin:random', 'builtin:random', 'builtin:random'], paceMs: 50 })
      let ws: WebSocket | undefined
      for (const [label, frame] of [...hostileFrames(scale), ['oversized frame', 'x'.repeat(64 * 1024)]] as Array<[string, string | Buffer]>) {
        if (!ws || ws.readyState !== ws.OPEN) {
          const r = await openWs(`${base.replace(/^http/, 'ws')}/ws?match=${encodeURIComponent(live.id)}`)
          if (!('ws' in r)) throw new Error(`the match socket refused a spectator: ${r.refused}`)
          ws = r.ws
        }
        record(`match socket: ${label}`, await exchange(ws, frame))
      }
      ws?.terminate()
      const health = await httpRequest(`${base}/api/matches`, {})
      if (!('status' in health) || health.status !== 200) record('health afterwards', { kind: 'crash', detail: `GET /api/matches answered ${JSON.stringify(health).slice(0, 200)}` })
    })
  } finally {
    await server.close()
  }
}

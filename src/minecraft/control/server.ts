/**
 * The local control API: HTTP + WebSocket on loopback, token-protected
 * (`Authorization: Bearer <token>` or `X-Mindbridge-Token`; `?token=` only on the
 * WebSocket upgrade, where a browser cannot set a header). Every request and upgrade
 * first passes the core guard (../../core/http-guard.ts): its own Host and Origin only,
 * `Content-Type: application/json` on POST and DELETE.
 *
 *   GET    /v1/status          session, current task, recent tasks, body status, mind stats
 *   GET    /v1/context         the ContextBus XML (`?maxEntries=&windowSec=`)
 *   POST   /v1/tasks           {"task": "get 1 minecraft:stone_pickaxe"} → 201 task
 *   GET    /v1/tasks/:id       one task
 *   DELETE /v1/tasks/current   cancel the running task
 *   WS     /v1/events          live task / action / protocol events; accepts
 *                              {"op":"create_task","task":"…"} | {"op":"cancel_task"} | {"op":"status"}
 *
 * With `dashboard` (--dashboard), also: GET /dashboard (the page and its script, no data, no
 * token) and WS /v1/dashboard (the page's live data, authenticated by its first frame; see
 * ../dashboard/).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'
import { WebSocketServer, type WebSocket } from 'ws'
import type { ContextBus } from '../../core/context-bus.js'
import { createLogger, type Logger } from '../../core/logger.js'
import type { Body } from '../body/types.js'
import type { MindStats } from '../minds/types.js'
import type { TrafficEvent } from '../links/lynxmind.js'
import type { ControlLink, Task } from './task.js'
import type { DashboardHub } from '../dashboard/hub.js'
import { DASHBOARD_WS_PATH } from '../dashboard/protocol.js'
import { checkRequest, guardUpgrade, headerToken, refuseRequest, refuseUpgrade, tokensEqual, upgradeToken } from '../../core/http-guard.js'
import { formatZodIssues } from '../../core/schema-errors.js'
import { jsonSyntaxError } from '../../core/json-error.js'

export type { ControlLink, Task } from './task.js'

export interface ControlServerOptions {
  link: ControlLink
  /** Serves the dashboard page and its WebSocket too; closed with the server. */
  dashboard?: DashboardHub
  bus?: ContextBus
  token: string
  host?: string
  /** 0 = a free port. */
  port?: number
  logger?: Logger
}

export interface ControlServer {
  url: string
  port: number
  close(): Promise<void>
}

const MAX_BODY = 64 * 1024
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

export const CreateTaskSchema = z.strictObject({ task: z.string().trim().min(1, 'must not be empty').max(500) })
export const WsCommandSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('create_task'), task: z.string().trim().min(1).max(500) }),
  z.strictObject({ op: z.literal('cancel_task'), reason: z.string().max(200).optional() }),
  z.strictObject({ op: z.literal('status') }),
])

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = type === 'application/json' ? JSON.stringify(body) + '\n' : String(body)
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(text)
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) {
        // drain the rest so the 413 reaches the client, then the connection closes
        req.removeAllListeners('data')
        req.resume()
        reject(new HttpError(413, `body larger than ${MAX_BODY} bytes`))
        return
      }
      chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function parseJson<T>(text: string, schema: z.ZodType<T>): T {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new HttpError(400, `body is not JSON: ${jsonSyntaxError(err)}`)
  }
  const r = schema.safeParse(value)
  if (!r.success) throw new HttpError(400, formatZodIssues(r.error))
  return r.data
}

export async function startControlServer(opts: ControlServerOptions): Promise<ControlServer> {
  const host = opts.host ?? '127.0.0.1'
  if (!LOOPBACK.has(host)) throw new Error(`the control API only listens on loopback (127.0.0.1, ::1), not ${host}`)
  if (!opts.token) throw new Error('the control API needs a token')
  const log = opts.logger ?? createLogger('control')
  const { link } = opts

  const status = () => {
    let body: unknown = null
    try {
      body = link.body.ready ? link.body.status() : null
    } catch {
      body = null
    }
    return {
      session_open: link.sessionOpen,
      mind: link.mind.kind,
      bot: link.body.username,
      ready: link.body.ready,
      task: link.current() ?? null,
      recent: link.history().slice(-10),
      body,
      mind_stats: link.mind.stats(),
    }
  }

  opts.dashboard?.setToken(opts.token)

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // the page and its script hold no data: a browser fetches them without the token
    if (opts.dashboard && (await opts.dashboard.serveFile(req, res))) return
    if (!tokensEqual(headerToken(req), opts.token)) throw new HttpError(401, 'missing or wrong token (send Authorization: Bearer <token>; ?token= is for WebSocket upgrades only)')
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname.replace(/\/+$/, '') || '/'
    const method = req.method ?? 'GET'
    const allow = (methods: string[]) => {
      if (!methods.includes(method)) {
        res.setHeader('allow', methods.join(', '))
        throw new HttpError(405, `${method} not allowed on ${path}`)
      }
    }
    if (path === '/v1/status') {
      allow(['GET'])
      return send(res, 200, status())
    }
    if (path === '/v1/context') {
      allow(['GET'])
      if (!opts.bus) return send(res, 200, '', 'application/xml')
      const num = (k: string) => {
        const v = url.searchParams.get(k)
        if (v === null) return undefined
        const n = Number(v)
        if (!Number.isFinite(n) || n <= 0) throw new HttpError(400, `${k} must be a positive number`)
        return n
      }
      const maxEntries = num('maxEntries')
      const windowSec = num('windowSec')
      return send(res, 200, opts.bus.buildXml({ ...(maxEntries ? { maxEntries } : {}), ...(windowSec ? { windowSec } : {}) }), 'application/xml')
    }
    if (path === '/v1/tasks') {
      allow(['POST', 'GET'])
      if (method === 'GET') return send(res, 200, { current: link.current() ?? null, recent: link.history() })
      const { task } = parseJson(await readBody(req), CreateTaskSchema)
      return send(res, 201, link.createTask(task, 'api'))
    }
    if (path === '/v1/tasks/current') {
      allow(['DELETE', 'GET'])
      if (method === 'GET') {
        const t = link.current()
        if (!t) throw new HttpError(404, 'no task is running')
        return send(res, 200, t)
      }
      const reason = url.searchParams.get('reason')?.slice(0, 200) || 'cancelled through the control API'
      const t = await link.cancelTask(reason)
      if (!t) throw new HttpError(404, 'no task is running')
      return send(res, 200, t)
    }
    const m = /^\/v1\/tasks\/(\d+)$/.exec(path)
    if (m) {
      allow(['GET'])
      const id = Number(m[1])
      const t = link.current()?.id === id ? link.current() : link.history().find((h) => h.id === id)
      if (!t) throw new HttpError(404, `no task ${id}`)
      return send(res, 200, t)
    }
    throw new HttpError(404, `no route ${path}`)
  }

  const server: Server = createServer((req, res) => {
    const refusal = checkRequest(req, host)
    if (refusal) return refuseRequest(res, refusal)
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500
      if (status === 500) log.error('control API error', { err: String(err) })
      if (status === 413) res.setHeader('connection', 'close')
      if (!res.headersSent) send(res, status, { error: err instanceof Error ? err.message : String(err) })
      else res.end()
    })
  })

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY })
  const clients = new Set<WebSocket>()
  const broadcast = (msg: unknown) => {
    const text = JSON.stringify(msg)
    for (const c of clients) if (c.readyState === c.OPEN) c.send(text)
  }
  const onTask = (t: Task) => broadcast({ type: 'task', task: t })
  const onTraffic = (t: TrafficEvent) => broadcast({ type: 'traffic', ...t })
  const onAction = (a: unknown) => broadcast({ type: 'action', ...(a as object) })
  const onActionEnd = (a: unknown) => broadcast({ type: 'action.end', ...(a as object) })
  link.on('task', onTask)
  link.on('traffic', onTraffic)
  link.on('action', onAction)
  link.on('action.end', onActionEnd)

  server.on('upgrade', (req, socket, head) => {
    if (!guardUpgrade(req, socket, host)) return
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (opts.dashboard && path === DASHBOARD_WS_PATH) return opts.dashboard.handleUpgrade(req, socket, head)
    if (!tokensEqual(upgradeToken(req), opts.token)) return refuseUpgrade(socket, 401, 'missing or wrong token')
    if (path !== '/v1/events') return refuseUpgrade(socket, 404, `no WebSocket at ${path}`)
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws)
      ws.on('close', () => clients.delete(ws))
      ws.on('error', () => clients.delete(ws))
      ws.send(JSON.stringify({ type: 'status', ...status() }))
      ws.on('message', (data, isBinary) => {
        const reply = (m: unknown) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(m))
        if (isBinary) return reply({ type: 'error', error: 'send JSON text frames' })
        let value: unknown
        try {
          value = JSON.parse(String(data))
        } catch (err) {
          return reply({ type: 'error', error: `not JSON: ${jsonSyntaxError(err)}` })
        }
        const r = WsCommandSchema.safeParse(value)
        if (!r.success) return reply({ type: 'error', error: formatZodIssues(r.error) })
        const cmd = r.data
        try {
          if (cmd.op === 'create_task') reply({ type: 'created', task: link.createTask(cmd.task, 'api') })
          else if (cmd.op === 'cancel_task') {
            void link.cancelTask(cmd.reason ?? 'cancelled through the control API').then((t) => reply({ type: 'cancelled', task: t ?? null }))
          } else reply({ type: 'status', ...status() })
        } catch (err) {
          reply({ type: 'error', error: err instanceof Error ? err.message : String(err) })
        }
      })
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const shownHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shownHost}:${port}`,
    port,
    async close() {
      link.off('task', onTask)
      link.off('traffic', onTraffic)
      link.off('action', onAction)
      link.off('action.end', onActionEnd)
      for (const c of clients) c.terminate()
      wss.close()
      opts.dashboard?.close()
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}

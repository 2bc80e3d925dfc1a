/**
 * The MaiCore side of maim_message 0.6.8 as a real WebSocket server, for the stand-in
 * MaiCore and for tests: `ws://HOST:PORT/ws`, the `platform` header names the
 * connection, `Authorization` is checked after the upgrade (bad token → close 1008), a
 * second connection with the same platform closes the older one with 1000 ("新的连接已建立"),
 * a text frame that is not JSON is logged and skipped, and a reply goes to the connection
 * whose platform equals the reply's `message_info.platform` — as the real server does
 * (`send`); `reply` answers the very connection a message came from instead.
 * Binds to 127.0.0.1 unless told otherwise. Unlike the real server, every request and upgrade
 * first passes the core guard (../../../core/http-guard.ts): a page from another site, or a
 * Host that is not this server, is refused with 403 before the WebSocket opens.
 */
import { EventEmitter } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Logger } from '../../../core/logger.js'
import { checkRequest, guardUpgrade, refuseRequest, refuseUpgrade, tokensEqual } from '../../../core/http-guard.js'
import { parseMessageBase, serializeMessageBase, type MessageBase } from '../../../protocols/maim.js'

export interface MaimServerOptions {
  host?: string
  /** 0 = any free port. */
  port?: number
  path?: string
  /** When set, connections must send one of these in `Authorization` (raw). */
  tokens?: string[]
  logger?: Logger
}

export interface ConnectionInfo {
  platform: string
  headers: Record<string, string | string[] | undefined>
}

/** One accepted connection, as handed out with its messages (for `reply`). */
export interface MaimConnection {
  readonly platform: string
  readonly ws: WebSocket
}

/**
 * Events: 'connection' (info), 'rejected' (info, code), 'message' (platform, MessageBase, MaimConnection),
 * 'invalid' (platform, error, frame), 'disconnect' (platform, code).
 */
export class MaimServer extends EventEmitter {
  private http: Server | undefined
  private wss: WebSocketServer | undefined
  private readonly byPlatform = new Map<string, WebSocket>()
  private readonly all = new Set<WebSocket>()
  private _port = 0

  constructor(private readonly opts: MaimServerOptions = {}) {
    super()
  }

  get port(): number {
    return this._port
  }

  get host(): string {
    return this.opts.host ?? '127.0.0.1'
  }

  get url(): string {
    return `ws://${this.host}:${this._port}${this.opts.path ?? '/ws'}`
  }

  /** Platforms with a live connection. */
  platforms(): string[] {
    return [...this.byPlatform.keys()]
  }

  async listen(): Promise<number> {
    const path = this.opts.path ?? '/ws'
    const http = createServer((req, res) => {
      const refusal = checkRequest(req, this.host)
      if (refusal) return refuseRequest(res, refusal)
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('maim_message WebSocket endpoint is ' + path)
    })
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 16 * 1024 * 1024 })
    http.on('upgrade', (req, socket, head) => {
      if (!guardUpgrade(req, socket, this.host)) return
      if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) return refuseUpgrade(socket, 400, `the maim_message endpoint is ${path}`)
      wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, req))
    })
    this.http = http
    this.wss = wss
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject)
      http.listen(this.opts.port ?? 8000, this.host, () => {
        http.off('error', reject)
        resolve()
      })
    })
    this._port = (http.address() as AddressInfo).port
    return this._port
  }

  /** Sends to the connection of `msg.message_info.platform`; false when there is none. */
  send(msg: MessageBase): boolean {
    return this.sendRaw(msg.message_info.platform, serializeMessageBase(msg))
  }

  /** Sends to the connection `to` (a message's own connection); false when it has closed. */
  reply(to: MaimConnection, msg: MessageBase): boolean {
    if (to.ws.readyState !== to.ws.OPEN) return false
    to.ws.send(serializeMessageBase(msg), { binary: false })
    return true
  }

  /** Sends any text frame to a platform's connection (tests use it for non-JSON frames). */
  sendRaw(platform: string, text: string): boolean {
    const ws = this.byPlatform.get(platform)
    if (!ws || ws.readyState !== ws.OPEN) return false
    ws.send(text, { binary: false })
    return true
  }

  /** Closes every connection (1000, as the real server does on shutdown) and stops listening. */
  async close(): Promise<void> {
    for (const ws of this.all) ws.close(1000, '服务器关闭')
    const waitAll = [...this.all].map((ws) => new Promise<void>((r) => (ws.readyState === ws.CLOSED ? r() : ws.once('close', () => r()))))
    const force = setTimeout(() => this.all.forEach((ws) => ws.terminate()), 2000)
    await Promise.all(waitAll)
    clearTimeout(force)
    await new Promise<void>((r) => (this.wss ? this.wss.close(() => r()) : r()))
    await new Promise<void>((r) => (this.http ? this.http.close(() => r()) : r()))
    this.http?.closeAllConnections?.()
    this.byPlatform.clear()
    this.all.clear()
  }

  private tokenOk(given: string | undefined): boolean {
    const tokens = this.opts.tokens
    if (!tokens || tokens.length === 0) return true
    return tokens.some((t) => tokensEqual(given, t))
  }

  private onConnection(ws: WebSocket, req: IncomingMessage): void {
    const platformHeader = req.headers['platform']
    const platform = (Array.isArray(platformHeader) ? platformHeader[0] : platformHeader) || 'unknown'
    const info: ConnectionInfo = { platform, headers: { ...req.headers } }
    const auth = req.headers['authorization']
    if (!this.tokenOk(Array.isArray(auth) ? auth[0] : auth)) {
      this.opts.logger?.warn(`refusing platform ${platform}: invalid token`)
      this.emit('rejected', info, 1008)
      ws.close(1008, '无效的令牌')
      return
    }
    this.all.add(ws)
    if (platform !== 'unknown') {
      const previous = this.byPlatform.get(platform)
      if (previous && previous !== ws) {
        this.opts.logger?.warn(`platform ${platform} connected again; closing the older connection`)
        previous.close(1000, '新的连接已建立')
      }
      this.byPlatform.set(platform, ws)
    }
    this.emit('connection', info)
    const conn: MaimConnection = { platform, ws }
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        // The real server's handler dies on a binary frame; we end the connection with a reason.
        ws.close(1003, 'binary frames are not supported')
        return
      }
      const frame = data.toString()
      const parsed = parseMessageBase(frame)
      if (!parsed.ok) {
        this.opts.logger?.warn(`platform ${platform} sent a frame that is not a MessageBase; skipped`, { error: parsed.error.slice(0, 200) })
        this.emit('invalid', platform, parsed.error, frame.slice(0, 500))
        return
      }
      this.emit('message', platform, parsed.value, conn)
    })
    ws.on('close', (code) => {
      this.all.delete(ws)
      if (this.byPlatform.get(platform) === ws) this.byPlatform.delete(platform)
      this.emit('disconnect', platform, code)
    })
    ws.on('error', () => undefined)
  }
}

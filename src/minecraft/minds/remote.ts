/**
 * The remote mind: a WebSocket endpoint on loopback where an external agent
 * speaks LynxMind JSON directly — one JSON message per text frame, AI→mod
 * events in, mod→AI events out (seed spelling by default, `dialect: 'mod'`
 * for the real mod's names). The agent authenticates with the token
 * (`Authorization: Bearer <token>` or `?token=`); the session opens when it
 * sends `EVENT_AI_START`. The upgrade first passes the core guard
 * (../../core/http-guard.ts): a page from another site cannot connect. Bad frames get an error frame
 * `{"type":"ERROR","error":"…"}` and never end the bot.
 *
 * With the mod's dialect the block and item names are the mod's too: it is built for Minecraft
 * 1.20.4, so names go out as 1.20.4 names them and come back as the body's version does
 * (mod-names.ts).
 *
 * One agent at a time. When it leaves, the link hears `presence('disconnected')`;
 * mod events meanwhile are dropped, because an agent that connects again (the
 * same one or another with the token) is handed the current task and a fresh
 * status by the link instead of a stale backlog.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { checkRequest, guardUpgrade, refuseRequest, refuseUpgrade, tokensEqual, upgradeToken } from '../../core/http-guard.js'
import { WebSocketServer, type WebSocket, type RawData } from 'ws'
import { emitModEvent, normalizeAiEvent, type AiEvent, type LynxDialect, type ModEvent } from '../../protocols/lynxmind.js'
import { emptyStats, type AgentPresence, type Mind, type MindContext, type MindStats } from './types.js'
import { jsonSyntaxError } from '../../core/json-error.js'
import { modDialectNames, type ModDialectNames } from './mod-names.js'

export interface RemoteMindOptions {
  host?: string
  /** 0 = a free port. */
  port?: number
  token: string
  /** URL path agents connect to (default `/lynxmind`). */
  path?: string
  dialect?: LynxDialect
  /** Largest accepted frame in bytes (default 256 KiB). */
  maxFrameBytes?: number
}

export class RemoteMind implements Mind {
  readonly kind = 'remote' as const
  private readonly opts: Required<Omit<RemoteMindOptions, 'dialect'>> & { dialect: LynxDialect }
  private http: Server | undefined
  private wss: WebSocketServer | undefined
  private agent: WebSocket | undefined
  private closing = false
  private ctx: MindContext | undefined
  /** Events an agent sent before `start` gave us a context (it may connect as soon as we listen). */
  private early: AiEvent[] = []
  /** Presence changes before `start`, replayed to the link. */
  private earlyPresence: AgentPresence[] = []
  /** `calls`: every message received from agents; `failures`: those rejected. */
  private readonly st: MindStats = emptyStats()
  /** The mod dialect's names for the body's version (set once the version is known). */
  private modNames: ModDialectNames | undefined

  constructor(opts: RemoteMindOptions) {
    if (!opts.token) throw new Error('the remote mind needs a token')
    this.opts = {
      host: opts.host ?? '127.0.0.1',
      port: opts.port ?? 0,
      token: opts.token,
      path: opts.path ?? '/lynxmind',
      dialect: opts.dialect ?? 'seed',
      maxFrameBytes: opts.maxFrameBytes ?? 256 * 1024,
    }
  }

  get connected(): boolean {
    return this.agent !== undefined
  }

  /** Starts listening (idempotent); resolves to the agent URL. */
  async listen(): Promise<{ port: number; url: string }> {
    if (!this.http) {
      const http = createServer((req, res) => {
        const refusal = checkRequest(req, this.opts.host)
        if (refusal) return refuseRequest(res, refusal)
        res.writeHead(426, { 'content-type': 'text/plain' }).end('connect with a WebSocket\n')
      })
      const wss = new WebSocketServer({ noServer: true, maxPayload: this.opts.maxFrameBytes * 4 })
      http.on('upgrade', (req, socket, head) => {
        if (!guardUpgrade(req, socket, this.opts.host)) return
        const path = new URL(req.url ?? '/', 'http://localhost').pathname
        if (path !== this.opts.path) return refuseUpgrade(socket, 404, `agents connect to ${this.opts.path}`)
        if (!tokensEqual(upgradeToken(req), this.opts.token)) return refuseUpgrade(socket, 401, 'missing or wrong token')
        wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws))
      })
      this.http = http
      this.wss = wss
      await new Promise<void>((resolve, reject) => {
        http.once('error', reject)
        http.listen(this.opts.port, this.opts.host, () => {
          http.off('error', reject)
          resolve()
        })
      })
    }
    const port = (this.http.address() as AddressInfo).port
    return { port, url: `ws://${this.opts.host}:${port}${this.opts.path}` }
  }

  async start(ctx: MindContext): Promise<AiEvent[]> {
    const { url } = await this.listen()
    this.ctx = ctx
    ctx.logger.info('waiting for a remote agent', { url })
    for (const p of this.earlyPresence.splice(0)) ctx.presence?.(p)
    return this.early.splice(0).map((e) => this.fromAgent(e))
  }

  /** With the mod's dialect: the mapping for the body's version, once the link knows it. */
  private names(): ModDialectNames | undefined {
    if (this.opts.dialect !== 'mod') return undefined
    const version = this.ctx?.gameVersion?.()
    if (!version) return undefined
    if (this.modNames?.bodyVersion !== version) this.modNames = modDialectNames(version)
    return this.modNames
  }

  private fromAgent(e: AiEvent): AiEvent {
    return this.names()?.fromAgent(e) ?? e
  }

  stats(): MindStats {
    return { ...this.st }
  }

  async receive(event: ModEvent): Promise<AiEvent[]> {
    if (this.agent) this.send(this.agent, emitModEvent(this.names()?.toAgent(event) ?? event, { dialect: this.opts.dialect }))
    return []
  }

  async close(): Promise<void> {
    this.closing = true
    this.agent?.close(1001, 'bot shutting down')
    for (const c of this.wss?.clients ?? []) c.terminate()
    this.wss?.close()
    const http = this.http
    this.http = undefined
    if (http) {
      http.closeAllConnections()
      await new Promise<void>((r) => http.close(() => r()))
    }
  }

  private accept(ws: WebSocket): void {
    if (this.agent) {
      this.send(ws, { type: 'ERROR', error: 'another agent is already connected' })
      ws.close(4409, 'another agent is connected')
      return
    }
    this.agent = ws
    this.ctx?.logger.info('remote agent connected')
    ws.on('message', (data, isBinary) => this.onFrame(ws, data, isBinary))
    ws.on('close', () => {
      if (this.agent !== ws) return
      this.agent = undefined
      this.ctx?.logger.info('remote agent disconnected')
      this.presence('disconnected')
    })
    ws.on('error', (err) => this.ctx?.logger.warn('remote agent socket error', { err: err.message }))
    this.presence('connected')
  }

  private presence(state: AgentPresence): void {
    if (this.closing) return
    if (this.ctx) this.ctx.presence?.(state)
    else this.earlyPresence.push(state)
  }

  private onFrame(ws: WebSocket, data: RawData, isBinary: boolean): void {
    this.st.calls++
    const fail = (error: string) => {
      this.st.failures++
      this.send(ws, { type: 'ERROR', error })
    }
    if (isBinary) return fail('binary frames are not accepted: send one JSON object per text frame')
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
    if (bytes.length > this.opts.maxFrameBytes) return fail(`frame too large (${bytes.length} bytes, max ${this.opts.maxFrameBytes})`)
    const text = bytes.toString('utf8')
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (err) {
      return fail(`not JSON: ${jsonSyntaxError(err)}`)
    }
    const r = normalizeAiEvent(value)
    if (!r.ok) return fail(r.kind === 'unknown_type' ? `${r.error}; ignored` : `invalid AI event: ${r.error}`)
    if (this.ctx) this.ctx.emit([this.fromAgent(r.value)])
    else this.early.push(r.value)
  }

  private send(ws: WebSocket, msg: unknown): void {
    if (ws.readyState !== ws.OPEN) return
    ws.send(JSON.stringify(msg), (err) => {
      if (err) this.ctx?.logger.warn('could not send to the remote agent', { err: err.message })
    })
  }
}

export function createRemoteMind(opts: RemoteMindOptions): RemoteMind {
  return new RemoteMind(opts)
}

/**
 * The plugin side of maim_message 0.6.8 (what MaiCore pins): a plain WebSocket to
 * `ws://HOST:8000/ws` with the headers `platform` and `Authorization: <token>` (raw, no
 * `Bearer `), one JSON text frame per MessageBase, never a binary frame.
 *
 * It keeps itself connected: MaiCore need not be up first. Every lost connection is
 * followed by a delay that doubles up to `maxDelayMs`, and the delay only resets after a
 * connection stayed up `stableMs` (a server that accepts and at once closes, as MaiCore
 * does for a bad token, cannot make it spin). Close codes are turned into plain words:
 * 1008 = token rejected; 1000 "new connection" = another client took our platform, after
 * which we stop (two links on one platform would otherwise evict each other for ever).
 */
import { EventEmitter } from 'node:events'
import WebSocket from 'ws'
import type { Logger } from '../../../core/logger.js'
import { parseMessageBase, serializeMessageBase, type MessageBase } from '../../../protocols/maim.js'

export interface MaimClientOptions {
  url: string
  platform: string
  token?: string
  logger?: Logger
  /** First retry delay (default 1000 ms); then doubled per failure. */
  baseDelayMs?: number
  /** Longest retry delay (default 30 000 ms). */
  maxDelayMs?: number
  /** A connection that lived this long resets the delay (default 10 000 ms). */
  stableMs?: number
  /** Time limit of one connection attempt (default 10 000 ms). */
  connectTimeoutMs?: number
}

/** Why the last connection ended, in words a user can act on. */
export type CloseKind = 'refused' | 'token-rejected' | 'replaced' | 'server-closed' | 'lost' | 'timeout' | 'error'

export interface CloseInfo {
  kind: CloseKind
  code?: number
  reason: string
  /** One line for the user. */
  message: string
}

export type ClientState = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped'

/**
 * Events:
 * - 'open' ()                      connected (also after a reconnect)
 * - 'message' (msg: MessageBase)   a valid frame
 * - 'invalid' (error: string, frame: string)   a frame that is not a MessageBase (logged, skipped)
 * - 'close' (info: CloseInfo)      a connection ended or an attempt failed
 * - 'retry' ({ attempt, delayMs, after: CloseInfo })   the next attempt is scheduled
 * - 'stopped' (info: CloseInfo | null)   no more attempts (close(), or replaced)
 */
export class MaimClient extends EventEmitter {
  private ws: WebSocket | undefined
  private _state: ClientState = 'idle'
  private failures = 0
  private timer: NodeJS.Timeout | undefined
  private openedAt = 0
  private closing = false
  private readonly base: number
  private readonly max: number
  private readonly stable: number
  private readonly connectTimeout: number

  constructor(private readonly opts: MaimClientOptions) {
    super()
    this.base = opts.baseDelayMs ?? 1000
    this.max = Math.max(this.base, opts.maxDelayMs ?? 30_000)
    this.stable = opts.stableMs ?? 10_000
    this.connectTimeout = opts.connectTimeoutMs ?? 10_000
  }

  get state(): ClientState {
    return this._state
  }

  get connected(): boolean {
    return this._state === 'open' && this.ws?.readyState === WebSocket.OPEN
  }

  /** Starts connecting (and reconnecting) until close(). */
  start(): void {
    if (this._state !== 'idle') return
    this.connect()
  }

  /** Sends one MessageBase as one text frame; false when not connected. */
  send(msg: MessageBase): boolean {
    if (!this.connected || !this.ws) return false
    this.ws.send(serializeMessageBase(msg), { binary: false })
    return true
  }

  async close(): Promise<void> {
    this.closing = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const ws = this.ws
    this.ws = undefined
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()))
      if (ws.readyState === WebSocket.CONNECTING) ws.terminate()
      else ws.close(1000, 'plugin closing')
      const forced = setTimeout(() => ws.terminate(), 2000)
      await closed
      clearTimeout(forced)
    }
    if (this._state !== 'stopped') {
      this._state = 'stopped'
      this.emit('stopped', null)
    }
  }

  private connect(): void {
    if (this.closing) return
    this._state = 'connecting'
    const headers: Record<string, string> = { platform: this.opts.platform }
    if (this.opts.token) headers.Authorization = this.opts.token
    const ws = new WebSocket(this.opts.url, { headers, handshakeTimeout: this.connectTimeout, perMessageDeflate: false })
    this.ws = ws
    let opened = false
    let ended = false
    let failure: CloseInfo | undefined
    ws.on('open', () => {
      opened = true
      this.openedAt = Date.now()
      this._state = 'open'
      this.opts.logger?.info('connected to MaiCore', { url: this.opts.url, platform: this.opts.platform })
      this.emit('open')
    })
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.emit('invalid', 'binary frame ignored (maim_message speaks text frames)', '')
        return
      }
      const frame = data.toString()
      const parsed = parseMessageBase(frame)
      if (parsed.ok) this.emit('message', parsed.value)
      else {
        this.opts.logger?.warn('MaiCore sent a frame that is not a MessageBase; skipped', { error: parsed.error.slice(0, 200) })
        this.emit('invalid', parsed.error, frame.slice(0, 500))
      }
    })
    ws.on('unexpected-response', (_req, res) => {
      failure = {
        kind: 'error',
        code: res.statusCode,
        reason: res.statusMessage ?? '',
        message: `MaiCore at ${this.opts.url} answered HTTP ${res.statusCode} instead of a WebSocket upgrade (is the path /ws right?)`,
      }
      res.resume()
      ws.terminate()
    })
    ws.on('error', (err: NodeJS.ErrnoException) => {
      if (failure) return
      if (err.code === 'ECONNREFUSED') failure = { kind: 'refused', reason: err.message, message: `MaiCore is not listening at ${this.opts.url} (connection refused); is MaiCore running?` }
      else if (/timed out|timeout/i.test(err.message)) failure = { kind: 'timeout', reason: err.message, message: `connecting to ${this.opts.url} timed out` }
      else failure = { kind: 'error', reason: err.message, message: `connection to ${this.opts.url} failed: ${err.message}` }
    })
    ws.on('close', (code, reasonBuf) => {
      if (ended) return
      ended = true
      if (this.ws === ws) this.ws = undefined
      const info = failure && !opened ? failure : describeClose(code, reasonBuf.toString(), this.opts.platform)
      const lived = opened ? Date.now() - this.openedAt : 0
      if (lived >= this.stable) this.failures = 0
      this.emit('close', info)
      if (this.closing) return
      if (info.kind === 'replaced') {
        this.opts.logger?.error(info.message)
        this._state = 'stopped'
        this.emit('stopped', info)
        return
      }
      this.failures++
      const delayMs = Math.min(this.max, this.base * 2 ** (this.failures - 1))
      const log = this.failures <= 1 || info.kind === 'token-rejected' ? 'warn' : 'debug'
      this.opts.logger?.[log](`${info.message}; retrying in ${Math.round(delayMs / 100) / 10} s`)
      this._state = 'waiting'
      this.emit('retry', { attempt: this.failures, delayMs, after: info })
      this.timer = setTimeout(() => {
        this.timer = undefined
        this.connect()
      }, delayMs)
    })
  }
}

/** maim_message 0.6.8's close codes in words (its reasons are Chinese: 无效的令牌 / 新的连接已建立 / 服务器关闭). */
export function describeClose(code: number, reason: string, platform: string): CloseInfo {
  if (code === 1008) {
    return { kind: 'token-rejected', code, reason, message: `MaiCore rejected the token (close 1008${reason ? `: ${reason}` : ''}); check --token against MaiCore's maim_message token list` }
  }
  if (code === 1000 && /新的连接|new connection/i.test(reason)) {
    return {
      kind: 'replaced',
      code,
      reason,
      message: `another client connected to MaiCore with platform '${platform}' and replaced this one (close 1000); not reconnecting, so the two do not evict each other: stop the other one or use another --platform`,
    }
  }
  if (code === 1000 || code === 1001 || code === 1012) {
    return { kind: 'server-closed', code, reason, message: `MaiCore closed the connection (close ${code}${reason ? `: ${reason}` : ''})` }
  }
  return { kind: 'lost', code, reason, message: `connection to MaiCore lost (close ${code}${reason ? `: ${reason}` : ''})` }
}

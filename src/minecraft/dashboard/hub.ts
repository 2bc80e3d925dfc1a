/**
 * The dashboard's server side: the WebSocket clients of one bot and the frames they get.
 *
 * Cost model: with no page open nothing runs (no timer, no snapshot; the link's traffic goes into
 * a ring buffer of references, rendered to text only when a page is sent it). With pages open one timer builds
 * each frame once per period and sends the same text to every page, so five pages cost about
 * what one does, plus the sends.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { DEFAULT_GAP_THRESHOLD_MS, type ContextBus } from '../../core/context-bus.js'
import { formatZodIssues } from '../../core/schema-errors.js'
import { tokensEqual } from '../../core/http-guard.js'
import { payloadText, type DashboardLink, type TrafficNote } from './links.js'
import { emptyMap, mapFrame, type MapBody } from './map.js'
import { DEFAULT_CLIENT_DIR, serveDashboardFile } from './page.js'
import type { ModelTap } from './model-tap.js'
import { CLOSE_UNAUTHORIZED, DashboardClientFrameSchema, type DashboardServerFrame, type TrafficItem } from './protocol.js'

export interface DashboardOptions {
  link: DashboardLink
  bus?: ContextBus
  model?: ModelTap
  /** Frame period while a page is open (default 500 ms; the map every other period). */
  periodMs?: number
  /** Blocks from the bot to the map's edge (default 24). */
  mapRadius?: number
  /** How long a socket may stay silent before its auth frame (default 10 s). */
  authTimeoutMs?: number
  /** The 3D view, when `--viewer` started one: gives authenticated pages its one-time login URL. */
  viewer?: { loginUrl(): string }
  /** Folder with the built page script; default: the package's dist/minecraft/dashboard/client. */
  clientDir?: string
  /** Runs when the hub closes (the 3D view's server). */
  onClose?: () => Promise<void> | void
}

const TRAFFIC_KEEP = 500
const BUS_SEND = 200
const MAX_FRAME = 16 * 1024

export class DashboardHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME })
  private readonly authed = new Set<WebSocket>()
  private token = ''
  /** A ring of the last TRAFFIC_KEEP messages: message `seq` sits at `seq % TRAFFIC_KEEP`; `text` is filled in when a page first needs it. */
  private readonly traffic: Array<{ note: TrafficNote; seq: number; text?: string } | undefined> = new Array(TRAFFIC_KEEP)
  private seq = 0
  private sentSeq = 0
  private timer: NodeJS.Timeout | undefined
  private ticks = 0
  private busSig = ''
  private modelSig = -1
  private path: Array<{ x: number; z: number }> = []
  private pathBot: { off(ev: string, f: (...a: any[]) => void): unknown } | undefined
  private readonly unsubscribe: () => void
  readonly periodMs: number
  readonly mapRadius: number
  /** Frames built (for tests and the benchmark: they must not grow while no page is open). */
  framesBuilt = 0
  /** Bytes handed to the pages' sockets (every copy counted). */
  bytesSent = 0
  /** Milliseconds spent building and sending frames (the periodic ticks and the first snapshots): wall time, and the process's CPU time meanwhile. */
  workMs = 0
  workCpuMs = 0
  /** Protocol messages kept, and how many of them were rendered to text for a page. */
  trafficKept = 0
  trafficRendered = 0

  constructor(private readonly opts: DashboardOptions) {
    this.periodMs = opts.periodMs ?? 500
    this.mapRadius = opts.mapRadius ?? 24
    this.unsubscribe = opts.link.onTraffic((t) => this.onTraffic(t))
  }

  /** The control server's token (set when the server starts the hub). */
  setToken(token: string): void {
    this.token = token
  }

  get pages(): number {
    return this.authed.size
  }

  private onTraffic(t: TrafficNote): void {
    this.trafficKept++
    const seq = ++this.seq
    this.traffic[seq % TRAFFIC_KEEP] = { note: t, seq }
  }

  /** The kept messages after `after` (a seq), oldest first, rendered. */
  private trafficItems(after: number): TrafficItem[] {
    const items: TrafficItem[] = []
    for (let seq = Math.max(after + 1, this.seq - TRAFFIC_KEEP + 1, 1); seq <= this.seq; seq++) {
      const t = this.traffic[seq % TRAFFIC_KEEP]!
      if (t.text === undefined) {
        t.text = payloadText(t.note.payload)
        this.trafficRendered++
      }
      items.push({ seq, at: t.note.at, dir: t.note.dir, kind: t.note.kind, text: t.text })
    }
    return items
  }

  /** Runs one piece of the hub's work, counting its wall and CPU time. */
  private timed(fn: () => void): void {
    const t0 = performance.now()
    const c0 = process.cpuUsage()
    try {
      fn()
    } finally {
      const c = process.cpuUsage(c0)
      this.workCpuMs += (c.user + c.system) / 1000
      this.workMs += performance.now() - t0
    }
  }

  /** Serves the page and its script (true when `req` was one of theirs). */
  serveFile(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    return serveDashboardFile(req, res, this.opts.clientDir ?? DEFAULT_CLIENT_DIR)
  }

  /** The upgrade of `/v1/dashboard`: no token needed to connect, nothing sent before a good auth frame. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connect(ws))
  }

  private connect(ws: WebSocket): void {
    let authed = false
    const deadline = setTimeout(() => ws.close(CLOSE_UNAUTHORIZED, 'no auth frame'), this.opts.authTimeoutMs ?? 10_000)
    ws.on('error', () => ws.terminate())
    ws.on('close', () => {
      clearTimeout(deadline)
      this.authed.delete(ws)
      if (this.authed.size === 0) this.idle()
    })
    ws.on('message', (data, isBinary) => {
      let value: unknown
      try {
        value = isBinary ? undefined : JSON.parse(String(data))
      } catch {
        value = undefined
      }
      const r = DashboardClientFrameSchema.safeParse(value)
      if (!authed) {
        // Before auth nothing is said, not even why a frame was wrong.
        if (!r.success || r.data.op !== 'auth' || !this.token || !tokensEqual(r.data.token, this.token)) return ws.close(CLOSE_UNAUTHORIZED, 'wrong token')
        authed = true
        clearTimeout(deadline)
        this.authed.add(ws)
        this.welcome(ws)
        if (!this.timer) this.busy()
        return
      }
      const send = (f: DashboardServerFrame) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(f))
      if (isBinary) return send({ type: 'error', error: 'send JSON text frames' })
      if (value === undefined) return send({ type: 'error', error: 'not JSON' })
      if (!r.success) return send({ type: 'error', error: formatZodIssues(r.error) })
      void this.command(r.data, send)
    })
  }

  private async command(f: ReturnType<typeof DashboardClientFrameSchema.parse>, send: (f: DashboardServerFrame) => unknown): Promise<void> {
    const { link } = this.opts
    try {
      if (f.op === 'ping' || f.op === 'auth') return void send({ type: 'reply', op: f.op, ok: true, message: 'ok' })
      if (f.op === 'task') return void send({ type: 'reply', op: 'task', ok: true, message: await link.give(f.text) })
      if (f.op === 'stop') return void send({ type: 'reply', op: 'stop', ok: true, message: await link.stop() })
      const said = link.body.say(f.text)
      send({ type: 'reply', op: 'say', ok: said, message: said ? `said: ${f.text}` : 'not connected: nothing was said' })
    } catch (err) {
      send({ type: 'reply', op: f.op, ok: false, message: err instanceof Error ? err.message : String(err) })
    }
  }

  private welcome(ws: WebSocket): void {
    this.timed(() => this.snapshot(ws))
  }

  private snapshot(ws: WebSocket): void {
    const { link } = this.opts
    let viewer: string | null = null
    try {
      viewer = this.opts.viewer?.loginUrl() ?? null
    } catch {
      viewer = null
    }
    const frames: DashboardServerFrame[] = [
      { type: 'hello', protocol: link.protocol, mind: link.mindKind(), bot: link.body.username, viewer, mapRadius: this.mapRadius },
      this.statusFrame(),
      this.busFrame(),
      { type: 'traffic', items: this.trafficItems(this.seq - 200) },
      ...(this.opts.model ? [this.opts.model.frame()] : []),
      this.safeMap(),
    ]
    for (const f of frames) {
      const text = JSON.stringify(f)
      this.bytesSent += text.length
      ws.send(text)
    }
  }

  private busy(): void {
    this.sentSeq = this.seq
    this.busSig = this.busSignature()
    this.modelSig = this.opts.model?.changed ?? -1
    this.watchPath()
    this.timer = setInterval(() => this.tick(), this.periodMs)
    this.timer.unref?.()
  }

  private idle(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    this.pathBot?.off('path_update', this.onPath)
    this.pathBot = undefined
  }

  private readonly onPath = (r: { path?: Array<{ x: number; z: number }> }) => {
    this.path = (r.path ?? []).map((p) => ({ x: Math.floor(p.x), z: Math.floor(p.z) }))
  }

  /** Follows the pathfinder of the current bot (a reconnect brings a new one). */
  private watchPath(): void {
    let bot: { on(ev: string, f: (...a: any[]) => void): unknown; off(ev: string, f: (...a: any[]) => void): unknown } | undefined
    try {
      const b = this.opts.link.body as MapBody
      bot = b.ready ? (b.bot as unknown as typeof bot) : undefined
    } catch {
      bot = undefined
    }
    if (bot === this.pathBot) return
    this.pathBot?.off('path_update', this.onPath)
    this.pathBot = bot
    this.path = []
    bot?.on('path_update', this.onPath)
  }

  private broadcast(f: DashboardServerFrame): void {
    this.framesBuilt++
    const text = JSON.stringify(f)
    for (const ws of this.authed)
      if (ws.readyState === ws.OPEN) {
        this.bytesSent += text.length
        ws.send(text)
      }
  }

  private tick(): void {
    this.timed(() => this.frames())
  }

  private frames(): void {
    this.ticks++
    this.broadcast(this.statusFrame())
    const sig = this.busSignature()
    if (sig !== this.busSig) {
      this.busSig = sig
      this.broadcast(this.busFrame())
    }
    if (this.seq !== this.sentSeq) {
      const items = this.trafficItems(this.sentSeq)
      this.sentSeq = this.seq
      this.broadcast({ type: 'traffic', items })
    }
    const model = this.opts.model
    if (model && model.changed !== this.modelSig) {
      this.modelSig = model.changed
      this.broadcast(model.frame())
    }
    if (this.ticks % 2 === 0) {
      this.watchPath()
      this.broadcast(this.safeMap())
    }
  }

  private statusFrame(): DashboardServerFrame {
    const { link } = this.opts
    let body = null
    try {
      body = link.body.ready ? link.body.status() : null
    } catch {
      body = null
    }
    return { type: 'status', at: Date.now(), ready: link.body.ready, body, task: link.task(), recent: link.recent(), mind: link.mindKind(), protocol: link.protocol, session: link.sessionOpen() }
  }

  private busSignature(): string {
    const store = this.opts.bus?.getStore() ?? []
    const last = store[store.length - 1]
    return `${store.length}:${last ? JSON.stringify(last) : ''}:${this.opts.model?.lastContext()?.at ?? 0}`
  }

  private busFrame(): DashboardServerFrame {
    const bus = this.opts.bus
    const store = bus?.getStore() ?? []
    const model = this.opts.model?.lastContext()
    return {
      type: 'bus',
      total: store.length,
      entries: store.slice(-BUS_SEND),
      gapMs: DEFAULT_GAP_THRESHOLD_MS,
      xml: model ? model.xml : (bus?.buildXml() ?? ''),
      xmlFrom: model ? 'model' : 'bus',
      xmlAt: model?.at ?? Date.now(),
    }
  }

  private safeMap(): DashboardServerFrame {
    try {
      return mapFrame(this.opts.link.body as MapBody, this.mapRadius, this.path)
    } catch {
      return emptyMap(this.mapRadius)
    }
  }

  close(): void {
    this.idle()
    this.unsubscribe()
    for (const ws of this.wss.clients) ws.terminate()
    this.wss.close()
    void Promise.resolve(this.opts.onClose?.()).catch(() => undefined)
  }
}

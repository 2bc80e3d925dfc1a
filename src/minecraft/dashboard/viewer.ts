/**
 * `--viewer`: the bot's world in 3D in the browser, drawn by prismarine-viewer 1.33's prebuilt
 * page (node_modules/prismarine-viewer/public: index.html, index.js, worker.js, textures and
 * block states; its index.html loads only index.js, nothing from the network).
 *
 * prismarine-viewer's own `mineflayer()` server listens on every interface with no access
 * check, so it is not used. This module serves the same public files and the same socket.io
 * events from its own server, which:
 *  - listens on 127.0.0.1 only, on its own port (the page's socket.io client talks to the page's
 *    origin, so it cannot share the control server's upgrade handler);
 *  - lets in only a browser holding this viewer's cookie, which it sets in exchange for a
 *    one-time ticket that the dashboard hands out over its token-authenticated WebSocket.
 *    So the same control token guards it, and the token itself never reaches this server;
 *  - passes every request, socket.io's included, through the core guard (own Host and Origin only).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, extname, join, normalize, sep } from 'node:path'
import type { Bot } from 'mineflayer'
import { checkRequest, checkSite, newToken, refuseRequest, tokensEqual } from '../../core/http-guard.js'

const require = createRequire(import.meta.url)

export interface Viewer {
  readonly url: string
  readonly port: number
  /** A fresh one-time login link (valid 60 s). */
  loginUrl(): string
  close(): Promise<void>
}

export interface ViewerOptions {
  bot: () => Bot | undefined
  /** Chunks around the bot (default 6). */
  viewDistance?: number
  /** 0 = any free port (default). */
  port?: number
}

const TICKET_MS = 60_000
const HOST = '127.0.0.1'
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json', '.png': 'image/png', '.txt': 'text/plain' }

type WorldViewCtor = new (world: unknown, viewDistance: number, position: unknown, emitter: unknown) => {
  init(pos: unknown): Promise<void>
  updatePosition(pos: unknown): Promise<void>
  listenToBot(bot: Bot): void
  removeListenersFromBot(bot: Bot): void
}
interface IoSocket {
  emit(ev: string, ...a: unknown[]): void
  on(ev: string, f: (...a: any[]) => void): void
  disconnect(close?: boolean): void
}
interface IoServer {
  on(ev: 'connection', f: (s: IoSocket) => void): void
  close(cb?: () => void): void
}
type IoCtor = new (server: Server, opts: { path: string; serveClient: boolean; allowRequest: (req: IncomingMessage, cb: (err: string | null, ok: boolean) => void) => void }) => IoServer

let loaded: { WorldView: WorldViewCtor; Io: IoCtor; publicDir: string } | undefined

/**
 * Loads prismarine-viewer's server-side world view and its socket.io. The package's `viewer`
 * entry requires `canvas` (viewer/lib/atlas.js, entities.js) without declaring it: it draws
 * texture atlases and name tags when the viewer renders in node (headless). We only stream
 * chunks to a browser, which draws with its own canvas, and the real `canvas` package (a native
 * build against cairo) cannot be built here. So while, and only while, this entry loads, a
 * `canvas` required from inside prismarine-viewer resolves to a stub that throws if anything
 * ever tries to draw with it; every other `require('canvas')` in the process is untouched.
 */
function loadViewer(): NonNullable<typeof loaded> {
  if (loaded) return loaded
  const pkgDir = dirname(require.resolve('prismarine-viewer/package.json'))
  const fromViewer = createRequire(join(pkgDir, 'index.js'))
  const Module = require('node:module') as { _resolveFilename: (...a: any[]) => string; _cache: Record<string, unknown> }
  const stubPath = join(pkgDir, '__mindbridge_canvas_stub__.js')
  const unavailable = () => {
    throw new Error('canvas is not available: the dashboard streams the world to the browser, which draws it')
  }
  Module._cache[stubPath] = {
    id: stubPath,
    filename: stubPath,
    loaded: true,
    children: [],
    paths: [],
    exports: { Canvas: unavailable, Image: unavailable, createCanvas: unavailable, loadImage: unavailable },
  }
  const original = Module._resolveFilename
  Module._resolveFilename = function (this: unknown, request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) {
    if (request === 'canvas' && parent?.filename?.startsWith(pkgDir + sep)) return stubPath
    return original.call(this, request, parent, ...rest)
  }
  try {
    const { WorldView } = fromViewer('./viewer') as { WorldView: WorldViewCtor }
    const { Server: Io } = fromViewer('socket.io') as { Server: IoCtor }
    loaded = { WorldView, Io, publicDir: join(pkgDir, 'public') }
    return loaded
  } finally {
    Module._resolveFilename = original
  }
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return v.join('=')
  }
  return undefined
}

export async function startViewer(opts: ViewerOptions): Promise<Viewer> {
  const { WorldView, Io, publicDir } = loadViewer()
  const session = newToken(24)
  const tickets = new Map<string, number>()
  let cookieName = 'mbviewer'
  const allowed = (req: IncomingMessage) => tokensEqual(cookie(req, cookieName), session)

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === '/login') {
      const t = url.searchParams.get('ticket') ?? ''
      const until = tickets.get(t)
      tickets.delete(t)
      if (!until || until < Date.now()) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end('this viewer link has expired: reload the dashboard\n')
        return
      }
      res.writeHead(303, { location: '/', 'set-cookie': `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`, 'cache-control': 'no-store' }).end()
      return
    }
    if (!allowed(req)) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('open the 3D view from the dashboard\n')
      return
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET' }).end()
      return
    }
    const rel = normalize(decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)).replace(/^([/\\])+/, '')
    const file = join(publicDir, rel)
    if (!file.startsWith(publicDir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' })
    res.end(await readFile(file))
  }

  const server = createServer((req, res) => {
    const refusal = checkRequest(req, HOST)
    if (refusal) return refuseRequest(res, refusal)
    serve(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end()
      else res.end()
    })
  })
  // socket.io answers its own path before our handler: its handshake gets the Host and Origin checks here
  // (its polling POSTs are text/plain and belong to a session opened by a checked handshake)
  const io = new Io(server, { path: '/socket.io', serveClient: false, allowRequest: (req, cb) => cb(null, !checkSite(req, HOST) && allowed(req)) })
  io.on('connection', (socket) => {
    const bot = opts.bot()
    if (!bot?.entity) return socket.disconnect(true)
    socket.emit('version', bot.version)
    const view = new WorldView(bot.world, opts.viewDistance ?? 6, bot.entity.position, socket)
    void view.init(bot.entity.position).catch(() => undefined)
    const onMove = () => {
      socket.emit('position', { pos: bot.entity.position, yaw: bot.entity.yaw, addMesh: true })
      void view.updatePosition(bot.entity.position).catch(() => undefined)
    }
    bot.on('move', onMove)
    view.listenToBot(bot)
    socket.on('disconnect', () => {
      bot.off('move', onMove)
      view.removeListenersFromBot(bot)
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  // cookies do not tell ports apart: one name per viewer
  cookieName = `mbviewer_${port}`
  const url = `http://${HOST}:${port}`
  return {
    url,
    port,
    loginUrl() {
      const now = Date.now()
      for (const [t, until] of tickets) if (until < now) tickets.delete(t)
      const t = newToken()
      tickets.set(t, now + TICKET_MS)
      return `${url}/login?ticket=${t}`
    },
    async close() {
      await new Promise<void>((r) => io.close(() => r()))
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}

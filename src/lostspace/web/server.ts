/**
 * `mindbridge lostspace web`: one page (replay viewer, live spectating, human
 * seats) served from the package, its JSON API and its WebSocket.
 *
 *   GET  /                      the page          GET /app.js   the page's script (built by `npm run build`)
 *   GET  /api/map               map data          GET /api/replays[/<name>]   recent games and replay files
 *   GET  /api/matches           live matches      POST /api/matches           start one ({seats:[4], paceMs?, seed?})
 *   WS   /ws?match=<id>[&seat=<n>&token=<t>]      follow a match; with seat: play that human seat
 *
 * Binds 127.0.0.1 by default. When it listens beyond loopback every human seat
 * needs its token, and starting a match needs the control token printed at start
 * (in the Authorization header). Every request and upgrade first passes the core
 * guard (../../core/http-guard.ts): its own Host and Origin only, JSON for a POST.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { WebSocketServer, type WebSocket } from 'ws'
import { loadMap, type GameMap } from '../map.js'
import type { Player } from '../sdk/client.js'
import { createBuiltinPlayer, BUILTIN_PLAYERS } from '../bots/index.js'
import { formatZodIssues } from '../../core/schema-errors.js'
import { checkRequest, guardUpgrade, headerToken, newToken, refuseRequest, refuseUpgrade, tokensEqual, upgradeToken } from '../../core/http-guard.js'
import { LiveMatch, type LiveSeat } from './live-match.js'
import { mapData } from './map-data.js'
import { pageHtml } from './page.js'
import { ClientFrameSchema, StartMatchSchema, type MatchInfo, type ServerFrame, type StartMatch } from './protocol.js'
import type { SeatHolder } from './human-seat.js'
import { quoteForMessage } from '../../core/quote.js'

export interface WebServerOptions {
  host?: string
  /** 0 = any free port. Default 8230. */
  port?: number
  timeLimitSec?: number
  /** Per-turn limit of a human seat (seconds). Default 60. */
  humanTimeLimitSec?: number
  maxLength?: number
  /** Exact command lines a page may put in a seat. */
  allowCommands?: string[]
  /** Working directory of command seats. Default: the current directory. */
  commandCwd?: string
  /** A folder of replay files (*.json) the page lists. */
  replayDir?: string
  /** Tokens are required beyond loopback ('auto'), always, or never. Default 'auto'. */
  tokens?: 'auto' | 'always' | 'never'
  /** Builds a built-in player (the CLI passes one that knows the llm config). */
  makeBuiltin?: (name: string, seed: number) => Promise<Player>
  map?: GameMap
  /** Folder with the built page script; default: the package's dist/lostspace/web/client. */
  clientDir?: string
}

export interface StartedMatch {
  match: MatchInfo
  /** Page links of the human seats (with their tokens). */
  links: Array<{ seat: number; url: string; token: string }>
}

export interface WebServer {
  readonly url: string
  readonly port: number
  readonly host: string
  readonly requireTokens: boolean
  /** Needed to start matches when tokens are required. */
  readonly controlToken: string
  startMatch(req: StartMatch, extra?: { replayPath?: string; onRound?: (r: number) => void }): Promise<{ live: LiveMatch; started: StartedMatch }>
  match(id: string): LiveMatch | undefined
  close(): Promise<void>
}

const PACKAGE_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')
export const DEFAULT_CLIENT_DIR = join(PACKAGE_ROOT, 'dist/lostspace/web/client')
export const DEFAULT_PORT = 8230

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(text)
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<unknown> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length
    if (size > limit) throw new HttpError(413, `request body over ${limit} bytes`)
    chunks.push(c)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new HttpError(400, 'the request body is not JSON')
  }
}

const REPLAY_NAME = /^[\w.-]+\.json$/

export async function startWebServer(opts: WebServerOptions = {}): Promise<WebServer> {
  const host = opts.host ?? '127.0.0.1'
  const map = opts.map ?? loadMap()
  const mapJson = JSON.stringify(mapData(map))
  const clientDir = opts.clientDir ?? DEFAULT_CLIENT_DIR
  const tokensMode = opts.tokens ?? 'auto'
  const requireTokens = tokensMode === 'always' || (tokensMode === 'auto' && !isLoopbackHost(host))
  const controlToken = newToken()
  const timeLimitSec = opts.timeLimitSec ?? 3
  const humanTimeLimitSec = opts.humanTimeLimitSec ?? 60
  const allow = new Set((opts.allowCommands ?? []).map((c) => c.trim()).filter(Boolean))
  const makeBuiltin =
    opts.makeBuiltin ??
    (async (name: string, seed: number) => {
      // throws a clear error for an unknown name or option (`expert?budget=<ms>`)
      return createBuiltinPlayer(name, { seed, map, turnLimitMs: timeLimitSec * 1000 })
    })
  const matches = new Map<string, LiveMatch>()
  let counter = 0
  let baseUrl = ''

  async function resolveSeats(req: StartMatch, seed: number): Promise<LiveSeat[]> {
    return Promise.all(
      req.seats.map(async (choice, seat): Promise<LiveSeat> => {
        if (choice === 'human') return { kind: 'human' }
        if (choice.startsWith('builtin:')) {
          const name = choice.slice('builtin:'.length)
          try {
            const player = await makeBuiltin(name, seed * 4 + seat + 1)
            return { kind: 'builtin', name: choice, spec: { kind: 'player', player, name: choice } }
          } catch (err) {
            throw new HttpError(400, `seat ${seat}: ${(err as Error).message}`)
          }
        }
        if (allow.has(choice)) return { kind: 'command', name: choice, spec: { kind: 'command', command: choice, cwd: opts.commandCwd } }
        throw new HttpError(
          400,
          `seat ${seat}: '${choice}' is not allowed; use human, builtin:<${BUILTIN_PLAYERS.join('|')}>` +
            (allow.size > 0 ? ` or one of the allowed commands: ${[...allow].join(' | ')}` : ' (this server allows no commands: start it with --allow-command)'),
        )
      }),
    )
  }

  async function startMatch(req: StartMatch, extra: { replayPath?: string; onRound?: (r: number) => void } = {}) {
    const paceMs = req.paceMs ?? 0
    if (paceMs >= timeLimitSec * 1000) throw new HttpError(400, `paceMs must stay below the per-turn limit (${timeLimitSec * 1000} ms)`)
    const seed = req.seed ?? Math.floor(Math.random() * 2 ** 31)
    const seats = await resolveSeats(req, seed)
    const id = `g${++counter}`
    const live = new LiveMatch({
      id,
      seats,
      map,
      seed,
      paceMs,
      timeLimitSec,
      humanTimeLimitSec,
      maxLength: opts.maxLength ?? 1024,
      replayPath: extra.replayPath,
      onRound: extra.onRound,
    })
    matches.set(id, live)
    const links = [...live.tokens].map(([seat, token]) => ({ seat, token, url: `${baseUrl}/?match=${id}&seat=${seat}&token=${token}` }))
    return { live, started: { match: live.info(), links } }
  }

  function listReplays(): Array<{ name: string; source: 'match' | 'dir'; state?: string }> {
    const out: Array<{ name: string; source: 'match' | 'dir'; state?: string }> = []
    for (const m of [...matches.values()].reverse()) if (m.over) out.push({ name: m.id, source: 'match', state: m.info().state })
    if (opts.replayDir && existsSync(opts.replayDir)) {
      const files = readdirSync(opts.replayDir)
        .filter((f) => REPLAY_NAME.test(f))
        .map((f) => ({ f, t: statSync(join(opts.replayDir!, f)).mtimeMs }))
        .sort((a, b) => b.t - a.t)
        .slice(0, 100)
      for (const { f } of files) out.push({ name: f, source: 'dir' })
    }
    return out
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname
    if (req.method === 'GET' && (path === '/' || path === '/index.html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(pageHtml())
      return
    }
    if (req.method === 'GET' && (path === '/app.js' || path === '/app.js.map')) {
      const file = join(clientDir, path.slice(1))
      if (!existsSync(file)) throw new HttpError(503, `the page script is not built (${file} is missing): run npm run build`)
      res.writeHead(200, { 'content-type': path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/json', 'cache-control': 'no-cache' })
      res.end(await readFile(file))
      return
    }
    if (req.method === 'GET' && path === '/favicon.ico') {
      res.writeHead(204)
      res.end()
      return
    }
    if (req.method === 'GET' && path === '/api/map') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      res.end(mapJson)
      return
    }
    if (req.method === 'GET' && path === '/api/replays') return sendJson(res, 200, listReplays())
    if (req.method === 'GET' && path.startsWith('/api/replays/')) {
      const name = decodeURIComponent(path.slice('/api/replays/'.length))
      const m = matches.get(name)
      if (m) {
        if (!m.over) throw new HttpError(409, `game ${name} is still running: follow it live`)
        return sendJson(res, 200, m.replay())
      }
      if (opts.replayDir && REPLAY_NAME.test(name) && basename(name) === name) {
        const file = join(opts.replayDir, name)
        if (existsSync(file)) {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          res.end(readFileSync(file))
          return
        }
      }
      throw new HttpError(404, `no replay named '${name}'`)
    }
    if (req.method === 'GET' && path === '/api/matches') return sendJson(res, 200, [...matches.values()].map((m) => m.info()))
    if (req.method === 'POST' && path === '/api/matches') {
      if (requireTokens && !tokensEqual(headerToken(req), controlToken)) {
        throw new HttpError(401, 'starting a match needs the control token (printed when the server started) in Authorization: Bearer <token>')
      }
      const body = StartMatchSchema.safeParse(await readBody(req))
      if (!body.success) throw new HttpError(400, `bad match request: ${formatZodIssues(body.error)}`)
      const { started } = await startMatch(body.data)
      return sendJson(res, 201, started)
    }
    throw new HttpError(404, `not found: ${req.method} ${path}`)
  }

  const server: Server = createServer((req, res) => {
    const refusal = checkRequest(req, host)
    if (refusal) return refuseRequest(res, refusal)
    handle(req, res).catch((err: Error) => {
      const status = err instanceof HttpError ? err.status : 500
      if (!res.headersSent) sendJson(res, status, { error: err.message })
      else res.end()
    })
  })

  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 })

  server.on('upgrade', (req, socket, head) => {
    if (!guardUpgrade(req, socket, host)) return
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== '/ws') return refuseUpgrade(socket, 404, 'not found')
    const live = matches.get(url.searchParams.get('match') ?? '')
    if (!live) return refuseUpgrade(socket, 404, `no match ${quoteForMessage(url.searchParams.get('match') ?? '')}`)
    const seatParam = url.searchParams.get('seat')
    let seat: number | undefined
    if (seatParam !== null) {
      seat = Number(seatParam)
      if (!live.humans.has(seat)) return refuseUpgrade(socket, 400, `seat ${quoteForMessage(seatParam)} is not a human seat of match ${live.id}`)
      if (requireTokens && !tokensEqual(upgradeToken(req), live.tokens.get(seat)!)) return refuseUpgrade(socket, 401, `seat ${seat} needs its token`)
    }
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws, live, seat))
  })

  function connect(ws: WebSocket, live: LiveMatch, seat: number | undefined): void {
    const send = (f: ServerFrame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(f))
    }
    const human = seat === undefined ? undefined : live.humans.get(seat)
    let holding = human !== undefined
    const holder: SeatHolder = {
      send,
      release: (reason) => {
        holding = false
        send({ type: 'error', message: reason })
      },
    }
    const watcher = { send }
    live.watch(watcher, human ? 'seat' : 'spectator', seat)
    if (human) {
      human.attach(holder)
      live.seatsChanged()
    }
    ws.on('message', (data, isBinary) => {
      let raw: unknown
      try {
        raw = JSON.parse(isBinary ? '' : data.toString())
      } catch {
        return send({ type: 'error', message: 'frames must be JSON text' })
      }
      const frame = ClientFrameSchema.safeParse(raw)
      if (!frame.success) return send({ type: 'error', message: `bad frame: ${formatZodIssues(frame.error)}` })
      if (frame.data.type === 'ping') return send({ type: 'pong' })
      if (!human || !holding) return send({ type: 'error', message: 'spectators cannot act: open the seat link to play' })
      const err = human.onClientFrame(holder, frame.data)
      if (err) send({ type: 'error', message: err })
    })
    ws.on('close', () => {
      live.unwatch(watcher)
      if (human) {
        human.detach(holder)
        live.seatsChanged()
      }
    })
    ws.on('error', () => ws.terminate())
  }

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen)
    server.listen(opts.port ?? DEFAULT_PORT, host, () => {
      server.off('error', rejectListen)
      resolveListen()
    })
  })
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : (opts.port ?? DEFAULT_PORT)
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`

  return {
    url: baseUrl,
    port,
    host,
    requireTokens,
    controlToken,
    startMatch,
    match: (id) => matches.get(id),
    async close() {
      // Running matches: human seats give up, the programs finish the game (seconds at most).
      await Promise.all([...matches.values()].map((m) => m.abandon('the web server is shutting down')))
      for (const c of wss.clients) c.terminate()
      wss.close()
      const closed = new Promise<void>((r) => server.close(() => r()))
      server.closeAllConnections()
      await closed
    },
  }
}

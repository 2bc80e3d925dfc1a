/**
 * What every HTTP and WebSocket server of the project checks before anything else, so that a
 * web page the user happens to visit cannot drive it (docs/architecture.md, "Trust boundaries"):
 *
 * - `Host` must name the server: the address it listens on, the address the connection arrived
 *   at, or `localhost`, with the port it listens on (a DNS-rebound name is refused);
 * - `Origin`, when present, must be the server's own (`http://` + an allowed host + the port).
 *   A request without `Origin` comes from a program, not a page, and is let through: the
 *   server's token, where it has one, still applies;
 * - POST, PUT, PATCH and DELETE must say `Content-Type: application/json` (a page can send
 *   text/plain or a form anywhere without a CORS preflight, never JSON).
 *
 * And the token helpers the servers share: a random token, a constant-time comparison, and
 * where a token may come from (a header; the query string only for a WebSocket upgrade, the
 * one request where a browser cannot set a header).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

/** A request the guard turns away: the HTTP status and a one-line reason. */
export interface Refusal {
  status: 400 | 403 | 415
  reason: string
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A fresh random token (hex). */
export function newToken(bytes = 16): string {
  return randomBytes(bytes).toString('hex')
}

/** Constant-time comparison; the digests make the time independent of the lengths too. */
export function tokensEqual(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || expected.length === 0) return false
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

function oneHeader(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

/** The token from `Authorization: Bearer …` (the scheme in any case, as HTTP says) or `X-Mindbridge-Token`. */
export function headerToken(req: IncomingMessage): string | undefined {
  const bearer = /^\s*bearer\s+(\S.*)$/i.exec(req.headers.authorization ?? '')
  if (bearer) return bearer[1]!.trim()
  return oneHeader(req.headers['x-mindbridge-token'])
}

/** For a WebSocket upgrade: the header token, else `?token=` (a browser's WebSocket cannot set headers). */
export function upgradeToken(req: IncomingMessage): string | undefined {
  const fromHeader = headerToken(req)
  if (fromHeader !== undefined) return fromHeader
  try {
    return new URL(req.url ?? '/', 'http://localhost').searchParams.get('token') ?? undefined
  } catch {
    return undefined
  }
}

/** `::ffff:127.0.0.1` → `127.0.0.1`; IPv6 in brackets, as URLs and Host headers write it; lower case. */
function hostForm(address: string): string {
  const a = address.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
  return a.includes(':') && !a.startsWith('[') ? `[${a}]` : a
}

const WILDCARD = new Set(['0.0.0.0', '::', '[::]'])

/** Host names that name this server for the connection `req` arrived on. */
function allowedHosts(req: IncomingMessage, listenHost: string): Set<string> {
  const names = new Set(['localhost'])
  if (!WILDCARD.has(listenHost)) names.add(hostForm(listenHost))
  if (req.socket.localAddress) names.add(hostForm(req.socket.localAddress))
  return names
}

/** `host[:port]` from a Host header or an origin URL; undefined when it does not parse. */
function parseAuthority(value: string, scheme = 'http:'): { host: string; port: string; scheme: string } | undefined {
  try {
    const u = new URL(value.includes('://') ? value : `${scheme}//${value}`)
    if (u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) return undefined
    const port = u.port || (u.protocol === 'https:' ? '443' : u.protocol === 'http:' ? '80' : '')
    return { host: u.hostname.toLowerCase(), port, scheme: u.protocol }
  } catch {
    return undefined
  }
}

/** One line that can be shown without letting the header's bytes through. */
function shown(v: string): string {
  const clean = v.replace(/[^\x20-\x7e]/g, '?')
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean
}

/** The request's URL (against a placeholder base); undefined when its target does not parse. */
export function requestUrl(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://localhost')
  } catch {
    return undefined
  }
}

/**
 * The Host and Origin checks for a server listening on `listenHost` (the port is the one the
 * connection arrived at), after a check that the target parses, so that the servers' own
 * `new URL(req.url)` never throws. Undefined when the request may go on.
 */
export function checkSite(req: IncomingMessage, listenHost: string): Refusal | undefined {
  if (!requestUrl(req)) return { status: 400, reason: `the request target '${shown(req.url ?? '')}' is not a URL path` }
  const port = String(req.socket.localPort ?? '')
  const names = allowedHosts(req, listenHost)
  const hostHeader = req.headers.host
  if (hostHeader !== undefined) {
    const h = parseAuthority(hostHeader)
    if (!h || !names.has(h.host) || h.port !== port) {
      return { status: 403, reason: `Host '${shown(hostHeader)}' is not this server (use ${[...names].map((n) => `${n}:${port}`).join(' or ')})` }
    }
  }
  const origin = oneHeader(req.headers.origin)
  if (origin !== undefined) {
    const o = parseAuthority(origin)
    if (!o || o.scheme !== 'http:' || !names.has(o.host) || o.port !== port) {
      return { status: 403, reason: `requests from the page at Origin '${shown(origin)}' are refused: only this server's own pages may call it` }
    }
  }
  return undefined
}

/** 415 for a state-changing request whose body is not declared `application/json`. */
export function checkJsonBody(req: IncomingMessage): Refusal | undefined {
  if (!STATE_CHANGING.has((req.method ?? 'GET').toUpperCase())) return undefined
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === 'application/json') return undefined
  return { status: 415, reason: `${req.method} needs Content-Type: application/json${type ? `, not ${shown(type)}` : ''}` }
}

/** Every check of a plain HTTP request: Host, Origin, then the JSON body type. */
export function checkRequest(req: IncomingMessage, listenHost: string): Refusal | undefined {
  return checkSite(req, listenHost) ?? checkJsonBody(req)
}

/** Answers a refused HTTP request: the status and `{"error": reason}`. */
export function refuseRequest(res: ServerResponse, refusal: Refusal): void {
  if (res.headersSent) {
    res.end()
    return
  }
  res.writeHead(refusal.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close' })
  res.end(JSON.stringify({ error: refusal.reason }) + '\n')
}

const REASON_PHRASES: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 415: 'Unsupported Media Type' }

/** Answers a refused WebSocket upgrade on its raw socket: the status and the reason as text. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = reason + '\n'
  socket.end(
    `HTTP/1.1 ${status} ${REASON_PHRASES[status] ?? 'Error'}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}

/** The Host and Origin checks of an upgrade; refuses it and returns false when they fail. */
export function guardUpgrade(req: IncomingMessage, socket: Duplex, listenHost: string): boolean {
  const refusal = checkSite(req, listenHost)
  if (!refusal) return true
  refuseUpgrade(socket, refusal.status, refusal.reason)
  return false
}

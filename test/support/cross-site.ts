/**
 * Requests a foreign page (or a DNS-rebound name) would make, sent over real HTTP and real
 * WebSocket upgrades with exactly the headers the test chooses (node:http and ws set `Host`
 * and `Origin` as told), for the cross-site tests of every server.
 */
import { request } from 'node:http'
import { WebSocket } from 'ws'
import { within } from './wait.js'

export const EVIL_ORIGIN = 'http://evil.example'
export const REBOUND_HOST = 'attacker.example'

/** Header sets the tests write as object literals; an undefined value is no header. */
export type Headers = Record<string, string | undefined>

function defined(h: Headers = {}): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = v
  return out
}

export interface Answer {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

/** One HTTP request with these headers only (plus `host`, unless given). */
export function httpCall(url: string, opts: { method?: string; headers?: Headers; body?: string } = {}): Promise<Answer> {
  return within(
    `${opts.method ?? 'GET'} ${url}`,
    new Promise<Answer>((resolve, reject) => {
      const req = request(url, { method: opts.method ?? 'GET', headers: defined(opts.headers) }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(opts.body)
    }),
  )
}

export type UpgradeOutcome = { opened: true; ws: WebSocket; firstFrame: Promise<string> } | { opened: false; status: number; body: string }

/** A WebSocket upgrade with these headers; resolves once the server either opened it or answered with a status. */
export function tryUpgrade(url: string, headers: Headers = {}): Promise<UpgradeOutcome> {
  return within(
    `the upgrade of ${url}`,
    new Promise<UpgradeOutcome>((resolve, reject) => {
      const ws = new WebSocket(url, { headers: defined(headers) })
      const firstFrame = new Promise<string>((r) => ws.once('message', (d) => r(String(d))))
      ws.once('open', () => resolve({ opened: true, ws, firstFrame }))
      ws.once('unexpected-response', (_req, res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ opened: false, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      })
      ws.once('error', (err) => reject(err))
    }),
  )
}

/** `host:port` of a server URL, as its own Host header says it. */
export function authority(url: string): string {
  return new URL(url).host
}

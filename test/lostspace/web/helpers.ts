/** Shared pieces of the LostSpace web tests: a WebSocket client that collects frames, bounded waits. */
import { WebSocket } from 'ws'
import type { ServerFrame } from '../../../src/lostspace/web/protocol.js'

/** Waits for `check` to return a value (polling every 20 ms), at most `ms`; fails with `what`. */
export async function until<T>(what: string, check: () => T | undefined | null | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = check()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

export interface Client {
  ws: WebSocket
  frames: ServerFrame[]
  send(frame: unknown): void
  /** The first frame after index `from` that matches. */
  next<F extends ServerFrame>(what: string, pred: (f: ServerFrame) => f is F, from?: number): Promise<F>
  close(): void
}

/** Opens a WebSocket; resolves when open, rejects with the HTTP status on a refused upgrade. */
export function connect(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    const frames: ServerFrame[] = []
    ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as ServerFrame))
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: HTTP ${res.statusCode}`), { status: res.statusCode })))
    ws.once('error', reject)
    ws.once('open', () =>
      resolve({
        ws,
        frames,
        send: (f) => ws.send(typeof f === 'string' ? f : JSON.stringify(f)),
        next: (what, pred, from = 0) => until(what, () => frames.slice(from).find(pred)),
        close: () => ws.close(),
      }),
    )
  })
}

export const isType =
  <T extends ServerFrame['type']>(type: T) =>
  (f: ServerFrame): f is Extract<ServerFrame, { type: T }> =>
    f.type === type

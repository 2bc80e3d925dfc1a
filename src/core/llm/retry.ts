/** Backoff arithmetic and cancellable sleeping for the model client's own retry loop. */
import { LlmError } from './errors.js'

/** Reads `retry-after-ms` (ms) or `Retry-After` (seconds or an HTTP date); undefined if absent or unreadable. */
export function parseRetryAfter(headers: { get(name: string): string | null } | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined
  const ms = headers.get('retry-after-ms')
  if (ms !== null && ms.trim() !== '') {
    const v = Number(ms)
    if (Number.isFinite(v) && v >= 0) return v
  }
  const ra = headers.get('retry-after')
  if (ra === null || ra.trim() === '') return undefined
  const secs = Number(ra)
  if (Number.isFinite(secs)) return secs >= 0 ? secs * 1000 : undefined
  const date = Date.parse(ra)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

/** Exponential backoff with "equal jitter": half fixed, half random, capped at maxMs. */
export function backoffDelay(retry: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** retry)
  return exp / 2 + random() * (exp / 2)
}

/** Sleeps `ms`, rejecting with a `cancelled` LlmError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new LlmError('cancelled', 'model call cancelled'))
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(new LlmError('cancelled', 'model call cancelled while waiting to retry'))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

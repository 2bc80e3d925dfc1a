/**
 * Bounded waits for tests. Every wait names what it waits for and how long it may take, so a
 * hang fails the test with a message instead of running into the run-wide limit. The bound only
 * turns a hang into a failure; it is never an assertion on speed.
 */

export class WaitTimeout extends Error {
  override name = 'WaitTimeout'
}

function timeoutError(description: string, timeoutMs: number, detail?: () => string): WaitTimeout {
  const extra = detail ? ` (${detail()})` : ''
  return new WaitTimeout(`timed out after ${timeoutMs / 1000}s waiting for ${description}${extra}`)
}

export interface WaitOptions {
  /** Upper bound in ms; default 30 s. */
  timeoutMs?: number
  /** Poll interval in ms; default 10. */
  intervalMs?: number
  /** Extra state to put in the timeout message (e.g. what was seen so far). */
  detail?: () => string
}

/**
 * Polls `cond` until it returns a truthy value and resolves with it, or throws
 * `timed out after Ns waiting for <description>`.
 */
export async function waitFor<T>(description: string, cond: () => T | undefined | null | false, opts: WaitOptions = {}): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 30_000
  const intervalMs = opts.intervalMs ?? 10
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = cond()
    if (v) return v
    if (Date.now() >= end) throw timeoutError(description, timeoutMs, opts.detail)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

type Emitter = { on(ev: string, cb: (...a: any[]) => void): unknown; off(ev: string, cb: (...a: any[]) => void): unknown }

/** Resolves with the arguments of the first `event` that `accept` takes, or throws after `timeoutMs`. */
export function waitForEvent<A extends unknown[] = unknown[]>(
  description: string,
  emitter: Emitter,
  event: string,
  accept: (...args: A) => boolean = () => true,
  timeoutMs = 30_000,
): Promise<A> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(event, on)
      reject(timeoutError(description, timeoutMs))
    }, timeoutMs)
    const on = (...args: any[]) => {
      if (!accept(...(args as A))) return
      clearTimeout(timer)
      emitter.off(event, on)
      resolve(args as A)
    }
    emitter.on(event, on)
  })
}

/** Bounds a promise: its value, or `timed out after Ns waiting for <description>`. */
export function within<T>(description: string, p: Promise<T>, timeoutMs = 30_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(timeoutError(description, timeoutMs)), timeoutMs)
    p.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (e: unknown) => {
        clearTimeout(timer)
        reject(e)
      },
    )
  })
}

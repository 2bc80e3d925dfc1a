/** Reconnect policy: exponential backoff with a cap and a little jitter. */
export interface ReconnectPolicy {
  enabled: boolean
  baseDelayMs: number
  maxDelayMs: number
  /** Give up after this many failed attempts in a row (Infinity = never). */
  maxAttempts: number
}

export type ReconnectOption = boolean | { maxDelayMs?: number; baseDelayMs?: number; maxAttempts?: number } | undefined

export function reconnectPolicy(opt: ReconnectOption): ReconnectPolicy {
  if (opt === false) return { enabled: false, baseDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 0 }
  const o = typeof opt === 'object' && opt ? opt : {}
  const base = o.baseDelayMs !== undefined && o.baseDelayMs > 0 ? o.baseDelayMs : 1000
  const max = o.maxDelayMs !== undefined && o.maxDelayMs > 0 ? Math.max(o.maxDelayMs, base) : 30_000
  return { enabled: true, baseDelayMs: base, maxDelayMs: max, maxAttempts: o.maxAttempts ?? Infinity }
}

/** Delay before attempt `n` (0-based): base·2ⁿ capped at max, plus up to 10% jitter (still capped). */
export function backoffDelay(n: number, p: ReconnectPolicy, random: () => number = Math.random): number {
  const raw = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** Math.max(0, Math.min(n, 30)))
  return Math.min(p.maxDelayMs, Math.round(raw * (1 + 0.1 * random())))
}

/**
 * Reconnecting to the embedded world (the commands that start the world in-process). That world
 * does not restart, but it does drop a bot: its keep-alive check kicks a client whose answers
 * come late (`KeepAliveTimeout`, seen on a loaded machine). The body rejoins within seconds; a
 * running task waits for it (the link's reconnect grace).
 */
export const EMBEDDED_WORLD_RECONNECT = { baseDelayMs: 500, maxDelayMs: 5000 } as const satisfies ReconnectOption

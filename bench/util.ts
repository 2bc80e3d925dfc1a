/** Small helpers shared by benchmarks: timing loops and printing. */
export interface OpsResult {
  ops: number
  seconds: number
  opsPerSec: number
}

/** Runs fn repeatedly for about `ms` milliseconds (after a short warm-up) and reports ops/s. */
export function measureOps(fn: () => void, ms = 1000): OpsResult {
  const warmEnd = performance.now() + Math.min(200, ms / 5)
  while (performance.now() < warmEnd) fn()
  let ops = 0
  const start = performance.now()
  const end = start + ms
  while (performance.now() < end) {
    for (let i = 0; i < 16; i++) fn()
    ops += 16
  }
  const seconds = (performance.now() - start) / 1000
  return { ops, seconds, opsPerSec: ops / seconds }
}

/** A number for a table; '–' for a figure a run did not have (a crashed run's time is null in its results file). */
export function fmt(n: number | null | undefined, digits = 0): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '–'
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

/**
 * Seedable PRNG (mulberry32). The LostSpace rules themselves use no
 * randomness; this is for random drivers, built-in bots and tests that need
 * reproducible choices from a seed.
 */
import { mulberry32 } from '../core/rng.js'

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number
  /** Uniform integer in [0, n). */
  int(n: number): number
  /** Uniform element of a non-empty array. */
  pick<T>(xs: readonly T[]): T
  readonly seed: number
}

export function createRng(seed = 1): Rng {
  const next = mulberry32(seed)
  const int = (n: number): number => {
    if (!(n > 0)) throw new Error(`rng.int needs n > 0, got ${n}`)
    return Math.floor(next() * n)
  }
  return {
    seed: seed >>> 0,
    next,
    int,
    pick<T>(xs: readonly T[]): T {
      if (xs.length === 0) throw new Error('rng.pick on an empty array')
      return xs[int(xs.length)]!
    },
  }
}

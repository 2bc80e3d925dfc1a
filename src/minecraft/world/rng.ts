import { mulberry32 } from '../../core/rng.js'

/** Seeded PRNG for deterministic drops; world seeds may exceed 32 bits, so both halves are folded in. */
export function createRng(seed: number): () => number {
  return mulberry32((seed | 0) ^ Math.floor(seed / 4294967296))
}

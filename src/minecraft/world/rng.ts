/** Small seeded PRNG (mulberry32): deterministic drops for a given world seed. */
export function createRng(seed: number): () => number {
  let a = (seed | 0) ^ Math.floor(seed / 4294967296)
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

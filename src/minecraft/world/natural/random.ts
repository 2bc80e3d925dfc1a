/**
 * Seeded randomness for the natural world. Every feature draws from its own stream,
 * keyed by the world seed, a position and a salt, so a chunk can be generated in any
 * order and still come out the same (vanilla seeds a java.util.Random per chunk the same way).
 */

function fmix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Folds a safe-integer seed (may exceed 32 bits) into 32 bits. */
export function foldSeed(seed: number): number {
  const lo = seed | 0
  const hi = Math.floor(seed / 4294967296) | 0
  return fmix((fmix(lo >>> 0) ^ Math.imul(hi, 0x9e3779b9)) >>> 0)
}

/** A 32-bit hash of a folded seed and up to three integers and a salt. */
export function hash32(seed: number, a: number, b: number, c: number, salt: number): number {
  let h = fmix((seed ^ Math.imul(salt + 1, 0x9e3779b9)) >>> 0)
  h = fmix((h ^ Math.imul(a | 0, 0x27d4eb2f)) >>> 0)
  h = fmix((h ^ Math.imul(b | 0, 0x165667b1)) >>> 0)
  h = fmix((h ^ Math.imul(c | 0, 0xd3a2646c)) >>> 0)
  return h
}

/** sfc32: small, fast, good enough for terrain; `nextInt` etc. mirror java.util.Random's API. */
export class Rand {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed32: number) {
    this.a = 0x9e3779b9
    this.b = 0x243f6a88
    this.c = 0xb7e15162
    this.d = seed32 >>> 0
    for (let i = 0; i < 12; i++) this.nextU32()
  }

  /** A stream for (seed, a, b, c, salt). */
  static at(seed: number, a: number, b: number, c: number, salt: number): Rand {
    return new Rand(hash32(seed, a, b, c, salt))
  }

  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** Uniform [0, 1). */
  nextFloat(): number {
    return this.nextU32() / 4294967296
  }

  /** Uniform integer in [0, n); n must be ≥ 1. */
  nextInt(n: number): number {
    return Math.floor(this.nextFloat() * n)
  }

  nextBoolean(): boolean {
    return (this.nextU32() & 1) === 1
  }

  /** A fresh 32-bit seed for a child stream (vanilla's `random.nextLong()` for a sub-feature). */
  nextSeed(): number {
    return this.nextU32()
  }
}

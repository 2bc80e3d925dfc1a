/**
 * Seeded 2-D gradient (Perlin) noise and its fractal sum. Each layer of the world
 * (terrain, biomes, soil depth) owns one `Noise2` built from the seed and a salt.
 */
import { Rand } from './random.js'

const GRAD_X = [1, -1, 1, -1, 1, -1, 0, 0]
const GRAD_Z = [1, 1, -1, -1, 0, 0, 1, -1]

function fade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10)
}

export class Noise2 {
  private readonly perm = new Uint8Array(512)
  private readonly offX: number
  private readonly offZ: number

  constructor(seed: number, salt: number) {
    const r = Rand.at(seed, 0, 0, 0, salt)
    const p = new Uint8Array(256)
    for (let i = 0; i < 256; i++) p[i] = i
    for (let i = 255; i > 0; i--) {
      const j = r.nextInt(i + 1)
      const t = p[i]!
      p[i] = p[j]!
      p[j] = t
    }
    for (let i = 0; i < 512; i++) this.perm[i] = p[i & 255]!
    // A random offset keeps the lattice from lining up at the origin for every seed.
    this.offX = r.nextFloat() * 256
    this.offZ = r.nextFloat() * 256
  }

  /** Noise in about [-1, 1] at (x, z) in lattice units. */
  at(x: number, z: number): number {
    x += this.offX
    z += this.offZ
    const xi = Math.floor(x)
    const zi = Math.floor(z)
    const xf = x - xi
    const zf = z - zi
    const X = xi & 255
    const Z = zi & 255
    const p = this.perm
    const aa = p[p[X]! + Z]! & 7
    const ab = p[p[X]! + Z + 1]! & 7
    const ba = p[p[X + 1]! + Z]! & 7
    const bb = p[p[X + 1]! + Z + 1]! & 7
    const u = fade(xf)
    const v = fade(zf)
    const n00 = GRAD_X[aa]! * xf + GRAD_Z[aa]! * zf
    const n10 = GRAD_X[ba]! * (xf - 1) + GRAD_Z[ba]! * zf
    const n01 = GRAD_X[ab]! * xf + GRAD_Z[ab]! * (zf - 1)
    const n11 = GRAD_X[bb]! * (xf - 1) + GRAD_Z[bb]! * (zf - 1)
    const x1 = n00 + u * (n10 - n00)
    const x2 = n01 + u * (n11 - n01)
    return x1 + v * (x2 - x1)
  }
}

/** Fractal sum of `octaves` layers of one noise, wavelength `scale` blocks, normalised to about [-1, 1]. */
export class Fbm2 {
  private readonly layers: Noise2[] = []
  private readonly norm: number

  constructor(
    seed: number,
    salt: number,
    private readonly scale: number,
    octaves: number,
    private readonly persistence = 0.5,
  ) {
    let amp = 1
    let sum = 0
    for (let i = 0; i < octaves; i++) {
      this.layers.push(new Noise2(seed, salt * 16 + i))
      sum += amp
      amp *= persistence
    }
    this.norm = 1 / sum
  }

  at(x: number, z: number): number {
    let amp = 1
    let freq = 1 / this.scale
    let sum = 0
    for (const n of this.layers) {
      sum += n.at(x * freq, z * freq) * amp
      amp *= this.persistence
      freq *= 2
    }
    return sum * this.norm
  }
}

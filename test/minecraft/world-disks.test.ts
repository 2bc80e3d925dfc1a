/**
 * Clay, sand and gravel disks on the floor of the water (src/minecraft/world/natural/disks.ts;
 * facts in docs/world-facts-1.18.md §6): clay near spawn on the seeds the get-anything bench
 * uses, only where a disk centred on water put it, the same blocks for the same seed whatever
 * order the chunks are made in, and the same disks in the 1.16 and the tall (1.18+) shape.
 * Generators only (the tall shape's chunks also through the real chunk builder): no world process.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { Vec3 } from 'vec3'
import { createNaturalGenerator, createNaturalWorldFor } from '../../src/minecraft/world/generator.js'
import { B, idx, type NaturalWorld } from '../../src/minecraft/world/natural/index.js'

const require = createRequire(import.meta.url)

interface Clay {
  x: number
  y: number
  z: number
  /** The first block above that is not clay. */
  over: number
}

/** The clay of chunks within R of the spawn's chunk, in the land's y 0..255. */
function clayAround(w: NaturalWorld, R: number): { clay: Clay[]; surfaces: Map<string, Uint8Array>; spawn: { x: number; z: number } } {
  const sp = w.spawn()
  const clay: Clay[] = []
  const surfaces = new Map<string, Uint8Array>()
  for (let cx = (sp.x >> 4) - R; cx <= (sp.x >> 4) + R; cx++) {
    for (let cz = (sp.z >> 4) - R; cz <= (sp.z >> 4) + R; cz++) {
      const s = w.generate(cx, cz).surface
      surfaces.set(`${cx},${cz}`, s)
      for (let x = 0; x < 16; x++) {
        for (let z = 0; z < 16; z++) {
          for (let y = 1; y < 255; y++) {
            if (s[idx(x, y, z)] !== B.clay) continue
            let up = y + 1
            while (s[idx(x, up, z)] === B.clay) up++
            clay.push({ x: cx * 16 + x, y, z: cz * 16 + z, over: s[idx(x, up, z)]! })
          }
        }
      }
    }
  }
  return { clay, surfaces, spawn: sp }
}

describe('disks of clay, sand and gravel under water', () => {
  test('clay under water near spawn; only where a disk centred on water reaches; the same in the 1.16 and the 1.18+ shape', () => {
    for (const seed of [3, 7]) {
      const short = clayAround(createNaturalWorldFor(seed, '1.16.5'), 3)
      const { clay, surfaces, spawn } = short
      const underWater = clay.filter((c) => c.over === B.water && Math.hypot(c.x - spawn.x, c.z - spawn.z) <= 48)
      assert.ok(underWater.length > 0, `seed ${seed}: no clay under water within 48 blocks of spawn (${clay.length} clay in all)`)
      const blockAt = (x: number, y: number, z: number) => surfaces.get(`${x >> 4},${z >> 4}`)?.[idx(x & 15, y, z & 15)]
      // a clay disk (radius ≤ 3, half height 1) is centred on a water cell: water within 3 blocks across, 1 up or down
      for (const c of clay) {
        let water = false
        for (let dx = -3; dx <= 3 && !water; dx++) {
          for (let dz = -3; dz <= 3 && !water; dz++) {
            for (let dy = -1; dy <= 1 && !water; dy++) if (dx * dx + dz * dz <= 9 && blockAt(c.x + dx, c.y + dy, c.z + dz) === B.water) water = true
          }
        }
        const inside = (v: number, centre: number) => v >= ((centre >> 4) - 3) * 16 + 3 && v <= ((centre >> 4) + 3) * 16 + 12
        if (inside(c.x, spawn.x) && inside(c.z, spawn.z)) assert.ok(water, `seed ${seed}: clay at ${c.x},${c.y},${c.z} with no water within a disk's reach`)
      }
      // most of it lies right under the water, as a player finds it
      assert.ok(clay.filter((c) => c.over === B.water).length > clay.length / 2, `seed ${seed}: under water ${clay.filter((c) => c.over === B.water).length} of ${clay.length}`)
      // the tall shape has the same land, so the same clay
      const tall = clayAround(createNaturalWorldFor(seed, '1.20.4'), 3)
      assert.deepEqual(tall.clay, clay, `seed ${seed}: the 1.20.4 world's clay differs from 1.16.5's`)
    }
  })

  test('the same seed gives the same disks whatever order the chunks are made in', () => {
    const seed = 3
    const a = createNaturalWorldFor(seed, '1.16.5')
    const b = createNaturalWorldFor(seed, '1.16.5')
    const sp = a.spawn()
    const cx = sp.x >> 4
    const cz = sp.z >> 4
    const order = [] as Array<[number, number]>
    for (let dx = -2; dx <= 2; dx++) for (let dz = -2; dz <= 2; dz++) order.push([cx + dx, cz + dz])
    const first = new Map(order.map(([x, z]) => [`${x},${z}`, a.generate(x, z).surface.slice()]))
    let disks = 0
    for (const [x, z] of [...order].reverse()) {
      const s = b.generate(x, z).surface
      assert.deepEqual(s, first.get(`${x},${z}`), `chunk ${x},${z} differs when made in the other order`)
      for (const v of s) if (v === B.clay) disks++
    }
    assert.ok(disks > 0, 'no clay in the 5×5 chunks around spawn: the order check saw no disk')
  })

  test('the 1.20.4 chunk builder writes minecraft-data clay where the generator put it', () => {
    const seed = 7
    const registry = require('prismarine-registry')('1.20.4')
    const natural = createNaturalWorldFor(seed, '1.20.4')
    const { clay } = clayAround(natural, 1)
    assert.ok(clay.length > 0, 'no clay within a chunk of spawn on seed 7')
    const gen = createNaturalGenerator({ worldSeed: seed, registry, natural }) as (cx: number, cz: number) => { getBlockStateId(p: Vec3): number }
    const c = clay[0]!
    const chunk = gen(c.x >> 4, c.z >> 4)
    const name = (registry.blocksByStateId[chunk.getBlockStateId(new Vec3(c.x & 15, c.y, c.z & 15))] as { name: string }).name
    assert.equal(name, 'clay')
  })
})

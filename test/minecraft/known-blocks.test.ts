/**
 * The exposure index of senses/known-blocks.ts on real prismarine-chunk 1.16 columns: the rule's
 * edges, and incremental block updates always agreeing with a fresh build (property test).
 * The end-to-end behaviour on a live world is in fair-play.test.ts.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import fc from 'fast-check'
import { ExposureIndex, blockTables, type WorldLike } from '../../src/minecraft/body/senses/known-blocks.js'

const require = createRequire(import.meta.url)
const registry = require('prismarine-registry')('1.16.5') as { blocksByName: Record<string, { defaultState: number }>; blocksArray: Parameters<typeof blockTables>[0]['blocksArray'] }
const Chunk = require('prismarine-chunk')(registry) as new () => { setBlockStateId(p: { x: number; y: number; z: number }, s: number): void; getBlockStateId(p: { x: number; y: number; z: number }): number }
const state = (name: string) => registry.blocksByName[name]!.defaultState
const tables = blockTables(registry)

/** A small world of real chunk columns: stone up to y 20 in every loaded column. */
function makeWorld(loaded: Array<[number, number]>) {
  const cols = new Map<string, InstanceType<typeof Chunk>>()
  for (const [cx, cz] of loaded) {
    const c = new Chunk()
    for (let x = 0; x < 16; x++) for (let z = 0; z < 16; z++) for (let y = 0; y <= 20; y++) c.setBlockStateId({ x, y, z }, state('stone'))
    cols.set(`${cx},${cz}`, c)
  }
  const world: WorldLike = { getColumn: (cx, cz) => cols.get(`${cx},${cz}`) }
  const set = (x: number, y: number, z: number, name: string) => cols.get(`${x >> 4},${z >> 4}`)!.setBlockStateId({ x: x & 15, y, z: z & 15 }, state(name))
  return { world, set }
}

describe('exposure index (known blocks)', () => {
  test('the rule: enclosed is unknown; air, water, leaves, plants and the sky expose; unloaded neighbours do not', () => {
    const { world, set } = makeWorld([[0, 0], [1, 0]])
    const index = new ExposureIndex(world, tables)
    set(5, 10, 5, 'iron_ore')
    assert.equal(index.isKnown(5, 10, 5), false, 'ore inside stone')
    assert.equal(index.isKnown(5, 20, 5), true, 'top stone under open air')
    for (const [name, known] of [['air', true], ['cave_air', true], ['water', true], ['oak_leaves', true], ['grass', true], ['torch', true], ['glass', true], ['dirt', false], ['redstone_ore', false], ['furnace', false]] as const) {
      set(5, 11, 5, name)
      index.columnChanged(0, 0)
      assert.equal(index.isKnown(5, 10, 5), known, `ore under ${name}`)
    }
    set(5, 11, 5, 'stone')
    // x = 15 borders the loaded column (1, 0); x = 0 borders the unloaded column (-1, 0)
    set(16, 10, 5, 'air')
    index.columnChanged(1, 0)
    assert.equal(index.isKnown(15, 10, 5), true, 'exposed across a column border')
    assert.equal(index.isKnown(0, 10, 5), false, 'an unloaded neighbour counts as solid')
    assert.equal(index.isKnown(-1, 10, 5), false, 'nothing is known in an unloaded column')
    // air is never a known block
    set(5, 10, 5, 'air')
    index.columnChanged(0, 0)
    assert.equal(index.isKnown(5, 10, 5), false)
    assert.equal(index.isKnown(5, 9, 5), true, 'the floor of a pocket')
  })

  test('find: nearest first, within the radius, by name', () => {
    const { world, set } = makeWorld([[0, 0], [1, 0]])
    const index = new ExposureIndex(world, tables)
    set(2, 21, 2, 'oak_log')
    set(20, 21, 2, 'oak_log')
    set(8, 10, 8, 'oak_log') // buried
    const from = { x: 2.5, y: 22, z: 2.5 }
    const all = index.find((n) => n === 'oak_log', { radius: 64, from })
    assert.deepEqual(all.map((b) => b.position), [{ x: 2, y: 21, z: 2 }, { x: 20, y: 21, z: 2 }])
    assert.equal(all[0]!.name, 'oak_log')
    assert.equal(index.find((n) => n === 'oak_log', { radius: 10, from }).length, 1)
    assert.equal(index.find((n) => n === 'oak_log', { radius: 64, from, count: 1 }).length, 1)
  })

  test('incremental updates agree with a fresh build after any sequence of block changes', () => {
    const names = ['air', 'stone', 'iron_ore', 'water', 'oak_leaves', 'dirt']
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 15 }), fc.constantFrom(...names)), { minLength: 1, maxLength: 60 }), (changes) => {
        const { world, set } = makeWorld([[0, 0], [1, 0]])
        const live = new ExposureIndex(world, tables)
        live.column(0, 0)
        live.column(1, 0)
        for (const [x, y, z, name] of changes) {
          set(x, y, z, name)
          live.blockChanged(x, y, z)
        }
        const fresh = new ExposureIndex(world, tables)
        const all = () => true
        const key = (b: { position: { x: number; y: number; z: number }; name: string }) => `${b.name}@${b.position.x},${b.position.y},${b.position.z}`
        const a = live.find(all, { radius: 100, count: 1e6, from: { x: 16, y: 12, z: 8 } }).map(key).sort()
        const b = fresh.find(all, { radius: 100, count: 1e6, from: { x: 16, y: 12, z: 8 } }).map(key).sort()
        assert.deepEqual(a, b)
      }),
      { numRuns: 40 },
    )
  })
})

import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { GROUND_Y, POND, QUARRY, createTerrain } from '../../src/minecraft/world/terrain.js'

function chunkBlocks(seed: number, cx: number, cz: number): Map<string, string> {
  const out = new Map<string, string>()
  createTerrain(seed).fillChunk(cx, cz, (lx, y, lz, name) => out.set(`${cx * 16 + lx},${y},${cz * 16 + lz}`, name))
  return out
}

function countNear(seed: number, radiusChunks: number): Record<string, number> {
  const counts: Record<string, number> = {}
  for (let cx = -radiusChunks; cx < radiusChunks; cx++) {
    for (let cz = -radiusChunks; cz < radiusChunks; cz++) {
      for (const name of chunkBlocks(seed, cx, cz).values()) counts[name] = (counts[name] ?? 0) + 1
    }
  }
  return counts
}

describe('terrain', () => {
  test('same seed gives the same chunks; another seed changes the hills', () => {
    const a = chunkBlocks(123, 2, -3)
    const b = chunkBlocks(123, 2, -3)
    assert.deepEqual([...a.entries()], [...b.entries()])
    const c = chunkBlocks(124, 2, -3)
    assert.notDeepEqual([...a.entries()], [...c.entries()])
  })

  test('every seed has the survival basics within two chunks of spawn', () => {
    for (const seed of [0, 1, 42, 987654321, -5]) {
      const counts = countNear(seed, 2)
      for (const name of ['oak_log', 'birch_log', 'oak_leaves', 'grass_block', 'dirt', 'stone', 'coal_ore', 'iron_ore', 'sand', 'water', 'bedrock']) {
        assert.ok((counts[name] ?? 0) > 0, `seed ${seed}: no ${name} near spawn`)
      }
    }
  })

  test('spawn stands on grass at ground level; bedrock at y=0 everywhere', () => {
    const t = createTerrain(5)
    assert.deepEqual(t.spawn, { x: 0.5, y: GROUND_Y + 1, z: 0.5 })
    const col = t.column(0, 0)
    assert.equal(col.top, 'grass_block')
    assert.equal(col.surfaceY, GROUND_Y)
    const blocks = chunkBlocks(5, 0, 0)
    for (let x = 0; x < 16; x++) for (let z = 0; z < 16; z++) assert.equal(blocks.get(`${x},0,${z}`), 'bedrock')
    assert.equal(blocks.get(`0,${GROUND_Y + 1},0`), undefined, 'spawn block is air')
  })

  test('the quarry exposes iron and coal ore at its floor, a few blocks below the surface', () => {
    const blocks = new Map<string, string>()
    const t = createTerrain(77)
    for (const [cx, cz] of [[-1, -1], [-1, 0], [0, -1]] as const) {
      t.fillChunk(cx, cz, (lx, y, lz, name) => blocks.set(`${cx * 16 + lx},${y},${cz * 16 + lz}`, name))
    }
    const floorY = GROUND_Y - 3
    assert.equal(blocks.get(`${QUARRY.x},${floorY},${QUARRY.z}`), 'iron_ore')
    assert.equal(blocks.get(`${QUARRY.x},${floorY + 1},${QUARRY.z}`), undefined, 'the ore is exposed (air above)')
    const coal = [...blocks.entries()].filter(([k, v]) => {
      const [x, y, z] = k.split(',').map(Number) as [number, number, number]
      return v === 'coal_ore' && Math.hypot(x - QUARRY.x, z - QUARRY.z) <= 3.5 && y >= GROUND_Y - 4
    })
    assert.ok(coal.length >= 3, `quarry coal: ${coal.length}`)
  })

  test('the pond holds water over sand next to spawn', () => {
    const t = createTerrain(3)
    const c = t.column(POND.x, POND.z)
    assert.equal(c.top, 'sand')
    assert.ok(c.waterTop > c.surfaceY)
    assert.ok(Math.hypot(POND.x, POND.z) < 16)
  })

  test('trees near spawn are oak and birch and stand on the ground', () => {
    const t = createTerrain(11)
    const trees = t.treesNear(-12, -12, 12, 12)
    const kinds = new Set(trees.map((tr) => tr.kind))
    assert.ok(kinds.has('oak') && kinds.has('birch'))
    for (const tr of trees) assert.equal(tr.baseY, t.column(tr.x, tr.z).surfaceY + 1)
  })

  test('a seed that is not an integer is refused', () => {
    assert.throws(() => createTerrain(1.5), /seed must be an integer/)
    assert.throws(() => createTerrain(Number.NaN), /seed must be an integer/)
  })
})

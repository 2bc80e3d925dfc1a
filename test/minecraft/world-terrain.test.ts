import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { GROUND_Y, POND, QUARRY, createTerrain } from '../../src/minecraft/world/terrain.js'

function chunkBlocks(seed: number, cx: number, cz: number): Map<string, string> {
  const out = new Map<string, string>()
  createTerrain(seed).fillChunk(cx, cz, (lx, y, lz, name) => out.set(`${cx * 16 + lx},${y},${cz * 16 + lz}`, name))
  return out
}

/** Range a bot covers on foot from spawn while looking for the basics (blocks, horizontally). */
const REACH = 48
const GROUND_EXCLUDES = /(_log|_leaves|^water|^lava)$/

interface Found {
  /** Log blocks 1–3 above the ground of their column: a bot standing there can cut them. */
  logs: string[]
  /** Stone within 5 blocks below the ground. */
  stone: number
  /** Ore within 16 blocks below the ground, by name. */
  ores: Record<string, string[]>
}

/** Scans the generated chunks around spawn for what a new survival bot needs. */
function scanNearSpawn(seed: number): Found {
  const t = createTerrain(seed)
  const radius = Math.ceil(REACH / 16)
  const blocks = new Map<string, string>()
  const ground = new Map<string, number>()
  for (let cx = -radius; cx < radius; cx++) {
    for (let cz = -radius; cz < radius; cz++) {
      t.fillChunk(cx, cz, (lx, y, lz, name) => {
        const x = cx * 16 + lx
        const z = cz * 16 + lz
        blocks.set(`${x},${y},${z}`, name)
        if (!GROUND_EXCLUDES.test(name) && y > (ground.get(`${x},${z}`) ?? -1)) ground.set(`${x},${z}`, y)
      })
    }
  }
  const found: Found = { logs: [], stone: 0, ores: {} }
  for (const [key, name] of blocks) {
    const [x, y, z] = key.split(',').map(Number) as [number, number, number]
    if (Math.hypot(x - t.spawn.x, z - t.spawn.z) > REACH) continue
    const g = ground.get(`${x},${z}`)
    if (g === undefined) continue
    const above = y - g
    if (name.endsWith('_log') && above >= 1 && above <= 3) found.logs.push(key)
    else if (name === 'stone' && above <= 0 && above >= -5) found.stone++
    else if (name.endsWith('_ore') && above <= 0 && above >= -16) (found.ores[name] ??= []).push(key)
  }
  return found
}

describe('terrain', () => {
  test('same seed gives the same chunks; another seed changes the hills', () => {
    const a = chunkBlocks(123, 2, -3)
    const b = chunkBlocks(123, 2, -3)
    assert.deepEqual([...a.entries()], [...b.entries()])
    const c = chunkBlocks(124, 2, -3)
    assert.notDeepEqual([...a.entries()], [...c.entries()])
  })

  test('every seed has wood, stone, coal and iron within reach of spawn, and seeds place them differently', () => {
    const seeds = [0, 1, 42, 987654321, -5, 2024]
    const scans = seeds.map((seed) => ({ seed, ...scanNearSpawn(seed) }))
    for (const { seed, logs, stone, ores } of scans) {
      // enough for a crafting table, sticks and pickaxes; a furnace; a stone and an iron pickaxe
      assert.ok(logs.length >= 3, `seed ${seed}: ${logs.length} logs a bot can cut within ${REACH} blocks`)
      assert.ok(stone >= 11, `seed ${seed}: ${stone} stone within 5 blocks of digging`)
      assert.ok((ores.coal_ore?.length ?? 0) >= 1, `seed ${seed}: no coal ore within 16 blocks of digging`)
      assert.ok((ores.iron_ore?.length ?? 0) >= 3, `seed ${seed}: ${ores.iron_ore?.length ?? 0} iron ore within 16 blocks of digging`)
    }
    for (let i = 0; i < scans.length; i++) {
      for (let j = i + 1; j < scans.length; j++) {
        const a = scans[i]!
        const b = scans[j]!
        const same = (x: string[] = [], y: string[] = []) => x.length === y.length && ((ys) => x.every((k) => ys.has(k)))(new Set(y))
        assert.ok(!same(a.logs, b.logs), `seeds ${a.seed} and ${b.seed} put the same trees near spawn`)
        assert.ok(!same(a.ores.iron_ore, b.ores.iron_ore) || !same(a.ores.coal_ore, b.ores.coal_ore), `seeds ${a.seed} and ${b.seed} put the same ores near spawn`)
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

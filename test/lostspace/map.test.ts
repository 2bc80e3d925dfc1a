// The official map: parsing, graph helpers, elevators, zones, bad input.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadMap, parseMap, defaultMapPath, DIRECTIONS } from '../../src/lostspace/map.js'

const map = loadMap()

describe('official map', () => {
  test('sizes per layer and edges', () => {
    assert.equal(map.layerNodes(0).length, 21)
    assert.equal(map.layerNodes(1).length, 42)
    assert.equal(map.layerNodes(2).length, 47)
    assert.equal(map.edges.length, 148)
    assert.match(defaultMapPath(), /assets\/lostspace\/mapconf2\.map$/)
    assert.equal(loadMap(), map, 'cached')
  })
  test('file line "z x y" becomes [x, y, z]', () => {
    assert.ok(map.isNode([3, 0, 0])) // "0 3 0"
    assert.ok(!map.isNode([0, 3, 0]))
    assert.ok(map.isNode([0, 3, 1]))
    assert.ok(!map.isNode([3, 3, 1]))
    assert.ok(!map.isNode([1, 2]))
    assert.ok(!map.isNode('x'))
  })
  test('edges are undirected, same-layer, include diagonals; neighbours sorted', () => {
    assert.deepEqual(map.neighbors([3, 3, 0]).map((p) => p.join()), ['2,2,0', '2,4,0', '3,2,0', '3,4,0', '4,2,0', '4,4,0'])
    assert.ok(map.isAdjacent([1, 1, 1], [2, 2, 1]))
    assert.ok(map.isAdjacent([2, 2, 1], [1, 1, 1]))
    assert.ok(!map.isAdjacent([1, 3, 1], [1, 3, 0]), 'an elevator hop is not adjacency')
    for (const [a, b] of map.edges) assert.equal(a[2], b[2])
  })
  test('elevators link every layer with a node at (x,y)', () => {
    assert.deepEqual(
      map.elevators.map((e) => [e.x, e.y, e.layers.join('')]),
      [
        [3, 0, '02'],
        [5, 3, '012'],
        [3, 6, '02'],
        [1, 3, '012'],
      ],
    )
    assert.deepEqual(map.elevatorTargets([1, 3, 1]).map((p) => p.join()), ['1,3,0', '1,3,2'])
    assert.deepEqual(map.elevatorTargets([3, 0, 2]).map((p) => p.join()), ['3,0,0'])
    assert.deepEqual(map.elevatorTargets([0, 0, 1]), [])
  })
  test('materials, spawns, key machines, capsule', () => {
    assert.equal(map.materials.length, 12)
    assert.ok(map.isMaterials([6, 3, 1]) && map.isMaterials([4, 4, 2]) && !map.isMaterials([0, 0, 1]))
    assert.deepEqual(map.spawns.map((p) => p.join()), ['0,0,1', '6,0,1', '6,6,1', '0,6,1'])
    assert.equal(map.keyMachineAt([6, 6, 2]), 2)
    assert.equal(map.keyMachineAt([0, 6, 1]), 3)
    assert.equal(map.keyMachineAt([3, 3, 0]), undefined)
    assert.ok(map.isCapsule([3, 3, 0]))
  })
  test('zones: a node fails after its round', () => {
    assert.equal(map.zoneRoundOf([3, 2, 1]), 40)
    assert.equal(map.zoneRoundOf([0, 0, 1]), undefined)
    assert.equal(map.isFailed([3, 2, 1], 40), false)
    assert.equal(map.isFailed([3, 2, 1], 41), true)
  })
  test('shortestPath uses edges and elevator hops and can avoid failed zones', () => {
    const p = map.shortestPath([0, 0, 1], [3, 3, 0])!
    assert.equal(p.length - 1, 7)
    assert.deepEqual(p[0], [0, 0, 1])
    assert.deepEqual(p.at(-1), [3, 3, 0])
    for (let i = 1; i < p.length; i++) {
      const a = p[i - 1]!
      const b = p[i]!
      assert.ok(map.isAdjacent(a, b) || map.elevatorTargets(a).some((q) => q.join() === b.join()))
    }
    assert.equal(map.distance([0, 0, 1], [0, 0, 1]), 0)
    assert.equal(map.shortestPath([0, 0, 1], [9, 9, 9]), null)
    assert.equal(map.shortestPath([0, 0, 1], [3, 2, 1], { round: 41 }), null, 'target inside a failed zone')
    assert.equal(map.distance([0, 0, 1], [3, 3, 0], { elevators: false }), Infinity)
  })
  test('directions are the 8 of the facts, in order', () => {
    assert.deepEqual(DIRECTIONS.map((d) => d.join()), ['0,1,0', '0,-1,0', '1,0,0', '-1,0,0', '1,-1,0', '-1,1,0', '1,1,0', '-1,-1,0'])
  })
})

describe('bad map input', () => {
  test('clear errors with line numbers', () => {
    assert.throws(() => parseMap(''), /no \[Node\]/)
    assert.throws(() => parseMap('[Node]\n0 1'), /line 2: expected "z x y"/)
    assert.throws(() => parseMap('[Nodes]\n'), /unknown section/)
    assert.throws(() => parseMap('0 1 2'), /section header/)
    assert.throws(() => parseMap('[Node]\n0 1 2\n[Edge]\n0 1 2 - 0 5 5'), /not a node/)
  })
  test('loadMap reports unreadable and malformed files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-map-'))
    try {
      assert.throws(() => loadMap(join(dir, 'missing.map')), /cannot read LostSpace map/)
      const bad = join(dir, 'bad.map')
      writeFileSync(bad, '[Node]\nzz\n')
      assert.throws(() => loadMap(bad), /bad LostSpace map .*line 2/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

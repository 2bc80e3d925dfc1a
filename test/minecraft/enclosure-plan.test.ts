/**
 * The decision of how a bot seals itself in where it is (no pit): on small grids of cells, as a bot
 * would see them in a cave passage, at the bottom of a hole that opened into a cave, or in the open.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { enclosingCells, planEnclosure, type Cell, type CellKind, type CellView } from '../../src/minecraft/body/skills/enclosure-plan.js'
import { openToSkyNear } from '../../src/minecraft/body/skills/shelter.js'

const key = (p: Cell) => `${p.x},${p.y},${p.z}`

/** A grid: solid below y = 0 and everywhere not listed; `open`, `water`, `lava`, `unknown` cells listed. */
function grid(cells: Partial<Record<Exclude<CellKind, 'solid'>, Cell[]>>, opts: { digSeconds?: number; yields?: boolean; defaultKind?: CellKind } = {}): CellView {
  const kinds = new Map<string, CellKind>()
  for (const [k, list] of Object.entries(cells) as Array<[CellKind, Cell[]]>) for (const c of list) kinds.set(key(c), k)
  return {
    kind: (c) => kinds.get(key(c)) ?? opts.defaultKind ?? 'solid',
    digSeconds: () => opts.digSeconds ?? 0.75,
    yieldsBlock: () => opts.yields ?? true,
  }
}

const column = (x: number, z: number, y0: number, y1: number): Cell[] => Array.from({ length: y1 - y0 + 1 }, (_, i) => ({ x, y: y0 + i, z }))
const feet = { x: 0, y: 0, z: 0 }

describe('planEnclosure', () => {
  test('a bot in a 1-wide cave passage running east–west with blocks: fills the four open cells in place', () => {
    // the passage: x from -3 to 3, two high
    const open = [-3, -2, -1, 0, 1, 2, 3].flatMap((x) => column(x, 0, 0, 1))
    const p = planEnclosure(grid({ open }), feet, { blocks: 8 })
    assert.ok(!('reason' in p), JSON.stringify(p))
    assert.equal(p.way, 'in place')
    assert.deepEqual(p.dig, [])
    assert.equal(p.place.length, 4)
    const placed = new Set(p.place.map((x) => key(x.cell)))
    for (const c of [{ x: 1, y: 0, z: 0 }, { x: -1, y: 0, z: 0 }, { x: 1, y: 1, z: 0 }, { x: -1, y: 1, z: 0 }]) assert.ok(placed.has(key(c)), key(c))
    // each block goes against something solid or placed before it, never against the bot's own cells
    const solidNow = new Set<string>()
    for (const { cell, against } of p.place) {
      assert.ok(!(against.x === 0 && against.z === 0 && (against.y === 0 || against.y === 1)), `against the bot at ${key(against)}`)
      assert.ok(solidNow.has(key(against)) || !open.some((o) => key(o) === key(against)), `${key(cell)} against ${key(against)}`)
      assert.equal(Math.abs(cell.x - against.x) + Math.abs(cell.y - against.y) + Math.abs(cell.z - against.z), 1)
      solidNow.add(key(cell))
    }
    assert.ok(['1,0', '-1,0'].includes(`${p.exit.dx},${p.exit.dz}`), 'the way out is along the passage')
  })

  test('the same passage without blocks: digs two cells into a side wall and closes the entrance with what it dug', () => {
    const open = [-3, -2, -1, 0, 1, 2, 3].flatMap((x) => column(x, 0, 0, 1))
    const p = planEnclosure(grid({ open }), feet, { blocks: 0 })
    assert.ok(!('reason' in p), JSON.stringify(p))
    assert.equal(p.way, 'into the wall')
    assert.equal(p.stand.x, 0)
    assert.equal(Math.abs(p.stand.z), 1)
    assert.deepEqual(p.dig.map(key), [key(p.stand), key({ ...p.stand, y: 1 })])
    assert.deepEqual(p.place.map((x) => key(x.cell)), ['0,0,0', '0,1,0'])
    assert.deepEqual(p.place[0]!.against, { x: 0, y: -1, z: 0 })
    assert.deepEqual(p.exit, { dx: 0, dz: -p.stand.z || 0 })
  })

  test('no blocks and walls that give none (stone without a pickaxe): no way, and it says why', () => {
    const open = [-3, -2, -1, 0, 1, 2, 3].flatMap((x) => column(x, 0, 0, 1))
    const p = planEnclosure(grid({ open }, { yields: false }), feet, { blocks: 1 })
    assert.ok('reason' in p)
    assert.match(p.reason, /in place: 4 open sides, 1 block carried/)
    assert.match(p.reason, /nothing to close the entrance with/)
  })

  test('walls too slow to dig are not dug into', () => {
    const open = [-1, 0, 1].flatMap((x) => column(x, 0, 0, 1))
    const p = planEnclosure(grid({ open }, { digSeconds: 7.5 }), feet, { blocks: 0 })
    assert.ok('reason' in p)
    assert.match(p.reason, /too slow to dig/)
  })

  test('down a hole that opened into a cave: the shaft above and the cave side are filled', () => {
    // the shaft: x=0,z=0 from y=0 up to 3 (open sky beyond); the cave: east of the feet, two high
    const open = [...column(0, 0, 0, 5), ...column(1, 0, 0, 1), ...column(2, 0, 0, 1)]
    const p = planEnclosure(grid({ open }), feet, { blocks: 3 })
    assert.ok(!('reason' in p), JSON.stringify(p))
    assert.equal(p.way, 'in place')
    assert.deepEqual(new Set(p.place.map((x) => key(x.cell))), new Set(['1,0,0', '1,1,0', '0,2,0']))
    const roof = p.place.find((x) => key(x.cell) === '0,2,0')!
    assert.notEqual(key(roof.against), '0,3,0', 'not against the open shaft')
  })

  test('under the open sky on flat ground: nothing to place a roof against', () => {
    const open = [-2, -1, 0, 1, 2].flatMap((x) => [-2, -1, 0, 1, 2].flatMap((z) => column(x, z, 0, 6)))
    const p = planEnclosure(grid({ open }, { digSeconds: 99 }), feet, { blocks: 64 })
    assert.ok('reason' in p)
    assert.match(p.reason, /nothing to place a block against/)
  })

  test('lava or water beside the spot rules it out', () => {
    const open = [...column(0, 0, 0, 1), ...column(-1, 0, 0, 1)]
    const lava = planEnclosure(grid({ open, lava: [{ x: 1, y: 0, z: 0 }] }, { digSeconds: 99 }), feet, { blocks: 9 })
    assert.ok('reason' in lava)
    assert.match(lava.reason, /in place: lava beside the spot/)
    const water = planEnclosure(grid({ open, water: [{ x: 1, y: 1, z: 0 }] }, { digSeconds: 99 }), feet, { blocks: 9 })
    assert.ok('reason' in water)
    assert.match(water.reason, /water beside the spot/)
  })

  test('a wall with an opening behind it (known) is not dug into; unknown cells behind it are taken for solid', () => {
    const open = [-3, -2, -1, 0, 1, 2, 3].flatMap((x) => column(x, 0, 0, 1))
    // the north wall is one block thick: another passage behind it at z = -2
    const behindNorth = [-1, 0, 1].flatMap((x) => column(x, -2, 0, 1))
    const p = planEnclosure(grid({ open: [...open, ...behindNorth] }), feet, { blocks: 0 })
    assert.ok(!('reason' in p))
    assert.deepEqual(p.stand, { x: 0, y: 0, z: 1 }, 'the south wall')
    // the south side unknown beyond the wall: still a candidate
    const unknown = [-1, 0, 1].flatMap((x) => column(x, 2, 0, 1))
    const q = planEnclosure(grid({ open: [...open, ...behindNorth], unknown }), feet, { blocks: 0 })
    assert.ok(!('reason' in q))
    assert.deepEqual(q.stand, { x: 0, y: 0, z: 1 })
  })

  test('already closed in: nothing to place', () => {
    const p = planEnclosure(grid({ open: column(0, 0, 0, 1) }), feet, { blocks: 0 })
    assert.ok(!('reason' in p))
    assert.equal(p.way, 'in place')
    assert.equal(p.place.length, 0)
  })

  test('no floor under the feet (standing on a ladder, in the air): no way', () => {
    const p = planEnclosure(grid({ open: column(0, 0, -1, 1) }, { digSeconds: 99 }), feet, { blocks: 9 })
    assert.ok('reason' in p)
    assert.match(p.reason, /no solid floor/)
  })

  test('enclosingCells: four beside the feet, four beside the head, one above', () => {
    const cells = enclosingCells({ x: 5, y: 10, z: -3 }).map(key)
    assert.equal(cells.length, 9)
    assert.equal(new Set(cells).size, 9)
    assert.ok(cells.includes('5,12,-3'))
    assert.ok(cells.includes('6,10,-3') && cells.includes('5,11,-4'))
  })
})

describe('planEnclosure with cells near the bot to walk to', () => {
  test('at a cave corner over a drop, nothing to place against here: a cell one step along the passage is chosen', () => {
    // passage along x (z = 0) from x = -4 to 0; at the bot's east a drop (x = 1, down to y = -3)
    const passage = [-4, -3, -2, -1, 0].flatMap((x) => column(x, 0, 0, 1))
    const drop = [...column(1, 0, -3, 3), ...column(2, 0, -3, 3), ...column(1, 1, -3, 3), ...column(1, -1, -3, 3)]
    const view = grid({ open: [...passage, ...drop] }, { digSeconds: 99 })
    const here = planEnclosure(view, feet, { blocks: 8 })
    assert.ok('reason' in here, JSON.stringify(here))
    assert.match(here.reason, /nothing to place a block against/)
    const stands = [-4, -3, -2, -1].map((x) => ({ x, y: 0, z: 0 }))
    const p = planEnclosure(view, feet, { blocks: 8, stands })
    assert.ok(!('reason' in p), JSON.stringify(p))
    assert.equal(p.way, 'in place')
    assert.deepEqual(p.from, { x: -1, y: 0, z: 0 }, 'the nearest cell that works')
    assert.deepEqual(p.stand, p.from)
    assert.equal(p.place.length, 4)
  })
})

describe('openToSkyNear (the night reflex under cover)', () => {
  /** A fake bot in a world of stone up to y = 10 with `open` cells carved out (air above y = 10). */
  function botIn(open: Cell[], at: Cell) {
    const carved = new Set(open.map(key))
    const block = (name: string) => ({ name, boundingBox: name === 'air' ? 'empty' : 'block' })
    return {
      entity: { position: new Vec3(at.x + 0.5, at.y, at.z + 0.5) },
      blockAt: (p: Cell) => (p.y > 40 ? null : p.y > 10 || carved.has(key(p)) ? block('air') : block('stone')),
    } as never
  }
  // a passage at y 5–6 under 4 blocks of rock, from x = 0 to x = 4
  const passage = [0, 1, 2, 3, 4].flatMap((x) => column(x, 0, 5, 6))

  test('a cave passage that opens to the sky 4 blocks away: near the sky', () => {
    const mouth = column(4, 0, 7, 10) // a shaft up to the surface at its end
    assert.equal(openToSkyNear(botIn([...passage, ...mouth], { x: 0, y: 5, z: 0 })), true)
  })

  test('the same passage closed: deep enough to carry on', () => {
    assert.equal(openToSkyNear(botIn(passage, { x: 0, y: 5, z: 0 })), false)
  })

  test('a mouth farther than the reach does not count', () => {
    const long = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((x) => column(x, 0, 5, 6))
    assert.equal(openToSkyNear(botIn([...long, ...column(10, 0, 7, 10)], { x: 0, y: 5, z: 0 })), false)
  })
})

/** Which known block `collect` mines first (pure ranking; the skill itself runs in the world tests). */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { WET_COST, targetCost } from '../../src/minecraft/body/skills/collect.js'
import { LEAF_FROM_GROUND, leafClimbCost, leafHeights } from '../../src/minecraft/body/skills/leaf-climb.js'
import { dropRestsAt, dropWithinReach } from '../../src/minecraft/body/skills/drop-reach.js'
import type { Position } from '../../src/minecraft/body/types.js'

test('a dry block is mined before a nearer one under water, up to WET_COST blocks further', () => {
  const underWater = targetCost(3, 0, true)
  assert.ok(targetCost(40, 0, false) < underWater, 'dry at 40 before wet at 3')
  assert.ok(targetCost(3 + WET_COST + 1, 0, false) > underWater, 'but not walking further than WET_COST for it')
})

test('blocks below the feet cost 3 per block; above the feet nothing extra', () => {
  assert.equal(targetCost(5, 2, false), 11)
  assert.equal(targetCost(5, -4, false), 5)
  assert.equal(targetCost(5, 2, true), 11 + WET_COST)
})

test('a leaf high in a crown ranks after the low leaves of a tree 20 blocks away (seed 6: climbs of 8–43 s each)', () => {
  const feet = { x: 0, y: 65, z: 0 }
  // beside the bot: an oak's crown from 3 to 7 over its feet; 20 blocks off: another's lowest leaf
  const leaves = [{ x: 2, y: 72, z: 0 }, { x: 2, y: 68, z: 0 }, { x: 20, y: 66, z: 0 }]
  const [high, low, far] = leafHeights(leaves, feet)
  const cost = (distance: number, height: number) => targetCost(distance, 0, false) + leafClimbCost(height)
  assert.ok(cost(20, far!) < cost(7, high!), `the far tree's low leaf (${cost(20, far!)}) before the near top (${cost(7, high!)})`)
  assert.ok(cost(3, low!) < cost(20, far!), 'a low leaf beside the bot first of all')
  assert.equal(leafClimbCost(LEAF_FROM_GROUND), 0, 'reachable from the ground: nothing extra')
})

test('from a hill, a far tree is measured from its own crown, not from the feet (seed 6: 28–71 s walks to a top leaf)', () => {
  const feet = { x: 49, y: 74, z: -239 }
  // the tree the bench walked to first: leaves from y 67 up to its top at 74, 60 blocks away and 10 below the hill
  const crown = [67, 68, 69, 70, 71, 72, 73, 74].map((y) => ({ x: -1, y, z: -290 }))
  const h = leafHeights(crown, feet)
  assert.ok(leafClimbCost(h[7]!) > leafClimbCost(h[0]!), `the top (${h[7]}) costs more than the bottom (${h[0]})`)
  assert.equal(leafClimbCost(h[0]!), 0, 'its lowest leaf: nothing extra')
})

/** Cells the bot could stand in, as "x,y,z"; every other cell is solid. */
const openOf = (cells: string[]) => {
  const set = new Set(cells)
  return (p: Position) => set.has(`${p.x},${p.y},${p.z}`)
}

test('the seed-6 pit: a stone dug two deep into a wall under a sand roof drops where the bot cannot get; the first one deep does not', () => {
  // the bot stands in a 1×2 pit (x −22, z −299 and −298, feet at y 59) under open sky; sand walls above y 59
  const pit = ['-22,59,-299', '-22,60,-299', '-22,61,-299', '-22,62,-299', '-22,59,-298', '-22,60,-298', '-22,61,-298', '-22,62,-298']
  assert.equal(dropWithinReach({ x: -22, y: 59, z: -300 }, openOf(pit)), true, 'beside the pit')
  assert.equal(dropWithinReach({ x: -21, y: 59, z: -300 }, openOf(pit)), true, 'diagonal to the pit')
  // (−22, 59, −300) already dug: a 1-high pocket; the stone behind it is two deep
  assert.equal(dropWithinReach({ x: -22, y: 59, z: -301 }, openOf([...pit, '-22,59,-300'])), false, 'two deep in a 1-high pocket')
  // the same stone with the pocket's roof open (a 2-high tunnel) is reachable
  assert.equal(dropWithinReach({ x: -22, y: 59, z: -301 }, openOf([...pit, '-22,59,-300', '-22,60,-300'])), true, 'two deep in a 2-high tunnel')
  // the floor under the pocket: its drop rests in a cell with the pocket above it, where the bot fits
  assert.equal(dropWithinReach({ x: -22, y: 58, z: -300 }, openOf([...pit, '-22,59,-300'])), true, 'the floor under the pocket')
})

test('a drop falls through open cells to the first solid one', () => {
  const shaft = openOf(['0,63,0', '0,62,0', '0,61,0'])
  assert.deepEqual(dropRestsAt({ x: 0, y: 64, z: 0 }, shaft), { x: 0, y: 61, z: 0 })
  assert.equal(dropWithinReach({ x: 0, y: 64, z: 0 }, shaft), true, 'a drop that fell has the open cells above it')
  assert.equal(dropWithinReach({ x: 5, y: 64, z: 5 }, openOf([])), false, 'a block inside solid rock: nowhere to stand')
  assert.equal(dropWithinReach({ x: 5, y: 64, z: 5 }, openOf(['5,65,5'])), true, 'a block in the floor: the bot steps into its cell')
  assert.equal(dropWithinReach({ x: 5, y: 64, z: 5 }, openOf(['6,63,5', '6,64,5'])), true, 'a wall block beside a cell the bot stands in')
  assert.equal(dropWithinReach({ x: 5, y: 64, z: 5 }, openOf(['6,64,5', '6,65,5'])), true, 'a wall block beside the bot\'s head')
})

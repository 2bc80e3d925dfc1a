/** Which known block `collect` mines first (pure ranking; the skill itself runs in the world tests). */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { WET_COST, targetCost } from '../../src/minecraft/body/skills/collect.js'
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

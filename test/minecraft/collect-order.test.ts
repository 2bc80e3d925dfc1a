/** Which known block `collect` mines first (pure ranking; the skill itself runs in the world tests). */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { WET_COST, targetCost } from '../../src/minecraft/body/skills/collect.js'

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

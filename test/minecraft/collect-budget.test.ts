/**
 * The collect skill's time budget for drops that come only now and then from leaves (session 32,
 * bench task oak_sapling: a sapling is 1 in 20 leaves, and the budget was that of one block, 80 s,
 * so every call timed out after a handful of leaves and the planner sent the bot elsewhere).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { collect } from '../../src/minecraft/body/skills/collect.js'
import { LEAF_ODDS } from '../../src/minecraft/leaf-drops.js'

const budgetSec = (name: string, count: number) => collect.timeoutFor!({ skill: 'collect', items: [{ name, count }] }) / 1000

test('a sapling gets the time of the leaves that 9 calls in 10 need (45 at 1 in 20), a block that always drops its item does not', () => {
  const leaves = Math.ceil(Math.log(0.1) / Math.log(1 - LEAF_ODDS.sapling))
  assert.equal(leaves, 45)
  // a leaf takes seconds to reach and break; 5 s each is below anything the bench logs show
  assert.ok(budgetSec('minecraft:oak_sapling', 1) >= leaves * 5, String(budgetSec('minecraft:oak_sapling', 1)))
  assert.ok(budgetSec('minecraft:birch_sapling', 2) > budgetSec('minecraft:birch_sapling', 1))
  // apples (1 in 200): as long as a collect may last
  assert.equal(budgetSec('minecraft:apple', 1), 1200)
  // blocks that drop their item every time keep 20 s an item
  assert.equal(budgetSec('log', 2), 100)
  assert.equal(budgetSec('minecraft:sand', 4), 140)
})

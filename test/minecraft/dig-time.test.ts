/**
 * Which digs mineBlockAt does not start (skills/dig.ts `tooSlowToDig`), on the dig times
 * prismarine-block computes from minecraft-data 1.16.5 (the times mineflayer waits for).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import minecraftData from 'minecraft-data'
import prismarineBlock from 'prismarine-block'
import { tooSlowToDig } from '../../src/minecraft/body/skills/dig.js'

const registry = minecraftData('1.16.5')
const Block = prismarineBlock('1.16.5' as never) as unknown as { fromStateId(id: number, biome: number): { digTime(tool: number | null, creative: boolean, inWater: boolean, notOnGround: boolean, ench: unknown[], effects: object): number } }
const time = (block: string, tool: string | null, inWater: boolean, notOnGround: boolean) =>
  Block.fromStateId(registry.blocksByName[block]!.defaultState!, 0).digTime(tool ? registry.itemsByName[tool]!.id : null, false, inWater, notOnGround, [], {})
const refused = (block: string, tool: string | null, inWater: boolean, notOnGround: boolean) => tooSlowToDig(time(block, tool, inWater, notOnGround), time(block, tool, false, false))

test('a log by hand while swimming (75 s) is not started; on the ground it is', () => {
  assert.equal(time('oak_log', null, true, true), 75_000)
  assert.equal(refused('oak_log', null, true, true), true)
  assert.equal(refused('oak_log', null, false, false), false)
})

test('iron ore with a stone pickaxe: dug standing in water on the ground (5×, 5.6 s), not while swimming', () => {
  assert.equal(refused('iron_ore', 'stone_pickaxe', true, false), false)
  assert.equal(refused('iron_ore', 'stone_pickaxe', true, true), true)
})

test('slow on dry ground is not refused: obsidian with a diamond pickaxe, stone by hand', () => {
  assert.ok(time('obsidian', 'diamond_pickaxe', false, false) > 8000)
  assert.equal(refused('obsidian', 'diamond_pickaxe', false, false), false)
  assert.equal(refused('stone', null, false, false), false)
})

test('a quick dig is started even when slowed: dirt by hand standing in water (3.75 s), but not while swimming (18.75 s)', () => {
  assert.equal(time('dirt', null, true, false), 3750)
  assert.equal(refused('dirt', null, true, false), false)
  assert.equal(refused('dirt', null, true, true), true)
})

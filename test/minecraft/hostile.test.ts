/** Monsters come from minecraft-data's category (src/minecraft/hostile.ts), per version; one truth for the planner, hunt, shelter and strike-back. */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { isHostileMob, pluralMob } from '../../src/minecraft/hostile.js'

const require = createRequire(import.meta.url)
const mcData = require('minecraft-data') as (v: string) => { entitiesByName: Record<string, { category?: string }> }

test('hostile mobs are read from minecraft-data of the version', () => {
  for (const v of ['1.16.5', '1.20.4', '1.21.4']) {
    const md = mcData(v)
    for (const m of ['zombie', 'minecraft:skeleton', 'spider', 'creeper', 'witch', 'drowned']) assert.equal(isHostileMob(md, m), true, `${v} ${m}`)
    for (const m of ['cow', 'minecraft:sheep', 'chicken', 'player', 'no_such_mob']) assert.equal(isHostileMob(md, m), false, `${v} ${m}`)
  }
  assert.equal(isHostileMob(mcData('1.16.5'), 'warden'), false, 'no warden before 1.19')
  assert.equal(isHostileMob(mcData('1.20.4'), 'warden'), true)
})

test('mob names in the plural', () => {
  assert.deepEqual(['spider', 'minecraft:witch', 'creeper', 'slime'].map(pluralMob), ['spiders', 'witches', 'creepers', 'slimes'])
})

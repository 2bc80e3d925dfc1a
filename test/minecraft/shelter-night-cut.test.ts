/**
 * What the night shelter may cut short (reflexes/shelter.ts `nightMayCut`): a craft under way is let
 * finish (a diamond run lost 405 s when the shelter cut its last craft 1 s in), a reflex's hold is never
 * cut, and anything else is. The reflex itself in a real world: survive-night and night-hunt-shelter.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { CRAFT_GRACE_MS, armingCall, nightMayCut } from '../../src/minecraft/body/reflexes/shelter.js'
import type { SkillCall } from '../../src/minecraft/body/types.js'

const craft: SkillCall = { skill: 'craft', items: [{ name: 'minecraft:diamond_pickaxe', count: 1 }] }
const collect: SkillCall = { skill: 'collect', items: [{ name: 'minecraft:log', count: 1 }] }

test('the night shelter lets a craft under way finish, up to its grace', () => {
  const now = 1_000_000
  assert.equal(nightMayCut({ call: craft, held: false, startedAt: now - 1000 }, now), false, 'a craft 1 s in is let finish')
  assert.equal(nightMayCut({ call: craft, held: false, startedAt: now - CRAFT_GRACE_MS - 1 }, now), true, 'a craft past its grace is cut')
})

test('the night shelter never cuts a reflex hold, and cuts other work and idleness', () => {
  const now = 1_000_000
  assert.equal(nightMayCut({ call: { skill: 'attack', target: 'minecraft:zombie' }, held: true, startedAt: now }, now), false)
  assert.equal(nightMayCut({ call: collect, held: false, startedAt: now - 1000 }, now), true)
  assert.equal(nightMayCut(null, now), true)
})

test('the calls on the way to a sword, which the night lets an unarmed bot out hunting run: wood, cobblestone, crafts', () => {
  assert.equal(armingCall({ skill: 'collect', items: [{ name: 'log', count: 2 }] }), true)
  assert.equal(armingCall({ skill: 'collect', items: [{ name: 'minecraft:birch_log', count: 3 }] }), true)
  assert.equal(armingCall({ skill: 'collect', items: [{ name: 'minecraft:cobblestone', count: 2 }] }), true)
  assert.equal(armingCall(craft), true)
  assert.equal(armingCall({ skill: 'collect', items: [{ name: 'minecraft:iron_ore', count: 1 }] }), false, 'no ore at night')
  assert.equal(armingCall({ skill: 'collect', items: [] }), false)
  assert.equal(armingCall({ skill: 'hunt', entity: 'spider', item: 'string', count: 1 }), false, 'an unarmed hunt still waits for dawn')
  assert.equal(armingCall({ skill: 'moveToXZ', x: 0, z: 0 }), false)
})

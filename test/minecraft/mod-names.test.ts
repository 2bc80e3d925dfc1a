/**
 * Block and item renames across the supported versions, read from minecraft-data
 * (version-facts.ts `renamedNames`), and the LynxMind mod dialect's names (mod-names.ts): the
 * mod is built for 1.20.4, so a body of another version is named to the agent as 1.20.4 names
 * it, and the agent's names are mapped back. The real-WebSocket check is in minds-remote.test.ts.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import minecraftData from 'minecraft-data'
import { namesAcrossVersions, renamedNames, versionFacts } from '../../src/minecraft/version-facts.js'
import { SUPPORTED_MC_VERSIONS } from '../../src/minecraft/versions.js'
import { modDialectNames } from '../../src/minecraft/minds/mod-names.js'
import type { AiEvent, ModEvent } from '../../src/protocols/lynxmind.js'

const known = (v: string, n: string) => {
  const r = minecraftData(v)!
  return Boolean(r.blocksByName[n] || r.itemsByName[n])
}

test('every derived rename is a name one version has and the other lacks, and the way back is its inverse', () => {
  for (const from of SUPPORTED_MC_VERSIONS) {
    for (const to of SUPPORTED_MC_VERSIONS) {
      if (from === to) continue
      const m = renamedNames(from, to)
      for (const [old, now] of m) {
        assert.ok(known(from, old) && !known(to, old), `${old}: in ${from}, not in ${to}`)
        assert.ok(known(to, now) && !known(from, now), `${now}: in ${to}, not in ${from}`)
        assert.equal(renamedNames(to, from).get(now), old, `${to} → ${from}: ${now}`)
      }
    }
  }
})

test('the renames between the supported versions: grass and grass_path by 1.20.4, scute by 1.21.4', () => {
  assert.deepEqual(Object.fromEntries(renamedNames('1.16.5', '1.20.4')), { grass: 'short_grass', grass_path: 'dirt_path' })
  assert.deepEqual(Object.fromEntries(renamedNames('1.20.4', '1.21.4')), { scute: 'turtle_scute' })
  assert.deepEqual(Object.fromEntries(renamedNames('1.16.5', '1.21.4')), { grass: 'short_grass', grass_path: 'dirt_path', scute: 'turtle_scute' })
  assert.deepEqual(namesAcrossVersions('dirt_path').sort(), ['dirt_path', 'grass_path'])
  assert.equal(versionFacts('1.16.5').name('short_grass'), 'grass')
  assert.equal(versionFacts('1.21.4').name('scute'), 'turtle_scute')
})

const heartbeat = (items: string[]): ModEvent => ({
  type: 'EVENT_PLAYER_STATUS_HEARTBEAT',
  health: 20,
  maxHealth: 20,
  hunger: 20,
  maxHunger: 20,
  saturationLevel: 5,
  posX: 0,
  posY: 64,
  posZ: 0,
  yaw: 0,
  pitch: 0,
  inventory_hotbar: items.map((item_name, id) => ({ item_stack: { item_name, count: 1 }, l_slot: { slotType: 'INVENTORY_HOTBAR', id } })),
  inventory_inner: [],
  inventory_equipment: [],
  current_baritone_task: { type: 'BSTATUS_MINING', mining_block_name: 'minecraft:grass' },
})

test('mod dialect, 1.16.5 body: what goes out is named as 1.20.4, what comes in as 1.16.5, prefixed or not', () => {
  const n = modDialectNames('1.16.5')
  const out = n.toAgent(heartbeat(['minecraft:grass', 'grass_path', 'minecraft:oak_log']))
  assert.ok(out.type === 'EVENT_PLAYER_STATUS_HEARTBEAT')
  assert.deepEqual(out.inventory_hotbar.map((s) => s.item_stack.item_name), ['minecraft:short_grass', 'dirt_path', 'minecraft:oak_log'])
  assert.deepEqual(out.current_baritone_task, { type: 'BSTATUS_MINING', mining_block_name: 'minecraft:short_grass' })
  assert.deepEqual(n.toAgent({ type: 'EVENT_PLAYER_PICKUP_ITEM', name: 'minecraft:grass', count: 2 }), { type: 'EVENT_PLAYER_PICKUP_ITEM', name: 'minecraft:short_grass', count: 2 })
  const ended = n.toAgent({ type: 'EVENT_PLAYER_BARITONE_TASK_STOP', reason: 'done', linked_action: { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'grass', count: 1 }] } })
  assert.deepEqual(ended, { type: 'EVENT_PLAYER_BARITONE_TASK_STOP', reason: 'done', linked_action: { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'short_grass', count: 1 }] } })
  // the task is the player's words, as they were said
  assert.deepEqual(n.toAgent({ type: 'EVENT_PLAYER_STATUS_CREATE_TASK', task: 'collect 3 grass' }), { type: 'EVENT_PLAYER_STATUS_CREATE_TASK', task: 'collect 3 grass' })

  const control: AiEvent = {
    type: 'EVENT_AI_CONTROL',
    action: { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:short_grass', count: 1 }, { item_name: 'dirt_path', count: 1 }] },
  }
  assert.deepEqual(n.fromAgent(control), { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:grass', count: 1 }, { item_name: 'grass_path', count: 1 }] } })
  const loot: AiEvent = { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_COLLECT_ENTITY_LOOT', killingQuotas: [{ entity_id: 'minecraft:sheep', needed_item: [{ item_name: 'short_grass', count: 1 }] }] } }
  assert.deepEqual(n.fromAgent(loot), { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_COLLECT_ENTITY_LOOT', killingQuotas: [{ entity_id: 'minecraft:sheep', needed_item: [{ item_name: 'grass', count: 1 }] }] } })
  assert.deepEqual(n.fromAgent({ type: 'EVENT_AI_GET_NEARBY_BLOCK', radius: 8, target_block_id: ['minecraft:short_grass'] }), { type: 'EVENT_AI_GET_NEARBY_BLOCK', radius: 8, target_block_id: ['minecraft:grass'] })
})

test('mod dialect, 1.21.4 body: turtle_scute is the mod\'s scute; a 1.20.4 body is named as it is', () => {
  const n = modDialectNames('1.21.4')
  const out = n.toAgent(heartbeat(['minecraft:turtle_scute', 'minecraft:short_grass']))
  assert.ok(out.type === 'EVENT_PLAYER_STATUS_HEARTBEAT')
  assert.deepEqual(out.inventory_hotbar.map((s) => s.item_stack.item_name), ['minecraft:scute', 'minecraft:short_grass'])
  assert.deepEqual(n.fromAgent({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:scute', count: 1 }] } }), {
    type: 'EVENT_AI_CONTROL',
    action: { type: 'ACTION_CRAFTING', to_craft: [{ item_name: 'minecraft:turtle_scute', count: 1 }] },
  })
  const same = modDialectNames('1.20.4')
  const hb = heartbeat(['minecraft:short_grass'])
  assert.deepEqual(same.toAgent(hb), hb)
})

/**
 * Food on the natural world, with the real server and the real body: a mob the bot kills drops
 * its vanilla loot into the inventory, and a hungry bot with nothing to eat hunts an animal, cooks
 * the meat in a furnace it makes, eats, and goes back to its task (the builtin mind through the
 * LynxMind link, as `mindbridge play` runs it).
 *
 * Scenes set through the World API, and only those: a cow spawned next to the bot for the loot
 * test; for the hungry bot, its food level (setFood) and a starting kit (give: logs and
 * cobblestone, what a bot has after its first minutes) so the run stays short. The animals it
 * hunts are the world's own, placed at chunk generation.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import { LynxMindLink } from '../../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import type { Action } from '../../src/protocols/lynxmind.js'
import { isRawFood, isReadyFood } from '../../src/minecraft/food.js'
import { startWorld, type World } from './support/world.js'
import { waitFor } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })

async function bodyIn(world: World, username: string): Promise<MineflayerBody> {
  return createBody({ host: world.host, port: world.port, username, version: world.version, bus: createContextBus(), logger: quiet, reconnect: false })
}

describe('food', { timeout: 5 * 60_000 }, () => {
  test('a cow killed with the combat skill drops vanilla loot into the inventory (beef 1–3, leather 0–2)', async (t) => {
    const world = await startWorld({ seed: 22, monsters: false, animals: false })
    const body = await bodyIn(world, 'butcher')
    t.after(async () => {
      await body.close()
      await world.close()
    })
    const p = body.bot.entity.position
    const cow = world.spawnMob('cow', { x: p.x + 3, y: p.y, z: p.z })
    const seen = await waitFor('the cow in sight', () => Object.values(body.bot.entities).find((e) => e.id === cow.entityId))
    const r = await body.run({ skill: 'attack', target: String(seen.id) })
    assert.equal(r.ok, true, r.reason)
    assert.equal(world.mobs('cow').length, 0, 'the cow is dead')
    const gained = r.gained ?? {}
    t.diagnostic(`gained ${JSON.stringify(gained)}`)
    const beef = gained['minecraft:beef'] ?? 0
    const leather = gained['minecraft:leather'] ?? 0
    assert.ok(beef >= 1 && beef <= 3, `beef ${beef}`)
    assert.ok(leather >= 0 && leather <= 2, `leather ${leather}`)
    assert.deepEqual(
      Object.keys(gained).filter((k) => gained[k]! > 0).sort(),
      ['minecraft:beef', 'minecraft:leather'].filter((k) => (gained[k] ?? 0) > 0),
      'nothing but the loot',
    )
    assert.equal(body.inventoryCounts()['minecraft:beef'], beef)
  })

  test('a hungry bot with no food hunts an animal, cooks the meat in a furnace it makes, eats, and finishes its task', async (t) => {
    // seed 5: sheep, cows and chickens graze within 48 blocks of the spawn
    const world = await startWorld({ seed: 5, monsters: false })
    const bus = createContextBus()
    const body = await createBody({ host: world.host, port: world.port, username: 'hungry', version: world.version, bus, logger: quiet, reconnect: false })
    const link = new LynxMindLink({ body, mind: new BuiltinMind(), bus, logger: quiet })
    t.after(async () => {
      await link.close()
      await body.close()
      await world.close()
    })
    world.give('hungry', 'oak_log', 4)
    world.give('hungry', 'cobblestone', 8)
    world.setFood('hungry', 10)
    await waitFor('the kit and the hunger at the bot', () => body.bot.food === 10 && body.inventoryCounts()['minecraft:cobblestone'] === 8)
    assert.ok(!Object.keys(body.inventoryCounts()).some(isReadyFood) && !Object.keys(body.inventoryCounts()).some(isRawFood), 'no food carried')

    const actions: Array<{ action: Action; ok: boolean; reason: string }> = []
    link.on('action.end', (a: { action: Action; ok: boolean; reason: string }) => actions.push(a))
    // the food level rising, and the cooked meat the furnace made
    const meals: Array<{ from: number; to: number }> = []
    let food = body.bot.food
    body.bot.on('health', () => {
      if (body.bot.food > food) meals.push({ from: food, to: body.bot.food })
      food = body.bot.food
    })
    let cookedMade = 0
    body.on('skill.end', (call: { skill: string }, r: { gained?: Record<string, number> }) => {
      if (call.skill === 'smelt') for (const [k, n] of Object.entries(r.gained ?? {})) if (/cooked_/.test(k) && n > 0) cookedMade += n
    })
    const cookedHeld = () => Object.entries(body.inventoryCounts()).reduce((n, [k, c]) => n + (/cooked_/.test(k) ? c : 0), 0)
    await link.start()
    const task = link.createTask('get 4 minecraft:stick', 'test')
    const done = await link.waitTask(task.id)
    t.diagnostic(`actions: ${actions.map((a) => `${a.action.type}${'to_craft' in a.action ? `(${a.action.to_craft.map((i) => i.item_name).join(',')})` : ''}${'killingQuotas' in a.action ? `(${a.action.killingQuotas[0]!.entity_id})` : ''} ${a.ok ? 'ok' : `failed: ${a.reason}`}`).join(' → ')}`)
    t.diagnostic(`meals: ${JSON.stringify(meals)}; task: ${done.status} ${done.reason}`)
    assert.equal(done.status, 'succeeded', done.reason)
    const hunt = actions.findIndex((a) => a.action.type === 'ACTION_COLLECT_ENTITY_LOOT' && a.ok)
    assert.ok(hunt >= 0, 'a hunt')
    assert.ok(actions.slice(0, hunt).every((a) => a.action.type === 'ACTION_MOVE' || a.action.type === 'ACTION_COLLECT_ENTITY_LOOT'), 'food first: only walks looking for animals and hunts before the catch')
    const cook = actions.findIndex((a) => a.action.type === 'ACTION_CRAFTING' && a.action.to_craft.some((i) => /cooked_/.test(i.item_name)) && a.ok)
    assert.ok(cook > hunt, 'the meat is cooked after the hunt')
    const goal = actions.findIndex((a) => a.action.type === 'ACTION_CRAFTING' && a.action.to_craft.some((i) => i.item_name === 'minecraft:stick'))
    assert.ok(goal > cook, 'the task goes on after the food')
    // the eat reflex eats the cooked meat between two actions (or right after the task, idle)
    await waitFor('a cooked meal eaten', () => meals.some((m) => m.to - m.from >= 6) && cookedHeld() < cookedMade, {
      timeoutMs: 30_000,
      detail: () => JSON.stringify({ meals, cookedMade, held: cookedHeld() }),
    })
    assert.ok(body.bot.food > 10, `food ${body.bot.food} after the meal`)
  })
})

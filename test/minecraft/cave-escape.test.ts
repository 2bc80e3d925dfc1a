/**
 * The way up from a deep cave without a pickaxe (issue 26, "get unstuck"): on natural seed 5 the
 * ground at (236, 65, 107) hides a cave 17 blocks down (docs/minecraft.md, "Caves at dusk"). The bot
 * walks there itself, digs in as its night shelter does (the shelter skill, by day, not waiting for
 * the night), falls into the cave and seals itself in down there, empty-handed but for what it dug.
 * Then the builtin mind is asked for a log: the logs are on the surface, so the bot has to get back
 * up first (the surface reflex and skill, stairs dug by hand when no path leads up).
 *
 * Nothing is placed or given: the world is the seed's, daytime, monsters on; the shelter reflex is
 * off only so that it does not start on the way. The body rejoins after a kick, as `play` does.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { createBody } from '../../src/minecraft/body/index.js'
import { EMBEDDED_WORLD_RECONNECT } from '../../src/minecraft/body/connection.js'
import type { SkillCall, SkillResult } from '../../src/minecraft/body/types.js'
import { LynxMindLink } from '../../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import { startWorld } from './support/world.js'
import { within } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })

test('down a cave 17 blocks deep with no pickaxe, the bot climbs back to the surface and gets a log', { timeout: 11 * 60_000 }, async (t) => {
  const world = await startWorld({ seed: 5, startTime: 1000 })
  const body = await createBody({ host: world.host, port: world.port, username: 'caver', version: world.version, bus: createContextBus(), logger: quiet, reconnect: EMBEDDED_WORLD_RECONNECT, reflexes: { shelter: false } })
  const link = new LynxMindLink({ body, mind: new BuiltinMind(), bus: body.bus, logger: quiet })
  t.after(async () => {
    await link.close()
    await body.close()
    await world.close()
  })
  const steps: string[] = []
  const climbs: Array<{ health: number; rested: boolean }> = []
  body.on('skill.progress', (c: SkillCall, m: string) => {
    if (!/^moving to|^searching/.test(m)) steps.push(`${c.skill}: ${m}`)
    if (c.skill === 'surface' && m.startsWith('resting before the climb')) climbs.push({ health: body.bot.health, rested: true })
    if (c.skill === 'surface' && m.startsWith('climbing out') && !climbs.at(-1)?.rested) climbs.push({ health: body.bot.health, rested: false })
  })
  const deaths: string[] = []
  body.on('death', (cause: string) => void deaths.push(`died (${cause}) at y ${Math.floor(body.bot.entity.position.y)}: ${steps.slice(-3).join(' | ')}`))
  body.on('death.message', (text: string) => void deaths.push(`the server: "${text}"`))
  const ends: Array<{ call: SkillCall; result: SkillResult }> = []
  body.on('skill.end', (call: SkillCall, result: SkillResult) => ends.push({ call, result }))
  let moved: SkillResult = { ok: false, reason: 'not tried' }
  for (let i = 0; i < 3 && !moved.ok; i++) moved = await body.run({ skill: 'moveTo', x: 236, y: 65, z: 107 })
  assert.equal(moved.ok, true, moved.reason)
  const dug = await body.run({ skill: 'shelter', wait: false })
  t.diagnostic(`shelter: ${dug.reason}`)
  const fell = body.bot.entity.position.y
  assert.ok(fell < 52, `the bot is down in the cave (y ${fell.toFixed(1)}): ${dug.reason} | ${steps.join(' | ')}`)
  assert.equal(body.bot.inventory.items().some((i) => i.name.endsWith('_pickaxe')), false, 'no pickaxe')
  steps.length = 0

  const t0 = Date.now()
  await link.start()
  const task = link.createTask('get 1 log', 'test')
  const done = await within('the task to end', link.waitTask(task.id), 8 * 60_000)
  const surfaced = ends.filter((e) => e.call.skill === 'surface')
  t.diagnostic(`task ${done.status} after ${Math.round((Date.now() - t0) / 1000)} s: ${done.reason}; surface: ${surfaced.map((e) => e.result.reason).join(' | ')}; climbs (health, rested first): ${JSON.stringify(climbs)}; stairs placed: ${steps.filter((m) => m.includes('placed a stair')).length}; closed behind: ${steps.filter((m) => m.includes('closed the stairs behind')).length}; deaths: ${deaths.join(' || ') || 'none'}; last steps: ${steps.slice(-12).join(' | ')}`)
  assert.equal(done.status, 'succeeded', `${done.reason} | deaths: ${deaths.join(' || ') || 'none'} | food ${body.bot.food} | ${steps.slice(-40).join(' | ')}`)
  assert.ok(body.bot.inventory.items().some((i) => i.name.endsWith('_log')), 'a log in the inventory')
  assert.ok(surfaced.some((e) => e.result.ok), `the bot climbed out first: ${surfaced.map((e) => e.result.reason).join(' | ')}`)
  // at a few hearts (the fall leaves about 6) it lets health come back before it climbs into the cave's monsters
  assert.ok(climbs.length > 0, 'the surface skill started')
  assert.ok(climbs.every((c) => c.rested || c.health > 10), `climbs: ${JSON.stringify(climbs)}`)
})

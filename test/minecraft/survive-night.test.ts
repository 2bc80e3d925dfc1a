/**
 * The bot's night on the natural world, with the real server and the real body (reflexes on):
 * hostile mobs spawn around it and it lives to see the morning in a shelter it digs itself; the
 * senses put the seed's events (time of day, entity.*, hurt.combat, health.low, death) on its
 * ContextBus in a real run.
 *
 * Scenes set through the World API, and only those: the start time, a faster clock (daySpeed:
 * the mob rules keep the 20 Hz server tick, only the day is shorter), one zombie spawned next to
 * the bot and damage dealt by the operator API to reach low health and death.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import { HOSTILE_KINDS } from '../../src/minecraft/world/mob-rules.js'
import { NIGHT_END, isSealedIn, underOpenSky } from '../../src/minecraft/body/skills/shelter.js'
import type { SkillCall, SkillResult } from '../../src/minecraft/body/types.js'
import { LynxMindLink } from '../../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import type { Action } from '../../src/protocols/lynxmind.js'
import { startWorld, type World } from './support/world.js'
import { waitFor, within } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })

function busEvents(body: MineflayerBody): Array<{ type: string; data: string }> {
  return body.bus.getStore().flatMap((e) => (e.type === 'event' ? [{ type: e.eventType, data: e.data }] : []))
}

async function bodyIn(world: World, username: string, reflexes?: Parameters<typeof createBody>[0]['reflexes']): Promise<MineflayerBody> {
  return createBody({ host: world.host, port: world.port, username, version: world.version, bus: createContextBus(), logger: quiet, reconnect: false, ...(reflexes ? { reflexes } : {}) })
}

describe('a faster clock (daySpeed)', () => {
  test('the time of day and the age advance daySpeed × 20 ticks a second; bad values are refused', async (t) => {
    await assert.rejects(startWorld({ daySpeed: 0 }), /daySpeed must be an integer 1\.\.100/)
    await assert.rejects(startWorld({ daySpeed: 2.5 }), /daySpeed must be an integer 1\.\.100/)
    const world = await startWorld({ seed: 5, startTime: 1000, daySpeed: 10, monsters: false, animals: false })
    const body = await bodyIn(world, 'clock')
    t.after(async () => {
      await body.close()
      await world.close()
    })
    const seen: Array<{ time: number; age: number }> = []
    const onTime = () => {
      seen.push({ time: body.bot.time.timeOfDay, age: Number(body.bot.time.age) })
    }
    body.bot.on('time', onTime)
    await waitFor('three time updates', () => seen.length >= 3)
    body.bot.removeListener('time', onTime)
    for (let i = 1; i < seen.length; i++) {
      assert.equal(seen[i]!.time - seen[i - 1]!.time, 200, `time step ${JSON.stringify(seen)}`)
      assert.equal(seen[i]!.age - seen[i - 1]!.age, 200, `age step ${JSON.stringify(seen)}`)
    }
  })
})

describe('the bot at night', { timeout: 5 * 60_000 }, () => {
  test('hostile mobs appear at night and the bot survives it in a shelter it digs, then carries on with its task at dawn', async (t) => {
    // dusk, a clock 10× as fast as vanilla: the night (12,500 → 23,500) lasts 55 s instead of 9 min
    // Seed 3. On seed 5 where the bot is at dusk depends on how fast its day went (the machine's load):
    // loaded, its pit can open 17 blocks above a cave (air beside the hole at y 48). It survives that night
    // now, sealed in down there ("a pit that opens into a cave" below), but its morning task is then a
    // climb of 17 blocks without a pickaxe that it does not make (docs/minecraft.md, "Caves at dusk").
    const world = await startWorld({ seed: 3, startTime: 12000, daySpeed: 10 })
    // game time since the start, counted forward (the time of day wraps at 24,000)
    let elapsed = 0
    let prev = world.timeOfDay()
    const base = prev
    const clock = () => {
      const now = world.timeOfDay()
      elapsed += (now - prev + 24000) % 24000
      prev = now
      return base + elapsed
    }
    const body = await bodyIn(world, 'sleeper')
    const link = new LynxMindLink({ body, mind: new BuiltinMind(), bus: body.bus, logger: quiet })
    t.after(async () => {
      await link.close()
      await body.close()
      await world.close()
    })
    const actions: Array<{ action: Action; ok: boolean; reason: string; at: number }> = []
    link.on('action.end', (a: { action: Action; ok: boolean; reason: string }) => actions.push({ ...a, at: clock() }))
    await link.start()
    const task = link.createTask('get 1 log', 'test')
    const hostile = new Set<string>(HOSTILE_KINDS)
    const near = new Map<number, { kind: string; distance: number }>()
    let died = false
    body.on('death', () => (died = true))
    const shelters: Array<{ call: SkillCall; result: SkillResult; at: number }> = []
    const shelterSteps: string[] = []
    body.on('skill.progress', (call: SkillCall, m: string) => {
      if (call.skill === 'shelter' && !/^sheltering until dawn|^moving to/.test(m)) shelterSteps.push(`[${clock()}] ${m}`)
    })
    body.on('skill.end', (call: SkillCall, result: SkillResult) => {
      if (call.skill === 'shelter') shelters.push({ call, result, at: clock() })
    })
    let sealedAtMidnight = false
    const watch = setInterval(() => {
      clock()
      if (!body.ready) return
      const p = body.bot.entity.position
      for (const m of world.mobs()) {
        const d = Math.hypot(m.position.x - p.x, m.position.y - p.y, m.position.z - p.z)
        if (hostile.has(m.kind) && d <= 128) near.set(m.id, { kind: m.kind, distance: Math.min(d, near.get(m.id)?.distance ?? Infinity) })
      }
      const time = world.timeOfDay()
      if (time > 17000 && time < 20000 && isSealedIn(body.bot)) sealedAtMidnight = true
    }, 500)
    t.after(() => clearInterval(watch))

    // the whole night: until the shelter skill has ended after dawn
    await waitFor('the shelter to end after dawn', () => shelters.some((s) => s.at >= NIGHT_END), {
      timeoutMs: 150_000,
      detail: () => `time ${world.timeOfDay()}, health ${body.bot.health}, ${near.size} hostiles seen, shelters: ${shelters.map((s) => `${s.at} ${s.result.reason}`).join(' | ')}; steps: ${shelterSteps.join(' | ')}`,
    })
    const kinds = [...near.values()].reduce<Record<string, number>>((a, m) => ({ ...a, [m.kind]: (a[m.kind] ?? 0) + 1 }), {})
    t.diagnostic(`hostile mobs within 128 blocks during the night: ${near.size} ${JSON.stringify(kinds)}; closest ${Math.min(...[...near.values()].map((m) => m.distance)).toFixed(1)} blocks`)
    t.diagnostic(`shelter: ${shelters.map((s) => `[ended at ${s.at}] ${s.result.reason}`).join(' | ')}; steps: ${shelterSteps.join(' | ')}`)
    assert.ok(near.size > 0, 'hostile mobs spawned within 128 blocks of the bot during the night')
    assert.equal(died, false, 'the bot did not die')
    assert.ok(body.bot.health > 0 && world.vitals('sleeper').health > 0, 'alive at dawn')
    assert.ok(sealedAtMidnight, 'sealed in its shelter around midnight')
    const last = shelters.at(-1)!
    assert.equal(last.result.ok, true, last.result.reason)
    // out of a pit it climbs; sealed in a cave it digs its door open
    assert.match(last.result.reason, /climbed out|opened the way out/)
    assert.equal(isSealedIn(body.bot), false, 'out of the shelter in the morning')
    const ev = busEvents(body)
    const night = ev.findIndex((e) => e.type === 'time.night')
    assert.ok(night >= 0, 'time.night on the bus')
    assert.ok(ev.slice(night).some((e) => e.type === 'time.day'), 'time.day after it')
    assert.ok(ev.some((e) => e.type === 'skill.end' && e.data === 'shelter:success'), 'the shelter on the bus')
    assert.ok(!ev.some((e) => e.type === 'death'))
    // the task: cut short at dusk, not failed for it, finished in the morning
    const done = await within('the task to end', link.waitTask(task.id), 120_000)
    t.diagnostic(`task ${done.status}: ${done.reason}; actions: ${actions.map((a) => `${a.action.type}@${a.at} ${a.ok ? 'ok' : a.reason}`).join(' → ')}`)
    assert.equal(done.status, 'succeeded', done.reason)
    assert.ok(actions.some((a) => !a.ok && /interrupted by shelter/.test(a.reason) && a.at < NIGHT_END), 'the shelter cut the task short at dusk')
    assert.ok(actions.some((a) => a.ok && a.action.type === 'ACTION_COLLECT_BLOCK' && a.at >= NIGHT_END), 'logs collected in the morning')
  })

  test('a real run puts entity.spawn, hurt.combat, health.low, death and respawn on the bus; the bot strikes back at a zombie', async (t) => {
    // midnight, no natural spawning: one zombie set next to the bot; shelter off so it stays out
    const world = await startWorld({ seed: 5, startTime: 18000, monsters: false })
    const body = await bodyIn(world, 'fighter', { shelter: false })
    t.after(async () => {
      await body.close()
      await world.close()
    })
    await waitFor('time.night on the bus', () => busEvents(body).find((e) => e.type === 'time.night'))
    const p = body.bot.entity.position
    const zombie = world.spawnMob('zombie', { x: p.x + 3, y: p.y, z: p.z })
    await waitFor('entity.spawn zombie on the bus', () => busEvents(body).find((e) => e.type === 'entity.spawn' && e.data.startsWith('zombie:')))
    const hit = await waitFor('hurt.combat by the zombie on the bus', () => busEvents(body).find((e) => e.type === 'hurt.combat'), { timeoutMs: 60_000 })
    assert.match(hit.data, /^zombie:-2\.5$/)
    // self-defence: the strike-back reflex fights a hostile mob that hits the bot
    await waitFor('the bot hitting the zombie back', () => {
      const z = world.mobs('zombie').find((m) => m.id === zombie.id)
      return !z || z.health < 20
    }, { timeoutMs: 60_000 })
    // low health and death through the operator API
    const hp = world.vitals('fighter').health
    if (hp > 5) world.damage('fighter', hp - 5, 'test')
    await waitFor('health.low on the bus', () => busEvents(body).find((e) => e.type === 'health.low'))
    const respawned = new Promise<void>((resolve) => body.once('respawn', () => resolve()))
    world.damage('fighter', 20, 'test')
    await waitFor('death on the bus', () => busEvents(body).find((e) => e.type === 'death'))
    await respawned
    await waitFor('respawn on the bus', () => busEvents(body).find((e) => e.type === 'respawn'))
    const types = new Set(busEvents(body).map((e) => e.type))
    for (const ty of ['time.night', 'entity.spawn', 'hurt.combat', 'health.low', 'death', 'respawn']) assert.ok(types.has(ty), `${ty} on the bus`)
  })
})

/**
 * The nearest cave cell to the bot that the test can find in the loaded chunks (the test looks, not
 * the bot: it only walks where it is sent): free feet and head, solid floor and roof, open on at least
 * two sides, no sky above, at least 4 blocks below where the bot stands.
 */
async function nearestCaveCell(bot: MineflayerBody['bot'], radius: number): Promise<{ x: number; y: number; z: number } | null> {
  const me = bot.entity.position.floored()
  const air = (p: typeof me) => bot.blockAt(p)?.boundingBox === 'empty' && !['water', 'lava'].includes(bot.blockAt(p)!.name)
  const solid = (p: typeof me) => bot.blockAt(p)?.boundingBox === 'block'
  let best: { p: typeof me; d: number } | null = null
  for (let dx = -radius; dx <= radius; dx++) {
    // the scan shares the event loop with the bot's connection: let it breathe
    await new Promise((r) => setImmediate(r))
    for (let dz = -radius; dz <= radius; dz++)
      for (let y = me.y - 12; y <= me.y - 4; y++) {
        const p = me.offset(dx, y - me.y, dz)
        if (!air(p) || !air(p.offset(0, 1, 0)) || !solid(p.offset(0, -1, 0)) || !solid(p.offset(0, 2, 0))) continue
        const open = [[1, 0], [-1, 0], [0, 1], [0, -1]].filter(([a, b]) => air(p.offset(a!, 0, b!)) && air(p.offset(a!, 1, b!))).length
        if (open < 2) continue
        const d = Math.hypot(dx, dz) + Math.abs(y - me.y)
        if (!best || d < best.d) best = { p, d }
      }
  }
  return best ? { x: best.p.x, y: best.p.y, z: best.p.z } : null
}

describe('the shelter skill', { timeout: 3 * 60_000 }, () => {
  test('in a cave of the natural world (seed 5, under the spawn): sealed in where it stands, out again in the morning', async (t) => {
    // the bot walks down to the cave itself (pathfinder digs its way); nothing is placed or given
    const world = await startWorld({ seed: 5, startTime: 6000, monsters: false, animals: false })
    const body = await bodyIn(world, 'caver', { shelter: false })
    t.after(async () => {
      await body.close()
      await world.close()
    })
    const cave = await nearestCaveCell(body.bot, 24)
    assert.ok(cave, 'a cave under the spawn of seed 5')
    const progress: string[] = []
    body.on('skill.progress', (c: SkillCall, m: string) => c.skill === 'shelter' && progress.push(m))
    let moved: SkillResult = { ok: false, reason: 'not tried' }
    // told again when the way down gets stuck (falling sand), as a player would
    for (let i = 0; i < 3 && !moved.ok; i++) moved = await body.run({ skill: 'moveTo', x: cave.x, y: cave.y, z: cave.z })
    assert.equal(moved.ok, true, moved.reason)
    t.diagnostic(`in the cave at ${body.bot.entity.position.floored()}, ${underOpenSky(body.bot) ? 'under the shaft it came down' : 'under cover'}`)
    const sealed = await body.run({ skill: 'shelter', wait: false })
    t.diagnostic(`cave cell ${JSON.stringify(cave)}: ${sealed.reason} | ${progress.join(' | ')}`)
    assert.equal(sealed.ok, true, `${sealed.reason} | ${progress.join(' | ')}`)
    assert.match(sealed.reason, /sealed in where it stood|dug into the wall/)
    assert.equal(isSealedIn(body.bot), true, 'sealed in')
    // by day the shelter does not wait: it finds itself sealed in and opens the way it made
    const morning = await body.run({ skill: 'shelter' })
    t.diagnostic(morning.reason)
    assert.equal(morning.ok, true, morning.reason)
    assert.match(morning.reason, /already sealed in .*opened the way out/)
    assert.equal(isSealedIn(body.bot), false, 'out again')
  })

  test('a pit that opens into a cave (seed 5, at (236, 65, 107)): the bot falls in, seals itself in down there, is alive at dawn and opens its way out', async (t) => {
    // the spot where a loaded machine's night test dug in (docs/minecraft.md, "Caves at dusk"): 17 blocks
    // under it runs a cave. The bot walks there itself at dusk; the shelter skill runs as the reflex would
    // run it (the reflex is off only so that it starts here and not on the way). Monsters spawn naturally.
    const world = await startWorld({ seed: 5, startTime: 12000, daySpeed: 10 })
    const body = await bodyIn(world, 'faller', { shelter: false })
    t.after(async () => {
      await body.close()
      await world.close()
    })
    let died = false
    body.on('death', () => (died = true))
    const steps: string[] = []
    body.on('skill.progress', (c: SkillCall, m: string) => c.skill === 'shelter' && !/^sheltering until dawn|^moving to/.test(m) && steps.push(`[${world.timeOfDay()}] ${m}`))
    let moved: SkillResult = { ok: false, reason: 'not tried' }
    // told again when the walk gets stuck, as a player would
    for (let i = 0; i < 3 && !moved.ok; i++) moved = await body.run({ skill: 'moveTo', x: 236, y: 65, z: 107 })
    assert.equal(moved.ok, true, moved.reason)
    // as the reflex does: a shelter cut short by a fight (strike-back) is started again once it is over
    let r: SkillResult = { ok: false, reason: 'not tried' }
    const tries: string[] = []
    for (let i = 0; i < 5; i++) {
      r = await body.run({ skill: 'shelter' })
      tries.push(r.reason)
      if (r.ok || !/interrupted by/.test(r.reason)) break
    }
    t.diagnostic(`${tries.join(' → ')} | ${steps.join(' | ')}`)
    assert.equal(r.ok, true, `${r.reason} | ${steps.join(' | ')}`)
    assert.match(tries.join(' → '), /the ground opens up|dug into the wall|sealed in where it stood/)
    assert.match(r.reason, /dug into the wall|sealed in where it stood|already sealed in/)
    assert.match(r.reason, /sheltered from time \d+ until \d+; opened the way out/)
    assert.equal(died, false, 'alive at dawn')
    assert.ok(body.bot.entity.position.y < 60, 'it spent the night down in the cave')
  })

  test('a dig the server refuses (the block is put back) is dug again; the bot ends sealed in', async (t) => {
    const world = await startWorld({ seed: 5, startTime: 6000, monsters: false })
    const body = await bodyIn(world, 'digger', { shelter: false })
    t.after(async () => {
      await body.close()
      await world.close()
    })
    world.give('digger', 'dirt', 4)
    await waitFor('the dirt in the inventory', () => body.bot.inventory.items().some((i) => i.name === 'dirt'))
    // the server's own refusal path (flying-squid's dug_cancel): its first dig of this shelter stays put
    // (flying-squid calls these listeners itself, so a `once` listener would stay: count instead)
    type SquidPlayer = { username: string; on(ev: 'dug_cancel', fn: (data: unknown, cancel: () => void) => void): void }
    const player = (world.server as unknown as { players: SquidPlayer[] }).players.find((p) => p.username === 'digger')!
    let digs = 0
    let refused = 0
    player.on('dug_cancel', (_data, cancel) => {
      if (++digs > 1) return
      refused++
      cancel()
    })
    const progress: string[] = []
    body.on('skill.progress', (_c: SkillCall, m: string) => progress.push(m))
    const r = await body.run({ skill: 'shelter', wait: false })
    assert.equal(r.ok, true, `${r.reason} | ${progress.join(' | ')}`)
    assert.match(r.reason, /dug in at .*, sealed with dirt/)
    assert.equal(refused, 1)
    assert.ok(digs >= 4, `${digs} digs: the refused one again and three down`)
    assert.ok(progress.some((m) => /back in the hole \(the server kept it\); again/.test(m)), progress.join(' | '))
    assert.equal(isSealedIn(body.bot), true)
  })
})

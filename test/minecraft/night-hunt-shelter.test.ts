/**
 * A bot out to hunt monsters at night, armed, does not dig in: the shelter reflex stays off while a
 * hunt of a hostile mob started within the last HUNTING_MS and the bot carries a sword or an axe. The bench's fishing_rod run (2 string from
 * spiders) sheltered from dusk to the end of its 21 minutes and got no string. Embedded world
 * (staged starter profile, monsters off, so no spider comes), reflexes as in `play` (the shelter
 * on); the night is set through the world's operator API (`setTime`), and a stone sword is given
 * through it (announced here). By day a monster hunt with none in sight waits for a dusk near enough
 * and then goes out; a dusk too far is said in its reason, for the planner's clock. A bot already
 * dug in for the night lets an armed monster hunt end its shelter (first test: before any hunt, so the
 * shelter digs in at all). Out hunting and killed at night (the operator API's `damage`, announced
 * here), unarmed, the bot may go out for wood for a new sword: the arming collect ends the shelter
 * and is not cut by it (last test).
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import type { HuntResult, SkillCall, SkillResult } from '../../src/minecraft/body/types.js'
import { once, worldAndBody } from './body-support.js'
import { isWeapon } from '../../src/minecraft/melee.js'

/** Resolves when the night shelter has dug in (`dugIn`) and when it ends, with its result (`shelterEnd`). */
function watchShelter(body: MineflayerBody): { dugIn: Promise<void>; shelterEnd: Promise<SkillResult> } {
  const dugIn = new Promise<void>((resolve) => {
    const onProgress = (call: SkillCall, message: string) => {
      if (call.skill !== 'shelter' || !/^sheltering until dawn/.test(message)) return
      body.off('skill.progress', onProgress)
      resolve()
    }
    body.on('skill.progress', onProgress)
  })
  const shelterEnd = new Promise<SkillResult>((resolve) => {
    const onEnd = (call: SkillCall, result: SkillResult) => {
      if (call.skill !== 'shelter') return
      body.off('skill.end', onEnd)
      resolve(result)
    }
    body.on('skill.end', onEnd)
  })
  return { dugIn, shelterEnd }
}

describe('hunting at night keeps the bot out of its shelter (embedded world)', { timeout: 240_000 }, () => {
  let world: World
  let body: MineflayerBody
  let cleanup: (() => Promise<void>) | undefined

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Nightowl', { monsters: false, body: { reflexes: { eat: false } } }))
  })

  after(async () => {
    await cleanup?.()
  })

  test('dug in for the night, an armed spider hunt ends the shelter and searches at night (it does not wait for dawn)', async () => {
    world.give('Nightowl', 'stone_sword', 1)
    await new Promise<void>((resolve) => {
      const check = () => ((body.inventoryCounts()['minecraft:stone_sword'] ?? 0) >= 1 ? resolve() : setTimeout(check, 50))
      check()
    })
    const { dugIn, shelterEnd } = watchShelter(body)
    world.setTime(13_000)
    await dugIn
    const r = (await body.run({ skill: 'hunt', entity: 'spider', item: 'string', count: 1 }, { timeoutMs: 90_000 })) as HuntResult
    const sheltered = await shelterEnd
    assert.match(sheltered.reason, /interrupted by hunt/)
    assert.equal(r.ok, false, r.reason)
    assert.doesNotMatch(r.reason, /in daylight|interrupted by shelter/)
    assert.match(r.reason, /no minecraft:spider within 48 blocks: none around now.*searched \d+ blocks around/)
  })

  test('an armed spider hunt at night under the open sky runs its search walk to the end instead of being cut by the shelter', async () => {
    world.give('Nightowl', 'stone_sword', 1)
    await new Promise<void>((resolve) => {
      const check = () => ((body.inventoryCounts()['minecraft:stone_sword'] ?? 0) >= 1 ? resolve() : setTimeout(check, 50))
      check()
    })
    world.setTime(13_000)
    const r = (await body.run({ skill: 'hunt', entity: 'spider', item: 'string', count: 1 }, { timeoutMs: 90_000 })) as HuntResult
    assert.equal(r.ok, false, r.reason)
    assert.doesNotMatch(r.reason, /interrupted by shelter/)
    assert.match(r.reason, /no minecraft:spider within 48 blocks: none around now.*searched \d+ blocks around/)
  })

  test('by day, with the dusk 10 s away, an armed spider hunt waits for it and then searches (no "in daylight" failure, no shelter)', async () => {
    world.setTime(12_300)
    const progress: string[] = []
    const onProgress = (_call: unknown, message: string) => progress.push(message)
    body.on('skill.progress', onProgress)
    const r = (await body.run({ skill: 'hunt', entity: 'spider', item: 'string', count: 1 }, { timeoutMs: 90_000 })) as HuntResult
    body.off('skill.progress', onProgress)
    assert.ok(progress.some((m) => /^waiting for the night: spiders spawn in the dark; dusk in about \d+ s/.test(m)), progress.join(' | '))
    assert.equal(r.ok, false, r.reason)
    assert.doesNotMatch(r.reason, /in daylight|interrupted by shelter/)
    assert.match(r.reason, /none around now.*searched \d+ blocks around/)
  })

  test('by day, with the dusk farther than the hunt can wait, the hunt says when night falls', async () => {
    world.setTime(1000)
    const r = (await body.run({ skill: 'hunt', entity: 'spider', item: 'string', count: 1 }, { timeoutMs: 90_000 })) as HuntResult
    assert.equal(r.ok, false, r.reason)
    const m = /none around now in daylight; night falls in about (\d+) s/.exec(r.reason)
    assert.ok(m, r.reason)
    // 11,500 ticks at 20 a second, less what passed since the time was set
    assert.ok(Number(m[1]) > 500 && Number(m[1]) <= 575, r.reason)
  })

  test('killed at night while out hunting, unarmed, the bot dug in lets an arming collect of logs end the shelter, and it runs to the end', { timeout: 150_000 }, async () => {
    world.setTime(13_000)
    await body.run({ skill: 'hunt', entity: 'spider', item: 'string', count: 1 }, { timeoutMs: 3000 })
    // die away from the spawn, so the respawn does not stand on the dropped swords
    const p = body.status().position
    const moved = await body.run({ skill: 'moveToXZ', x: Math.round(p.x) + 16, z: Math.round(p.z) }, { timeoutMs: 60_000 })
    assert.equal(moved.ok, true, moved.reason)
    const { dugIn, shelterEnd } = watchShelter(body)
    const respawned = once(body, 'respawn')
    world.damage('Nightowl', 40, 'test')
    await respawned
    await new Promise<void>((resolve) => {
      const check = () => (Object.keys(body.inventoryCounts()).some((k) => isWeapon(k)) ? setTimeout(check, 50) : resolve())
      check()
    })
    await dugIn
    const r = await body.run({ skill: 'collect', items: [{ name: 'log', count: 2 }] }, { timeoutMs: 90_000 })
    assert.match((await shelterEnd).reason, /interrupted by collect/)
    assert.equal(r.ok, true, r.reason)
    assert.doesNotMatch(r.reason, /interrupted by shelter/)
  })
})

/**
 * Collecting a drop that only leaves give (saplings 1 in 20, apples 1 in 200): the bot breaks leaf
 * after leaf without waiting for a drop after each one and without walking to the sticks and
 * saplings it did not ask for; the drops it asked for are swept up as they land (session 33's
 * golden_apple+give run spent 450 s on "collect 1 apple"). Natural world of seed 9 (oak trees at
 * spawn), nothing placed, given or summoned, monsters off. Outcome asserted: the saplings asked
 * for arrive through that sweep, and the collect says so.
 *
 * Then down from a tree: the operator API teleports the bot (a flying-squid player teleport, the
 * only operator act here) onto the crown of the big oak of this seed at (99, 65, −47), a trunk of
 * 13 logs whose lowest leaves hang higher over the ground than the path finder drops, so no walk
 * leads down without breaking the leaves and logs under the feet (session 39: golden_apple seed 6
 * stranded on such a crown). Asked to walk to the ground beside it, it arrives unhurt.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import type { World } from '../../src/minecraft/world/index.js'
import { until, worldAndBody } from './body-support.js'

describe('collecting saplings from leaves (natural world, seed 9)', { timeout: 400_000 }, () => {
  let body: MineflayerBody
  let world: World
  let cleanup: (() => Promise<void>) | undefined

  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Picker', { seed: 9, profile: 'natural', monsters: false, body: { reflexes: { eat: false } } }))
  })

  after(async () => {
    await cleanup?.()
  })

  test('2 oak saplings: leaves are broken until both are picked up', { timeout: 330_000 }, async () => {
    const saplings = () => body.bot.inventory.items().filter((i) => i.name === 'oak_sapling').reduce((n, i) => n + i.count, 0)
    let leaves = 0
    const onProgress = (_c: unknown, m: unknown) => {
      if (m === 'mined oak_leaves') leaves++
    }
    body.on('skill.progress', onProgress)
    const started = Date.now()
    const r = await body.run({ skill: 'collect', items: [{ name: 'oak_sapling', count: 2 }] })
    body.off('skill.progress', onProgress)
    // for the record, not asserted (speed belongs in benchmarks)
    console.log(`# ${leaves} oak leaves broken in ${((Date.now() - started) / 1000).toFixed(1)} s for 2 saplings`)
    assert.ok(r.ok, r.reason)
    assert.match(r.reason, /collected \d+ minecraft:oak_sapling/)
    assert.ok(saplings() >= 2, `holding ${saplings()} oak_sapling (${r.reason})`)
  })

  test('stranded on a big oak\'s crown: the bot breaks its way down through the tree and walks on', { timeout: 200_000 }, async () => {
    const bot = body.bot
    const crown = new Vec3(98.5, 79, -45.5)
    const players = (world.server as unknown as { players: Array<{ username: string; teleport(p: Vec3): void }> }).players
    players.find((p) => p.username === 'Picker')!.teleport(crown)
    await until(() => bot.entity.position.distanceTo(crown) < 0.5 && bot.entity.onGround && bot.blockAt(crown.offset(0, -1, 0))?.name === 'oak_leaves', 30_000, 'the bot standing on the oak\'s leaves')
    const health = bot.health
    const r = await body.run({ skill: 'moveToXZ', x: 99, z: -30 })
    const feet = bot.entity.position
    const under = bot.blockAt(feet.offset(0, -1, 0))?.name ?? 'nothing'
    assert.ok(r.ok, r.reason)
    assert.match(r.reason, /arrived at \(99, -30\)/)
    assert.ok(feet.y < 70 && !under.endsWith('_leaves') && !under.endsWith('_log'), `on the ground: feet at ${feet.toString()} on ${under}`)
    assert.ok(bot.health >= health, `unhurt: health ${health} before, ${bot.health} after`)
  })
})

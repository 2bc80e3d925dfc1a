/**
 * A bot out to hunt monsters at night, armed, does not dig in: the shelter reflex stays off while a
 * hunt of a hostile mob started within the last HUNTING_MS and the bot carries a sword or an axe. The bench's fishing_rod run (2 string from
 * spiders) sheltered from dusk to the end of its 21 minutes and got no string. Embedded world
 * (staged starter profile, monsters off, so no spider comes), reflexes as in `play` (the shelter
 * on); the night is set through the world's operator API (`setTime`), and a stone sword is given
 * through it (announced here).
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import type { HuntResult } from '../../src/minecraft/body/types.js'
import { worldAndBody } from './body-support.js'

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
})

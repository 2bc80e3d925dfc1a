/**
 * A craft that needs a crafting table when none is near: the craft skill makes one on the spot, and
 * when the table takes planks the order itself needed, the reason names what is missing then (the
 * bench's bookshelf task got "missing  to craft minecraft:bookshelf", with nothing named, and its
 * executor could not tell what to gather). Natural world of seed 5, monsters off; given through the
 * World API (said below): 6 oak planks and 3 books, enough for a bookshelf at a table, not for the
 * table as well.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startWorld, type World } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import { until } from './body-support.js'

const NAME = 'Joiner'

describe('craft when the table eats the order\'s planks (natural world, seed 5)', { timeout: 180_000 }, () => {
  let world: World
  let body: MineflayerBody
  const held = (i: string) => body.inventoryCounts()[`minecraft:${i}`] ?? 0

  before(async () => {
    world = await startWorld({ port: 0, seed: 5, monsters: false })
    body = await createBody({ host: world.host, port: world.port, username: NAME, reflexes: { eat: false } })
    console.log('given through the World API: 6 oak_planks, 3 book')
    world.give(NAME, 'oak_planks', 6)
    world.give(NAME, 'book', 3)
    await until(() => held('oak_planks') >= 6 && held('book') >= 3, 15_000, 'the given planks and books')
  })

  after(async () => {
    await body?.close()
    await world?.close()
  })

  test('the bookshelf fails with "missing 4 oak_planks" after 4 of the 6 became a table', { timeout: 120_000 }, async () => {
    const r = await body.run({ skill: 'craft', items: [{ name: 'minecraft:bookshelf', count: 1 }] })
    assert.equal(r.ok, false, r.reason)
    assert.match(r.reason, /missing 4 minecraft:oak_planks to craft minecraft:bookshelf/)
    assert.equal(held('oak_planks'), 2, 'the table took 4')
  })
})

import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { attachSenses } from '../../src/minecraft/body/senses/wire.js'
import { setBlock, waitForEvent, worldWithBot } from './support/world.js'
import { waitFor } from '../support/wait.js'

type Hurt = [{ player: string; cause: string; amount: number }]

describe('survival as vanilla', () => {
  test('standing costs no exhaustion; sprinting and jumping do', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 51, monsters: false }, 'runner')
    t.after(close)
    let ticks = 0
    await waitForEvent(bot as never, 'physicsTick', () => ++ticks >= 100)
    assert.equal(world.vitals('runner').exhaustionTotal, 0, 'five seconds standing: no exhaustion')

    bot.setControlState('forward', true)
    bot.setControlState('sprint', true)
    await waitFor('sprint exhaustion', () => world.vitals('runner').exhaustionBy.sprint >= 0.3)
    bot.setControlState('sprint', false)
    bot.setControlState('forward', false)
    const v = world.vitals('runner')
    assert.ok(v.sprinting === false || v.exhaustionBy.sprint > 0)
    assert.equal(v.exhaustionBy.jump, 0)

    bot.setControlState('jump', true)
    await waitFor('jump exhaustion', () => world.vitals('runner').exhaustionBy.jump >= 0.1)
    bot.setControlState('jump', false)
    const after = world.vitals('runner')
    // each jump costs 0.05
    assert.ok(Math.abs(after.exhaustionBy.jump / 0.05 - Math.round(after.exhaustionBy.jump / 0.05)) < 1e-6)
  })

  test('drowning: air runs out, then 2 damage at a time', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 52, monsters: false }, 'diver')
    t.after(close)
    const p = bot.entity.position.floored()
    // a water shaft 4 deep, walled by the ground around it
    const x = p.x + 3
    const z = p.z + 3
    for (let y = p.y - 4; y < p.y; y++) await setBlock(world, { x, y, z }, 'water')
    await world.server.players[0]!.teleport(new Vec3(x + 0.5, p.y - 4, z + 0.5) as never)
    await waitFor('air going down', () => world.vitals('diver').air < 300)
    const [hit] = await waitForEvent<Hurt>(world.server as never, 'mbHurt', (e) => e.player === 'diver', 40_000)
    assert.deepEqual({ cause: hit.cause, amount: hit.amount }, { cause: 'drown', amount: 2 })
    assert.ok(world.vitals('diver').air <= 0)
    await waitFor('bot.oxygenLevel at 0', () => bot.oxygenLevel === 0)
  })

  test('lava: 4 damage and fire', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 53, monsters: false }, 'stoker')
    t.after(close)
    const p = bot.entity.position.floored()
    const hurt = waitForEvent<Hurt>(world.server as never, 'mbHurt', (e) => e.player === 'stoker')
    await setBlock(world, p, 'lava')
    const [hit] = await hurt
    assert.deepEqual({ cause: hit.cause, amount: hit.amount }, { cause: 'lava', amount: 4 })
    assert.ok(world.vitals('stoker').fireTicks > 0)
    await waitFor('the bot shown on fire', () => ((bot.entity.metadata?.[0] as unknown as number | undefined) ?? 0) & 0x01)
  })

  test('death and respawn reach the ContextBus', async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 54, monsters: false }, 'phoenix')
    const bus = createContextBus()
    const off = attachSenses(bot, { bus, emit: () => undefined, log: createLogger('test'), state: { dead: false } })
    t.after(async () => {
      off()
      await close()
    })
    const respawned = waitForEvent(world.server as never, 'mbRespawn', (e: { player: string }) => e.player === 'phoenix')
    world.damage('phoenix', 50, 'void')
    await respawned
    const kinds = await waitFor('death then respawn on the bus', () => {
      const ev = bus.getStore().flatMap((e) => (e.type === 'event' ? [e.eventType] : []))
      return ev.includes('death') && ev.includes('respawn') && ev
    })
    assert.ok(kinds.indexOf('death') < kinds.indexOf('respawn'))
  })
})

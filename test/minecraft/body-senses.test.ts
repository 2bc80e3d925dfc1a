/**
 * Senses against a real embedded world: hurt/heal/health.low/death/respawn, combat with
 * the attacker's name, player chat, join/leave, item pickups, the eat reflex and strike-back.
 */
import { reportDeaths } from '../../src/minecraft/links/death-report.js'
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { World } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import type { ItemCount } from '../../src/minecraft/body/types.js'
import { worldAndBody, until, once } from './body-support.js'

type Ev = { type: 'event'; eventType: string; data: string }
const events = (b: MineflayerBody) => b.bus.getStore().filter((e) => e.type === 'event') as Ev[]
const hasEvent = (b: MineflayerBody, type: string, data?: string | RegExp) =>
  events(b).some((e) => e.eventType === type && (data === undefined || (typeof data === 'string' ? e.data === data || e.data.startsWith(`${data}x`) : data.test(e.data))))

describe('body senses (embedded world)', { timeout: 240_000 }, () => {
  let world: World
  let body: MineflayerBody
  let cleanup: () => Promise<void>
  before(async () => {
    ;({ world, body, cleanup } = await worldAndBody('Senser', { seed: 3, body: { reflexes: { eat: false } } }))
  })
  after(async () => {
    await cleanup?.()
  })

  test('damage and heal reach the bus as hurt.other / heal with rounded deltas', async () => {
    world.damage('Senser', 4)
    await until(() => hasEvent(body, 'hurt.other', 'hp:-4'), 10_000, 'hurt.other hp:-4')
    world.heal('Senser', 2.5)
    await until(() => hasEvent(body, 'heal', 'hp:+2.5'), 10_000, 'heal hp:+2.5')
    const before = events(body).length
    world.heal('Senser', 0.5) // not above 0.5: no heal event
    // A heal of 1 sent after it on the same connection: once its event is there, the 0.5 update has been judged.
    world.heal('Senser', 1)
    await until(() => events(body).slice(before).some((e) => e.eventType === 'heal' && e.data === 'hp:+1'), 10_000, 'heal hp:+1 after the heal of 0.5')
    const heals = events(body).slice(before).filter((e) => e.eventType === 'heal')
    assert.deepEqual(heals.map((e) => e.data), ['hp:+1'], 'the 0.5 heal is not reported, and not folded into the next one')
  })

  test('health.low once at hp ≤ 6, not again within 30 s', async () => {
    world.damage('Senser', body.bot.health - 6)
    await until(() => hasEvent(body, 'health.low', 'hp:6'), 10_000, 'health.low')
    world.damage('Senser', 1)
    await until(() => hasEvent(body, 'hurt.other', 'hp:-1'), 10_000, 'second hurt')
    assert.equal(events(body).filter((e) => e.eventType === 'health.low').length, 1)
  })

  test('death and respawn', async () => {
    // Two actions waiting on one block's update (e.g. a dig and a placement there) when the bot dies:
    // mineflayer's world switch on respawn used to throw on the pair and end the process.
    const waitedOn = body.bot.entity.position.floored().offset(0, -1, 0)
    const settled: unknown[][] = []
    for (let i = 0; i < 2; i++) body.bot.once(`blockUpdate:${waitedOn}` as 'blockUpdate', (...args: unknown[]) => void settled.push(args))
    // the death is said with its cause and what was lost
    world.give('Senser', 'cobblestone', 5)
    await until(() => body.inventoryCounts()['minecraft:cobblestone'] === 5, 10_000, 'given cobblestone')
    const said: string[] = []
    const detach = reportDeaths(body, (l) => said.push(l))
    // a sheep beside it is no suspect for a hurt nobody was seen dealing: a sheep never hurts anyone
    const at = body.bot.entity.position
    world.spawnMob('sheep', { x: at.x + 1, y: at.y, z: at.z })
    await until(() => Object.values(body.bot.entities).some((e) => e.name === 'sheep' && e.position.distanceTo(body.bot.entity.position) < 3), 10_000, 'the sheep beside the bot')
    world.damage('Senser', 3)
    await until(() => hasEvent(body, 'hurt.other', 'hp:-3'), 10_000, 'a hurt before the death, blamed on nobody')
    const died = once(body, 'death', 15_000)
    world.damage('Senser', 50)
    await died
    assert.ok(hasEvent(body, 'death'))
    await until(() => hasEvent(body, 'respawn'), 20_000, 'respawn event')
    await until(() => said.length > 0, 10_000, 'the death line')
    detach()
    // the inferred cause, and the server's own message of the death (1.16: its combat_event)
    assert.match(said[0]!, /^died \(hurt by other; the server: "Senser died \(operator\)"\); lost .*5 cobblestone/)
    await until(() => settled.length === 2, 10_000, 'both block waiters settled by the respawn')
    assert.deepEqual(settled, [[null, null], [null, null]], 'settled as an unloading world settles them')
    await until(() => body.bot.health === 20, 10_000, 'full health after respawn')
    // the body can act again: the world around it is loaded (resent by the server, or by rejoining)
    await until(() => body.ready && body.bot.entity && body.bot.blockAt(body.bot.entity.position), 30_000, 'world loaded after respawn')
    // no heal event for the respawn refill
    assert.equal(events(body).some((e) => e.eventType === 'heal' && /hp:\+1\d/.test(e.data)), false)
  })

  test('item pickups are reported from inventory deltas', async () => {
    const got: ItemCount[] = []
    body.on('pickup', (i: ItemCount) => got.push(i))
    const p = body.bot.entity.position
    const serv = world.server as unknown as { mbDropItem(w: unknown, pos: unknown, name: string, n: number, delay?: number): void; overworld: unknown }
    serv.mbDropItem(serv.overworld, { x: p.x, y: p.y + 0.5, z: p.z }, 'diamond', 2, 200)
    await until(() => got.some((i) => i.name === 'minecraft:diamond'), 15_000, 'pickup event')
    assert.deepEqual(got.find((i) => i.name === 'minecraft:diamond'), { name: 'minecraft:diamond', count: 2 })
    // a plain /give-style insert is not a pickup
    world.give('Senser', 'stick', 3)
    await until(() => body.inventoryCounts()['minecraft:stick'] === 3, 10_000, 'given sticks')
    // A real pickup after it: once that one is reported, the sticks' inventory change has been judged too.
    const q = body.bot.entity.position
    serv.mbDropItem(serv.overworld, { x: q.x, y: q.y + 0.5, z: q.z }, 'emerald', 1, 500)
    await until(() => got.some((i) => i.name === 'minecraft:emerald'), 15_000, 'emerald pickup event')
    assert.deepEqual(got, [{ name: 'minecraft:diamond', count: 2 }, { name: 'minecraft:emerald', count: 1 }], 'the given sticks are not a pickup')
  })

  test('eat reflex eats when hungry and idle', async () => {
    const own = await createBody({ host: world.host, port: world.port, username: 'Eater', reconnect: false })
    try {
      world.give('Eater', 'bread', 2)
      await until(() => own.inventoryCounts()['minecraft:bread'] === 2, 10_000, 'bread')
      const pl = (world.server as unknown as { players: Array<{ username: string; updateFood(n: number): void }> }).players.find((x) => x.username === 'Eater')!
      pl.updateFood(10)
      await until(() => own.bot.food === 10, 10_000, 'hunger applied')
      await until(() => own.bot.food > 10, 30_000, 'reflex ate')
      assert.ok((own.inventoryCounts()['minecraft:bread'] ?? 0) < 2)
    } finally {
      await own.close()
    }
  })

  test('a player joining, chatting and punching: join line, chat line, hurt.combat with the name, strike-back', async () => {
    const puncher = await createBody({ host: world.host, port: world.port, username: 'Puncher', reconnect: false, reflexes: { strikeBack: false } })
    try {
      await until(() => body.bus.getStore().some((e) => e.type === 'server' && /Puncher joined the game/.test(e.content)), 10_000, 'join line')
      puncher.bot.chat('hi Senser')
      await until(() => body.bus.getStore().some((e) => e.type === 'player' && e.name === 'Puncher' && e.content === 'hi Senser'), 10_000, 'chat line')
      // flying-squid does not send the existing player list to a newcomer, so Puncher knows Senser
      // only as an untyped entity; attacking by entity id works all the same.
      const target = await until(() => puncher.bot.entities[body.bot.entity.id], 10_000, 'Senser visible to Puncher')
      const puncherUuid = (await until(() => body.bot.players.Puncher, 10_000, 'Puncher in the player list')).uuid
      body.strikeBack.add([puncherUuid.toUpperCase()])
      assert.deepEqual(body.strikeBack.list(), [puncherUuid.toLowerCase()])
      const hurtBefore = events(body).filter((e) => e.eventType === 'hurt.combat').length
      puncher.bot.attack(target)
      await until(() => events(body).filter((e) => e.eventType === 'hurt.combat').length > hurtBefore, 10_000, 'hurt.combat')
      assert.ok(hasEvent(body, 'hurt.combat', /^Puncher:-\d/), JSON.stringify(events(body)))
      // strike-back: the body attacks the puncher, who gets hurt
      await until(() => events(puncher).some((e) => e.eventType.startsWith('hurt.')), 20_000, 'strike back')
      assert.equal((body as unknown as { slot: { current(): { call: { skill: string } } | null } }).slot.current()?.call.skill, 'attack')
      await body.stop('test over')
      body.strikeBack.remove([puncherUuid])
      assert.deepEqual(body.strikeBack.list(), [])
    } finally {
      await puncher.close()
    }
    await until(() => body.bus.getStore().some((e) => e.type === 'server' && /Puncher left the game/.test(e.content)), 10_000, 'leave line')
  })

  test('escapeFluids reflex: an idle body put at the bottom of the pond surfaces', async () => {
    const squid = world.server as unknown as { players: Array<{ username: string; teleport(p: unknown): void }> }
    const { Vec3 } = await import('vec3')
    const headIn = () => body.bot.blockAt(body.bot.entity.position.offset(0, 1.62, 0))?.name === 'water'
    await until(() => body.ready, 30_000, 'ready')
    // pond centre (world terrain: POND at 9,7; water 44..46 over a sand floor at 43)
    squid.players.find((p) => p.username === 'Senser')!.teleport(new Vec3(9.5, 44, 7.5))
    await until(() => headIn(), 10_000, 'head under water')
    await until(() => !headIn() && body.bot.entity.position.y > 45, 20_000, 'surfaced')
  })
})

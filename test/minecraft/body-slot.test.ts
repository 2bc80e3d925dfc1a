import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import type { Bot } from 'mineflayer'
import { ActionSlot, type SlotHost } from '../../src/minecraft/body/action-slot.js'
import type { ReflexHost } from '../../src/minecraft/body/reflexes/types.js'
import { SkillError, sleep, type SkillDef } from '../../src/minecraft/body/skills/context.js'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import type { Registry } from '../../src/minecraft/body/items.js'
import type { SkillCall } from '../../src/minecraft/body/types.js'
import type { BlockKnowledge } from '../../src/minecraft/body/senses/known-blocks.js'

/** A reflex's host on `slot` with a stand-in bot; `who` reads no blocks (knowledge throws). */
function reflexHost(slot: ActionSlot, bot: Bot, registry: Registry, events: ReflexHost['events'], who: string): ReflexHost {
  return {
    bot,
    registry,
    slot,
    events,
    run: (c) => slot.run(c),
    hold: (c) => slot.hold(c),
    strikeBackList: () => [],
    knowledge: () => {
      throw new Error(`${who} reads no blocks`)
    },
    log: createLogger('test', { level: 'silent' }),
  }
}

function setup(overrides: Partial<Record<string, SkillDef>> = {}) {
  const events: Array<[string, ...unknown[]]> = []
  const bus = createContextBus()
  let halts = 0
  const host: SlotHost = {
    bot: () => ({}) as Bot,
    ready: () => true,
    registry: () => ({}) as Registry,
    knowledge: () => ({}) as BlockKnowledge,
    counts: () => ({}),
    emit: (ev, ...args) => events.push([ev, ...args]),
    bus,
    log: createLogger('test', { level: 'silent' }),
    halt: () => {
      halts++
    },
  }
  const skills = new Map<string, SkillDef>([
    ['wait', { name: 'wait', timeoutMs: 60_000, run: async (ctx, c) => (await sleep((c as { ms: number }).ms, ctx.signal), { ok: true, reason: 'waited' }) }],
    ['chat', { name: 'chat', timeoutMs: 1000, run: async (ctx) => (ctx.progress('saying', 1), { ok: true, reason: 'said' }) }],
    // Ignores its signal entirely: the slot must still end it.
    ['follow', { name: 'follow', timeoutMs: 60_000, run: () => new Promise(() => undefined) }],
    ['equip', { name: 'equip', timeoutMs: 1000, run: async () => { throw new SkillError('no minecraft:diamond_sword in inventory') } }],
    ['eat', { name: 'eat', timeoutMs: 1000, run: async () => { throw new TypeError('boom') } }],
    ...Object.entries(overrides).map(([k, v]) => [k, v!] as [string, SkillDef]),
  ])
  const slot = new ActionSlot(host, skills)
  const count = (ev: string) => events.filter((e) => e[0] === ev).length
  return { slot, events, bus, count, halts: () => halts }
}

describe('action slot', () => {
  test('a new call interrupts the running skill', async () => {
    const { slot, count, bus } = setup()
    const first = slot.run({ skill: 'wait', ms: 30_000 })
    await sleep(20)
    assert.equal(slot.current()?.call.skill, 'wait')
    const second = slot.run({ skill: 'chat', message: 'hi' })
    const r1 = await first
    const r2 = await second
    assert.deepEqual(r1, { ok: false, reason: 'cancelled: interrupted by chat', gained: {} })
    assert.equal(r2.ok, true)
    assert.equal(count('skill.start'), 2)
    assert.equal(count('skill.end'), 2)
    assert.equal(count('skill.progress'), 1)
    const data = bus.getStore().map((e) => (e.type === 'event' ? `${e.eventType}=${e.data}` : ''))
    assert.ok(data.includes('skill.end=wait:failed'))
    assert.ok(data.includes('skill.fail=wait:cancelled: interrupted by chat'))
    assert.ok(data.includes('skill.end=chat:success'))
    assert.equal(slot.current(), null)
  })

  test('time limit ends the skill with a timeout reason', async () => {
    const { slot } = setup()
    const r = await slot.run({ skill: 'wait', ms: 30_000 }, { timeoutMs: 50 })
    assert.equal(r.ok, false)
    assert.match(r.reason, /^timeout: wait did not finish within/)
  })

  test('caller abort cancels; a skill that ignores its signal still ends', async () => {
    const { slot, count, halts } = setup()
    const ac = new AbortController()
    const p = slot.run({ skill: 'follow', player: 'Steve' }, { signal: ac.signal })
    await sleep(20)
    ac.abort('player asked to stop')
    const r = await p
    assert.deepEqual(r, { ok: false, reason: 'cancelled: player asked to stop', gained: {} })
    assert.equal(count('skill.end'), 1)
    assert.ok(halts() >= 1)
  })

  test('abortCurrent stops the skill with the given reason', async () => {
    const { slot } = setup()
    const p = slot.run({ skill: 'wait', ms: 30_000 })
    await sleep(20)
    await slot.abortCurrent('stopped by watchdog: wait made no progress for 1s')
    assert.equal((await p).reason, 'stopped by watchdog: wait made no progress for 1s')
  })

  test('skill errors become reasons; invalid calls never start', async () => {
    const { slot, count } = setup()
    assert.deepEqual(await slot.run({ skill: 'equip', item: 'diamond_sword' }), { ok: false, reason: 'no minecraft:diamond_sword in inventory', gained: {} })
    assert.deepEqual(await slot.run({ skill: 'eat' }), { ok: false, reason: 'eat failed: boom', gained: {} })
    const bad = await slot.run({ skill: 'moveTo', x: 'north' } as unknown as SkillCall)
    assert.equal(bad.ok, false)
    assert.match(bad.reason, /^invalid skill call: .*x/)
    const unknown = await slot.run({ skill: 'teleport' } as unknown as SkillCall)
    assert.equal(unknown.ok, false)
    assert.equal(count('skill.start'), 4)
    assert.equal(count('skill.end'), 4)
  })

  test('a call while disconnected fails with a clear reason', async () => {
    const { slot } = setup()
    ;(slot as unknown as { host: SlotHost }).host.ready = () => false
    const r = await slot.run({ skill: 'chat', message: 'x' })
    assert.equal(r.ok, false)
    assert.match(r.reason, /not connected/)
  })
})

describe('action slot: reflex holds and gap hooks', () => {
  test('a held skill is not interrupted: a new call waits for it, then runs', async () => {
    const { slot, count } = setup()
    const held = slot.hold({ skill: 'wait', ms: 150 })
    await sleep(20)
    const next = slot.run({ skill: 'chat', message: 'after the hold' })
    await sleep(50)
    assert.equal(slot.current()?.call.skill, 'wait', 'the hold still runs')
    assert.deepEqual(await held, { ok: true, reason: 'waited', gained: {} })
    assert.equal((await next).ok, true)
    assert.equal(count('skill.start'), 2)
    assert.equal(count('skill.end'), 2)
  })

  test('a hold that yields to a call is interrupted by it (the night shelter and an armed monster hunt); other calls still wait', async () => {
    const { slot } = setup()
    const held = slot.hold({ skill: 'wait', ms: 30_000 }, { yieldTo: (next) => next.skill === 'chat' })
    await sleep(20)
    const ctrl = new AbortController()
    const waiting = slot.run({ skill: 'equip', item: 'minecraft:diamond_sword' }, { signal: ctrl.signal })
    await sleep(20)
    ctrl.abort(new Error('given up'))
    // a call the hold does not yield to never started: it ended waiting
    assert.match((await waiting).reason, /^cancelled: given up \(while waiting for wait\)$/)
    const r = await slot.run({ skill: 'chat', message: 'out' })
    assert.equal(r.ok, true, r.reason)
    assert.equal((await held).reason, 'cancelled: interrupted by chat')
  })

  test('a read (a scan) runs beside a hold: answered while the hold runs, which goes on uninterrupted', async () => {
    const scan: SkillDef = { name: 'scanEntities', timeoutMs: 1000, readsOnly: true, run: async () => ({ ok: true, reason: 'nothing around' }) }
    const { slot, count, halts } = setup({ scanEntities: scan })
    const held = slot.hold({ skill: 'wait', ms: 2000 })
    await sleep(20)
    const r = await slot.run({ skill: 'scanEntities', radius: 16 })
    assert.equal(r.reason, 'nothing around')
    assert.equal(slot.current()?.call.skill, 'wait', 'the hold was still running when the scan answered')
    assert.equal(slot.current()?.held, true)
    assert.equal(halts(), 0, 'the read did not halt the held bot')
    slot.current()?.controller.abort(new Error('done'))
    assert.equal((await held).reason, 'done')
    assert.equal(count('skill.start'), 2)
    assert.equal(count('skill.end'), 2)
  })

  test('a read queued while a hold is starting runs beside it, and does not keep a later call the hold yields to waiting', async () => {
    const scan: SkillDef = { name: 'scanEntities', timeoutMs: 1000, readsOnly: true, run: async () => ({ ok: true, reason: 'nothing around' }) }
    const { slot } = setup({ scanEntities: scan })
    const first = slot.run({ skill: 'wait', ms: 5000 })
    await sleep(20)
    const held = slot.hold({ skill: 'wait', ms: 3000 }, { yieldTo: (next) => next.skill === 'chat' })
    // queued before the hold took the slot (it is still interrupting the first wait)
    const read = slot.run({ skill: 'scanEntities', radius: 16 })
    assert.equal((await read).reason, 'nothing around')
    assert.equal(slot.current()?.held, true, 'the hold was running when the read answered')
    const r = await slot.run({ skill: 'chat', message: 'out' })
    assert.equal(r.ok, true, r.reason)
    assert.equal((await held).reason, 'cancelled: interrupted by chat')
    assert.match((await first).reason, /interrupted by wait/)
  })

  test("a waiting call ends at its caller's cancel (start and end reported once); the body's stop ends the hold", async () => {
    const { slot, count } = setup()
    const held = slot.hold({ skill: 'wait', ms: 30_000 })
    await sleep(20)
    const ctrl = new AbortController()
    const waiting = slot.run({ skill: 'chat', message: 'never' }, { signal: ctrl.signal })
    await sleep(20)
    ctrl.abort(new Error('interrupted by a new action'))
    const r = await waiting
    assert.equal(r.ok, false)
    assert.match(r.reason, /^cancelled: interrupted by a new action \(while waiting for wait\)$/)
    assert.equal(slot.current()?.call.skill, 'wait')
    await slot.abortCurrent('cancelled: stopped')
    assert.deepEqual(await held, { ok: false, reason: 'cancelled: stopped', gained: {} })
    assert.equal(count('skill.start'), 2)
    assert.equal(count('skill.end'), 2)
  })

  test('a hold interrupts a running skill; gap hooks run between two skills, before the next starts', async () => {
    const { slot } = setup()
    const order: string[] = []
    const remove = slot.addGapHook(async (next, held) => {
      order.push(`gap before ${next.skill}${held ? ' (hold)' : ''} (running: ${slot.current()?.call.skill ?? 'none'})`)
      await sleep(30)
    })
    const first = slot.run({ skill: 'wait', ms: 30_000 })
    await sleep(50)
    const held = slot.hold({ skill: 'chat', message: 'hold' })
    assert.equal((await first).reason, 'cancelled: interrupted by chat')
    assert.equal((await held).ok, true)
    remove()
    await slot.run({ skill: 'chat', message: 'no hook' })
    assert.deepEqual(order, ['gap before wait (running: none)', 'gap before chat (hold) (running: none)'])
  })
})

describe('watchdog reflex', () => {
  test('stops a skill that makes no progress, leaves one that reports progress alone', async () => {
    const { createWatchdog } = await import('../../src/minecraft/body/reflexes/watchdog.js')
    const { EventEmitter } = await import('node:events')
    const { Vec3 } = await import('vec3')
    const fakeBot = { entity: { position: new Vec3(0, 64, 0) }, inventory: { items: () => [] } } as unknown as Bot
    const { slot } = setup({
      collect: { name: 'collect', timeoutMs: 60_000, run: () => new Promise(() => undefined) },
      craft: {
        name: 'craft',
        timeoutMs: 60_000,
        run: async (ctx) => {
          for (let i = 0; i < 10; i++) {
            ctx.progress(`step ${i}`)
            await sleep(100, ctx.signal)
          }
          return { ok: true, reason: 'done' }
        },
      },
    })
    const stop = createWatchdog(400).start(reflexHost(slot, fakeBot, {} as Registry, new EventEmitter(), 'the watchdog'))
    try {
      const stalled = await slot.run({ skill: 'collect', items: [{ name: 'log', count: 1 }] })
      assert.deepEqual(stalled, { ok: false, reason: 'stopped by watchdog: collect made no progress for 0s', gained: {} })
      const busy = await slot.run({ skill: 'craft', items: [{ name: 'stick', count: 1 }] })
      assert.equal(busy.ok, true)
    } finally {
      stop()
    }
  })
})

describe('mend reflex on the slot', () => {
  test('wounded, a skill into danger waits for health; a hold (a flight, a fight) is never held up', async () => {
    const { mendReflex } = await import('../../src/minecraft/body/reflexes/mend.js')
    const { EventEmitter } = await import('node:events')
    const fakeBot = Object.assign(new EventEmitter(), { entity: {}, health: 5, food: 20, inventory: { items: () => [] } }) as unknown as Bot & InstanceType<typeof EventEmitter>
    const moved: Array<{ held: boolean; health: number }> = []
    const { slot } = setup({
      moveToXZ: { name: 'moveToXZ', timeoutMs: 1000, run: async () => (moved.push({ held: slot.current()?.held ?? false, health: fakeBot.health }), { ok: true, reason: 'moved' }) },
    })
    const stop = mendReflex.start(reflexHost(slot, fakeBot, { foodsByName: {} } as unknown as Registry, new EventEmitter(), 'mend'))
    let waits = 0
    fakeBot.on('newListener', (ev: string) => void (ev === 'health' && waits++))
    try {
      // the flight: at 5 health, it starts without waiting for any health change
      assert.equal((await slot.hold({ skill: 'moveToXZ', x: 20, z: 0 })).ok, true)
      assert.equal(waits, 0)
      // a plain move waits: the reflex listens for health; at 16 it lets the move start
      const plain = slot.run({ skill: 'moveToXZ', x: 0, z: 20 })
      while (fakeBot.listenerCount('health') === 0) await sleep(5)
      assert.equal(moved.length, 1)
      fakeBot.health = 16
      fakeBot.emit('health')
      assert.equal((await plain).ok, true)
      assert.deepEqual(moved, [{ held: true, health: 5 }, { held: false, health: 16 }])
    } finally {
      stop()
    }
  })
})

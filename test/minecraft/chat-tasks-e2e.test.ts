/**
 * Chat tasks end to end on the embedded world (the starter profile: its tasks need logs next to spawn,
 * whatever the seed) with the real mineflayer body and the builtin mind: an allowed player gets a task
 * done, another is ignored, and `stop` cancels mid-task and the body stops.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Bot } from 'mineflayer'
import { connectBot, quitBot } from './support/world.js'
import { createLogger } from '../../src/core/logger.js'
import { attachChatTasks } from '../../src/minecraft/tasks.js'
import { builtinWorld, nextTask } from './support/builtin-world.js'

const quiet = createLogger('e2e', { level: 'silent' })

test('chat: an allowed player gets a task done, another is ignored; stop cancels mid-task and the body stops', { timeout: 11 * 60_000 }, async () => {
  const s = await builtinWorld('Lynx', { seed: 42, profile: 'starter' })
  const said: string[] = []
  s.link.on('say', (m: string) => said.push(m))
  const detach = attachChatTasks({ body: s.body, link: s.link, allow: ['Steve'], logger: quiet })
  let steve: Bot | undefined
  let mallory: Bot | undefined
  try {
    steve = await connectBot(s.world, 'Steve')
    mallory = await connectBot(s.world, 'Mallory')
    const firstStart = nextTask(s.link, (t) => t.status === 'running')
    mallory.chat('@Lynx collect 2 log')
    steve.chat('@Lynx collect 1 log')
    const started = await firstStart
    assert.equal(started.source, 'chat:Steve', 'the first task to start is Steve\'s: Mallory was ignored')
    const rec = await s.link.waitTask(started.id)
    assert.equal(rec.status, 'succeeded', rec.reason)
    assert.equal(s.link.history().filter((t) => t.source === 'chat:Mallory').length, 0)

    const longStart = nextTask(s.link, (t) => t.status === 'running')
    steve.chat('@Lynx collect 40 log')
    const long = await longStart
    await new Promise<void>((resolve) => {
      const on = (call: { skill: string }) => {
        if (call.skill !== 'collect') return
        s.body.off('skill.start', on)
        resolve()
      }
      s.body.on('skill.start', on)
    })
    mallory.chat('@Lynx stop')
    steve.chat('@Lynx stop')
    const cancelled = await s.link.waitTask(long.id)
    assert.equal(cancelled.status, 'cancelled')
    assert.match(cancelled.reason!, /stopped by Steve/)
    // the body's single action slot is empty again and the bot stands still
    await new Promise<void>((resolve) => {
      if (s.body.status().activity.kind === 'idle') return resolve()
      s.body.once('skill.end', () => resolve())
    })
    assert.deepEqual(s.body.status().activity, { kind: 'idle' })
    assert.equal(s.body.status().action, null)
    assert.equal(s.link.current(), undefined)
  } finally {
    detach()
    if (steve) await quitBot(steve)
    if (mallory) await quitBot(mallory)
    await s.close()
  }
})

/**
 * A keep-alive kick mid-task, for real: the embedded world's own keep-alive check (flying-squid's
 * server drops a client that has not answered a keep-alive for `kickTimeout`: 10 s here, `keepAliveKickMs`, so that the kick comes while the task runs; 30 s by default) kicks the
 * bot with `KeepAliveTimeout`, as it did on a loaded machine in a benchmark run. The bot's client
 * stops answering keep-alives (its answers are dropped before they reach the socket), which is
 * what a client too busy to answer in time looks like to the server; nothing else is faked.
 * With the reconnect policy the commands use for their embedded world, the body rejoins by itself
 * and the builtin mind's task carries on to its goal.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import type { Bot } from 'mineflayer'
import { startWorld } from '../../src/minecraft/world/index.js'
import { createBody } from '../../src/minecraft/body/index.js'
import { EMBEDDED_WORLD_RECONNECT } from '../../src/minecraft/body/connection.js'
import type { SkillCall } from '../../src/minecraft/body/types.js'
import { LynxMindLink, type ConnectionChange } from '../../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { once } from './body-support.js'
import { within } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })

/** From now on the bot's client sends no keep-alive answers (every other packet goes out). */
function stopAnsweringKeepAlives(bot: Bot): void {
  const client = bot._client as unknown as { write(name: string, params: unknown): void }
  const write = client.write.bind(client)
  client.write = (name, params) => {
    if (name !== 'keep_alive') write(name, params)
  }
}

describe('a keep-alive kick', { timeout: 4 * 60_000 }, () => {
  test('the server kicks the bot for KeepAliveTimeout mid-task; the body rejoins by itself and the task reaches its goal', async () => {
    const world = await startWorld({ seed: 5, profile: 'starter', keepAliveKickMs: 10_000 })
    const bus = createContextBus()
    const body = await createBody({ host: world.host, port: world.port, username: 'Sleepy', version: world.version, bus, logger: quiet, reconnect: EMBEDDED_WORLD_RECONNECT })
    const link = new LynxMindLink({ body, mind: new BuiltinMind(), bus, logger: quiet })
    try {
      const connection: ConnectionChange[] = []
      link.on('connection', (c: ConnectionChange) => connection.push(c))
      const skills: Array<{ skill: string; connection: number }> = []
      body.on('skill.start', (c: SkillCall) => skills.push({ skill: c.skill, connection: connection.length }))
      await link.start()
      const firstBot = body.bot

      const task = link.createTask('get 1 stone_pickaxe', 'test')
      // the first skill of the task is under way: from now on the client does not answer
      await within('the first skill', new Promise<void>((r) => body.once('skill.start', () => r())), 60_000)
      const kicked = once<[string]>(body, 'disconnect', 60_000)
      const back = once(body, 'reconnect', 60_000)
      stopAnsweringKeepAlives(firstBot)
      const [reason] = await kicked
      // the reason's words, not the text component they came in
      assert.equal(reason, 'kicked: KeepAliveTimeout')
      await back
      assert.equal(body.ready, true)
      assert.notEqual(body.bot, firstBot, 'a new connection')

      const done = await within('the task to end', link.waitTask(task.id), 150_000)
      assert.equal(done.status, 'succeeded', done.reason)
      assert.deepEqual(
        connection.map((c) => [c.state, c.task?.id]),
        [
          ['lost', task.id],
          ['back', task.id],
        ],
        'the kick came mid-task',
      )
      assert.ok(skills.some((s) => s.connection === 2), `a skill ran after the bot was back: ${JSON.stringify(skills)}`)
      assert.ok(body.status().inventory.some((i) => /stone_pickaxe$/.test(i.name)), 'holds the stone pickaxe')
    } finally {
      await link.close()
      await body.close()
      await world.close()
    }
  })
})

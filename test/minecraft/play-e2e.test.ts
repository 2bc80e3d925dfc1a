/**
 * End-to-end on the embedded world (flying-squid) with the real mineflayer body:
 * the builtin mind completes real tasks from an empty inventory, chat tasks obey
 * the allow-list, and cancelling stops the body. Slow (minutes), but honest.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Bot } from 'mineflayer'
import { startWorld, connectBot, quitBot, type World } from './support/world.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { LynxMindLink, type TaskRecord } from '../../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import { attachChatTasks } from '../../src/minecraft/tasks.js'
import { watchDigs } from './support/fair-digs.js'

const quiet = createLogger('e2e', { level: 'silent' })
const root = fileURLToPath(new URL('../..', import.meta.url))
const SEED = 42

async function botWorld(name = 'Lynx', where: { seed: number; profile: 'natural' | 'starter' } = { seed: SEED, profile: 'starter' }) {
  // The chat test uses the starter profile: its tasks need logs next to spawn, whatever the seed.
  const world = await startWorld(where)
  const bus = createContextBus()
  let body: MineflayerBody
  try {
    body = await createBody({ host: world.host, port: world.port, username: name, version: world.version, bus, logger: quiet, reconnect: false })
  } catch (err) {
    await world.close()
    throw err
  }
  const link = new LynxMindLink({ body, mind: new BuiltinMind(), bus, logger: quiet })
  await link.start()
  return {
    world, body, link,
    async close() {
      await link.close()
      await body.close()
      await world.close()
    },
  }
}

function nextTask(link: LynxMindLink, pred: (t: TaskRecord) => boolean): Promise<TaskRecord> {
  return new Promise((resolve) => {
    const on = (t: TaskRecord) => {
      if (!pred(t)) return
      link.off('task', on)
      resolve(t)
    }
    link.on('task', on)
  })
}

describe('builtin mind on the embedded world', { timeout: 30 * 60_000 }, () => {
  test('mindbridge play on the natural world: get 1 minecraft:stone_pickaxe from an empty inventory, exit 0 with a summary', async () => {
    // The natural world (the default profile) and fair play: the bot explores for trees and stone.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'play', '--seed', '1', '--timeout', '900', '--task', 'get 1 minecraft:stone_pickaxe'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d))
    child.stderr.on('data', (d: Buffer) => (err += d))
    const code = await new Promise<number | null>((r) => child.on('close', r))
    assert.equal(code, 0, `exit ${code}\n${out}\n${err}`)
    assert.match(out, /SUCCEEDED "get 1 minecraft:stone_pickaxe"/)
    assert.doesNotMatch(out, /x-ray/)
    assert.match(out, /steps: +\d+/)
    assert.match(out, /step 1: collect \d+ log/)
  })

  test('natural world, fair play: get 1 minecraft:iron_pickaxe from an empty inventory; every block the bot dug was one it could know', async () => {
    const s = await botWorld('Lynx', { seed: 1, profile: 'natural' })
    try {
      assert.deepEqual(s.body.inventoryCounts(), {})
      assert.equal(s.body.knowledge.mode, 'fair')
      const smelts: string[] = []
      s.link.on('action', ({ action }: { action: { type: string; to_craft?: Array<{ item_name: string }> } }) => {
        if (action.type === 'ACTION_CRAFTING') smelts.push(...(action.to_craft ?? []).map((i) => i.item_name))
      })
      // every dig (skills and the pathfinder alike go through bot.dig) is checked against what
      // the bot could know at that moment: exposed to air, or seen
      const { dug, unknown } = watchDigs(s.body)
      const rec = await s.link.waitTask(s.link.createTask('get 1 minecraft:iron_pickaxe', 'test').id)
      assert.equal(rec.status, 'succeeded', rec.reason)
      assert.ok((s.body.inventoryCounts()['minecraft:iron_pickaxe'] ?? 0) >= 1)
      assert.ok(smelts.includes('minecraft:iron_ingot'))
      assert.ok(dug.filter((n) => n === 'iron_ore').length >= 3, `dug: ${[...new Set(dug)].join(', ')}`)
      assert.deepEqual(unknown, [], `dug blocks the bot could not know about (of ${dug.length} digs)`)
    } finally {
      await s.close()
    }
  })

  test('chat: an allowed player gets a task done, another is ignored; stop cancels mid-task and the body stops', async () => {
    const s = await botWorld()
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
})

/**
 * The brain-file link end to end: the embedded world, the real bot, brain.json on disk.
 * Scenes are built with the world's operator API; the bot only uses its own senses and
 * skills. One world for the whole file.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLlmClient } from '../../src/core/llm/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import { startWorld, type World } from '../../src/minecraft/world/index.js'
import { BrainBuiltinMind, BrainLink, BrainLlmMind, BrainStore, NoMind, type BrainMind } from '../../src/minecraft/links/brainfile/index.js'
import type { BrainFile, StoredTask } from '../../src/protocols/brainfile.js'
import { connectBot, quitBot, setBlock } from './support/world.js'
import { until } from './body-support.js'
import { startScriptedOpenAI } from '../support/scripted-openai.js'

let world: World
let body: MineflayerBody
let watcher: Bot
let dir: string
const bus = createContextBus()

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'brainfile-link-'))
  // Starter profile: the tests place blocks and walk at fixed offsets from a flat spawn.
  world = await startWorld({ seed: 7, profile: 'starter' })
  body = await createBody({ host: world.host, port: world.port, username: 'Brainy', bus, reconnect: false, reflexes: { eat: false, strikeBack: false } })
  watcher = await connectBot(world, 'Watcher')
  await until(() => body.bot.players.Watcher?.entity, 15_000, 'Brainy sees Watcher')
})

after(async () => {
  if (watcher) await quitBot(watcher).catch(() => undefined)
  await body?.close()
  await world?.close()
  rmSync(dir, { recursive: true, force: true })
})

const readDisk = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as BrainFile

/** Another program edits the file: read, change, write atomically (temp + rename). */
function edit(path: string, fn: (b: Record<string, any>) => void): void {
  const b = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>
  fn(b)
  writeFileSync(`${path}.editor.tmp`, JSON.stringify(b, null, 2))
  renameSync(`${path}.editor.tmp`, path)
}

async function startLink(file: string, mind: BrainMind = new NoMind(), opts: { mindMs?: number } = {}): Promise<{ link: BrainLink; store: BrainStore; path: string }> {
  const path = join(dir, file)
  const opened = await BrainStore.open(path)
  if (!opened.ok) throw new Error(opened.error)
  const link = new BrainLink({ body, store: opened.store, mind, bus, visionMs: 300, executorMs: 250, watchMs: 100, keepFinishedMs: 600_000, mindMinGapMs: 200, ...opts })
  await link.start()
  return { link, store: opened.store, path }
}

function finished(path: string, n: number): StoredTask[] | undefined {
  const tasks = readDisk(path).tasks
  return tasks.length >= n && tasks.every((t) => t.status === 'completed' || t.status === 'failed') ? tasks : undefined
}

const show = (ts: StoredTask[]) => ts.map((t) => `#${t.id} ${t.type} ${t.status}: ${t.result ?? t.error ?? ''}`).join('\n')

async function seesBlock(p: { x: number; y: number; z: number }, name: string): Promise<void> {
  await until(() => body.bot.blockAt(new Vec3(p.x, p.y, p.z))?.name === name, 10_000, `client sees ${name} at ${p.x},${p.y},${p.z}`)
}

describe('brain-file link (embedded world, real bot, file on disk)', { timeout: 600_000 }, () => {
  const log = { x: 0, y: 48, z: -6 }

  test('vision is a raycast: a wall between the bot and a log hides the log', async () => {
    const { link, store } = await startLink('vision.json')
    try {
      await setBlock(world, log, 'oak_log')
      await seesBlock(log, 'oak_log')
      await body.bot.lookAt(new Vec3(log.x + 0.5, log.y + 0.5, log.z + 0.5), true)
      link.updateVision()
      const seen = store.brain.vision.blocks!.visible_blocks
      const hit = seen.find((b) => b.world_position.x === log.x && b.world_position.y === log.y && b.world_position.z === log.z)
      assert.equal(hit?.block_type, 'minecraft:oak_log', JSON.stringify(seen.slice(0, 5)))
      const feet = body.status().position
      assert.deepEqual(hit!.relative_position, { x: log.x - Math.floor(feet.x), y: log.y - Math.floor(feet.y), z: log.z - Math.floor(feet.z) })
      // interesting blocks first, no air, no duplicates
      const firstBoring = seen.findIndex((b) => !/_log$/.test(b.block_type))
      assert.ok(seen.slice(firstBoring).every((b) => !/_log$/.test(b.block_type)), 'logs are listed first')
      assert.ok(seen.every((b) => !/air$/.test(b.block_type)))
      assert.equal(new Set(seen.map((b) => JSON.stringify(b.world_position))).size, seen.length)
      const wall: Array<{ x: number; y: number; z: number }> = []
      for (let x = -1; x <= 1; x++) for (let y = 47; y <= 49; y++) wall.push({ x, y, z: -3 })
      for (const w of wall) await setBlock(world, w, 'stone')
      for (const w of wall) await seesBlock(w, 'stone')
      link.updateVision()
      const after = store.brain.vision.blocks!.visible_blocks
      assert.ok(!after.some((b) => b.world_position.x === log.x && b.world_position.y === log.y && b.world_position.z === log.z), 'the log behind the wall is not seen')
      assert.ok(after.some((b) => b.block_type === 'minecraft:stone' && b.world_position.z === -3), 'the wall is seen')
      // the file on disk shows it too
      await until(() => readDisk(store.path).vision.blocks?.visible_blocks.some((b) => b.block_type === 'minecraft:stone' && b.world_position.z === -3), 5_000, 'vision written')
      for (const w of wall) await setBlock(world, w, 'air')
      for (const w of wall) await seesBlock(w, 'air')
    } finally {
      await link.close()
    }
  })

  test('every task type succeeds on a built scene; mid-run edits are honoured and kept; readers only ever see valid JSON', async () => {
    const { link, path } = await startLink('tasks.json')
    let reads = 0
    const bad: string[] = []
    const reader = setInterval(() => {
      try {
        JSON.parse(readFileSync(path, 'utf8'))
        reads++
      } catch (err) {
        bad.push((err as Error).message)
      }
    }, 5)
    try {
      for (const [item, n] of [['bread', 2], ['dirt', 2], ['stick', 1], ['oak_log', 2], ['wooden_pickaxe', 1]] as const) world.give('Brainy', item, n)
      const me = world.server.players.find((p) => p.username === 'Brainy') as unknown as { updateFood(n: number): void }
      me.updateFood(10)
      const stone = { x: 3, y: 47, z: -1 }
      await setBlock(world, stone, 'stone')
      await setBlock(world, log, 'oak_log')
      await until(() => body.inventoryCounts()['minecraft:wooden_pickaxe'] === 1 && body.status().food === 10, 10_000, 'scene ready')
      edit(path, (b) => {
        b.memory.editor_note = { from: 'outside', n: 1 }
        b.tasks.push(
          { type: 'GET_POSITION' },
          { type: 'GET_INVENTORY', parameters: {} },
          { type: 'CHAT', parameters: { message: 'hello from the file' } },
          { type: 'READ_MEMORY', parameters: { key: 'editor_note' } },
          { type: 'WAIT', parameters: { seconds: 0.5 } },
          { type: 'MOVE_TO', parameters: { x: 2, y: 47, z: 2 } },
          { type: 'GET_ENTITY_POSITION', parameters: { entity_name: 'Watcher' } },
          { type: 'EQUIP', parameters: { item: 'stick' } },
        )
      })
      await until(() => readDisk(path).tasks.some((t) => t.status !== 'pending'), 10_000, 'the executor started')
      // a second edit while the first batch runs
      edit(path, (b) => {
        b.memory.second_note = 'kept'
        b.tasks.push(
          { type: 'EAT', parameters: { item: 'bread' } },
          { type: 'PLACE', parameters: { item: 'dirt', x: 1, y: 47, z: 4 } },
          { type: 'CRAFT', parameters: { item: 'oak_planks', count: 4 } },
          { type: 'COLLECT', parameters: { block: 'log', count: 1 } },
          { type: 'MINE_WOOD', parameters: { ...log } },
          { type: 'MINE_STONE', parameters: { ...stone } },
          { type: 'FOLLOW', parameters: { player: 'Watcher', seconds: 2 } },
          { type: 'ATTACK', parameters: { entity: 'Watcher' } },
        )
      })
      await until(() => readDisk(path).tasks.find((t) => t.type === 'FOLLOW')?.status === 'in_progress', 240_000, 'FOLLOW started')
      world.damage('Watcher', 19) // one punch from the ATTACK ends it
      const tasks = await until(() => finished(path, 16), 240_000, 'all 16 tasks finished')
      assert.ok(tasks.every((t) => t.status === 'completed' && t.result), show(tasks))
      const byType = Object.fromEntries(tasks.map((t) => [t.type, t]))
      assert.match(byType.READ_MEMORY!.result!, /editor_note = \{"from":"outside","n":1\}/)
      assert.match(byType.GET_ENTITY_POSITION!.result!, /Watcher is at \(/)
      assert.match(byType.MOVE_TO!.result!, /^arrived/)
      assert.match(byType.MINE_WOOD!.result!, /mined 1 log at \(0, 48, -6\)/)
      const disk = readDisk(path)
      assert.deepEqual(disk.memory.editor_note, { from: 'outside', n: 1 })
      assert.equal(disk.memory.second_note, 'kept')
      assert.ok(disk.memory.current_position && disk.memory.entity_position_Watcher)
      assert.ok((disk.memory.inventory_state as { items: Array<{ type: string }> }).items.some((i) => i.type === 'minecraft:bread'))
      assert.ok((body.inventoryCounts()['minecraft:oak_planks'] ?? 0) >= 4)
      assert.ok(disk.vision.chat!.some((l) => l.self && l.message === 'hello from the file'))
    } finally {
      clearInterval(reader)
      await link.close()
    }
    assert.deepEqual(bad, [], 'a reader saw a broken file')
    assert.ok(reads > 100, `only ${reads} reads`)
  })

  test('every task type fails with a reason on a bad one, and the queue never stalls', async () => {
    const { link, path } = await startLink('bad-tasks.json')
    try {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ type: 'GET_POSITION', parameters: { x: 1 } }, /bad parameters for GET_POSITION/],
        [{ type: 'GET_INVENTORY', parameters: { all: true } }, /bad parameters for GET_INVENTORY/],
        [{ type: 'CHAT', parameters: { message: ' ' } }, /bad parameters for CHAT: at parameters\.message/],
        [{ type: 'READ_MEMORY', parameters: { key: 'nope' } }, /memory has no key "nope"; keys: /],
        [{ type: 'WAIT', parameters: { seconds: -1 } }, /bad parameters for WAIT: at parameters\.seconds/],
        [{ type: 'MOVE_TO', parameters: { x: 1 } }, /at parameters\.z: required number is missing/],
        [{ type: 'GET_ENTITY_POSITION', parameters: { entity_selector: 'Nobody' } }, /no entity matches "Nobody" within 64 blocks \(players near me: Watcher\)/],
        [{ type: 'EQUIP', parameters: { item: 'diamond_sword' } }, /diamond_sword/],
        [{ type: 'EAT', parameters: { item: 'golden_apple' } }, /golden_apple/],
        [{ type: 'PLACE', parameters: { item: 'bedrock', x: 1, y: 47, z: 6 } }, /bedrock/],
        [{ type: 'COLLECT', parameters: { block: 'unobtainium' } }, /unobtainium/],
        [{ type: 'CRAFT', parameters: { item: 'unobtainium' } }, /cannot make minecraft:unobtainium: unknown item/],
        [{ type: 'MINE_WOOD', parameters: { x: 1 } }, /give all of x, y, z or none/],
        [{ type: 'MINE_STONE', parameters: { x: 1, y: 2 } }, /give all of x, y, z or none/],
        [{ type: 'FOLLOW', parameters: { player: 'Nobody' } }, /player Nobody is not online/],
        [{ type: 'ATTACK', parameters: { entity: 'Nobody' } }, /no entity 'Nobody'/],
        [{ type: 'FLY', parameters: {} }, /unknown task type "FLY"; use one of MINE_WOOD/],
      ]
      edit(path, (b) => {
        b.tasks.push(...cases.map(([t]) => t))
      })
      const tasks = await until(() => finished(path, cases.length), 120_000, 'all bad tasks finished')
      tasks.forEach((t, i) => {
        assert.equal(t.status, 'failed', show([t]))
        assert.match(t.error ?? '', cases[i]![1], show([t]))
      })
    } finally {
      await link.close()
    }
  })

  test('a restart continues from the file: memory and pending tasks survive; removing a running task cancels it', async () => {
    const first = await startLink('restart.json')
    edit(first.path, (b) => {
      b.memory.remember_me = 42
      b.tasks.push({ type: 'WAIT', parameters: { seconds: 300 } }, { type: 'CHAT', parameters: { message: 'after the restart' } })
    })
    await until(() => readDisk(first.path).tasks[0]?.status === 'in_progress', 10_000, 'WAIT running')
    await first.link.close()
    const saved = readDisk(first.path)
    assert.deepEqual(saved.tasks.map((t) => [t.type, t.status]), [['WAIT', 'pending'], ['CHAT', 'pending']])
    const second = await startLink('restart.json')
    try {
      assert.equal(second.store.brain.memory.remember_me, 42)
      await until(() => readDisk(second.path).tasks[0]?.status === 'in_progress', 10_000, 'WAIT running again')
      edit(second.path, (b) => {
        b.tasks = b.tasks.filter((t: { type: string }) => t.type !== 'WAIT')
      })
      const tasks = await until(() => finished(second.path, 1), 20_000, 'CHAT done after the WAIT was removed')
      assert.deepEqual(tasks.map((t) => [t.type, t.status, t.result]), [['CHAT', 'completed', 'said: after the restart']])
      assert.equal(readDisk(second.path).memory.remember_me, 42)
    } finally {
      await second.link.close()
    }
  })

  test('builtin mind: chat requests become tasks in the file, and the answer comes back in chat', async () => {
    const { link, path } = await startLink('builtin.json', new BrainBuiltinMind(), { mindMs: 60_000 })
    try {
      const heard: string[] = []
      watcher.on('chat', (u: string, m: string) => {
        if (u === 'Brainy') heard.push(m)
      })
      watcher.chat('Brainy, what do you have?')
      await until(() => heard.some((m) => /^Watcher: I have .*bread/.test(m)), 30_000, 'inventory answer in chat')
      const tasks = readDisk(path).tasks
      assert.deepEqual(tasks.slice(0, 2).map((t) => [t.type, t.status]), [['GET_INVENTORY', 'completed'], ['CHAT', 'completed']])
      assert.ok((readDisk(path).memory.player_requests as Array<{ request: string }>).some((r) => r.request === 'Brainy, what do you have?'))
      watcher.chat('木を取ってきて')
      const wood = await until(() => readDisk(path).tasks.find((t) => t.type === 'MINE_WOOD'), 15_000, 'MINE_WOOD task from 木を取ってきて')
      assert.deepEqual(wood.parameters, { count: 3 })
      assert.equal(wood.reason, 'Watcher: 木を取ってきて')
    } finally {
      await link.close()
    }
  })

  test('llm mind in the loop: the scripted model answers a player, the task runs, the chat is delivered', async () => {
    const server = await startScriptedOpenAI([
      (req) => {
        const user = String(req.body?.messages?.at(-1)?.content ?? '')
        if (/NEW chat/.test(user) && /ping/.test(user)) return { reply: '{"thought":"answer","memory_updates":{"last_ping":"Watcher"},"new_tasks":[{"type":"CHAT","parameters":{"message":"pong"},"reason":"reply"}]}' }
        return { reply: '{"thought":"idle","new_tasks":[]}' }
      },
    ])
    const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', maxRetries: 0 })
    const { link, path } = await startLink('llm.json', new BrainLlmMind({ client }), { mindMs: 60_000 })
    try {
      const heard: string[] = []
      watcher.on('chat', (u: string, m: string) => {
        if (u === 'Brainy') heard.push(m)
      })
      await until(() => server.chatRequests().length >= 1, 10_000, 'start cycle')
      watcher.chat('ping')
      await until(() => heard.includes('pong'), 30_000, 'pong in chat')
      const disk = readDisk(path)
      assert.equal(disk.memory.last_ping, 'Watcher')
      assert.ok(disk.tasks.some((t) => t.type === 'CHAT' && t.status === 'completed'))
    } finally {
      await link.close()
      await server.close()
    }
  })
})

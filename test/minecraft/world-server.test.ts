import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { Vec3 } from 'vec3'
import { botInventory, connectBot, quitBot, startWorld, waitUntil } from './support/world.js'

describe('world lifecycle', () => {
  test('starts on a free loopback port, reports itself, closes; many times in one process', async () => {
    const ports = new Set<number>()
    for (let i = 0; i < 4; i++) {
      const world = await startWorld({ seed: 100 + i })
      assert.equal(world.host, '127.0.0.1')
      assert.equal(world.version, '1.16.5')
      assert.equal(world.seed, 100 + i)
      assert.ok(world.port > 0)
      ports.add(world.port)
      const bot = await connectBot(world)
      assert.equal(bot.game.gameMode, 'survival')
      assert.equal(bot.health, 20)
      assert.deepEqual(
        [bot.entity.position.x, bot.entity.position.y, bot.entity.position.z],
        [world.spawn.x, world.spawn.y, world.spawn.z],
      )
      await quitBot(bot)
      await world.close()
      await world.close() // idempotent
    }
    assert.ok(ports.size >= 1)
  })

  test('a process that starts and stops worlds (with bots connected) exits on its own', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./support/world-lifecycle-child.ts', import.meta.url)), '3'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['pipe', 'pipe', 'pipe'], // stdin stays open: a stdin reader would keep the child alive
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    const guard = setTimeout(() => child.kill('SIGKILL'), 90_000) // turns a hang into a failure
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])))
    clearTimeout(guard)
    assert.equal(signal, null, `child did not exit by itself (killed). stderr: ${err}`)
    assert.equal(code, 0, `child failed: ${err}`)
    assert.equal(out.trim(), 'done')
  })

  test('bad options and a busy port give clear errors', async () => {
    await assert.rejects(startWorld({ port: -1 }), /port must be an integer 0\.\.65535/)
    await assert.rejects(startWorld({ port: 70000 }), /port must be an integer/)
    await assert.rejects(startWorld({ seed: 1.5 }), /seed must be an integer/)
    await assert.rejects(startWorld({ host: '' }), /host must be a non-empty string/)
    const blocker = createServer()
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()))
    const busy = (blocker.address() as { port: number }).port
    try {
      await assert.rejects(startWorld({ port: busy }), /could not start the server on 127\.0\.0\.1:\d+: .*EADDRINUSE/)
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()))
    }
  })

  test('operator API rejects unknown players, items and bad amounts', async () => {
    const world = await startWorld({ seed: 1 })
    try {
      assert.throws(() => world.damage('nobody', 1), /no player named "nobody"/)
      assert.throws(() => world.heal('nobody', 1), /no player named "nobody"/)
      assert.throws(() => world.give('nobody', 'stick', 1), /no player named "nobody"/)
      const bot = await connectBot(world, 'op')
      assert.throws(() => world.give('op', 'not_an_item', 1), /unknown item "not_an_item"/)
      assert.throws(() => world.give('op', 'stick', 0), /count must be a positive integer/)
      assert.throws(() => world.damage('op', -2), /amount must be a positive number/)
      assert.throws(() => world.heal('op', Number.NaN), /amount must be a positive number/)
      await quitBot(bot)
    } finally {
      await world.close()
    }
  })
})

describe('world generation on the server', () => {
  const names = ['oak_log', 'birch_log', 'stone', 'coal_ore', 'iron_ore', 'sand', 'water', 'grass_block', 'crafting_table']

  async function sample(seed: number): Promise<string[]> {
    const world = await startWorld({ seed })
    try {
      const out: string[] = []
      for (let x = -24; x <= 24; x += 3) {
        for (let z = -24; z <= 24; z += 3) {
          for (let y = 30; y <= 56; y += 2) out.push((await world.server.overworld.getBlock(new Vec3(x, y, z) as never))?.name ?? '?')
        }
      }
      return out
    } finally {
      await world.close()
    }
  }

  test('deterministic for a seed, different for another seed', async () => {
    const a = await sample(2024)
    const b = await sample(2024)
    const c = await sample(2025)
    assert.deepEqual(a, b)
    assert.notDeepEqual(a, c)
  })

  test('a connected bot sees logs, stone, coal, iron, sand, water near spawn and bedrock at y=0', async () => {
    // The staged starter layout puts all of these within 20 blocks of spawn (it is what it is for).
    const world = await startWorld({ seed: 31337, profile: 'starter' })
    try {
      const bot = await connectBot(world)
      await bot.waitForChunksToLoad()
      const found: Record<string, number> = {}
      for (const name of names.slice(0, 8)) {
        found[name] = bot.findBlocks({ matching: bot.registry.blocksByName[name]!.id, maxDistance: 20, count: 50 }).length
        assert.ok(found[name]! > 0, `no ${name} within 20 blocks of spawn`)
      }
      assert.equal(bot.blockAt(new Vec3(3, 0, -2))?.name, 'bedrock')
      // The bot stands on solid ground.
      const below = bot.blockAt(bot.entity.position.offset(0, -1, 0))
      assert.equal(below?.name, 'grass_block')
      // Digging down near spawn: dirt, then stone within four blocks.
      const column = [1, 2, 3, 4].map((d) => bot.blockAt(bot.entity.position.offset(0, -1 - d, 0))?.name)
      assert.ok(column.includes('stone'), `column below spawn: ${column.join(',')}`)
      await quitBot(bot)
    } finally {
      await world.close()
    }
  })
})

describe('players are remembered while the world runs', () => {
  test('leaving and joining again restores inventory, health and position', async (t) => {
    // Starter profile: spawn at (0.5, 0.5) on a flat meadow, so (3.5, spawn.y, -2.5) is open ground.
    const world = await startWorld({ seed: 41, profile: 'starter' })
    t.after(() => world.close())
    const first = await connectBot(world, 'returner')
    world.give('returner', 'cobblestone', 7)
    world.damage('returner', 6, 'test')
    const player = world.server.players.find((p) => p.username === 'returner')!
    player.teleport(new Vec3(3.5, world.spawn.y, -2.5))
    await waitUntil(first as never, 'forcedMove', () => first.entity.position.x === 3.5)
    await waitUntil(first.inventory as never, 'updateSlot', () => botInventory(first).cobblestone === 7)
    await quitBot(first)
    await waitUntil(world.server as never, 'tick', () => world.server.players.length === 0)

    const again = await connectBot(world, 'returner')
    await waitUntil(again.inventory as never, 'updateSlot', () => botInventory(again).cobblestone === 7)
    await waitUntil(again as never, 'health', () => again.health === 14)
    assert.deepEqual([again.entity.position.x, again.entity.position.z], [3.5, -2.5])
    await quitBot(again)
  })
})

describe('mindbridge world (CLI)', () => {
  test('prints where to connect, serves a bot, and stops cleanly on SIGINT', async (t) => {
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const dir = mkdtempSync(join(tmpdir(), 'mb-world-cli-'))
    t.after(() => rmSync(dir, { recursive: true, force: true }))
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'world', '--port', '0', '--seed', '12', '--world', 'starter', '--dir', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stderr.on('data', (d) => (err += d))
    const guard = setTimeout(() => child.kill('SIGKILL'), 90_000) // a hang becomes a failure
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += d
          const m = /running on 127\.0\.0\.1:(\d+) \(seed 12, offline mode\)/.exec(out)
          if (m && out.includes('press Ctrl-C to stop')) resolve(Number(m[1]))
        })
        child.once('exit', () => reject(new Error(`exited early: ${err}`)))
      })
      // --world starter: the staged layout's fixed spawn.
      assert.match(out, /world: starter/)
      assert.match(out, /spawn: 0\.5 47 0\.5/)
      const bot = await connectBot({ host: '127.0.0.1', port }, 'cliuser')
      assert.equal(bot.game.gameMode, 'survival')
      const kicked = new Promise<void>((resolve) => bot.once('end', () => resolve()))
      child.kill('SIGINT')
      const [code] = await new Promise<[number | null]>((resolve) => child.once('exit', (c) => resolve([c])))
      await kicked
      assert.equal(code, 0, err)
      assert.match(out, /stopping…\nstopped\n$/)
      assert.match(out, new RegExp(`saved in: ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
      const meta = JSON.parse(readFileSync(join(dir, 'mindbridge-world.json'), 'utf8')) as { seed: number; profile: string }
      assert.deepEqual([meta.seed, meta.profile], [12, 'starter'])
    } finally {
      clearTimeout(guard)
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })

  test('bad flags and a busy port exit with a clear message', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const run = (args: string[]) =>
      new Promise<{ code: number | null; err: string }>((resolve) => {
        const c = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'world', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
        let err = ''
        c.stderr.on('data', (d) => (err += d))
        c.once('exit', (code) => resolve({ code, err }))
      })
    const badPort = await run(['--port', 'abc'])
    assert.equal(badPort.code, 2)
    assert.match(badPort.err, /--port: expected an integer 0–65535, got 'abc'/)
    const badSeed = await run(['--seed', '1.5'])
    assert.equal(badSeed.code, 2)
    assert.match(badSeed.err, /--seed: expected an integer seed/)
    const blocker = createServer()
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()))
    try {
      const busy = await run(['--port', String((blocker.address() as { port: number }).port)])
      assert.equal(busy.code, 2)
      assert.match(busy.err, /port \d+ on 127\.0\.0\.1 \(the Minecraft world, --port\) is already in use/)
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()))
    }
  })
})

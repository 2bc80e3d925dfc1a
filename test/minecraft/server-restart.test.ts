/**
 * The server goes away mid-task, for real: the embedded world is closed and started again on the
 * same port (and the same world folder). The world keeps chunks and players on disk; `bot --task`
 * waits for the server, says so once, and resumes the task; when the grace period runs out the task
 * fails once with the reason, and nothing is printed after the summary.
 */
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startWorld, type World } from '../../src/minecraft/world/index.js'
import { createBody } from '../../src/minecraft/body/index.js'
import { once } from './body-support.js'
import { waitFor } from '../support/wait.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dirs: string[] = []
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mindbridge-world-'))
  dirs.push(d)
  return d
}
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

interface Bot {
  child: ChildProcess
  out(): string
  err(): string
  exited: Promise<number | null>
}

function bot(args: string[]): Bot {
  return cli('bot', args)
}

/** `mindbridge <command> …` as a subprocess, without the caller's MINDBRIDGE_* settings. */
function cli(command: string, args: string[]): Bot {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MINDBRIDGE_')) env[k] = v
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', command, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return { child, out: () => out, err: () => err, exited }
}

function count(text: string, re: RegExp): number {
  return text.split('\n').filter((l) => re.test(l)).length
}

/** The summary block is the end of stdout: nothing follows its last line. */
function assertSummaryLast(out: string): void {
  const lines = out.trimEnd().split('\n')
  const start = lines.findIndex((l) => l.startsWith('── '))
  assert.ok(start >= 0, `no summary in:\n${out}`)
  const after = lines.slice(start + 1)
  assert.ok(
    after.every((l) => /^ {3}(reason|time|steps|skill failures|model calls|tokens|agent messages):/.test(l)),
    `printed after the summary:\n${after.join('\n')}`,
  )
}

function world(args: string[]): Bot {
  return cli('world', args)
}

describe('the server goes away and comes back', { timeout: 6 * 60_000 }, () => {
  test('mindbridge world --dir keeps the world in the folder; a second start finds its seed there', async () => {
    const dir = join(tempDir(), 'my-world')
    const first = world(['--port', '0', '--dir', dir, '--seed', '5'])
    await waitFor('the world to start', () => /press Ctrl-C/.test(first.out()), { timeoutMs: 60_000, detail: () => first.out() + first.err() })
    assert.match(first.out(), /seed 5/)
    assert.ok(first.out().includes(`saved in: ${dir}`), first.out())
    first.child.kill('SIGTERM')
    assert.equal(await first.exited, 0, first.err())
    const second = world(['--port', '0', '--dir', dir, '--seed', '6'])
    try {
      await waitFor('the world to start again', () => /press Ctrl-C/.test(second.out()), { timeoutMs: 60_000, detail: () => second.out() + second.err() })
      assert.match(second.out(), /seed 5, offline mode/)
      assert.match(second.out(), /was made with seed 5; --seed 6 is ignored/)
    } finally {
      second.child.kill('SIGTERM')
      await second.exited
    }
  })

  test('a world folder keeps chunks and players: a restarted server gives the bot back its inventory and position', async () => {
    const dir = tempDir()
    let world: World = await startWorld({ dir, seed: 21 })
    const port = world.port
    const body = await createBody({ host: world.host, port, username: 'Keeper', reconnect: { baseDelayMs: 200, maxDelayMs: 1000 }, reflexes: { eat: false } })
    try {
      world.give('Keeper', 'oak_log', 5)
      await waitFor('the logs to reach the bot', () => (body.inventoryCounts()['minecraft:oak_log'] ?? 0) === 5 || body.inventoryCounts()['oak_log'] === 5, {
        detail: () => JSON.stringify(body.inventoryCounts()),
      })
      const before = body.bot.entity.position.clone()
      // a block the player "built": it must still be there after the restart
      const squid = world.server as unknown as { setBlock(w: unknown, p: unknown, id: number): Promise<void>; overworld: unknown; registry: { blocksByName: Record<string, { defaultState: number }> } }
      const built = before.offset(2, 0, 2).floored()
      await squid.setBlock(squid.overworld, built, squid.registry.blocksByName.gold_block!.defaultState)
      await waitFor('the bot to see the gold block', () => body.bot.blockAt(built)?.name === 'gold_block')

      const lost = once(body, 'disconnect', 30_000)
      await world.close()
      await lost
      const back = once(body, 'reconnect', 60_000)
      world = await startWorld({ dir, port })
      assert.equal(world.seed, 21, 'the folder keeps its seed')
      await back
      await waitFor('the inventory to come back', () => Object.values(body.inventoryCounts()).reduce((a, b) => a + b, 0) > 0, {
        detail: () => JSON.stringify(body.inventoryCounts()),
      })
      const counts = body.inventoryCounts()
      assert.equal(counts['minecraft:oak_log'] ?? counts['oak_log'], 5, JSON.stringify(counts))
      const now = body.bot.entity.position
      assert.ok(now.distanceTo(before) < 1.5, `back where it was: ${before} → ${now}`)
      await waitFor('the chunk with the gold block to load', () => body.bot.blockAt(built) !== null)
      assert.equal(body.bot.blockAt(built)?.name, 'gold_block', 'the built block survived the restart')
    } finally {
      await body.close()
      await world.close()
    }
  })

  test('bot --task: the world restarts mid-task; the bot waits (one line), reconnects (one line) and resumes; nothing after the summary', async () => {
    const dir = tempDir()
    let world: World = await startWorld({ dir, seed: 9 })
    const port = world.port
    const b = bot(['--host', world.host, '--port', String(port), '--username', 'Phoenix', '--no-control', '--reconnect-grace', '120', '--timeout', '300', '--task', 'collect 4 log'])
    try {
      await waitFor('the first step', () => /step 1: /.test(b.out()), { timeoutMs: 60_000, detail: () => b.out() + b.err() })
      await world.close()
      await waitFor('the waiting line', () => /disconnected from the server/.test(b.out()), { timeoutMs: 30_000, detail: () => b.out() })
      world = await startWorld({ dir, port })
      const code = await b.exited
      const out = b.out()
      assert.equal(code, 0, out + b.err())
      assert.match(out, /SUCCEEDED "collect 4 log"/)
      assert.equal(count(out, /disconnected from the server \(.+\); waiting up to 2 min for it to come back, then task #1 resumes$/), 1, out)
      assert.equal(count(out, /reconnected to the server after .+; task #1 resumes from what the bot has now$/), 1, out)
      assert.equal(count(out, /disconnected|reconnected/), 2, `one line each, nothing else about it:\n${out}`)
      assert.doesNotMatch(out, /looking elsewhere/, 'the cut-short step is no failed attempt: it is simply resumed')
      assertSummaryLast(out)
      assert.equal(b.err(), '')
    } finally {
      b.child.kill('SIGKILL')
      await world.close()
    }
  })

  test('bot --task: the server does not come back within --reconnect-grace; the task fails once with the reason', async () => {
    const world = await startWorld({ seed: 9 })
    const b = bot(['--host', world.host, '--port', String(world.port), '--username', 'Waiter', '--no-control', '--reconnect-grace', '2', '--task', 'collect 20 log'])
    try {
      await waitFor('the first step', () => /step 1: /.test(b.out()), { timeoutMs: 60_000, detail: () => b.out() + b.err() })
      await world.close()
      const code = await b.exited
      const out = b.out()
      assert.equal(code, 1, out + b.err())
      assert.equal(count(out, /disconnected from the server .*waiting up to 2 s for it to come back/), 1, out)
      assert.match(out, /\n {3}reason: +the server did not come back within 2 s \(lost: .+\)\n/)
      assert.equal(count(out, /did not come back/), 1, 'the reason is said once')
      assert.equal(count(out, /reconnected/), 0)
      assertSummaryLast(out)
      assert.equal(b.err(), '')
    } finally {
      b.child.kill('SIGKILL')
      await world.close()
    }
  })
})

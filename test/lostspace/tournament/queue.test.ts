import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { tempDir } from '../../fixtures/lostspace-ais/helpers.js'
import { waitFor } from '../../support/wait.js'
import { gameFileCount, outcomeOnly, passiveAi, readOut, runCli, startCli, type CliRun } from './helpers.js'
import { needsTool } from '../../support/skips.js'

const REDIS = '/usr/bin/redis-server'
const skip = existsSync(REDIS) ? false : needsTool('redis-server', `${REDIS} is not installed (Debian package redis-server; .ci/run installs it): skipping the distributed tournament tests`)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => resolve(port))
    })
  })
}

/** A real redis-server on a free loopback port, persistence off. */
async function startRedis(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort()
  const proc = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()))
  await waitFor('redis-server to accept connections', () => out.includes('Ready to accept connections') || proc.exitCode !== null, { timeoutMs: 20_000 })
  if (proc.exitCode !== null) throw new Error(`redis-server exited: ${out}`)
  return { url: `redis://127.0.0.1:${port}`, proc }
}

const started = (run: CliRun) => [...run.stderr().matchAll(/game ([0-9a-f]+) \(#\d+\) started/g)].map((m) => m[1]!)
const finished = (run: CliRun) => [...run.stderr().matchAll(/game ([0-9a-f]+) \(#\d+\) finished/g)].map((m) => m[1]!)

describe('distributed tournament on BullMQ + a real redis-server', { skip }, () => {
  const cleanups: (() => void)[] = []
  after(() => {
    for (const c of cleanups.reverse()) c()
  })
  let redisStarted: Promise<{ url: string; proc: ChildProcess }> | undefined
  /** One redis-server for the tests of this file (each test uses its own queue name). */
  const sharedRedis = () =>
    (redisStarted ??= startRedis().then((r) => {
      cleanups.unshift(() => r.proc.kill('SIGKILL'))
      return r
    }))

  test('coordinator and two workers; one worker SIGKILLed mid-game, the coordinator SIGKILLed and restarted: every game counted once, results as a local run', { timeout: 240_000 }, async () => {
    const redis = await sharedRedis()
    const tmp = tempDir('tourney-queue-')
    cleanups.push(tmp.cleanup)
    const queueName = `test-${randomBytes(4).toString('hex')}`
    const passive = passiveAi(queueName)
    const entrants = ['--ai', 'builtin:random', '--ai', 'builtin:strategist', '--ai', passive]
    const common = [...entrants, '--games', '12', '--seed', '5', '--time-limit', '10']
    const worker = (name: string) => {
      const w = startCli(['lostspace', 'worker', '--queue', redis.url, '--queue-name', queueName, '--parallel', '1', '--stall-timeout', '2', '--name', name, '--allow-command', passive], 200_000)
      cleanups.push(() => w.child.kill('SIGKILL'))
      return w
    }
    const a = worker('wA')
    const b = worker('wB')
    const out = join(tmp.dir, 'distributed')
    const coordinatorArgs = ['lostspace', 'tournament', ...common, '--queue', redis.url, '--queue-name', queueName, '--out', out]
    const first = startCli(coordinatorArgs)
    cleanups.push(() => first.child.kill('SIGKILL'))

    // worker A dies in the middle of its first game
    const victim = (await waitFor('worker A to start a game', () => started(a)[0], { timeoutMs: 90_000, detail: () => a.stderr() + first.stderr() }))!
    a.child.kill('SIGKILL')
    const aDone = await a.done
    assert.equal(aDone.signal, 'SIGKILL')
    assert.ok(!finished(a).includes(victim), 'worker A was killed mid-game')

    // the coordinator dies too, once some results are saved; a new one picks up
    await waitFor('three saved games', () => gameFileCount(out) >= 3, { timeoutMs: 90_000, detail: () => first.stderr() + b.stderr() })
    first.child.kill('SIGKILL')
    await first.done
    const saved = gameFileCount(out)
    assert.ok(saved < 12, `the first coordinator had saved ${saved} games before it was killed`)
    const second = await runCli(coordinatorArgs, 150_000)
    assert.equal(second.code, 0, second.stderr + b.stderr())
    assert.match(second.stderr, /\d+ of 12 games already finished/)

    const d = readOut(out)
    assert.equal(d.complete, true)
    assert.equal(d.games.length, 12)
    assert.equal(d.gameFiles.length, 12)
    assert.equal(new Set(d.games.map((g) => g.id)).size, 12)
    assert.deepEqual(d.games.map((g) => g.index), [...Array(12).keys()])
    // the game A was playing was played again, by B; A finished nothing
    assert.equal(d.games.find((g) => g.id === victim)?.by, 'wB')
    assert.equal(d.games.filter((g) => g.by === 'wA').length, 0)
    assert.equal(d.standings.reduce((n, s) => n + s.seats, 0), 48)
    assert.equal(d.standings.reduce((n, s) => n + s.wins, 0), 12)

    // every job of this tournament is gone from the queue once its result was saved
    const conn = new Redis(redis.url, { maxRetriesPerRequest: null })
    const queue = new Queue(queueName, { connection: conn })
    const counts = await queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed')
    await queue.close()
    conn.disconnect()
    assert.deepEqual(counts, { waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 })

    // the same tournament on this machine's threads gives the same games and leaderboard
    const local = join(tmp.dir, 'local')
    const l = await runCli(['lostspace', 'tournament', ...common, '--parallel', '2', '--out', local])
    assert.equal(l.code, 0, l.stderr)
    const lo = readOut(local)
    assert.deepEqual(d.games.map(outcomeOnly), lo.games.map(outcomeOnly))
    assert.deepEqual(d.standings, lo.standings)

    // Ctrl-C on a worker: it stops after its running games and exits 0
    b.child.kill('SIGINT')
    const bDone = await b.done
    assert.equal(bDone.code, 0, bDone.stderr)
  })

  test('a game no worker may play fails with the reason; the coordinator exits 1 and names it', { timeout: 120_000 }, async () => {
    const redis = await sharedRedis()
    const tmp = tempDir('tourney-queue-')
    cleanups.push(tmp.cleanup)
    const queueName = `test-${randomBytes(4).toString('hex')}`
    const passive = passiveAi(queueName)
    // this worker allows no command AI
    const w = startCli(['lostspace', 'worker', '--queue', redis.url, '--queue-name', queueName, '--parallel', '1', '--name', 'strict'], 100_000)
    cleanups.push(() => w.child.kill('SIGKILL'))
    const out = join(tmp.dir, 'out')
    const r = await runCli(['lostspace', 'tournament', '--ai', 'builtin:random', '--ai', passive, '--games', '2', '--seed', '3', '--queue', redis.url, '--queue-name', queueName, '--out', out], 100_000)
    assert.equal(r.code, 1, r.stderr)
    assert.match(r.stderr, /game #0 \([0-9a-f]+\) failed: this worker does not run the command AI 'python3 /)
    assert.match(r.stderr, /game #1 \([0-9a-f]+\) failed: /)
    const o = readOut(out)
    assert.equal(o.games.length, 0)
    assert.equal(o.complete, false)
    assert.match(w.stderr(), /failed \(attempt 1\): this worker does not run the command AI/)
    w.child.kill('SIGINT')
    assert.equal((await w.done).code, 0)
  })

  test('worker: an unreachable Redis is a clear error', { timeout: 60_000 }, async () => {
    const port = await freePort()
    const r = await runCli(['lostspace', 'worker', '--queue', `redis://127.0.0.1:${port}`])
    assert.equal(r.code, 1)
    assert.match(r.stderr, new RegExp(`cannot reach Redis at redis://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`))
  })
})

/**
 * `--dashboard` on every bot command, as a user runs it (a real subprocess, a real world): `play`,
 * `bot`, `brain` and `maicore` (with its stand-in MaiCore) each print the page's address with the
 * token, serve the page on 127.0.0.1, and stream their own link's data to a socket that presents
 * that token (and nothing to one that does not). The `dashboard` section of a config file turns it
 * on the same way and its settings reach the page.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { startWorld } from './support/world.js'
import { waitFor, within } from '../support/wait.js'
import { startCli, type CliRun } from '../support/run-node.js'
import type { DashboardServerFrame } from '../../src/minecraft/dashboard/protocol.js'


type Frame<T extends DashboardServerFrame['type']> = Extract<DashboardServerFrame, { type: T }>

/** Connects with `token`; resolves to the frames once `until` holds, or the close code. */
async function frames(base: string, token: string, until: (f: DashboardServerFrame[]) => boolean): Promise<{ frames: DashboardServerFrame[]; code?: number }> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/v1/dashboard`)
  const got: DashboardServerFrame[] = []
  let code: number | undefined
  ws.on('message', (d) => got.push(JSON.parse(String(d)) as DashboardServerFrame))
  const closed = new Promise<void>((r) => ws.on('close', (c) => ((code = c), r())))
  await within('the dashboard socket to open', new Promise((r, j) => (ws.once('open', r), ws.once('error', j))), 10_000)
  ws.send(JSON.stringify({ op: 'auth', token }))
  await within('frames or a close', Promise.race([closed, waitFor('the frames', () => until(got), { timeoutMs: 30_000 })]), 40_000)
  ws.close()
  await closed
  return { frames: got, ...(code !== undefined ? { code } : {}) }
}

/** Waits for the printed address, checks the page, the data with the token and none without; stops the command. */
async function check(run: CliRun, protocol: string, extra: (f: DashboardServerFrame[]) => void = () => undefined): Promise<string> {
  try {
    const line = await waitFor('the dashboard address', () => {
      if (run.child.exitCode !== null) throw new Error(`the command ended (${run.child.exitCode}) before printing the address:\n${run.out()}`)
      return /dashboard: (http:\/\/127\.0\.0\.1:\d+)\/dashboard#token=([0-9a-zA-Z_-]+)/.exec(run.out())
    }, {
      timeoutMs: 120_000,
      detail: () => run.out().slice(-2000),
    })
    const [, base, token] = line as unknown as [string, string, string]
    const page = await fetch(`${base}/dashboard`)
    assert.equal(page.status, 200)
    assert.match(await page.text(), /<title>mindbridge dashboard<\/title>/)
    assert.equal((await fetch(`${base}/v1/status`)).status, 401, 'the data routes need the token')

    const wrong = await frames(base!, `${token}x`, (f) => f.length > 0)
    assert.equal(wrong.code, 4401)
    assert.deepEqual(wrong.frames, [])

    const good = await frames(base!, token!, (f) => f.some((x) => x.type === 'status' && x.ready) && f.some((x) => x.type === 'map' && x.knownBlocks > 0))
    const hello = good.frames.find((f): f is Frame<'hello'> => f.type === 'hello')!
    assert.equal(hello.protocol, protocol)
    const status = good.frames.findLast((f): f is Frame<'status'> => f.type === 'status' && f.ready)!
    assert.ok(status.body && status.body.health > 0, 'the body status is live')
    assert.equal(status.protocol, protocol)
    extra(good.frames)
    return run.out()
  } finally {
    run.child.kill('SIGINT')
    await within('the command to end after Ctrl-C', run.exited, 60_000).catch(() => run.child.kill('SIGKILL'))
  }
}

describe('--dashboard on play, bot, brain and maicore (subprocess)', { timeout: 10 * 60_000 }, () => {
  test('play --dashboard', async () => {
    const run = startCli(['play', '--dashboard', '--control-port', '0', '--world', 'starter', '--seed', '5', '--task', 'get 1 minecraft:iron_pickaxe'])
    const out = await check(run, 'lynxmind', (f) => {
      assert.ok(f.some((x) => x.type === 'hello' && x.mind === 'builtin'))
    })
    assert.match(out, /control API token: [0-9a-f]+/, 'the generated token is printed')
  })

  test('bot --dashboard on a running server; the config file\'s dashboard section instead of the flag', async () => {
    const world = await startWorld({ seed: 6, profile: 'starter' })
    const dir = mkdtempSync(join(tmpdir(), 'mb-dash-cli-'))
    try {
      await check(startCli(['bot', '--host', world.host, '--port', String(world.port), '--username', 'DashBot', '--dashboard', '--control-port', '0']), 'lynxmind', (f) => {
        assert.ok(f.some((x) => x.type === 'hello' && x.bot === 'DashBot'))
      })
      writeFileSync(join(dir, 'mindbridge.config.json'), JSON.stringify({ dashboard: { enabled: true, mapRadius: 10, periodMs: 250 }, control: { port: 0, token: 'from-the-config-file' } }))
      const out = await check(startCli(['-c', join(dir, 'mindbridge.config.json'), 'bot', '--host', world.host, '--port', String(world.port), '--username', 'DashBot2']), 'lynxmind', (f) => {
        const hello = f.find((x): x is Frame<'hello'> => x.type === 'hello')!
        assert.equal(hello.mapRadius, 10)
        const map = f.find((x): x is Frame<'map'> => x.type === 'map')!
        assert.equal(map.size, 21)
      })
      assert.match(out, /dashboard: http:\/\/127\.0\.0\.1:\d+\/dashboard#token=from-the-config-file/)
    } finally {
      await world.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('brain --dashboard', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-dash-brain-'))
    try {
      await check(startCli(['brain', '--file', join(dir, 'brain.json'), '--dashboard', '--control-port', '0', '--world', 'starter', '--seed', '5', '--goal', 'get 3 logs']), 'brainfile', (f) => {
        assert.ok(f.some((x) => x.type === 'hello' && x.mind === 'builtin'))
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('maicore --standin builtin --dashboard', async () => {
    await check(startCli(['maicore', '--standin', 'builtin', '--dashboard', '--control-port', '0', '--seed', '5']), 'maicore', (f) => {
      const status = f.findLast((x): x is Frame<'status'> => x.type === 'status')!
      assert.ok(status.task?.text, 'the goal is the task')
    })
  })
})

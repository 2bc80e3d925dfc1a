/**
 * The remote mind through the CLI: `play` / `bot` as real subprocesses, a real agent process
 * (test/minecraft/support/remote-agent.ts) speaking LynxMind over a real WebSocket, and the
 * embedded world. Every wait is for a printed line or an exit, bounded with a reason.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startWorld, type World } from './support/world.js'
import { waitFor, within } from '../support/wait.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const agentScript = fileURLToPath(new URL('./support/remote-agent.ts', import.meta.url))

/** A child process whose output the test can wait on, line by line. */
function run(args: string[], env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  const p = { child, out: '', err: '' }
  child.stdout!.on('data', (d: Buffer) => (p.out += d))
  child.stderr!.on('data', (d: Buffer) => (p.err += d))
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return {
    ...p,
    get out() {
      return p.out
    },
    get err() {
      return p.err
    },
    /** The first match of `re` in stdout, waiting for it to be printed. */
    line(re: RegExp, what: string, timeoutMs = 120_000): Promise<RegExpExecArray> {
      return waitFor(what, () => re.exec(p.out), { timeoutMs, intervalMs: 25, detail: () => `stdout so far:\n${p.out}\nstderr:\n${p.err}` })
    },
    exit(what: string, timeoutMs = 180_000): Promise<number | null> {
      return within(what, exited, timeoutMs)
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
  }
}
type Proc = ReturnType<typeof run>

const cli = (args: string[], env?: Record<string, string>) => run(['src/cli/main.ts', ...args], env)
const agent = (url: string, token: string, mode: string, x = 0, z = 0) => run([agentScript, url, token, mode, String(x), String(z)])

/** The URL and token `play`/`bot` print once the remote mind listens. */
async function listening(p: Proc): Promise<{ url: string; port: number }> {
  const m = await p.line(/remote mind listening: (ws:\/\/127\.0\.0\.1:(\d+)\/lynxmind)\n/, 'the remote mind URL')
  return { url: m[1]!, port: Number(m[2]) }
}

describe('remote mind through the CLI, with an agent process', { timeout: 15 * 60_000 }, () => {
  const procs: Proc[] = []
  const track = (p: Proc) => (procs.push(p), p)
  after(() => procs.forEach((p) => p.kill()))

  test('play --remote-port 0 prints a URL an agent connects to; an agent that leaves early fails the task once after the grace period', async () => {
    // the grace period from the config key mind.remoteGraceSec (here through its environment variable)
    const play = track(cli(['play', '--mind', 'remote', '--remote-port', '0', '--seed', '5'], { MINDBRIDGE_MIND_REMOTE_GRACE_SEC: '1' }))
    const { url, port } = await listening(play)
    assert.notEqual(port, 0)
    const token = (await play.line(/ {2}token: ([0-9a-f]+) \(random for this run/, 'the random token'))[1]!
    await play.line(/waiting for the remote mind to answer EVENT_AI_START/, 'the wait for an agent')

    const a = track(agent(url, token, 'leave-on-task'))
    assert.equal(await a.exit('the agent to leave'), 0, a.err)
    const sent = Number((await a.line(/sent (\d+)/, "the agent's count")).at(1))
    assert.equal(sent, 3, 'AI_START, a frame that is not JSON, GET_STATUS')
    assert.match(a.out, /got ERROR/)

    await play.line(/the remote agent connected\n/, 'the connect line')
    await play.line(/the remote agent disconnected; the body stopped; task #1 waits 1 s for an agent to connect again/, 'the disconnect line')
    const code = await play.exit('play to end')
    assert.equal(code, 1, play.out + play.err)
    // the reason is said once, in the summary (not again as a task line or on stderr)
    assert.equal(play.out.match(/the remote agent left/g)?.length, 1, 'the task fails once, the reason said once')
    assert.match(play.out, /── FAILED "get 1 minecraft:stone_pickaxe"\n {3}reason: +the remote agent left and no agent connected within 1 s/)
    assert.equal(play.err, '')
    assert.match(play.out, new RegExp(`agent messages: +${sent} \\(1 rejected\\)`))
  })

  test('play: SIGINT while waiting for an agent exits 130', async () => {
    const play = track(cli(['play', '--mind', 'remote', '--remote-port', '0', '--seed', '5']))
    await listening(play)
    await play.line(/waiting for the remote mind to answer EVENT_AI_START/, 'the wait for an agent')
    play.child.kill('SIGINT')
    assert.equal(await play.exit('play to end after SIGINT', 60_000), 130, play.out + play.err)
    assert.match(play.out, /── INTERRUPTED "get 1 minecraft:stone_pickaxe"\n {3}reason: +interrupted while waiting for the remote mind/)
    assert.equal(play.err, 'mindbridge: Ctrl-C: stopping… (press Ctrl-C again to quit at once)\n')
  })

  describe('bot on a running world', () => {
    let world: World
    let n = 0
    const bot = (task: string, extra: string[] = [], env?: Record<string, string>) =>
      track(cli(['bot', '--host', world.host, '--port', String(world.port), '--username', `Remote${++n}`, '--no-control', '--mind', 'remote', '--remote-port', '0', '--task', task, ...extra], env))
    const goal = () => ({ x: world.spawn.x + 3, z: world.spawn.z + 2 })
    before(async () => {
      world = await startWorld({ seed: 7 })
    })
    after(async () => {
      await world?.close()
    })

    test('an agent that leaves once the goal is met ends the task as a success', async () => {
      const { x, z } = goal()
      const b = bot(`goto ${x} ${z}`, ['--remote-token', 'flag-token'])
      const { url } = await listening(b)
      await b.line(/ {2}token: the one given with --remote-token/, 'the token source')
      const a = track(agent(url, 'flag-token', 'walk-then-leave', x, z))
      assert.equal(await b.exit('bot to end'), 0, b.out + b.err + a.out + a.err)
      assert.match(b.out, /the remote agent disconnected; the body stopped; task #1's goal is met/)
      assert.match(b.out, /── SUCCEEDED "goto .*"\n {3}reason: +the remote agent left with the goal met \(reached/)
      await a.exit('the agent to end')
      const sent = Number((await a.line(/sent (\d+)/, "the agent's count")).at(1))
      assert.match(b.out, new RegExp(`agent messages: +${sent} \\(0 rejected\\)`))
    })

    test('an agent that leaves early and another that connects within the grace period carries the task on', async () => {
      const { x, z } = goal()
      const b = bot(`goto ${x} ${z}`, ['--remote-grace', '600'], { MINDBRIDGE_REMOTE_TOKEN: 'env-token' })
      const { url } = await listening(b)
      await b.line(/ {2}token: the value of \$MINDBRIDGE_REMOTE_TOKEN/, 'the token source')
      const first = track(agent(url, 'env-token', 'leave-on-task'))
      await b.line(/task #1 waits 600 s for an agent to connect again/, 'the disconnect line')
      assert.equal(await first.exit('the first agent to leave'), 0)
      const second = track(agent(url, 'env-token', 'carry-on', x, z))
      await b.line(/the remote agent connected again; it gets task #1 and a fresh status/, 'the reconnect line')
      assert.equal(await b.exit('bot to end'), 0, b.out + b.err + second.out + second.err)
      assert.match(b.out, /── SUCCEEDED "goto .*"\n {3}reason: +arrived \(reached/)
      // the returning agent got the task and a status before anything else it asked for
      const got = second.out.split('\n').filter((l) => l.startsWith('got ')).slice(0, 2)
      assert.deepEqual(got, ['got EVENT_PLAYER_STATUS_CREATE_TASK', 'got EVENT_PLAYER_STATUS_HEARTBEAT'])
      await first.line(/sent (\d+)/, 'the first count')
      await second.exit('the second agent to end')
      const sent = [first, second].reduce((s, p) => s + Number(/sent (\d+)/.exec(p.out)![1]), 0)
      assert.match(b.out, new RegExp(`agent messages: +${sent} \\(1 rejected\\)`))
    })

    test('no agent: --timeout bounds the wait and exits 3', async () => {
      const b = bot('goto 0 0', ['--timeout', '2'])
      await listening(b)
      assert.equal(await b.exit('bot to time out'), 3, b.out + b.err)
      assert.match(b.out, /── TIMEOUT "goto 0 0"\n {3}reason: +timed out after 2 s waiting for the remote mind to answer EVENT_AI_START/)
      assert.equal(b.err, '')
    })

    test('SIGTERM while waiting for an agent exits 130', async () => {
      const b = bot('goto 0 0')
      await listening(b)
      await b.line(/waiting for the remote mind to answer EVENT_AI_START/, 'the wait for an agent')
      b.child.kill('SIGTERM')
      assert.equal(await b.exit('bot to end after SIGTERM', 60_000), 130, b.out + b.err)
      assert.match(b.out, /── INTERRUPTED "goto 0 0"/)
    })
  })
})

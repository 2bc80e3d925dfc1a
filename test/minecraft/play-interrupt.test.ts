/**
 * Ctrl-C and SIGTERM while `play` starts up (the embedded world and the bot are not up yet): the
 * run ends cleanly with exit 130 and an INTERRUPTED summary; a second Ctrl-C quits at once. Each
 * signal is sent when the process prints a known line, never after a fixed sleep.
 */
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { waitFor, within } from '../support/wait.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

function play(args: string[] = []) {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MINDBRIDGE_')) env[k] = v
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'play', '--seed', '5', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const p = { out: '', err: '' }
  child.stdout!.on('data', (d: Buffer) => (p.out += d))
  child.stderr!.on('data', (d: Buffer) => (p.err += d))
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return {
    child,
    get out() {
      return p.out
    },
    get err() {
      return p.err
    },
    /** Waits for `re` on stdout or stderr (bounded), then sends `signal`. */
    async signalAt(re: RegExp, signal: NodeJS.Signals, stream: 'out' | 'err' = 'out') {
      await waitFor(`${re} to be printed`, () => re.test(p[stream]), { timeoutMs: 60_000, intervalMs: 5, detail: () => `stdout:\n${p.out}\nstderr:\n${p.err}` })
      child.kill(signal)
    },
    exit: () => within('play to exit', exited, 60_000),
  }
}

describe('play: interrupted during start-up', { timeout: 5 * 60_000 }, () => {
  const started: Array<ReturnType<typeof play>> = []
  after(() => {
    for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL')
  })

  test('Ctrl-C while the world starts: exit 130, an INTERRUPTED summary, no bot, one line on stderr', async () => {
    const p = play()
    started.push(p)
    await p.signalAt(/^starting the embedded world…$/m, 'SIGINT')
    assert.equal(await p.exit(), 130, p.out + p.err)
    assert.match(p.out, /── INTERRUPTED "get 1 minecraft:stone_pickaxe"\n {3}reason: +interrupted while starting the world\n/)
    assert.doesNotMatch(p.out, /spawned|step \d/)
    assert.equal(p.err, 'mindbridge: Ctrl-C: stopping… (press Ctrl-C again to quit at once)\n')
  })

  test('SIGTERM once the world is up, while the bot joins: exit 130, INTERRUPTED, no task step', async () => {
    const p = play(['--task', 'collect 1 log'])
    started.push(p)
    await p.signalAt(/^world: Minecraft /m, 'SIGTERM')
    assert.equal(await p.exit(), 130, p.out + p.err)
    assert.match(p.out, /── INTERRUPTED "collect 1 log"\n {3}reason: +interrupted while /)
    assert.doesNotMatch(p.out, /step \d/)
    assert.match(p.err, /^mindbridge: SIGTERM: stopping…/)
  })

  test('a second Ctrl-C while the first is still stopping quits at once, exit 130', async () => {
    const p = play()
    started.push(p)
    await p.signalAt(/^starting the embedded world…$/m, 'SIGINT')
    await p.signalAt(/stopping… \(press Ctrl-C again to quit at once\)/, 'SIGINT', 'err')
    assert.equal(await p.exit(), 130, p.out + p.err)
    assert.match(p.err, /SIGINT again: quitting at once/)
  })
})

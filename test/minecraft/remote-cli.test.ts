/**
 * `play --mind remote` as a real subprocess: the printed URL (real port, also for
 * --remote-port 0) is one an agent can connect to; --timeout and Ctrl-C end the wait for
 * an agent with their exit codes (3 and 130).
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { waitFor, waitForEvent } from '../support/wait.js'
import { envWithout } from '../support/run-node.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

function start(args: string[]): { child: ChildProcessWithoutNullStreams; out: () => string; err: () => string; exit: Promise<[number | null, NodeJS.Signals | null]> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: root, env: envWithout((k) => k.startsWith('MINDBRIDGE_')) })
  let out = ''
  let err = ''
  child.stdout.on('data', (d: Buffer) => (out += d))
  child.stderr.on('data', (d: Buffer) => (err += d))
  const exit = waitForEvent<[number | null, NodeJS.Signals | null]>('the CLI to exit', child, 'close', () => true, 180_000)
  return { child, out: () => out, err: () => err, exit }
}

const URL_LINE = /remote agents connect to (ws:\/\/127\.0\.0\.1:(\d+)\/lynxmind) \(Authorization: Bearer <token>, token printed above\)/

describe('play --mind remote (subprocess)', { timeout: 300_000 }, () => {
  test('--remote-port 0 prints the real URL, an agent can connect to it, and --timeout bounds the wait (exit 3)', async () => {
    const p = start(['play', '--mind', 'remote', '--remote-port', '0', '--seed', '3', '--timeout', '20'])
    try {
      const m = await waitFor('the URL line', () => URL_LINE.exec(p.out()), { timeoutMs: 120_000, detail: () => p.out() + p.err() })
      assert.notEqual(Number(m[2]), 0)
      const token = /remote mind token: (\S+)/.exec(p.out())?.[1]
      assert.ok(token, p.out())
      const ws = new WebSocket(m[1], { headers: { authorization: `Bearer ${token}` } })
      await waitForEvent('the agent connection to open', ws, 'open', () => true, 30_000)
      ws.close()
      const [code] = await p.exit
      assert.equal(code, 3, p.out() + p.err())
      assert.match(p.err(), /task timeout: the remote mind did not start within 20 s/)
    } finally {
      p.child.kill('SIGKILL')
    }
  })

  test('one Ctrl-C while waiting for an agent ends the run cleanly (exit 130)', async () => {
    const p = start(['play', '--mind', 'remote', '--remote-port', '0', '--seed', '3'])
    try {
      await waitFor('the session to wait for an agent', () => /waiting for the remote mind to answer EVENT_AI_START/.test(p.out()), { timeoutMs: 120_000, detail: () => p.out() + p.err() })
      p.child.kill('SIGINT')
      const [code] = await p.exit
      assert.equal(code, 130, p.out() + p.err())
      assert.match(p.err(), /task interrupted: interrupted while waiting for the remote mind/)
    } finally {
      p.child.kill('SIGKILL')
    }
  })
})

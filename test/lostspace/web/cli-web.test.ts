/**
 * `lostspace match --web` in a terminal: the match is served while it runs, two spectators follow
 * it over the WebSocket to its end and see what the terminal prints.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { ROOT } from '../../fixtures/lostspace-ais/helpers.js'
import { waitFor } from '../../support/wait.js'
import { connect, isType } from './helpers.js'

test('lostspace match --web: spectators follow a terminal match to its end and see the printed result', { timeout: 180_000 }, async () => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'lostspace', 'match', '--web', '0', '--pace', '5', '--seed', '11', '--json',
      '--ai', 'builtin:strategist', '--ai', 'builtin:random', '--ai', 'builtin:random', '--ai', 'builtin:strategist'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let out = ''
  let err = ''
  child.stdout.on('data', (d: Buffer) => (out += d))
  child.stderr.on('data', (d: Buffer) => (err += d))
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  try {
    const m = await waitFor('the URL to follow the match', () => /follow the match at (http:\/\/127\.0\.0\.1:\d+)\/\?match=([\w-]+)/.exec(err), { timeoutMs: 60_000, detail: () => err })
    const ws = `${m[1]!.replace('http', 'ws')}/ws?match=${m[2]}`
    const [a, b] = await Promise.all([connect(ws), connect(ws)])
    const [endA, endB] = await Promise.all([
      a.next('the end frame (spectator A)', isType('end')),
      b.next('the end frame (spectator B)', isType('end')),
    ])
    a.close()
    b.close()
    assert.equal(await exited, 0, err)
    const printed = JSON.parse(out) as { endInfo: Record<string, number>; rounds: number }
    // both spectators got the same final replay, and its scores are what the terminal printed
    assert.deepEqual(endA.replay, endB.replay)
    assert.deepEqual(endA.replay[endA.replay.length - 1], printed.endInfo)
    assert.equal(endA.match.ranking?.length, 4)
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
  }
})

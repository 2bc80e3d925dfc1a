/**
 * End to end through the CLI on the embedded natural world: `mindbridge play` gets a stone pickaxe
 * from an empty inventory (fair play: it explores for trees and stone), and exits 0 with a summary.
 * Slow (a minute or more), but honest. The iron pickaxe and the chat tasks are in their own files
 * (iron-fair-e2e, chat-tasks-e2e) so that each fits the test runner's per-file limit.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

test('mindbridge play on the natural world: get 1 minecraft:stone_pickaxe from an empty inventory, exit 0 with a summary', { timeout: 11 * 60_000 }, async () => {
  // --timeout 540: the task ends (with its summary) inside the runner's 12-minute per-file limit
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'play', '--seed', '1', '--timeout', '540', '--task', 'get 1 minecraft:stone_pickaxe'], {
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

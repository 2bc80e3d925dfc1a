import { test } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { runNode } from '../support/run-node.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

test('a player who leaves mid-dig leaves nothing running: the process ends by itself after close()', async () => {
  // flying-squid's dig animation interval leaked when a player left mid-dig and kept the process alive
  const r = await runNode(['--import', 'tsx', 'test/fixtures/minecraft/dig-and-leave.ts'], { cwd: ROOT, limitMs: 90_000 })
  assert.match(r.stdout, /closed\n/, r.stderr)
  assert.equal(r.signal, null, `the process did not end by itself after the world closed (killed after the limit)\n${r.stderr}`)
  assert.equal(r.code, 0, r.stderr)
})

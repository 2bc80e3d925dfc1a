// A user's screen stays clean: connecting a body to the embedded world and fighting prints nothing on
// stderr (mineflayer-pvp used to print a `physicTick` deprecation warning on every connect).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { envWithout, runNode } from '../support/run-node.js'
import { fileURLToPath } from 'node:url'

const CHILD = fileURLToPath(new URL('./support/quiet-connect-child.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

test('a world, a body connecting and an attack print no warning on stderr', { timeout: 120_000 }, async () => {
  const env = envWithout((k) => k.startsWith('MINDBRIDGE_') || k === 'NODE_OPTIONS')
  const r = await runNode(['--import', 'tsx', CHILD], { cwd: ROOT, env, limitMs: 110_000 })
  assert.equal(r.code, 0, r.stderr)
  assert.deepEqual(JSON.parse(r.stdout.trim().split('\n').pop()!), { ok: true, reason: 'killed minecraft:cow' })
  assert.equal(r.stderr, '', 'stderr should be empty')
})

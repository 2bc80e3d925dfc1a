/**
 * `mindbridge play --mc-version 1.20.4` end to end, as play-stone-cli-e2e on 1.16.5: the
 * embedded 1.20.4 natural world (the 1.18 shape), the real body and the builtin mind get a stone
 * pickaxe from an empty inventory over LynxMind, fair play. The only per-version e2e test: the
 * world's 1.20.4 packets, its drops and windows under a whole task.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { runNode } from '../support/run-node.js'

const root = new URL('../..', import.meta.url).pathname

test('mindbridge play --mc-version 1.20.4: get 1 minecraft:stone_pickaxe from an empty inventory, exit 0', { timeout: 20 * 60_000 }, async () => {
  const r = await runNode(['--import', 'tsx', 'src/cli/main.ts', 'play', '--mc-version', '1.20.4', '--seed', '1', '--timeout', '900', '--task', 'get 1 minecraft:stone_pickaxe'], {
    cwd: root,
    limitMs: 18 * 60_000,
  })
  assert.equal(r.code, 0, `exit ${r.code}\n${r.stdout}\n${r.stderr}`)
  assert.match(r.stdout, /world: Minecraft 1\.20\.4 on 127\.0\.0\.1:\d+, seed 1, natural profile/)
  assert.match(r.stdout, /SUCCEEDED "get 1 minecraft:stone_pickaxe"/)
  assert.match(r.stdout, /step 1: collect \d+ log/)
  assert.doesNotMatch(r.stdout, /x-ray/)
})

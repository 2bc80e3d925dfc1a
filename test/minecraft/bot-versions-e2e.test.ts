/**
 * `mindbridge bot` (the command that joins any server) against an embedded Minecraft 1.21.4
 * world this test starts in its own process (natural profile, seed 1), the bot a real
 * subprocess given `--mc-version 1.21.4`: from an empty inventory it gets an iron ingot, which
 * takes it through a stone pickaxe, raw iron it mines from the world's iron ore (1.17+ ores drop
 * raw metal) and a furnace it crafts, where the raw iron is smelted. Nothing is given or placed
 * for it (`bot` refuses `--give`); the builtin mind plans from what the bot sees.
 *
 * One version only: `play --mc-version 1.20.4` (play-versions-e2e.test.ts) already runs the same
 * session, body and planner on 1.20.4 to a stone pickaxe, and 1.20.4 and 1.21.4 share the tall
 * world; what is new here is the `bot` command on a server it did not start, 1.21.4's packets
 * under a whole task, and the raw-iron route to an ingot.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { runNode } from '../support/run-node.js'
import { startWorld } from './support/world.js'

const root = new URL('../..', import.meta.url).pathname

test('mindbridge bot --mc-version 1.21.4 on an embedded 1.21.4 world: stone pickaxe, then an iron ingot from mined raw iron, from an empty inventory', { timeout: 20 * 60_000 }, async () => {
  const world = await startWorld({ version: '1.21.4', port: 0, seed: 1 })
  try {
    const r = await runNode(
      ['--import', 'tsx', 'src/cli/main.ts', 'bot', '--host', world.host, '--port', String(world.port), '--mc-version', '1.21.4', '--no-control', '--timeout', '900', '--task', 'get 1 minecraft:iron_ingot'],
      { cwd: root, limitMs: 18 * 60_000 },
    )
    const log = `exit ${r.code}\n${r.stdout}\n${r.stderr}`
    assert.equal(r.code, 0, log)
    assert.match(r.stdout, new RegExp(`bot mindbridge joined 127\\.0\\.0\\.1:${world.port} \\(Minecraft 1\\.21\\.4\\)`), log)
    assert.match(r.stdout, /ok: crafted 1 minecraft:stone_pickaxe/, log)
    assert.match(r.stdout, /ok: collected \d+ minecraft:raw_iron/, log)
    assert.match(r.stdout, /ok: smelted \d+ minecraft:iron_ingot from \d+ raw_iron/, log)
    assert.match(r.stdout, /SUCCEEDED "get 1 minecraft:iron_ingot"/, log)
    assert.doesNotMatch(r.stdout, /x-ray|starting items/, log)
  } finally {
    await world.close()
  }
})

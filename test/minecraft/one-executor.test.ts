/**
 * The three links reach the same goal through the one plan executor (src/minecraft/planner/):
 * LynxMind (`play`, the builtin mind over protocol events), the brain file (`brain`, the builtin
 * mind's CRAFT task) and MaiCore (`maicore --standin builtin`, one program of primitives per
 * step). Each is the real command on a real embedded world, from the same starting items given
 * by the world (`--give`, announced), and each shows the executor's steps in its own words.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCli } from '../support/run-node.js'
import { until } from './body-support.js'

const GIVE = ['--give', 'oak_log=3', '--seed', '4']
const GOAL = 'get 1 minecraft:wooden_pickaxe'

describe('one executor behind the three links', { timeout: 600_000 }, () => {
  test('LynxMind: play --task', async () => {
    const run = startCli(['play', '--task', GOAL, ...GIVE, '--timeout', '240'])
    const code = await run.exited
    const out = run.out()
    assert.equal(code, 0, out)
    assert.match(out, /starting items \(--give\): the world gave \S+ 3 oak_log/)
    assert.match(out, /craft \d+ oak_planks \(plan from here: \d+ steps? to 1 wooden_pickaxe\)/)
    assert.match(out, /SUCCEEDED/)
  })

  test('brain file: brain --mind builtin --goal (a CRAFT task)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-one-exec-'))
    const run = startCli(['brain', '--file', join(dir, 'brain.json'), '--mind', 'builtin', '--goal', GOAL, ...GIVE])
    try {
      await until(() => /completed: made 1 minecraft:wooden_pickaxe.*steps: .*craft \d+ oak_planks.*craft 1 wooden_pickaxe/.test(run.out()) || /failed/.test(run.out()), 300_000, 'the CRAFT task ends')
      assert.match(run.out(), /starting items \(--give\)/)
      assert.match(run.out(), /completed: made 1 minecraft:wooden_pickaxe/, run.out())
    } finally {
      run.child.kill('SIGINT')
      await run.exited
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('MaiCore: maicore --standin builtin --goal', async () => {
    const run = startCli(['maicore', '--standin', 'builtin', '--goal', GOAL, ...GIVE, '--timeout', '240'])
    const code = await run.exited
    const out = run.out()
    assert.equal(code, 0, out)
    assert.match(out, /starting items \(--give\)/)
    // one program per executor step (planks, table, sticks, pickaxe), not one program for the whole plan
    assert.ok((out.match(/running program/g) ?? []).length >= 3, out)
    assert.match(out, /goal reached: /)
  })
})

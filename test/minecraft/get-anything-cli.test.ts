/**
 * Three short tasks of the "get anything" suite (bench/get-anything/tasks.ts) end to end, as a
 * user runs them: `mindbridge play --give … --task …` as a subprocess on a fresh natural world,
 * the builtin mind, fair play. The given items are announced; the task succeeds.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { startCli } from '../support/run-node.js'
import { GET_TASKS, defaultSeed } from '../../bench/get-anything/tasks.js'

function suiteTask(name: string) {
  const t = GET_TASKS.find((x) => x.name === name)
  assert.ok(t, `the suite has no task "${name}"`)
  return t
}

async function play(name: string): Promise<{ code: number | null; out: string; task: string }> {
  const t = suiteTask(name)
  const cli = startCli(['play', '--seed', String(defaultSeed(t)), '--timeout', '600', '--task', t.task, ...(t.give ? ['--give', t.give] : [])])
  const code = await cli.exited
  return { code, out: cli.out(), task: t.task }
}

describe('get anything: short suite tasks through mindbridge play', { timeout: 20 * 60_000 }, () => {
  test('get 1 stick holding 2 given oak planks: the give is announced, then one craft', async () => {
    const r = await play('stick+give')
    assert.equal(r.code, 0, r.out)
    assert.match(r.out, /starting items \(--give\): the world gave \S+ 2 oak_planks\n/)
    assert.match(r.out, /SUCCEEDED "get 1 minecraft:stick"/)
    assert.match(r.out, /step 1: craft \d+ minecraft:stick/)
    assert.doesNotMatch(r.out, /step 2:/, 'two planks are all a stick needs')
  })

  test('get 1 book holding 3 given paper and 1 leather', async () => {
    const r = await play('book+give')
    assert.equal(r.code, 0, r.out)
    assert.match(r.out, /the world gave \S+ 3 paper, 1 leather\n/)
    assert.match(r.out, /SUCCEEDED "get 1 minecraft:book"/)
  })

  test('get 1 crafting_table from an empty inventory: nothing given, logs found and crafted', async () => {
    const r = await play('crafting_table')
    assert.equal(r.code, 0, r.out)
    assert.doesNotMatch(r.out, /starting items/)
    assert.match(r.out, /step 1: collect \d+ log/)
    assert.match(r.out, /SUCCEEDED "get 1 minecraft:crafting_table"/)
    assert.doesNotMatch(r.out, /x-ray/)
  })
})

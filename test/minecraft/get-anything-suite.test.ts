/**
 * The "get anything" suite itself (bench/get-anything/tasks.ts): at least 40 tasks over every
 * source kind, the tasks issue 26 names, starting items the world knows, and a plan for each
 * task from its starting inventory (the planner finds a route for every one of them).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { GET_TASKS, selectTasks } from '../../bench/get-anything/tasks.js'
import { benchOptions, report } from '../../bench/get-anything.bench.js'
import { firstSurfaceSpawnSec, wheatRipeSec } from '../../bench/get-anything/limits.js'
import type { TaskResult } from '../../bench/get-anything/result.js'
import { plannedSteps } from '../../bench/get-anything/planned.js'
import { watchProgress } from '../../bench/get-anything/progress.js'
import { parseGive } from '../../src/cli/give.js'
import { obtainGraph } from '../../src/minecraft/planner/graph.js'

test('the suite: 40+ tasks, every group, the tasks of issue 26, unique names', () => {
  assert.ok(GET_TASKS.length >= 40, `${GET_TASKS.length} tasks`)
  assert.equal(new Set(GET_TASKS.map((t) => t.name)).size, GET_TASKS.length)
  const groups = new Set(GET_TASKS.map((t) => t.group))
  for (const g of ['craft', 'smelt', 'cook', 'mine', 'leaves', 'mob drop', 'shear', 'bucket', 'farm', 'egg', 'deep ore', 'given items']) assert.ok(groups.has(g as never), g)
  const texts = GET_TASKS.map((t) => `${t.task}${t.give ? ` [${t.give}]` : ''}`)
  for (const must of [
    'get 1 minecraft:bookshelf [oak_planks=4,book=2]', 'get 1 minecraft:cake', 'get 1 minecraft:compass', 'get 1 minecraft:fishing_rod',
    'get 1 minecraft:white_bed', 'get 1 minecraft:bucket', 'get 1 minecraft:golden_apple', 'get 3 minecraft:bread',
  ]) assert.ok(texts.includes(must), must)
})

test('every task has a plan from its starting inventory, and every given item exists', () => {
  const graph = obtainGraph()
  const kinds = new Set<string>()
  for (const t of GET_TASKS) {
    const give = parseGive(t.give)
    for (const g of give) assert.ok(graph.known(g.item), `${t.name}: unknown given item ${g.item}`)
    const p = plannedSteps(t.task, Object.fromEntries(give.map((g) => [`minecraft:${g.item}`, g.count])))
    assert.ok(p.steps !== null && p.steps > 0, `${t.name}: no plan`)
    for (const k of p.kinds) kinds.add(k)
  }
  // the suite's plans use every step kind the planner has
  for (const k of ['collect', 'craft', 'smelt', 'hunt', 'shear', 'fill', 'farm', 'pickUp']) assert.ok(kinds.has(k), k)
})

test('selecting tasks: an exact name picks one task, other text picks by substring of name, text or group', () => {
  assert.deepEqual(selectTasks(['apple']).map((t) => t.name), ['apple'])
  assert.deepEqual(selectTasks(['bucket']).map((t) => t.name), ['bucket'])
  assert.ok(selectTasks(['deep ore']).length >= 4)
  assert.ok(selectTasks(['lava_buck']).some((t) => t.name === 'lava_bucket'))
  assert.equal(selectTasks([]).length, GET_TASKS.length)
})

test('the stall meter: the longest stretch between gains, with what the bot was doing; spending and a reconnect\'s empty read are no progress', async () => {
  let inv: Record<string, number> = {}
  let doing = 'walking'
  const m = watchProgress(() => inv, () => doing, 10)
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
  await wait(30)
  inv = { 'minecraft:log': 2 }
  doing = 'crafting'
  await wait(30)
  inv = { 'minecraft:log': 1 } // spent: no progress
  await wait(60)
  inv = {} // a reconnect: skipped
  await wait(60)
  inv = { 'minecraft:log': 1 } // back as it was: no progress
  await wait(60)
  const s = m.stop()
  assert.equal(s.during, 'crafting')
  assert.ok(s.seconds >= 0.18, String(s.seconds))
})

test('the longest stall names the step it was spent in, not the placeholder before the first step, and where it ended', async () => {
  let inv: Record<string, number> = {}
  let doing = 'waiting for the mind'
  const m = watchProgress(() => inv, () => doing, 10)
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
  doing = 'loot minecraft:chicken' // the mind answers at once
  await wait(60)
  doing = 'move to 111 ~ 33'
  await wait(60)
  doing = 'loot minecraft:chicken'
  await wait(30)
  inv = { 'minecraft:feather': 2 }
  await wait(30)
  const s = m.stop()
  assert.equal(s.during, 'loot minecraft:chicken')
  assert.ok(s.seconds >= 0.14, String(s.seconds))

  let inv2: Record<string, number> = {}
  let doing2 = 'collect 1 log'
  const m2 = watchProgress(() => inv2, () => doing2, 10)
  await wait(30)
  inv2 = { 'minecraft:oak_log': 1 } // the gain, and the next step at once
  doing2 = 'loot minecraft:cow'
  await wait(150)
  doing2 = 'move to 10 ~ 10'
  await wait(40)
  const s2 = m2.stop()
  assert.equal(s2.during, 'loot minecraft:cow … move to 10 ~ 10')
})

test('the bench\'s flags: --help asks for the usage; an unknown flag is a clear error with the usage, not a stack trace', () => {
  assert.equal(benchOptions(['--help'], {}).help, true)
  assert.equal(benchOptions(['--filter', 'bucket'], {}).help, undefined)
  assert.throws(() => benchOptions(['--bogus'], {}), /Unknown option '--bogus'[\s\S]*usage: node --import tsx bench\/get-anything\.bench\.ts/)
})

test('stated limits: the night drops wait for the first surface spawn (tick 13188, 659.4 s), wheat for ripening; each with its reason', () => {
  assert.equal(firstSurfaceSpawnSec(), 13188 / 20)
  // 7 stages at 1/7 per random tick (every 68.3 s): 49 random ticks on average; 9 in 10 take longer than the mean, 9 crops longer than 1
  assert.ok(wheatRipeSec(1) > 49 * 68.28 && wheatRipeSec(9) > wheatRipeSec(3) && wheatRipeSec(3) > wheatRipeSec(1))
  const limited = GET_TASKS.filter((t) => t.limit).map((t) => t.name).sort()
  assert.deepEqual(limited, ['bone', 'bread', 'cake', 'fishing_rod', 'gunpowder', 'string', 'wheat'])
  for (const t of GET_TASKS.filter((x) => x.limit)) {
    assert.ok(t.limit!.sec > 600 && t.limit!.reason.length > 40, t.name)
  }
  assert.ok(GET_TASKS.find((t) => t.name === 'string')!.limit!.sec >= 659.4 + 600)
})

test('the report holds each run to its limit and shows it: a stated limit, the suite\'s, or the shorter one an older run had', () => {
  const task = (name: string) => GET_TASKS.find((t) => t.name === name)!
  const run = (name: string, outcome: string, seconds: number, limitSec?: number): { t: (typeof GET_TASKS)[number]; r: TaskResult } => ({
    t: task(name),
    r: { task: task(name).task, seed: 1, give: '', outcome, reason: '', seconds, steps: 1, skillFailures: 0, plannedSteps: 1, needs: [], longestStallSec: 1, stallDuring: '', given: '', ...(limitSec ? { limitSec } : {}) },
  })
  const text = report([run('string', 'succeeded', 900, 1260), run('shears', 'succeeded', 700, 600), run('bone', 'timeout', 600)], 600)
  assert.match(text, /\| string \|  \| 1 \| 1260 \| succeeded \|/)
  assert.match(text, /\| shears \|  \| 1 \| 600 \| succeeded \|/)
  assert.match(text, /\| bone \|  \| 1 \| 600 \(stated 1260\) \| timeout \|/)
  assert.match(text, /success 1\/3 \(33 %;/) // string within its 21 min; shears over its 10
  assert.match(text, /stated limit of 2 tasks \(string 21 min, bone 21 min\)/)
  assert.match(text, /held to less than their task's stated limit \(counted as they ended\): bone 600 s/)
})

test('a run with no time or stall (its process crashed) shows as – in the report instead of ending it', () => {
  const t = GET_TASKS.find((x) => x.name === 'shears')!
  const crashed = { task: t.task, seed: 2, give: '', outcome: 'error', reason: 'exit 1', seconds: null, steps: 0, skillFailures: 0, plannedSteps: 1, needs: [], longestStallSec: null, stallDuring: '', given: '' } as unknown as TaskResult
  const text = report([{ t, r: crashed }], 600)
  assert.match(text, /\| shears \|  \| 2 \| 600 \| error \| – \|/)
  assert.match(text, /success 0\/1/)
})

/**
 * A fatal error in `play` (an exception or a rejection nothing catches) still ends the run with a
 * clear line on stderr and a summary saying why, exit 1: a run that dies without a summary cannot
 * be told apart from any other failure (issue 27: a bench run ended "exit 1" with nothing else).
 * The error is raised inside a real `play` (embedded world, builtin mind) by a preloaded module,
 * test/fixtures/minecraft/fatal-at.mjs, when the process prints a given line.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { envWithout, runNode } from '../support/run-node.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

function playWithFatal(at: string, kind: 'throw' | 'reject') {
  const env = { ...envWithout((k) => k.startsWith('MINDBRIDGE_')), FATAL_AT: at, FATAL_KIND: kind }
  const args = ['--import', 'tsx', '--import', './test/fixtures/minecraft/fatal-at.mjs', 'src/cli/main.ts', 'play', '--seed', '5', '--task', 'collect 20 log', '--timeout', '240']
  return runNode(args, { cwd: ROOT, env, limitMs: 300_000 })
}

describe('play: a fatal error ends the run with a summary', { timeout: 12 * 60_000 }, () => {
  test('an uncaught exception during the task: the task ends FAILED with the error as its reason, exit 1', async () => {
    const r = await playWithFatal('^\\[ *[\\d.]+s\\] step 1: ', 'throw')
    const all = `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`
    assert.equal(r.code, 1, all)
    assert.match(r.stderr, /^mindbridge: fatal error: Error: injected by the test \(throw\) \(at .*fatal-at\.mjs/m, all)
    assert.match(r.stdout, /step 1: /, all)
    assert.match(r.stdout, /── FAILED "collect 20 log"\n {3}reason: +fatal error: Error: injected by the test \(throw\)/, all)
    assert.match(r.stdout, /\n {3}steps: +[1-9]/, all)
  })

  test('an unhandled rejection before the task (while the bot joins): a FAILED summary at once, exit 1', async () => {
    const r = await playWithFatal('^world: Minecraft ', 'reject')
    const all = `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`
    assert.equal(r.code, 1, all)
    assert.match(r.stderr, /^mindbridge: fatal error: Error: injected by the test \(reject\)/m, all)
    assert.match(r.stdout, /── FAILED "collect 20 log"\n {3}reason: +fatal error: Error: injected by the test \(reject\)/, all)
    assert.doesNotMatch(r.stdout, /step 1: /, all)
  })
})

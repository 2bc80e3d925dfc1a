// scripts/run-tests.mjs on a project of its own: a copy of the runner in a temp folder with test
// files made to pass, fail as a todo, and skip for a tool or for another reason; run as a real
// subprocess, with and without CI=true.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
let root: string

before(() => {
  root = mkdtempSync(join(tmpdir(), 'run-tests-'))
  mkdirSync(join(root, 'scripts'))
  mkdirSync(join(root, 'test'))
  copyFileSync(join(REPO, 'scripts/run-tests.mjs'), join(root, 'scripts/run-tests.mjs'))
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'))
  writeFileSync(join(root, 'package.json'), '{"type": "module"}')
  writeFileSync(
    join(root, 'test/todo.test.ts'),
    `import { test } from 'node:test'
test('passes', () => {})
test('a todo that passes', { todo: 'later' }, () => {})
test('a todo that fails', { todo: 'not done' }, () => { throw new Error('broken') })
`,
  )
  writeFileSync(
    join(root, 'test/skips.test.ts'),
    `import { test, describe } from 'node:test'
test('runs', () => {})
test('in a browser', { skip: 'needs chromium: /usr/bin/chromium is not installed' }, () => {})
describe('on another system', { skip: 'no FIFOs on this platform' }, () => { test('inner', () => {}) })
`,
  )
  // two heavy files (one names startWorld, one spawns a CLI command that starts a world) and a light one, for the scheduler's trace
  writeFileSync(join(root, 'test/sched-heavy-a.test.ts'), `// would startWorld\nimport { test } from 'node:test'\ntest('heavy', () => {})\n`)
  writeFileSync(join(root, 'test/sched-heavy-b.test.ts'), `// would spawn ['src/cli/main.ts', 'play']\nimport { test } from 'node:test'\ntest('heavy', () => {})\n`)
  // the same 4 s test twice: under the default limit, and with its own longer one
  const slow = `import { test } from 'node:test'\ntest('slow', async () => { await new Promise((r) => setTimeout(r, 4000)) })\n`
  writeFileSync(join(root, 'test/limit-default.test.ts'), slow)
  writeFileSync(join(root, 'test/limit-own.test.ts'), `// test-file-limit-min: 2\n${slow}`)
  writeFileSync(
    join(root, 'test/fails.test.ts'),
    `import { test } from 'node:test'
import assert from 'node:assert/strict'
test('outer', async (t) => { await t.test('inner fails', () => { assert.equal(1, 2, 'one is not two') }) })
test('plain fails', () => { throw new Error('boom\\nsecond line') })
test('passes', () => {})
`,
  )
  writeFileSync(join(root, 'test/sched-light.test.ts'), `import { test } from 'node:test'\ntest('light', () => {})\n`)
})
after(() => rmSync(root, { recursive: true, force: true }))

function run(filter: string, env: Record<string, string> = {}) {
  // NODE_TEST_CONTEXT: set by node:test for this file's children; the runner's own files must not inherit it
  const { CI: _ci, NODE_TEST_CONTEXT: _ctx, ...rest } = process.env
  const r = spawnSync(process.execPath, ['scripts/run-tests.mjs', filter], { cwd: root, env: { ...rest, MINDBRIDGE_TEST_JOBS: '1', ...env }, encoding: 'utf8', timeout: 120_000 })
  return { code: r.status, out: r.stdout + r.stderr }
}

describe('scripts/run-tests.mjs', { timeout: 300_000 }, () => {
  test('a failing todo fails the run and is counted; a passing one is counted', () => {
    const r = run('todo.test')
    assert.equal(r.code, 1, r.out)
    assert.match(r.out, /2 todo \(1 failing\)/)
    assert.match(r.out, /✖ test\/todo\.test\.ts: todo "a todo that fails" fails/)
  })

  test('every skipped test is listed with its file and reason; outside CI the run passes', () => {
    const r = run('skips.test')
    assert.equal(r.code, 0, r.out)
    assert.match(r.out, /test\/skips\.test\.ts: in a browser \(needs chromium: \/usr\/bin\/chromium is not installed\)/)
    assert.match(r.out, /test\/skips\.test\.ts: on another system \(no FIFOs on this platform\)/)
  })

  test('under CI=true a skip for a tool .ci/run installs fails the run; other skips do not', () => {
    const r = run('skips.test', { CI: 'true' })
    assert.equal(r.code, 1, r.out)
    assert.match(r.out, /"in a browser" was skipped under CI=true for chromium, which \.ci\/run installs/)
    assert.doesNotMatch(r.out, /"on another system" was skipped under CI=true/)
  })

  test('a file past its limit is stopped and named; a file may set a longer limit of its own', () => {
    // default limit 0.03 min (1.8 s): the 4 s test cannot finish under it
    const stopped = run('limit-default', { MINDBRIDGE_TEST_FILE_LIMIT_MIN: '0.03' })
    assert.equal(stopped.code, 1, stopped.out)
    assert.match(stopped.out, /✖ test\/limit-default\.test\.ts did not finish within 0\.03 minutes/)
    assert.match(stopped.out, /✖ test\/limit-default\.test\.ts \(hung, stopped\)/)
    const own = run('limit-own', { MINDBRIDGE_TEST_FILE_LIMIT_MIN: '0.03' })
    assert.equal(own.code, 0, own.out)
    assert.match(own.out, /1 tests passed, 0 failed/)
  })

  test('the summary names each failed test of a failing file with its error, so the log\'s tail says why', () => {
    const r = run('fails.test')
    assert.equal(r.code, 1, r.out)
    const summary = r.out.slice(r.out.lastIndexOf('━━ summary'))
    assert.match(summary, /✖ test\/fails\.test\.ts\n {4}✖ inner fails\n {8}one is not two/)
    assert.match(summary, /✖ plain fails\n {8}boom\n {8}second line/)
    // the parent that failed only through its subtest is not listed again
    assert.doesNotMatch(summary, /✖ outer/)
    assert.doesNotMatch(summary, /✖ passes/)
  })

  test('heavy files run one at a time while a light file runs beside them', () => {
    // the runner's own order of events (MINDBRIDGE_TEST_TRACE): at most `limit` heavy files between start and end
    const heavyAtOnce = (out: string) => {
      let now = 0
      let most = 0
      for (const m of out.matchAll(/^(▷ started|━━) test\/sched-(heavy|light)/gm)) {
        if (m[2] !== 'heavy') continue
        now += m[1] === '━━' ? -1 : 1
        most = Math.max(most, now)
      }
      return most
    }
    const one = run('sched-', { MINDBRIDGE_TEST_JOBS: '3', MINDBRIDGE_TEST_TRACE: '1' })
    assert.equal(one.code, 0, one.out)
    assert.equal(heavyAtOnce(one.out), 1, one.out)
    // the light file started before the first heavy one ended
    assert.ok(one.out.indexOf('▷ started test/sched-light') < one.out.indexOf('━━ test/sched-heavy'), one.out)
    const two = run('sched-', { MINDBRIDGE_TEST_JOBS: '3', MINDBRIDGE_TEST_HEAVY_JOBS: '2', MINDBRIDGE_TEST_TRACE: '1' })
    assert.equal(two.code, 0, two.out)
    assert.equal(heavyAtOnce(two.out), 2, two.out)
  })

})

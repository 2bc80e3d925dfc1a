#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's own test runner (through tsx).
// Node 20's --test does not expand globs, so we find the files ourselves.
// Usage: npm test [-- <substring filter>...]
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { spawn } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
const filters = process.argv.slice(2)

function walk(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...walk(p))
    else if (name.endsWith('.test.ts')) out.push(p)
  }
  return out
}

const files = walk(join(root, 'test'))
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`)
  process.exit(1)
}
// No --test-force-exit: on Node 20 it can end a file before all its tests have
// reported, and the run still passes with tests silently missing. Instead, a
// leaked handle that keeps a file alive is caught by this limit on the whole run
// (well inside CI's 90 minutes), which fails loudly.
const LIMIT_MIN = Number(process.env.MINDBRIDGE_TEST_LIMIT_MIN ?? 60)
const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MINDBRIDGE_TEST: '1' },
})
const limit = setTimeout(() => {
  console.error(`\nthe test run did not finish within ${LIMIT_MIN} minutes (a test or a leaked handle hangs): stopping it`)
  child.kill('SIGKILL')
}, LIMIT_MIN * 60_000)
child.on('exit', (code, signal) => {
  clearTimeout(limit)
  process.exit(signal ? 1 : (code ?? 1))
})

#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's own test runner (through tsx).
// Node 20's --test does not expand globs, so we find the files ourselves.
// Usage: npm test [-- <substring filter>...]
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { spawnSync } from 'node:child_process'

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
const res = spawnSync(process.execPath, [
  '--import', 'tsx', '--test', '--test-reporter=spec',
  // A test that leaks a handle must not hang CI: end each file once its tests are done.
  '--test-force-exit',
  ...files,
], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, MINDBRIDGE_TEST: '1' },
})
process.exit(res.status ?? 1)

#!/usr/bin/env node
// Runs every test/**/*.test.ts with node's own test runner (through tsx), one
// process per file, a few files at a time, each under its own time limit.
//
// Why not one `node --test` over all files: on Node 20 a file that crashes or
// leaks a handle keeps the whole run alive until an outer limit kills it, and the
// log never says which file hung. Here a hung file is stopped after
// MINDBRIDGE_TEST_FILE_LIMIT_MIN minutes (default 12) and named, the other files
// still run, and the run fails. No --test-force-exit: on Node 20 it can end a file
// before all its tests have reported.
//
// Skips and todos: every skipped test is listed with its file and reason, and a failing
// `todo` fails the run (node's runner exits 0 for it). A test skipped because a tool is missing
// says so in its reason as `needs <tool>: <why>` (test/support/skips.ts); under CI=true, a skip
// for a tool that .ci/run installs (CI_TOOLS) fails the run, because there it means the
// install did not work and the test never ran.
//
// Heavy files (an embedded Minecraft world, a browser, the expert's search) run one at a time
// while light files fill the other slots: two worlds side by side on a 2-core machine starve each
// other's keep-alives and timers, which made world tests fail for reasons that were only the load.
//
// A file whose tests are long by nature (a whole iron-pickaxe run) may set its own limit with a line
// `// test-file-limit-min: <minutes>`; the limit is still a safety stop, not a speed claim.
//
// Usage: npm test [-- <substring filter>...]
// Env:   MINDBRIDGE_TEST_JOBS (files at once, default: CPU count, at least 2)
//        MINDBRIDGE_TEST_HEAVY_JOBS (heavy files at once, default 1)
//        MINDBRIDGE_TEST_TRACE (when set: a line as each file starts)
//        MINDBRIDGE_TEST_FILE_LIMIT_MIN (per-file limit in minutes, default 12)
//        CI (when "true": skips for CI_TOOLS fail the run)
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { spawn } from 'node:child_process'
import { availableParallelism, tmpdir } from 'node:os'

/** What .ci/run installs; keep in step with it. */
const CI_TOOLS = new Set(['chromium', 'redis-server', 'python3', 'g++'])
const IN_CI = process.env.CI === 'true'

const root = new URL('..', import.meta.url).pathname
const filters = process.argv.slice(2)

function positiveEnv(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`${name} must be a positive number, got "${raw}"`)
    process.exit(2)
  }
  return n
}

const JOBS = Math.floor(positiveEnv('MINDBRIDGE_TEST_JOBS', Math.max(2, availableParallelism())))
const FILE_LIMIT_MIN = positiveEnv('MINDBRIDGE_TEST_FILE_LIMIT_MIN', 12)
const HEAVY_JOBS = Math.floor(positiveEnv('MINDBRIDGE_TEST_HEAVY_JOBS', 1))
const TRACE = !!process.env.MINDBRIDGE_TEST_TRACE

/** What makes a file heavy: it starts an embedded world (itself, or through a CLI command it spawns), the CLI, a browser or the expert's search. */
const HEAVY_MARK = /startWorld|worldAndBody|runNode\(|startCli|support\/world|support\/dashboard|chromium|builtin:expert|main\.ts', '(play|world|bot|brain|maicore)'/
const isHeavy = (text) => HEAVY_MARK.test(text)
/** The file's own limit in minutes (`// test-file-limit-min: N`), else the default. */
function fileLimitMin(text) {
  const m = /^\/\/ test-file-limit-min: *([0-9.]+) *$/m.exec(text)
  const n = m ? Number(m[1]) : NaN
  return Number.isFinite(n) && n > 0 ? n : FILE_LIMIT_MIN
}

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
  // the embedded-world files are the long ones: start them first so the short ones fill the gaps
  .sort((a, b) => Number(b.includes('/minecraft/')) - Number(a.includes('/minecraft/')) || a.localeCompare(b))
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`)
  process.exit(1)
}

// Files run in their own process groups (so a hung file's servers die with it);
// pass Ctrl-C / a CI stop on to them.
const live = new Set()
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const pid of live) {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {}
    }
    process.exit(130)
  })
}

const tapDir = mkdtempSync(join(tmpdir(), 'mindbridge-tap-'))
process.on('exit', () => rmSync(tapDir, { recursive: true, force: true }))

/**
 * The skipped and todo tests of one file, from its TAP report: `ok 3 - name # SKIP reason`,
 * `not ok 4 - name # TODO`. A `#` inside a name is escaped as `\#`.
 */
function tapDirectives(tap) {
  const skipped = []
  const todos = []
  for (const line of tap.split('\n')) {
    const m = /^\s*(ok|not ok) \d+ - (.*?)(?<!\\) # (SKIP|TODO)\b ?(.*)$/i.exec(line)
    if (!m) continue
    const name = m[2].replace(/\\#/g, '#')
    if (m[3].toUpperCase() === 'SKIP') skipped.push({ name, reason: m[4].trim() || '(no reason given)' })
    else todos.push({ name, failed: m[1] === 'not ok', reason: m[4].trim() })
  }
  return { skipped, todos }
}

/**
 * The failed tests of one file, from its TAP report, each with the first lines of its error: the
 * summary at the end of a long run repeats them, so a log cut to its tail still says why.
 * A parent that failed only because a subtest did is left out (the subtest is listed).
 */
function tapFailures(tap) {
  const failures = []
  const lines = tap.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)not ok \d+ - (.*)$/.exec(lines[i])
    if (!m || /(?<!\\) # TODO\b/i.test(m[2])) continue
    const indent = m[1].length + 2
    const block = []
    for (let j = i + 1; j < lines.length && !/^\s*\.\.\.\s*$/.test(lines[j]); j++) block.push(lines[j])
    if (block.some((l) => /failureType: 'subtestsFailed'/.test(l))) continue
    const at = block.findIndex((l) => /^\s*error: /.test(l))
    let error = []
    if (at >= 0) {
      const inline = /^\s*error: (?!\|)(.*)$/.exec(block[at])
      if (inline) error = [inline[1].replace(/^'(.*)'$/, '$1')]
      else for (const l of block.slice(at + 1)) {
        if (l.length - l.trimStart().length <= indent && l.trim() !== '') break
        error.push(l.slice(indent + 2))
      }
    }
    while (error.length > 0 && error[error.length - 1].trim() === '') error.pop()
    failures.push({ name: m[2].replace(/\\#/g, '#'), error: error.length > 20 ? [...error.slice(0, 20), '…'] : error })
  }
  return failures
}

/** The tool a skip reason says is missing (`needs <tool>: …`), or undefined. */
const neededTool = (reason) => /^needs ([^\s:]+):/.exec(reason)?.[1]

/** Runs one file; resolves with its outcome once the process has exited. */
function runFile(file, index, limitMin) {
  return new Promise((resolve) => {
    const started = Date.now()
    const tapFile = join(tapDir, `${index}.tap`)
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tapFile}`, file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, MINDBRIDGE_TEST: '1' },
      detached: true,
    })
    live.add(child.pid)
    const chunks = []
    child.stdout.on('data', (c) => chunks.push(c))
    child.stderr.on('data', (c) => chunks.push(c))
    let hung = false
    const limit = setTimeout(() => {
      hung = true
      try {
        process.kill(-child.pid, 'SIGKILL') // the file's own children (servers, subprocesses) too
      } catch {
        child.kill('SIGKILL')
      }
    }, limitMin * 60_000)
    child.on('close', (code, signal) => {
      live.delete(child.pid)
      clearTimeout(limit)
      const out = Buffer.concat(chunks).toString('utf8')
      const num = (label) => Number(new RegExp(`^ℹ ${label} (\\d+)`, 'm').exec(out)?.[1] ?? 0)
      let tap = ''
      try {
        tap = readFileSync(tapFile, 'utf8')
      } catch {}
      const { skipped, todos } = tapDirectives(tap)
      resolve({ file, code, signal, hung, limitMin, out, seconds: (Date.now() - started) / 1000, pass: num('pass'), fail: num('fail'), skippedTests: skipped, todos, failures: tapFailures(tap) })
    })
  })
}

const runStarted = Date.now()
const results = []
const queue = files.map((file) => {
  const text = readFileSync(join(root, file), 'utf8')
  return { file, heavy: isHeavy(text), limitMin: fileLimitMin(text) }
})
let running = 0
let runningHeavy = 0
let startedFiles = 0
const runAll = new Promise((done) => {
  const next = () => {
    while (running < JOBS && queue.length > 0) {
      // the next file that may start now: a heavy one only while a heavy slot is free
      const i = queue.findIndex((f) => !f.heavy || runningHeavy < HEAVY_JOBS)
      if (i < 0) break
      const [{ file, heavy, limitMin }] = queue.splice(i, 1)
      running++
      if (heavy) runningHeavy++
      if (TRACE) process.stdout.write(`▷ started ${file}${heavy ? ' (heavy)' : ''}\n`)
      runFile(file, ++startedFiles, limitMin).then((r) => {
        running--
        if (heavy) runningHeavy--
        results.push(r)
        process.stdout.write(`\n━━ ${r.file} (${r.seconds.toFixed(1)} s)\n${r.out}`)
        if (r.hung) process.stdout.write(`\n✖ ${r.file} did not finish within ${r.limitMin} minutes (a test or a leaked handle hangs): stopped\n`)
        else if (r.code !== 0) process.stdout.write(`\n✖ ${r.file} exited with ${r.signal ?? `code ${r.code}`}\n`)
        if (queue.length === 0 && running === 0) done()
        else next()
      })
    }
  }
  next()
})
await runAll

const total = (k) => results.reduce((n, r) => n + r[k], 0)
const count = (k) => results.reduce((n, r) => n + r[k].length, 0)
const failingTodos = results.flatMap((r) => r.todos.filter((t) => t.failed).map((t) => ({ file: r.file, ...t })))
const ciSkips = IN_CI ? results.flatMap((r) => r.skippedTests.filter((s) => CI_TOOLS.has(neededTool(s.reason))).map((s) => ({ file: r.file, ...s }))) : []
const failed = results.filter((r) => r.hung || r.code !== 0 || r.todos.some((t) => t.failed) || ciSkips.some((s) => s.file === r.file))
const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 5)
console.log(`\n━━ summary: ${results.length} files in ${((Date.now() - runStarted) / 60_000).toFixed(1)} min (${JOBS} at a time), ${total('pass')} tests passed, ${total('fail')} failed, ${count('skippedTests')} skipped, ${count('todos')} todo (${failingTodos.length} failing)`)
console.log(`slowest files: ${slowest.map((r) => `${r.file} ${r.seconds.toFixed(0)} s`).join(', ')}`)
const withSkips = results.filter((r) => r.skippedTests.length > 0).sort((a, b) => a.file.localeCompare(b.file))
if (withSkips.length > 0) {
  console.log('skipped:')
  for (const r of withSkips) for (const s of r.skippedTests) console.log(`  ${r.file}: ${s.name} (${s.reason})`)
}
for (const t of failingTodos) console.log(`✖ ${t.file}: todo "${t.name}" fails; a todo may not hide a failure: fix it, or skip it with a reason`)
for (const s of ciSkips) console.log(`✖ ${s.file}: "${s.name}" was skipped under CI=true for ${neededTool(s.reason)}, which .ci/run installs (${s.reason})`)
if (failed.length > 0) {
  console.log(`failing files: ${failed.length}`)
  for (const r of failed) {
    console.log(`✖ ${r.file}${r.hung ? ' (hung, stopped)' : ''}`)
    for (const f of r.failures) console.log(`    ✖ ${f.name}${f.error.map((l) => `\n        ${l}`).join('')}`)
  }
  process.exit(1)
}

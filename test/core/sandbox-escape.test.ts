// The escape suite: hostile programs against the real sandbox. Each one tries to reach the host,
// or to exhaust it. Programs run in a worker thread, whose process.env and prototypes are its
// own, so an escape would not show there: a program that reached any thread's `process` marks
// where this (parent) process reads it back: a file on disk, a signal to the process, and
// process.env when it is this thread's. A control test makes those marks from a real worker
// thread first, to show that they land. For each program: no mark, the expected ending, and the
// host still works.
import { test, describe, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { createSandbox, type ProgramResult } from '../../src/core/sandbox/index.js'
import { waitFor } from '../support/wait.js'

const CPU_MS = 300
const sandbox = createSandbox({ cpuSliceMs: CPU_MS, memoryBytes: 32 * 1024 * 1024, maxHostCalls: 1000, maxLogLines: 50, maxLogChars: 200 })
after(() => sandbox.close())

const hostState = { calls: 0 }
const host = {
  echo: async (args: unknown[]) => {
    hostState.calls++
    return args
  },
  hang: () => new Promise<never>(() => {}),
}

const dir = mkdtempSync(join(tmpdir(), 'mb-escape-'))
const MARK_FILE = join(dir, 'escaped')
after(() => rmSync(dir, { recursive: true, force: true }))
/** SIGUSR2 sent to this process: by a program that reached some thread's `process`. */
let signals = 0
const onSignal = () => signals++
before(() => process.on('SIGUSR2', onSignal))
after(() => process.off('SIGUSR2', onSignal))

/** What a program that reached a `process` (of this thread or the worker's) does, so that this process sees it. */
const MARK = `
  const mark = (p) => {
    if (p === null || typeof p !== 'object') throw new TypeError('no process object here');
    try { p.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(MARK_FILE)}, 'escaped') } catch {}
    try { p.kill(p.pid, 'SIGUSR2') } catch {}
    try { p.env.MB_ESCAPED = '1' } catch {}
    return 'escaped'
  };
`

describe('the marks land where this process reads them', () => {
  test('made from a real worker thread, the file and the signal reach the parent', async () => {
    const worker = new Worker(`${MARK}; mark(process); require('node:worker_threads').parentPort.postMessage('marked')`, { eval: true })
    await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject))
    await worker.terminate()
    assert.ok(existsSync(MARK_FILE), 'the file mark landed')
    await waitFor('the signal mark to reach this process', () => signals === 1, { timeoutMs: 10_000 })
    assert.equal(process.env.MB_ESCAPED, undefined, "a worker's process.env is its own: that mark alone would prove nothing")
    rmSync(MARK_FILE)
    signals = 0
  })
})

type Expect = { error: string | RegExp } | { value: unknown } | 'either'
const cases: Array<{ name: string; code: string; expect: Expect; wallClockMs?: number }> = [
  // constructor chains to the host's process / require / globalThis
  { name: 'this.constructor.constructor → process', code: `${MARK} return mark(this.constructor.constructor('return process')())`, expect: { error: 'ReferenceError' } },
  { name: 'Function → process', code: `${MARK} return mark(Function('return process')())`, expect: { error: 'ReferenceError' } },
  { name: 'async function constructor → process', code: `${MARK} return mark(await (async () => {}).constructor('return process')())`, expect: { error: 'ReferenceError' } },
  { name: 'Error constructor chain', code: `${MARK} return mark(new Error().constructor.constructor('return process')())`, expect: { error: 'ReferenceError' } },
  { name: 'Promise constructor chain → globalThis.process', code: `${MARK} return mark(Promise.constructor('return globalThis.process')())`, expect: { error: 'TypeError' } },
  { name: 'host function constructor chain', code: `${MARK} return mark(await echo.constructor('return process')())`, expect: { error: 'ReferenceError' } },
  { name: 'console.log constructor chain', code: `${MARK} return mark(console.log.constructor('return process')())`, expect: { error: 'ReferenceError' } },
  { name: 'a host-call promise constructor chain', code: `${MARK} const p = echo(1); return mark(p.constructor.constructor('return process')())`, expect: { error: 'ReferenceError' } },
  { name: 'indirect eval → process', code: `${MARK} return mark((0, eval)('process'))`, expect: { error: 'ReferenceError' } },
  { name: 'what the global object holds', code: `return ['process', 'require', 'module', 'Buffer', 'setTimeout', 'setInterval', 'fetch', 'WebAssembly', 'Worker', 'SharedArrayBuffer', 'Atomics', '__hostCall', '__log'].filter((k) => typeof globalThis[k] !== 'undefined')`, expect: { value: [] } },
  // modules
  { name: 'require("fs")', code: `return require('fs').readFileSync('/etc/passwd', 'utf8')`, expect: { error: 'ReferenceError' } },
  { name: 'import("fs")', code: `return (await import('fs')).readFileSync('/etc/passwd', 'utf8')`, expect: { error: /ReferenceError|SyntaxError|TypeError/ } },
  { name: 'import("node:child_process")', code: `return (await import('node:child_process')).execSync('id')`, expect: { error: /ReferenceError|SyntaxError|TypeError/ } },
  // prototype pollution of what we pass in and of what comes back
  { name: 'Object.prototype pollution before a host call', code: `Object.prototype.polluted = 'yes'; Array.prototype.polluted = 'yes'; return await echo({ a: 1 }, [1])`, expect: { value: [{ a: 1 }, [1]] } },
  { name: '__proto__ key through a host call', code: `return await echo(JSON.parse('{"__proto__": {"polluted": "yes"}, "a": 1}'))`, expect: 'either' },
  { name: 'constructor.prototype key through a host call', code: `return await echo({ constructor: { prototype: { polluted: 'yes' } } })`, expect: 'either' },
  { name: 'replacing JSON.stringify / JSON.parse before host calls', code: `JSON.stringify = () => '{"broken":'; JSON.parse = () => ({ evil: true }); return await echo(5)`, expect: { value: [5] } },
  // getters, proxies, functions and cycles handed to the host
  { name: 'a getter that loops, as a host-call argument', code: `return await echo({ get x() { for (;;) {} } })`, expect: { error: 'CpuBudgetExceeded' } },
  { name: 'a proxy whose traps loop, as a host-call argument', code: `return await echo(new Proxy({}, { ownKeys() { for (;;) {} } }))`, expect: { error: 'CpuBudgetExceeded' } },
  { name: 'a function as a host-call argument', code: `return await echo(() => process.exit(1))`, expect: { value: [null] } },
  { name: 'a cycle as a host-call argument', code: `const o = {}; o.o = o; return await echo(o)`, expect: { error: 'TypeError' } },
  { name: 'a proxy whose get trap loops, as the result', code: `return new Proxy({ a: 1 }, { get() { for (;;) {} } })`, expect: { error: 'CpuBudgetExceeded' } },
  { name: 'a getter that throws, as the result', code: `return { get a() { throw new Error('gotcha') } }`, expect: { value: null } },
  // CPU
  { name: 'endless loop', code: `for (;;) {}`, expect: { error: 'CpuBudgetExceeded' } },
  { name: 'endless async loop', code: `for (;;) await null`, expect: { error: 'CpuBudgetExceeded' } },
  { name: 'self-feeding microtasks', code: `const f = () => Promise.resolve().then(f); f(); await new Promise(() => {})`, expect: { error: /CpuBudgetExceeded|OutOfMemory/ } },
  { name: 'promise flood', code: `for (;;) Promise.resolve().then(() => 0)`, expect: { error: /CpuBudgetExceeded|OutOfMemory|ThrownValue/ } },
  { name: 'a loop in a catch handler', code: `try { null.x } catch { for (;;) {} }`, expect: { error: 'CpuBudgetExceeded' } },
  // memory
  { name: 'array memory bomb', code: `const a = []; for (;;) a.push(new Array(10000).fill(1))`, expect: { error: 'OutOfMemory' } },
  { name: 'string doubling', code: `let s = 'x'; for (;;) s += s`, expect: { error: /OutOfMemory|InternalError|RangeError/ } },
  { name: 'huge typed array', code: `return new Uint8Array(1e9).length`, expect: { error: /OutOfMemory|RangeError/ } },
  { name: 'huge result', code: `return 'x'.repeat(5e6)`, expect: { error: /ResultTooLarge|OutOfMemory/ } },
  { name: 'huge host-call argument', code: `return await echo('x'.repeat(3e6))`, expect: { error: /HostCallError|OutOfMemory/ } },
  { name: 'huge log lines, many of them', code: `for (let i = 0; i < 300; i++) console.log('y'.repeat(100000)); return 'logged'`, expect: 'either' },
  // stack
  { name: 'deep recursion', code: `const f = () => f(); f()`, expect: { error: 'InternalError' } },
  { name: 'deep recursion through JSON.stringify', code: `let o = {}; for (let i = 0; i < 1e6; i++) o = { o }; return JSON.stringify(o).length`, expect: { error: /RangeError|InternalError|OutOfMemory|CpuBudgetExceeded|ThrownValue/ } },
  // odd throws
  { name: 'throwing a number', code: `throw 7`, expect: { error: 'ThrownValue' } },
  { name: 'throwing undefined', code: `throw undefined`, expect: { error: 'ThrownValue' } },
  { name: 'throwing an object whose name getter loops', code: `throw { get name() { for (;;) {} }, get message() { for (;;) {} } }`, expect: { error: /ThrownValue|CpuBudgetExceeded/ } },
  { name: 'throwing a proxy', code: `throw new Proxy({}, { get() { for (;;) {} } })`, expect: { error: /ThrownValue|CpuBudgetExceeded/ } },
  // threads, timers, host calls
  { name: 'Atomics.wait', code: `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)`, expect: { error: 'ReferenceError' } },
  { name: 'timers', code: `setTimeout(() => {}, 10)`, expect: { error: 'ReferenceError' } },
  { name: 'a million host calls', code: `await Promise.all(Array.from({ length: 1e6 }, () => echo(1)))`, expect: { error: /HostCallError|OutOfMemory|CpuBudgetExceeded/ } },
  { name: 'a host call that never answers', code: `await hang()`, expect: { error: 'WallClockExceeded' }, wallClockMs: 400 },
  { name: 'redefining a host function (it is read-only)', code: `globalThis.echo = () => 'mine'; return await echo(1)`, expect: { value: [1] } },
]

describe(`sandbox escape suite (${cases.length} hostile programs)`, () => {
  test('there are at least 30 hostile programs', () => assert.ok(cases.length >= 30))

  for (const c of cases) {
    test(c.name, async () => {
      const before = hostState.calls
      const r: ProgramResult = await sandbox.run({ code: c.code, prelude: '', globals: { secret: 'not a capability' }, host, wallClockMs: c.wallClockMs ?? 20_000 })
      // nothing reached the host
      assert.equal(existsSync(MARK_FILE), false, 'the program wrote a file through a host process object')
      assert.equal(signals, 0, 'the program signalled this process')
      assert.equal(process.env.MB_ESCAPED, undefined, 'the program marked the host process')
      assert.equal((({}) as Record<string, unknown>).polluted, undefined, "the host's Object.prototype was polluted")
      assert.equal(([] as unknown as Record<string, unknown>).polluted, undefined, "the host's Array.prototype was polluted")
      assert.ok(hostState.calls - before <= 1000, 'host calls beyond the per-program limit')
      assert.ok(r.logs.length <= 50 && r.logs.every((l) => l.length < 300), 'logs are bounded')
      // the expected ending
      if (c.expect === 'either') return
      if ('value' in c.expect) {
        assert.equal(r.ok, true, JSON.stringify(r).slice(0, 300))
        assert.deepEqual((r as { value: unknown }).value, c.expect.value)
      } else {
        assert.equal(r.ok, false, JSON.stringify(r).slice(0, 300))
        const e = (r as Extract<ProgramResult, { ok: false }>).error
        if (typeof c.expect.error === 'string') assert.equal(e.error_type, c.expect.error, JSON.stringify(e).slice(0, 300))
        else assert.match(e.error_type, c.expect.error, JSON.stringify(e).slice(0, 300))
      }
    })
  }

  test('after the whole suite the host still runs programs normally, and no mark arrived late', async () => {
    const r = await sandbox.run({ code: 'return (await echo(20))[0] + 22', prelude: '', globals: {}, host, wallClockMs: 10_000 })
    assert.deepEqual(r, { ok: true, value: 42, logs: [] })
    assert.equal(Object.getPrototypeOf({}), Object.prototype)
    // a signal is handled on a later turn of the event loop: one from any program above has arrived by now
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(signals, 0)
    assert.equal(existsSync(MARK_FILE), false)
  })
})

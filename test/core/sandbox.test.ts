// The JavaScript sandbox on real worker threads and real QuickJS: values, globals, prelude,
// host calls with JSON copies, logs, every kind of error, cancellation, worker replacement, and
// programs after which QuickJS could not free its runtime (in a subprocess, to read its stderr).
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { createSandbox, type ProgramResult, type ProgramSpec } from '../../src/core/sandbox/index.js'
import { runNode } from '../support/run-node.js'

const sandbox = createSandbox({ cpuSliceMs: 500, memoryBytes: 32 * 1024 * 1024 })
after(() => sandbox.close())

const spec = (code: string, more: Partial<ProgramSpec> = {}): ProgramSpec => ({ code, prelude: '', globals: {}, host: {}, wallClockMs: 30_000, ...more })
const errorOf = (r: ProgramResult) => {
  assert.equal(r.ok, false, `expected an error, got ${JSON.stringify(r)}`)
  return (r as Extract<ProgramResult, { ok: false }>).error
}

describe('sandbox: programs and results', () => {
  test('a value, top-level await, and values JSON cannot carry come back as null', async () => {
    assert.deepEqual(await sandbox.run(spec('return [1, "two", { three: 3 }]')), { ok: true, value: [1, 'two', { three: 3 }], logs: [] })
    assert.deepEqual(await sandbox.run(spec('const x = await Promise.resolve(20); return x + 1')), { ok: true, value: 21, logs: [] })
    assert.deepEqual(await sandbox.run(spec('return () => 1')), { ok: true, value: null, logs: [] })
    assert.deepEqual(await sandbox.run(spec('const o = {}; o.o = o; return o')), { ok: true, value: null, logs: [] })
  })

  test('globals are copies; the prelude runs first in the same context', async () => {
    const globals = { goal: '挖到铁矿', inv: [{ name: 'oak_log', count: 2 }] }
    const r = await sandbox.run(spec('inv.push({ name: "x", count: 1 }); return greet() + " " + goal + " " + inv.length', { globals, prelude: 'globalThis.greet = () => "hello"' }))
    assert.deepEqual(r, { ok: true, value: 'hello 挖到铁矿 2', logs: [] })
    assert.equal(globals.inv.length, 1, 'the host object was not touched')
  })

  test('host functions: JSON copies both ways, errors become rejections the program can catch', async () => {
    const seen: unknown[] = []
    const host = {
      echo: async (args: unknown[]) => {
        seen.push(args)
        return { got: args }
      },
      fails: async () => {
        throw new Error('no iron here')
      },
    }
    const r = await sandbox.run(
      spec('const a = await echo(1, { b: [2] }); a.got[0] = 99; let msg; try { await fails() } catch (e) { msg = e.name + ": " + e.message } return [a, msg]', { host }),
    )
    assert.deepEqual(r, { ok: true, value: [{ got: [99, { b: [2] }] }, 'HostCallError: no iron here'], logs: [] })
    assert.deepEqual(seen, [[1, { b: [2] }]], 'the host saw a copy; the program changed only its own copy')
  })

  test('hostObject: the host functions on one object a prelude can take and hide', async () => {
    const r = await sandbox.run(
      spec('return [typeof __host, typeof api, await ask(2)]', {
        host: { api: async ([n]: unknown[]) => Number(n) * 10 },
        hostObject: '__host',
        prelude: 'const h = globalThis.__host; delete globalThis.__host; globalThis.ask = (n) => h.api(n)',
      }),
    )
    assert.deepEqual(r, { ok: true, value: ['undefined', 'undefined', 20], logs: [] })
  })

  test('console output is kept, bounded in lines and length', async () => {
    const small = createSandbox({ maxLogLines: 3, maxLogChars: 12 })
    try {
      const r = await small.run(spec('console.log("a", 1, { b: 2 }); console.warn("w"); for (let i = 0; i < 100; i++) console.log("x".repeat(50)); return 0'))
      assert.equal(r.ok, true)
      assert.deepEqual(r.logs.slice(0, 2), ['a 1 {"b":2}', '[warn] w'])
      assert.equal(r.logs.length, 3)
      assert.match(r.logs[2]!, /^x{12}… \(50 chars\)$/)
    } finally {
      await small.close()
    }
  })

  test('each program runs in a fresh context', async () => {
    assert.equal((await sandbox.run(spec('globalThis.leftover = 1; Object.prototype.tainted = 1; return 1'))).ok, true)
    assert.deepEqual(await sandbox.run(spec('return [typeof leftover, ({}).tainted === undefined]')), { ok: true, value: ['undefined', true], logs: [] })
  })
})

describe('sandbox: errors a model can act on', () => {
  const cases: Array<[string, string, string | RegExp]> = [
    ['syntax error', 'return (', 'SyntaxError'],
    ['type error', 'null.x', 'TypeError'],
    ['reference error', 'return notDefined', 'ReferenceError'],
    ['thrown number', 'throw 42', 'ThrownValue'],
    ['thrown null', 'throw null', 'ThrownValue'],
    ['rejected promise', 'await Promise.reject(new RangeError("bad range"))', 'RangeError'],
    ['endless loop', 'while (true) {}', 'CpuBudgetExceeded'],
    ['endless async loop', 'while (true) await null', 'CpuBudgetExceeded'],
    ['memory bomb', 'const a = []; for (;;) a.push(new Array(100000).fill(a.length))', 'OutOfMemory'],
    ['deep recursion (the engine\'s own error)', 'const f = (n) => f(n + 1) + 1; f(0)', 'InternalError'],
    ['a promise that never settles', 'await new Promise(() => {})', 'Error'],
  ]
  for (const [what, code, type] of cases) {
    test(`${what} → ${type}`, async () => {
      const e = errorOf(await sandbox.run(spec(code)))
      assert.equal(e.error_type, type, JSON.stringify(e))
      assert.ok(e.error_message.length > 0)
    })
  }

  test('the syntax error says where', async () => {
    const e = errorOf(await sandbox.run(spec('let x = 1\nlet y = ;')))
    assert.match(e.error_stack ?? '', /program\.js:\d+/)
  })
})

describe('sandbox: limits on the host side', () => {
  test('wall clock: a host call that never answers ends the program, and the next one runs', async () => {
    const e = errorOf(await sandbox.run(spec('await hang()', { host: { hang: () => new Promise<never>(() => {}) }, wallClockMs: 300 })))
    assert.equal(e.error_type, 'WallClockExceeded')
    assert.match(e.error_message, /300 ms/)
    assert.deepEqual(await sandbox.run(spec('return "next"')), { ok: true, value: 'next', logs: [] })
  })

  test('cancellation through the AbortSignal, also in the middle of a host call', async () => {
    const ac = new AbortController()
    const started = new Promise<void>((resolve) => {
      void sandbox
        .run(spec('await wait(); return 1', { host: { wait: () => (resolve(), new Promise<never>(() => {})) }, signal: ac.signal }))
        .then((r) => results.push(r))
    })
    const results: ProgramResult[] = []
    await started
    ac.abort('player asked to stop')
    const r = await sandbox.run(spec('return 2'))
    assert.deepEqual(r, { ok: true, value: 2, logs: [] })
    assert.equal(results.length, 1)
    assert.deepEqual(errorOf(results[0]!).error_type, 'Cancelled')
    assert.match(errorOf(results[0]!).error_message, /player asked to stop/)
  })

  test('an already-aborted signal never starts the program', async () => {
    let called = false
    const r = await sandbox.run(spec('await touch()', { host: { touch: async () => (called = true) }, signal: AbortSignal.abort('late') }))
    assert.equal(errorOf(r).error_type, 'Cancelled')
    assert.equal(called, false)
  })

  test('a host value that is not JSON is refused; unknown host names are not callable', async () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const r = await sandbox.run(spec('try { await bad() } catch (e) { return e.name + ": " + e.message }', { host: { bad: async () => cyclic } }))
    assert.equal(r.ok, true)
    assert.match(String((r as { value: unknown }).value), /^HostCallError: bad: the host returned data that is not JSON/)
    assert.deepEqual(await sandbox.run(spec('return typeof bad')), { ok: true, value: 'undefined', logs: [] })
  })

  test('a closed sandbox refuses programs with a reason', async () => {
    const s = createSandbox()
    await s.close()
    assert.equal(errorOf(await s.run(spec('return 1'))).error_type, 'Cancelled')
  })
})

describe('sandbox: no program aborts QuickJS', () => {
  // quickjs-emscripten 0.32's QuickJS cannot free a runtime after these (its issues #269 and #257):
  // JS_FreeRuntime fails its assertion that no object is left and aborts the WebAssembly module,
  // which prints "Aborted(…)" on the process's stderr. The sandbox must not tear one down.
  test('objects made after an await, memory exhausted after an await, self-feeding microtasks: each ends as itself, no abort, and a plain program runs after each', async () => {
    const programs = [
      'await null; const a = []; for (let i = 0; i < 200000; i++) a.push({ i }); return a.length',
      'await 0; const a = []; for (;;) a.push({ k: "v" })',
      'const f = () => Promise.resolve().then(f); f(); await new Promise(() => {})',
    ]
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const r = await runNode(['--import', 'tsx', 'test/fixtures/sandbox/programs-then-plain.ts', JSON.stringify(programs)], { cwd: root, limitMs: 300_000 })
    assert.equal(r.signal, null, `the subprocess was stopped after ${Math.round(r.ms)} ms; stderr: ${r.stderr.slice(0, 500)}`)
    assert.doesNotMatch(r.stderr, /Aborted\(/, 'QuickJS aborted')
    assert.equal(r.code, 0, r.stderr.slice(0, 500))
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { program: ProgramResult; next: ProgramResult })
    assert.equal(lines.length, programs.length, r.stdout)
    assert.deepEqual(lines[0]!.program, { ok: true, value: 200000, logs: [] })
    assert.equal(errorOf(lines[1]!.program).error_type, 'OutOfMemory')
    assert.equal(errorOf(lines[2]!.program).error_type, 'OutOfMemory')
    for (const { next } of lines) assert.deepEqual(next, { ok: true, value: 42, logs: [] })
  })
})

// What a hostile program may not do to the host, on real worker threads and real QuickJS:
// hand back unbounded or terminal-controlling text, leave host work running after it ends,
// pile up host calls, burn CPU between host calls, or forge the host's verdicts.
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { Worker } from 'node:worker_threads'
import { createSandbox, type ProgramResult, type ProgramSpec } from '../../src/core/sandbox/index.js'
import { readThreadCpuMs } from '../../src/core/sandbox/thread-cpu.js'

const sandbox = createSandbox({ cpuSliceMs: 1000, memoryBytes: 32 * 1024 * 1024 })
after(() => sandbox.close())

const spec = (code: string, more: Partial<ProgramSpec> = {}): ProgramSpec => ({ code, prelude: '', globals: {}, host: {}, wallClockMs: 60_000, ...more })
const errorOf = (r: ProgramResult) => {
  assert.equal(r.ok, false, `expected an error, got ${JSON.stringify(r).slice(0, 300)}`)
  return (r as Extract<ProgramResult, { ok: false }>).error
}
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

describe('sandbox: text a program hands back is capped and clean', () => {
  test('a 20 MB error name and message with escape codes, a long stack, loud logs', async () => {
    const code = `
      console.log('\\u001b[2J\\u001b]0;pwned\\u0007 clear', 'z'.repeat(50000))
      const e = new Error('\\u001b[31m' + 'm'.repeat(3e6))
      e.name = '\\u001b[31m' + 'N'.repeat(2e7)
      e.stack = '\\u001b[1m' + 's\\n'.repeat(1e6)
      throw e`
    const r = await sandbox.run(spec(code))
    const e = errorOf(r)
    assert.ok(e.error_type.length <= 130, `error_type is ${e.error_type.length} characters`)
    assert.ok(e.error_message.length <= 2100, `error_message is ${e.error_message.length} characters`)
    assert.ok((e.error_stack ?? '').length <= 4100, `error_stack is ${(e.error_stack ?? '').length} characters`)
    assert.match(e.error_message, /\(3000005 chars\)$/, 'a cut says how long the text was')
    for (const text of [e.error_type, e.error_message, e.error_stack ?? '', ...r.logs]) assert.doesNotMatch(text, CONTROL)
    assert.equal(r.logs.length, 1)
    assert.ok(r.logs[0]!.length <= 2100)
  })

  test('a thrown string with escape codes', async () => {
    const e = errorOf(await sandbox.run(spec(`throw '\\u001b[31m' + 'q'.repeat(1e6)`)))
    assert.equal(e.error_type, 'ThrownValue')
    assert.doesNotMatch(e.error_message, CONTROL)
    assert.ok(e.error_message.length < 700)
  })
})

describe('sandbox: host work ends with the program', () => {
  test('every host call gets a signal, aborted when the program ends with calls still running', async () => {
    const signals: AbortSignal[] = []
    const work = async (_args: unknown[], signal: AbortSignal) => {
      signals.push(signal)
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve('stopped'), { once: true }))
    }
    const e = errorOf(await sandbox.run(spec(`work(1); work(2); await null; throw new Error('done early')`, { host: { work } })))
    assert.equal(e.error_message, 'done early')
    assert.equal(signals.length, 2)
    assert.ok(signals.every((s) => s.aborted), 'the host calls still running were told the program ended')
    // a program that ends normally: its finished calls' signals are aborted too, which harms nothing
    const r = await sandbox.run(spec(`return await quick()`, { host: { quick: async (_a: unknown[], s: AbortSignal) => (signals.push(s), 7) } }))
    assert.deepEqual(r, { ok: true, value: 7, logs: [] })
    assert.ok(signals[2]!.aborted)
  })
})

describe('sandbox: host calls in flight are bounded', () => {
  const holdUntilEnd = (seen: unknown[][]) => async (args: unknown[], signal: AbortSignal) => {
    seen.push(args)
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve(null), { once: true }))
  }
  const FIRE = (n: number, arg: string) => `
    let refused = 0, reason = ''
    for (let i = 0; i < ${n}; i++) hold(${arg}).catch((e) => { refused++; reason = e.name + ': ' + e.message })
    for (let k = 0; k < 10; k++) await null // the refusals settle within a few microtask turns
    return [refused, reason]`

  test('by count', async () => {
    const small = createSandbox({ maxCallsInFlight: 8 })
    try {
      const seen: unknown[][] = []
      const r = await small.run(spec(FIRE(50, '1'), { host: { hold: holdUntilEnd(seen) } }))
      assert.equal(r.ok, true, JSON.stringify(r))
      const [refused, reason] = (r as { value: [number, string] }).value
      assert.equal(seen.length, 8)
      assert.equal(refused, 42)
      assert.match(reason, /^HostCallError: hold: 8 host calls are already waiting/)
    } finally {
      await small.close()
    }
  })

  test('by the size of their arguments', async () => {
    const small = createSandbox({ maxCharsInFlight: 1_000_000 })
    try {
      const seen: unknown[][] = []
      const r = await small.run(spec(FIRE(300, "'x'.repeat(99000)"), { host: { hold: holdUntilEnd(seen) } }))
      assert.equal(r.ok, true, JSON.stringify(r).slice(0, 300))
      const [refused, reason] = (r as { value: [number, string] }).value
      assert.equal(seen.length, 10, 'ten arguments of 99,004 characters fit in 1,000,000')
      assert.equal(refused, 290)
      assert.match(reason, /already carry \d+ characters of arguments \(limit 1000000\)/)
    } finally {
      await small.close()
    }
  })
})

describe('sandbox: a total CPU budget per program', () => {
  test('busy slices between host calls add up, each under the slice budget', async () => {
    const small = createSandbox({ cpuSliceMs: 5000, cpuTotalMs: 400 })
    try {
      // 20 slices of 150 ms of busy loop, each far under the 5 s slice budget
      const code = `for (let i = 0; i < 20; i++) { const t = Date.now(); while (Date.now() - t < 150) {} await tick() } return 'finished'`
      const e = errorOf(await small.run(spec(code, { host: { tick: async () => 1 } })))
      assert.equal(e.error_type, 'CpuBudgetExceeded')
      assert.match(e.error_message, /of CPU in total, more than its budget of 400 ms/)
    } finally {
      await small.close()
    }
  })

  test('waiting for the host costs no CPU', async () => {
    const small = createSandbox({ cpuTotalMs: 400 })
    try {
      // the host takes its time (a timer, no CPU) many times over the program's CPU budget in total
      const slow = async () => new Promise((resolve) => setTimeout(resolve, 50, 1))
      const r = await small.run(spec(`let n = 0; for (let i = 0; i < 20; i++) n += await slow(); return n`, { host: { slow } }))
      assert.deepEqual(r, { ok: true, value: 20, logs: [] })
    } finally {
      await small.close()
    }
  })

  test("the thread clock counts the calling thread only: a busy worker does not move the main thread's", { skip: readThreadCpuMs() === undefined ? 'no /proc/thread-self on this system: the sandbox counts time spent running instead' : false }, async () => {
    const mainBefore = readThreadCpuMs()!
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads'); const { readFileSync } = require('node:fs');
       const cpu = () => { const t = readFileSync('/proc/thread-self/stat', 'latin1'); const f = t.slice(t.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) * 10 };
       const before = cpu(); const t0 = Date.now(); while (Date.now() - t0 < 400) {}; parentPort.postMessage(cpu() - before)`,
      { eval: true },
    )
    const workerMs = await new Promise<number>((resolve, reject) => worker.once('message', resolve).once('error', reject))
    await worker.terminate()
    const mainMs = readThreadCpuMs()! - mainBefore
    assert.ok(workerMs > mainMs, `the busy worker used ${workerMs} ms, the waiting main thread ${mainMs} ms`)
  })
})

describe("sandbox: the host's verdicts come from signals, not from the program's text", () => {
  test('an Error named InternalError saying "out of memory" is that, not OutOfMemory', async () => {
    const e = errorOf(await sandbox.run(spec(`const e = new Error('out of memory'); e.name = 'InternalError'; throw e`)))
    assert.equal(e.error_type, 'InternalError')
    assert.equal(e.error_message, 'out of memory')
  })

  test('"interrupted" is not a CPU verdict', async () => {
    const e = errorOf(await sandbox.run(spec(`throw new InternalError('interrupted')`)))
    assert.equal(e.error_type, 'InternalError')
  })

  test("an error named like one of the host's verdicts is reported as an Error", async () => {
    for (const name of ['OutOfMemory', 'CpuBudgetExceeded', 'WallClockExceeded', 'Cancelled']) {
      const e = errorOf(await sandbox.run(spec(`const e = new Error('forged'); e.name = '${name}'; throw e`)))
      assert.equal(e.error_type, 'Error')
      assert.match(e.error_message, new RegExp(`^${name} \\(a name the program gave its error\\): forged$`))
    }
  })

  test('a real memory bomb is OutOfMemory, and the next program runs', async () => {
    const e = errorOf(await sandbox.run(spec(`const a = []; for (;;) a.push('x'.repeat(1e6) + a.length)`)))
    assert.equal(e.error_type, 'OutOfMemory')
    assert.deepEqual(await sandbox.run(spec('return 1')), { ok: true, value: 1, logs: [] })
    // the heap stays at its cap after that: a forged one right after is still not OutOfMemory
    const forged = errorOf(await sandbox.run(spec(`throw new InternalError('out of memory')`)))
    assert.equal(forged.error_type, 'InternalError')
  })
})

/**
 * The sandbox against hostile programs. A program that reached a `process` would write a file
 * and signal this process (as in test/core/sandbox-escape.test.ts): either one is an escape.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSandbox } from '../../src/core/sandbox/index.js'
import type { Tally } from './tally.js'

export async function attackSandbox(tally: Tally, scale = 1): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hostile-sandbox-'))
  const markFile = join(dir, 'escaped')
  let signals = 0
  const onSignal = () => signals++
  process.on('SIGUSR2', onSignal)
  const MARK = `const mark = (p) => { if (!p || typeof p !== 'object') throw new TypeError('no process'); try { p.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(markFile)}, 'x') } catch {} try { p.kill(p.pid, 'SIGUSR2') } catch {} return 'escaped' };`
  const big = Math.round(2e7 * scale) + 1000
  const programs: Array<[string, string]> = [
    ['Function → process', `${MARK} return mark(Function('return process')())`],
    ['constructor chain → process', `${MARK} return mark(this.constructor.constructor('return process')())`],
    ['host function constructor', `${MARK} return mark(echo.constructor('return process')())`],
    ['import("fs")', `return (await import('fs')).readFileSync('/etc/passwd', 'utf8')`],
    ['endless loop', `for (;;) {}`],
    ['busy between host calls', `for (let i = 0; i < ${Math.round(40 * scale) + 2}; i++) { const t = Date.now(); while (Date.now() - t < 100) {} await echo(i) }`],
    ['memory bomb', `const a = []; for (;;) a.push('x'.repeat(1e6) + a.length)`],
    ['deep recursion', `const f = () => f(); f()`],
    ['huge error name with escapes', `const e = new Error('\\u001b[2J'); e.name = '\\u001b[31m' + 'N'.repeat(${big}); throw e`],
    ['forged OutOfMemory', `const e = new Error('out of memory'); e.name = 'InternalError'; throw e`],
    ['forged verdict name', `const e = new Error('x'); e.name = 'CpuBudgetExceeded'; throw e`],
    ['host-call flood', `for (let i = 0; i < 300; i++) hang('x'.repeat(990000)).catch(() => 0); await null; return 1`],
    ['a million host calls', `await Promise.all(Array.from({ length: 1e6 }, () => echo(1)))`],
    ['log flood with escapes', `for (let i = 0; i < 1000; i++) console.log('\\u001b[2J' + 'y'.repeat(100000)); return 'logged'`],
    ['thrown string with escapes', `throw '\\u001b]0;title\\u0007' + 'q'.repeat(1e6)`],
    ['result bomb', `return 'x'.repeat(5e6)`],
    ['a plain program', `return (await echo(20))[0] + 22`],
  ]
  const sandbox = createSandbox({ cpuSliceMs: 500, cpuTotalMs: 2000, memoryBytes: 32 * 1024 * 1024 })
  const host = { echo: async (args: unknown[]) => args, hang: (_a: unknown[], signal: AbortSignal) => new Promise((r) => signal.addEventListener('abort', r, { once: true })) }
  try {
    await tally.surface('sandbox (QuickJS worker)', async (record) => {
      for (const [label, code] of programs) {
        const r = await sandbox.run({ code, prelude: '', globals: {}, host, wallClockMs: 30_000 })
        await new Promise((resolve) => setImmediate(resolve))
        if (existsSync(markFile) || signals > 0) {
          record(label, { kind: 'escape', detail: 'a mark of a reached process arrived' })
          rmSync(markFile, { force: true })
          signals = 0
          continue
        }
        const longLog = r.logs.find((l) => l.length > 2100 || /\u001b/.test(l))
        if (longLog) record(label, { kind: 'refused', reason: longLog })
        else record(label, r.ok ? { kind: 'accepted' } : { kind: 'refused', reason: `${r.error.error_type}: ${r.error.error_message}` })
      }
    })
  } finally {
    await sandbox.close()
    process.off('SIGUSR2', onSignal)
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The JavaScript sandbox (docs/sandbox.md): untrusted programs run in QuickJS (WebAssembly)
 * inside a worker thread, a fresh QuickJS instance per program. The worker is replaced when a
 * program overruns its wall clock or is cancelled.
 */
import { Worker } from 'node:worker_threads'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CodeError, FromWorker, ProgramResult, ProgramRunner, ProgramSpec, SandboxOptions, ToWorker } from './types.js'
import { SANDBOX_DEFAULTS } from './types.js'
import { cleanText, ERROR_TEXT_LIMITS } from './program-text.js'

export type { CodeError, HostFunction, ProgramResult, ProgramRunner, ProgramSpec, SandboxOptions } from './types.js'
export { SANDBOX_DEFAULTS } from './types.js'
export { cleanCodeError, cleanLine, cleanText } from './program-text.js'

/** worker.ts under tsx (tests, dev), worker.js once built. */
const WORKER_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url))

const fail = (error_type: string, error_message: string, logs: string[] = []): ProgramResult => ({ ok: false, error: { error_type, error_message, error_stack: null } satisfies CodeError, logs })

export function createSandbox(options: SandboxOptions = {}): ProgramRunner {
  const o: Required<SandboxOptions> = { ...SANDBOX_DEFAULTS, ...options }
  let worker: Worker | undefined
  let closed = false
  let nextId = 1
  /** One program at a time: a run waits for the one before it. */
  let queue: Promise<unknown> = Promise.resolve()

  const spawnWorker = (): Worker => {
    const limits = { resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 8 } }
    // from source (tests, dev) the worker registers tsx itself: Node 20 does not run --import hooks in workers
    const w = WORKER_FILE.endsWith('.ts')
      ? new Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(pathToFileURL(WORKER_FILE).href)}) })`, { ...limits, eval: true })
      : new Worker(WORKER_FILE, limits)
    w.unref()
    w.on('error', () => undefined) // reported through 'exit' to the running program
    w.on('exit', () => {
      if (worker === w) worker = undefined
    })
    return w
  }

  const runOne = (spec: ProgramSpec): Promise<ProgramResult> =>
    new Promise<ProgramResult>((resolve) => {
      if (closed) return resolve(fail('Cancelled', 'the sandbox is closed'))
      if (spec.signal?.aborted) return resolve(fail('Cancelled', `cancelled: ${reasonOf(spec.signal)}`))
      let globalsJson: string
      try {
        globalsJson = JSON.stringify(spec.globals ?? {})
      } catch (err) {
        return resolve(fail('HostCallError', `globals must be plain JSON data: ${String(err)}`))
      }
      const w = (worker ??= spawnWorker())
      const id = nextId++
      /** Aborted when the program ends, however it ends: the host work its calls started stops. */
      const work = new AbortController()
      let settled = false
      const finish = (r: ProgramResult, kill: boolean) => {
        if (settled) return
        settled = true
        work.abort(new Error(r.ok ? 'the program ended' : `the program ended: ${r.error.error_type}`))
        clearTimeout(timer)
        spec.signal?.removeEventListener('abort', onAbort)
        w.off('message', onMessage)
        w.off('exit', onExit)
        if (kill) {
          if (worker === w) worker = undefined
          void w.terminate()
        }
        resolve(r)
      }
      const onAbort = () => finish(fail('Cancelled', `cancelled: ${reasonOf(spec.signal!)}`), true)
      const onExit = (code: number) => finish(fail('SandboxCrashed', `the sandbox worker stopped (exit code ${code}); it is replaced for the next program`), false)
      const onMessage = (m: FromWorker) => {
        if (m.type === 'done' && m.id === id) {
          finish(m.result, false)
          return
        }
        if (m.type === 'call' && m.id === id) void answer(w, m, spec, work.signal)
      }
      const timer = setTimeout(() => finish(fail('WallClockExceeded', `the program did not finish within ${spec.wallClockMs < 1000 ? `${spec.wallClockMs} ms` : `${Math.round(spec.wallClockMs / 1000)} s`}`), true), spec.wallClockMs)
      spec.signal?.addEventListener('abort', onAbort, { once: true })
      w.on('message', onMessage)
      w.on('exit', onExit)
      const msg: ToWorker = { type: 'run', id, code: spec.code, prelude: spec.prelude ?? '', globalsJson, hostNames: Object.keys(spec.host ?? {}), ...(spec.hostObject ? { hostObject: spec.hostObject } : {}), options: o }
      w.postMessage(msg)
    })

  const answer = async (w: Worker, m: Extract<FromWorker, { type: 'call' }>, spec: ProgramSpec, signal: AbortSignal): Promise<void> => {
    const reply = (r: Extract<ToWorker, { type: 'reply' }>) => {
      try {
        w.postMessage(r)
      } catch {
        // the worker is gone: the program has ended
      }
    }
    const fn = Object.hasOwn(spec.host, m.name) ? spec.host[m.name] : undefined
    if (!fn) return reply({ type: 'reply', id: m.id, callId: m.callId, ok: false, message: `no host function ${m.name}` })
    let args: unknown
    try {
      args = JSON.parse(m.argsJson)
    } catch {
      return reply({ type: 'reply', id: m.id, callId: m.callId, ok: false, message: `${m.name}: arguments are not JSON` })
    }
    try {
      const value = await fn(Array.isArray(args) ? args : [], signal)
      let json: string | undefined
      try {
        json = JSON.stringify(value)
      } catch (err) {
        return reply({ type: 'reply', id: m.id, callId: m.callId, ok: false, message: `${m.name}: the host returned data that is not JSON (${String(err)})` })
      }
      if (json !== undefined && json.length > o.maxJsonChars) return reply({ type: 'reply', id: m.id, callId: m.callId, ok: false, message: `${m.name}: result too large` })
      reply({ type: 'reply', id: m.id, callId: m.callId, ok: true, json: json ?? 'null' })
    } catch (err) {
      reply({ type: 'reply', id: m.id, callId: m.callId, ok: false, message: cleanText(err instanceof Error ? err.message : String(err), ERROR_TEXT_LIMITS.message) })
    }
  }

  return {
    run(spec) {
      const next = queue.then(() => runOne(spec))
      queue = next.catch(() => undefined)
      return next
    },
    async close() {
      closed = true
      const w = worker
      worker = undefined
      if (w) await w.terminate()
    },
  }
}

function reasonOf(signal: AbortSignal): string {
  const r: unknown = signal.reason
  return r instanceof Error ? r.message : typeof r === 'string' ? r : 'aborted'
}

/**
 * The sandbox worker: one QuickJS WebAssembly instance whose memory is a fixed
 * `WebAssembly.Memory` (the hard cap), and a fresh runtime + context per program.
 * Nothing of Node is reachable from inside: the program sees JSON globals, `console`, and
 * async host functions whose arguments and results cross as JSON text.
 */
import { parentPort } from 'node:worker_threads'
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  RELEASE_SYNC,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten'
import type { CodeError, FromWorker, ProgramResult, SandboxOptions, ToWorker } from './types.js'

const PAGE = 64 * 1024
/** The release build's memory import asks for at least 256 pages (16 MiB). */
const MIN_PAGES = 256

const port = parentPort
if (!port) throw new Error('sandbox worker started outside a worker thread')

let modulePromise: Promise<QuickJSWASMModule> | undefined
function quickjs(memoryBytes: number): Promise<QuickJSWASMModule> {
  modulePromise ??= (() => {
    const maximum = Math.max(MIN_PAGES, Math.ceil(memoryBytes / PAGE))
    const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => unknown } }).WebAssembly
    const memory = new Memory({ initial: MIN_PAGES, maximum })
    return newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory: memory as never }))
  })()
  return modulePromise
}

const send = (m: FromWorker) => port.postMessage(m)

/** The context's own JSON.parse / JSON.stringify, taken before any program code runs (a program may replace the globals). */
interface JsonFns {
  JSON: QuickJSHandle
  parse: QuickJSHandle
  stringify: QuickJSHandle
}
function takeJson(ctx: QuickJSContext): JsonFns {
  const JSONh = ctx.getProp(ctx.global, 'JSON')
  return { JSON: JSONh, parse: ctx.getProp(JSONh, 'parse'), stringify: ctx.getProp(JSONh, 'stringify') }
}

interface Running {
  id: number
  ctx: QuickJSContext
  json: JsonFns
  pending: Map<number, QuickJSDeferredPromise>
  /** Wakes the drive loop when a host reply arrived. */
  wake: () => void
  /** Starts a new CPU slice (before we run anything inside on the program's behalf). */
  resetSlice: () => void
  runtime: QuickJSRuntime
  options: Required<SandboxOptions>
}
let running: Running | undefined
/** Set when QuickJS itself failed or could not be torn down cleanly (e.g. jobs still queued). */
let broken = false

port.on('message', (m: ToWorker) => {
  if (m.type === 'run') {
    void runProgram(m).then((result) => {
      // a broken QuickJS instance is not reused: the host starts a new worker for the next program
      send({ type: 'done', id: m.id, result, retire: broken })
    })
    return
  }
  const r = running
  if (!r || r.id !== m.id) return // a late reply for a finished program
  const deferred = r.pending.get(m.callId)
  if (!deferred) return
  r.pending.delete(m.callId)
  r.resetSlice()
  if (m.ok) {
    const h = parseInside(r.ctx, r.json, m.json)
    if (h.ok) {
      deferred.resolve(h.handle)
      h.handle.dispose()
    } else {
      rejectWith(r.ctx, deferred, 'HostCallError', h.message)
    }
  } else {
    rejectWith(r.ctx, deferred, 'HostCallError', m.message)
  }
  r.wake()
})
send({ type: 'ready' })

function rejectWith(ctx: QuickJSContext, deferred: QuickJSDeferredPromise, name: string, message: string): void {
  const err = ctx.newError({ name, message })
  deferred.reject(err)
  err.dispose()
}

/** JSON text → a value inside the context (through the context's own JSON.parse). */
function parseInside(ctx: QuickJSContext, fns: JsonFns, json: string): { ok: true; handle: QuickJSHandle } | { ok: false; message: string } {
  const text = ctx.newString(json)
  const r = ctx.callFunction(fns.parse, fns.JSON, text)
  text.dispose()
  if (r.error) {
    r.error.dispose()
    return { ok: false, message: 'the host returned a value that is not JSON' }
  }
  return { ok: true, handle: r.value }
}

/** A value inside → JSON text (through the context's JSON.stringify; runs under the CPU budget). */
function stringifyInside(ctx: QuickJSContext, fns: JsonFns, h: QuickJSHandle): string | undefined {
  const r = ctx.callFunction(fns.stringify, fns.JSON, h)
  if (r.error) {
    r.error.dispose()
    return undefined
  }
  const s = ctx.typeof(r.value) === 'string' ? ctx.getString(r.value) : undefined
  r.value.dispose()
  return s
}

const BOOTSTRAP = `
'use strict';
(() => {
  const hostCall = globalThis.__hostCall;
  const stringify = JSON.stringify;
  const log = globalThis.__log;
  delete globalThis.__hostCall;
  delete globalThis.__log;
  delete globalThis.SharedArrayBuffer;
  delete globalThis.Atomics;
  const names = JSON.parse(globalThis.__hostNames);
  const hostObject = globalThis.__hostObject;
  delete globalThis.__hostNames;
  delete globalThis.__hostObject;
  const target = typeof hostObject === 'string' ? (globalThis[hostObject] = {}) : globalThis;
  const show = (v) => { try { return typeof v === 'string' ? v : stringify(v) ?? String(v); } catch { try { return String(v); } catch { return '[unprintable]'; } } };
  const out = (level) => (...a) => log(level, a.map(show).join(' '));
  globalThis.console = Object.freeze({ log: out('log'), info: out('info'), warn: out('warn'), error: out('error'), debug: out('debug') });
  for (const name of names) {
    const f = async (...args) => {
      let json;
      try { json = stringify(args); } catch (e) { throw new TypeError(name + ': arguments must be plain JSON data (' + (e && e.message) + ')'); }
      return hostCall(name, json === undefined ? '[]' : json);
    };
    Object.defineProperty(target, name, { value: f, enumerable: target !== globalThis, configurable: false, writable: false });
  }
})();
`

async function runProgram(m: Extract<ToWorker, { type: 'run' }>): Promise<ProgramResult> {
  const logs: string[] = []
  const o = m.options
  let mod: QuickJSWASMModule
  try {
    mod = await quickjs(o.memoryBytes)
  } catch (err) {
    return { ok: false, error: { error_type: 'SandboxCrashed', error_message: `could not start QuickJS: ${String(err)}`, error_stack: null }, logs }
  }
  const runtime = mod.newRuntime()
  runtime.setMemoryLimit(o.memoryBytes - 4 * 1024 * 1024)
  runtime.setMaxStackSize(o.maxStackBytes)
  let sliceStart = Date.now()
  let cpuExceeded = false
  runtime.setInterruptHandler(() => {
    if (Date.now() - sliceStart > o.cpuSliceMs) {
      cpuExceeded = true
      return true
    }
    return false
  })
  const ctx = runtime.newContext()
  const json = takeJson(ctx)
  const pending = new Map<number, QuickJSDeferredPromise>()
  let wakeUp: (() => void) | undefined
  const state: Running = { id: m.id, ctx, json, pending, runtime, options: o, wake: () => wakeUp?.(), resetSlice: () => (sliceStart = Date.now()) }
  running = state
  let calls = 0
  let nextCall = 1
  const handles: QuickJSHandle[] = [json.JSON, json.parse, json.stringify]
  try {
    const logFn = ctx.newFunction('__log', (levelH, textH) => {
      if (logs.length >= o.maxLogLines) return
      const level = ctx.getString(levelH)
      const text = ctx.typeof(textH) === 'string' ? ctx.getString(textH) : ''
      logs.push(`${level === 'log' ? '' : `[${level}] `}${text.length > o.maxLogChars ? `${text.slice(0, o.maxLogChars)}… (${text.length} chars)` : text}`)
    })
    const callFn = ctx.newFunction('__hostCall', (nameH, argsH) => {
      const name = ctx.getString(nameH)
      const argsJson = ctx.typeof(argsH) === 'string' ? ctx.getString(argsH) : '[]'
      const deferred = ctx.newPromise()
      if (++calls > o.maxHostCalls) {
        rejectWith(ctx, deferred, 'HostCallError', `more than ${o.maxHostCalls} host calls in one program`)
      } else if (argsJson.length > o.maxJsonChars) {
        rejectWith(ctx, deferred, 'HostCallError', `${name}: arguments too large (${argsJson.length} characters as JSON, limit ${o.maxJsonChars})`)
      } else {
        const callId = nextCall++
        pending.set(callId, deferred)
        send({ type: 'call', id: m.id, callId, name, argsJson })
      }
      return deferred.handle
    })
    handles.push(logFn, callFn)
    ctx.setProp(ctx.global, '__log', logFn)
    ctx.setProp(ctx.global, '__hostCall', callFn)
    const namesH = ctx.newString(JSON.stringify(m.hostNames))
    ctx.setProp(ctx.global, '__hostNames', namesH)
    namesH.dispose()
    if (m.hostObject) {
      const objH = ctx.newString(m.hostObject)
      ctx.setProp(ctx.global, '__hostObject', objH)
      objH.dispose()
    }

    const globals = parseInside(ctx, json, m.globalsJson)
    if (!globals.ok) return { ok: false, error: { error_type: 'SandboxCrashed', error_message: 'globals are not JSON', error_stack: null }, logs }
    const keys = Object.keys(JSON.parse(m.globalsJson) as Record<string, unknown>)
    for (const k of keys) {
      const v = ctx.getProp(globals.handle, k)
      ctx.setProp(ctx.global, k, v)
      v.dispose()
    }
    globals.handle.dispose()

    const evalTrusted = (code: string, file: string): CodeError | undefined => {
      sliceStart = Date.now()
      const r = ctx.evalCode(code, file)
      if (r.error) {
        const e = describeError(ctx, r.error, cpuExceeded, o.cpuSliceMs)
        r.error.dispose()
        return e
      }
      r.value.dispose()
      return undefined
    }
    const bootErr = evalTrusted(BOOTSTRAP, 'bootstrap.js') ?? (m.prelude ? evalTrusted(m.prelude, 'prelude.js') : undefined)
    if (bootErr) return { ok: false, error: bootErr, logs }

    sliceStart = Date.now()
    const evaluated = ctx.evalCode(`(async () => {\n${m.code}\n})()`, 'program.js')
    if (evaluated.error) {
      const e = describeError(ctx, evaluated.error, cpuExceeded, o.cpuSliceMs)
      evaluated.error.dispose()
      return { ok: false, error: e, logs }
    }
    const promise = evaluated.value
    handles.push(promise)
    for (;;) {
      sliceStart = Date.now()
      const jobs = runtime.executePendingJobs()
      if (jobs.error) {
        const e = describeError(ctx, jobs.error, cpuExceeded, o.cpuSliceMs)
        jobs.error.dispose()
        return { ok: false, error: e, logs }
      }
      if (cpuExceeded) return { ok: false, error: cpuError(o.cpuSliceMs), logs }
      const st = ctx.getPromiseState(promise)
      if (st.type === 'fulfilled') {
        sliceStart = Date.now()
        const text = st.value ? stringifyInside(ctx, json, st.value) : undefined
        st.value?.dispose()
        if (cpuExceeded) return { ok: false, error: cpuError(o.cpuSliceMs), logs }
        if (text !== undefined && text.length > o.maxJsonChars) {
          return { ok: false, error: { error_type: 'ResultTooLarge', error_message: `the program's result is ${text.length} characters as JSON (limit ${o.maxJsonChars})`, error_stack: null }, logs }
        }
        // values JSON cannot carry (functions, cycles, undefined) come back as null
        return { ok: true, value: text === undefined ? null : (JSON.parse(text) as unknown), logs }
      }
      if (st.type === 'rejected') {
        const e = describeError(ctx, st.error, cpuExceeded, o.cpuSliceMs)
        st.error.dispose()
        return { ok: false, error: e, logs }
      }
      if (pending.size === 0 && !runtime.hasPendingJob()) {
        return { ok: false, error: { error_type: 'Error', error_message: 'the program is waiting on a promise that can never settle', error_stack: null }, logs }
      }
      // wait for a host reply (the host ends us on its wall clock or a cancel)
      await new Promise<void>((resolve) => {
        wakeUp = resolve
        if (runtime.hasPendingJob()) resolve()
      })
      wakeUp = undefined
    }
  } catch (err) {
    // QuickJS itself failed (e.g. the WebAssembly memory is exhausted): this instance is unusable
    broken = true
    return { ok: false, error: { error_type: 'OutOfMemory', error_message: `the sandbox ran out of memory (${String(err).slice(0, 200)})`, error_stack: null }, logs }
  } finally {
    running = undefined
    for (const d of pending.values()) {
      try {
        d.dispose()
      } catch {}
    }
    pending.clear()
    for (const h of handles) {
      try {
        if (h.alive) h.dispose()
      } catch {}
    }
    try {
      ctx.dispose()
      runtime.dispose()
    } catch {
      // leaked handles or a broken heap: start over in a new worker
      broken = true
    }
  }
}

function cpuError(ms: number): CodeError {
  return { error_type: 'CpuBudgetExceeded', error_message: `the program ran more than ${ms} ms without yielding (an endless loop?)`, error_stack: null }
}

/** Turns a thrown or rejected value into a CodeError, reading it with the CPU budget still on. */
function describeError(ctx: QuickJSContext, h: QuickJSHandle, cpuExceeded: boolean, cpuMs: number): CodeError {
  const read = (key: string): string | undefined => {
    try {
      const v = ctx.getProp(h, key)
      const s = ctx.typeof(v) === 'string' ? ctx.getString(v) : undefined
      v.dispose()
      return s
    } catch {
      return undefined
    }
  }
  const type = ctx.typeof(h)
  if (type !== 'object' || h === undefined) {
    let text: string
    try {
      text = type === 'string' ? ctx.getString(h) : String(ctx.dump(h))
    } catch {
      text = `a ${type}`
    }
    return { error_type: 'ThrownValue', error_message: `the program threw a ${type}, not an Error: ${text.slice(0, 500)}`, error_stack: null }
  }
  const name = read('name')
  const message = read('message') ?? ''
  const stack = read('stack') ?? null
  if (cpuExceeded || (name === 'InternalError' && message === 'interrupted')) return cpuError(cpuMs)
  if (name === 'InternalError' && /out of memory/.test(message)) return { error_type: 'OutOfMemory', error_message: 'the program used more memory than the sandbox allows', error_stack: stack }
  if ((name === 'RangeError' || name === 'InternalError') && /stack overflow/i.test(message)) return { error_type: 'StackOverflow', error_message: `stack overflow (${message})`, error_stack: stack }
  if (name === undefined) return { error_type: 'ThrownValue', error_message: 'the program threw an object that is not an Error', error_stack: null }
  return { error_type: name, error_message: message.slice(0, 2000), error_stack: stack ? stack.slice(0, 4000) : null }
}

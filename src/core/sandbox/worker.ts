/**
 * The sandbox worker: every program gets its own QuickJS WebAssembly instance, whose memory is a
 * fixed `WebAssembly.Memory` (the hard cap), with one runtime and context in it. Nothing of Node
 * is reachable from inside: the program sees JSON globals, `console`, and async host functions
 * whose arguments and results cross as JSON text.
 *
 * Why an instance per program and not one runtime per program in a shared instance: the QuickJS
 * of quickjs-emscripten 0.32 cannot always free a runtime. After a promise job that made many
 * objects (a plain program that builds 200,000 after an await) or ran out of memory,
 * `JS_FreeRuntime` fails its assertion that no object is left and aborts the WebAssembly module
 * (its issues #269, #235, #257; reproduced with every handle disposed). So no runtime is ever
 * freed: when the program ends, its instance is dropped whole and the garbage collector takes it.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
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
import { cleanLine, cleanText, ERROR_TEXT_LIMITS } from './program-text.js'
import { readThreadCpuMs } from './thread-cpu.js'

const PAGE = 64 * 1024
/** The release build's memory import asks for at least 256 pages (16 MiB). */
const MIN_PAGES = 256

const port = parentPort
if (!port) throw new Error('sandbox worker started outside a worker thread')

type WasmModule = object
type Memory = { grow(pages: number): number }
const { WebAssembly: Wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule>; Memory: new (d: { initial: number; maximum: number }) => Memory }
}

/**
 * The release build, loaded once per worker: its WebAssembly compiled (the file found through
 * quickjs-emscripten's own dependency) and its two modules imported, which the library would
 * otherwise import again for every instance.
 */
let release: Promise<{ variant: typeof RELEASE_SYNC; wasm: WasmModule }> | undefined
function releaseBuild(): Promise<{ variant: typeof RELEASE_SYNC; wasm: WasmModule }> {
  release ??= (async () => {
    const fromQuickJS = createRequire(createRequire(import.meta.url).resolve('quickjs-emscripten'))
    const wasm = await Wasm.compile(readFileSync(fromQuickJS.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')))
    const moduleLoader = await RELEASE_SYNC.importModuleLoader()
    const ffi = await RELEASE_SYNC.importFFI()
    return { variant: { ...RELEASE_SYNC, importModuleLoader: async () => moduleLoader, importFFI: async () => ffi }, wasm }
  })()
  return release
}

/**
 * One program's QuickJS instance and the engine's out-of-memory signal. When malloc finds no room
 * it asks emscripten to grow the memory; at the cap `grow` throws and the allocation fails (QuickJS
 * then throws its out-of-memory error, which a program could also imitate). `lastRefused`: the last
 * attempt to grow this instance's memory was refused, so a program that fails now ran out of memory.
 */
interface Engine {
  mod: QuickJSWASMModule
  heap: { lastRefused: boolean }
}
async function newEngine(memoryBytes: number): Promise<Engine> {
  const heap = { lastRefused: false }
  const memory = new Wasm.Memory({ initial: MIN_PAGES, maximum: Math.max(MIN_PAGES, Math.ceil(memoryBytes / PAGE)) })
  const grow = memory.grow.bind(memory)
  Object.defineProperty(memory, 'grow', {
    value: (pages: number) => {
      try {
        const r = grow(pages)
        heap.lastRefused = false
        return r
      } catch (err) {
        heap.lastRefused = true
        throw err
      }
    },
  })
  const { variant, wasm } = await releaseBuild()
  const mod = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmModule: wasm as never, wasmMemory: memory as never }))
  return { mod, heap }
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
  /** Host calls waiting for their answer, with the length of their arguments as JSON. */
  pending: Map<number, { deferred: QuickJSDeferredPromise; chars: number }>
  inFlight: { chars: number }
  /** Wakes the drive loop when a host reply arrived. */
  wake: () => void
  /** The program's CPU budgets: a slice around everything we run inside on the program's behalf. */
  budget: ReturnType<typeof cpuBudget>
  runtime: QuickJSRuntime
  options: Required<SandboxOptions>
}
let running: Running | undefined

port.on('message', (m: ToWorker) => {
  if (m.type === 'run') {
    void runProgram(m).then((result) => send({ type: 'done', id: m.id, result }))
    return
  }
  const r = running
  if (!r || r.id !== m.id) return // a late reply for a finished program
  const call = r.pending.get(m.callId)
  if (!call) return
  r.pending.delete(m.callId)
  r.inFlight.chars -= call.chars
  const { deferred } = call
  r.budget.startSlice()
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
  r.budget.endSlice()
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
  const logMax = globalThis.__logMax;
  const slice = Function.prototype.call.bind(String.prototype.slice);
  delete globalThis.__hostCall;
  delete globalThis.__log;
  delete globalThis.__logMax;
  delete globalThis.SharedArrayBuffer;
  delete globalThis.Atomics;
  const names = JSON.parse(globalThis.__hostNames);
  const hostObject = globalThis.__hostObject;
  delete globalThis.__hostNames;
  delete globalThis.__hostObject;
  const target = typeof hostObject === 'string' ? (globalThis[hostObject] = {}) : globalThis;
  const show = (v) => { try { return typeof v === 'string' ? v : stringify(v) ?? String(v); } catch { try { return String(v); } catch { return '[unprintable]'; } } };
  const out = (level) => (...a) => { const text = a.map(show).join(' '); log(level, slice(text, 0, logMax), text.length); };
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

/** A trusted helper made before any program code runs: the first `n` characters of a string, through the pristine `String.prototype.slice`. */
const CLIP_SOURCE = `((slice) => (v, n) => slice(v, 0, n))(Function.prototype.call.bind(String.prototype.slice))`

/** Our own error types: a program's error with one of these names is reported as an `Error`, so only the host sets them. */
const RESERVED_TYPES = new Set(['CpuBudgetExceeded', 'OutOfMemory', 'WallClockExceeded', 'Cancelled', 'ThrownValue', 'ResultTooLarge', 'SandboxCrashed'])

async function runProgram(m: Extract<ToWorker, { type: 'run' }>): Promise<ProgramResult> {
  const logs: string[] = []
  const o = m.options
  let engine: Engine
  try {
    engine = await newEngine(o.memoryBytes)
  } catch (err) {
    return { ok: false, error: { error_type: 'SandboxCrashed', error_message: cleanLine(`could not start QuickJS: ${String(err)}`, 500), error_stack: null }, logs }
  }
  /** The engine refused memory and has not grown since: the program's failure is an out-of-memory. */
  const outOfMemory = () => engine.heap.lastRefused
  // No QuickJS memory limit: the WebAssembly memory is the cap, so that its refusal is the signal (see `Engine`).
  const runtime = engine.mod.newRuntime()
  runtime.setMaxStackSize(o.maxStackBytes)
  const budget = cpuBudget(o)
  runtime.setInterruptHandler(() => budget.overrun() !== undefined)
  const ctx = runtime.newContext()
  const json = takeJson(ctx)
  const pending: Running['pending'] = new Map()
  const inFlight = { chars: 0 }
  let wakeUp: (() => void) | undefined
  const state: Running = { id: m.id, ctx, json, pending, inFlight, runtime, options: o, wake: () => wakeUp?.(), budget }
  running = state
  let calls = 0
  let nextCall = 1
  const fail = (error: CodeError): ProgramResult => ({ ok: false, error, logs })
  /** The error of a failed program, by the engine's and our signals first, then by what it threw. */
  const failure = (h: QuickJSHandle): ProgramResult => {
    const over = budget.overrun()
    if (over) return fail(cpuError(over, o))
    if (outOfMemory()) return fail(memoryError(o.memoryBytes))
    // reading the error runs the program's getters: under the CPU budget
    budget.startSlice()
    const e = describeError(ctx, clip, h)
    budget.endSlice()
    const late = budget.overrun()
    return fail(late ? cpuError(late, o) : e)
  }
  let clip!: QuickJSHandle
  try {
    const clipR = ctx.evalCode(CLIP_SOURCE, 'clip.js')
    if (clipR.error) {
      clipR.error.dispose()
      throw new Error('the sandbox could not set up')
    }
    clip = clipR.value
    const logFn = ctx.newFunction('__log', (levelH, textH, lengthH) => {
      if (logs.length >= o.maxLogLines) return
      const level = ctx.getString(levelH)
      const text = ctx.typeof(textH) === 'string' ? ctx.getString(textH) : ''
      const length = ctx.typeof(lengthH) === 'number' ? ctx.getNumber(lengthH) : text.length
      logs.push(`${level === 'log' ? '' : `[${cleanLine(level, 10)}] `}${cleanLine(text, o.maxLogChars, Math.max(length, text.length))}`)
    })
    const callFn = ctx.newFunction('__hostCall', (nameH, argsH) => {
      const name = cleanLine(ctx.getString(nameH), 100)
      const argsJson = ctx.typeof(argsH) === 'string' ? ctx.getString(argsH) : '[]'
      const deferred = ctx.newPromise()
      if (++calls > o.maxHostCalls) {
        rejectWith(ctx, deferred, 'HostCallError', `more than ${o.maxHostCalls} host calls in one program`)
      } else if (argsJson.length > o.maxJsonChars) {
        rejectWith(ctx, deferred, 'HostCallError', `${name}: arguments too large (${argsJson.length} characters as JSON, limit ${o.maxJsonChars})`)
      } else if (pending.size >= o.maxCallsInFlight) {
        rejectWith(ctx, deferred, 'HostCallError', `${name}: ${o.maxCallsInFlight} host calls are already waiting for their answer; await some first`)
      } else if (inFlight.chars + argsJson.length > o.maxCharsInFlight) {
        rejectWith(ctx, deferred, 'HostCallError', `${name}: the host calls waiting for their answer already carry ${inFlight.chars} characters of arguments (limit ${o.maxCharsInFlight}); await some first`)
      } else {
        const callId = nextCall++
        pending.set(callId, { deferred, chars: argsJson.length })
        inFlight.chars += argsJson.length
        send({ type: 'call', id: m.id, callId, name, argsJson })
      }
      return deferred.handle
    })
    ctx.setProp(ctx.global, '__log', logFn)
    ctx.setProp(ctx.global, '__hostCall', callFn)
    const logMaxH = ctx.newNumber(o.maxLogChars)
    ctx.setProp(ctx.global, '__logMax', logMaxH)
    logMaxH.dispose()
    const namesH = ctx.newString(JSON.stringify(m.hostNames))
    ctx.setProp(ctx.global, '__hostNames', namesH)
    namesH.dispose()
    if (m.hostObject) {
      const objH = ctx.newString(m.hostObject)
      ctx.setProp(ctx.global, '__hostObject', objH)
      objH.dispose()
    }

    const globals = parseInside(ctx, json, m.globalsJson)
    if (!globals.ok) return fail({ error_type: 'SandboxCrashed', error_message: 'globals are not JSON', error_stack: null })
    const keys = Object.keys(JSON.parse(m.globalsJson) as Record<string, unknown>)
    for (const k of keys) {
      const v = ctx.getProp(globals.handle, k)
      ctx.setProp(ctx.global, k, v)
      v.dispose()
    }
    globals.handle.dispose()

    const evalTrusted = (code: string, file: string): ProgramResult | undefined => {
      budget.startSlice()
      const r = ctx.evalCode(code, file)
      budget.endSlice()
      if (r.error) {
        const e = failure(r.error)
        r.error.dispose()
        return e
      }
      r.value.dispose()
      return undefined
    }
    const bootErr = evalTrusted(BOOTSTRAP, 'bootstrap.js') ?? (m.prelude ? evalTrusted(m.prelude, 'prelude.js') : undefined)
    if (bootErr) return bootErr

    budget.startSlice()
    const evaluated = ctx.evalCode(`(async () => {\n${m.code}\n})()`, 'program.js')
    budget.endSlice()
    if (evaluated.error) {
      const e = failure(evaluated.error)
      evaluated.error.dispose()
      return e
    }
    const promise = evaluated.value
    for (;;) {
      budget.startSlice()
      const jobs = runtime.executePendingJobs()
      budget.endSlice()
      if (jobs.error) {
        const e = failure(jobs.error)
        jobs.error.dispose()
        return e
      }
      const over = budget.overrun()
      if (over) return fail(cpuError(over, o))
      const st = ctx.getPromiseState(promise)
      if (st.type === 'fulfilled') {
        budget.startSlice()
        const text = st.value ? stringifyInside(ctx, json, st.value) : undefined
        budget.endSlice()
        st.value?.dispose()
        const late = budget.overrun()
        if (late) return fail(cpuError(late, o))
        if (text !== undefined && text.length > o.maxJsonChars) {
          return fail({ error_type: 'ResultTooLarge', error_message: `the program's result is ${text.length} characters as JSON (limit ${o.maxJsonChars})`, error_stack: null })
        }
        // values JSON cannot carry (functions, cycles, undefined) come back as null
        return { ok: true, value: text === undefined ? null : (JSON.parse(text) as unknown), logs }
      }
      if (st.type === 'rejected') {
        const e = failure(st.error)
        st.error.dispose()
        return e
      }
      if (pending.size === 0 && !runtime.hasPendingJob()) {
        // a job that ran out of memory rejects its own promise and the chain stops there
        if (outOfMemory()) return fail(memoryError(o.memoryBytes))
        return fail({ error_type: 'Error', error_message: 'the program is waiting on a promise that can never settle', error_stack: null })
      }
      // wait for a host reply (the host ends us on its wall clock or a cancel)
      await new Promise<void>((resolve) => {
        wakeUp = resolve
        if (runtime.hasPendingJob()) resolve()
      })
      wakeUp = undefined
    }
  } catch (err) {
    // QuickJS itself failed (e.g. the WebAssembly memory is exhausted); its instance goes with the program
    if (outOfMemory()) return fail(memoryError(o.memoryBytes))
    return fail({ error_type: 'SandboxCrashed', error_message: cleanLine(`the sandbox failed (${String(err)}); the next program starts in a new QuickJS instance`, 300), error_stack: null })
  } finally {
    // Nothing is disposed or freed: the whole instance is dropped with the program (see the top of this file).
    running = undefined
  }
}

type Overrun = { kind: 'slice' } | { kind: 'total'; usedMs: number; clock: 'thread' | 'wall' }

/**
 * The CPU budgets of one program: each synchronous slice (wall time between two awaits, so that
 * an endless loop stops within `cpuSliceMs`) and the whole program (`cpuTotalMs` of the worker
 * thread's CPU time, read from the thread clock at most every 10 ms; where there is none, the
 * wall time spent inside the program's slices, which is at least its CPU time).
 */
function cpuBudget(o: Required<SandboxOptions>) {
  const cpuAtStart = readThreadCpuMs()
  const clock: 'thread' | 'wall' = cpuAtStart === undefined ? 'wall' : 'thread'
  let sliceStart = Date.now()
  let inSlice = false
  let wallInProgram = 0
  let lastRead = 0
  let usedMs = 0
  let tripped: Overrun | undefined
  const used = (now: number): number => {
    if (clock === 'wall') return wallInProgram + (inSlice ? now - sliceStart : 0)
    if (now - lastRead >= 10) {
      lastRead = now
      usedMs = (readThreadCpuMs() ?? cpuAtStart!) - cpuAtStart!
    }
    return usedMs
  }
  return {
    startSlice() {
      sliceStart = Date.now()
      inSlice = true
    },
    endSlice() {
      if (inSlice) wallInProgram += Date.now() - sliceStart
      inSlice = false
    },
    /** Called by QuickJS's interrupt handler and between slices; once over, stays over. */
    overrun(): Overrun | undefined {
      if (tripped) return tripped
      const now = Date.now()
      if (inSlice && now - sliceStart > o.cpuSliceMs) tripped = { kind: 'slice' }
      else {
        const total = used(now)
        if (total > o.cpuTotalMs) tripped = { kind: 'total', usedMs: total, clock }
      }
      return tripped
    },
  }
}

function cpuError(over: Overrun, o: Required<SandboxOptions>): CodeError {
  const error_message =
    over.kind === 'slice'
      ? `the program ran more than ${o.cpuSliceMs} ms without yielding (an endless loop?)`
      : `the program used ${over.usedMs} ms of CPU in total, more than its budget of ${o.cpuTotalMs} ms (${over.clock === 'thread' ? 'thread CPU time' : 'time spent running'}); host calls' waits do not count`
  return { error_type: 'CpuBudgetExceeded', error_message, error_stack: null }
}

function memoryError(bytes: number): CodeError {
  return { error_type: 'OutOfMemory', error_message: `the program used more memory than the sandbox allows (${Math.round(bytes / 1024 / 1024)} MiB)`, error_stack: null }
}

/**
 * Turns a thrown or rejected value into a CodeError by what was thrown (the caller has already
 * checked the engine's signals). Reads run program code (getters) under the CPU budget; strings
 * are cut inside the sandbox before they are copied out, then cleaned.
 */
function describeError(ctx: QuickJSContext, clip: QuickJSHandle, h: QuickJSHandle): CodeError {
  const stringOf = (v: QuickJSHandle, max: number): string | undefined => {
    if (ctx.typeof(v) !== 'string') return undefined
    const lengthH = ctx.getProp(v, 'length')
    const length = ctx.getNumber(lengthH)
    lengthH.dispose()
    if (length <= max) return cleanText(ctx.getString(v), max)
    const maxH = ctx.newNumber(max)
    const r = ctx.callFunction(clip, ctx.undefined, v, maxH)
    maxH.dispose()
    if (r.error) {
      // cutting a rope string flattens it, which a nearly full heap may refuse
      r.error.dispose()
      return cleanText('', 0, length)
    }
    const cut = ctx.typeof(r.value) === 'string' ? ctx.getString(r.value) : ''
    r.value.dispose()
    return cleanText(cut, max, length)
  }
  const read = (key: string, max: number): string | undefined => {
    try {
      const v = ctx.getProp(h, key)
      const s = stringOf(v, max)
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
      text = stringOf(h, 500) ?? cleanText(String(ctx.dump(h)), 500)
    } catch {
      text = `a ${type}`
    }
    return { error_type: 'ThrownValue', error_message: `the program threw a ${type}, not an Error: ${text}`, error_stack: null }
  }
  const name = read('name', ERROR_TEXT_LIMITS.type)
  const message = read('message', ERROR_TEXT_LIMITS.message) ?? ''
  const stack = read('stack', ERROR_TEXT_LIMITS.stack) ?? null
  if (name === undefined) return { error_type: 'ThrownValue', error_message: 'the program threw an object that is not an Error', error_stack: null }
  const oneLine = name.replace(/[\n\t]/g, ' ') || 'Error'
  // a program cannot claim one of the host's verdicts
  if (RESERVED_TYPES.has(oneLine)) return { error_type: 'Error', error_message: cleanText(`${oneLine} (a name the program gave its error): ${message}`, ERROR_TEXT_LIMITS.message), error_stack: stack }
  return { error_type: oneLine, error_message: message, error_stack: stack }
}

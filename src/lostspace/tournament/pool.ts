/**
 * A pool of worker threads that play tournament games, one game per thread at a time: built-in
 * players compute in their thread, command AIs are subprocesses the thread's judger starts.
 * A busy thread is also handed its next game, which waits in the thread (no idle gap between
 * games while the outcome travels back); free threads are always served first.
 * Closing stops every thread (and the AI subprocesses of the games they were playing).
 */
import { Worker } from 'node:worker_threads'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { LlmConfig } from '../../core/llm/config.js'
import type { GameOutcome, GameTask } from './records.js'

export interface ThreadData {
  by: string
  llm?: LlmConfig
}
export type ToThread = { type: 'play'; n: number; task: GameTask } | { type: 'stop' }
export type ToPool = { n: number; ok: true; outcome: GameOutcome } | { n: number; ok: false; error: string }

/** game-thread.ts under tsx (tests, dev), game-thread.js once built. */
const THREAD_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './game-thread.ts' : './game-thread.js', import.meta.url))

export interface GamePool {
  readonly size: number
  /** Plays the task in a free thread (queued until one is free). */
  run(task: GameTask): Promise<GameOutcome>
  /** Stops all threads; queued and running tasks reject. */
  close(): Promise<void>
}

export interface GamePoolOptions {
  size: number
  by: string
  llm?: LlmConfig
}

interface Pending {
  task: GameTask
  resolve: (o: GameOutcome) => void
  reject: (e: Error) => void
}

interface Thread {
  worker: Worker
  /** Games sent to the thread and not answered yet (the first is running). */
  jobs: Map<number, Pending>
  exited: Promise<void>
}

/** Games a thread holds at once: the one it plays and the next. */
const DEPTH = 2

export class PoolClosedError extends Error {
  override name = 'PoolClosedError'
}

export function createGamePool(opts: GamePoolOptions): GamePool {
  if (!Number.isInteger(opts.size) || opts.size < 1) throw new Error(`the game pool needs at least 1 thread, got ${opts.size}`)
  const threads = new Set<Thread>()
  const waiting: Pending[] = []
  let closed = false
  let nextN = 1
  const data: ThreadData = { by: opts.by, ...(opts.llm ? { llm: opts.llm } : {}) }

  const spawnThread = (): Thread => {
    // from source (tests, dev) the thread registers tsx itself: Node 20 does not run --import hooks in workers
    const worker = THREAD_FILE.endsWith('.ts')
      ? new Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(pathToFileURL(THREAD_FILE).href)}) })`, { eval: true, workerData: data })
      : new Worker(THREAD_FILE, { workerData: data })
    let markExited!: () => void
    const t: Thread = { worker, jobs: new Map(), exited: new Promise((r) => (markExited = r)) }
    worker.on('message', (msg: ToPool) => {
      const job = t.jobs.get(msg.n)
      if (!job) return
      t.jobs.delete(msg.n)
      if (msg.ok) job.resolve(msg.outcome)
      else job.reject(new Error(msg.error))
      dispatch()
    })
    let lastError = ''
    worker.on('error', (err) => (lastError = err.message))
    worker.on('exit', (code) => {
      threads.delete(t)
      markExited()
      const jobs = [...t.jobs.values()]
      t.jobs.clear()
      for (const job of jobs) job.reject(closed ? new PoolClosedError('the game pool was closed') : new Error(`the game thread stopped (exit code ${code}${lastError ? `: ${lastError}` : ''})`))
      if (!closed) dispatch()
    })
    threads.add(t)
    return t
  }

  const dispatch = (): void => {
    while (!closed && waiting.length > 0) {
      const all = [...threads]
      let t = all.find((x) => x.jobs.size === 0)
      if (!t && threads.size < opts.size) t = spawnThread()
      t ??= all.find((x) => x.jobs.size < DEPTH)
      if (!t) return
      const p = waiting.shift()!
      const n = nextN++
      t.jobs.set(n, p)
      t.worker.postMessage({ type: 'play', n, task: p.task } satisfies ToThread)
    }
  }

  return {
    size: opts.size,
    run(task) {
      if (closed) return Promise.reject(new PoolClosedError('the game pool is closed'))
      return new Promise<GameOutcome>((resolve, reject) => {
        waiting.push({ task, resolve, reject })
        dispatch()
      })
    },
    async close() {
      if (closed) return
      closed = true
      for (const p of waiting.splice(0)) p.reject(new PoolClosedError('the game pool was closed'))
      const all = [...threads]
      for (const t of all) t.worker.postMessage({ type: 'stop' } satisfies ToThread)
      // a thread stuck in a long computation gets terminated
      const timer = setTimeout(() => {
        for (const t of all) void t.worker.terminate()
      }, 2000)
      await Promise.all(all.map((t) => t.exited))
      clearTimeout(timer)
    },
  }
}

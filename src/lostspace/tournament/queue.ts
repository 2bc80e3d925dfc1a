/**
 * Tournaments on BullMQ (Redis): the coordinator puts every unfinished game on the queue with the
 * job id `lostspace-<game id>`, and collects results; `lostspace worker`s anywhere take games and return
 * their outcome as the job's return value.
 *
 * Exactly once: a job id can exist only once in the queue (adding it again is a no-op); the
 * coordinator saves a result only if its store does not hold the game yet, then removes the job.
 * A worker that dies mid-game loses its job lock; after the stall timeout BullMQ moves the job
 * back to waiting and another worker plays it. A completing worker that lost its lock cannot
 * complete the job. A restarted coordinator skips what its folder holds, collects results that
 * arrived meanwhile and re-adds only the games that are in the queue no more (failed ones).
 */
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq'
import { Redis } from 'ioredis'
import { hostname } from 'node:os'
import type { LlmConfig } from '../../core/llm/config.js'
import { parseSeatSpec } from '../seat-specs.js'
import { formatZodIssues } from '../../core/schema-errors.js'
import { createGamePool } from './pool.js'
import { GameOutcomeSchema, GameTaskSchema, type GameOutcome, type GameTask } from './records.js'
import type { Executor } from './run.js'

export class QueueConnectionError extends Error {
  override name = 'QueueConnectionError'
}

const JOB_NAME = 'lostspace-game'
/** The job id of a game: its id with a prefix (BullMQ refuses custom ids that read as integers). */
export const jobIdOf = (gameId: string) => `lostspace-${gameId}`
const gameIdOf = (jobId: string) => (jobId.startsWith('lostspace-') ? jobId.slice('lostspace-'.length) : undefined)
/** Attempts of a game whose processing threw (a stall is not an attempt). */
const ATTEMPTS = 3
const PAGE = 500

/** A connected ioredis client for BullMQ (maxRetriesPerRequest null), or a clear error. */
export async function connectRedis(url: string): Promise<Redis> {
  const client = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true })
  let lastError = ''
  client.on('error', (err: Error) => (lastError = err.message))
  try {
    await client.connect()
  } catch (err) {
    client.disconnect()
    throw new QueueConnectionError(`cannot reach Redis at ${url}: ${lastError || (err as Error).message}`)
  }
  return client
}

export interface QueueExecutorOptions {
  url: string
  queueName: string
  /** How often results are collected, in ms. Default 250. */
  pollMs?: number
}

async function pages(fetch: (start: number, end: number) => Promise<Job[]>): Promise<Job[]> {
  const out: Job[] = []
  for (let start = 0; ; start += PAGE) {
    const page = await fetch(start, start + PAGE - 1)
    out.push(...page.filter((j): j is Job => !!j))
    if (page.length < PAGE) return out
  }
}

/** The coordinator's side. */
export function queueExecutor(opts: QueueExecutorOptions): Executor {
  return {
    async run(tasks, hooks, signal) {
      const client = await connectRedis(opts.url)
      const queue = new Queue(opts.queueName, { connection: client })
      const pending = new Map(tasks.map((t) => [t.id, t]))
      const gameOf = (job: Job) => (job.id ? gameIdOf(job.id) : undefined)
      try {
        // Games that failed in an earlier run get a new chance: a failed job would block re-adding its id.
        for (const job of await pages((s, e) => queue.getFailed(s, e))) {
          const id = gameOf(job)
          if (id && pending.has(id)) await job.remove()
        }
        for (let i = 0; i < tasks.length && !signal.aborted; i += PAGE) {
          await queue.addBulk(
            tasks.slice(i, i + PAGE).map((t) => ({
              name: JOB_NAME,
              data: t,
              opts: { jobId: jobIdOf(t.id), attempts: ATTEMPTS, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: false, removeOnFail: false },
            })),
          )
        }
        const workers = await queue.getWorkersCount().catch(() => -1)
        if (workers === 0) hooks.note(`no worker is connected to the queue ${opts.queueName} yet: start \`mindbridge lostspace worker --queue ${opts.url}\``)
        else if (workers > 0) hooks.note(`${workers} worker${workers === 1 ? '' : 's'} connected to the queue ${opts.queueName}`)

        while (pending.size > 0 && !signal.aborted) {
          await collect(queue, pending, gameOf, hooks)
          if (pending.size === 0 || signal.aborted) break
          await new Promise<void>((resolve) => {
            const wake = () => {
              clearTimeout(t)
              signal.removeEventListener('abort', wake)
              resolve()
            }
            const t = setTimeout(wake, opts.pollMs ?? 250)
            signal.addEventListener('abort', wake, { once: true })
          })
        }
      } finally {
        await queue.close().catch(() => undefined)
        client.disconnect()
      }
    },
  }
}

async function collect(queue: Queue, pending: Map<string, GameTask>, gameOf: (job: Job) => string | undefined, hooks: Parameters<Executor['run']>[1]): Promise<void> {
  for (const job of await pages((s, e) => queue.getCompleted(s, e))) {
    const id = gameOf(job)
    if (!id) continue
    const task = pending.get(id)
    if (task) {
      const parsed = GameOutcomeSchema.safeParse(job.returnvalue)
      pending.delete(id)
      if (!parsed.success || parsed.data.record.id !== id) {
        hooks.failure(task, `the worker's result is not a game outcome${parsed.success ? ' of this game' : `: ${formatZodIssues(parsed.error)}`}`)
        continue
      }
      hooks.outcome(parsed.data)
      await job.remove().catch(() => undefined)
    } else if (hooks.isRecorded(id)) {
      // saved by an earlier run that stopped before removing the job
      await job.remove().catch(() => undefined)
    }
  }
  for (const job of await pages((s, e) => queue.getFailed(s, e))) {
    const id = gameOf(job)
    const task = id ? pending.get(id) : undefined
    if (!task) continue
    pending.delete(task.id)
    hooks.failure(task, job.failedReason || 'failed on the queue')
  }
}

export interface QueueWorkerOptions {
  url: string
  queueName: string
  parallel: number
  /** Command AIs this worker may start (exact spec); built-in players are always allowed. */
  allowCommands: readonly string[]
  /** A job whose worker is silent this long goes to another worker. */
  stallTimeoutSec: number
  name?: string
  llm?: LlmConfig
  log?: (line: string) => void
}

export interface QueueWorker {
  readonly name: string
  /** Stops taking games and waits for the running ones; `force` abandons them (they go to other workers after the stall timeout). */
  close(force?: boolean): Promise<void>
}

/** Checks a job's data; an invalid or disallowed task fails at once (no retries). */
export function checkTask(data: unknown, allowCommands: readonly string[]): GameTask {
  const parsed = GameTaskSchema.safeParse(data)
  if (!parsed.success) throw new UnrecoverableError(`not a LostSpace game task: ${formatZodIssues(parsed.error)}`)
  for (const spec of new Set(parsed.data.specs)) {
    let kind
    try {
      kind = parseSeatSpec(spec).kind
    } catch (err) {
      throw new UnrecoverableError((err as Error).message)
    }
    if (kind === 'command' && !allowCommands.includes(spec.trim())) {
      throw new UnrecoverableError(`this worker does not run the command AI '${spec}': start it with --allow-command '${spec}'`)
    }
  }
  return parsed.data
}

/** The worker's side: takes games from the queue until closed. */
export async function startQueueWorker(opts: QueueWorkerOptions): Promise<QueueWorker> {
  const name = opts.name ?? `${hostname()}:${process.pid}`
  const log = opts.log ?? (() => undefined)
  const client = await connectRedis(opts.url)
  const pool = createGamePool({ size: opts.parallel, by: name, ...(opts.llm ? { llm: opts.llm } : {}) })
  const lockDuration = Math.max(1000, Math.round(opts.stallTimeoutSec * 1000))
  const worker = new Worker<GameTask, GameOutcome>(
    opts.queueName,
    async (job) => {
      const task = checkTask(job.data, opts.allowCommands)
      const t0 = performance.now()
      log(`game ${task.id} (#${task.index}) started`)
      const outcome = await pool.run(task)
      log(`game ${task.id} (#${task.index}) finished in ${((performance.now() - t0) / 1000).toFixed(2)} s`)
      return outcome
    },
    {
      connection: client,
      concurrency: opts.parallel,
      name,
      lockDuration,
      stalledInterval: Math.max(500, Math.round(lockDuration / 2)),
      maxStalledCount: 3,
    },
  )
  worker.on('failed', (job, err) => {
    if (job) log(`game ${(job.id && gameIdOf(job.id)) ?? job.id} failed (attempt ${job.attemptsMade}): ${err.message}`)
  })
  worker.on('error', (err) => log(`queue error: ${err.message}`))
  await worker.waitUntilReady()
  let closing: Promise<void> | undefined
  return {
    name,
    close(force = false) {
      if (force) {
        // Leave the running games to stall and be played elsewhere: no result or failure may reach Redis.
        client.disconnect()
        return pool.close()
      }
      closing ??= (async () => {
        await worker.close().catch(() => undefined)
        await pool.close()
        client.disconnect()
      })()
      return closing
    },
  }
}

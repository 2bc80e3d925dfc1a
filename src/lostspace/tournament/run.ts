/**
 * A tournament from start (or resume) to its summary: plan the games, skip those the output folder
 * already holds, play the rest on an executor (the local thread pool or a BullMQ queue), save each
 * finished game at once, then write results and leaderboard for every finished game.
 */
import type { LlmConfig } from '../../core/llm/config.js'
import { parseSeatSpec } from '../seat-specs.js'
import { computeLeaderboard, leaderboardCsv, resultsCsv, type Leaderboard } from './leaderboard.js'
import { createGamePool, PoolClosedError } from './pool.js'
import { createProgress } from './progress.js'
import type { GameOutcome, GameRecord, GameTask } from './records.js'
import { blockSize, planGame, planGames, tournamentKey, type TournamentIdentity } from './schedule.js'
import { openStore } from './store.js'

export interface GameFailure {
  id: string
  index: number
  error: string
}

/** Plays tasks somewhere and reports each outcome (or failure) as it arrives. */
export interface Executor {
  /** Resolves when every task has an outcome or a failure, or soon after `signal` aborts. */
  run(tasks: GameTask[], hooks: ExecutorHooks, signal: AbortSignal): Promise<void>
}

export interface ExecutorHooks {
  /** A finished game; returns false when it was already recorded (counted once). */
  outcome(o: GameOutcome): boolean
  failure(task: GameTask, error: string): void
  /** Ids already recorded (a queue may deliver a result the store already holds). */
  isRecorded(id: string): boolean
  note(line: string): void
}

export interface TournamentOptions extends TournamentIdentity {
  games: number
  outDir: string
  replays: boolean
  executor: Executor
  signal?: AbortSignal
  /** Where progress and notes go (default process.stderr); null = nothing. */
  progressStream?: NodeJS.WriteStream | { write(s: string): unknown; isTTY?: boolean } | null
}

export interface TournamentSummary {
  outDir: string
  key: string
  games: number
  /** Finished games among the first `games` (after this run). */
  finished: number
  /** Of those, finished in earlier runs. */
  resumed: number
  failures: GameFailure[]
  interrupted: boolean
  leaderboard: Leaderboard
  blockSize: number
  wallMs: number
}

export class TournamentError extends Error {
  override name = 'TournamentError'
}

/** Checks the entrants' specs before anything starts; throws TournamentError with the first problem. */
export function checkEntrants(entrants: readonly string[]): void {
  if (entrants.length < 2) throw new TournamentError(`a tournament needs at least 2 --ai entrants, got ${entrants.length}`)
  entrants.forEach((spec, i) => {
    if (spec.trim() === 'human') throw new TournamentError(`--ai #${i + 1} is 'human': tournaments have no human seats`)
    try {
      parseSeatSpec(spec)
    } catch (err) {
      throw new TournamentError(`--ai #${i + 1}: ${(err as Error).message}`)
    }
  })
}

export function localExecutor(opts: { parallel: number; llm?: LlmConfig }): Executor {
  return {
    async run(tasks, hooks, signal) {
      const pool = createGamePool({ size: opts.parallel, by: 'local', ...(opts.llm ? { llm: opts.llm } : {}) })
      const stop = () => void pool.close()
      signal.addEventListener('abort', stop, { once: true })
      try {
        await Promise.all(
          tasks.map((task) =>
            pool.run(task).then(
              (o) => void hooks.outcome(o),
              (err: Error) => {
                if (!(err instanceof PoolClosedError)) hooks.failure(task, err.message)
              },
            ),
          ),
        )
      } finally {
        signal.removeEventListener('abort', stop)
        await pool.close()
      }
    },
  }
}

export async function runTournament(opts: TournamentOptions): Promise<TournamentSummary> {
  const started = performance.now()
  checkEntrants(opts.entrants)
  const identity: TournamentIdentity = { seed: opts.seed, entrants: opts.entrants, timeLimitSec: opts.timeLimitSec, maxLength: opts.maxLength }
  const out = opts.progressStream === undefined ? process.stderr : opts.progressStream
  const note = (line: string) => out?.write(`lostspace tournament: ${line}\n`)
  const store = openStore(opts.outDir, identity, opts.games, (i) => planGame(identity, i))
  for (const n of store.notes) note(n)
  const plan = planGames(identity, opts.games)
  const todo = plan.filter((g) => !store.records.has(g.id))
  const resumed = plan.length - todo.length
  if (resumed > 0) note(`${resumed} of ${plan.length} games already finished in ${opts.outDir}: playing the other ${todo.length}`)

  const tasks: GameTask[] = todo.map((g) => ({
    id: g.id,
    index: g.index,
    seed: g.seed,
    seats: g.seats,
    specs: g.seats.map((e) => opts.entrants[e]!) as GameTask['specs'],
    timeLimitSec: opts.timeLimitSec,
    maxLength: opts.maxLength,
    replay: opts.replays,
  }))
  const failures: GameFailure[] = []
  const signal = opts.signal ?? new AbortController().signal
  if (tasks.length > 0 && !signal.aborted) {
    const progress = out ? createProgress({ total: plan.length, already: resumed, stream: out }) : null
    const wanted = new Set(tasks.map((t) => t.id))
    await opts.executor.run(
      tasks,
      {
        outcome(o) {
          if (!wanted.has(o.record.id)) return false
          const fresh = store.save(o)
          if (fresh) progress?.tick()
          return fresh
        },
        failure(task, error) {
          failures.push({ id: task.id, index: task.index, error })
        },
        isRecorded: (id) => store.records.has(id),
        note,
      },
      signal,
    )
    progress?.done()
  }

  // Results and leaderboard cover the finished games among the first `games`, in index order.
  const records: GameRecord[] = plan.map((g) => store.records.get(g.id)).filter((r): r is GameRecord => r !== undefined)
  const leaderboard = computeLeaderboard(opts.entrants, records)
  const interrupted = signal.aborted && records.length < plan.length
  store.writeSummary({
    resultsJson:
      JSON.stringify({ tournament: store.manifest, complete: records.length === plan.length, finished: records.length, games: records }, null, 1) + '\n',
    resultsCsv: resultsCsv(records),
    leaderboardJson: JSON.stringify({ tournament: store.manifest, complete: records.length === plan.length, ...leaderboard }, null, 2) + '\n',
    leaderboardCsv: leaderboardCsv(leaderboard),
  })
  return {
    outDir: opts.outDir,
    key: tournamentKey(identity),
    games: plan.length,
    finished: records.length,
    resumed,
    failures: failures.sort((a, b) => a.index - b.index),
    interrupted,
    leaderboard,
    blockSize: blockSize(opts.entrants.length),
    wallMs: performance.now() - started,
  }
}

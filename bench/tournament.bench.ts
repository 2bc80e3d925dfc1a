/**
 * A LostSpace tournament of built-in players (random vs strategist), as `lostspace tournament`
 * runs it: worker threads, one record file per game, results and leaderboard at the end.
 * The same tournament (same seed) on 1 thread and on all cores: wall time of each and the
 * speed-up ratio (ideal: the number of cores). Both runs must give the same leaderboard.
 * On a shared machine the threads only get the CPU other processes leave, so the bench also prints
 * the CPU time of each run (all threads): CPU per game (the parallel run's extra work) and the
 * speed-up over the cores actually obtained.
 *
 * MINDBRIDGE_BENCH_TOURNAMENT_GAMES sets the number of games (default 10000; e.g. 400 for a quick run).
 */
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { localExecutor, runTournament, type TournamentSummary } from '../src/lostspace/tournament/run.js'
import { formatLeaderboard } from '../src/lostspace/tournament/leaderboard.js'
import { fmt } from './util.js'

function gamesFromEnv(): number {
  const raw = process.env.MINDBRIDGE_BENCH_TOURNAMENT_GAMES
  if (raw === undefined || raw === '') return 10_000
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw new Error(`MINDBRIDGE_BENCH_TOURNAMENT_GAMES must be a positive integer, got '${raw}'`)
  return n
}

interface Timed {
  summary: TournamentSummary
  /** CPU seconds of this process, all its threads (getrusage). */
  cpuSec: number
}

async function once(games: number, parallel: number, dir: string): Promise<Timed> {
  const cpu0 = process.cpuUsage()
  const summary = await runTournament({
    entrants: ['builtin:random', 'builtin:strategist'],
    games,
    seed: 2024,
    timeLimitSec: 3,
    maxLength: 1024,
    outDir: dir,
    replays: false,
    executor: localExecutor({ parallel }),
    progressStream: null,
  })
  if (summary.finished !== games || summary.failures.length > 0) {
    throw new Error(`${parallel} thread(s): ${summary.finished}/${games} games finished, ${summary.failures.length} failed (${summary.failures[0]?.error ?? ''})`)
  }
  const cpu = process.cpuUsage(cpu0)
  return { summary, cpuSec: (cpu.user + cpu.system) / 1e6 }
}

export async function run(): Promise<void> {
  const games = gamesFromEnv()
  const cores = availableParallelism()
  console.log(`${games} games, random vs strategist (2 entrants, 2 seats each); ${cores} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average at start ${loadavg()[0]!.toFixed(2)}`)
  const root = mkdtempSync(join(tmpdir(), 'bench-tournament-'))
  try {
    const line = (label: string, t: Timed) => {
      const wall = t.summary.wallMs / 1000
      console.log(
        `${label.padEnd(24)} ${fmt(wall, 1).padStart(8)} s wall  ${fmt(games / wall, 1).padStart(7)} games/s  ` +
          `CPU ${fmt(t.cpuSec, 1)} s (${fmt(t.cpuSec / wall, 2)} cores busy on average)`,
      )
    }
    const oneT = await once(games, 1, join(root, 'one'))
    line('1 thread', oneT)
    const allT = await once(games, cores, join(root, 'all'))
    line(`${cores} threads (all cores)`, allT)
    const one = oneT.summary
    const all = allT.summary
    const speedup = one.wallMs / all.wallMs
    console.log(`speed-up 1 → ${cores} threads ${fmt(speedup, 2)}× (ideal ${cores}×, efficiency ${fmt((100 * speedup) / cores, 0)}%)`)
    // On a shared machine the threads get what the other processes leave: the CPU figures say how much that was.
    console.log(
      `CPU per game ${fmt((1000 * oneT.cpuSec) / games, 1)} ms on 1 thread, ${fmt((1000 * allT.cpuSec) / games, 1)} ms on ${cores} ` +
        `(ratio ${fmt(allT.cpuSec / oneT.cpuSec, 2)}: the parallel run's extra work); load average now ${loadavg()[0]!.toFixed(2)}`,
    )
    const busyOne = oneT.cpuSec / (one.wallMs / 1000)
    const busyAll = allT.cpuSec / (all.wallMs / 1000)
    console.log(
      `speed-up over the CPU obtained ${fmt(speedup / (busyAll / busyOne), 2)} (1.00 = the threads turn every extra core they get into games; ` +
        `they got ${fmt(busyAll / busyOne, 2)}× the cores of the 1-thread run)`,
    )
    const same = JSON.stringify(one.leaderboard) === JSON.stringify(all.leaderboard)
    console.log(`same leaderboard on 1 and ${cores} threads: ${same ? 'yes' : 'NO'}`)
    console.log(formatLeaderboard(all.leaderboard))
    if (!same) throw new Error('the leaderboard depends on the number of threads')
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/**
 * A LostSpace tournament of built-in players (random vs strategist), as `lostspace tournament`
 * runs it: worker threads, one record file per game, results and leaderboard at the end.
 * The same tournament (same seed) on 1 thread and on all cores: wall time of each and the
 * speed-up ratio (ideal: the number of cores). Both runs must give the same leaderboard.
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

async function once(games: number, parallel: number, dir: string): Promise<TournamentSummary> {
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
  return summary
}

export async function run(): Promise<void> {
  const games = gamesFromEnv()
  const cores = availableParallelism()
  console.log(`${games} games, random vs strategist (2 entrants, 2 seats each); ${cores} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average at start ${loadavg()[0]!.toFixed(2)}`)
  const root = mkdtempSync(join(tmpdir(), 'bench-tournament-'))
  try {
    const one = await once(games, 1, join(root, 'one'))
    console.log(`1 thread                  ${fmt(one.wallMs / 1000, 1).padStart(8)} s wall  ${fmt(games / (one.wallMs / 1000), 1).padStart(7)} games/s`)
    const all = await once(games, cores, join(root, 'all'))
    console.log(`${String(cores).padEnd(2)} threads (all cores)   ${fmt(all.wallMs / 1000, 1).padStart(8)} s wall  ${fmt(games / (all.wallMs / 1000), 1).padStart(7)} games/s`)
    const speedup = one.wallMs / all.wallMs
    console.log(`speed-up 1 → ${cores} threads ${fmt(speedup, 2)}× (ideal ${cores}×, efficiency ${fmt((100 * speedup) / cores, 0)}%)`)
    const same = JSON.stringify(one.leaderboard) === JSON.stringify(all.leaderboard)
    console.log(`same leaderboard on 1 and ${cores} threads: ${same ? 'yes' : 'NO'}`)
    console.log(formatLeaderboard(all.leaderboard))
    if (!same) throw new Error('the leaderboard depends on the number of threads')
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

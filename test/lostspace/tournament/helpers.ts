/** Shared by the tournament tests: the CLI as a real subprocess, and reading an output folder. */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BAD_AI, CLI, ROOT, q } from '../../fixtures/lostspace-ais/helpers.js'
import type { GameRecord } from '../../../src/lostspace/tournament/records.js'
import type { EntrantStanding } from '../../../src/lostspace/tournament/leaderboard.js'

export interface CliRun {
  child: ChildProcess
  /** Output so far. */
  stdout(): string
  stderr(): string
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>
}

/** Starts `mindbridge <args>` (through tsx); a hang past `limitMs` becomes a SIGKILL, never a speed check. */
export function startCli(args: string[], limitMs = 120_000): CliRun {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs)
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout: out, stderr: err })
    }),
  )
  return { child, stdout: () => out, stderr: () => err, done }
}

export const runCli = (args: string[], limitMs?: number) => startCli(args, limitMs).done

/** A deterministic Python AI that finishes every turn; `marker` makes its command line findable. */
export function passiveAi(marker: string): string {
  return `python3 ${q(BAD_AI)} passive 3 ${marker}`
}

export interface OutFolder {
  games: GameRecord[]
  complete: boolean
  standings: EntrantStanding[]
  gameFiles: string[]
  tempFiles: string[]
  csvLines: string[]
}

export function readOut(dir: string): OutFolder {
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { complete: boolean; games: GameRecord[] }
  const board = JSON.parse(readFileSync(join(dir, 'leaderboard.json'), 'utf8')) as { standings: EntrantStanding[] }
  const all = (d: string): string[] => (existsSync(d) ? readdirSync(d) : [])
  return {
    games: results.games,
    complete: results.complete,
    standings: board.standings,
    gameFiles: all(join(dir, 'games')).filter((f) => f.endsWith('.json') && !f.startsWith('.')),
    tempFiles: [...all(dir), ...all(join(dir, 'games')), ...all(join(dir, 'replays'))].filter((f) => f.startsWith('.tmp-')),
    csvLines: readFileSync(join(dir, 'results.csv'), 'utf8').trim().split('\n'),
  }
}

/** A record without what differs between runs of the same game (wall time, who played it). */
export function outcomeOnly(r: GameRecord): Omit<GameRecord, 'ms' | 'by'> {
  const { ms: _ms, by: _by, ...rest } = r
  return rest
}

export function gameFileCount(dir: string): number {
  const d = join(dir, 'games')
  return existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.json') && !f.startsWith('.')).length : 0
}

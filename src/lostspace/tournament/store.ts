/**
 * A tournament's output folder:
 *   tournament.json          the tournament's identity (seed, entrants, limits) and the games asked for
 *   games/<id>.json          one finished game's record, written once, atomically
 *   replays/<id>.json        its replay (with --replays), written before the record
 *   results.json|.csv        every finished game, one row per game, by game index
 *   leaderboard.json|.csv    ratings and statistics per entrant
 * A game counts as finished when its record file exists and is valid; resuming skips those.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { isTempFile, writeFileAtomic } from './atomic-file.js'
import { GameRecordSchema, ManifestSchema, type GameOutcome, type GameRecord, type Manifest } from './records.js'
import { tournamentKey, type PlannedGame, type TournamentIdentity } from './schedule.js'

export class StoreError extends Error {
  override name = 'StoreError'
}

export interface TournamentStore {
  readonly dir: string
  readonly manifest: Manifest
  /** Records found when the folder was opened or saved since, by game id. */
  readonly records: ReadonlyMap<string, GameRecord>
  /** Notes about files that were skipped (unreadable records: their games run again). */
  readonly notes: readonly string[]
  /** Saves a finished game (replay first); false when the game was already recorded (counted once). */
  save(outcome: GameOutcome): boolean
  /** Rewrites results.json/.csv for the given games (by index) and the leaderboard files. */
  writeSummary(files: SummaryFiles): void
}

export interface SummaryFiles {
  resultsJson: string
  resultsCsv: string
  leaderboardJson: string
  leaderboardCsv: string
}

const MANIFEST = 'tournament.json'

function describeDifference(old: Manifest, now: Omit<Manifest, 'games' | 'format' | 'key'>): string {
  const diffs: string[] = []
  if (old.seed !== now.seed) diffs.push(`seed ${old.seed} (now ${now.seed})`)
  if (JSON.stringify(old.entrants) !== JSON.stringify(now.entrants)) diffs.push(`entrants ${old.entrants.join(', ')} (now ${now.entrants.join(', ')})`)
  if (old.timeLimitSec !== now.timeLimitSec) diffs.push(`time limit ${old.timeLimitSec} s (now ${now.timeLimitSec} s)`)
  if (old.maxLength !== now.maxLength) diffs.push(`max length ${old.maxLength} B (now ${now.maxLength} B)`)
  return diffs.join('; ')
}

/** Reads the manifest of an existing output folder (undefined when there is none). */
export function readManifest(dir: string): Manifest | undefined {
  const file = join(dir, MANIFEST)
  if (!existsSync(file)) return undefined
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    throw new StoreError(`${file} is not valid JSON (${(err as Error).message}): move it away or use another --out folder`)
  }
  const parsed = ManifestSchema.safeParse(raw)
  if (!parsed.success) throw new StoreError(`${file} is not a tournament manifest: move it away or use another --out folder`)
  return parsed.data
}

/**
 * Opens (or creates) the folder for this tournament. A folder of another tournament (a different
 * seed, entrants or limits) is refused. `plan(index)` checks that a record belongs to this tournament.
 */
export function openStore(dir: string, identity: TournamentIdentity, games: number, plan: (index: number) => PlannedGame): TournamentStore {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new StoreError(`--out ${dir} is a file, not a folder`)
  const key = tournamentKey(identity)
  const old = readManifest(dir)
  const now = { seed: identity.seed, entrants: [...identity.entrants], timeLimitSec: identity.timeLimitSec, maxLength: identity.maxLength }
  if (old && old.key !== key) {
    throw new StoreError(`${dir} holds another tournament: ${describeDifference(old, now) || 'a different identity'}; use another --out folder`)
  }
  const gamesDir = join(dir, 'games')
  const replaysDir = join(dir, 'replays')
  try {
    mkdirSync(gamesDir, { recursive: true })
  } catch (err) {
    throw new StoreError(`cannot create ${gamesDir}: ${(err as Error).message}`)
  }
  const manifest: Manifest = { format: 1, key, ...now, games }
  writeFileAtomic(join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n')

  const records = new Map<string, GameRecord>()
  const notes: string[] = []
  for (const sub of [dir, gamesDir, replaysDir]) {
    if (!existsSync(sub)) continue
    // leftovers of a process that died while writing
    for (const name of readdirSync(sub)) if (isTempFile(name)) rmSync(join(sub, name), { force: true })
  }
  for (const name of readdirSync(gamesDir)) {
    if (!name.endsWith('.json')) continue
    const file = join(gamesDir, name)
    let rec: GameRecord | undefined
    try {
      const parsed = GameRecordSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
      if (parsed.success) rec = parsed.data
    } catch {
      /* unreadable: run again */
    }
    if (!rec || `${rec.id}.json` !== name || plan(rec.index).id !== rec.id) {
      notes.push(`ignored ${file}: not a valid record of this tournament (the game runs again)`)
      rmSync(file, { force: true })
      continue
    }
    records.set(rec.id, rec)
  }

  return {
    dir,
    manifest,
    records,
    notes,
    save(outcome) {
      const { record, replay } = outcome
      if (records.has(record.id)) return false
      if (replay) {
        mkdirSync(replaysDir, { recursive: true })
        writeFileAtomic(join(replaysDir, `${record.id}.json`), JSON.stringify(replay), { fsync: false })
      }
      writeFileAtomic(join(gamesDir, `${record.id}.json`), JSON.stringify(record) + '\n', { fsync: false })
      records.set(record.id, record)
      return true
    },
    writeSummary(files) {
      writeFileAtomic(join(dir, 'results.json'), files.resultsJson)
      writeFileAtomic(join(dir, 'results.csv'), files.resultsCsv)
      writeFileAtomic(join(dir, 'leaderboard.json'), files.leaderboardJson)
      writeFileAtomic(join(dir, 'leaderboard.csv'), files.leaderboardCsv)
    },
  }
}

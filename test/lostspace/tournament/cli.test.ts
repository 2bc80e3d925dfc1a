import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { BAD_AI, q, tempDir } from '../../fixtures/lostspace-ais/helpers.js'
import { waitFor } from '../../support/wait.js'
import { gameFileCount, outcomeOnly, passiveAi, readOut, runCli, startCli } from './helpers.js'

function seatCounts(games: { seats: { entrant: number }[] }[], entrants: number): number[][] {
  const counts = Array.from({ length: entrants }, () => [0, 0, 0, 0])
  for (const g of games) g.seats.forEach((s, i) => counts[s.entrant]![i]!++)
  return counts
}

describe('mindbridge lostspace tournament', () => {
  test('8 games random vs strategist on 2 threads: results (JSON, CSV), replays, leaderboard with consistent counts; a re-run plays only what is missing', { timeout: 120_000 }, async () => {
    const tmp = tempDir('tourney-')
    const out = join(tmp.dir, 'out')
    const args = ['lostspace', 'tournament', '--ai', 'builtin:random', '--ai', 'builtin:strategist', '--games', '8', '--seed', '11', '--parallel', '2', '--out', out, '--replays']
    const r = await runCli(args)
    assert.equal(r.code, 0, r.stderr)
    const o = readOut(out)
    assert.equal(o.complete, true)
    assert.equal(o.games.length, 8)
    assert.deepEqual(o.games.map((g) => g.index), [0, 1, 2, 3, 4, 5, 6, 7])
    assert.equal(new Set(o.games.map((g) => g.id)).size, 8)
    assert.equal(o.gameFiles.length, 8)
    assert.equal(o.csvLines.length, 9, 'header + one row per game')
    assert.deepEqual(o.tempFiles, [])
    for (const g of o.games) {
      assert.deepEqual(g.seats.map((s) => s.rank).sort(), [1, 2, 3, 4])
      assert.equal(g.rounds, 100)
      assert.equal(g.by, 'local')
    }
    // two entrants, two blocks of 4: each entrant holds every seat 4 times
    assert.deepEqual(seatCounts(o.games, 2), [[4, 4, 4, 4], [4, 4, 4, 4]])
    // leaderboard: every seat and every game is counted once
    assert.equal(o.standings.length, 2)
    assert.equal(o.standings.reduce((n, s) => n + s.seats, 0), 32)
    for (const s of o.standings) assert.equal(s.games, 8)
    assert.equal(o.standings.reduce((n, s) => n + s.wins, 0), 8)
    const rankSum = o.standings.reduce((n, s) => n + s.avgRank * s.seats, 0)
    assert.ok(Math.abs(rankSum - 8 * 10) < 1e-9)
    assert.equal(o.standings[0]!.spec, 'builtin:strategist', 'the strategist beats random players')
    for (const s of o.standings) assert.ok(Math.abs(s.ordinal - (s.mu - 3 * s.sigma)) < 1e-9)
    assert.ok(readFileSync(join(out, 'leaderboard.csv'), 'utf8').startsWith('place,entrant,spec,ordinal'))
    // replays: one per game, each the logic's replay (a list of rounds)
    const replays = readdirSync(join(out, 'replays')).sort()
    assert.deepEqual(replays, o.games.map((g) => `${g.id}.json`).sort())
    const replay = JSON.parse(readFileSync(join(out, 'replays', replays[0]!), 'utf8')) as unknown[]
    assert.ok(Array.isArray(replay) && replay.length > 50)
    // stdout: the leaderboard table, best first
    const lines = r.stdout.trim().split('\n')
    assert.match(lines[0]!, /^# +entrant +ordinal +mu +sigma +games +avg rank +win rate \(95% CI\) +AI errors$/)
    assert.match(lines[1]!, /^1 +builtin:strategist /)
    assert.match(r.stderr, /8\/8 games finished \(0 from earlier runs\), seats balanced/)

    // a damaged record and a stray temporary file (what a power cut could leave): that game is played again, the rest kept
    const damaged = o.games[3]!
    writeFileSync(join(out, 'games', `${damaged.id}.json`), '{"id": "trunc')
    writeFileSync(join(out, 'games', `.tmp-${o.games[5]!.id}.json-1-abcd`), '{')
    const repaired = await runCli(args)
    assert.equal(repaired.code, 0, repaired.stderr)
    assert.match(repaired.stderr, new RegExp(`ignored .*${damaged.id}\\.json: not a valid record of this tournament \\(the game runs again\\)`))
    assert.match(repaired.stderr, /7 of 8 games already finished in .*: playing the other 1/)
    const r8 = readOut(out)
    assert.deepEqual(r8.tempFiles, [])
    assert.deepEqual(r8.games.map(outcomeOnly), o.games.map(outcomeOnly))
    assert.equal(repaired.stdout, r.stdout)

    // asking for more games extends the tournament: the first 8 stay as they are
    const more = await runCli([...args.filter((a) => a !== '8' && a !== '--games'), '--games', '12'])
    assert.equal(more.code, 0, more.stderr)
    assert.match(more.stderr, /8 of 12 games already finished in .*: playing the other 4/)
    const o12 = readOut(out)
    assert.equal(o12.games.length, 12)
    assert.deepEqual(o12.games.slice(0, 8).map(outcomeOnly), o.games.map(outcomeOnly))
    tmp.cleanup()
  })

  test('bad input: a clear message and exit code 2, before any game', { timeout: 60_000 }, async () => {
    const tmp = tempDir('tourney-')
    const other = join(tmp.dir, 'other')
    const broken = join(tmp.dir, 'broken')
    mkdirSync(broken)
    writeFileSync(join(broken, 'tournament.json'), '{ nope')
    const two = ['--ai', 'builtin:random', '--ai', 'builtin:strategist']
    // independent cases at once (each is a CLI start-up)
    const [one, unknown, noGames, badQueue, bad, clashCase] = await Promise.all([
      runCli(['lostspace', 'tournament', '--ai', 'builtin:random', '--games', '4', '--out', join(tmp.dir, 'a')]),
      runCli(['lostspace', 'tournament', '--ai', 'builtin:random', '--ai', 'builtin:genius', '--games', '4', '--out', join(tmp.dir, 'a')]),
      runCli(['lostspace', 'tournament', ...two, '--out', join(tmp.dir, 'a')]),
      runCli(['lostspace', 'tournament', ...two, '--games', '2', '--queue', 'http://x', '--out', join(tmp.dir, 'a')]),
      // a damaged manifest is named, not overwritten
      runCli(['lostspace', 'tournament', ...two, '--games', '4', '--out', broken]),
      // a folder of another tournament is refused, its files untouched
      (async () => {
        const first = await runCli(['lostspace', 'tournament', ...two, '--games', '4', '--seed', '1', '--out', other, '--quiet'])
        assert.equal(first.code, 0, first.stderr)
        const before = readFileSync(join(other, 'results.json'), 'utf8')
        const clash = await runCli(['lostspace', 'tournament', ...two, '--games', '4', '--seed', '2', '--out', other])
        return { clash, before, after: readFileSync(join(other, 'results.json'), 'utf8') }
      })(),
    ])
    assert.equal(one.code, 2)
    assert.match(one.stderr, /at least 2 --ai entrants, got 1/)
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /--ai #2: unknown built-in player 'genius'/)
    assert.equal(noGames.code, 2)
    assert.match(noGames.stderr, /--games <n> is required/)
    assert.equal(badQueue.code, 2)
    assert.match(badQueue.stderr, /--queue must be a redis:\/\/ or rediss:\/\/ URL/)
    assert.equal(bad.code, 2)
    assert.match(bad.stderr, /tournament\.json is not valid JSON/)
    assert.equal(readFileSync(join(broken, 'tournament.json'), 'utf8'), '{ nope')
    assert.equal(clashCase.clash.code, 2)
    assert.match(clashCase.clash.stderr, /holds another tournament: seed 1 \(now 2\)/)
    assert.equal(clashCase.after, clashCase.before)
    tmp.cleanup()
  })

  test('Ctrl-C (a real SIGINT) leaves a consistent folder; re-running resumes and ends with the results of an uninterrupted run', { timeout: 180_000 }, async () => {
    const tmp = tempDir('tourney-')
    const marker = `tourney-${randomBytes(4).toString('hex')}`
    // Python AIs (real subprocesses): one plays every game to its end, one crashes on its 6th turn (AI errors to count)
    const crasher = `python3 ${q(BAD_AI)} crash-mid 5 ${marker}`
    const args = (out: string) => [
      'lostspace', 'tournament', '--ai', 'builtin:random', '--ai', 'builtin:strategist', '--ai', passiveAi(marker), '--ai', crasher,
      '--games', '12', '--seed', '77', '--parallel', '2', '--time-limit', '10', '--out', out,
    ]
    const interrupted = join(tmp.dir, 'interrupted')
    const straight = join(tmp.dir, 'straight')
    // the uninterrupted run of the same tournament, meanwhile
    const whole = runCli(args(straight), 170_000)
    const run = startCli(args(interrupted))
    // the AI processes the interrupted run started: its children (the shells) and theirs
    const childrenOf = (pid: number): number[] =>
      spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number)
    const aiPids = (): number[] => childrenOf(run.child.pid!).flatMap((c) => [c, ...childrenOf(c)])
    const alive = (pid: number): boolean => {
      try {
        process.kill(pid, 0)
        return !/^Z/.test(spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim() || 'Z')
      } catch {
        return false
      }
    }
    const seen = await waitFor('two finished games and a game in progress', () => (gameFileCount(interrupted) >= 2 ? aiPids() : []).filter(alive).length > 0 && aiPids(), {
      timeoutMs: 90_000,
      intervalMs: 50,
      detail: run.stderr,
    })
    run.child.kill('SIGINT')
    const stopped = await run.done
    assert.equal(stopped.code, 130, stopped.stderr)
    assert.match(stopped.stderr, /SIGINT: stopping; finished games are kept/)
    // no AI subprocess of the interrupted games is left behind (killed ones may take a moment to be reaped)
    await waitFor('the interrupted games\' AI processes to be gone', () => seen.every((pid) => !alive(pid)), { timeoutMs: 10_000, detail: () => seen.filter(alive).join(' ') })
    const partial = readOut(interrupted)
    assert.deepEqual(partial.tempFiles, [])
    assert.equal(partial.complete, false)
    assert.ok(partial.games.length >= 2 && partial.games.length < 12, `${partial.games.length} games finished`)
    assert.equal(partial.gameFiles.length, partial.games.length)
    assert.equal(partial.csvLines.length, partial.games.length + 1)

    const resumed = await runCli(args(interrupted))
    assert.equal(resumed.code, 0, resumed.stderr)
    assert.match(resumed.stderr, new RegExp(`${partial.games.length} of 12 games already finished`))

    const wholeRun = await whole
    assert.equal(wholeRun.code, 0, wholeRun.stderr)

    const a = readOut(interrupted)
    const b = readOut(straight)
    assert.equal(a.games.length, 12)
    assert.equal(a.complete, true)
    assert.deepEqual(a.games.map(outcomeOnly), b.games.map(outcomeOnly))
    assert.deepEqual(a.standings, b.standings)
    assert.equal(resumed.stdout, wholeRun.stdout)
    // the crashing AI's errors are counted: one per seat it held
    const crash = a.standings.find((s) => s.spec === crasher)!
    assert.equal(crash.errors, crash.seats)
    assert.equal(crash.errorsByKind.runError, crash.seats)
    assert.equal(a.standings.filter((s) => s.spec !== crasher).reduce((n, s) => n + s.errors, 0), 0)
    tmp.cleanup()
  })
})

import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { ordinal, rate, rating } from 'openskill'
import { computeLeaderboard, formatLeaderboard, leaderboardCsv, resultsCsv, wilsonInterval } from '../../../src/lostspace/tournament/leaderboard.js'
import { GameRecordSchema, type GameRecord } from '../../../src/lostspace/tournament/records.js'
import { csvLine } from '../../../src/lostspace/tournament/csv.js'

/** A record where seat s holds entrants[s] and finished ranks[s]; `errors` seats had a timeOutError. */
function rec(index: number, entrants: number[], ranks: number[], errors: number[] = []): GameRecord {
  return GameRecordSchema.parse({
    id: `g${index}`,
    index,
    seed: index,
    rounds: 100,
    ms: 5,
    by: 'local',
    seats: entrants.map((entrant, s) => ({
      entrant,
      spec: `e${entrant}`,
      rank: ranks[s],
      points: 5 - ranks[s]!,
      reason: 'survived',
      ...(errors.includes(s) ? { error: { kind: 'timeOutError', log: 'no answer' } } : {}),
    })),
  })
}

describe('tournament leaderboard', () => {
  test('Wilson interval: textbook values', () => {
    const [lo, hi] = wilsonInterval(5, 10)
    assert.ok(Math.abs(lo - 0.2366) < 1e-4 && Math.abs(hi - 0.7634) < 1e-4, `${lo} ${hi}`)
    const [lo2, hi2] = wilsonInterval(0, 20)
    assert.equal(lo2, 0)
    assert.ok(Math.abs(hi2 - 0.1611) < 1e-4, `${hi2}`)
    assert.deepEqual(wilsonInterval(0, 0), [0, 0])
  })

  test('four distinct entrants: the ratings are openskill Plackett-Luce game by game; rank, win rate and errors per entrant', () => {
    const records = [
      rec(0, [0, 1, 2, 3], [1, 2, 3, 4]),
      rec(1, [1, 2, 3, 0], [2, 3, 4, 1], [2]),
      rec(2, [2, 3, 0, 1], [4, 1, 2, 3]),
    ]
    const board = computeLeaderboard(['e0', 'e1', 'e2', 'e3'], [...records].reverse())
    // the same sequence through openskill directly
    let r = [rating(), rating(), rating(), rating()]
    for (const g of records) {
      const out = rate(g.seats.map((s) => [r[s.entrant]!]), { rank: g.seats.map((s) => s.rank) })
      const next = [...r]
      g.seats.forEach((s, i) => (next[s.entrant] = out[i]![0]!))
      r = next
    }
    for (const s of board.standings) {
      assert.ok(Math.abs(s.mu - r[s.entrant]!.mu) < 1e-9)
      assert.ok(Math.abs(s.sigma - r[s.entrant]!.sigma) < 1e-9)
      assert.ok(Math.abs(s.ordinal - ordinal(r[s.entrant]!)) < 1e-9)
      assert.ok(Math.abs(s.ordinal - (s.mu - 3 * s.sigma)) < 1e-9)
    }
    assert.equal(board.games, 3)
    const e0 = board.standings.find((s) => s.entrant === 0)!
    assert.equal(e0.place, 1)
    assert.equal(e0.wins, 2)
    assert.equal(e0.games, 3)
    assert.ok(Math.abs(e0.avgRank - 4 / 3) < 1e-9)
    assert.equal(board.standings.find((s) => s.entrant === 3)!.errors, 1)
    assert.equal(board.standings.find((s) => s.entrant === 3)!.errorsByKind.timeOutError, 1)
    assert.deepEqual(board.standings.map((s) => s.place), [1, 2, 3, 4])
    for (let i = 1; i < 4; i++) assert.ok(board.standings[i - 1]!.ordinal >= board.standings[i]!.ordinal)
  })

  test('two entrants in two seats each: the one that always finishes first and second leads, wins every game', () => {
    const records = Array.from({ length: 8 }, (_, i) => rec(i, [0, 0, 1, 1], i % 2 ? [1, 2, 3, 4] : [2, 1, 4, 3]))
    const board = computeLeaderboard(['strong', 'weak'], records)
    const [first, second] = board.standings
    assert.equal(first!.spec, 'strong')
    assert.equal(first!.wins, 8)
    assert.equal(first!.games, 8)
    assert.equal(first!.seats, 16)
    assert.equal(first!.avgRank, 1.5)
    assert.equal(second!.winRate, 0)
    assert.ok(first!.mu > 25 && second!.mu < 25)
    assert.ok(first!.sigma < 25 / 3 && second!.sigma < 25 / 3)
  })

  test('text table and CSV files', () => {
    const records = [rec(0, [0, 1, 0, 1], [1, 2, 3, 4]), rec(1, [1, 0, 1, 0], [4, 3, 2, 1])]
    const board = computeLeaderboard(['a', 'a'], records)
    const text = formatLeaderboard(board)
    assert.match(text, /^# +entrant +ordinal/)
    assert.match(text, /a \[1\]/)
    assert.match(text, /a \[2\]/)
    const csv = leaderboardCsv(board).trim().split('\n')
    assert.equal(csv.length, 3)
    assert.match(csv[0]!, /^place,entrant,spec,ordinal,mu,sigma,games,seats,avg_rank/)
    const results = resultsCsv(records).trim().split('\n')
    assert.equal(results.length, 3)
    assert.match(results[1]!, /^0,g0,0,100,e0,0,e0,1,4,,1,e1,2,3,/)
    assert.equal(csvLine(['x,y', 'say "hi"', 3]), '"x,y","say ""hi""",3')
  })
})

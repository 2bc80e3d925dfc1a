import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { blockSize, planGame, planGames, tournamentKey, type TournamentIdentity } from '../../../src/lostspace/tournament/schedule.js'

const identity = (entrants: number, seed: number): TournamentIdentity => ({
  seed,
  entrants: Array.from({ length: entrants }, (_, i) => `builtin:random?e=${i}`),
  timeLimitSec: 3,
  maxLength: 1024,
})

/** counts[entrant][seat] over the games. */
function seatCounts(entrants: number, games: { seats: number[] }[]): number[][] {
  const counts = Array.from({ length: entrants }, () => [0, 0, 0, 0])
  for (const g of games) g.seats.forEach((e, s) => counts[e]![s]!++)
  return counts
}

describe('tournament schedule', () => {
  test('every entrant plays every seat equally often in every whole number of blocks; games of 4+ entrants have 4 different players', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 4 }), (e, seed, blocks) => {
        const size = blockSize(e)
        const games = planGames(identity(e, seed), size * blocks)
        const counts = seatCounts(e, games)
        const expected = counts[0]![0]!
        assert.ok(expected > 0)
        for (const row of counts) assert.deepEqual(row, [expected, expected, expected, expected], `E=${e} seed=${seed}: ${JSON.stringify(counts)}`)
        for (const g of games) {
          const per = new Map<number, number>()
          for (const x of g.seats) per.set(x, (per.get(x) ?? 0) + 1)
          if (e >= 4) assert.equal(per.size, 4, `game ${g.index} repeats an entrant: ${g.seats.join(',')}`)
          else {
            // fewer than 4 entrants: everyone plays, seats shared as evenly as possible
            assert.equal(per.size, e)
            const c = [...per.values()]
            assert.ok(Math.max(...c) - Math.min(...c) <= 1, `game ${g.index}: ${g.seats.join(',')}`)
          }
        }
      }),
      { numRuns: 200 },
    )
  })

  test('reproducible from the seed, and game i does not depend on the number of games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 60 }), (e, seed, n) => {
        const a = planGames(identity(e, seed), n)
        assert.deepEqual(planGames(identity(e, seed), n), a)
        assert.deepEqual(planGames(identity(e, seed), n + 17).slice(0, n), a)
        const i = n - 1
        assert.deepEqual(planGame(identity(e, seed), i), a[i])
      }),
      { numRuns: 100 },
    )
  })

  test('ids are unique, seeds are 31-bit, and the identity (seed, entrants, limits) changes ids, seeds and seatings', () => {
    const base = identity(5, 42)
    const games = planGames(base, 500)
    assert.equal(new Set(games.map((g) => g.id)).size, 500)
    for (const g of games) assert.ok(Number.isInteger(g.seed) && g.seed >= 0 && g.seed < 2 ** 31)
    const variants: TournamentIdentity[] = [
      { ...base, seed: 43 },
      { ...base, entrants: [...base.entrants].reverse() },
      { ...base, timeLimitSec: 2 },
      { ...base, maxLength: 2048 },
    ]
    for (const v of variants) {
      assert.notEqual(tournamentKey(v), tournamentKey(base))
      const other = planGames(v, 500)
      assert.equal(other.filter((g, i) => g.id === games[i]!.id).length, 0)
      assert.ok(other.filter((g, i) => g.seed === games[i]!.seed).length < 5)
    }
    const otherSeats = planGames({ ...base, seed: 43 }, 500)
    assert.ok(otherSeats.some((g, i) => g.seats.join() !== games[i]!.seats.join()), 'another seed seats the entrants differently')
  })

  test('block sizes: E games for 4+ entrants, 4 for two, 12 for three; fewer than 2 entrants is refused', () => {
    assert.equal(blockSize(2), 4)
    assert.equal(blockSize(3), 12)
    assert.equal(blockSize(4), 4)
    assert.equal(blockSize(7), 7)
    assert.throws(() => blockSize(1), /at least 2 entrants/)
    // two entrants: every game is two against two
    for (const g of planGames(identity(2, 9), 8)) assert.deepEqual([...g.seats].sort(), [0, 0, 1, 1])
  })
})

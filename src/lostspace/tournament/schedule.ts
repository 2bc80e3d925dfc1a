/**
 * The tournament schedule: which entrant sits in which seat of game i, and each game's id and seed.
 * Pure and reproducible from the tournament's identity (seed, entrants, limits); game i does not
 * depend on the number of games, so a longer tournament extends a shorter one.
 *
 * Games come in blocks. Within a block every entrant plays every seat equally often:
 * - 4 or more entrants: a block is E games; game j of the block seats π[j], π[j+1], π[j+2], π[j+3]
 *   (indices mod E) for a seeded permutation π drawn per block. Every entrant sits once in each
 *   seat per block and the four players of a game are distinct.
 * - 2 or 3 entrants: seats are filled with repeats. Each entrant holds ⌊4/E⌋ seats of a game and
 *   the 4 mod E extra seats go round the entrants; every such arrangement is played in its 4
 *   rotations over the seats. 2 entrants: blocks of 4 games (AABB and its rotations); 3 entrants:
 *   blocks of 12 (each entrant doubled in 4 of them).
 * Seat balance is exact when the number of games is a multiple of the block size.
 */
import { createHash } from 'node:crypto'
import { createRng } from '../rng.js'

/** What makes a tournament itself: the same identity gives the same games, ids and seeds. */
export interface TournamentIdentity {
  seed: number
  /** Seat specs, one per entrant, in the order given. */
  entrants: readonly string[]
  timeLimitSec: number
  maxLength: number
}

export interface PlannedGame {
  index: number
  /** Stable id: a hash of the tournament's identity and the game index (file names, queue job ids). */
  id: string
  /** The game's seed (players' seeds derive from it). */
  seed: number
  /** Entrant index per seat 0..3. */
  seats: [number, number, number, number]
}

export const MIN_ENTRANTS = 2

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}

/** A short hash naming the tournament (identity only, not the number of games). */
export function tournamentKey(t: TournamentIdentity): string {
  return sha256(JSON.stringify(['mindbridge-lostspace-tournament', t.seed, t.entrants, t.timeLimitSec, t.maxLength])).toString('hex').slice(0, 16)
}

/** Games per block: every entrant plays every seat equally often in a whole block. */
export function blockSize(entrants: number): number {
  if (!Number.isInteger(entrants) || entrants < MIN_ENTRANTS) throw new Error(`a tournament needs at least ${MIN_ENTRANTS} entrants, got ${entrants}`)
  if (entrants >= 4) return entrants
  return 4 * (4 % entrants === 0 ? 1 : entrants)
}

/** A uint32 derived from the key and parts (independent streams for blocks and games). */
function derive(key: string, ...parts: (string | number)[]): number {
  return sha256(JSON.stringify([key, ...parts])).readUInt32BE(0)
}

function permutation(n: number, seed: number): number[] {
  const rng = createRng(seed)
  const out = Array.from({ length: n }, (_, i) => i)
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** The seats of game `j` of a block for `entrants` entrants, given the block's permutation. */
function blockSeats(entrants: number, pi: number[], j: number): [number, number, number, number] {
  if (entrants >= 4) return [0, 1, 2, 3].map((s) => pi[(j + s) % entrants]!) as [number, number, number, number]
  // Arrangement a (which entrants get the extra seats), rotation t.
  const a = Math.floor(j / 4)
  const t = j % 4
  const per = Math.floor(4 / entrants)
  const extra = 4 % entrants
  const base: number[] = []
  for (let k = 0; k < entrants; k++) {
    const e = pi[k]!
    const count = per + ((k - a + entrants) % entrants < extra ? 1 : 0)
    for (let c = 0; c < count; c++) base.push(e)
  }
  return [0, 1, 2, 3].map((s) => base[(s + t) % 4]!) as [number, number, number, number]
}

function planned(key: string, entrants: number, pi: number[], index: number): PlannedGame {
  return {
    index,
    id: sha256(JSON.stringify([key, 'game', index])).toString('hex').slice(0, 20),
    seed: derive(key, 'seed', index) >>> 1,
    seats: blockSeats(entrants, pi, index % blockSize(entrants)),
  }
}

const blockPermutation = (key: string, entrants: number, block: number) => permutation(entrants, derive(key, 'block', block))

/** Game `index` of the tournament. */
export function planGame(t: TournamentIdentity, index: number): PlannedGame {
  const e = t.entrants.length
  const key = tournamentKey(t)
  return planned(key, e, blockPermutation(key, e, Math.floor(index / blockSize(e))), index)
}

/** Games 0..games-1 (the same as planGame for each index). */
export function planGames(t: TournamentIdentity, games: number): PlannedGame[] {
  const e = t.entrants.length
  const key = tournamentKey(t)
  const size = blockSize(e)
  const out: PlannedGame[] = []
  let pi: number[] = []
  for (let i = 0; i < games; i++) {
    if (i % size === 0) pi = blockPermutation(key, e, i / size)
    out.push(planned(key, e, pi, i))
  }
  return out
}

/**
 * The leaderboard of a tournament from its game records, in game-index order (so the same games
 * give the same table, however and wherever they were played):
 * - openskill ratings, Plackett-Luce model, every seat its own team; ordinal = mu − 3·sigma;
 * - average rank (1 = first … 4 = last) over the entrant's seats;
 * - win rate per game (the entrant holds first place) with a 95 % Wilson interval;
 * - AI errors (seats whose AI crashed, timed out or wrote too much), by kind.
 * With fewer than 4 entrants an entrant holds several seats of a game. Its rating then moves by the
 * sum of its seats' mu changes, and its variance shrinks by the product of their variance ratios:
 * each seat counts as one observation of the same skill.
 */
import { ordinal, rate, rating, type Rating } from 'openskill'
import { plackettLuce } from 'openskill/models'
import { AI_ERROR_KINDS, type GameRecord } from './records.js'
import { csvTable } from './csv.js'

export interface EntrantStanding {
  /** Place on the leaderboard (by ordinal). */
  place: number
  entrant: number
  spec: string
  mu: number
  sigma: number
  ordinal: number
  /** Games with at least one of its seats. */
  games: number
  /** Seats it held (= games with 4 or more entrants). */
  seats: number
  avgRank: number
  avgPoints: number
  /** Games it won (one of its seats finished first). */
  wins: number
  winRate: number
  /** 95 % Wilson score interval of the win rate. */
  winLow: number
  winHigh: number
  /** Seats that ended in an AI error. */
  errors: number
  errorsByKind: Record<(typeof AI_ERROR_KINDS)[number], number>
}

export interface Leaderboard {
  games: number
  standings: EntrantStanding[]
}

const Z95 = 1.959963984540054

/** The Wilson score interval of `wins` successes in `n` trials (z = 1.96); [0, 0] for n = 0. */
export function wilsonInterval(wins: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 0]
  const p = wins / n
  const z2 = z * z
  const denom = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denom
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

export function computeLeaderboard(entrants: readonly string[], records: readonly GameRecord[]): Leaderboard {
  const ratings: Rating[] = entrants.map(() => rating())
  const acc = entrants.map(() => ({ games: 0, seats: 0, rankSum: 0, pointsSum: 0, wins: 0, errors: 0, byKind: { runError: 0, timeOutError: 0, outputLimitError: 0 } }))
  const sorted = [...records].sort((a, b) => a.index - b.index)
  for (const rec of sorted) {
    const teams = rec.seats.map((s) => [ratings[s.entrant]!])
    const updated = rate(teams, { rank: rec.seats.map((s) => s.rank), model: plackettLuce })
    const before = new Map<number, Rating>()
    const seen = new Set<number>()
    rec.seats.forEach((s, i) => {
      const old = before.get(s.entrant) ?? ratings[s.entrant]!
      before.set(s.entrant, old)
      const now = updated[i]![0]!
      const cur = ratings[s.entrant]!
      // sums of the seats' mu changes, products of their variance ratios (see the header)
      ratings[s.entrant] = {
        mu: cur.mu + (now.mu - old.mu),
        sigma: Math.sqrt(cur.sigma ** 2 * (now.sigma ** 2 / old.sigma ** 2)),
      }
      const a = acc[s.entrant]!
      a.seats++
      a.rankSum += s.rank
      a.pointsSum += s.points
      if (s.error) {
        a.errors++
        a.byKind[s.error.kind]++
      }
      if (!seen.has(s.entrant)) {
        seen.add(s.entrant)
        a.games++
      }
    })
    const winner = rec.seats.find((s) => s.rank === 1)
    if (winner) acc[winner.entrant]!.wins++
  }
  const standings = entrants.map((spec, entrant): Omit<EntrantStanding, 'place'> => {
    const a = acc[entrant]!
    const r = ratings[entrant]!
    const [winLow, winHigh] = wilsonInterval(a.wins, a.games)
    return {
      entrant,
      spec,
      mu: r.mu,
      sigma: r.sigma,
      ordinal: ordinal(r),
      games: a.games,
      seats: a.seats,
      avgRank: a.seats ? a.rankSum / a.seats : 0,
      avgPoints: a.seats ? a.pointsSum / a.seats : 0,
      wins: a.wins,
      winRate: a.games ? a.wins / a.games : 0,
      winLow,
      winHigh,
      errors: a.errors,
      errorsByKind: a.byKind,
    }
  })
  standings.sort((x, y) => y.ordinal - x.ordinal || x.entrant - y.entrant)
  return { games: sorted.length, standings: standings.map((s, i) => ({ place: i + 1, ...s })) }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`

/** The leaderboard as a text table (what the CLI prints). */
export function formatLeaderboard(board: Leaderboard): string {
  const count = new Map<string, number>()
  for (const s of board.standings) count.set(s.spec, (count.get(s.spec) ?? 0) + 1)
  // the same spec entered twice: entrants are told apart by their number (order of --ai)
  const label = (s: EntrantStanding) => (count.get(s.spec)! > 1 ? `${s.spec} [${s.entrant + 1}]` : s.spec)
  const header = ['#', 'entrant', 'ordinal', 'mu', 'sigma', 'games', 'avg rank', 'win rate (95% CI)', 'AI errors']
  const rows = board.standings.map((s) => [
    String(s.place),
    label(s),
    s.ordinal.toFixed(2),
    s.mu.toFixed(2),
    s.sigma.toFixed(2),
    String(s.games),
    s.avgRank.toFixed(2),
    `${pct(s.winRate)} (${pct(s.winLow)}–${pct(s.winHigh)})`,
    String(s.errors),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const left = new Set([1, 7])
  const line = (cells: string[]) => cells.map((c, i) => (left.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd()
  return [line(header), ...rows.map(line)].join('\n')
}

export function leaderboardCsv(board: Leaderboard): string {
  return csvTable(
    ['place', 'entrant', 'spec', 'ordinal', 'mu', 'sigma', 'games', 'seats', 'avg_rank', 'avg_points', 'wins', 'win_rate', 'win_ci_low', 'win_ci_high', 'ai_errors', ...AI_ERROR_KINDS],
    board.standings.map((s) => [
      s.place, s.entrant, s.spec, s.ordinal.toFixed(4), s.mu.toFixed(4), s.sigma.toFixed(4), s.games, s.seats,
      s.avgRank.toFixed(4), s.avgPoints.toFixed(4), s.wins, s.winRate.toFixed(4), s.winLow.toFixed(4), s.winHigh.toFixed(4),
      s.errors, ...AI_ERROR_KINDS.map((k) => s.errorsByKind[k]),
    ]),
  )
}

/** results.csv: one row per game. */
export function resultsCsv(records: readonly GameRecord[]): string {
  const seatCols = [0, 1, 2, 3].flatMap((s) => [`seat${s}_entrant`, `seat${s}_spec`, `seat${s}_rank`, `seat${s}_points`, `seat${s}_error`])
  return csvTable(
    ['index', 'id', 'seed', 'rounds', 'winner', ...seatCols, 'ms', 'by'],
    [...records]
      .sort((a, b) => a.index - b.index)
      .map((r) => [
        r.index, r.id, r.seed, r.rounds, r.seats.find((s) => s.rank === 1)?.spec ?? '',
        ...r.seats.flatMap((s) => [s.entrant, s.spec, s.rank, s.points, s.error?.kind ?? '']),
        r.ms, r.by,
      ]),
  )
}

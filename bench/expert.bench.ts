/**
 * Strength of `builtin:expert` (issue 19): whole games with our logic and judger,
 * points 4/3/2/1 by final rank, seatings rotated so every side sits everywhere.
 *
 *   2 expert vs 2 strategist            target ≥ 3.0 mean points for expert
 *   2 expert vs 2 official Python sample target ≥ 3.2   (needs ../shared/peers/lostspace-python-sample)
 *   four-way expert/strategist/Python/random  target: expert first in ≥ 70 %
 *   with LOSTSPACE_COMPETITION_AI=<command> (a competition AI built outside the repo, e.g. the C++ AI of
 *   omegafantasy/LostSpace-AI; LOSTSPACE_COMPETITION_AI_CWD = its directory, which holds mapconf2.map):
 *   2 expert vs 2 of it, and four-way expert/it/strategist/Python.
 *
 * Issue 29 lines: every four-way line also prints, per seat the expert sat in, its firsts and mean points
 * (target: first in ≥ 8 of 10 and mean ≥ 3.5 in every seat), and the mean escape round of each side in
 * the same games. `CPU hog`: the same seeded games (expert vs strategist / random, all in-process, so a
 * game is a function of its seeds) once on an idle process and once with busy-looping processes on every
 * core beside it; target: expert mean points within 0.1 of the idle run.
 *
 * The baseline measured in the same run is the opponents' mean points in the same games.
 * EXPERT_BENCH_GAMELOG=1 prints every game's seating and ranking; EXPERT_BENCH_REPLAYS=<folder> writes each
 * game's replay there (`<line>-<game>.json`).
 * EXPERT_BENCH_BUDGET=<ms> sets every expert's thinking budget (converted to simulations as in the player).
 * EXPERT_BENCH_GAMES (default 20) sets the games per line (EXPERT_BENCH_SEAT=<0-3> plays only those of them whose
 * single expert sits in that seat); EXPERT_BENCH_LINES=<substring,…> runs only the
 * lines whose label contains one of them (a reduced run on a busy machine).
 */
import { existsSync } from 'node:fs'
import { spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { runGame } from '../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../src/lostspace/judger/seats.js'
import { LostSpaceLogic } from '../src/lostspace/logic.js'
import { createBuiltinPlayer, createExpertPlayer, type ExpertPlayer } from '../src/lostspace/bots/index.js'
import { createLogger } from '../src/core/logger.js'
import { fmt, median } from './util.js'

const quiet = createLogger('bench', { level: 'silent' })
const PY_SAMPLE = fileURLToPath(new URL('../../shared/peers/lostspace-python-sample/lostspace_sdk.py', import.meta.url))
const GAMES = Math.max(4, Number(process.env.EXPERT_BENCH_GAMES ?? 20))
const CONCURRENCY = 2
/** EXPERT_BENCH_SEAT=<0-3>: play only the games of a line whose single expert sits in that seat (same logic seeds). */
const ONLY_SEAT = process.env.EXPERT_BENCH_SEAT === undefined ? null : Number(process.env.EXPERT_BENCH_SEAT)
/** EXPERT_BENCH_BUDGET=<ms>: every expert's budget (default: the player's default, 60 ms = 1,800 simulations). */
const BUDGET = process.env.EXPERT_BENCH_BUDGET === undefined ? undefined : Number(process.env.EXPERT_BENCH_BUDGET)
if (BUDGET !== undefined && !(BUDGET > 0)) throw new Error(`EXPERT_BENCH_BUDGET must be a positive number of ms, got ${JSON.stringify(process.env.EXPERT_BENCH_BUDGET)}`)

type Side = 'expert' | 'strategist' | 'random' | 'python' | 'competition'

interface Line {
  label: string
  games: number
  expertPoints: number[]
  otherPoints: number[]
  firsts: number
  expertErrors: number
  otherErrors: number
  decisionMs: number[]
  sims: number[]
  capped: number
  /** Per seat the (single) expert sat in: its points in each game. */
  bySeat: number[][]
  /** Escape rounds of each side, in the same games. */
  escapes: Map<Side, number[]>
  /** Games per side in which someone of that side could have escaped (for the escape rate). */
  sideGames: Map<Side, number>
}

function seat(side: Side, seed: number, experts: ExpertPlayer[]): SeatSpec {
  switch (side) {
    case 'expert': {
      const p = createExpertPlayer({ seed, ...(BUDGET !== undefined ? { budgetMs: BUDGET } : {}) })
      experts.push(p)
      return { kind: 'player', player: p, name: 'expert' }
    }
    case 'python':
      return { kind: 'command', command: `python3 '${PY_SAMPLE}'`, name: 'python-sample' }
    case 'competition':
      return { kind: 'command', command: process.env.LOSTSPACE_COMPETITION_AI!, cwd: process.env.LOSTSPACE_COMPETITION_AI_CWD, name: 'competition' }
    default:
      return { kind: 'player', player: createBuiltinPlayer(side, { seed }), name: side }
  }
}

/** Seatings for a line: every rotation of each pattern, cycled. */
function seatings(patterns: Side[][]): Side[][] {
  const out: Side[][] = []
  for (const p of patterns) for (let r = 0; r < 4; r++) out.push(p.map((_, i) => p[(i + r) % 4]!))
  return out
}

async function playLine(label: string, patterns: Side[][]): Promise<Line> {
  const order = seatings(patterns)
  const line: Line = { label, games: 0, expertPoints: [], otherPoints: [], firsts: 0, expertErrors: 0, otherErrors: 0, decisionMs: [], sims: [], capped: 0, bySeat: [[], [], [], []], escapes: new Map(), sideGames: new Map() }
  let next = 0
  const worker = async () => {
    while (next < GAMES) {
      const g = next++
      const sides = order[g % order.length]!
      if (ONLY_SEAT !== null && (sides.filter((s) => s === 'expert').length !== 1 || sides[ONLY_SEAT] !== 'expert')) continue
      const experts: ExpertPlayer[] = []
      const seats = sides.map((s, i) => seat(s, 1000 + g * 4 + i, experts))
      const replayDir = process.env.EXPERT_BENCH_REPLAYS
      const replayPath = replayDir ? `${replayDir}/${label.replace(/[^a-z0-9]+/gi, '-')}-${g}.json` : undefined
      const r = await runGame({ seats, logic: new LostSpaceLogic({ seed: g }), logger: quiet, ...(replayPath ? { replayPath } : {}) })
      const pts = (i: number) => r.ranking.find((e) => e.player === i)?.points ?? 0
      const mine = sides.map((s, i) => (s === 'expert' ? pts(i) : NaN)).filter((x) => !Number.isNaN(x))
      const theirs = sides.map((s, i) => (s !== 'expert' ? pts(i) : NaN)).filter((x) => !Number.isNaN(x))
      line.expertPoints.push(mine.reduce((a, b) => a + b, 0) / mine.length)
      line.otherPoints.push(theirs.reduce((a, b) => a + b, 0) / theirs.length)
      if (mine.includes(4)) line.firsts++
      const experts1 = sides.flatMap((s, i) => (s === 'expert' ? [i] : []))
      if (experts1.length === 1) line.bySeat[experts1[0]!]!.push(pts(experts1[0]!))
      for (let i = 0; i < 4; i++) {
        const side = sides[i]!
        line.sideGames.set(side, (line.sideGames.get(side) ?? 0) + 1)
        const m = /escaped in round (\d+)/.exec(r.ranking.find((e) => e.player === i)?.reason ?? '')
        if (m) line.escapes.set(side, [...(line.escapes.get(side) ?? []), Number(m[1])])
      }
      if (process.env.EXPERT_BENCH_GAMELOG) console.log(`    game ${g} (logic seed ${g}): ${sides.join(' ')} -> ${r.ranking.map((e) => `${e.player}:${e.points} ${e.reason}`).join('; ')}`)
      for (const e of r.errors) {
        if (sides[e.player] === 'expert') line.expertErrors++
        else line.otherErrors++
      }
      for (const p of experts) for (const d of p.decisions) {
        line.decisionMs.push(d.ms)
        line.sims.push(d.sims)
        if (d.capped) line.capped++
      }
      line.games++
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return line
}

function meanCi(xs: number[]): [number, number] {
  const n = xs.length
  const mean = xs.reduce((a, b) => a + b, 0) / n
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1))
  return [mean, (1.96 * sd) / Math.sqrt(n)]
}

/** Wilson 95 % interval of a proportion. */
function wilson(k: number, n: number): [number, number] {
  const z = 1.96
  const p = k / n
  const d = 1 + (z * z) / n
  const c = (p + (z * z) / (2 * n)) / d
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d
  return [c - h, c + h]
}

function row(l: Line, target: string): string {
  const [m, ci] = meanCi(l.expertPoints)
  const [om] = meanCi(l.otherPoints)
  const [lo, hi] = wilson(l.firsts, l.games)
  const cells = [
    l.label,
    String(l.games),
    `${fmt(m, 2)} ± ${fmt(ci, 2)}`,
    fmt(om, 2),
    `${fmt((100 * l.firsts) / l.games, 0)} % (${fmt(100 * lo, 0)}–${fmt(100 * hi, 0)})`,
    `${fmt(median(l.decisionMs), 1)} / ${fmt(Math.max(...l.decisionMs), 0)}`,
    fmt(median(l.sims), 0),
    `${l.expertErrors} / ${l.otherErrors}`,
    target,
  ]
  return `| ${cells.join(' | ')} |`
}

/** Per seat the expert sat in: firsts / games and mean points; and each side's escapes. */
function details(l: Line): string[] {
  const out: string[] = []
  if (l.bySeat.some((p) => p.length > 0)) {
    const cells = l.bySeat.map((p, seat) => (p.length ? `seat ${seat}: first ${p.filter((x) => x === 4).length}/${p.length}, mean ${fmt(p.reduce((a, b) => a + b, 0) / p.length, 2)}` : `seat ${seat}: -`))
    out.push(`    by expert seat: ${cells.join('; ')}`)
  }
  const esc = [...l.sideGames.keys()].map((side) => {
    const r = l.escapes.get(side) ?? []
    return `${side} ${r.length}/${l.sideGames.get(side)} seats escaped${r.length ? `, mean round ${fmt(r.reduce((a, b) => a + b, 0) / r.length, 1)}` : ''}`
  })
  out.push(`    escapes: ${esc.join('; ')}${l.capped ? `; ${l.capped} expert decisions cut by the wall-clock cap` : ''}`)
  return out
}

/** Busy-looping node processes, one per core, until stopped. */
function startHogs(): ChildProcess[] {
  return Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }))
}

export async function run(): Promise<void> {
  const hasPython = existsSync(PY_SAMPLE)
  if (!hasPython) console.log(`(Python sample AI not found at ${PY_SAMPLE}: its lines are skipped)`)
  const competition = process.env.LOSTSPACE_COMPETITION_AI
  if (!competition) console.log('(LOSTSPACE_COMPETITION_AI not set: no line against a competition AI)')
  const only = (process.env.EXPERT_BENCH_LINES ?? '').split(',').map((x) => x.trim()).filter(Boolean)
  const wanted = (label: string) => only.length === 0 || only.some((o) => label.includes(o))
  const rows: string[] = []
  const t0 = performance.now()
  const add = async (label: string, patterns: Side[][], target: string): Promise<Line | null> => {
    if (!wanted(label)) return null
    const l = await playLine(label, patterns)
    rows.push(row(l, target))
    console.log(rows.at(-1))
    for (const d of details(l)) console.log(d)
    return l
  }
  const fourWay = (a: Side, b: Side, c: Side): Side[][] => [['expert', a, b, c], ['expert', c, a, b], ['expert', b, c, a]]
  console.log(`games per line: ${GAMES}; expert budget ${BUDGET === undefined ? 'default' : `${BUDGET} ms`}; seatings rotated`)
  console.log('| line | games | expert mean points (95 % CI) | opponents mean (baseline) | expert first (95 % CI) | decision ms median / max | sims per decision | AI errors expert / others | target |')
  console.log('|---|---|---|---|---|---|---|---|---|')
  await add('2 expert vs 2 strategist', [['expert', 'expert', 'strategist', 'strategist'], ['expert', 'strategist', 'expert', 'strategist']], '≥ 3.0 points')
  await add('2 expert vs 2 random', [['expert', 'expert', 'random', 'random'], ['expert', 'random', 'expert', 'random']], '≥ 3.0 points')
  if (hasPython) {
    await add('2 expert vs 2 Python sample', [['expert', 'expert', 'python', 'python'], ['expert', 'python', 'expert', 'python']], '≥ 3.0 points')
    await add('four-way expert / strategist / Python / random', fourWay('strategist', 'python', 'random'), 'first ≥ 80 %, ≥ 3.5 every seat')
  }
  if (competition) {
    await add('2 expert vs 2 competition AI', [['expert', 'expert', 'competition', 'competition'], ['expert', 'competition', 'expert', 'competition']], '≥ 3.0 points')
    if (hasPython) {
      await add('four-way expert / competition / Python / random', fourWay('competition', 'python', 'random'), 'first ≥ 80 %, ≥ 3.5 every seat')
      await add('four-way expert / competition / strategist / Python', fourWay('competition', 'strategist', 'python'), 'first ≥ 80 %, ≥ 3.5 every seat')
    }
  }
  if (wanted('CPU hog')) {
    const patterns: Side[][] = [['expert', 'strategist', 'random', 'strategist']]
    const idle = await add('CPU hog: idle (expert / strategist / random / strategist)', patterns, 'baseline')
    const hogs = startHogs()
    let busy: Line | null = null
    try {
      busy = await add(`CPU hog: ${hogs.length} busy processes beside it (same games)`, patterns, 'within 0.1 of idle')
    } finally {
      for (const h of hogs) h.kill('SIGKILL')
    }
    if (idle && busy) {
      const m = (l: Line) => l.expertPoints.reduce((a, b) => a + b, 0) / l.expertPoints.length
      console.log(`    expert mean points idle ${fmt(m(idle), 2)}, with the hog ${fmt(m(busy), 2)}: difference ${fmt(Math.abs(m(busy) - m(idle)), 2)} (target ≤ 0.1); median decision ${fmt(median(idle.decisionMs), 1)} ms → ${fmt(median(busy.decisionMs), 1)} ms`)
    }
  }
  console.log(`(${fmt((performance.now() - t0) / 1000, 0)} s)`)
}

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
 * The baseline measured in the same run is the opponents' mean points in the same games.
 * EXPERT_BENCH_GAMES (default 20) sets the games per line.
 */
import { existsSync } from 'node:fs'
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
}

function seat(side: Side, seed: number, experts: ExpertPlayer[]): SeatSpec {
  switch (side) {
    case 'expert': {
      const p = createExpertPlayer({ seed })
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
  const line: Line = { label, games: 0, expertPoints: [], otherPoints: [], firsts: 0, expertErrors: 0, otherErrors: 0, decisionMs: [], sims: [] }
  let next = 0
  const worker = async () => {
    while (next < GAMES) {
      const g = next++
      const sides = order[g % order.length]!
      const experts: ExpertPlayer[] = []
      const seats = sides.map((s, i) => seat(s, 1000 + g * 4 + i, experts))
      const r = await runGame({ seats, logic: new LostSpaceLogic({ seed: g }), logger: quiet })
      const pts = (i: number) => r.ranking.find((e) => e.player === i)?.points ?? 0
      const mine = sides.map((s, i) => (s === 'expert' ? pts(i) : NaN)).filter((x) => !Number.isNaN(x))
      const theirs = sides.map((s, i) => (s !== 'expert' ? pts(i) : NaN)).filter((x) => !Number.isNaN(x))
      line.expertPoints.push(mine.reduce((a, b) => a + b, 0) / mine.length)
      line.otherPoints.push(theirs.reduce((a, b) => a + b, 0) / theirs.length)
      if (mine.includes(4)) line.firsts++
      for (const e of r.errors) {
        if (sides[e.player] === 'expert') line.expertErrors++
        else line.otherErrors++
      }
      for (const p of experts) for (const d of p.decisions) {
        line.decisionMs.push(d.ms)
        line.sims.push(d.sims)
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

export async function run(): Promise<void> {
  const hasPython = existsSync(PY_SAMPLE)
  if (!hasPython) console.log(`(Python sample AI not found at ${PY_SAMPLE}: its lines are skipped)`)
  const competition = process.env.LOSTSPACE_COMPETITION_AI
  if (!competition) console.log('(LOSTSPACE_COMPETITION_AI not set: no line against a competition AI)')
  const rows: string[] = []
  const t0 = performance.now()
  const add = async (label: string, patterns: Side[][], target: string) => {
    const l = await playLine(label, patterns)
    rows.push(row(l, target))
    console.log(rows.at(-1))
  }
  console.log(`games per line: ${GAMES}; expert default budget; seatings rotated`)
  console.log('| line | games | expert mean points (95 % CI) | opponents mean (baseline) | expert first (95 % CI) | decision ms median / max | sims per decision | AI errors expert / others | target |')
  console.log('|---|---|---|---|---|---|---|---|---|')
  await add('2 expert vs 2 strategist', [['expert', 'expert', 'strategist', 'strategist'], ['expert', 'strategist', 'expert', 'strategist']], '≥ 3.0 points')
  if (hasPython) {
    await add('2 expert vs 2 Python sample', [['expert', 'expert', 'python', 'python'], ['expert', 'python', 'expert', 'python']], '≥ 3.2 points')
    await add('four-way expert / strategist / Python / random', [['expert', 'strategist', 'python', 'random'], ['expert', 'random', 'python', 'strategist']], 'first ≥ 70 %')
  }
  if (competition) {
    await add('2 expert vs 2 competition AI', [['expert', 'expert', 'competition', 'competition'], ['expert', 'competition', 'expert', 'competition']], '≥ 2.6 points')
    if (hasPython) await add('four-way expert / competition / strategist / Python', [['expert', 'competition', 'strategist', 'python'], ['expert', 'python', 'strategist', 'competition']], 'first in most')
  }
  console.log(`(${fmt((performance.now() - t0) / 1000, 0)} s)`)
}

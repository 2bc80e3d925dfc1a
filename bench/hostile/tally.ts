/**
 * The hostile-input tally: for each surface, how many inputs it got and what each did —
 * accepted (a valid input), refused with a clear reason, refused without one (empty, huge, or
 * carrying control characters), a crash (an exception nobody expected, a server that stopped
 * answering, an uncaught error), an escape (an input that got past its boundary: a mark from the
 * sandbox, a polluted prototype, a file's content in an error), and the memory the surface left
 * behind after a full GC.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export type Outcome =
  | { kind: 'accepted' }
  | { kind: 'refused'; reason: string }
  | { kind: 'crash'; detail: string }
  | { kind: 'escape'; detail: string }

export interface Row {
  surface: string
  inputs: number
  accepted: number
  refusedClear: number
  refusedUnclear: number
  crashes: number
  escapes: number
  memoryGrowthMb: number
  /** The first few problems, for the report. */
  problems: string[]
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

/** A reason a person can act on: some words, not a wall of text, nothing that drives a terminal. */
export function isClearReason(reason: string): boolean {
  return reason.trim().length >= 3 && reason.length <= 4000 && !CONTROL.test(reason)
}

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function memoryMb(): number {
  gc()
  gc()
  const m = process.memoryUsage()
  return (m.heapUsed + m.external + m.arrayBuffers) / 1024 / 1024
}

export class Tally {
  readonly rows: Row[] = []
  private current: Row | undefined

  constructor(private readonly progress = true) {}

  /** Runs one surface: `attack` records an outcome per input; stray uncaught errors count as crashes. */
  async surface(name: string, attack: (record: (label: string, o: Outcome) => void) => Promise<void>): Promise<Row> {
    const row: Row = { surface: name, inputs: 0, accepted: 0, refusedClear: 0, refusedUnclear: 0, crashes: 0, escapes: 0, memoryGrowthMb: 0, problems: [] }
    this.current = row
    if (this.progress) process.stderr.write(`hostile: ${name}…\n`)
    const note = (p: string) => row.problems.length < 8 && row.problems.push(p.slice(0, 300))
    const stray = (err: unknown) => {
      row.crashes++
      note(`uncaught: ${err instanceof Error ? err.message : String(err)}`)
    }
    process.on('uncaughtException', stray)
    process.on('unhandledRejection', stray)
    const before = memoryMb()
    try {
      await attack((label, o) => {
        if (process.env.HOSTILE_DEBUG) process.stderr.write(`  ${label}: ${o.kind}\n`)
        row.inputs++
        if (o.kind === 'accepted') row.accepted++
        else if (o.kind === 'refused') {
          if (isClearReason(o.reason)) row.refusedClear++
          else {
            row.refusedUnclear++
            note(`${label}: unclear reason ${JSON.stringify(o.reason.slice(0, 120))}${o.reason.length > 120 ? `… (${o.reason.length} chars)` : ''}`)
          }
        } else if (o.kind === 'crash') {
          row.crashes++
          note(`${label}: crash: ${o.detail}`)
        } else {
          row.escapes++
          note(`${label}: escape: ${o.detail}`)
        }
      })
    } catch (err) {
      row.crashes++
      note(`the attack itself failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
    } finally {
      row.memoryGrowthMb = memoryMb() - before
      process.off('uncaughtException', stray)
      process.off('unhandledRejection', stray)
      this.current = undefined
    }
    this.rows.push(row)
    return row
  }

  table(): string {
    const head = ['surface', 'inputs', 'accepted', 'refused (clear reason)', 'refused (unclear)', 'crashes', 'escapes', 'memory growth (MB)']
    const lines = this.rows.map((r) => [r.surface, r.inputs, r.accepted, r.refusedClear, r.refusedUnclear, r.crashes, r.escapes, r.memoryGrowthMb.toFixed(1)].map(String))
    const total = ['total', ...[1, 2, 3, 4, 5, 6].map((i) => String(lines.reduce((n, l) => n + Number(l[i]), 0))), '']
    const all = [head, ...lines, total]
    const widths = head.map((_, i) => Math.max(...all.map((l) => l[i]!.length)))
    const fmtLine = (l: string[]) => `| ${l.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
    return [fmtLine(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmtLine), fmtLine(total)].join('\n')
  }
}

/** No prototype of this realm was polluted (checked after each surface that parses JSON). */
export function prototypesClean(): string | undefined {
  const o = {} as Record<string, unknown>
  const a = [] as unknown as Record<string, unknown>
  for (const k of ['polluted', 'isAdmin', 'evil']) if (o[k] !== undefined || a[k] !== undefined) return `Object/Array.prototype.${k} is set`
  return undefined
}

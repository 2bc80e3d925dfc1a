/**
 * Progress of a tournament on stderr: a bar redrawn in place on a terminal, plain lines (every
 * 5 s and at the end) otherwise. The ETA is the remaining games over the rate of this run.
 */
export interface Progress {
  /** One more game finished. */
  tick(): void
  /** Prints the final state (ends the bar's line). */
  done(): void
}

export interface ProgressOptions {
  total: number
  /** Games already finished before this run (resumed). */
  already: number
  stream: NodeJS.WriteStream | { write(s: string): unknown; isTTY?: boolean; columns?: number }
  /** Plain-line interval in ms when not a terminal. Default 5000. */
  lineEveryMs?: number
  now?: () => number
}

export function formatDuration(sec: number): string {
  if (!Number.isFinite(sec)) return '?'
  const s = Math.max(0, Math.round(sec))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const r = s % 60
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}` : `${m}:${String(r).padStart(2, '0')}`
}

export function createProgress(opts: ProgressOptions): Progress {
  const now = opts.now ?? (() => performance.now())
  const start = now()
  const tty = opts.stream.isTTY === true
  const lineEvery = opts.lineEveryMs ?? 5000
  let finished = opts.already
  let lastDraw = -Infinity
  let closed = false

  const status = (): string => {
    const ranNow = finished - opts.already
    const elapsed = (now() - start) / 1000
    const rate = elapsed > 0 ? ranNow / elapsed : 0
    const left = opts.total - finished
    const eta = left === 0 ? 0 : rate > 0 ? left / rate : Infinity
    const pctDone = opts.total ? (100 * finished) / opts.total : 100
    return `${finished}/${opts.total} games (${pctDone.toFixed(1)}%), ${rate.toFixed(1)} games/s, elapsed ${formatDuration(elapsed)}, ETA ${formatDuration(eta)}`
  }

  const draw = (force: boolean): void => {
    const t = now()
    if (tty) {
      if (!force && t - lastDraw < 100) return
      lastDraw = t
      const cols = ('columns' in opts.stream && opts.stream.columns) || 80
      const text = status()
      // a fixed width (the text's length changes as it runs)
      const barWidth = cols >= 120 ? 30 : cols >= 90 ? 20 : 10
      const filled = opts.total ? Math.round((barWidth * finished) / opts.total) : barWidth
      opts.stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${text}\x1b[K`)
    } else {
      if (!force && t - lastDraw < lineEvery) return
      lastDraw = t
      opts.stream.write(`lostspace tournament: ${status()}\n`)
    }
  }

  draw(true)
  return {
    tick() {
      if (closed) return
      finished++
      draw(finished === opts.total)
    },
    done() {
      if (closed) return
      closed = true
      if (tty) {
        draw(true)
        opts.stream.write('\n')
      } else if (finished !== opts.total || lastDraw === -Infinity) {
        draw(true)
      }
    },
  }
}

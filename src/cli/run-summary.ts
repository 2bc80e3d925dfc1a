/**
 * The one summary a task run of `play` or `bot` prints, whatever ends it: the task's own end, an
 * error thrown out of the session, or a fatal error nothing caught (uncaught exception, unhandled
 * rejection). A process that ends without saying why is a bug of its own.
 */
import type { Mind } from '../minecraft/minds/types.js'
import type { LynxSession, SessionSummary } from '../minecraft/links/lynxmind-session.js'
import { describeFatal, takeFatalErrors } from './fatal.js'

/** How long a task ended by a fatal error may take to end before the summary is printed without it. */
export const FATAL_GRACE_MS = 10_000

export interface RunSummaryOptions {
  task: string
  t0: number
  mind: Mind
  out: (line: string) => void
  err?: (line: string) => void
  formatSummary: (s: SessionSummary) => string
  /** The session once it exists: a fatal error ends its running task. */
  session: () => LynxSession | undefined
  verbose?: boolean
  /** Ends the process (tests of this module give their own). */
  exit?: (code: number) => void
}

export class RunSummary {
  private printed = false
  private fatalReason: string | undefined
  private backstop: NodeJS.Timeout | undefined
  private readonly stopTaking: () => void
  private readonly err: (line: string) => void

  constructor(private readonly o: RunSummaryOptions) {
    this.err = o.err ?? ((l) => process.stderr.write(l + '\n'))
    this.stopTaking = takeFatalErrors((e) => this.onFatal(e))
  }

  /** Prints `s` unless a summary was printed already. */
  print(s: SessionSummary): void {
    if (this.printed) return
    this.printed = true
    this.o.out(this.o.formatSummary(s))
  }

  /** An error out of the session: one line on stderr and a FAILED summary. */
  failed(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error)
    this.err(`mindbridge: ${message}`)
    this.failedBecause(`error: ${message}`)
  }

  /** A FAILED summary with `reason` (a fatal error's, when one came first); the caller said the error. */
  failedBecause(reason: string): void {
    this.print(this.failure(this.fatalReason ?? reason))
  }

  dispose(): void {
    this.stopTaking()
    if (this.backstop) clearTimeout(this.backstop)
  }

  private onFatal(e: Error): void {
    const line = describeFatal(e)
    this.err(`mindbridge: fatal error: ${line}`)
    if (this.o.verbose && e.stack) this.err(e.stack)
    if (this.printed || this.fatalReason !== undefined) return
    this.fatalReason = `fatal error: ${line}`
    // a running task ends as failed with this reason and its summary comes the usual way; if it
    // does not come (no task yet, or the session is stuck), it is printed from here and the run ends
    const ending = this.o.session()?.failTask(this.fatalReason) ?? false
    this.backstop = setTimeout(
      () => {
        if (this.printed) return
        this.print(this.failure(this.fatalReason!))
        ;(this.o.exit ?? ((c) => process.exit(c)))(1)
      },
      ending ? FATAL_GRACE_MS : 0,
    )
  }

  private failure(reason: string): SessionSummary {
    const t = this.o.session()?.link.current()
    return {
      outcome: 'failed',
      reason,
      text: this.o.task,
      ...(t ? { task: t } : {}),
      seconds: (Date.now() - this.o.t0) / 1000,
      actions: t?.actions ?? 0,
      skillFailures: t?.skillFailures ?? 0,
      mind: { kind: this.o.mind.kind, ...this.o.mind.stats() },
    }
  }
}

/**
 * One LynxMind session from start to end, shared by `mindbridge play` and
 * `mindbridge bot`: link + mind + task sources (command line, chat allow-list,
 * control API), live progress lines and a summary.
 */
import type { Body } from '../body/types.js'
import type { ContextBus } from '../../core/context-bus.js'
import { createLogger, type Logger } from '../../core/logger.js'
import type { Action } from '../../protocols/lynxmind.js'
import type { Mind, MindStats } from '../minds/types.js'
import { startControlServer, type ControlServer } from '../control/server.js'
import type { DashboardHub } from '../dashboard/hub.js'
import { dashboardUrl } from '../dashboard/index.js'
import { attachChatTasks } from '../tasks.js'
import { describeAction } from './lynxmind-actions.js'
import { reportDeaths } from './death-report.js'
import { LynxMindLink, type AgentChange, type ConnectionChange, type TaskRecord } from './lynxmind.js'

export interface SessionOptions {
  body: Body
  mind: Mind
  bus?: ContextBus
  logger?: Logger
  /** Run this task, then end the session (otherwise run until `signal` aborts). */
  task?: string
  /** Time limit for `task`, in seconds (0 = none); with `run` it also covers the wait for the mind. */
  timeoutSec?: number
  /** How long a task waits for a remote agent that left to connect again (default 30 s). */
  agentGraceSec?: number
  heartbeatMs?: number
  /** Players whose chat commands (`@<bot> …`) are obeyed. */
  allow?: string[]
  control?: {
    host?: string
    port: number
    token: string
    /** `--dashboard`: builds the dashboard the control server also serves (its URL is printed). */
    dashboard?: (link: LynxMindLink) => Promise<DashboardHub>
  }
  /** Progress lines (default: stdout). */
  out?: (line: string) => void
  /** Ends the session (Ctrl-C). */
  signal?: AbortSignal
  startTimeoutMs?: number
  /** How long a running task waits for a lost server (default 180 s; see LynxMindLinkOptions). */
  reconnectGraceMs?: number
  /**
   * A running action that has been quiet this long prints what its skill is doing now (the
   * skill's latest progress), and again at most this often while it runs (default 3000 ms).
   * Short actions print nothing more than their step and result lines.
   */
  progressGapMs?: number
}

export type Outcome = 'succeeded' | 'failed' | 'unverified' | 'timeout' | 'interrupted' | 'cancelled'

/** How `start` ended: the session opened, or Ctrl-C / the deadline came first. */
export type StartResult = 'open' | 'interrupted' | 'timeout'

export interface SessionSummary {
  outcome: Outcome
  reason: string
  /** The task's text (also when it never started because no mind answered). */
  text?: string
  task?: TaskRecord
  seconds: number
  actions: number
  skillFailures: number
  mind: MindStats & { kind: string }
}

export { describeAction }

/** One line: line breaks and runs of blanks become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[ \t]{2,}/g, ' ').trim()
}

/** `text` on one line, at most `max` characters, cut at a word boundary with an ellipsis. */
export function shorten(text: string, max: number): string {
  const t = oneLine(text)
  if (t.length <= max) return t
  const cut = t.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`
}

/**
 * Text from outside (a task from the control API or chat, a model's answer) made safe for a
 * terminal: control bytes (NUL, BEL, ESC …) are shown as escapes instead of acting.
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    if (c === '\n') return '\\n'
    if (c === '\r') return '\\r'
    if (c === '\t') return '\\t'
    return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`
  })
}

/** `1 step`, `2 steps` */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** The reason without a leading word that only repeats the outcome ("success: …" under SUCCEEDED). */
function withoutOutcomeWord(outcome: Outcome, reason: string): string {
  const same = outcome === 'succeeded' ? /^(success|succeeded|done)\s*[:,-]\s*/i : outcome === 'failed' ? /^(failed|failure)\s*[:,-]\s*/i : undefined
  return same ? reason.replace(same, '') : reason
}

/** For a collect that brought more than was asked: how many were asked and why more came. */
function collectedMore(action: Action, reason: string): string {
  if (action.type !== 'ACTION_COLLECT_BLOCK') return ''
  const m = /^collected (.+)$/.exec(reason)
  if (!m) return ''
  const got = [...m[1]!.matchAll(/(\d+) \S+/g)].reduce((n, x) => n + Number(x[1]), 0)
  const asked = action.needed_blocks.reduce((n, i) => n + i.count, 0)
  if (got <= asked) return ''
  return ` (${asked} asked; ${got - asked} more came along: everything that reaches the inventory while collecting counts, such as drops picked up on the way)`
}

/** `45 s`, `3 min`, `2.5 min` */
function formatSeconds(ms: number): string {
  const s = ms / 1000
  if (s < 120) return `${s < 10 ? Math.round(s * 10) / 10 : Math.round(s)} s`
  return `${Math.round(s / 6) / 10} min`
}

export function formatSummary(s: SessionSummary): string {
  const lines = [
    `── ${s.outcome.toUpperCase()} ${s.task || s.text ? `"${printable(s.task?.text ?? s.text ?? '')}"` : ''}`.trimEnd(),
    `   reason:         ${printable(oneLine(withoutOutcomeWord(s.outcome, s.reason)))}`,
    `   time:           ${s.seconds.toFixed(1)} s`,
    `   steps:          ${s.actions}`,
    `   skill failures: ${s.skillFailures}`,
  ]
  if (s.mind.kind === 'llm') {
    lines.push(`   model calls:    ${s.mind.calls} (${s.mind.failures} unusable or failed)`)
    lines.push(`   tokens:         ${s.mind.promptTokens} prompt + ${s.mind.completionTokens} completion`)
  } else if (s.mind.kind === 'remote') {
    lines.push(`   agent messages: ${s.mind.calls} (${s.mind.failures} rejected)`)
  }
  return lines.join('\n')
}

export class LynxSession {
  readonly link: LynxMindLink
  control: ControlServer | undefined
  private detachChat: (() => void) | undefined
  private detachProgress: (() => void) | undefined
  private readonly out: (line: string) => void
  private readonly t0 = Date.now()
  /** Tasks whose end a summary reports (runTask): their end line does not repeat the reason. */
  private readonly summarized = new Set<number>()
  /** Set once runTask has its result (the caller prints the summary): nothing more is printed until a new task. */
  private muted = false
  /** Set by failTask: the running task ends as failed, whatever the link says of it. */
  private failed = false

  private readonly detachDeaths: () => void

  constructor(private readonly opts: SessionOptions) {
    this.out = opts.out ?? ((l) => process.stdout.write(l + '\n'))
    this.link = new LynxMindLink({
      body: opts.body,
      mind: opts.mind,
      ...(opts.bus ? { bus: opts.bus } : {}),
      logger: opts.logger ?? createLogger('lynxmind'),
      ...(opts.heartbeatMs !== undefined ? { heartbeatMs: opts.heartbeatMs } : {}),
      ...(opts.startTimeoutMs !== undefined ? { startTimeoutMs: opts.startTimeoutMs } : {}),
      ...(opts.agentGraceSec !== undefined ? { agentGraceMs: opts.agentGraceSec * 1000 } : {}),
      ...(opts.reconnectGraceMs !== undefined ? { reconnectGraceMs: opts.reconnectGraceMs } : {}),
    })
    this.wireProgress()
    this.detachDeaths = reportDeaths(opts.body, (line) => this.out(`${this.stamp()} ${line}`))
  }

  private stamp(): string {
    return `[${((Date.now() - this.t0) / 1000).toFixed(1).padStart(6)}s]`
  }

  private wireProgress(): void {
    let step = 0
    const say = this.out
    // every line may carry text from outside (task text, chat, a mind's reason): no control bytes reach the terminal
    const out = (line: string) => {
      if (!this.muted) say(printable(line))
    }
    // what a long action is doing: the skill's latest progress, after `gap` of quiet, at most once per `gap`
    const gap = this.opts.progressGapMs ?? 3000
    let inAction = false
    let lastLine = 0
    let shown: string | undefined
    let pending: string | undefined
    let progressTimer: NodeJS.Timeout | undefined
    const stopProgress = () => {
      inAction = false
      pending = undefined
      if (progressTimer) clearTimeout(progressTimer)
      progressTimer = undefined
    }
    const flushProgress = () => {
      progressTimer = undefined
      if (!inAction || pending === undefined) return
      out(`${this.stamp()}   … ${shorten(pending, 200)}`)
      shown = pending
      pending = undefined
      lastLine = Date.now()
    }
    const onProgress = (_call: unknown, message: unknown) => {
      if (!inAction || typeof message !== 'string' || message === shown) return
      pending = message
      if (progressTimer) return
      const wait = lastLine + gap - Date.now()
      if (wait <= 0) flushProgress()
      else progressTimer = setTimeout(flushProgress, wait).unref()
    }
    this.opts.body.on('skill.progress', onProgress)
    this.detachProgress = () => {
      stopProgress()
      this.opts.body.off('skill.progress', onProgress)
    }
    this.link.on('action', ({ action, plans }: { action: Action; plans?: string }) => {
      step++
      out(`${this.stamp()} step ${step}: ${describeAction(action)}${plans ? `  — ${plans}` : ''}`)
      stopProgress()
      inAction = true
      shown = undefined
      lastLine = Date.now()
    })
    this.link.on('action.end', ({ action, ok, reason }: { action: Action; ok: boolean; reason: string }) => {
      stopProgress()
      // the "disconnected from the server" line already said why this action stopped
      if (!ok && this.link.serverLost && reason.includes('disconnected from the server')) return
      out(`${this.stamp()}   ${ok ? 'ok' : 'FAILED'}: ${shorten(reason, 300)}${ok ? collectedMore(action, reason) : ''}`)
    })
    this.link.on('task', (t: TaskRecord) => {
      if (t.status === 'running') {
        this.muted = false
        step = 0 // step numbers count within a task
        out(`${this.stamp()} task #${t.id} from ${t.source}: ${t.text}`)
        return
      }
      stopProgress()
      // a task whose end a summary reports: the summary right after says it (once)
      if (this.summarized.has(t.id)) return
      out(`${this.stamp()} task #${t.id} ${t.status}${t.reason ? `: ${oneLine(t.reason)}` : ''}`)
    })
    this.link.on('say', (m: string) => out(`${this.stamp()} (chat) ${m}`))
    this.link.on('connection', (c: ConnectionChange) => {
      if (c.state === 'lost') {
        const wait = c.graceMs > 0 ? `waiting up to ${formatSeconds(c.graceMs)} for it to come back` : 'not waiting (no grace period)'
        out(`${this.stamp()} disconnected from the server (${oneLine(c.reason)}); ${c.task ? `${wait}, then task #${c.task.id} resumes` : 'reconnecting'}`)
      } else {
        out(`${this.stamp()} reconnected to the server after ${formatSeconds(c.downMs)}${c.task ? `; task #${c.task.id} resumes from what the bot has now` : ''}`)
      }
    })
    const agent = `the ${this.opts.mind.kind} agent`
    this.link.on('agent', (c: AgentChange) => {
      if (c.state === 'connected') {
        const carry = c.again && c.task ? `; it gets task #${c.task.id} and a fresh status` : ''
        out(`${this.stamp()} ${agent} ${c.again ? 'connected again' : 'connected'}${carry}`)
      } else if (!c.task) {
        out(`${this.stamp()} ${agent} disconnected`)
      } else if (c.waitMs === undefined) {
        out(`${this.stamp()} ${agent} disconnected; the body stopped; task #${c.task.id}'s goal is met`)
      } else {
        out(`${this.stamp()} ${agent} disconnected; the body stopped; task #${c.task.id} waits ${c.waitMs / 1000} s for an agent to connect again`)
      }
    })
  }

  /**
   * Opens the session and the task sources. Resolves 'interrupted' when `signal`
   * aborts and 'timeout' when `deadline` (epoch ms) passes before the mind answers.
   */
  async start(deadline?: number): Promise<StartResult> {
    const { opts } = this
    this.out(`${this.stamp()} waiting for the ${opts.mind.kind} mind to answer EVENT_AI_START…`)
    const opening = this.link.start().then((): StartResult => 'open')
    // close() rejects a start still waiting; that is the expected end of a session that never opened
    opening.catch(() => {})
    let timer: NodeJS.Timeout | undefined
    let onAbort: (() => void) | undefined
    const ended = new Promise<StartResult>((resolve) => {
      onAbort = () => resolve('interrupted')
      if (opts.signal?.aborted) return onAbort()
      opts.signal?.addEventListener('abort', onAbort, { once: true })
      if (deadline !== undefined) timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))
    })
    let result: StartResult
    try {
      result = await Promise.race([opening, ended])
    } finally {
      if (timer) clearTimeout(timer)
      if (onAbort) opts.signal?.removeEventListener('abort', onAbort)
    }
    if (result !== 'open') return result
    this.out(`${this.stamp()} session open (${opts.mind.kind} mind)`)
    if (opts.allow?.length) {
      this.detachChat = attachChatTasks({ body: opts.body, link: this.link, allow: opts.allow, ...(opts.logger ? { logger: opts.logger } : {}) })
      this.out(`${this.stamp()} chat tasks from: ${opts.allow.join(', ')} (say "@${opts.body.username} <task>" or "@${opts.body.username} stop")`)
    }
    if (opts.control) {
      const dashboard = await opts.control.dashboard?.(this.link)
      this.control = await startControlServer({
        link: this.link,
        ...(dashboard ? { dashboard } : {}),
        ...(opts.bus ? { bus: opts.bus } : {}),
        token: opts.control.token,
        port: opts.control.port,
        ...(opts.control.host ? { host: opts.control.host } : {}),
        ...(opts.logger ? { logger: opts.logger } : {}),
      })
      this.out(`${this.stamp()} control API on ${this.control.url} (Authorization: Bearer <token>)`)
      if (dashboard) this.out(`${this.stamp()} dashboard: ${dashboardUrl(this.control.url, opts.control.token)}`)
    }
    return 'open'
  }

  /**
   * Opens the session and runs one task to its end. `timeoutSec` counts from
   * here, so it also bounds the wait for the mind (a remote agent that never comes).
   */
  async run(text: string, source = 'cli'): Promise<SessionSummary> {
    const started = Date.now()
    const timeoutSec = this.opts.timeoutSec ?? 0
    const deadline = timeoutSec > 0 ? started + timeoutSec * 1000 : undefined
    const opened = await this.start(deadline)
    if (opened === 'open') return this.runTask(text, source, { deadline, started })
    const waiting = `waiting for the ${this.opts.mind.kind} mind to answer EVENT_AI_START`
    return {
      outcome: opened,
      reason: opened === 'timeout' ? `timed out after ${timeoutSec} s ${waiting}` : `interrupted while ${waiting}`,
      text,
      seconds: (Date.now() - started) / 1000,
      actions: 0,
      skillFailures: 0,
      mind: { kind: this.opts.mind.kind, ...this.opts.mind.stats() },
    }
  }

  /**
   * Runs one task to its end (success, failure, timeout or interruption) on an
   * open session. The time limit is `timeoutSec` from now unless `at.deadline` is given.
   */
  async runTask(text: string, source = 'cli', at: { deadline?: number | undefined; started?: number } = {}): Promise<SessionSummary> {
    const { opts } = this
    const started = at.started ?? Date.now()
    const rec = this.link.createTask(text, source)
    this.summarized.add(rec.id)
    this.failed = false
    let outcome: Outcome | undefined
    let timer: NodeJS.Timeout | undefined
    const timeoutSec = opts.timeoutSec ?? 0
    const deadline = at.deadline ?? (timeoutSec > 0 ? Date.now() + timeoutSec * 1000 : undefined)
    if (deadline !== undefined) {
      timer = setTimeout(() => {
        outcome = 'timeout'
        void this.link.cancelTask(`timed out after ${timeoutSec} s`)
      }, Math.max(0, deadline - Date.now()))
    }
    const onAbort = () => {
      outcome ??= 'interrupted'
      void this.link.cancelTask('interrupted')
    }
    opts.signal?.addEventListener('abort', onAbort, { once: true })
    if (opts.signal?.aborted) onAbort()
    const done = await this.link.waitTask(rec.id)
    this.muted = true
    if (timer) clearTimeout(timer)
    opts.signal?.removeEventListener('abort', onAbort)
    const final: Outcome = outcome ?? (this.failed || done.status === 'running' ? 'failed' : done.status)
    return {
      outcome: final,
      reason: done.reason ?? '',
      text: done.text,
      task: done,
      seconds: (Date.now() - started) / 1000,
      actions: done.actions,
      skillFailures: done.skillFailures,
      mind: { kind: opts.mind.kind, ...opts.mind.stats() },
    }
  }

  /**
   * Ends the running task as failed with `reason` (something around it broke, e.g. a fatal error
   * in the process); runTask then returns its summary. False when no task is running.
   */
  failTask(reason: string): boolean {
    if (!this.link.current()) return false
    this.failed = true
    void this.link.cancelTask(reason)
    return true
  }

  /** Serves chat / control tasks until `signal` aborts. */
  async serve(): Promise<void> {
    const signal = this.opts.signal
    if (!signal) throw new Error('serve() needs a signal to end')
    if (signal.aborted) return
    await new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }))
  }

  async close(): Promise<void> {
    this.detachDeaths()
    this.detachChat?.()
    this.detachProgress?.()
    await this.control?.close().catch(() => {})
    await this.link.close()
  }
}

/**
 * The body's single action slot (Mindcraft style): one skill at a time; a new
 * call interrupts the running one; every skill is cancellable, time-limited,
 * reports progress and ends exactly once with `{ ok, reason }`.
 *
 * Two doors for reflexes, which stay apart from any mind:
 * - a hold (`hold(call)`): a reflex's skill that other calls do not interrupt; they wait for it
 *   to end and then start (the night shelter: a mind's next action runs at dawn). A caller's
 *   own cancel still ends its waiting call, and `abortCurrent` (the body's stop) ends the hold; a
 *   hold may name the calls it yields to (`yieldTo`): those interrupt it like any skill (the night
 *   shelter yields to an armed hunt of monsters, which come only in the dark); a skill that only
 *   reads the world (`readsOnly`: the scans) runs beside a hold, neither waiting nor interrupting;
 * - gap hooks (`addGapHook`): short work done between two skills, before the next one starts
 *   (the eat reflex eats there instead of interrupting a dig).
 */
import type { Bot } from 'mineflayer'
import type { Logger } from '../../core/logger.js'
import type { Activity, BodyStatus, RunOptions, SkillCall, SkillResult } from './types.js'
import type { Registry } from './items.js'
import type { BusLike } from './bus.js'
import type { BlockKnowledge } from './senses/known-blocks.js'
import { parseSkillCall } from './schema.js'
import { closeStrayWindow } from './stray-window.js'
import { SkillAborted, SkillError, errorMessage, type SkillContext, type SkillDef } from './skills/context.js'

export interface SlotHost {
  bot(): Bot | null
  ready(): boolean
  registry(): Registry
  /** What the bot knows of the blocks around it (senses/known-blocks.ts). */
  knowledge(): BlockKnowledge
  counts(): Record<string, number>
  emit(event: string, ...args: unknown[]): void
  bus: BusLike
  log: Logger
  /** Stops every movement/dig/attack of the bot after a skill ends. */
  halt(bot: Bot): void
}

interface Running {
  call: SkillCall
  def: SkillDef
  controller: AbortController
  done: Promise<SkillResult>
  startedAt: number
  lastProgressAt: number
  /** The last real progress the watchdog saw (a step, an item, a dug block), and the longest stretch without one. */
  lastRealAt: number
  longestStallMs: number
  activity: Activity
  progress?: string
  fraction?: number
  /** Inventory when the skill started, for `gained`. */
  before: Record<string, number> | null
  /** A reflex's hold: other calls wait instead of interrupting it. */
  held: boolean
  /** The calls a hold lets interrupt it. */
  yieldTo?: (next: SkillCall) => boolean
}

export interface HoldOptions extends RunOptions {
  /** Calls that interrupt the hold instead of waiting for it to end. */
  yieldTo?: (next: SkillCall) => boolean
}

/** Work between two skills; `next` is the skill about to start, `held` true when it is a reflex's hold (a fight, a flight). */
export type GapHook = (next: SkillCall, held: boolean) => Promise<void>

/** The most a gap hook may hold up the next skill. */
const GAP_HOOK_LIMIT_MS = 6000

const INTERRUPT_GRACE_MS = 5000

export class ActionSlot {
  private running: Running | null = null
  /** Serialises starts so two quick calls cannot both run. */
  private queue: Promise<unknown> = Promise.resolve()
  private readonly gapHooks = new Map<GapHook, number>()

  constructor(
    private readonly host: SlotHost,
    private readonly skills: ReadonlyMap<string, SkillDef>,
  ) {}

  current(): Readonly<Running> | null {
    return this.running
  }

  activity(): Activity {
    return this.running?.activity ?? { kind: 'idle' }
  }

  /** The running skill for the status snapshot. */
  action(): BodyStatus['action'] {
    const r = this.running
    if (!r) return null
    return { skill: r.call.skill, startedAt: r.startedAt, ...(r.progress !== undefined ? { progress: r.progress } : {}), ...(r.fraction !== undefined ? { fraction: r.fraction } : {}) }
  }

  /** Real progress (the watchdog saw the bot move, an item change or a block dug). */
  markProgress(): void {
    const r = this.running
    if (!r) return
    const now = Date.now()
    r.lastProgressAt = now
    r.longestStallMs = Math.max(r.longestStallMs, now - r.lastRealAt)
    r.lastRealAt = now
  }

  /** Aborts the running skill (if any) with `reason` and waits (bounded) for it to end. */
  async abortCurrent(reason: string): Promise<void> {
    const r = this.running
    if (!r) return
    r.controller.abort(new SkillAborted(reason))
    await Promise.race([r.done.catch(() => undefined), new Promise((res) => setTimeout(res, INTERRUPT_GRACE_MS).unref())])
  }

  /**
   * Adds work to do between two skills (see the file comment); returns its removal. `limitMs` bounds
   * how long it may hold up the next skill (default GAP_HOOK_LIMIT_MS; the mend reflex waits longer).
   */
  addGapHook(hook: GapHook, limitMs = GAP_HOOK_LIMIT_MS): () => void {
    this.gapHooks.set(hook, limitMs)
    return () => this.gapHooks.delete(hook)
  }

  run(input: SkillCall, opts: RunOptions = {}): Promise<SkillResult> {
    return this.enqueue(input, opts, false)
  }

  /** Runs a reflex's skill that other calls wait for instead of interrupting (see the file comment). */
  hold(input: SkillCall, opts: HoldOptions = {}): Promise<SkillResult> {
    return this.enqueue(input, opts, true)
  }

  private enqueue(input: SkillCall, opts: HoldOptions, held: boolean): Promise<SkillResult> {
    const parsed = parseSkillCall(input)
    const name = typeof (input as { skill?: unknown })?.skill === 'string' ? (input as { skill: string }).skill : 'unknown'
    if (!parsed.ok) return Promise.resolve(this.finishEarly(input, name, parsed.reason))
    const call = parsed.call
    // a read moves nothing: the night shelter holds the bot, not the mind's view of the world
    const readBesideHold = () => !held && this.running?.held === true && this.skills.get(call.skill)?.readsOnly === true
    if (readBesideHold()) return this.start(call, opts, false, true).done
    const start = this.queue.then(async (): Promise<Running | SkillResult> => {
      // a read queued while a hold was starting runs beside it too, or it would keep every later call queued behind it
      if (readBesideHold()) return this.start(call, opts, false, true)
      while (!held && this.running?.held && !this.running.yieldTo?.(call)) {
        const why = await this.waitOut(this.running, opts.signal)
        if (why !== null) return this.finishEarly(call, call.skill, why)
      }
      if (this.running) await this.abortCurrent(`cancelled: interrupted by ${call.skill}`)
      await this.runGapHooks(call, held)
      if (opts.signal?.aborted) return this.finishEarly(call, call.skill, `cancelled: ${reasonText(opts.signal.reason) ?? 'stopped by caller'}`)
      return this.start(call, opts, held)
    })
    this.queue = start.catch(() => undefined)
    return start.then((r) => (isRunning(r) ? r.done : r))
  }

  /** Waits for a held skill to end; null when it did, the reason when the caller cancelled first. */
  private waitOut(r: Running, signal: AbortSignal | undefined): Promise<string | null> {
    return new Promise((resolve) => {
      const cancelled = () => `cancelled: ${reasonText(signal?.reason) ?? 'stopped by caller'} (while waiting for ${r.call.skill})`
      if (signal?.aborted) return resolve(cancelled())
      const onAbort = () => resolve(cancelled())
      signal?.addEventListener('abort', onAbort, { once: true })
      void r.done
        .catch(() => undefined)
        .then(() => {
          signal?.removeEventListener('abort', onAbort)
          resolve(null)
        })
    })
  }

  private async runGapHooks(next: SkillCall, held: boolean): Promise<void> {
    for (const [hook, limitMs] of [...this.gapHooks]) {
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([hook(next, held), new Promise<void>((res) => (timer = setTimeout(res, limitMs)))])
      } catch (err) {
        this.host.log.debug('gap hook failed', { err: errorMessage(err) })
      } finally {
        clearTimeout(timer)
      }
    }
  }

  /** A call that never started still emits start/end, so listeners see exactly one end per start. */
  private finishEarly(call: unknown, name: string, reason: string): SkillResult {
    const result: SkillResult = { ok: false, reason }
    this.host.emit('skill.start', call)
    this.report(call as SkillCall, name, result)
    return result
  }

  private report(call: SkillCall, name: string, result: SkillResult): void {
    this.host.emit('skill.end', call, result)
    try {
      this.host.bus.pushEvent('skill.end', `${name}:${result.ok ? 'success' : 'failed'}`)
      if (!result.ok) this.host.bus.pushEvent('skill.fail', `${name}:${result.reason}`)
    } catch (err) {
      this.host.log.warn('context bus push failed', { err: errorMessage(err) })
    }
  }

  /** `aside`: a read beside a hold (see the file comment); it does not take the slot, close windows or halt the bot. */
  private start(call: SkillCall, opts: HoldOptions, held = false, aside = false): Running {
    const def = this.skills.get(call.skill)!
    const controller = new AbortController()
    const timeoutMs = opts.timeoutMs && opts.timeoutMs > 0 ? opts.timeoutMs : (def.timeoutFor?.(call) ?? def.timeoutMs)
    const timer = setTimeout(
      () => controller.abort(new SkillAborted(`timeout: ${call.skill} did not finish within ${Math.round(timeoutMs / 1000)}s`)),
      timeoutMs,
    )
    const onCallerAbort = () => controller.abort(new SkillAborted(`cancelled: ${reasonText(opts.signal?.reason) ?? 'stopped by caller'}`))
    if (opts.signal?.aborted) onCallerAbort()
    else opts.signal?.addEventListener('abort', onCallerAbort, { once: true })

    const now = Date.now()
    const running: Running = { call, def, controller, done: Promise.resolve({ ok: false, reason: '' }), startedAt: now, lastProgressAt: now, lastRealAt: now, longestStallMs: 0, activity: { kind: 'idle' }, before: this.host.ready() ? this.host.counts() : null, held, ...(held && opts.yieldTo ? { yieldTo: opts.yieldTo } : {}) }
    if (!aside) this.running = running
    this.host.emit('skill.start', call)

    const bot = this.host.bot()
    const ctx: SkillContext | null = bot
      ? {
          bot,
          registry: this.host.registry(),
          signal: controller.signal,
          log: this.host.log.child(call.skill),
          progress: (message, fraction) => {
            running.lastProgressAt = Date.now()
            running.progress = message
            running.fraction = fraction
            this.host.emit('skill.progress', call, message, fraction)
          },
          setActivity: (activity) => {
            running.activity = activity
          },
          counts: () => this.host.counts(),
          knowledge: this.host.knowledge(),
          deadline: now + timeoutMs,
        }
      : null

    const aborted = new Promise<SkillResult>((resolve) => {
      const onAbort = () => resolve({ ok: false, reason: reasonText(controller.signal.reason) ?? 'cancelled' })
      if (controller.signal.aborted) onAbort()
      else controller.signal.addEventListener('abort', onAbort, { once: true })
    })

    // no skill starts with a window open: an open that finished after its skill ended would take this one's clicks
    if (ctx && !aside) closeStrayWindow(ctx.bot)
    const work: Promise<SkillResult> =
      !ctx || !this.host.ready()
        ? Promise.resolve({ ok: false, reason: 'not connected to the server (the body is reconnecting); try again shortly' })
        : def.run(ctx, call).then(
            (r) => r,
            (err: unknown): SkillResult => {
              if (err instanceof SkillAborted || controller.signal.aborted) return { ok: false, reason: reasonText(controller.signal.reason) ?? errorMessage(err) }
              if (err instanceof SkillError) return { ok: false, reason: err.message, ...err.extra }
              this.host.log.warn('skill threw', { skill: call.skill, err: errorMessage(err) })
              return { ok: false, reason: `${call.skill} failed: ${errorMessage(err)}` }
            },
          )

    running.done = Promise.race([work, aborted]).then((raw) => {
      clearTimeout(timer)
      const result = running.before && this.host.ready() ? { ...raw, gained: inventoryDelta(running.before, this.host.counts()) } : raw
      opts.signal?.removeEventListener('abort', onCallerAbort)
      if (!controller.signal.aborted) controller.abort(new SkillAborted('finished'))
      if (this.running === running) this.running = null
      if (def.watchdog !== false && !aside) {
        // the bench's "no step spends more than 60 s without progress" reads this line (--set log.format=json)
        const end = Date.now()
        this.host.log.info('skill progress gaps', { skill: call.skill, ms: end - running.startedAt, longestStallMs: Math.max(running.longestStallMs, end - running.lastRealAt) })
      }
      const b = aside ? null : this.host.bot()
      if (b) {
        try {
          this.host.halt(b)
        } catch {
          /* the bot may be gone */
        }
      }
      this.report(call, call.skill, result)
      return result
    })
    return running
  }
}

function isRunning(r: Running | SkillResult): r is Running {
  return (r as Running).controller instanceof AbortController
}

function reasonText(r: unknown): string | undefined {
  if (r instanceof Error) return r.message
  if (typeof r === 'string' && r) return r
  return undefined
}

/** after − before, by item; only the items that changed. */
export function inventoryDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const d = (after[k] ?? 0) - (before[k] ?? 0)
    if (d !== 0) out[k] = d
  }
  return out
}

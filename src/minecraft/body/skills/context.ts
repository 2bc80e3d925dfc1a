/** What every skill receives, and the small error types skills end with. */
import type { Bot } from 'mineflayer'
import type { Logger } from '../../../core/logger.js'
import type { Activity, SkillCall, SkillResult } from '../types.js'
import type { Registry } from '../items.js'
import type { BlockKnowledge } from '../senses/known-blocks.js'

export interface SkillContext {
  bot: Bot
  registry: Registry
  signal: AbortSignal
  log: Logger
  /** Progress for 'skill.progress' and the watchdog. */
  progress(message: string, fraction?: number): void
  /** What the skill is doing now (shown in the body's status). */
  setActivity(activity: Activity): void
  /** Inventory counts by namespaced id. */
  counts(): Record<string, number>
  /** The blocks the bot may target (fair play unless the body was made with `xray`). */
  knowledge: BlockKnowledge
  /** When the slot's time limit ends the skill (epoch ms): searches stop in time to say why. */
  deadline: number
}

export interface SkillDef<C extends SkillCall = SkillCall> {
  name: C['skill']
  /** Sane default time limit; RunOptions.timeoutMs overrides it. */
  timeoutMs: number
  /** Skills that legitimately stand still (wait, follow) opt out of the no-progress watchdog. */
  watchdog?: boolean
  /**
   * Reads the world and changes nothing (scans): runs beside a reflex's hold instead of waiting
   * for it to end (a scan moves nothing, so the night shelter need not hold it until dawn).
   */
  readsOnly?: boolean
  /** A call-dependent time limit (e.g. per item to collect); wins over timeoutMs. */
  timeoutFor?(call: C): number
  run(ctx: SkillContext, call: C): Promise<SkillResult>
}

/** A failure whose message is already written for the model. */
export class SkillError extends Error {
  constructor(
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'SkillError'
  }
}

/** Thrown by checkpoints once the slot's signal fired; the slot turns it into "cancelled: …"/"timeout: …". */
export class SkillAborted extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'SkillAborted'
  }
}

export function abortReason(signal: AbortSignal): string {
  const r: unknown = signal.reason
  if (r instanceof Error) return r.message
  return typeof r === 'string' && r ? r : 'cancelled'
}

export function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new SkillAborted(abortReason(signal))
}

/** Sleeps, waking early (with SkillAborted) on abort. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new SkillAborted(abortReason(signal)))
    const onAbort = () => {
      clearTimeout(t)
      reject(new SkillAborted(abortReason(signal!)))
    }
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Waits until `emitter` emits `event` with arguments that satisfy `match`, or `ms` pass.
 * Resolves true on the event, false on the bound; rejects with SkillAborted on abort.
 */
export function eventWithin(
  emitter: { on(e: string, f: (...a: never[]) => void): unknown; removeListener(e: string, f: (...a: never[]) => void): unknown },
  event: string,
  match: (...args: never[]) => boolean,
  ms: number,
  signal?: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new SkillAborted(abortReason(signal)))
    const done = (v: boolean | Error) => {
      clearTimeout(t)
      emitter.removeListener(event, onEvent)
      signal?.removeEventListener('abort', onAbort)
      if (v instanceof Error) reject(v)
      else resolve(v)
    }
    const onEvent = (...args: never[]) => {
      if (match(...args)) done(true)
    }
    const onAbort = () => done(new SkillAborted(abortReason(signal!)))
    const t = setTimeout(() => done(false), ms)
    emitter.on(event, onEvent)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** Runs a promise but rejects as soon as the signal aborts (the promise keeps running; callers stop it). */
export function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new SkillAborted(abortReason(signal)))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SkillAborted(abortReason(signal)))
    signal.addEventListener('abort', onAbort, { once: true })
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(e)
      },
    )
  })
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

export function ok(reason: string, extra: Record<string, unknown> = {}): SkillResult {
  return { ok: true, reason, ...extra }
}

export function fail(reason: string, extra: Record<string, unknown> = {}): SkillResult {
  return { ok: false, reason, ...extra }
}

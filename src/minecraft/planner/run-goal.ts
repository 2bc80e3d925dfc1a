/**
 * The executor (./executor.ts) driving a body directly: observe, decide, run the step as a
 * skill, report, until the goal is held or fails. Used by the links that run skills
 * themselves (the brain file's CRAFT/COLLECT tasks, the MaiCore primitives); the LynxMind
 * builtin mind drives the same executor through protocol events instead.
 */
import type { Body, SkillResult } from '../body/types.js'
import { describeStep, type PlanStep } from './plan.js'
import { PlanExecutor, isInterruption, type ExecutorGoal } from './executor.js'
import { stepCall } from './step-calls.js'

export interface RunGoalOptions {
  signal: AbortSignal
  version?: string
  /** Each step as it starts, and each executor note (re-plans, deaths). */
  onProgress?: (line: string) => void
  /** Step kinds this caller allows (default all); e.g. MaiCore's craftItem crafts and smelts only. */
  canRun?: (step: PlanStep) => string | null
  maxActions?: number
}

export interface RunGoalResult {
  ok: boolean
  reason: string
  /** The steps that succeeded, described. */
  done: string[]
  /** Skill calls that failed. */
  failures: number
}


export async function runGoal(body: Body, goal: ExecutorGoal, opts: RunGoalOptions): Promise<RunGoalResult> {
  const version = opts.version ?? body.version
  const ex = new PlanExecutor(goal, {
    ...(version ? { version } : {}),
    ...(opts.maxActions ? { maxActions: opts.maxActions } : {}),
    ...(opts.canRun ? { canRun: opts.canRun } : {}),
    onNote: (line) => opts.onProgress?.(line),
  })
  const done: string[] = []
  let failures = 0
  const onDeath = (cause?: unknown) => ex.died(typeof cause === 'string' && cause ? cause : 'cause unknown')
  body.on('death', onDeath)
  try {
    for (;;) {
      if (opts.signal.aborted) return { ok: false, reason: `cancelled: ${abortText(opts.signal)}`, done, failures }
      const inventory = body.inventoryCounts()
      const s = body.surroundings?.()
      const d = ex.next({ inventory, ...(s ? { world: { knownBlocks: s.blocks, nearbyEntities: s.entities, night: s.night } } : {}) })
      if (d.kind === 'done') return { ok: true, reason: d.reason, done, failures }
      if (d.kind === 'failed') return { ok: false, reason: done.length ? `${d.reason} (done so far: ${done.join(', ')})` : d.reason, done, failures }
      opts.onProgress?.(d.note)
      let r: SkillResult
      try {
        r =
          d.kind === 'explore'
            ? await body.run({ skill: 'explore', distance: d.distance, direction: d.direction }, { signal: opts.signal })
            : await body.run(stepCall(d.step, inventory), { signal: opts.signal })
      } catch (err) {
        r = { ok: false, reason: `skill crashed: ${err instanceof Error ? err.message : String(err)}` }
      }
      if (d.kind !== 'step') continue
      const interrupted = !r.ok && isInterruption(r.reason)
      ex.report({ ok: r.ok, reason: r.reason, interrupted })
      if (r.ok) done.push(describeStep(d.step))
      else if (!interrupted) failures++
    }
  } finally {
    body.off('death', onDeath)
  }
}

function abortText(s: AbortSignal): string {
  const r: unknown = s.reason
  return r instanceof Error ? r.message : typeof r === 'string' ? r : 'cancelled'
}

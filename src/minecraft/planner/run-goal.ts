/**
 * The executor (./executor.ts) driving a body directly: observe, decide, run the step as a
 * skill, report, until the goal is held or fails. Used by the links that run skills
 * themselves (the brain file's CRAFT/COLLECT tasks, the MaiCore primitives); the LynxMind
 * builtin mind drives the same executor through protocol events instead.
 */
import type { Body, SkillResult } from '../body/types.js'
import { bareName, countByKey } from '../names.js'
import type { DeathSpot, Recovery } from './death-recovery.js'
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
  let dead = false
  let deathSpot: DeathSpot | undefined
  // the running step, ended by a death: the bot respawns elsewhere with nothing, so its step is stale
  let stepControl: AbortController | undefined
  const onDeath = (cause?: unknown, spot?: unknown) => {
    dead = true
    deathSpot = asDeathSpot(spot)
    ex.died(typeof cause === 'string' && cause ? cause : 'cause unknown', deathSpot, body.inventoryCounts())
    stepControl?.abort('interrupted by a death')
  }
  const onRespawn = () => {
    dead = false
  }
  body.on('death', onDeath)
  body.on('respawn', onRespawn)
  try {
    for (;;) {
      if (opts.signal.aborted) return { ok: false, reason: `cancelled: ${abortText(opts.signal)}`, done, failures }
      // a step cut short by a death: what is left (and where the bot is) is seen after the respawn
      if (dead) await respawned(body, opts.signal)
      if (deathSpot) await movedFrom(body, deathSpot, opts.signal)
      deathSpot = undefined
      const inventory = body.inventoryCounts()
      const s = body.surroundings?.()
      const position = body.ready ? body.status().position : undefined
      const d = ex.next({ inventory, ...(s ? { world: { knownBlocks: s.blocks, nearbyEntities: s.entities, night: s.night } } : {}), ...(position ? { position } : {}) })
      if (d.kind === 'done') return { ok: true, reason: d.reason, done, failures }
      if (d.kind === 'failed') return { ok: false, reason: done.length ? `${d.reason} (done so far: ${done.join(', ')})` : d.reason, done, failures }
      opts.onProgress?.(d.note)
      if (d.kind === 'recover') {
        opts.onProgress?.(await recoverDrops(body, d, opts.signal))
        continue
      }
      let r: SkillResult
      stepControl = new AbortController()
      const signal = AbortSignal.any([opts.signal, stepControl.signal])
      try {
        r =
          d.kind === 'explore'
            ? await body.run({ skill: 'explore', distance: d.distance, direction: d.direction }, { signal })
            : await body.run(stepCall(d.step, inventory), { signal })
      } catch (err) {
        r = { ok: false, reason: `skill crashed: ${err instanceof Error ? err.message : String(err)}` }
      } finally {
        stepControl = undefined
      }
      if (d.kind !== 'step') continue
      const interrupted = !r.ok && isInterruption(r.reason)
      ex.report({ ok: r.ok, reason: r.reason, interrupted })
      if (r.ok) done.push(describeStep(d.step))
      else if (!interrupted) failures++
    }
  } finally {
    body.off('death', onDeath)
    body.off('respawn', onRespawn)
  }
}

function asDeathSpot(v: unknown): DeathSpot | undefined {
  if (!v || typeof v !== 'object') return undefined
  const o = v as Record<string, unknown>
  if (![o.x, o.y, o.z].every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined
  return { x: o.x as number, y: o.y as number, z: o.z as number, ...(typeof o.hazard === 'string' ? { hazard: o.hazard } : {}) }
}

/** Waits for the body's respawn (or its next ready state); gives up quietly after a while, or on abort. */
async function respawned(body: Body, signal: AbortSignal): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t)
      body.off('respawn', done)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const t = setTimeout(done, 30_000)
    body.on('respawn', done)
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * After a respawn the body may still show the death position for a moment (the server's position
 * packet comes after the respawn): waits until it shows another, for up to 3 s (a bot that died at
 * its spawn point respawns where it died).
 */
async function movedFrom(body: Body, spot: DeathSpot, signal: AbortSignal): Promise<void> {
  const away = () => {
    const p = body.status().position
    return Math.hypot(p.x - spot.x, p.y - spot.y, p.z - spot.z) > 1
  }
  for (let i = 0; i < 30 && !away() && !signal.aborted; i++) await new Promise((r) => setTimeout(r, 100))
}

/**
 * Walks back to where the bot died and picks up what lies there: the world hands over items within
 * 2 blocks as the bot arrives; whatever was scattered farther is picked up by kind. Says what came back.
 */
async function recoverDrops(body: Body, d: Recovery, signal: AbortSignal): Promise<string> {
  const before = countByKey(body.inventoryCounts())
  const moved = await body.run({ skill: 'moveTo', x: d.at.x, y: d.at.y, z: d.at.z, range: 1 }, { signal }).catch((err: unknown) => ({ ok: false, reason: String(err) }))
  for (const item of Object.keys(d.items)) {
    if (signal.aborted) break
    const got = (countByKey(body.inventoryCounts()).get(item) ?? 0) - (before.get(item) ?? 0)
    if (got >= (d.items[item] ?? 0)) continue
    await body.run({ skill: 'pickUp', item, radius: 8 }, { signal }).catch(() => undefined)
  }
  const now = countByKey(body.inventoryCounts())
  const back = Object.entries(d.items)
    .map(([k, n]) => [k, Math.min(n, Math.max(0, (now.get(k) ?? 0) - (before.get(k) ?? 0)))] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${bareName(k)}`)
  const how = moved.ok ? '' : ` (the way there: ${moved.reason})`
  return `back at the death spot: picked up ${back.length ? back.join(', ') : 'nothing'}${how}; re-planning`
}

function abortText(s: AbortSignal): string {
  const r: unknown = s.reason
  return r instanceof Error ? r.message : typeof r === 'string' ? r : 'cancelled'
}

/**
 * Pure damage-kind inference (seed context-bus.md "伤害类型推断"):
 * combat > explosion > fire > drown > fall > hunger > other, with the seed's windows.
 */
export type HurtKind = 'combat' | 'explosion' | 'fire' | 'drown' | 'fall' | 'hunger' | 'other'

export const COMBAT_WINDOW_MS = 1500
export const EXPLOSION_WINDOW_MS = 1500
export const FALL_WINDOW_MS = 1200
export const FALL_MIN_BLOCKS = 3
export const HEAL_MIN = 0.5
export const LOW_HEALTH = 6
export const LOW_HEALTH_INTERVAL_MS = 30_000

export interface HurtEvidence {
  now: number
  /** Last player or mob seen hitting us (swing/hurt cue), with its time. */
  lastAttacker?: { name: string; at: number }
  lastExplosionAt?: number
  onFire: boolean
  headInWater: boolean
  /** Last landing, with the height fallen. */
  lastLanding?: { blocks: number; at: number }
  food: number
}

export function inferHurtKind(e: HurtEvidence): { kind: HurtKind; attacker?: string } {
  const within = (at: number | undefined, ms: number) => at !== undefined && e.now - at >= 0 && e.now - at <= ms
  if (e.lastAttacker && within(e.lastAttacker.at, COMBAT_WINDOW_MS)) return { kind: 'combat', attacker: e.lastAttacker.name }
  if (within(e.lastExplosionAt, EXPLOSION_WINDOW_MS)) return { kind: 'explosion' }
  if (e.onFire) return { kind: 'fire' }
  if (e.headInWater) return { kind: 'drown' }
  if (e.lastLanding && e.lastLanding.blocks >= FALL_MIN_BLOCKS && within(e.lastLanding.at, FALL_WINDOW_MS)) return { kind: 'fall' }
  if (e.food <= 0) return { kind: 'hunger' }
  return { kind: 'other' }
}

/** How recent a monster's hit must be to be blamed for a death, and a hurt of a known kind. */
export const DEATH_ATTACKER_MS = 3000
export const DEATH_HURT_MS = 10_000

/**
 * A death's cause in words, for the logs and the planner's re-plan note. An explosion within its
 * window and no older than the last attacker's hit killed the bot, even with a mob still swinging
 * at it: a bench run said "killed by spider" where the server said "blown up by Creeper" (the
 * hurt kinds' combat-first order is for hurts, not for the blow that ended them). `by` is what the
 * bus's `death` event names (`by:<mob>` or `by:explosion`), so the bus and the log never disagree.
 */
export type DeathCause = { words: string; by?: string }

export function deathCause(e: { now: number; lastAttacker?: { name: string; at: number }; lastExplosionAt?: number; lastHurt?: { kind: string; at: number } }): DeathCause {
  const ago = (at: number | undefined) => (at === undefined ? Infinity : e.now - at)
  const attacker = e.lastAttacker && ago(e.lastAttacker.at) < DEATH_ATTACKER_MS ? e.lastAttacker : undefined
  const exploded = ago(e.lastExplosionAt) <= EXPLOSION_WINDOW_MS
  if (exploded && (!attacker || e.lastExplosionAt! >= attacker.at)) return { words: 'hurt by explosion', by: 'explosion' }
  if (attacker) return { words: `killed by ${attacker.name}`, by: attacker.name }
  if (e.lastHurt && ago(e.lastHurt.at) < DEATH_HURT_MS) return { words: `hurt by ${e.lastHurt.kind}` }
  return { words: 'cause unknown' }
}

/** Rounds to 0.1 and prints without trailing zeros: -2 → "-2", -1.25 → "-1.3". */
export function formatDelta(delta: number, plus = false): string {
  // Half away from zero, so -1.25 and +1.25 round symmetrically.
  const r = (Math.sign(delta) * Math.round(Math.abs(delta) * 10)) / 10
  const s = Number.isInteger(r) ? String(r) : r.toFixed(1)
  return plus && r > 0 ? `+${s}` : s
}

export type HealthEvent = { type: string; data: string }

/**
 * What a health change means for the bus: a `hurt.<kind>` event, a `heal` event
 * (only when the increase exceeds 0.5), or nothing.
 */
export function healthChangeEvent(prev: number, next: number, evidence: HurtEvidence): HealthEvent | null {
  const delta = next - prev
  if (!Number.isFinite(delta) || delta === 0) return null
  if (delta > 0) return delta > HEAL_MIN ? { type: 'heal', data: `hp:${formatDelta(delta, true)}` } : null
  const { kind, attacker } = inferHurtKind(evidence)
  return { type: `hurt.${kind}`, data: `${kind === 'combat' && attacker ? attacker : 'hp'}:${formatDelta(delta)}` }
}

/** health.low gate: hp ≤ 6, at most once per 30 s. Returns the new "last sent" time or null when nothing is sent. */
export function lowHealthDue(hp: number, now: number, lastSentAt: number | undefined): boolean {
  if (hp > LOW_HEALTH || hp <= 0) return false
  return lastSentAt === undefined || now - lastSentAt >= LOW_HEALTH_INTERVAL_MS
}

/**
 * Whether to go back for what a death left on the ground: the items lie where the bot died for
 * 5 minutes (vanilla despawn), so they are worth a walk when the spot is known, safe to reach
 * (not lava, not the void) and the walk there ends before they despawn. A respawn is often far
 * from the death (the world spawn): on the diamond run of seed 1 a creeper killed the bot 133
 * blocks from it, with 3 iron ingots and both pickaxes; rebuilding them took 250 s, the walk back ~70 s.
 */

export interface DeathSpot {
  x: number
  y: number
  z: number
  /** Why the items cannot be had there, when the body knows (in lava, fell out of the world). */
  hazard?: string
}

export interface Recovery {
  at: { x: number; y: number; z: number }
  /** What was lost, by item key: what to pick up there. */
  items: Record<string, number>
  distance: number
}

/** Farthest death spot (blocks from where the bot is) gone back to: about the distance the client keeps chunks loaded. */
export const MAX_RECOVERY_DISTANCE = 160
/** Items despawn 5 minutes after the death; a walk that would end later (with a minute to spare) is not started. */
export const RECOVERY_WINDOW_MS = 4 * 60_000
/** How fast a walk back is counted: half the walking speed (4.3 blocks/s), for the detours of a path. */
export const RECOVERY_BLOCKS_PER_S = 2

export function recoveryDecision(input: {
  lost: Record<string, number>
  spot?: DeathSpot
  position?: { x: number; y: number; z: number }
  sinceDeathMs: number
}): { ok: true; recovery: Recovery } | { why: string } {
  const { lost, spot, position } = input
  if (!Object.values(lost).some((n) => n > 0)) return { why: 'nothing lost' }
  if (!spot) return { why: 'where it died is not known' }
  if (![spot.x, spot.y, spot.z].every(Number.isFinite)) return { why: 'where it died is not known' }
  if (spot.hazard) return { why: `the items are lost: ${spot.hazard}` }
  if (spot.y < -64) return { why: 'the items are lost: it fell out of the world' }
  if (!position || ![position.x, position.y, position.z].every(Number.isFinite)) return { why: 'where the bot is now is not known' }
  if (!(input.sinceDeathMs >= 0) || input.sinceDeathMs > RECOVERY_WINDOW_MS) return { why: 'the items have despawned or will before it gets there' }
  const distance = Math.hypot(spot.x - position.x, spot.y - position.y, spot.z - position.z)
  if (distance > MAX_RECOVERY_DISTANCE) return { why: `where it died is ${Math.round(distance)} blocks away (more than ${MAX_RECOVERY_DISTANCE})` }
  const walkMs = (distance / RECOVERY_BLOCKS_PER_S) * 1000
  if (input.sinceDeathMs + walkMs > RECOVERY_WINDOW_MS) return { why: `the items have despawned or will before it gets there (${Math.round(distance)} blocks, about ${Math.round(walkMs / 1000)} s)` }
  const items = Object.fromEntries(Object.entries(lost).filter(([, n]) => n > 0))
  return { ok: true, recovery: { at: { x: spot.x, y: spot.y, z: spot.z }, items, distance } }
}

/**
 * Places and mobs the bot could not get to, remembered for a while across skill calls, so that a
 * retry (the mind's next collect, the next craft, the next hunt) chooses another target at once
 * instead of walking back to the same spot: the logs of a tree it could not climb to, a crafting
 * table behind a drop, a spider on a cave wall (entity ids: the server keeps a mob's id while it
 * lives). One memory per player on one server, so it outlives a reconnect (a kicked bot that came
 * back walked straight back to the same unreachable logs); entries expire after UNREACHABLE_MS
 * because the world changes (the bot digs, builds, comes from another side; mobs walk).
 */
import type { Position } from '../types.js'
import { memoryOf } from './player-memory.js'

export const UNREACHABLE_MS = 5 * 60_000
/** Known blocks of the same kind this close to an unreachable one are most likely as unreachable (one tree, one ledge). */
export const CLUSTER_RADIUS = 2

const key = (p: Position) => `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`

/** A memory of things (spots by position, mobs and dropped items by entity id) the bot could not get to, each for UNREACHABLE_MS. */
export interface Unreachable<K> {
  mark(k: K, now?: number): void
  has(k: K, now?: number): boolean
  size(now?: number): number
}

function expiring<K>(map: Map<string, number>, keyOf: (k: K) => string): Unreachable<K> {
  return {
    mark: (k: K, now = Date.now()) => void map.set(keyOf(k), now + UNREACHABLE_MS),
    has: (k: K, now = Date.now()) => {
      const until = map.get(keyOf(k))
      return until !== undefined && until > now
    },
    size: (now = Date.now()) => {
      for (const [k, until] of map) if (until <= now) map.delete(k)
      return map.size
    },
  }
}

/** The spots one player on one server (a mineflayer bot) could not get to. */
export function unreachableFor(owner: object): Unreachable<Position> {
  return expiring(memoryOf<number>(owner, 'spots'), key)
}

/** The mobs one player on one server (a mineflayer bot) could not get to. */
export function unreachableMobsFor(owner: object): Unreachable<number> {
  return expiring(memoryOf<number>(owner, 'mobs'), (id: number) => String(id))
}

/** The dropped items (entity ids) one player on one server could not get to: not walked to again after each dig. */
export function unreachableDropsFor(owner: object): Unreachable<number> {
  return expiring(memoryOf<number>(owner, 'drops'), (id: number) => String(id))
}

/** Whether `p` lies within CLUSTER_RADIUS (each axis) of `of`: the same tree, the same ledge. */
export function sameCluster(p: Position, of: Position): boolean {
  return Math.abs(p.x - of.x) <= CLUSTER_RADIUS && Math.abs(p.y - of.y) <= CLUSTER_RADIUS && Math.abs(p.z - of.z) <= CLUSTER_RADIUS
}

/** Whether a skill's failure means "could not get there" (as opposed to a wrong tool or a refused dig). */
export function isUnreachableFailure(message: string): boolean {
  return /^stuck:|^no progress:|^no path to|^pathfinding to .* took too long|^could not reach|out of reach|^blocked on the way|would take \d+s from where I can reach it/.test(message)
}

/**
 * Places the bot could not get to, remembered for a while across skill calls, so that a retry
 * (the mind's next collect, the next craft) chooses another target at once instead of walking back
 * to the same spot: the logs of a tree it could not climb to, a crafting table behind a drop.
 * One memory per player on one server, so it outlives a reconnect (a kicked bot that came back
 * walked straight back to the same unreachable logs); entries expire after UNREACHABLE_MS because
 * the world changes (the bot digs, builds, and comes from another side).
 */
import type { Position } from '../types.js'

export const UNREACHABLE_MS = 5 * 60_000
/** Known blocks of the same kind this close to an unreachable one are most likely as unreachable (one tree, one ledge). */
export const CLUSTER_RADIUS = 2

const byObject = new WeakMap<object, Map<string, number>>()
const byPlayer = new Map<string, Map<string, number>>()
const key = (p: Position) => `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`

export interface Unreachable {
  mark(p: Position, now?: number): void
  has(p: Position, now?: number): boolean
  size(now?: number): number
}

/** Who the bot is on which server (`name@address:port`), when its connection says; else undefined. */
function playerOf(owner: object): string | undefined {
  const o = owner as { username?: unknown; _client?: { socket?: { remoteAddress?: unknown; remotePort?: unknown } } }
  const sock = o._client?.socket
  if (typeof o.username !== 'string' || typeof sock?.remoteAddress !== 'string' || typeof sock.remotePort !== 'number') return undefined
  return `${o.username}@${sock.remoteAddress}:${sock.remotePort}`
}

/** The memory of one player on one server (a mineflayer bot), or of any other object for as long as it lives. */
export function unreachableFor(owner: object): Unreachable {
  const player = playerOf(owner)
  let m = player ? byPlayer.get(player) : byObject.get(owner)
  if (!m) {
    m = new Map()
    if (player) byPlayer.set(player, m)
    else byObject.set(owner, m)
  }
  const map = m
  const prune = (now: number) => {
    for (const [k, until] of map) if (until <= now) map.delete(k)
  }
  return {
    mark: (p, now = Date.now()) => void map.set(key(p), now + UNREACHABLE_MS),
    has: (p, now = Date.now()) => {
      const until = map.get(key(p))
      return until !== undefined && until > now
    },
    size: (now = Date.now()) => {
      prune(now)
      return map.size
    },
  }
}

/** Whether `p` lies within CLUSTER_RADIUS (each axis) of `of`: the same tree, the same ledge. */
export function sameCluster(p: Position, of: Position): boolean {
  return Math.abs(p.x - of.x) <= CLUSTER_RADIUS && Math.abs(p.y - of.y) <= CLUSTER_RADIUS && Math.abs(p.z - of.z) <= CLUSTER_RADIUS
}

/** Whether a skill's failure means "could not get there" (as opposed to a wrong tool or a refused dig). */
export function isUnreachableFailure(message: string): boolean {
  return /^stuck:|^no progress:|^no path to|^pathfinding to .* took too long|^could not reach|out of reach|^blocked on the way|would take \d+s from where I can reach it/.test(message)
}

/**
 * "Arrived" and "near", defined once for every skill, link, mind and judge: the
 * feet are within ARRIVAL_RANGE blocks of the target's block centre (horizontally
 * only when the target has no y).
 */
export const ARRIVAL_RANGE = 2

/**
 * How near a station (crafting table, furnace) must be to serve a craft or smelt: the skills look for
 * one this close and make a new one otherwise, so a planner counts only those as nearby.
 */
export const STATION_RADIUS = 32

export interface Target {
  x: number
  y?: number
  z: number
}

export function distanceTo(from: { x: number; y: number; z: number }, to: Target): number {
  const dx = from.x - (Math.floor(to.x) + 0.5)
  const dz = from.z - (Math.floor(to.z) + 0.5)
  const dy = to.y === undefined ? 0 : from.y - Math.floor(to.y)
  return Math.sqrt(dx * dx + dy * dy + dz * dz)
}

export function arrivedAt(from: { x: number; y: number; z: number }, to: Target, range = ARRIVAL_RANGE): boolean {
  return distanceTo(from, to) <= range
}

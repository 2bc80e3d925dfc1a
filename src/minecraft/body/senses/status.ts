/** The LynxMind heartbeat snapshot of a mineflayer bot. */
import type { Bot } from 'mineflayer'
import type { CurrentTask, StatusSnapshot } from '../types.js'
import { groupSlots } from './slots.js'

const RAD2DEG = 180 / Math.PI

/**
 * mineflayer yaw: radians, 0 = facing north (-Z), counter-clockwise. Minecraft yaw:
 * degrees, 0 = south (+Z), clockwise. Convert and normalise to (-180, 180].
 */
export function toMcYaw(yawRad: number): number {
  let d = 180 - yawRad * RAD2DEG
  d = ((d % 360) + 360) % 360
  if (d > 180) d -= 360
  return Math.round(d * 10) / 10
}

/** mineflayer pitch is positive looking up; Minecraft's is positive looking down. */
export function toMcPitch(pitchRad: number): number {
  return Math.round(-pitchRad * RAD2DEG * 10) / 10
}

export function emptySnapshot(task: CurrentTask = { type: 'NONE' }): StatusSnapshot {
  return {
    health: 0, maxHealth: 20, hunger: 0, maxHunger: 20, saturationLevel: 0, posX: 0, posY: 0, posZ: 0, yaw: 0, pitch: 0,
    inventory_hotbar: [], inventory_inner: [], inventory_equipment: [], current_baritone_task: task,
  }
}

export function snapshotOf(bot: Bot, task: CurrentTask): StatusSnapshot {
  const e = bot.entity
  if (!e) return emptySnapshot(task)
  const slots = bot.inventory.slots.map((it, slot) => (it ? { slot, name: it.name, count: it.count } : null))
  return {
    health: Math.round((bot.health ?? 0) * 10) / 10,
    maxHealth: 20,
    hunger: bot.food ?? 0,
    maxHunger: 20,
    saturationLevel: Math.round((bot.foodSaturation ?? 0) * 10) / 10,
    posX: Math.floor(e.position.x),
    posY: Math.floor(e.position.y),
    posZ: Math.floor(e.position.z),
    yaw: toMcYaw(e.yaw),
    pitch: toMcPitch(e.pitch),
    ...groupSlots(slots),
    current_baritone_task: task,
  }
}

/** Counts by namespaced id over every player-window slot (armour and off-hand included). */
export function countsOf(bot: Bot): Record<string, number> {
  const out: Record<string, number> = {}
  const slots = bot.inventory?.slots ?? []
  // 0–4 are the 2x2 crafting grid and its result: not carried items.
  for (let i = 5; i < slots.length; i++) {
    const it = slots[i]
    if (!it) continue
    const k = `minecraft:${it.name}`
    out[k] = (out[k] ?? 0) + it.count
  }
  return out
}

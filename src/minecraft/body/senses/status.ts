/** The body's status snapshot of a mineflayer bot (protocol-neutral; links render it). */
import type { Bot } from 'mineflayer'
import type { Activity, BodyStatus, Equipment, InventoryEntry } from '../types.js'

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

type ActionInfo = BodyStatus['action']

const EMPTY_EQUIPMENT: Equipment = { hand: null, offHand: null, head: null, torso: null, legs: null, feet: null }

/** The status of a body that is not connected: zeros, empty inventory, and what the slot says. */
export function emptyStatus(activity: Activity = { kind: 'idle' }, action: ActionInfo = null): BodyStatus {
  return {
    connected: false, health: 0, maxHealth: 20, food: 0, maxFood: 20, saturation: 0, position: { x: 0, y: 0, z: 0 }, yaw: 0, pitch: 0,
    dimension: 'overworld', timeOfDay: 0, day: 0, inventory: [], equipment: { ...EMPTY_EQUIPMENT }, activity, action,
  }
}

const r2 = (v: number) => Math.round(v * 100) / 100
const r1 = (v: number) => Math.round(v * 10) / 10

/** Player-window slots of the armour and the off-hand. */
const EQUIPMENT_SLOTS = { head: 5, torso: 6, legs: 7, feet: 8, offHand: 45 } as const

export function statusOf(bot: Bot, activity: Activity, action: ActionInfo): BodyStatus {
  const e = bot.entity
  if (!e) return emptyStatus(activity, action)
  const slots = bot.inventory.slots
  const inventory: InventoryEntry[] = []
  // 0–4 are the 2x2 crafting grid and its result: not carried items.
  for (let slot = 5; slot < slots.length; slot++) {
    const it = slots[slot]
    if (it) inventory.push({ slot, name: `minecraft:${it.name}`, count: it.count })
  }
  const nameAt = (slot: number) => (slots[slot] ? `minecraft:${slots[slot]!.name}` : null)
  const held = bot.heldItem
  const time = bot.time as unknown as { timeOfDay?: number; day?: number } | undefined
  return {
    connected: true,
    health: r1(bot.health ?? 0),
    maxHealth: 20,
    food: bot.food ?? 0,
    maxFood: 20,
    saturation: r1(bot.foodSaturation ?? 0),
    position: { x: r2(e.position.x), y: r2(e.position.y), z: r2(e.position.z) },
    yaw: toMcYaw(e.yaw),
    pitch: toMcPitch(e.pitch),
    dimension: String((bot.game as unknown as { dimension?: string } | undefined)?.dimension ?? 'overworld').replace(/^minecraft:/, ''),
    timeOfDay: Math.max(0, Math.floor(time?.timeOfDay ?? 0)),
    day: Math.max(0, Math.floor(time?.day ?? 0)),
    inventory,
    equipment: {
      hand: held ? `minecraft:${held.name}` : null,
      offHand: nameAt(EQUIPMENT_SLOTS.offHand),
      head: nameAt(EQUIPMENT_SLOTS.head),
      torso: nameAt(EQUIPMENT_SLOTS.torso),
      legs: nameAt(EQUIPMENT_SLOTS.legs),
      feet: nameAt(EQUIPMENT_SLOTS.feet),
    },
    activity,
    action,
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

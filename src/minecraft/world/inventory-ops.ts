/**
 * Item placement in a player's inventory window (slots 9..44; hotbar 36..44),
 * the way vanilla picks items up: top up matching stacks (hotbar first), then
 * fill empty slots (hotbar first).
 */
import type { SquidItem, SquidWindow } from './squid.js'

export const HOTBAR_START = 36
export const INVENTORY_END = 45
/** Slot order for a window whose 27 main slots start at `mainStart`, hotbar right after. */
export function pickupOrder(mainStart: number): number[] {
  return [...Array.from({ length: 9 }, (_, i) => mainStart + 27 + i), ...Array.from({ length: 27 }, (_, i) => mainStart + i)]
}
const ORDER = pickupOrder(9)

type ItemCtor = new (type: number, count: number, metadata?: number, nbt?: unknown) => SquidItem

/** Adds `count` of item `type` to the inventory; returns how many did not fit. */
export function addToInventory(inv: SquidWindow, Item: ItemCtor, type: number, count: number, order: number[] = ORDER): number {
  let left = count
  for (const slot of order) {
    if (left <= 0) break
    const it = inv.slots[slot]
    if (it && it.type === type && !it.nbt && it.count < it.stackSize) {
      const n = Math.min(left, it.stackSize - it.count)
      inv.updateSlot(slot, new Item(type, it.count + n, it.metadata))
      left -= n
    }
  }
  for (const slot of order) {
    if (left <= 0) break
    if (!inv.slots[slot]) {
      const probe = new Item(type, 1)
      const n = Math.min(left, probe.stackSize)
      inv.updateSlot(slot, new Item(type, n))
      left -= n
    }
  }
  return left
}

/** How many of item `type` could still be added. */
export function roomFor(inv: SquidWindow, Item: ItemCtor, type: number, order: number[] = ORDER): number {
  const stack = new Item(type, 1).stackSize
  let room = 0
  for (const slot of order) {
    const it = inv.slots[slot]
    if (!it) room += stack
    else if (it.type === type && !it.nbt) room += Math.max(0, it.stackSize - it.count)
  }
  return room
}

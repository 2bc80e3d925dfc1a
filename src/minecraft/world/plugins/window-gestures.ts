/**
 * The two window gestures prismarine-windows leaves unimplemented, used by
 * human players: dragging a cursor stack over slots (mode 5) and
 * double-clicking to gather a stack onto the cursor (mode 6).
 */
import type { SquidItem } from '../squid.js'
import type { Win } from './windows.js'

type ItemCtor = new (type: number, count: number, metadata?: number, nbt?: unknown) => SquidItem

export interface Drag {
  /** 'left' spreads the cursor evenly, 'right' puts one item in each slot. */
  kind: 'left' | 'right'
  slots: number[]
}

function accepts(win: Win, slot: number, cursor: SquidItem): boolean {
  if (slot === win.craftingResultSlot) return false
  const it = win.slots[slot]
  return !it || (it.type === cursor.type && it.metadata === cursor.metadata && it.count < it.stackSize)
}

/** Applies a finished drag to the window; what does not fit stays on the cursor. */
export function applyDrag(win: Win, Item: ItemCtor, drag: Drag): void {
  const cursor = win.selectedItem
  if (!cursor) return
  const slots = [...new Set(drag.slots)].filter((s) => s >= 0 && s < win.slots.length && accepts(win, s, cursor))
  if (slots.length === 0) return
  const per = drag.kind === 'right' ? 1 : Math.floor(cursor.count / slots.length)
  if (per < 1) return
  let left = cursor.count
  for (const s of slots) {
    if (left <= 0) break
    const cur = win.slots[s]
    const have = cur?.count ?? 0
    const add = Math.min(per, left, cursor.stackSize - have)
    if (add <= 0) continue
    win.updateSlot(s, new Item(cursor.type, have + add, cursor.metadata, cursor.nbt))
    left -= add
  }
  win.selectedItem = left > 0 ? new Item(cursor.type, left, cursor.metadata, cursor.nbt) : null
}

/** Double click: fills the cursor stack from matching slots, partial stacks first. */
export function gatherToCursor(win: Win, Item: ItemCtor): void {
  const cursor = win.selectedItem
  if (!cursor) return
  let count = cursor.count
  for (const pass of [0, 1]) {
    for (let s = 0; s < win.slots.length && count < cursor.stackSize; s++) {
      if (s === win.craftingResultSlot) continue
      const it = win.slots[s]
      if (!it || it.type !== cursor.type || it.metadata !== cursor.metadata) continue
      if (pass === 0 && it.count >= it.stackSize) continue
      const take = Math.min(it.count, cursor.stackSize - count)
      count += take
      win.updateSlot(s, it.count - take > 0 ? new Item(it.type, it.count - take, it.metadata, it.nbt) : null)
    }
  }
  win.selectedItem = new Item(cursor.type, count, cursor.metadata, cursor.nbt)
}

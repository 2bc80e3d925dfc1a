/**
 * Player-window slot numbers → LynxMind slot entries (heartbeat shape):
 * hotbar 36–44 → 0–8, inner 9–35 → 0–26, armour 5–8 (head..feet) → 0–3, off-hand 45 → 4.
 */
import type { SlotEntry } from '../types.js'

export type LSlotType = SlotEntry['l_slot']['slotType']

export function mapWindowSlot(slot: number): { slotType: LSlotType; id: number } | null {
  if (!Number.isInteger(slot)) return null
  if (slot >= 36 && slot <= 44) return { slotType: 'INVENTORY_HOTBAR', id: slot - 36 }
  if (slot >= 9 && slot <= 35) return { slotType: 'INVENTORY_INNER', id: slot - 9 }
  if (slot >= 5 && slot <= 8) return { slotType: 'INVENTORY_EQUIPMENT', id: slot - 5 }
  if (slot === 45) return { slotType: 'INVENTORY_EQUIPMENT', id: 4 }
  return null
}

export interface SlotGroups {
  inventory_hotbar: SlotEntry[]
  inventory_inner: SlotEntry[]
  inventory_equipment: SlotEntry[]
}

/** Groups window slots (`{ slot, name, count }` with bare or namespaced names) into the heartbeat lists. */
export function groupSlots(items: Array<{ slot: number; name: string; count: number } | null | undefined>): SlotGroups {
  const out: SlotGroups = { inventory_hotbar: [], inventory_inner: [], inventory_equipment: [] }
  for (const it of items) {
    if (!it || it.count <= 0) continue
    const m = mapWindowSlot(it.slot)
    if (!m) continue
    const entry: SlotEntry = {
      item_stack: { item_name: it.name.includes(':') ? it.name : `minecraft:${it.name}`, count: it.count },
      l_slot: { slotType: m.slotType, id: m.id, complexContainerType: 'PLAYER_INFO' },
    }
    if (m.slotType === 'INVENTORY_HOTBAR') out.inventory_hotbar.push(entry)
    else if (m.slotType === 'INVENTORY_INNER') out.inventory_inner.push(entry)
    else out.inventory_equipment.push(entry)
  }
  for (const list of Object.values(out)) list.sort((a: SlotEntry, b: SlotEntry) => a.l_slot.id - b.l_slot.id)
  return out
}

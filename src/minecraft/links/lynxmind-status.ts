/**
 * The body's neutral status → LynxMind's heartbeat body: slot entries, `current_baritone_task`.
 * Player-window slot numbers → LynxMind slot entries:
 * hotbar 36–44 → 0–8, inner 9–35 → 0–26, armour 5–8 (head..feet) → 0–3, off-hand 45 → 4.
 */
import type { Activity, BodyStatus } from '../body/types.js'
import type { CurrentTask, SlotEntry, StatusBody } from '../../protocols/lynxmind.js'
import { namespaced } from '../names.js'

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

const items = (list: Array<{ name: string; count: number }>) => list.map((i) => ({ item_name: namespaced(i.name), count: i.count }))

/** The body's activity in LynxMind's words. */
export function currentTaskOf(a: Activity): CurrentTask {
  switch (a.kind) {
    case 'idle':
      return { type: 'NONE' }
    case 'mining':
      return { type: 'BSTATUS_MINING', mining_block_name: a.block }
    case 'searching':
      return { type: 'BSTATUS_FINDING_NEEDED_BLOCKS', needed_blocks: items(a.needed) }
    case 'crafting':
      return { type: 'BSTATUS_CRAFTING', to_crafting: items(a.wanted), craft_failed: items(a.failed), craft_success: items(a.crafted) }
    case 'moving':
      return a.y === undefined ? { type: 'BSTATUS_PATHING_TO_XZ', x: a.x, z: a.z } : { type: 'BSTATUS_PATHING_TO_GOAL', x: a.x, y: a.y, z: a.z }
  }
}

/** The heartbeat body (without `type`) of a body status. Positions are block coordinates. */
export function lynxStatusOf(s: BodyStatus): StatusBody {
  return {
    health: s.health,
    maxHealth: s.maxHealth,
    hunger: s.food,
    maxHunger: s.maxFood,
    saturationLevel: s.saturation,
    posX: Math.floor(s.position.x),
    posY: Math.floor(s.position.y),
    posZ: Math.floor(s.position.z),
    yaw: s.yaw,
    pitch: s.pitch,
    ...groupSlots(s.inventory),
    current_baritone_task: currentTaskOf(s.activity),
  }
}

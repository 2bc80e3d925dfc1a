/** A LynxMind heartbeat as the link sends it, for tests of a mind fed protocol event by protocol event. */
import type { HeartbeatEvent } from '../../../src/protocols/lynxmind.js'

export interface HeartbeatOptions {
  hunger?: number
  saturation?: number
  pos?: { x: number; y: number; z: number }
}

/** The inventory (bare item names) in the hotbar; full health, hunger 20 and saturation 5 unless given. */
export function heartbeatOf(inv: Record<string, number>, opts: HeartbeatOptions = {}): HeartbeatEvent {
  const pos = opts.pos ?? { x: 10, y: 64, z: 20 }
  return {
    type: 'EVENT_PLAYER_STATUS_HEARTBEAT',
    health: 20,
    maxHealth: 20,
    hunger: opts.hunger ?? 20,
    maxHunger: 20,
    saturationLevel: opts.saturation ?? 5,
    posX: pos.x,
    posY: pos.y,
    posZ: pos.z,
    yaw: 0,
    pitch: 0,
    inventory_hotbar: Object.entries(inv).map(([name, count], i) => ({
      item_stack: { item_name: `minecraft:${name}`, count },
      l_slot: { slotType: 'INVENTORY_HOTBAR' as const, id: i, complexContainerType: 'PLAYER_INFO' },
    })),
    inventory_inner: [],
    inventory_equipment: [],
    current_baritone_task: { type: 'NONE' },
  }
}

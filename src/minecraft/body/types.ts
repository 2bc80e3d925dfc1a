/**
 * The contract between the bot's body and everything that drives it (links, minds, CLI).
 * Links and minds depend only on this file, so they can be tested against a fake body
 * and run unchanged against the real mineflayer one.
 */
import type { EventEmitter } from 'node:events'

export interface ItemCount {
  /** Namespaced or bare id (`minecraft:oak_log`, `oak_log`) or a tag such as `log`. */
  item_name: string
  count: number
}

/** Every skill ends with one of these; `reason` is written for a model to act on. */
export interface SkillResult {
  ok: boolean
  reason: string
  [extra: string]: unknown
}

export interface CraftResult extends SkillResult {
  craft_success: ItemCount[]
  craft_failed: ItemCount[]
}

/** One call into the body's single action slot. A new call interrupts the running one. */
export type SkillCall =
  | { skill: 'moveTo'; x: number; y: number; z: number; range?: number }
  | { skill: 'moveToXZ'; x: number; z: number }
  | { skill: 'follow'; player: string; range?: number }
  | { skill: 'collect'; items: ItemCount[] }
  | { skill: 'craft'; items: ItemCount[] }
  | { skill: 'smelt'; item: string; count: number; fuel?: string }
  | { skill: 'place'; item: string; x: number; y: number; z: number }
  | { skill: 'equip'; item: string; destination?: 'hand' | 'off-hand' | 'head' | 'torso' | 'legs' | 'feet' }
  | { skill: 'eat'; item?: string }
  | { skill: 'chat'; message: string }
  | { skill: 'scanBlocks'; radius: number; ids?: string[] }
  | { skill: 'scanEntities'; radius: number; ids?: string[] }
  | { skill: 'attack'; target: string }
  | { skill: 'collectEntityLoot'; quotas: Array<{ entity_id: string; needed_item: ItemCount[] }> }
  | { skill: 'murder'; uuids: string[] }
  | { skill: 'wait'; ms: number }

export type SkillName = SkillCall['skill']

export interface RunOptions {
  /** Abort to cancel; the skill ends with ok:false and reason "cancelled: …". */
  signal?: AbortSignal
  /** Overrides the skill's default time limit. */
  timeoutMs?: number
}

/** What the body is doing now, in the LynxMind `current_baritone_task` shape. */
export type CurrentTask =
  | { type: 'NONE' }
  | { type: 'BSTATUS_MINING'; mining_block_name: string }
  | { type: 'BSTATUS_FINDING_NEEDED_BLOCKS'; needed_blocks: ItemCount[] }
  | { type: 'BSTATUS_CRAFTING'; to_crafting: ItemCount[]; craft_failed: ItemCount[]; craft_success: ItemCount[] }
  | { type: 'BSTATUS_PATHING_TO_GOAL'; x: number; y: number; z: number }
  | { type: 'BSTATUS_PATHING_TO_XZ'; x: number; z: number }

export interface SlotEntry {
  item_stack: { item_name: string; count: number }
  l_slot: { slotType: 'INVENTORY_HOTBAR' | 'INVENTORY_INNER' | 'INVENTORY_EQUIPMENT'; id: number; complexContainerType?: string }
}

/** The status snapshot, exactly the LynxMind heartbeat body (without `type`). */
export interface StatusSnapshot {
  health: number
  maxHealth: number
  hunger: number
  maxHunger: number
  saturationLevel: number
  posX: number
  posY: number
  posZ: number
  yaw: number
  pitch: number
  inventory_hotbar: SlotEntry[]
  inventory_inner: SlotEntry[]
  inventory_equipment: SlotEntry[]
  current_baritone_task: CurrentTask
}

/**
 * Events a body emits (besides pushing to its ContextBus):
 * - 'skill.start'  (call: SkillCall)
 * - 'skill.progress' (call: SkillCall, message: string, fraction?: number)
 * - 'skill.end'    (call: SkillCall, result: SkillResult)  — always exactly once per start
 * - 'pickup'       (item: ItemCount)   item_name namespaced
 * - 'chat'         (username: string, message: string)
 * - 'spawn' | 'death' | 'respawn' | 'disconnect' (reason: string) | 'reconnect'
 * - 'health.change' ({ type, data })  — the hurt.* / heal event also pushed to the bus
 *
 * Skill results may carry extras: collect → `collected`/`missing` (ItemCount[]),
 * craft → `craft_success`/`craft_failed`, smelt → `smelted`, scanBlocks/scanEntities →
 * `radius`, `scanning_id`, `summary`, `nearby_blocks` / `nearby_entities` (LynxMind scan shapes),
 * murder → `killed`/`not_found`, moveTo/moveToXZ → `position`.
 */
export interface Body extends EventEmitter {
  readonly username: string
  /** True while connected and spawned. */
  readonly ready: boolean
  status(): StatusSnapshot
  /** Counts by namespaced item id. */
  inventoryCounts(): Record<string, number>
  run(call: SkillCall, opts?: RunOptions): Promise<SkillResult>
  /** Stops the running skill (if any) and all movement. */
  stop(reason: string): Promise<void>
  /** Strike-back list: UUIDs the body retaliates against when hurt by them. */
  strikeBack: { add(uuids: string[]): void; remove(uuids: string[]): void; list(): string[] }
  close(): Promise<void>
}

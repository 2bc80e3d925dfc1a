/**
 * LynxMind wire protocol (seed `lynxmind-schemas.md` plus the real mod's names, see
 * protocol-facts §1).
 *
 * Three layers:
 * - canonical schemas (`AiEventSchema`, `ModEventSchema`, `ActionSchema`): the one
 *   internal form. AI events and actions use the seed's names; the heartbeat body is
 *   exactly the Body contract's `StatusSnapshot` (slot types without the `LSlotType.`
 *   prefix, `complexContainerType` inside `l_slot`);
 * - normalizers (`normalizeAiEvent`, `normalizeModEvent`, and the `*InputSchema`s) that
 *   accept the seed form and the real mod's form and return the canonical one;
 * - emitters that write the seed's wire form by default, or the real mod's
 *   (`dialect: 'mod'`).
 */
import { z } from 'zod'
import { parseModelAnswer, parseModelJson } from '../core/model-json.js'
import {
  CoordSchema,
  CountSchema,
  ItemCountSchema,
  ItemIdSchema,
  isRecord,
  normalizeTagged,
  ownLookup,
  renameKeys,
  setOwn,
  toModelJsonSchema,
  type NormalizeResult,
} from './common.js'
import { quoteForMessage } from '../core/quote.js'

export type LynxDialect = 'seed' | 'mod'
export interface EmitOptions {
  /** `seed` (default): the document's names; `mod`: the real mod's latest names. */
  dialect?: LynxDialect
}

/** An item the AI asks for: count at least 1. */
export const ItemRequestSchema = z.object({
  item_name: ItemIdSchema,
  count: z.number().int().min(1),
})
export type ItemRequest = z.infer<typeof ItemRequestSchema>

const ItemRequestListSchema = z.array(ItemRequestSchema).min(1)
const UuidListSchema = z.array(z.string().trim().min(1))
const RadiusSchema = z.number().int().min(1).max(256)

// ---------------------------------------------------------------------------
// Actions (AI → mod, inside EVENT_AI_CONTROL)

export const ActionStopSchema = z.object({ type: z.literal('ACTION_STOP_BARITONE') })
/**
 * Without `y` the bot paths to the XZ column (Baritone's GoalXZ; our body's `moveToXZ`),
 * which is what the heartbeat reports as `BSTATUS_PATHING_TO_XZ`.
 */
export const ActionMoveSchema = z.object({
  type: z.literal('ACTION_MOVE'),
  x: CoordSchema,
  y: CoordSchema.optional(),
  z: CoordSchema,
})
export const ActionCollectBlockSchema = z.object({
  type: z.literal('ACTION_COLLECT_BLOCK'),
  needed_blocks: ItemRequestListSchema,
})
export const ActionCraftingSchema = z.object({
  type: z.literal('ACTION_CRAFTING'),
  to_craft: ItemRequestListSchema,
  /** Filled by the mod in results; the AI leaves them out. */
  craft_failed: z.array(ItemCountSchema).optional(),
  craft_success: z.array(ItemCountSchema).optional(),
})
export const KillingQuotaSchema = z.object({
  entity_id: ItemIdSchema,
  needed_item: z.array(ItemRequestSchema),
})
export const ActionCollectEntityLootSchema = z.object({
  type: z.literal('ACTION_COLLECT_ENTITY_LOOT'),
  killingQuotas: z.array(KillingQuotaSchema).min(1),
})
export const ActionMurderSchema = z.object({
  type: z.literal('ACTION_MURDER'),
  uuid_str_list: UuidListSchema.min(1),
})

export const ActionSchema = z.discriminatedUnion('type', [
  ActionStopSchema,
  ActionMoveSchema,
  ActionCollectBlockSchema,
  ActionCraftingSchema,
  ActionCollectEntityLootSchema,
  ActionMurderSchema,
])
export type Action = z.infer<typeof ActionSchema>
export type ActionType = Action['type']
export const ACTION_TYPES: readonly ActionType[] = ActionSchema.options.map((o) => o.shape.type.value)

// ---------------------------------------------------------------------------
// AI → mod events

export const AiEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EVENT_AI_START') }),
  z.object({
    type: z.literal('EVENT_AI_CONTROL'),
    action: ActionSchema,
    /** Short note on what the AI intends next. */
    plans: z.string().optional(),
  }),
  z.object({ type: z.literal('EVENT_AI_STOP'), reason: z.string() }),
  z.object({ type: z.literal('NONE') }),
  z.object({ type: z.literal('EVENT_AI_GET_STATUS') }),
  z.object({
    type: z.literal('EVENT_AI_GET_NEARBY_BLOCK'),
    radius: RadiusSchema,
    /** Block ids to look for; empty means every block. */
    target_block_id: z.array(ItemIdSchema),
  }),
  z.object({
    type: z.literal('EVENT_AI_GET_NEARBY_ENTITY'),
    radius: RadiusSchema,
    /** Entity ids to look for; empty means every entity. */
    target_entity_id: z.array(ItemIdSchema),
  }),
  z.object({ type: z.literal('EVENT_AI_ADD_STRIKE_BACK_TARGET'), UUID_str_list: UuidListSchema.min(1) }),
  z.object({ type: z.literal('EVENT_AI_REMOVE_STRIKE_BACK_TARGET'), UUID_str_list: UuidListSchema.min(1) }),
  z.object({ type: z.literal('EVENT_AI_GET_STRIKE_BACK_TARGET_LIST') }),
])
export type AiEvent = z.infer<typeof AiEventSchema>
export type AiEventType = AiEvent['type']
export type AiEventOf<T extends AiEventType> = Extract<AiEvent, { type: T }>
export const AI_EVENT_TYPES: readonly AiEventType[] = AiEventSchema.options.map((o) => o.shape.type.value)

// ---------------------------------------------------------------------------
// Mod → AI events

export const SlotTypeSchema = z.enum(['INVENTORY_HOTBAR', 'INVENTORY_INNER', 'INVENTORY_EQUIPMENT'])
export type SlotType = z.infer<typeof SlotTypeSchema>

/** One inventory slot. */
export const SlotEntrySchema = z.object({
  item_stack: z.object({ item_name: ItemIdSchema, count: CountSchema }),
  l_slot: z.object({
    slotType: SlotTypeSchema,
    id: z.number().int().nonnegative(),
    /** Without the `ComplexContainerType.` prefix, e.g. `PLAYER_INFO`. */
    complexContainerType: z.string().optional(),
  }),
})
export type SlotEntry = z.infer<typeof SlotEntrySchema>

/** `current_baritone_task` (seed) / `current_baritone_status` (mod): what the bot is doing. */
export const CurrentTaskSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('NONE') }),
  z.object({ type: z.literal('BSTATUS_MINING'), mining_block_name: ItemIdSchema }),
  z.object({ type: z.literal('BSTATUS_FINDING_NEEDED_BLOCKS'), needed_blocks: z.array(ItemCountSchema) }),
  z.object({
    type: z.literal('BSTATUS_CRAFTING'),
    to_crafting: z.array(ItemCountSchema).default([]),
    craft_failed: z.array(ItemCountSchema).default([]),
    craft_success: z.array(ItemCountSchema).default([]),
  }),
  z.object({ type: z.literal('BSTATUS_PATHING_TO_GOAL'), x: CoordSchema, y: CoordSchema, z: CoordSchema }),
  z.object({ type: z.literal('BSTATUS_PATHING_TO_XZ'), x: CoordSchema, z: CoordSchema }),
])
export type CurrentTask = z.infer<typeof CurrentTaskSchema>

export const NearbyBlockSchema = z.object({ id: ItemIdSchema, x: CoordSchema, y: CoordSchema, z: CoordSchema })
export type NearbyBlock = z.infer<typeof NearbyBlockSchema>

export const NearbyEntitySchema = z.object({
  id: ItemIdSchema,
  max_health: z.number(),
  current_health: z.number(),
  UUID_str: z.string(),
  x: CoordSchema,
  y: CoordSchema,
  z: CoordSchema,
})
export type NearbyEntity = z.infer<typeof NearbyEntitySchema>

/** The heartbeat body without `type` (+ optional scan). */
export const StatusBodySchema = z.object({
  health: z.number(),
  maxHealth: z.number(),
  hunger: z.number(),
  maxHunger: z.number(),
  saturationLevel: z.number(),
  posX: CoordSchema,
  posY: CoordSchema,
  posZ: CoordSchema,
  yaw: z.number(),
  pitch: z.number(),
  inventory_hotbar: z.array(SlotEntrySchema),
  inventory_inner: z.array(SlotEntrySchema),
  inventory_equipment: z.array(SlotEntrySchema),
  current_baritone_task: CurrentTaskSchema,
  /** Later mod versions add a radius-15 entity scan. */
  nearby_entities: z.array(NearbyEntitySchema).optional(),
})
export type StatusBody = z.infer<typeof StatusBodySchema>

export const HeartbeatEventSchema = StatusBodySchema.extend({ type: z.literal('EVENT_PLAYER_STATUS_HEARTBEAT') })
export type HeartbeatEvent = z.infer<typeof HeartbeatEventSchema>

export const ModEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EVENT_PLAYER_STATUS_CREATE_TASK'), task: z.string() }),
  z.object({ type: z.literal('EVENT_PLAYER_REMOVE_TASK') }),
  HeartbeatEventSchema,
  z.object({ type: z.literal('EVENT_PLAYER_PICKUP_ITEM'), name: ItemIdSchema, count: CountSchema }),
  z.object({
    type: z.literal('EVENT_PLAYER_BARITONE_TASK_STOP'),
    reason: z.string(),
    linked_action: ActionSchema.optional(),
  }),
  z.object({
    type: z.literal('EVENT_PLAYER_SCAN_BLOCK'),
    radius: z.number(),
    scanning_id: z.array(z.string()),
    nearby_blocks: z.array(NearbyBlockSchema),
    /** Set instead of the block list when more than 50 blocks were found. */
    summary: z.string().optional(),
  }),
  z.object({
    type: z.literal('EVENT_PLAYER_SCAN_ENTITY'),
    radius: z.number(),
    scanning_id: z.array(z.string()),
    nearby_entities: z.array(NearbyEntitySchema),
    summary: z.string().optional(),
  }),
  z.object({ type: z.literal('EVENT_PLAYER_REPLY_STRIKE_BACK_TARGET_LIST'), strike_back_target_list: z.array(z.string()) }),
])
export type ModEvent = z.infer<typeof ModEventSchema>
export type ModEventType = ModEvent['type']
export type ModEventOf<T extends ModEventType> = Extract<ModEvent, { type: T }>
export const MOD_EVENT_TYPES: readonly ModEventType[] = ModEventSchema.options.map((o) => o.shape.type.value)

// ---------------------------------------------------------------------------
// Accepted variants → canonical form (plain functions; never throw)

const TYPE_ALIASES: Readonly<Record<string, string>> = {
  ACTION_STOP_ATASK: 'ACTION_STOP_BARITONE',
  EVENT_PLAYER_CREATE_TASK: 'EVENT_PLAYER_STATUS_CREATE_TASK',
  EVENT_PLAYER_ATASK_STOP: 'EVENT_PLAYER_BARITONE_TASK_STOP',
}

function canonType(o: Record<string, unknown>): Record<string, unknown> {
  const alias = typeof o.type === 'string' ? ownLookup(TYPE_ALIASES, o.type) : undefined
  return alias ? { ...o, type: alias } : o
}

/** `{name, count}` → `{item_name, count}` (the seed's prose sometimes says `name`). */
function canonItem(v: unknown): unknown {
  return isRecord(v) ? renameKeys(v, { name: 'item_name' }) : v
}
function canonItems(v: unknown): unknown {
  return Array.isArray(v) ? v.map(canonItem) : v
}
function mapKeys(o: Record<string, unknown>, keys: readonly string[], f: (v: unknown) => unknown): Record<string, unknown> {
  const out = { ...o }
  for (const k of keys) if (k in out) out[k] = f(out[k])
  return out
}
function dropNulls(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(o)) if (v !== null) setOwn(out, k, v)
  return out
}

export function canonicalAction(v: unknown): unknown {
  if (!isRecord(v)) return v
  let o = dropNulls(canonType(v))
  o = mapKeys(o, ['needed_blocks', 'to_craft', 'craft_failed', 'craft_success'], canonItems)
  o = mapKeys(o, ['killingQuotas'], (qs) =>
    Array.isArray(qs) ? qs.map((q) => (isRecord(q) ? mapKeys(q, ['needed_item'], canonItems) : q)) : qs,
  )
  return o
}

export function canonicalAiEvent(v: unknown): unknown {
  if (!isRecord(v)) return v
  const o = dropNulls(canonType(v))
  // early mod versions: `actions: [Action]`; one action per event is all the body can run
  if (o.type === 'EVENT_AI_CONTROL' && !('action' in o) && 'actions' in o) {
    const list = o.actions
    if (isRecord(list) || (Array.isArray(list) && list.length === 1)) {
      o.action = Array.isArray(list) ? list[0] : list
      delete o.actions
    }
  }
  return mapKeys(o, ['action'], canonicalAction)
}

function stripPrefix(v: unknown, prefix: string): unknown {
  return typeof v === 'string' && v.startsWith(prefix) ? v.slice(prefix.length) : v
}

/** Seed slot (`LSlotType.X`, container type beside `l_slot`) or mod slot → Body's SlotEntry. */
function canonSlot(v: unknown): unknown {
  if (!isRecord(v)) return v
  const { complexContainerType: outer, ...rest } = v
  const out: Record<string, unknown> = mapKeys(rest, ['item_stack'], canonItem)
  if (isRecord(out.l_slot)) {
    const l = { ...out.l_slot }
    l.slotType = stripPrefix(l.slotType, 'LSlotType.')
    const cct = l.complexContainerType ?? outer
    if (cct === undefined || cct === null) delete l.complexContainerType
    else l.complexContainerType = stripPrefix(cct, 'ComplexContainerType.')
    out.l_slot = l
  }
  return out
}

function canonCurrentTask(v: unknown): unknown {
  if (!isRecord(v)) return v
  return mapKeys(v, ['needed_blocks', 'to_crafting', 'craft_failed', 'craft_success'], canonItems)
}

/** The heartbeat's `nearby_entities` is a nested scan event in the mod; we keep the list. */
function canonNearby(v: unknown): unknown {
  if (isRecord(v) && Array.isArray(v.nearby_entities)) return v.nearby_entities
  return v
}

export function canonicalModEvent(v: unknown): unknown {
  if (!isRecord(v)) return v
  let o = canonType(v)
  switch (o.type) {
    case 'EVENT_PLAYER_STATUS_HEARTBEAT': {
      o = renameKeys(o, { current_baritone_status: 'current_baritone_task' })
      o = mapKeys(o, ['inventory_hotbar', 'inventory_inner', 'inventory_equipment'], (s) => (Array.isArray(s) ? s.map(canonSlot) : s))
      o = mapKeys(o, ['current_baritone_task'], canonCurrentTask)
      if (o.nearby_entities === null) delete o.nearby_entities
      else o = mapKeys(o, ['nearby_entities'], canonNearby)
      return o
    }
    case 'EVENT_PLAYER_PICKUP_ITEM':
      return renameKeys(o, { item_name: 'name' })
    case 'EVENT_PLAYER_BARITONE_TASK_STOP':
      o = dropNulls(renameKeys(o, { chained_action: 'linked_action' }))
      return mapKeys(o, ['linked_action'], canonicalAction)
    case 'EVENT_PLAYER_SCAN_BLOCK':
    case 'EVENT_PLAYER_SCAN_ENTITY':
      return dropNulls(o)
    default:
      return o
  }
}

/** Accepts the seed's and the mod's forms; parses to the canonical form. */
export const ActionInputSchema = z.preprocess(canonicalAction, ActionSchema)
export const AiEventInputSchema = z.preprocess(canonicalAiEvent, AiEventSchema)
export const ModEventInputSchema = z.preprocess(canonicalModEvent, ModEventSchema)

const KNOWN_AI = new Set<string>(AI_EVENT_TYPES)
const KNOWN_MOD = new Set<string>(MOD_EVENT_TYPES)

/** Any accepted AI event (object, already JSON-parsed) → canonical, or why not. */
export function normalizeAiEvent(input: unknown): NormalizeResult<AiEvent> {
  return normalizeTagged(input, KNOWN_AI, canonicalAiEvent, AiEventSchema, 'AI event')
}

const KNOWN_ACTIONS = new Set<string>(ACTION_TYPES)

/** Any accepted action (`ACTION_STOP_ATASK`, `name` for `item_name`, …) → canonical. */
export function normalizeAction(input: unknown): NormalizeResult<Action> {
  return normalizeTagged(input, KNOWN_ACTIONS, canonicalAction, ActionSchema, 'action')
}

/** Any accepted mod event (object, already JSON-parsed) → canonical, or why not. */
export function normalizeModEvent(input: unknown): NormalizeResult<ModEvent> {
  return normalizeTagged(input, KNOWN_MOD, canonicalModEvent, ModEventSchema, 'mod event')
}

// ---------------------------------------------------------------------------
// Emitters (canonical → wire)

type Wire = Record<string, unknown>

function items(list: readonly { item_name: string; count: number }[]): Wire[] {
  return list.map((i) => ({ item_name: i.item_name, count: i.count }))
}

export function emitAction(a: Action, opts: EmitOptions = {}): Wire {
  const mod = opts.dialect === 'mod'
  switch (a.type) {
    case 'ACTION_STOP_BARITONE':
      return { type: mod ? 'ACTION_STOP_ATASK' : 'ACTION_STOP_BARITONE' }
    case 'ACTION_MOVE':
      return a.y === undefined ? { type: a.type, x: a.x, z: a.z } : { type: a.type, x: a.x, y: a.y, z: a.z }
    case 'ACTION_COLLECT_BLOCK':
      return { type: a.type, needed_blocks: items(a.needed_blocks) }
    case 'ACTION_CRAFTING': {
      const out: Wire = { type: a.type, to_craft: items(a.to_craft) }
      if (a.craft_failed) out.craft_failed = items(a.craft_failed)
      if (a.craft_success) out.craft_success = items(a.craft_success)
      return out
    }
    case 'ACTION_COLLECT_ENTITY_LOOT':
      return {
        type: a.type,
        killingQuotas: a.killingQuotas.map((q) => ({ entity_id: q.entity_id, needed_item: items(q.needed_item) })),
      }
    case 'ACTION_MURDER':
      return { type: a.type, uuid_str_list: [...a.uuid_str_list] }
  }
}

export function emitAiEvent(e: AiEvent, opts: EmitOptions = {}): Wire {
  switch (e.type) {
    case 'EVENT_AI_CONTROL': {
      const out: Wire = { type: e.type, action: emitAction(e.action, opts) }
      if (e.plans !== undefined) out.plans = e.plans
      return out
    }
    default:
      return structuredClone(e) as Wire
  }
}

export function emitCurrentTask(t: CurrentTask): Wire {
  switch (t.type) {
    case 'BSTATUS_FINDING_NEEDED_BLOCKS':
      return { type: t.type, needed_blocks: items(t.needed_blocks) }
    case 'BSTATUS_CRAFTING':
      return {
        type: t.type,
        to_crafting: items(t.to_crafting),
        craft_failed: items(t.craft_failed),
        craft_success: items(t.craft_success),
      }
    default:
      return { ...t }
  }
}

const DEFAULT_CONTAINER = 'PLAYER_INFO'

function emitSlot(s: SlotEntry, mod: boolean): Wire {
  const item_stack = { item_name: s.item_stack.item_name, count: s.item_stack.count }
  if (mod) {
    const l_slot: Wire = { slotType: s.l_slot.slotType, id: s.l_slot.id }
    if (s.l_slot.complexContainerType !== undefined) l_slot.complexContainerType = s.l_slot.complexContainerType
    return { item_stack, l_slot }
  }
  return {
    item_stack,
    l_slot: { slotType: `LSlotType.${s.l_slot.slotType}`, id: s.l_slot.id },
    complexContainerType: `ComplexContainerType.${s.l_slot.complexContainerType ?? DEFAULT_CONTAINER}`,
  }
}

function emitHeartbeat(e: HeartbeatEvent, mod: boolean): Wire {
  // the real mod reports block coordinates (integers)
  const pos = (n: number): number => (mod ? Math.floor(n) : n)
  const out: Wire = {
    type: e.type,
    health: e.health,
    maxHealth: e.maxHealth,
    hunger: e.hunger,
    maxHunger: e.maxHunger,
    saturationLevel: e.saturationLevel,
    posX: pos(e.posX),
    posY: pos(e.posY),
    posZ: pos(e.posZ),
    yaw: e.yaw,
    pitch: e.pitch,
    inventory_hotbar: e.inventory_hotbar.map((s) => emitSlot(s, mod)),
    inventory_inner: e.inventory_inner.map((s) => emitSlot(s, mod)),
    inventory_equipment: e.inventory_equipment.map((s) => emitSlot(s, mod)),
    [mod ? 'current_baritone_status' : 'current_baritone_task']: emitCurrentTask(e.current_baritone_task),
  }
  if (e.nearby_entities) {
    const list = e.nearby_entities.map((n) => ({ ...n }))
    out.nearby_entities = mod ? { type: 'EVENT_PLAYER_SCAN_ENTITY', radius: 15, scanning_id: [], nearby_entities: list } : list
  }
  return out
}

export function emitModEvent(e: ModEvent, opts: EmitOptions = {}): Wire {
  const mod = opts.dialect === 'mod'
  switch (e.type) {
    case 'EVENT_PLAYER_STATUS_CREATE_TASK':
      return { type: mod ? 'EVENT_PLAYER_CREATE_TASK' : e.type, task: e.task }
    case 'EVENT_PLAYER_STATUS_HEARTBEAT':
      return emitHeartbeat(e, mod)
    case 'EVENT_PLAYER_BARITONE_TASK_STOP': {
      const out: Wire = { type: mod ? 'EVENT_PLAYER_ATASK_STOP' : e.type, reason: e.reason }
      if (e.linked_action) out[mod ? 'chained_action' : 'linked_action'] = emitAction(e.linked_action, opts)
      return out
    }
    default:
      return structuredClone(e) as Wire
  }
}

// ---------------------------------------------------------------------------
// Block and item ids in an event, rewritten (e.g. into another game version's names)

/** A block or item id (`minecraft:grass` or `grass`) → the id to use instead. Entity ids are not passed. */
export type ItemIdMap = (id: string) => string

function mapItems<T extends { item_name: string }>(list: readonly T[], f: ItemIdMap): T[] {
  return list.map((i) => ({ ...i, item_name: f(i.item_name) }))
}

/** The action with every block and item id passed through `f`. */
export function mapActionItemIds(a: Action, f: ItemIdMap): Action {
  switch (a.type) {
    case 'ACTION_COLLECT_BLOCK':
      return { ...a, needed_blocks: mapItems(a.needed_blocks, f) }
    case 'ACTION_CRAFTING': {
      const out: Action = { ...a, to_craft: mapItems(a.to_craft, f) }
      if (a.craft_failed) out.craft_failed = mapItems(a.craft_failed, f)
      if (a.craft_success) out.craft_success = mapItems(a.craft_success, f)
      return out
    }
    case 'ACTION_COLLECT_ENTITY_LOOT':
      return { ...a, killingQuotas: a.killingQuotas.map((q) => ({ ...q, needed_item: mapItems(q.needed_item, f) })) }
    default:
      return a
  }
}

/** The AI event with every block and item id (actions, block scans) passed through `f`. */
export function mapAiEventItemIds(e: AiEvent, f: ItemIdMap): AiEvent {
  switch (e.type) {
    case 'EVENT_AI_CONTROL':
      return { ...e, action: mapActionItemIds(e.action, f) }
    case 'EVENT_AI_GET_NEARBY_BLOCK':
      return { ...e, target_block_id: e.target_block_id.map(f) }
    default:
      return e
  }
}

function mapCurrentTaskItemIds(t: CurrentTask, f: ItemIdMap): CurrentTask {
  switch (t.type) {
    case 'BSTATUS_MINING':
      return { ...t, mining_block_name: f(t.mining_block_name) }
    case 'BSTATUS_FINDING_NEEDED_BLOCKS':
      return { ...t, needed_blocks: mapItems(t.needed_blocks, f) }
    case 'BSTATUS_CRAFTING':
      return { ...t, to_crafting: mapItems(t.to_crafting, f), craft_failed: mapItems(t.craft_failed, f), craft_success: mapItems(t.craft_success, f) }
    default:
      return t
  }
}

/**
 * The mod event with every block and item id (inventory, current task, pickups, the action an
 * end links to, block scans) passed through `f`. The task's text is the player's words and
 * stays as it is.
 */
export function mapModEventItemIds(e: ModEvent, f: ItemIdMap): ModEvent {
  const slots = (list: readonly SlotEntry[]) => list.map((s) => ({ ...s, item_stack: { ...s.item_stack, item_name: f(s.item_stack.item_name) } }))
  switch (e.type) {
    case 'EVENT_PLAYER_STATUS_HEARTBEAT':
      return {
        ...e,
        inventory_hotbar: slots(e.inventory_hotbar),
        inventory_inner: slots(e.inventory_inner),
        inventory_equipment: slots(e.inventory_equipment),
        current_baritone_task: mapCurrentTaskItemIds(e.current_baritone_task, f),
      }
    case 'EVENT_PLAYER_PICKUP_ITEM':
      return { ...e, name: f(e.name) }
    case 'EVENT_PLAYER_BARITONE_TASK_STOP':
      return e.linked_action ? { ...e, linked_action: mapActionItemIds(e.linked_action, f) } : e
    case 'EVENT_PLAYER_SCAN_BLOCK':
      return { ...e, scanning_id: e.scanning_id.map(f), nearby_blocks: e.nearby_blocks.map((b) => ({ ...b, id: f(b.id) })) }
    default:
      return e
  }
}

/** Builds a heartbeat event from its body. */
export function heartbeatFromStatus(status: StatusBody): HeartbeatEvent {
  return { type: 'EVENT_PLAYER_STATUS_HEARTBEAT', ...status }
}

export const serializeAiEvent = (e: AiEvent, opts?: EmitOptions): string => JSON.stringify(emitAiEvent(e, opts))
export const serializeModEvent = (e: ModEvent, opts?: EmitOptions): string => JSON.stringify(emitModEvent(e, opts))

// ---------------------------------------------------------------------------
// Model text → typed event

export type LynxParseResult<T> =
  | { ok: true; value: T; repaired: boolean }
  | { ok: false; kind: 'unknown_type'; type: string; error: string }
  | { ok: false; kind: 'invalid'; error: string }

export const AI_EVENT_EXPECTED =
  `one JSON object, e.g. {"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_MOVE","x":0,"y":64,"z":10},"plans":"..."}; ` +
  `"type" is one of ${AI_EVENT_TYPES.join(' | ')}; "action.type" is one of ${ACTION_TYPES.join(' | ')}`

function parseTagged<T>(
  text: string,
  schema: z.ZodType<T>,
  canon: (v: unknown) => unknown,
  known: ReadonlySet<string>,
  what: string,
  expected?: string,
): LynxParseResult<T> {
  const ans = parseModelAnswer(text, schema, expected ? { expected } : {})
  if (ans.ok) return ans
  const raw = parseModelJson(text)
  if (raw.ok) {
    const c = canon(raw.value)
    if (isRecord(c) && typeof c.type === 'string' && !known.has(c.type)) {
      return { ok: false, kind: 'unknown_type', type: c.type, error: `unknown ${what} type ${quoteForMessage(c.type)}` }
    }
  }
  return { ok: false, kind: 'invalid', error: ans.error }
}

/**
 * A model's reply → canonical AI event. Tolerant of fences, comments and trailing
 * commas. `unknown_type` means well-formed JSON with a `type` we do not know (the mod
 * ignores those); `invalid` carries a correction message to send back to the model.
 */
export function parseLynxAiEvent(text: string): LynxParseResult<AiEvent> {
  return parseTagged(text, AiEventInputSchema, canonicalAiEvent, KNOWN_AI, 'AI event', AI_EVENT_EXPECTED)
}

/** A mod's message text → canonical mod event (for a remote mod or replayed logs). */
export function parseLynxModEvent(text: string): LynxParseResult<ModEvent> {
  return parseTagged(text, ModEventInputSchema, canonicalModEvent, KNOWN_MOD, 'mod event')
}

/** JSON Schema for the model's answer (structured output). */
export const AiEventJsonSchema = toModelJsonSchema(AiEventSchema, 'lynxmind_ai_event')
/** The same for OpenAI strict mode: unused fields come back as `null` and are dropped on parse. */
export const AiEventStrictJsonSchema = toModelJsonSchema(AiEventSchema, 'lynxmind_ai_event', { strict: true })

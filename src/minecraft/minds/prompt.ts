/**
 * Prompt rendering for model minds: the LynxMind protocol rendered compactly
 * from our zod schemas (a few hundred tokens instead of the 16 KB seed
 * document), and mod events rendered compactly (the heartbeat's slot lists
 * fold into one inventory map).
 */
import { z } from 'zod'
import { ActionSchema, AiEventSchema, type HeartbeatEvent, type ModEvent } from '../../protocols/lynxmind.js'
import { CONTEXT_LEGEND } from './context-block.js'

type Json = { [k: string]: unknown }

/** A JSON Schema fragment as a TypeScript-ish one-liner: `{x: number, y?: number}`. */
export function compactType(s: unknown): string {
  if (!s || typeof s !== 'object') return 'any'
  const j = s as Json
  if (Array.isArray(j.anyOf)) return (j.anyOf as unknown[]).map(compactType).join(' | ')
  if (Array.isArray(j.oneOf)) return (j.oneOf as unknown[]).map(compactType).join(' | ')
  if (j.const !== undefined) return JSON.stringify(j.const)
  if (Array.isArray(j.enum)) return (j.enum as unknown[]).map((v) => JSON.stringify(v)).join('|')
  switch (j.type) {
    case 'string':
      return 'string'
    case 'integer':
      return 'int'
    case 'number':
      return 'number'
    case 'boolean':
      return 'bool'
    case 'array':
      return `${compactType(j.items)}[]`
    case 'object': {
      const props = (j.properties ?? {}) as Record<string, unknown>
      const req = new Set((j.required as string[] | undefined) ?? [])
      const parts = Object.entries(props).map(([k, v]) => `${k}${req.has(k) ? '' : '?'}: ${compactType(v)}`)
      return `{${parts.join(', ')}}`
    }
    default:
      return 'any'
  }
}

/**
 * `EVENT_AI_STOP {reason: string}` for each member of a discriminated union; a field
 * replaced by `null` is left out (the game fills it in, the model never sends it).
 */
function renderUnion(schema: z.ZodDiscriminatedUnion, replace: Record<string, string | null> = {}): string[] {
  return schema.options.map((o) => {
    const js = z.toJSONSchema(o as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json
    const props = { ...((js.properties ?? {}) as Record<string, unknown>) }
    const type = (props.type as Json | undefined)?.const ?? ((props.type as Json | undefined)?.enum as unknown[] | undefined)?.[0]
    delete props.type
    const req = new Set(((js.required as string[] | undefined) ?? []).filter((r) => r !== 'type'))
    const fields = Object.entries(props)
      .filter(([k]) => replace[k] !== null)
      .map(([k, v]) => `${k}${req.has(k) ? '' : '?'}: ${replace[k] ?? compactType(v)}`)
    return `${String(type)}${fields.length ? ` {${fields.join(', ')}}` : ''}`
  })
}

/** Members with the same fields on one line: `A / B {f: string[]}`, and the field-less ones together. */
function foldSameFields(lines: readonly string[]): string[] {
  const byFields = new Map<string, string[]>()
  for (const l of lines) {
    const i = l.indexOf(' {')
    const fields = i < 0 ? '' : l.slice(i)
    byFields.set(fields, [...(byFields.get(fields) ?? []), i < 0 ? l : l.slice(0, i)])
  }
  return [...byFields].map(([fields, names]) => `${names.join(' / ')}${fields}`)
}

let cached: string | undefined

/**
 * The system prompt: role, reply shape, every event and action with its fields, and the
 * few rules a model needs (about 500 tokens; the first message of every call).
 */
export function renderSystemPrompt(): string {
  if (cached) return cached
  const ai = renderUnion(AiEventSchema as unknown as z.ZodDiscriminatedUnion, { action: 'Action' })
  const actions = renderUnion(ActionSchema as unknown as z.ZodDiscriminatedUnion, { craft_failed: null, craft_success: null })
  cached = [
    'You control a Minecraft survival player through the LynxMind protocol.',
    'Reply with exactly ONE JSON object, nothing else: {"type": <event>, ...fields}.',
    'Your events:',
    ...foldSameFields(ai).map((l) => `- ${l}`),
    'Action (one at a time; a new one replaces the running one):',
    ...actions.map((l) => `- ${l}`),
    'You receive: EVENT_PLAYER_STATUS_CREATE_TASK {task} (replaces older tasks), EVENT_PLAYER_REMOVE_TASK (reply NONE), EVENT_PLAYER_STATUS_HEARTBEAT (status),',
    'EVENT_PLAYER_BARITONE_TASK_STOP {reason, linked_action} (your action ended; reason says how; craft_failed: not crafted), EVENT_PLAYER_PICKUP_ITEM, scan results.',
    `Each message: <context> (what happened since your last reply; tags ${CONTEXT_LEGEND}), the latest status, the task, the event.`,
    'Rules: item ids are exact (minecraft:oak_planks); "log" means any log; mining needs the right tool (stone: wooden pickaxe, iron_ore: stone pickaxe);',
    'an ore out of sight is dug for (minutes; do not retry it at once). ACTION_CRAFTING needs the ingredients, finds or places a crafting table and smelts (needs a furnace and fuel).',
    'Decide from the latest status (EVENT_AI_GET_STATUS if none is shown). Task done or impossible: EVENT_AI_STOP with the reason.',
    'For item tasks a "runtime plan" line gives the milestones left, resolved from your inventory, and the next action: follow it unless the events show a reason not to.',
  ].join('\n')
  return cached
}

/** Inventory slots folded into `{item: count}`. */
export function inventoryMap(h: Pick<HeartbeatEvent, 'inventory_hotbar' | 'inventory_inner' | 'inventory_equipment'>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const s of [...h.inventory_hotbar, ...h.inventory_inner, ...h.inventory_equipment]) {
    out[s.item_stack.item_name] = (out[s.item_stack.item_name] ?? 0) + s.item_stack.count
  }
  return out
}

/** Heartbeat → one compact JSON line. */
export function compactHeartbeat(h: HeartbeatEvent): string {
  const r = (n: number) => Math.round(n * 10) / 10
  return JSON.stringify({
    type: h.type,
    pos: [Math.floor(h.posX), Math.floor(h.posY), Math.floor(h.posZ)],
    health: `${r(h.health)}/${r(h.maxHealth)}`,
    hunger: `${r(h.hunger)}/${r(h.maxHunger)}`,
    inventory: inventoryMap(h),
    current_baritone_task: h.current_baritone_task,
  })
}

/**
 * An action's end as the model sees it: the reason, and of the linked action only its
 * type and what failed to craft (the rest is what the model itself sent).
 */
export function compactTaskStop(e: Extract<ModEvent, { type: 'EVENT_PLAYER_BARITONE_TASK_STOP' }>): string {
  const a = e.linked_action
  const failed = a?.type === 'ACTION_CRAFTING' && a.craft_failed?.length ? { craft_failed: a.craft_failed } : {}
  return JSON.stringify({ type: e.type, reason: e.reason, ...(a ? { linked_action: { type: a.type, ...failed } } : {}) })
}

/** A mod event as the model sees it (heartbeats and action ends condensed, everything else as is). */
export function renderModEvent(e: ModEvent): string {
  if (e.type === 'EVENT_PLAYER_STATUS_HEARTBEAT') return compactHeartbeat(e)
  if (e.type === 'EVENT_PLAYER_BARITONE_TASK_STOP') return compactTaskStop(e)
  return JSON.stringify(e)
}

/** Pickups since the last call folded into one line: `picked up 2 minecraft:oak_log, 1 minecraft:dirt`. */
export function pickupLine(pickups: ReadonlyMap<string, number>): string | undefined {
  if (pickups.size === 0) return undefined
  return `picked up ${[...pickups].map(([name, n]) => `${n} ${name}`).join(', ')}`
}

/**
 * Prompt rendering for model minds: the LynxMind protocol rendered compactly
 * from our zod schemas (a few hundred tokens instead of the 16 KB seed
 * document), and mod events rendered compactly (the heartbeat's slot lists
 * fold into one inventory map).
 */
import { z } from 'zod'
import { ActionSchema, AiEventSchema, type HeartbeatEvent, type ModEvent } from '../../protocols/lynxmind.js'

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

/** `EVENT_AI_STOP {reason: string}` for each member of a discriminated union. */
function renderUnion(schema: z.ZodDiscriminatedUnion, replace: Record<string, string> = {}): string[] {
  return schema.options.map((o) => {
    const js = z.toJSONSchema(o as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json
    const props = { ...((js.properties ?? {}) as Record<string, unknown>) }
    const type = (props.type as Json | undefined)?.const ?? ((props.type as Json | undefined)?.enum as unknown[] | undefined)?.[0]
    delete props.type
    const req = new Set(((js.required as string[] | undefined) ?? []).filter((r) => r !== 'type'))
    const fields = Object.entries(props).map(([k, v]) => `${k}${req.has(k) ? '' : '?'}: ${replace[k] ?? compactType(v)}`)
    return `${String(type)}${fields.length ? ` {${fields.join(', ')}}` : ''}`
  })
}

let cached: string | undefined

/** The system prompt: role, rules, and every event and action with its fields. */
export function renderSystemPrompt(): string {
  if (cached) return cached
  const ai = renderUnion(AiEventSchema as unknown as z.ZodDiscriminatedUnion, { action: 'Action' })
  const actions = renderUnion(ActionSchema as unknown as z.ZodDiscriminatedUnion, {
    craft_failed: '(filled in by the game)',
    craft_success: '(filled in by the game)',
  })
  cached = [
    'You control a Minecraft survival player through the LynxMind protocol.',
    'Reply with exactly ONE JSON object (no prose, no code fence, no comments): {"type": <event>, ...fields}.',
    '',
    'Your events:',
    ...ai.map((l) => `- ${l}`),
    'Action (inside EVENT_AI_CONTROL, field "action"; one at a time, a new one replaces the running one):',
    ...actions.map((l) => `- ${l}`),
    '',
    'Game events you receive: EVENT_PLAYER_STATUS_CREATE_TASK {task} (new task; forget older ones; first send EVENT_AI_GET_STATUS),',
    'EVENT_PLAYER_REMOVE_TASK (task cancelled; reply NONE), EVENT_PLAYER_STATUS_HEARTBEAT (status; shown condensed: pos, health, hunger, inventory map, current_baritone_task),',
    'EVENT_PLAYER_BARITONE_TASK_STOP {reason, linked_action} (your action ended: success or failure is in reason), EVENT_PLAYER_PICKUP_ITEM {name, count},',
    'EVENT_PLAYER_SCAN_BLOCK / EVENT_PLAYER_SCAN_ENTITY (scan results), EVENT_PLAYER_REPLY_STRIKE_BACK_TARGET_LIST.',
    '',
    'Rules: item ids are exact (minecraft:oak_planks); "log" collects any log; collect needs the right tool (stone needs a wooden pickaxe, iron_ore a stone pickaxe);',
    'collecting an ore none of which is in sight digs down by stairs and strip-mines for it (it takes minutes; let it run, do not retry it at once);',
    'ACTION_CRAFTING needs the ingredients in the inventory, finds or places a crafting table itself, and smelts furnace items (minecraft:iron_ingot from iron_ore, needs a furnace and fuel).',
    'After each action ends, check the inventory (EVENT_AI_GET_STATUS) and do the next step. When the task is done, or impossible, send EVENT_AI_STOP with the reason.',
    'For item tasks each event carries a "runtime plan" line: the recipe tree already resolved from your inventory into milestones, with the next action; follow it unless the events show a reason not to.',
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

/** A mod event as the model sees it (heartbeats condensed, everything else as is). */
export function renderModEvent(e: ModEvent): string {
  return e.type === 'EVENT_PLAYER_STATUS_HEARTBEAT' ? compactHeartbeat(e) : JSON.stringify(e)
}

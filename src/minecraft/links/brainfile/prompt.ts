/**
 * What the llm mind sends: a fixed system prompt (task list from the schema's help,
 * reply shape) and a compact rendering of the brain — not the raw file. Blocks are
 * grouped by type with the nearest few positions, memory values are cut, finished
 * tasks show their result or error so the model can act on them.
 */
import { TASK_HELP, TASK_TYPES, type BrainFile, type ChatLine } from '../../../protocols/brainfile.js'
import type { BodyStatus } from '../../body/types.js'
import { bareName } from '../../names.js'
import type { BrainView } from './mind.js'

export const PROMPT_DEFAULTS = { blockTypes: 8, positionsPerType: 2, chatLines: 6, memoryChars: 100, tasks: 8, textChars: 160 } as const
export type PromptOptions = Partial<Record<keyof typeof PROMPT_DEFAULTS, number>>

export function systemPrompt(botName: string): string {
  const tasks = TASK_TYPES.map((t) => `${t} {${TASK_HELP[t].parameters.join(',')}}: ${TASK_HELP[t].description}`).join('\n')
  return [
    `You are the mind of the Minecraft bot ${botName}. Each turn you get its state; answer with ONE JSON object and nothing else:`,
    `{"thought": "short reasoning", "memory_updates": {"key": value, "old_key": null}, "new_tasks": [{"type": "...", "parameters": {...}, "reason": "..."}]}`,
    'Tasks run in order, one at a time, after the ones already queued; each ends completed (with a result) or failed (with an error): read them and adapt.',
    'memory_updates set keys (null deletes one); keep memory short. new_tasks [] when the queue already does what you want.',
    'Priorities: answer players (CHAT) and do what they ask; pick up dropped items; get logs, then stone; explore when you see nothing useful.',
    'Coordinates are block coordinates. Task types (? = optional):',
    tasks,
  ].join('\n')
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const xyz = (p: { x: number; y: number; z: number }) => `${p.x},${p.y},${p.z}`
const short = (name: string) => bareName(name)

function chatLine(l: ChatLine, n: number): string {
  return `[${l.timestamp.slice(11)}] ${l.self ? 'me' : l.player}: ${cut(l.message, n)}`
}

function statusLine(s: BodyStatus): string {
  const p = s.position
  return `me: at ${xyz({ x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) })} facing yaw ${Math.round(s.yaw)} pitch ${Math.round(s.pitch)}; health ${Math.round(s.health)}/20 food ${s.food}/20; ${s.timeOfDay >= 13000 && s.timeOfDay < 23000 ? 'night' : 'day'}${s.action ? `; doing ${s.action.skill}${s.action.progress ? ` (${cut(s.action.progress, 60)})` : ''}` : ''}`
}

export function renderBlocks(brain: BrainFile, o: Required<PromptOptions>): string[] {
  const vb = brain.vision.blocks?.visible_blocks ?? []
  const groups = new Map<string, Array<{ p: string; d: number }>>()
  for (const b of vb) {
    const k = short(b.block_type)
    if (!groups.has(k)) {
      if (groups.size >= o.blockTypes) continue
      groups.set(k, [])
    }
    groups.get(k)!.push({ p: xyz(b.world_position), d: b.distance })
  }
  return [...groups].map(([k, list]) => `${k}×${list.length}: ${list.slice(0, o.positionsPerType).map((x) => `${x.p} d${x.d}`).join('; ')}`)
}

function taskLine(t: BrainFile['tasks'][number], n: number): string {
  const params = JSON.stringify(t.parameters)
  const tail = t.status === 'completed' && t.result ? ` → ${cut(t.result, n)}` : t.status === 'failed' && t.error ? ` → ${cut(t.error, n)}` : ''
  return `#${t.id} ${t.type} ${params === '{}' ? '' : `${params} `}${t.status}${tail}`
}

/** The user message of one cycle. */
export function renderState(view: BrainView, notes: readonly string[] = [], opts: PromptOptions = {}): string {
  const o = { ...PROMPT_DEFAULTS, ...opts } as Required<PromptOptions>
  const { brain } = view
  const out: string[] = [statusLine(view.status)]
  const inv = view.status.inventory.reduce<Record<string, number>>((acc, e) => ({ ...acc, [short(e.name)]: (acc[short(e.name)] ?? 0) + e.count }), {})
  out.push(`inventory: ${Object.entries(inv).map(([k, n]) => `${n} ${k}`).join(', ') || 'empty'}`)
  const fresh = new Set(view.newChat.map((l) => `${l.timestamp}|${l.player}|${l.message}`))
  const older = (brain.vision.chat ?? []).filter((l) => !fresh.has(`${l.timestamp}|${l.player}|${l.message}`)).slice(-Math.max(0, o.chatLines - view.newChat.length))
  if (older.length) out.push('earlier chat:', ...older.map((l) => chatLine(l, o.textChars)))
  if (view.newChat.length) out.push('NEW chat (answer it):', ...view.newChat.slice(-o.chatLines).map((l) => chatLine(l, o.textChars)))
  const blocks = renderBlocks(brain, o)
  out.push(`I see (interesting first, x,y,z and distance): ${blocks.length ? '' : 'nothing useful'}`, ...blocks.map((b) => `  ${b}`))
  const items = brain.vision.nearby_items ?? []
  if (items.length) out.push(`items on the ground: ${items.slice(0, 5).map((i) => `${i.count ?? 1} ${short(String(i.type ?? i.name ?? '?'))} at ${i.world_position ? xyz(i.world_position) : '?'}`).join('; ')}`)
  const ents = brain.vision.nearby_entities ?? []
  if (ents.length) out.push(`creatures/players: ${ents.slice(0, 5).map((e) => `${short(String(e.name ?? e.type ?? '?'))} at ${e.world_position ? xyz(e.world_position) : '?'} d${e.distance ?? '?'}`).join('; ')}`)
  const mem = Object.entries(brain.memory)
  if (mem.length) out.push('memory:', ...mem.map(([k, v]) => `  ${k}: ${cut(JSON.stringify(v) ?? 'null', o.memoryChars)}`))
  const tasks = brain.tasks.slice(-o.tasks)
  out.push(tasks.length ? 'tasks:' : 'tasks: none queued', ...tasks.map((t) => `  ${taskLine(t, o.textChars)}`))
  if (notes.length) out.push('notes:', ...notes.map((n) => `  ${cut(n, 300)}`))
  return out.join('\n')
}

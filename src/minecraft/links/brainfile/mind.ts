/**
 * The brain-file mind contract: every cycle a mind gets the brain (and a status
 * snapshot) and answers a delta `{thought, memory_updates, new_tasks}`, the reply
 * shape of the real plugin. Minds: builtin (offline planner), llm (any
 * OpenAI-compatible model), none (the file is the only input).
 */
import type { BodyStatus } from '../../body/types.js'
import type { BrainFile, ChatLine, NewTask } from '../../../protocols/brainfile.js'
import { emptyStats, type MindStats } from '../../minds/types.js'
import { interest } from './vision.js'
import { matchesName } from '../../names.js'

export type BrainMindKind = 'builtin' | 'llm' | 'none'
export type CycleTrigger = 'start' | 'timer' | 'idle' | 'chat'

export interface BrainView {
  brain: BrainFile
  botName: string
  status: BodyStatus
  /** Chat lines from players since the mind's previous cycle (each line is new exactly once). */
  newChat: ChatLine[]
  trigger: CycleTrigger
  /** True when no task is pending or running. */
  queueEmpty: boolean
}

export interface BrainDecision {
  thought: string
  memory_updates: Record<string, unknown>
  new_tasks: NewTask[]
  /** Set when the tasks come from the fallback rule, with why. */
  fallback?: string
}

export interface BrainMind {
  readonly kind: BrainMindKind
  decide(view: BrainView, signal: AbortSignal): Promise<BrainDecision>
  stats(): MindStats
}

export const emptyDecision = (thought = ''): BrainDecision => ({ thought, memory_updates: {}, new_tasks: [] })

/** `--mind none`: never adds anything; a person or another program writes the tasks. */
export class NoMind implements BrainMind {
  readonly kind = 'none' as const
  async decide(): Promise<BrainDecision> {
    return emptyDecision()
  }
  stats(): MindStats {
    return emptyStats()
  }
}

/**
 * The plugin's fallback when a model gives nothing usable (protocol-facts §2), applied
 * only while the queue is empty: a chat reply when someone spoke → mine the first
 * visible log, else stone → a random step within ±5 blocks → GET_POSITION.
 */
export function fallbackTasks(view: BrainView, why: string, random: () => number = Math.random): BrainDecision {
  const d: BrainDecision = { ...emptyDecision(`fallback: ${why}`), fallback: why }
  if (!view.queueEmpty) return d
  if (view.newChat.length > 0) {
    d.new_tasks.push({ type: 'CHAT', parameters: { message: `${view.newChat.at(-1)!.player}, I heard you but cannot think right now.` }, reason: 'fallback reply' })
    return d
  }
  const blocks = view.brain.vision.blocks?.visible_blocks ?? []
  const log = blocks.find((b) => interest(b.block_type) === 0)
  const stone = blocks.find((b) => matchesName('stone_like', b.block_type))
  const pick = log ?? stone
  if (pick) {
    const { x, y, z } = pick.world_position
    d.new_tasks.push({ type: log ? 'MINE_WOOD' : 'MINE_STONE', parameters: { x, y, z }, reason: 'fallback: mine what I see' })
    return d
  }
  const p = view.status.position
  if (view.status.connected) {
    const step = () => Math.round((random() * 2 - 1) * 5)
    d.new_tasks.push({ type: 'MOVE_TO', parameters: { x: Math.floor(p.x) + step(), z: Math.floor(p.z) + step() }, reason: 'fallback: look around' })
    return d
  }
  d.new_tasks.push({ type: 'GET_POSITION', parameters: {}, reason: 'fallback' })
  return d
}

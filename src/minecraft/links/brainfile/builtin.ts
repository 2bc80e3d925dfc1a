/**
 * The builtin brain-file mind: offline, no model. It reads the brain like a model
 * would and writes tasks: answers chat requests ("get wood", 「木を取ってきて」,
 * "come here", "follow me", "what do you have?", "where are you?") and works on a
 * `--goal` (parsed by the planner's goal parser; items are made by CRAFT, which
 * runs the recipe tree). Requests go to memory.player_requests.
 */
import { parseGoal, type Goal } from '../../planner/goal.js'
import { bareName, countByKey, namespaced, planKey } from '../../names.js'
import type { NewTask } from '../../../protocols/brainfile.js'
import { emptyStats, type MindStats } from '../../minds/types.js'
import { emptyDecision, type BrainDecision, type BrainMind, type BrainView } from './mind.js'

export type Intent =
  | { kind: 'wood' | 'stone'; count: number }
  | { kind: 'goal'; goal: Goal }
  | { kind: 'come' | 'follow' | 'inventory' | 'where' | 'help' }

const NUM_JA: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 }

function countIn(text: string): number | undefined {
  const d = /(\d{1,4})/.exec(text)
  if (d) return Number(d[1])
  for (const [k, v] of Object.entries(NUM_JA)) if (text.includes(`${k}個`) || text.includes(`${k}本`) || text.includes(`${k}つ`)) return v
  return undefined
}

/** Chat text → what the player wants, or undefined. */
export function understand(message: string, botName: string): Intent | undefined {
  const raw = message.trim()
  const t = raw.toLowerCase().replace(new RegExp(`@?${botName.toLowerCase()}[,:]?\\s*`, 'g'), '').trim()
  const mentioned = raw.toLowerCase().includes(botName.toLowerCase())
  if (/(what do you have|what have you got|inventory|持ち物|何を?持って|インベントリ)/.test(t)) return { kind: 'inventory' }
  if (/(where are you|your position|どこ)/.test(t)) return { kind: 'where' }
  if (/(follow me|ついて(き|来)て|付いて(き|来)て)/.test(t)) return { kind: 'follow' }
  const askVerb = /(取|と|持|も|集|切|掘|ほ|ちょうだい|ください|get|bring|fetch|collect|chop|gather|mine|cut|need)/
  if (/(木|丸太|原木|wood|log)/.test(t) && askVerb.test(t) && !/(pickaxe|axe|sword|shovel|plank|stick|table|ツルハシ)/.test(t)) {
    return { kind: 'wood', count: Math.min(64, countIn(t) ?? 3) }
  }
  if (/(石|stone|cobble|rock)/.test(t) && askVerb.test(t) && !/(pickaxe|axe|sword|shovel|furnace|ツルハシ|かまど)/.test(t)) {
    return { kind: 'stone', count: Math.min(64, countIn(t) ?? 3) }
  }
  if (/(come here|come to me|over here|こっちに?(来|き)て|ここに?(来|き)て|おいで|来て|きて$)/.test(t)) return { kind: 'come' }
  const g = parseGoal(t)
  if (g.ok) return { kind: 'goal', goal: g.goal }
  return mentioned ? { kind: 'help' } : undefined
}

/** A goal → tasks: logs by MINE_WOOD (fair: from what it sees), anything else by CRAFT (recipe tree). */
export function goalTasks(goal: Goal, inventory: Record<string, number>, reason: string): NewTask[] {
  if (goal.kind === 'goto') {
    return [{ type: 'MOVE_TO', parameters: goal.y === undefined ? { x: goal.x, z: goal.z } : { x: goal.x, y: goal.y, z: goal.z }, reason }]
  }
  const key = planKey(goal.item)
  const held = countByKey(inventory).get(key) ?? 0
  const more = goal.kind === 'get' ? goal.count - held : goal.count
  if (more <= 0) return []
  if (key === 'log') return [{ type: 'MINE_WOOD', parameters: { count: Math.min(64, more) }, reason }]
  if (['cobblestone', 'stone', 'coal', 'raw_iron', 'iron_ore', 'dirt', 'sand'].includes(bareName(goal.item)) && goal.kind === 'collect') {
    return [{ type: 'COLLECT', parameters: { block: namespaced(goal.item), count: more }, reason }]
  }
  return [{ type: 'CRAFT', parameters: { item: key === 'planks' ? 'planks' : namespaced(goal.item), count: more }, reason }]
}

interface Report {
  player: string
  kind: 'inventory' | 'where'
  after: string
}

export class BrainBuiltinMind implements BrainMind {
  readonly kind = 'builtin' as const
  private goalTries = 0
  private reports: Report[] = []

  constructor(private readonly opts: { goal?: string; maxGoalTries?: number } = {}) {}

  stats(): MindStats {
    return emptyStats()
  }

  private inventory(view: BrainView): Record<string, number> {
    const inv: Record<string, number> = {}
    for (const e of view.status.inventory) inv[e.name] = (inv[e.name] ?? 0) + e.count
    return inv
  }

  async decide(view: BrainView): Promise<BrainDecision> {
    const d = emptyDecision()
    const thoughts: string[] = []
    const requests = Array.isArray(view.brain.memory.player_requests) ? [...(view.brain.memory.player_requests as unknown[])] : []
    const now = new Date().toISOString()

    // answers that waited for a GET_* task to finish
    const stillRunning = (type: string) => view.brain.tasks.some((t) => t.type === type && (t.status === 'pending' || t.status === 'in_progress'))
    for (const r of this.reports.splice(0)) {
      if (r.kind === 'inventory') {
        const st = view.brain.memory.inventory_state as { last_checked?: string; items?: Array<{ type: string; count: number }> } | undefined
        if (stillRunning('GET_INVENTORY') || !st?.last_checked || st.last_checked < r.after) {
          this.reports.push(r)
          continue
        }
        const items = (st.items ?? []).map((i) => `${i.count} ${bareName(i.type)}`).join(', ')
        d.new_tasks.push({ type: 'CHAT', parameters: { message: `${r.player}: ${items ? `I have ${items}` : 'my inventory is empty'}` }, reason: 'answer the inventory question' })
      } else {
        const p = view.brain.memory.current_position as { x: number; y: number; z: number } | undefined
        if (stillRunning('GET_POSITION') || !p) {
          this.reports.push(r)
          continue
        }
        d.new_tasks.push({ type: 'CHAT', parameters: { message: `${r.player}: I am at ${p.x} ${p.y} ${p.z}` }, reason: 'answer where I am' })
      }
    }

    for (const line of view.newChat) {
      const intent = understand(line.message, view.botName)
      if (!intent) continue
      const who = line.player
      const reason = `${who}: ${line.message}`
      thoughts.push(`${who} asked: ${intent.kind}`)
      switch (intent.kind) {
        case 'wood':
        case 'stone':
          d.new_tasks.push(
            { type: 'CHAT', parameters: { message: `OK ${who}, getting ${intent.count} ${intent.kind === 'wood' ? 'logs' : 'stone'}` }, reason },
            { type: intent.kind === 'wood' ? 'MINE_WOOD' : 'MINE_STONE', parameters: { count: intent.count }, reason },
            { type: 'GET_INVENTORY', parameters: {}, reason },
          )
          this.reports.push({ player: who, kind: 'inventory', after: now })
          break
        case 'goal': {
          const tasks = goalTasks(intent.goal, this.inventory(view), reason)
          d.new_tasks.push({ type: 'CHAT', parameters: { message: tasks.length ? `OK ${who}, on it` : `${who}: I already have that` }, reason }, ...tasks)
          break
        }
        case 'come': {
          const seen = (view.brain.vision.nearby_entities ?? []).find((e) => e.name === who && e.world_position)
          d.new_tasks.push({ type: 'CHAT', parameters: { message: `coming, ${who}` }, reason })
          if (seen?.world_position) d.new_tasks.push({ type: 'MOVE_TO', parameters: { ...seen.world_position }, reason })
          else d.new_tasks.push({ type: 'FOLLOW', parameters: { player: who, seconds: 15 }, reason })
          break
        }
        case 'follow':
          d.new_tasks.push({ type: 'CHAT', parameters: { message: `following you for a minute, ${who}` }, reason }, { type: 'FOLLOW', parameters: { player: who, seconds: 60 }, reason })
          break
        case 'inventory':
          d.new_tasks.push({ type: 'GET_INVENTORY', parameters: {}, reason })
          this.reports.push({ player: who, kind: 'inventory', after: now })
          break
        case 'where':
          d.new_tasks.push({ type: 'GET_POSITION', parameters: {}, reason })
          this.reports.push({ player: who, kind: 'where', after: now })
          break
        case 'help':
          d.new_tasks.push({ type: 'CHAT', parameters: { message: `${who}: try "get wood", "get 2 stone", "come here", "follow me", "what do you have?" or "craft a wooden pickaxe"` }, reason })
          break
      }
      if (intent.kind !== 'help') requests.push({ player: who, request: line.message, status: 'accepted', timestamp: line.timestamp })
    }
    if (requests.length !== (Array.isArray(view.brain.memory.player_requests) ? view.brain.memory.player_requests.length : 0)) {
      d.memory_updates.player_requests = requests.slice(-10)
    }

    // the --goal: issued when the queue runs empty and it is not met yet (a few tries)
    if (this.opts.goal && view.queueEmpty && d.new_tasks.length === 0 && this.goalTries < (this.opts.maxGoalTries ?? 3)) {
      const g = parseGoal(this.opts.goal)
      if (!g.ok) {
        this.goalTries = Infinity
        d.new_tasks.push({ type: 'CHAT', parameters: { message: `I do not understand the goal: ${g.reason}` }, reason: 'goal' })
      } else {
        const tasks = goalTasks(g.goal, this.inventory(view), `goal: ${this.opts.goal}`)
        if (tasks.length) {
          this.goalTries++
          d.new_tasks.push(...tasks)
          thoughts.push(`working on the goal "${this.opts.goal}" (try ${this.goalTries})`)
          if (g.goal.kind === 'goto' || g.goal.kind === 'collect') this.goalTries = Infinity
        } else if (this.goalTries < Infinity) {
          d.memory_updates.goal = { text: this.opts.goal, status: 'done', at: now }
          thoughts.push(`goal "${this.opts.goal}" is met`)
          this.goalTries = Infinity
        }
      }
    }
    d.thought = thoughts.join('; ')
    return d
  }
}

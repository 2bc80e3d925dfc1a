/**
 * The state message the plugin sends to MaiCore: the Amaidesu plugin's game context (goal,
 * plan, step, progress, event history, last code info) plus a MineLand-shaped observation
 * built from the protocol-neutral body (BodyStatus + raycast Vision), rendered compactly.
 *
 * Compact, not lossy where it matters: empty inventory slots, unknown fields and image
 * data are left out, numbers are rounded, and the 3×3×3 voxels become "what is under the
 * feet and what touches the bot". `bench/maicore.bench.ts` measures it against a raw
 * MineLand observation dump of the same state.
 */
import type { BodyStatus, Vision } from '../../body/types.js'
import { buildMessageBase, type MaiCoreReply, type MessageBase } from '../../../protocols/maim.js'
import { isAirName, bareName } from '../../names.js'

export const GOAL_HISTORY_MAX = 50
export const EVENT_HISTORY_MAX = 20
/** Newest events kept between two state messages. */
const PENDING_EVENTS_MAX = 20

export const NEXT_GOAL_LINE = '请根据上一次游戏目标，制定下一个具体目标：'
export const NEXT_ACTION_LINE = '请根据当前游戏状态，给出下一步动作，逐步实现目标：'

export interface MineLandEvent {
  type: string
  message: string
  tick: number
}

export type { CodeError } from '../../../core/sandbox/types.js'
import type { CodeError } from '../../../core/sandbox/types.js'

/** MineLand's `code_info`. */
export interface CodeInfo {
  name: string
  is_running: boolean
  is_ready: boolean
  last_code: string | null
  code_tick: number | null
  code_error: CodeError | null
}

/** The observation we send: MineLand's field names, compact values. */
export interface CompactObservation {
  name: string
  inventory: { name: string[]; quantity: number[] }
  inventory_all: Record<string, number>
  equipment: Record<string, string>
  voxels: { below: string | null; near: string[] }
  face_vector: [number, number, number]
  life_stats: { life: number; oxygen: number; food: number; saturation: number }
  location_stats: { pos: [number, number, number]; yaw: number; pitch: number }
  tick: number
  time: number
  day: number
  target_entities: Array<{ name: string; kind: string; pos: [number, number, number]; d: number }>
}

const r1 = (v: number) => Math.round(v * 10) / 10
const r2 = (v: number) => Math.round(v * 100) / 100

/** World age in ticks as the body knows it (MineLand's `tick` counts steps; ours counts game time). */
export function tickOf(status: Pick<BodyStatus, 'day' | 'timeOfDay'>): number {
  return status.day * 24000 + status.timeOfDay
}

/** Minecraft yaw/pitch (degrees, yaw 0 = +Z, clockwise; pitch down positive) → unit look vector. */
export function faceVector(yawDeg: number, pitchDeg: number): [number, number, number] {
  const yaw = (yawDeg * Math.PI) / 180
  const pitch = (pitchDeg * Math.PI) / 180
  const c = Math.cos(pitch)
  return [r2(-Math.sin(yaw) * c) || 0, r2(-Math.sin(pitch)) || 0, r2(Math.cos(yaw) * c) || 0]
}

/**
 * @param vision what the eyes see ahead (target entities)
 * @param around a short 360° look (the blocks touching the bot); `vision` when absent
 */
export function buildObservation(name: string, status: BodyStatus, vision: Vision, around?: Vision): CompactObservation {
  const inv = [...status.inventory].filter((e) => e.slot >= 9 && e.slot <= 44).sort((a, b) => a.slot - b.slot)
  const all: Record<string, number> = {}
  for (const e of status.inventory) {
    const n = bareName(e.name)
    all[n] = (all[n] ?? 0) + e.count
  }
  const equipment: Record<string, string> = {}
  for (const [slot, item] of Object.entries(status.equipment)) if (item) equipment[slot] = bareName(item)
  const feet = { x: Math.floor(status.position.x), y: Math.floor(status.position.y), z: Math.floor(status.position.z) }
  let below: string | null = null
  const near = new Set<string>()
  for (const b of (around ?? vision).blocks) {
    const dx = b.position.x - feet.x
    const dy = b.position.y - feet.y
    const dz = b.position.z - feet.z
    if (Math.abs(dx) > 1 || Math.abs(dz) > 1 || dy < -1 || dy > 1) continue
    const n = bareName(b.name)
    if (isAirName(n)) continue
    if (dx === 0 && dz === 0 && dy === -1) below = n
    else near.add(n)
  }
  return {
    name,
    inventory: { name: inv.map((e) => bareName(e.name)), quantity: inv.map((e) => e.count) },
    inventory_all: all,
    equipment,
    voxels: { below, near: [...near].sort() },
    face_vector: faceVector(status.yaw, status.pitch),
    life_stats: { life: r1(status.health), oxygen: 20, food: status.food, saturation: r1(status.saturation) },
    location_stats: { pos: [r1(status.position.x), r1(status.position.y), r1(status.position.z)], yaw: Math.round(status.yaw), pitch: Math.round(status.pitch) },
    tick: tickOf(status),
    time: status.timeOfDay,
    day: status.day,
    target_entities: vision.entities.slice(0, 8).map((e) => ({
      name: e.kind === 'player' ? e.name : bareName(e.item ? e.item.name : e.name),
      kind: e.kind,
      pos: [Math.round(e.position.x), Math.round(e.position.y), Math.round(e.position.z)],
      d: Math.round(e.distance),
    })),
  }
}

/** "oak_log×6@(3,65,-2)" for the nearest of each kind of block in view (up to `max` kinds). */
export function seenSummary(vision: Vision, max = 8): string {
  const by = new Map<string, { n: number; x: number; y: number; z: number }>()
  for (const b of vision.blocks) {
    const n = bareName(b.name)
    const cur = by.get(n)
    if (cur) cur.n++
    else by.set(n, { n: 1, ...b.position })
  }
  return [...by.entries()]
    .slice(0, max)
    .map(([n, v]) => `${n}×${v.n}@(${v.x},${v.y},${v.z})`)
    .join(' ')
}

/** Short Chinese notes on what needs attention (the plugin's "state analysis"). */
export function statusPrompts(status: BodyStatus, obs: CompactObservation, code: CodeInfo): string[] {
  const out: string[] = []
  if (!status.connected) out.push('未连接到服务器')
  if (status.health <= 6) out.push(`生命值低(${r1(status.health)}/20)，先脱离危险或进食`)
  if (status.food <= 6) out.push(`饥饿(${status.food}/20)，需要进食`)
  if (status.timeOfDay >= 13000 && status.timeOfDay < 23000) out.push('夜晚，小心怪物')
  if (obs.inventory.name.length >= 36) out.push('背包已满')
  if (obs.inventory.name.length === 0) out.push('背包是空的')
  if (code.is_running) out.push('上一个程序仍在运行')
  else if (code.code_error) out.push(`上一个程序出错: ${code.code_error.error_type}: ${code.code_error.error_message}`)
  return out
}

export const PRIMITIVES_LINE =
  'await mineBlock(bot,name,count) craftItem(bot,name,count) smeltItem(bot,item,fuel,count) placeItem(bot,name,{x,y,z}) killMob(bot,name,timeout) huntMob(bot,mob,item,count) gatherItem(bot,name,count) exploreUntil(bot,{x,y,z},maxTime,()=>found) moveTo(bot,x,y,z) equip(bot,name) eat(bot,name) useChest(bot,{x,y,z},{deposit:{name:n},withdraw:{name:n}}); bot.chat(msg) bot.inventory.items() bot.entity.position; name may be a family: log planks stone'

export const REPLY_FORMAT_LINE = '只回复JSON: {"actions":"<JavaScript>","goal"?:"..","plan"?:[".."],"step"?:"..","targetValue"?:int,"currentValue"?:int}'

export interface StateContext {
  name: string
  status: BodyStatus
  vision: Vision
  around?: Vision
}

/** The plugin's game state: goal, plan, progress, histories, last code info. */
export class MaiCoreGame {
  goal: string
  readonly goalHistory: string[] = []
  plan: string[] = []
  step = ''
  targetValue = 1
  currentValue = 0
  readonly eventHistory: MineLandEvent[] = []
  private pending: MineLandEvent[] = []
  code: CodeInfo

  constructor(goal: string, name: string) {
    this.goal = goal
    this.code = { name, is_running: false, is_ready: true, last_code: null, code_tick: null, code_error: null }
  }

  setGoal(goal: string): void {
    const g = goal.trim()
    if (!g || g === this.goal) return
    this.goalHistory.push(this.goal)
    if (this.goalHistory.length > GOAL_HISTORY_MAX) this.goalHistory.splice(0, this.goalHistory.length - GOAL_HISTORY_MAX)
    this.goal = g
  }

  /** The optional fields of a reply update the game state (a new goal pushes the old one). */
  applyReply(r: MaiCoreReply): void {
    if (r.goal !== undefined) this.setGoal(r.goal)
    if (r.plan !== undefined) this.plan = r.plan.map((s) => s.trim()).filter(Boolean)
    if (r.step !== undefined) this.step = r.step
    if (r.targetValue !== undefined) this.targetValue = r.targetValue
    if (r.currentValue !== undefined) this.currentValue = r.currentValue
  }

  /** A game event: kept until the next state message, and in the history unless a (type, message) twin is there. */
  addEvent(e: MineLandEvent): void {
    this.pending.push(e)
    if (this.pending.length > PENDING_EVENTS_MAX) this.pending.shift()
    if (this.eventHistory.some((h) => h.type === e.type && h.message === e.message)) return
    this.eventHistory.push(e)
    if (this.eventHistory.length > EVENT_HISTORY_MAX) this.eventHistory.shift()
  }

  get goalReached(): boolean {
    return this.currentValue >= this.targetValue
  }

  instructionLine(): string {
    return this.goalReached ? NEXT_GOAL_LINE : NEXT_ACTION_LINE
  }

  /** The text segment: the instruction line and the five context lines. */
  segmentText(): string {
    return [
      this.instructionLine(),
      '',
      `- 目标：${this.goal}`,
      `- 计划：${this.plan.join('；')}`,
      `- 当前步骤：${this.step}`,
      `- 目标值：${this.targetValue}`,
      `- 当前完成度：${this.currentValue}`,
    ].join('\n')
  }

  /** The template items (all strings); takes the pending events (they are sent once). */
  templateItems(ctx: StateContext): Record<string, string> {
    const obs = buildObservation(ctx.name, ctx.status, ctx.vision, ctx.around)
    const events = this.pending
    this.pending = []
    const prompts = statusPrompts(ctx.status, obs, this.code)
    const seen = seenSummary(ctx.vision)
    const obsJson = JSON.stringify(obs)
    const codeJson = JSON.stringify(this.code)
    const evLine = (list: MineLandEvent[]) => list.map((e) => `${e.type}:${e.message}`).join('; ')
    const agent = `${ctx.name}: Minecraft机器人，由你写的JavaScript控制`
    const codeLine = this.code.is_running
      ? '运行中'
      : this.code.code_error
        ? `失败 ${this.code.code_error.error_type}: ${this.code.code_error.error_message}`
        : this.code.last_code
          ? '成功'
          : '无'
    const prompt = [
      agent,
      prompts.length ? `状态: ${prompts.join('；')}` : '',
      `观察: ${obsJson}`,
      seen ? `视野: ${seen}` : '',
      events.length ? `新事件: ${evLine(events)}` : '',
      this.eventHistory.length ? `事件历史: ${evLine(this.eventHistory.slice(-8))}` : '',
      `上个程序: ${codeLine}`,
      `目标: ${this.goal} | 计划: ${this.plan.join('；')} | 步骤: ${this.step} | 进度: ${this.currentValue}/${this.targetValue}`,
      this.instructionLine(),
      REPLY_FORMAT_LINE,
      `可用: ${PRIMITIVES_LINE}`,
    ]
      .filter(Boolean)
      .join('\n')
    return {
      agent_info: agent,
      status_prompts: prompts.join('\n'),
      observations: obsJson,
      events: JSON.stringify(events),
      code_infos: codeJson,
      event_history: JSON.stringify(this.eventHistory),
      goal: this.goal,
      plan: this.plan.join('；'),
      step: this.step,
      target_value: String(this.targetValue),
      current_value: String(this.currentValue),
      reasoning_prompt_main: prompt,
    }
  }
}

export interface StateMessageOptions {
  platform: string
  userId: string | number
  nickname: string
  groupId?: string | number | undefined
  now?: () => number
}

/** A usable group id: a non-empty string or a positive integer (the plugin sends null otherwise). */
export function validGroupId(id: string | number | undefined | null): string | number | null {
  if (id === undefined || id === null) return null
  if (typeof id === 'number') return Number.isInteger(id) && id > 0 ? id : null
  const s = id.trim()
  return s && !/^(0|none|null)$/i.test(s) ? s : null
}

export function buildStateMessage(game: MaiCoreGame, ctx: StateContext, o: StateMessageOptions): MessageBase {
  const text = game.segmentText()
  return buildMessageBase({
    platform: o.platform,
    userId: o.userId,
    userNickname: o.nickname,
    groupId: validGroupId(o.groupId),
    text,
    rawMessage: text,
    contentFormat: ['text'],
    acceptFormat: ['text'],
    templateItems: game.templateItems(ctx),
    templateName: 'Minecraft',
    templateDefault: false,
    additionalConfig: { maimcore_reply_probability_gain: 1 },
    ...(o.now ? { now: o.now } : {}),
  })
}

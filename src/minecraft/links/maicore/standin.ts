/**
 * A stand-in MaiCore: a real maim_message 0.6.8 WebSocket server (standin-server.ts) whose
 * mind answers each state message with JavaScript actions, the way MaiCore would:
 * - `builtin`: the recipe planner, offline. It reads the observation's inventory, plans the
 *   goal (a stone pickaxe unless the state's goal names another item) and writes the whole
 *   plan as one program of primitives (`await mineBlock(bot, 'log', 3)`, `craftItem`…).
 *   A failed program is re-planned from the new inventory; the same failure on an
 *   unchanged inventory three times in a row ends in a plain-chat "giving up".
 * - `llm`: a model writes the reply JSON, with the primitives documented in its prompt and,
 *   for an item goal, a `runtime plan` line from the one planner (minds/plan-hint.ts, the
 *   LynxMind llm mind's line): the milestones left from the state's inventory.
 * Replies come back like MaiCore's: a `seglist` of text segments (long text split), with
 * `sender_info`, but only to the connection that sent the state (MaiCore routes by the
 * message's platform, which any other connection could name). Connections need a token:
 * a random one unless `tokens` names them (`[]`: none, like MaiCore without tokens).
 */
import { randomUUID } from 'node:crypto'
import type { Logger } from '../../../core/logger.js'
import { newToken } from '../../../core/http-guard.js'
import type { ChatMessage, LlmClient } from '../../../core/llm/index.js'
import { isLlmError } from '../../../core/llm/index.js'
import { buildMessageBase, type MessageBase, type Seg } from '../../../protocols/maim.js'
import { describeGoal, parseGoal, type Goal } from '../../planner/goal.js'
import type { PlanStep } from '../../planner/plan.js'
import { PlanExecutor } from '../../planner/executor.js'
import { PlanHints, describeMilestone } from '../../minds/plan-hint.js'
import { namespaced, planKey } from '../../names.js'
import { primitiveLine } from './primitives.js'
import { emptyStats, type MindStats } from '../../minds/types.js'
import { MaimServer, type MaimConnection } from './standin-server.js'
import { PRIMITIVES_LINE, REPLY_FORMAT_LINE, type CodeError } from './state.js'

/** What a stand-in mind reads from a state message. */
export interface StandinState {
  goal: string
  /** Namespaced id → count (from `observations.inventory_all`). */
  inventory: Record<string, number>
  isRunning: boolean
  codeError: CodeError | null
  lastCode: string | null
  /** The rendered prompt (`reasoning_prompt_main`), else the text segment. */
  prompt: string
}

export interface StandinMind {
  /** The reply text (JSON for actions, anything else is chat), or null for no reply. */
  decide(state: StandinState): Promise<string | null>
  /** Model calls and the tokens the model server reported (the status's mind stats); none for a mind without a model. */
  stats?(): MindStats
}

function parseJson(s: string | undefined): unknown {
  if (!s) return undefined
  try {
    return JSON.parse(s)
  } catch {
    return undefined
  }
}

/** The stand-in's view of a plugin state message; null when it is not one. */
export function readState(msg: MessageBase): StandinState | null {
  const items = msg.message_info.template_info?.template_items
  if (!items) return null
  const obs = parseJson(items.observations) as { inventory_all?: Record<string, unknown> } | undefined
  const code = parseJson(items.code_infos) as { is_running?: unknown; code_error?: CodeError | null; last_code?: string | null } | undefined
  const inventory: Record<string, number> = {}
  for (const [k, v] of Object.entries(obs?.inventory_all ?? {})) if (typeof v === 'number' && v > 0) inventory[namespaced(k)] = v
  const seg = msg.message_segment
  return {
    goal: items.goal ?? '',
    inventory,
    isRunning: code?.is_running === true,
    codeError: code?.code_error ?? null,
    lastCode: code?.last_code ?? null,
    prompt: items.reasoning_prompt_main ?? (seg.type === 'text' && typeof seg.data === 'string' ? seg.data : ''),
  }
}

function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

export function describeStep(s: PlanStep): string {
  if (s.kind === 'collect') return `挖 ${s.count} ${planKey(s.item)}`
  if (s.kind === 'smelt') return `烧炼 ${s.count} ${s.item}`
  if (s.kind === 'craft') return `合成 ${s.count} ${planKey(s.item)}`
  if (s.kind === 'hunt') return `猎 ${s.entity} 取 ${s.count} ${s.item}`
  return `获取 ${s.count} ${s.item}`
}

export interface BuiltinStandinOptions {
  /** Used when the state's goal is not an item goal (default "get 1 stone_pickaxe"). */
  target?: string
  /** Decisions per goal before it gives up (default 200). */
  maxActions?: number
}

/**
 * The builtin stand-in: the one plan executor (../../planner/executor.ts), one step per
 * program. Each state message reports how the last program ended (its code error, or the
 * inventory it left) and gets the next step as one line of primitives.
 */
export class BuiltinStandinMind implements StandinMind {
  private readonly fallback: Goal
  private readonly maxActions: number
  private exec: { text: string; ex: PlanExecutor; waiting: boolean } | undefined
  private announced = new Set<string>()
  private gaveUp = new Map<string, string>()

  constructor(opts: BuiltinStandinOptions = {}) {
    const g = parseGoal(opts.target ?? 'get 1 stone_pickaxe')
    if (!g.ok || g.goal.kind === 'goto') throw new Error(`stand-in target must be an item goal: ${g.ok ? 'goto is not one' : g.reason}`)
    this.fallback = g.goal
    this.maxActions = opts.maxActions ?? 200
  }

  async decide(s: StandinState): Promise<string | null> {
    if (s.isRunning) return '好的，程序还在运行，我等它结束。'
    const parsed = parseGoal(s.goal)
    const goal = parsed.ok && parsed.goal.kind !== 'goto' ? parsed.goal : this.fallback
    if (goal.kind === 'goto') return null
    const goalText = describeGoal(goal)
    const given = this.gaveUp.get(goalText)
    if (given) return `我放弃了: ${given}`
    if (this.exec?.text !== goalText) {
      this.exec = { text: goalText, ex: new PlanExecutor({ item: goal.item, count: goal.count, mode: 'get' }, { maxActions: this.maxActions }), waiting: false }
    }
    const { ex } = this.exec
    if (this.exec.waiting) {
      // how the last program ended: an error, or judged by the inventory it left
      ex.report(s.codeError ? { ok: false, reason: `${s.codeError.error_type}: ${s.codeError.error_message}` } : { reason: 'program ended' })
      this.exec.waiting = false
    }
    const have = ex.held(s.inventory)
    const d = ex.next({ inventory: s.inventory })
    if (d.kind === 'done') {
      if (this.announced.has(goalText)) return `目标「${goalText}」已经完成了。`
      this.announced.add(goalText)
      return JSON.stringify({ actions: `bot.chat(${quote(`done: ${goalText}`)});`, goal: goalText, step: 'done', targetValue: goal.count, currentValue: have })
    }
    if (d.kind === 'failed') {
      this.gaveUp.set(goalText, d.reason)
      return `没法完成「${goalText}」: ${d.reason}`
    }
    this.exec.waiting = true
    const program =
      d.kind === 'step'
        ? primitiveLine(d.step)
        : d.kind === 'recover'
          ? `await moveTo(bot, ${Math.floor(d.at.x)}, ${Math.floor(d.at.y)}, ${Math.floor(d.at.z)});`
          : `await exploreUntil(bot, ${JSON.stringify({ x: d.direction.x, y: 0, z: d.direction.z })}, 30, () => null);`
    return JSON.stringify({
      actions: program,
      goal: goalText,
      step: d.kind === 'step' ? describeStep(d.step) : d.kind === 'recover' ? '回去捡掉落的东西' : '换个地方找',
      targetValue: goal.count,
      currentValue: have,
    })
  }
}

export const LLM_STANDIN_SYSTEM = [
  'You are MaiCore controlling a Minecraft bot named in the prompt. Each message is the game state.',
  'Answer with ONE JSON object and nothing else: {"actions": "<JavaScript>", "goal"?: string, "plan"?: [string], "step"?: string, "targetValue"?: integer, "currentValue"?: integer}.',
  'The JavaScript runs in a sandbox with top-level await. Available:',
  PRIMITIVES_LINE,
  'Each primitive throws a PrimitiveError with a reason when it fails; the next state message reports it in code_infos.',
  'Mining needs the right tool (stone needs a wooden pickaxe). craftItem crafts intermediate items itself but needs raw materials.',
  'For an item goal a "runtime plan" line gives the milestones left, resolved from the inventory: follow it unless the state shows a reason not to.',
  REPLY_FORMAT_LINE,
].join('\n')

/**
 * The plan line for one goal, from the one planner: the milestones left from the
 * inventory (one collect, one smelt, or a run of crafts `craftItem` does in one go).
 */
export class StandinPlanLine {
  private hints: PlanHints | undefined

  /** The line for this state, or undefined when its goal is no item goal. */
  line(s: Pick<StandinState, 'goal' | 'inventory'>): string | undefined {
    if (this.hints?.taskText !== s.goal) this.hints = new PlanHints(s.goal)
    const h = this.hints.applies ? this.hints.hint(s.inventory) : undefined
    if (!h) return undefined
    if (h.state !== 'next') return `runtime plan: ${h.text.replace(/; send EVENT_AI_STOP$/, '')}`
    return `runtime plan (recipe tree resolved from the inventory): ${h.milestones.map(describeMilestone).join(' → ')}; next: ${describeMilestone(h.milestones[0]!)}`
  }
}

export class LlmStandinMind implements StandinMind {
  private history: ChatMessage[] = []
  private readonly plan = new StandinPlanLine()
  private readonly st: MindStats = emptyStats()

  constructor(
    private readonly client: LlmClient,
    private readonly logger?: Logger,
  ) {}

  stats(): MindStats {
    return { ...this.st }
  }

  async decide(s: StandinState): Promise<string | null> {
    if (s.isRunning) return null
    const planLine = this.plan.line(s)
    const user: ChatMessage = { role: 'user', content: planLine ? `${s.prompt}\n\n${planLine}` : s.prompt }
    try {
      this.st.calls++
      const r = await this.client.chat({ messages: [{ role: 'system', content: LLM_STANDIN_SYSTEM }, ...this.history, user], temperature: 0.2 })
      this.st.promptTokens += r.usage.promptTokens
      this.st.completionTokens += r.usage.completionTokens
      this.history.push(user, { role: 'assistant', content: r.text })
      this.history = this.history.slice(-8)
      return r.text
    } catch (err) {
      this.st.failures++
      this.logger?.warn('stand-in model call failed; no reply this time', { error: isLlmError(err) ? err.message : String(err) })
      return null
    }
  }
}

export interface StandinOptions {
  mind: StandinMind
  host?: string
  /** Default 8000 (MaiCore's); 0 = any free port. */
  port?: number
  /** Accepted `Authorization` values. Default: one random token (`token`); `[]` accepts any connection. */
  tokens?: string[]
  logger?: Logger
  out?: (line: string) => void
  /** Reply texts longer than this are split into several text segments, as MaiCore does (default 400). */
  splitAt?: number
}

/** MaiCore's reply shape: a seglist of text segments, sender_info set, string message_id, float time. */
export function maiCoreReply(to: MessageBase, text: string, splitAt = 400): MessageBase {
  const chunks: string[] = []
  for (let i = 0; i < text.length; i += splitAt) chunks.push(text.slice(i, i + splitAt))
  const segment: Seg = { type: 'seglist', data: (chunks.length ? chunks : ['']).map((c) => ({ type: 'text', data: c })) }
  const info = to.message_info
  const msg = buildMessageBase({
    platform: info.platform,
    userId: info.user_info?.user_id ?? 'unknown',
    ...(info.user_info?.user_nickname ? { userNickname: info.user_info.user_nickname } : {}),
    groupId: info.group_info?.group_id ?? null,
    segment,
    contentFormat: ['text'],
    acceptFormat: ['text', 'emoji'],
    messageId: randomUUID(),
    time: Date.now() / 1000,
    rawMessage: null,
  })
  msg.message_info.template_info = undefined
  ;(msg.message_info as Record<string, unknown>).sender_info = { user_info: { platform: info.platform, user_id: 'maicore', user_nickname: '麦麦' }, group_info: info.group_info ?? null }
  return msg
}

export class Standin {
  readonly server: MaimServer
  /** The token a plugin sends in `Authorization` (the first accepted one); undefined when none is needed. */
  readonly token: string | undefined
  private readonly busy = new Map<MaimConnection, { latest: MessageBase | undefined }>()
  private replies = 0

  constructor(private readonly opts: StandinOptions) {
    const tokens = opts.tokens ?? [newToken()]
    this.token = tokens[0]
    this.server = new MaimServer({
      host: opts.host ?? '127.0.0.1',
      port: opts.port ?? 8000,
      tokens,
      ...(opts.logger ? { logger: opts.logger } : {}),
    })
    this.server.on('message', (_platform: string, msg: MessageBase, from: MaimConnection) => this.onState(from, msg))
    this.server.on('connection', (c: { platform: string }) => opts.out?.(`plugin connected: platform '${c.platform}'`))
  }

  get url(): string {
    return this.server.url
  }

  get replyCount(): number {
    return this.replies
  }

  async start(): Promise<number> {
    return this.server.listen()
  }

  async close(): Promise<void> {
    await this.server.close()
  }

  /** One decision at a time per connection; states that arrive meanwhile collapse into the newest. */
  private onState(from: MaimConnection, msg: MessageBase): void {
    const slot = this.busy.get(from)
    if (slot) {
      slot.latest = msg
      return
    }
    const entry = { latest: msg as MessageBase | undefined }
    this.busy.set(from, entry)
    void (async () => {
      while (entry.latest) {
        const m = entry.latest
        entry.latest = undefined
        const state = readState(m)
        if (!state) continue
        let text: string | null = null
        try {
          text = await this.opts.mind.decide(state)
        } catch (err) {
          this.opts.logger?.warn('stand-in mind failed', { error: (err as Error).message })
        }
        if (text === null) continue
        this.replies++
        this.opts.out?.(`reply: ${text.length > 160 ? text.slice(0, 160) + '…' : text}`)
        this.server.reply(from, maiCoreReply(m, text, this.opts.splitAt))
      }
      this.busy.delete(from)
    })()
  }
}

export async function startStandin(opts: StandinOptions): Promise<Standin> {
  const s = new Standin(opts)
  await s.start()
  return s
}

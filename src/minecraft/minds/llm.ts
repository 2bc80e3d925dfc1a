/**
 * The llm mind: any OpenAI-compatible model through the core client.
 *
 * - system prompt: the protocol rendered compactly from our schemas (prompt.ts);
 * - each decision: the ContextBus XML since the previous call (the delta; the
 *   whole window on a task's first call) + the latest status + the task, its
 *   runtime plan line and the event, plus a bounded history of earlier turns;
 * - structured output with the AI-events JSON Schema where the server has it,
 *   the tolerant parser everywhere;
 * - a bad answer gets the parser's correction; after `maxFormatFailures`
 *   consecutive bad answers the task stops with a message to the players;
 * - LLM errors (timeouts, 429, 5xx, garbage) never throw out of the mind: the
 *   task stops with the reason (the link then stops the body).
 *
 * Events that need no decision (pickups, periodic heartbeats while an action
 * runs) are kept as notes for the next call instead of costing a model call; a
 * new task or a finished action first fetches a fresh status, and the model
 * sees both in one prompt. The history keeps only the compact turns: each bus
 * entry once (the delta of its turn), the notes and the event, not the status, task
 * or plan line (re-sent fresh each time), so the prompt stays bounded however long
 * the task runs.
 */
import type { LlmClient, ChatMessage } from '../../core/llm/index.js'
import { isLlmError } from '../../core/llm/index.js'
import { AiEventJsonSchema, parseLynxAiEvent, type AiEvent, type HeartbeatEvent, type ModEvent } from '../../protocols/lynxmind.js'
import { compactHeartbeat, pickupLine, renderModEvent, renderSystemPrompt } from './prompt.js'
import { PlanHints } from './plan-hint.js'
import { contextBlock } from './context-block.js'
import { inventoryFromHeartbeat } from './builtin.js'
import { emptyStats, type Mind, type MindContext, type MindStats } from './types.js'

export interface LlmMindOptions {
  client: LlmClient
  /** Consecutive unusable replies before the task is stopped (default 3, as the mod). */
  maxFormatFailures?: number
  /**
   * Earlier messages kept in the prompt (default 6: three turns; the mod keeps 15). The plan
   * line, the task and the status are sent fresh each time, so older turns add little.
   */
  historyMessages?: number
  /** At most this many entries of ContextBus XML per decision (default 30): those since the previous call. */
  contextEntries?: number
  /** Of those, the newest this many stay in the history with their turn (default 10). */
  historyContextEntries?: number
  /** Ask for json_schema structured output (default true; the client falls back when unsupported). */
  structured?: boolean
  temperature?: number
  maxTokens?: number
  /**
   * Fetch a fresh status after a new task or a finished action before asking the
   * model (one call per step instead of two). Default true.
   */
  autoStatus?: boolean
  /**
   * Show the runtime's plan for item goals in each decision: the recipe tree resolved
   * from the latest inventory into milestones and the next action (plan-hint.ts).
   * Default true.
   */
  planHints?: boolean
}

const START_PROMPT = 'The game has started. Reply {"type":"EVENT_AI_START"} when you are ready for tasks.'

export class LlmMind implements Mind {
  readonly kind = 'llm' as const
  private readonly client: LlmClient
  private readonly maxFormatFailures: number
  private readonly historyMessages: number
  private readonly contextEntries: number
  private readonly historyContextEntries: number
  /** The bus position the previous call of this task showed up to (undefined: none yet). */
  private busCursor: number | undefined
  /** The `plans` of the model's replies since the last call: their bot lines on the bus are left out. */
  private ownPlans: string[] = []
  /** Pickups since the last call, item → count (one line instead of one per pickup). */
  private pickups = new Map<string, number>()
  private readonly structured: boolean
  private readonly temperature: number | undefined
  private readonly maxTokens: number | undefined
  private ctx: MindContext | undefined
  private history: ChatMessage[] = []
  private notes: string[] = []
  private lastStatus: HeartbeatEvent | undefined
  private taskActive = false
  /** True between an EVENT_AI_CONTROL and its task-stop event. */
  private actionRunning = false
  private statusRequested = false
  private taskText: string | undefined
  private readonly autoStatus: boolean
  private readonly planHints: boolean
  private hints: PlanHints | undefined
  private formatFailures = 0
  private readonly st: MindStats = emptyStats()
  private abort = new AbortController()

  constructor(opts: LlmMindOptions) {
    this.client = opts.client
    this.maxFormatFailures = opts.maxFormatFailures ?? 3
    this.historyMessages = opts.historyMessages ?? 6
    this.contextEntries = opts.contextEntries ?? 30
    this.historyContextEntries = Math.min(this.contextEntries, opts.historyContextEntries ?? 10)
    this.structured = opts.structured ?? true
    this.autoStatus = opts.autoStatus ?? true
    this.planHints = opts.planHints ?? true
    this.temperature = opts.temperature
    this.maxTokens = opts.maxTokens
  }

  stats(): MindStats {
    return { ...this.st }
  }

  async start(ctx: MindContext): Promise<AiEvent[]> {
    this.ctx = ctx
    // like the mod, the session opens only when the model answers EVENT_AI_START
    const answer = await this.decide(START_PROMPT, false)
    if (answer.some((e) => e.type === 'EVENT_AI_START')) return [{ type: 'EVENT_AI_START' }]
    throw new Error(`the model did not answer EVENT_AI_START (it answered ${answer.map((e) => e.type).join(', ') || 'nothing usable'})`)
  }

  async close(): Promise<void> {
    this.abort.abort(new Error('mind closed'))
  }

  async receive(event: ModEvent): Promise<AiEvent[]> {
    switch (event.type) {
      case 'EVENT_PLAYER_STATUS_CREATE_TASK':
        this.history = []
        this.notes = []
        this.pickups.clear()
        this.busCursor = undefined
        this.taskText = event.task
        this.hints = this.planHints ? new PlanHints(event.task) : undefined
        this.taskActive = true
        this.actionRunning = false
        this.formatFailures = 0
        if (this.autoStatus) return this.askStatus(`new task: ${renderModEvent(event)}`)
        return this.decideOn(event)
      case 'EVENT_PLAYER_REMOVE_TASK':
        this.taskActive = false
        this.actionRunning = false
        this.taskText = undefined
        this.hints = undefined
        this.history = []
        this.notes = []
        this.pickups.clear()
        this.busCursor = undefined
        return []
      case 'EVENT_PLAYER_STATUS_HEARTBEAT': {
        this.lastStatus = event
        if (!this.taskActive) return []
        const asked = this.statusRequested
        this.statusRequested = false
        // a periodic heartbeat while our action runs needs no decision
        if (!asked && this.actionRunning) return []
        return this.decideOn(event)
      }
      case 'EVENT_PLAYER_PICKUP_ITEM':
        this.pickups.set(event.name, (this.pickups.get(event.name) ?? 0) + event.count)
        return []
      case 'EVENT_PLAYER_BARITONE_TASK_STOP':
        this.actionRunning = false
        this.hints?.actionEnded(event.reason)
        if (!this.taskActive) return []
        if (this.autoStatus) return this.askStatus(`action ended: ${renderModEvent(event)}`)
        return this.decideOn(event)
      default:
        if (!this.taskActive) return []
        return this.decideOn(event)
    }
  }

  /**
   * The protocol wants a fresh status before each decision (the seed: "first send
   * EVENT_AI_GET_STATUS"). Asking for it without a model call and deciding once it
   * arrives, with the event in the same prompt, halves the model calls.
   */
  private askStatus(note: string): AiEvent[] {
    this.notes.push(note)
    if (this.notes.length > 10) this.notes.shift()
    this.statusRequested = true
    return [{ type: 'EVENT_AI_GET_STATUS' }]
  }

  /**
   * One decision on `event`. The prompt: the bus since the previous call, the latest
   * status, the task, the runtime plan line, the notes and the event. What the history
   * keeps of it: the bus delta (its newest `historyContextEntries`), the notes and the
   * event, with a heartbeat event named only (the status is sent fresh every time).
   */
  private async decideOn(event: ModEvent): Promise<AiEvent[]> {
    const bus = this.ctx?.bus
    const after = this.busCursor
    const since = after !== undefined ? { after } : {}
    const context = contextBlock(bus?.buildXml({ maxEntries: this.contextEntries, ...since }) ?? '', this.ownPlans)
    const keptContext = context ? contextBlock(bus!.buildXml({ maxEntries: this.historyContextEntries, ...since }), this.ownPlans) : ''
    if (bus) this.busCursor = bus.cursor()
    this.ownPlans = []
    const heartbeat = event.type === 'EVENT_PLAYER_STATUS_HEARTBEAT'
    const status = heartbeat ? event : this.lastStatus
    const fresh: string[] = []
    if (this.taskText) fresh.push(`task: ${this.taskText}`)
    const hint = status && this.hints?.applies ? this.hints.hint(inventoryFromHeartbeat(status)) : undefined
    if (hint) fresh.push(`runtime plan: ${hint.text}`)
    const picked = pickupLine(this.pickups)
    this.pickups.clear()
    const notes = [...this.notes, ...(picked ? [picked] : [])]
    this.notes = []
    const prompt = [
      ...(context ? [context] : []),
      ...(this.lastStatus && !heartbeat ? [`latest status: ${compactHeartbeat(this.lastStatus)}`] : []),
      ...fresh,
      ...notes,
      `event: ${renderModEvent(event)}`,
    ].join('\n')
    const remembered = [
      ...(keptContext ? [keptContext] : []),
      ...notes,
      `event: ${heartbeat ? event.type : renderModEvent(event)}`,
    ].join('\n')
    const answer = await this.decide(prompt, true, remembered)
    for (const a of answer) {
      if (a.type === 'EVENT_AI_CONTROL' && a.action.type !== 'ACTION_STOP_BARITONE') this.actionRunning = true
      if (a.type === 'EVENT_AI_CONTROL' && a.plans) this.ownPlans.push(a.plans)
      if (a.type === 'EVENT_AI_GET_STATUS') this.statusRequested = true
      if (a.type === 'EVENT_AI_STOP') {
        this.taskActive = false
        this.taskText = undefined
        this.hints = undefined
      }
    }
    return answer
  }

  /** One decision: asks the model until it gives a usable answer or the failure budget is spent. */
  private async decide(userText: string, inTask: boolean, remembered = userText): Promise<AiEvent[]> {
    const turn: ChatMessage[] = [{ role: 'user', content: userText }]
    for (;;) {
      const messages: ChatMessage[] = [{ role: 'system', content: renderSystemPrompt() }, ...this.history, ...turn]
      let text: string
      try {
        this.st.calls++
        const res = await this.client.chat({
          messages,
          ...(this.structured ? { jsonSchema: AiEventJsonSchema } : {}),
          ...(this.temperature !== undefined ? { temperature: this.temperature } : {}),
          ...(this.maxTokens !== undefined ? { maxTokens: this.maxTokens } : {}),
          signal: this.abort.signal,
        })
        this.st.promptTokens += res.usage.promptTokens
        this.st.completionTokens += res.usage.completionTokens
        text = res.text
      } catch (err) {
        this.st.failures++
        if (isLlmError(err) && err.kind === 'bad_response' && this.formatFailures + 1 < this.maxFormatFailures) {
          // a garbage body counts like an unusable reply: ask again
          this.formatFailures++
          this.ctx?.logger.info('garbage from the model server; asking again', { err: err.message.slice(0, 200) })
          continue
        }
        const why = isLlmError(err) ? `${err.kind}: ${err.message}` : err instanceof Error ? err.message : String(err)
        this.ctx?.logger.warn('model call failed', { err: why })
        if (!inTask) throw new Error(`the model is unavailable: ${why}`)
        this.taskActive = false
        this.ctx?.say(`[llm mind] the model is unavailable (${why.slice(0, 120)}); task stopped`)
        return [{ type: 'EVENT_AI_STOP', reason: `failed: the model is unavailable (${why})` }]
      }
      const parsed = parseLynxAiEvent(text)
      if (parsed.ok) {
        this.formatFailures = 0
        this.remember([{ role: 'user', content: remembered }, { role: 'assistant', content: JSON.stringify(parsed.value) }])
        return parsed.value.type === 'NONE' ? [] : [parsed.value]
      }
      if (parsed.kind === 'unknown_type') {
        // the mod ignores well-formed JSON of an unknown type
        this.formatFailures = 0
        this.remember([{ role: 'user', content: remembered }, { role: 'assistant', content: text.slice(0, 500) }])
        return []
      }
      this.formatFailures++
      this.st.failures++
      this.ctx?.logger.info('unusable model reply', { failures: this.formatFailures, error: parsed.error.slice(0, 200) })
      if (this.formatFailures >= this.maxFormatFailures) {
        const msg = `[llm mind] the model gave ${this.formatFailures} unusable replies in a row; stopping the task`
        this.formatFailures = 0
        this.ctx?.say(msg)
        if (!inTask) return []
        this.taskActive = false
        return [{ type: 'EVENT_AI_STOP', reason: `failed: the model gave ${this.maxFormatFailures} unusable replies in a row (last: ${problemOf(parsed.error)}; it answered: ${quoteShort(text, 160)})` }]
      }
      turn.push({ role: 'assistant', content: text.slice(0, 2000) })
      turn.push({ role: 'user', content: `Your reply was not usable: ${parsed.error}\nReply with only one JSON object.` })
    }
  }

  private remember(msgs: ChatMessage[]): void {
    this.history.push(...msgs)
    while (this.history.length > this.historyMessages) this.history.shift()
    // keep the history starting with a user message
    while (this.history.length && this.history[0]!.role !== 'user') this.history.shift()
  }
}

export function createLlmMind(opts: LlmMindOptions): LlmMind {
  return new LlmMind(opts)
}

/** What was wrong with a reply, without the format reminder the model also gets: one line, whole. */
export function problemOf(correction: string): string {
  const head = correction.split(/\n?The answer must look like/)[0]!
  const lines = head
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  return lines.reduce((acc, l) => (acc === '' ? l : /[.!?:]$/.test(acc) ? `${acc} ${l}` : `${acc}; ${l}`), '')
}

/** The model's text quoted on one line, at most `max` characters (cut at a word, with an ellipsis). */
export function quoteShort(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim()
  if (t.length <= max) return JSON.stringify(t)
  const cut = t.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return JSON.stringify(`${space > max * 0.6 ? cut.slice(0, space) : cut}…`)
}

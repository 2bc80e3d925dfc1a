/**
 * The LynxMind link: our bot plays the part of the original Fabric mod. It
 * speaks the seed protocol (canonical events from src/protocols/lynxmind.ts)
 * with a Mind and turns the mind's actions into body skills.
 *
 * - session: opens only once the mind answers `EVENT_AI_START`;
 * - tasks: `EVENT_PLAYER_STATUS_CREATE_TASK` / `EVENT_PLAYER_REMOVE_TASK`, one at a time;
 * - heartbeats every `heartbeatMs` while a task runs and on `EVENT_AI_GET_STATUS`;
 * - every action ends with `EVENT_PLAYER_BARITONE_TASK_STOP` carrying the linked action;
 * - pickups, scans and the strike-back list as in the later mod versions.
 *
 * Mod→AI events go to the mind one at a time, in order; a heartbeat waiting in
 * the queue is replaced by a newer one rather than piling up.
 *
 * Minds with an agent elsewhere (remote) report its presence. When the agent
 * leaves during a task the body stops and the task is judged on the world: met
 * → succeeded at once; otherwise it waits `agentGraceMs` for an agent to
 * connect, which gets the current task and a fresh status, and fails with
 * "the remote agent left" when none does.
 *
 * When the body loses the server, a running task is suspended, not failed: events
 * for the mind wait (no status from a dead connection), and once the body is back
 * the mind gets them and a fresh status, so it re-plans from what the bot really
 * has. Only when `reconnectGraceMs` passes without the server does the task fail,
 * once, with the reason.
 */
import { EventEmitter } from 'node:events'
import type { Body, ItemCount, ScannedEntity, SeenBlock, SkillCall, SkillResult } from '../body/types.js'
import type { ContextBus } from '../../core/context-bus.js'
import { createLogger, type Logger } from '../../core/logger.js'
import { heartbeatFromStatus, type Action, type AiEvent, type ModEvent, type NearbyBlock, type NearbyEntity } from '../../protocols/lynxmind.js'
import type { AgentPresence, Mind } from '../minds/types.js'
import { runAction } from './lynxmind-actions.js'
import type { Task, TaskStatus } from '../control/task.js'
import { judgeTask, type Verdict } from './lynxmind-judge.js'
import { lynxStatusOf } from './lynxmind-status.js'
import type { DeathSpot } from '../planner/death-recovery.js'

/** `unverified`: the mind ended a task that nothing in the world can measure (see lynxmind-judge.ts). */
export type { TaskStatus } from '../control/task.js'

/** A LynxMind task: the control API's Task, and the inventory it started from (the judge's baseline). */
export interface TaskRecord extends Task {
  protocol: 'lynxmind'
  baseline: Record<string, number>
}

export interface LynxMindLinkOptions {
  body: Body
  mind: Mind
  bus?: ContextBus
  logger?: Logger
  /** Heartbeat period while a task runs (the mod: 600 ticks ≈ 30 s). */
  heartbeatMs?: number
  /** How long to wait for `EVENT_AI_START`; 0 waits forever (remote agents). */
  startTimeoutMs?: number
  /** Speaks to the players (in-game chat); defaults to `body.say`. */
  say?: (message: string) => void
  /** Overrides how a task the mind stopped is judged. */
  judge?: typeof judgeTask
  /** How long a task waits for an agent to reconnect after it left (default 30 s; 0 = fail at once). */
  agentGraceMs?: number
  /**
   * How long a running task waits for a lost server to come back before it fails
   * (default 180 s; 0 fails it at once). The body reconnects by itself meanwhile.
   */
  reconnectGraceMs?: number
}

/** The `agent` event: a mind's agent connected or left, and what that did to the task. */
export type AgentChange =
  | { state: 'connected'; again: boolean; task?: TaskRecord }
  /** `waitMs`: how long the running task waits for an agent (none when no task runs or it just ended). */
  | { state: 'disconnected'; task?: TaskRecord; waitMs?: number }

/** What the 'connection' event reports: the server went away (with the grace given) or came back. */
export type ConnectionChange =
  | { state: 'lost'; reason: string; graceMs: number; task?: TaskRecord }
  | { state: 'back'; task?: TaskRecord; downMs: number }

export interface TrafficEvent {
  dir: 'to_mind' | 'from_mind'
  event: ModEvent | AiEvent
  at: number
}

/**
 * Events: 'session' (), 'task' (TaskRecord — on start and on end), 'traffic' (TrafficEvent),
 * 'action' ({action, plans}), 'action.end' ({action, ok, reason}), 'say' (message),
 * 'agent' (AgentChange), 'connection' (ConnectionChange).
 */
export class LynxMindLink extends EventEmitter {
  readonly body: Body
  readonly mind: Mind
  private readonly log: Logger
  private readonly heartbeatMs: number
  private readonly startTimeoutMs: number
  private readonly bus: ContextBus | undefined
  private readonly sayFn: (message: string) => void
  private readonly judge: typeof judgeTask
  private readonly agentGraceMs: number
  /** The mind's agent: unknown until the mind reports it (builtin and llm minds never do). */
  private agent: 'unknown' | 'present' | 'away' = 'unknown'
  private everConnected = false
  private agentGraceTimer: NodeJS.Timeout | undefined
  private open = false
  private closed = false
  private queue: ModEvent[] = []
  private pumping = false
  private idleWaiters: Array<() => void> = []
  private task: TaskRecord | undefined
  private readonly finished: TaskRecord[] = []
  private waiters = new Map<number, Array<(t: TaskRecord) => void>>()
  private nextTaskId = 1
  private heartbeatTimer: NodeJS.Timeout | undefined
  private actionAbort: AbortController | undefined
  /** Settles when the running action ends (undefined when none runs). */
  private actionDone: Promise<void> | undefined
  private scanChain: Promise<void> = Promise.resolve()
  private sessionWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = []
  private readonly onPickup = (item: ItemCount) => {
    if (this.open) this.deliver({ type: 'EVENT_PLAYER_PICKUP_ITEM', name: item.name, count: item.count })
  }
  private readonly onDeath = (cause: unknown, spot?: DeathSpot) => {
    this.mind.bodyDied?.(typeof cause === 'string' && cause ? cause : 'cause unknown', spot, this.body.inventoryCounts())
  }
  private readonly reconnectGraceMs: number
  /** Set while the body has lost the server: the mind hears nothing until it is back. */
  private down: { since: number; reason: string } | undefined
  private graceTimer: NodeJS.Timeout | undefined
  private readonly onDisconnect = (reason: string) => {
    if (this.closed) return
    this.down = { since: Date.now(), reason }
    this.log.info('server lost; waiting for it', { reason, graceMs: this.reconnectGraceMs })
    const t = this.task
    this.emit('connection', { state: 'lost', reason, graceMs: this.reconnectGraceMs, ...(t ? { task: { ...t } } : {}) } satisfies ConnectionChange)
    if (t) this.startGrace()
  }
  private readonly onReconnect = () => {
    const d = this.down
    if (this.closed || !d) return
    this.down = undefined
    this.stopGrace()
    const t = this.task
    this.emit('connection', { state: 'back', downMs: Date.now() - d.since, ...(t ? { task: { ...t } } : {}) } satisfies ConnectionChange)
    if (t) {
      this.bus?.pushEvent('reconnect', `back on the server after ${Math.round((Date.now() - d.since) / 1000)} s; task resumes`)
      // The mind re-plans from the world's real state: a fresh status, unless the end of the
      // interrupted action is still to be told (the mind then asks for the status itself).
      if (!this.queue.some((e) => e.type === 'EVENT_PLAYER_BARITONE_TASK_STOP') && !this.actionDone) this.deliverHeartbeat()
    }
    if (this.open) void this.pump()
  }

  constructor(opts: LynxMindLinkOptions) {
    super()
    this.body = opts.body
    this.mind = opts.mind
    this.bus = opts.bus
    this.log = opts.logger ?? createLogger('lynxmind')
    this.heartbeatMs = opts.heartbeatMs ?? 30_000
    this.startTimeoutMs = opts.startTimeoutMs ?? 60_000
    this.judge = opts.judge ?? judgeTask
    this.agentGraceMs = opts.agentGraceMs ?? 30_000
    this.sayFn = opts.say ?? defaultSay(opts.body)
    this.reconnectGraceMs = opts.reconnectGraceMs ?? 180_000
    this.body.on('pickup', this.onPickup)
    this.body.on('death', this.onDeath)
    this.body.on('disconnect', this.onDisconnect)
    this.body.on('reconnect', this.onReconnect)
  }

  /** True while the body has lost the server (the running task waits for it). */
  get serverLost(): boolean {
    return this.down !== undefined
  }

  get sessionOpen(): boolean {
    return this.open
  }

  current(): TaskRecord | undefined {
    return this.task ? { ...this.task } : undefined
  }

  history(): TaskRecord[] {
    return this.finished.map((t) => ({ ...t }))
  }

  /** Starts the session; resolves once the mind sent `EVENT_AI_START`. */
  async start(): Promise<void> {
    const answers = await this.mind.start({
      emit: (events) => this.handleAll(events),
      say: (m) => this.say(m),
      ...(this.bus ? { bus: this.bus } : {}),
      logger: this.log.child(this.mind.kind),
      botName: this.body.username,
      gameVersion: () => this.body.version,
      presence: (state) => this.onPresence(state),
    })
    this.handleAll(answers)
    if (this.open) return
    await new Promise<void>((resolve, reject) => {
      const entry = { resolve, reject }
      this.sessionWaiters.push(entry)
      if (this.startTimeoutMs > 0) {
        const t = setTimeout(() => {
          this.sessionWaiters = this.sessionWaiters.filter((w) => w !== entry)
          reject(new Error(`the ${this.mind.kind} mind did not answer EVENT_AI_START within ${this.startTimeoutMs} ms`))
        }, this.startTimeoutMs)
        const done = entry.resolve
        entry.resolve = () => {
          clearTimeout(t)
          done()
        }
      }
    })
  }

  /** Creates a task (replacing a running one) and tells the mind. */
  createTask(text: string, source = 'api'): TaskRecord {
    const clean = text.trim().slice(0, 500)
    if (!clean) throw new Error('task text is empty')
    if (this.closed) throw new Error('the link is closed')
    if (this.task) this.endTask('cancelled', `replaced by a new task: ${clean}`)
    const rec: TaskRecord = {
      id: this.nextTaskId++,
      text: clean,
      source,
      status: 'running',
      startedAt: Date.now(),
      actions: 0,
      skillFailures: 0,
      protocol: 'lynxmind',
      baseline: safeCounts(this.body),
    }
    this.task = rec
    if (this.down) this.startGrace()
    this.log.info('task created', { id: rec.id, task: clean, source })
    this.bus?.pushEvent('task.create', clean)
    this.emit('task', { ...rec })
    this.startHeartbeats()
    this.deliver({ type: 'EVENT_PLAYER_STATUS_CREATE_TASK', task: clean })
    if (this.agent === 'away') this.startAgentGrace()
    return { ...rec }
  }

  /** Cancels the running task: the body stops, the mind hears `EVENT_PLAYER_REMOVE_TASK`. */
  async cancelTask(reason = 'cancelled'): Promise<TaskRecord | undefined> {
    const t = this.task
    if (!t) return undefined
    this.endTask('cancelled', reason)
    this.deliver({ type: 'EVENT_PLAYER_REMOVE_TASK' })
    return this.history().find((h) => h.id === t.id)
  }

  /** Resolves when task `id` ends (at once when it already has). */
  waitTask(id: number): Promise<TaskRecord> {
    const done = this.finished.find((t) => t.id === id)
    if (done) return Promise.resolve({ ...done })
    return new Promise((resolve) => {
      const list = this.waiters.get(id) ?? []
      list.push(resolve)
      this.waiters.set(id, list)
    })
  }

  /** Resolves once the mind has answered everything queued so far. */
  idle(): Promise<void> {
    if (!this.pumping && this.queue.length === 0) return Promise.resolve()
    return new Promise((r) => this.idleWaiters.push(r))
  }

  say(message: string): void {
    this.emit('say', message)
    try {
      this.sayFn(message)
    } catch (err) {
      this.log.warn('chat failed', { err: String(err) })
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.stopGrace()
    if (this.task) this.endTask('cancelled', 'shutting down')
    this.closed = true
    this.open = false
    this.queue = []
    this.stopGrace()
    this.stopAgentGrace()
    this.body.off('pickup', this.onPickup)
    this.body.off('death', this.onDeath)
    this.body.off('disconnect', this.onDisconnect)
    this.body.off('reconnect', this.onReconnect)
    for (const w of this.sessionWaiters) w.reject(new Error('the link closed before the session opened'))
    this.sessionWaiters = []
    await this.mind.close().catch(() => {})
  }

  // -------------------------------------------------------------------------

  private startGrace(): void {
    if (this.graceTimer || !this.down) return
    const fail = () => {
      this.graceTimer = undefined
      const d = this.down
      if (!d || !this.task) return
      const waited = Math.round(this.reconnectGraceMs / 1000)
      this.endTask('failed', `the server did not come back within ${waited} s (lost: ${d.reason})`)
      this.deliver({ type: 'EVENT_PLAYER_REMOVE_TASK' })
    }
    if (this.reconnectGraceMs <= 0) {
      fail()
      return
    }
    this.graceTimer = setTimeout(fail, this.reconnectGraceMs)
  }

  private stopGrace(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer)
    this.graceTimer = undefined
  }

  private startHeartbeats(): void {
    this.stopHeartbeats()
    if (this.heartbeatMs <= 0) return
    this.heartbeatTimer = setInterval(() => {
      if (this.task && this.open && !this.down) this.deliverHeartbeat()
    }, this.heartbeatMs)
    this.heartbeatTimer.unref()
  }

  private stopHeartbeats(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer)
    this.heartbeatTimer = undefined
  }

  private deliverHeartbeat(): void {
    // no status from a lost connection: the reconnect delivers a fresh one
    if (this.down) return
    try {
      this.deliver(heartbeatFromStatus(lynxStatusOf(this.body.status())))
    } catch (err) {
      this.log.warn('no status for the heartbeat', { err: String(err) })
    }
  }

  private endTask(status: Exclude<TaskStatus, 'running'>, reason: string): void {
    const t = this.task
    if (!t) return
    this.task = undefined
    this.stopGrace()
    this.stopAgentGrace()
    this.stopHeartbeats()
    this.actionAbort?.abort(new Error(reason))
    this.actionAbort = undefined
    void this.body.stop(reason).catch(() => {})
    t.status = status
    t.reason = reason
    t.endedAt = Date.now()
    this.finished.push(t)
    if (this.finished.length > 100) this.finished.shift()
    this.log.info('task ended', { id: t.id, status, reason })
    this.bus?.pushEvent(`task.${status}`, reason)
    this.emit('task', { ...t })
    for (const w of this.waiters.get(t.id) ?? []) w({ ...t })
    this.waiters.delete(t.id)
  }

  private onPresence(state: AgentPresence): void {
    if (this.closed) return
    if (state === 'connected') {
      const again = this.everConnected
      this.everConnected = true
      this.agent = 'present'
      this.stopAgentGrace()
      const t = this.task
      this.emit('agent', { state, again, ...(t ? { task: { ...t } } : {}) } satisfies AgentChange)
      // a returning agent carries on: the current task, then where the body is now
      if (again && t && this.open) {
        this.deliver({ type: 'EVENT_PLAYER_STATUS_CREATE_TASK', task: t.text })
        this.deliverHeartbeat()
      }
      return
    }
    this.agent = 'away'
    const t = this.task
    if (!t) {
      this.emit('agent', { state } satisfies AgentChange)
      return
    }
    this.actionAbort?.abort(new Error('the remote agent left'))
    this.actionAbort = undefined
    void this.body.stop('the remote agent left').catch(() => {})
    const v = this.verdict(t, 'the remote agent left')
    if (v.verdict === 'success') {
      this.emit('agent', { state, task: { ...t } } satisfies AgentChange)
      this.endTask('succeeded', `the remote agent left with the goal met (${v.why})`)
      return
    }
    this.emit('agent', { state, task: { ...t }, waitMs: this.agentGraceMs } satisfies AgentChange)
    this.startAgentGrace()
  }

  /** The running task fails unless an agent connects within the grace period (the world is checked once more). */
  private startAgentGrace(): void {
    this.stopAgentGrace()
    const expire = () => {
      this.agentGraceTimer = undefined
      const t = this.task
      if (!t || this.agent !== 'away') return
      const v = this.verdict(t, 'the remote agent left')
      if (v.verdict === 'success') this.endTask('succeeded', `the remote agent left with the goal met (${v.why})`)
      else this.endTask('failed', `the remote agent left and no agent connected within ${this.agentGraceMs / 1000} s (${v.why})`)
    }
    if (this.agentGraceMs <= 0) return expire()
    this.agentGraceTimer = setTimeout(expire, this.agentGraceMs)
  }

  private stopAgentGrace(): void {
    if (this.agentGraceTimer) clearTimeout(this.agentGraceTimer)
    this.agentGraceTimer = undefined
  }

  private verdict(t: TaskRecord, reason: string): Verdict {
    try {
      return this.judge({ task: t.text, baseline: t.baseline, inventory: safeCounts(this.body), status: this.body.status(), reason })
    } catch (err) {
      return { verdict: 'failure', why: `could not check the result: ${String(err)}` }
    }
  }

  /** Queues a mod→AI event for the mind (heartbeats coalesce). */
  private deliver(event: ModEvent): void {
    if (this.closed) return
    if (event.type === 'EVENT_PLAYER_STATUS_HEARTBEAT') {
      const i = this.queue.findIndex((e) => e.type === 'EVENT_PLAYER_STATUS_HEARTBEAT')
      if (i >= 0) {
        this.queue[i] = event
        return
      }
    }
    this.queue.push(event)
    if (this.open) void this.pump()
  }

  private async pump(): Promise<void> {
    if (this.pumping) return
    this.pumping = true
    try {
      // while the server is lost the mind waits: it would only see an empty status and dead actions
      while (this.open && !this.down && this.queue.length > 0) {
        const event = this.queue.shift()!
        this.emit('traffic', { dir: 'to_mind', event, at: Date.now() } satisfies TrafficEvent)
        let answers: AiEvent[] = []
        try {
          answers = await this.mind.receive(event)
        } catch (err) {
          this.log.error('the mind failed', { err: String(err) })
          if (this.task) this.endTask('failed', `the ${this.mind.kind} mind failed: ${err instanceof Error ? err.message : String(err)}`)
        }
        this.handleAll(answers)
      }
    } finally {
      this.pumping = false
      if (this.queue.length === 0) {
        const ws = this.idleWaiters
        this.idleWaiters = []
        for (const w of ws) w()
      }
    }
  }

  private handleAll(events: AiEvent[]): void {
    for (const e of events) {
      try {
        this.handle(e)
      } catch (err) {
        this.log.error('could not handle an AI event', { type: e.type, err: String(err) })
      }
    }
  }

  private handle(e: AiEvent): void {
    if (this.closed) return
    this.emit('traffic', { dir: 'from_mind', event: e, at: Date.now() } satisfies TrafficEvent)
    if (!this.open) {
      if (e.type === 'EVENT_AI_START') {
        this.open = true
        this.log.info('session open', { mind: this.mind.kind })
        this.emit('session')
        for (const w of this.sessionWaiters) w.resolve()
        this.sessionWaiters = []
        void this.pump()
      } else {
        this.log.warn('ignoring an AI event before EVENT_AI_START', { type: e.type })
      }
      return
    }
    switch (e.type) {
      case 'EVENT_AI_START':
      case 'NONE':
        return
      case 'EVENT_AI_GET_STATUS':
        this.deliverHeartbeat()
        return
      case 'EVENT_AI_STOP':
        this.aiStop(e.reason)
        return
      case 'EVENT_AI_CONTROL':
        this.control(e.action, e.plans)
        return
      case 'EVENT_AI_GET_NEARBY_BLOCK':
        void this.scanBlocks(e.radius, e.target_block_id)
        return
      case 'EVENT_AI_GET_NEARBY_ENTITY':
        void this.scanEntities(e.radius, e.target_entity_id)
        return
      case 'EVENT_AI_ADD_STRIKE_BACK_TARGET':
        this.body.strikeBack.add(e.UUID_str_list)
        return
      case 'EVENT_AI_REMOVE_STRIKE_BACK_TARGET':
        this.body.strikeBack.remove(e.UUID_str_list)
        return
      case 'EVENT_AI_GET_STRIKE_BACK_TARGET_LIST':
        this.deliver({ type: 'EVENT_PLAYER_REPLY_STRIKE_BACK_TARGET_LIST', strike_back_target_list: this.body.strikeBack.list() })
        return
    }
  }

  private aiStop(reason: string): void {
    const t = this.task
    if (!t) return
    const v = this.verdict(t, reason)
    const status = v.verdict === 'success' ? 'succeeded' : v.verdict === 'failure' ? 'failed' : 'unverified'
    // say the judge's finding once: a mind that already named it ("unknown item …") is not repeated
    this.endTask(status, reason.includes(v.why) ? reason : `${reason} (${v.why})`)
  }

  private control(action: Action, plans: string | undefined): void {
    if (this.task) this.task.actions++
    this.emit('action', { action, plans })
    if (plans) this.bus?.pushBot(plans)
    // ACTION_STOP_BARITONE stops the running skill through the body, which reports its own reason
    if (action.type !== 'ACTION_STOP_BARITONE') this.actionAbort?.abort(new Error('interrupted by a new action'))
    const ctrl = new AbortController()
    this.actionAbort = ctrl
    const running = runAction(this.body, action, ctrl.signal)
    const done = running.then(() => {
      if (this.actionDone === done) this.actionDone = undefined
    })
    this.actionDone = done
    void running.then((out) => {
      if (this.actionAbort === ctrl) this.actionAbort = undefined
      if (this.task) this.task.skillFailures += out.skillFailures
      this.emit('action.end', { action: out.linked, ok: out.ok, reason: out.reason })
      if (action.type === 'ACTION_STOP_BARITONE') return
      this.deliver({ type: 'EVENT_PLAYER_BARITONE_TASK_STOP', reason: out.reason, linked_action: out.linked })
    })
  }

  /**
   * Scans use the body's action slot, so a scan waits for the running action
   * instead of interrupting it (the mod scans without stopping Baritone).
   */
  private async scan(call: Extract<SkillCall, { skill: 'scanBlocks' | 'scanEntities' }>): Promise<ScanResult> {
    const run = async (): Promise<ScanResult> => {
      while (this.actionDone) await this.actionDone
      return (await this.body.run(call).catch(crashed)) as ScanResult
    }
    const next = this.scanChain.then(run)
    this.scanChain = next.then(() => undefined, () => undefined)
    return next
  }

  private async scanBlocks(radius: number, ids: string[]): Promise<void> {
    const r = await this.scan({ skill: 'scanBlocks', radius, ...(ids.length ? { ids } : {}) })
    const list: NearbyBlock[] = (r.blocks ?? []).map((b) => ({ id: b.name, x: b.position.x, y: b.position.y, z: b.position.z }))
    const summary = typeof r.summary === 'string' ? r.summary : r.ok ? undefined : r.reason
    this.deliver({
      type: 'EVENT_PLAYER_SCAN_BLOCK',
      radius,
      scanning_id: ids,
      nearby_blocks: list.slice(0, 64),
      ...(summary ? { summary } : {}),
    })
  }

  private async scanEntities(radius: number, ids: string[]): Promise<void> {
    const r = await this.scan({ skill: 'scanEntities', radius, ...(ids.length ? { ids } : {}) })
    const list: NearbyEntity[] = (r.entities ?? []).map((e) => ({
      id: e.type,
      max_health: e.maxHealth,
      current_health: e.health,
      UUID_str: e.uuid,
      x: e.position.x,
      y: e.position.y,
      z: e.position.z,
    }))
    const summary = typeof r.summary === 'string' ? r.summary : r.ok ? undefined : r.reason
    this.deliver({
      type: 'EVENT_PLAYER_SCAN_ENTITY',
      radius,
      scanning_id: ids,
      nearby_entities: list.slice(0, 64),
      ...(summary ? { summary } : {}),
    })
  }
}

type ScanResult = SkillResult & { blocks?: unknown; entities?: unknown; summary?: unknown }

function crashed(err: unknown): SkillResult {
  return { ok: false, reason: `scan failed: ${err instanceof Error ? err.message : String(err)}` }
}

function safeCounts(body: Body): Record<string, number> {
  try {
    return body.inventoryCounts()
  } catch {
    return {}
  }
}

function defaultSay(body: Body): (message: string) => void {
  return (message) => {
    body.say(message)
  }
}

export function createLynxMindLink(opts: LynxMindLinkOptions): LynxMindLink {
  return new LynxMindLink(opts)
}

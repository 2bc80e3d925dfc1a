/**
 * The brain-file link: keeps brain.json as the bot's live brain.
 *
 * - vision: every `visionMs` the body's raycast vision, rendered (vision.ts), plus chat;
 * - tasks: an executor runs pending tasks in order, one at a time, each until it has
 *   finished in the world or hit its time limit (tasks.ts); finished tasks stay visible
 *   for `keepFinishedMs`, then are pruned;
 * - mind: every `mindMs` (sooner when the queue runs empty or a player speaks; never two
 *   at once) the mind answers a delta that is merged into memory and tasks;
 * - the file: saved atomically after every change; edits by others are merged (store.ts);
 * - the server goes away: the running task goes back to pending (in the file too), nothing new
 *   starts and the mind rests until the body is back; then the queue carries on where it was.
 *   Only when `reconnectGraceMs` passes without the server does the interrupted task fail, once,
 *   with the reason; tasks that never started stay pending.
 *
 * Depends only on the Body contract (and optionally the body's ContextBus for joins/leaves).
 */
import { EventEmitter } from 'node:events'
import type { ContextBus } from '../../../core/context-bus.js'
import { createLogger, type Logger } from '../../../core/logger.js'
import type { Body, VisionOptions } from '../../body/types.js'
import { checkTask, type StoredTask } from '../../../protocols/brainfile.js'
import type { BrainStore, MergeReport } from './store.js'
import { ChatLog, SeenBlocks, renderVision, VISION_RENDER_DEFAULTS } from './vision.js'
import { runTask, timeLimitMs } from './tasks.js'
import type { BrainDecision, BrainMind, CycleTrigger } from './mind.js'

export interface BrainLinkOptions {
  body: Body
  store: BrainStore
  mind: BrainMind
  /** The body's context bus: joins and leaves become SYSTEM chat lines. */
  bus?: ContextBus
  logger?: Logger
  /** Vision refresh period (default 1000 ms). */
  visionMs?: number
  /** Executor period (default 1000 ms; the next task also starts as soon as one ends). */
  executorMs?: number
  /** Mind period (default 10 s). */
  mindMs?: number
  /** Earliest next mind cycle after one ends, for chat / empty-queue triggers (default 1000 ms). */
  mindMinGapMs?: number
  /** How long completed / failed tasks stay in the file (default 60 s). */
  keepFinishedMs?: number
  /** File poll period for outside edits (default 250 ms). */
  watchMs?: number
  vision?: VisionOptions
  maxBlocks?: number
  chatLines?: number
  /** How long a task cut short by a lost server waits for it before it fails (default 180 s; 0 = fails at once). */
  reconnectGraceMs?: number
}

/** What the 'connection' event reports: the server went away (with the grace given) or came back. */
export type BrainConnectionChange =
  | { state: 'lost'; reason: string; graceMs: number; task?: StoredTask }
  | { state: 'back'; downMs: number; task?: StoredTask }

export const BRAIN_LINK_DEFAULTS = { visionMs: 1000, executorMs: 1000, mindMs: 10_000, mindMinGapMs: 1000, keepFinishedMs: 60_000, watchMs: 250, reconnectGraceMs: 180_000 } as const

interface Running {
  id: StoredTask['id']
  controller: AbortController
  done: Promise<void>
}

const nowIso = () => new Date().toISOString()

/**
 * Events: 'task.start' (StoredTask), 'task.end' (StoredTask), 'cycle' ({trigger, decision}),
 * 'edit' (MergeReport), 'file.error' (message), 'file.ok', 'connection' (BrainConnectionChange).
 */
export class BrainLink extends EventEmitter {
  readonly chat: ChatLog
  readonly seen = new SeenBlocks()
  private readonly o: Required<Omit<BrainLinkOptions, 'bus' | 'logger' | 'vision' | 'body' | 'store' | 'mind'>>
  private readonly log: Logger
  private timers: NodeJS.Timeout[] = []
  private offs: Array<() => void> = []
  private running: Running | null = null
  private thinking: Promise<void> | null = null
  private mindAbort = new AbortController()
  private lastCycleEnd = 0
  private wantCycle: CycleTrigger | null = null
  private chatSeen = 0
  private queueWasBusy = false
  private closing = false
  private lastBusT = 0
  private busSeen = new Set<string>()
  private executing = false
  /** Set while the body has lost the server: no task starts and the mind rests. */
  private down: { since: number; reason: string } | undefined
  /** The task the lost server cut short (back to pending), until it runs again or its grace ends. */
  private interrupted: StoredTask['id'] | undefined
  private graceTimer: NodeJS.Timeout | undefined
  cycles = 0

  constructor(private readonly opts: BrainLinkOptions) {
    super()
    this.on('error', () => undefined)
    this.o = {
      visionMs: opts.visionMs ?? BRAIN_LINK_DEFAULTS.visionMs,
      executorMs: opts.executorMs ?? BRAIN_LINK_DEFAULTS.executorMs,
      mindMs: opts.mindMs ?? BRAIN_LINK_DEFAULTS.mindMs,
      mindMinGapMs: opts.mindMinGapMs ?? BRAIN_LINK_DEFAULTS.mindMinGapMs,
      keepFinishedMs: opts.keepFinishedMs ?? BRAIN_LINK_DEFAULTS.keepFinishedMs,
      watchMs: opts.watchMs ?? BRAIN_LINK_DEFAULTS.watchMs,
      maxBlocks: opts.maxBlocks ?? VISION_RENDER_DEFAULTS.maxBlocks,
      chatLines: opts.chatLines ?? VISION_RENDER_DEFAULTS.chatLines,
      reconnectGraceMs: opts.reconnectGraceMs ?? BRAIN_LINK_DEFAULTS.reconnectGraceMs,
    }
    this.log = opts.logger ?? createLogger('brainfile')
    this.chat = new ChatLog(this.o.chatLines)
  }

  private get store(): BrainStore {
    return this.opts.store
  }

  /** Starts vision, executor, mind and file watching. A restart continues the file's memory and tasks. */
  async start(): Promise<void> {
    const { body, store } = this.opts
    const brain = store.brain
    this.chat.restore(brain.vision.chat ?? [])
    this.chatSeen = this.chat.total
    for (const t of brain.tasks) {
      if (t.status === 'in_progress') {
        t.status = 'pending'
        delete t.started_at
      }
    }
    this.assignIds()
    const onChat = (user: string, message: string) => {
      this.chat.add(user, message)
      this.requestCycle('chat')
    }
    const onSaid = (message: string) => this.chat.add(body.username, message, true)
    const onDisconnect = (reason: string) => this.onServerLost(String(reason))
    const onReconnect = () => this.onServerBack()
    body.on('chat', onChat)
    body.on('said', onSaid)
    body.on('disconnect', onDisconnect)
    body.on('reconnect', onReconnect)
    this.offs.push(
      () => body.off('chat', onChat),
      () => body.off('said', onSaid),
      () => body.off('disconnect', onDisconnect),
      () => body.off('reconnect', onReconnect),
    )
    if (this.opts.bus) this.lastBusT = Math.max(0, ...this.opts.bus.getStore().map((e) => e.t))
    const onEdit = (r: MergeReport) => this.onEdit(r)
    const onFileError = (m: string) => {
      this.log.warn('brain file is broken; not writing until it is fixed', { error: m.slice(0, 300) })
      this.emit('file.error', m)
    }
    const onFileOk = () => this.emit('file.ok')
    store.on('edit', onEdit)
    store.on('file.error', onFileError)
    store.on('file.ok', onFileOk)
    this.offs.push(() => store.off('edit', onEdit), () => store.off('file.error', onFileError), () => store.off('file.ok', onFileOk))
    store.watch(this.o.watchMs)
    this.updateVision()
    await this.save()
    this.every(this.o.visionMs, () => {
      this.updateVision()
      void this.save()
    })
    this.every(this.o.executorMs, () => void this.execute())
    this.every(Math.min(500, this.o.mindMs), () => this.maybeCycle())
    this.requestCycle('start')
    void this.execute()
  }

  private every(ms: number, fn: () => void): void {
    const t = setInterval(() => {
      try {
        fn()
      } catch (err) {
        this.log.warn('brain loop step failed', { err: err instanceof Error ? err.message : String(err) })
      }
    }, ms)
    this.timers.push(t)
  }

  private save(): Promise<boolean> {
    return this.store.save().catch((err: unknown) => {
      this.log.warn('saving the brain file failed', { err: (err as Error).message })
      return false
    })
  }

  private assignIds(): void {
    let next = 1
    for (const t of this.store.brain.tasks) if (typeof t.id === 'number' && t.id >= next) next = t.id + 1
    for (const t of this.store.brain.tasks) if (t.id === undefined) t.id = next++
  }

  private onEdit(r: MergeReport): void {
    this.assignIds()
    const parts = [
      r.tasksAdded.length ? `+${r.tasksAdded.length} task(s)` : '',
      r.tasksRemoved.length ? `-${r.tasksRemoved.length} task(s)` : '',
      r.memorySet.length ? `memory set: ${r.memorySet.join(', ')}` : '',
      r.memoryDeleted.length ? `memory deleted: ${r.memoryDeleted.join(', ')}` : '',
    ].filter(Boolean)
    this.log.info(`outside edit merged${parts.length ? `: ${parts.join('; ')}` : ''}`)
    const cur = this.running
    if (cur && r.tasksRemoved.some((t) => String(t.id) === String(cur.id))) {
      cur.controller.abort(new Error('cancelled: the task was removed from the brain file'))
    }
    this.emit('edit', r)
    void this.save()
    void this.execute()
  }

  // ------------------------------------------------------------ vision

  private pollBus(): void {
    const bus = this.opts.bus
    if (!bus) return
    for (const e of bus.getStore()) {
      if (e.type !== 'server' || e.t < this.lastBusT) continue
      const k = `${e.t}|${e.content}`
      if (this.busSeen.has(k)) continue
      if (e.t > this.lastBusT) {
        this.lastBusT = e.t
        this.busSeen.clear()
      }
      this.busSeen.add(k)
      if (/ (joined|left) the game$/.test(e.content)) this.chat.add('SYSTEM', e.content)
    }
  }

  /** One vision pass: look, remember interesting blocks, render into the brain. */
  updateVision(): void {
    const { body } = this.opts
    this.pollBus()
    const brain = this.store.brain
    if (!body.ready) {
      brain.vision = { ...brain.vision, chat: this.chat.list() }
      return
    }
    const v = body.look(this.opts.vision)
    this.seen.update(v.blocks)
    const r = renderVision(v, body.status().position, { maxBlocks: this.o.maxBlocks })
    brain.vision = { chat: this.chat.list(), blocks: r.blocks, nearby_items: r.nearby_items, nearby_entities: r.nearby_entities, bot_position: r.bot_position }
  }

  // ------------------------------------------------------------ tasks

  private queueBusy(): boolean {
    return this.store.brain.tasks.some((t) => t.status === 'pending' || t.status === 'in_progress')
  }

  private prune(): boolean {
    const cut = Date.now() - this.o.keepFinishedMs
    const before = this.store.brain.tasks.length
    this.store.brain.tasks = this.store.brain.tasks.filter((t) => {
      if (t.status !== 'completed' && t.status !== 'failed') return true
      const at = t.finished_at ? Date.parse(t.finished_at) : NaN
      if (Number.isNaN(at)) {
        t.finished_at = nowIso() // finished in an earlier run: visible for another while
        return true
      }
      return at > cut
    })
    return this.store.brain.tasks.length !== before
  }

  /** Starts the next pending task when none runs. */
  private async execute(): Promise<void> {
    if (this.executing || this.running || this.closing || this.down) return
    this.executing = true
    try {
      for (;;) {
        if (this.prune()) await this.save()
        const task = this.store.brain.tasks.find((t) => t.status === 'pending')
        if (!task) {
          if (this.queueWasBusy && !this.queueBusy()) this.requestCycle('idle')
          this.queueWasBusy = this.queueBusy()
          return
        }
        this.queueWasBusy = true
        if (task.id === undefined) this.assignIds()
        const checked = checkTask(task)
        if (!checked.ok) {
          this.finish(task.id, false, checked.error)
          await this.save()
          continue
        }
        task.status = 'in_progress'
        task.started_at = nowIso()
        delete task.result
        delete task.error
        this.emit('task.start', { ...task })
        await this.save()
        const controller = new AbortController()
        const limit = timeLimitMs(checked.task)
        const timer = setTimeout(() => controller.abort(new Error(`timeout: ${checked.task.type} did not finish within ${Math.round(limit / 1000)} s`)), limit)
        const store = this.store
        const id = task.id
        const run: Running = { id, controller, done: Promise.resolve() }
        this.running = run
        run.done = runTask(checked.task, {
          body: this.opts.body,
          signal: controller.signal,
          get memory() {
            return store.brain.memory
          },
          seen: this.seen,
        }).then(async (outcome) => {
          clearTimeout(timer)
          this.running = null
          if (this.closing || this.down) {
            const t = this.find(id)
            if (t) {
              // interrupted by shutdown or a lost server: runs again after a restart / once the server is back
              t.status = 'pending'
              delete t.started_at
              if (this.down && !this.closing) {
                this.interrupted = id
                this.startGrace()
              }
            }
          } else {
            if (String(id) === String(this.interrupted)) this.interrupted = undefined
            this.finish(id, outcome.ok, outcome.text)
          }
          await this.save()
        })
        return
      }
    } finally {
      this.executing = false
      if (!this.running && !this.closing && this.store.brain.tasks.some((t) => t.status === 'pending')) setImmediate(() => void this.execute())
      else if (this.running) void this.running.done.then(() => setImmediate(() => void this.execute()))
    }
  }

  // ------------------------------------------------------------ the server goes away

  private onServerLost(reason: string): void {
    if (this.closing || this.down) return
    this.down = { since: Date.now(), reason }
    const cur = this.running
    // a task may be starting (marked in_progress, its run not begun yet): it is the one cut short
    const task = cur ? this.find(cur.id) : this.store.brain.tasks.find((t) => t.status === 'in_progress')
    this.log.info('server lost; tasks wait for it', { reason, graceMs: this.o.reconnectGraceMs })
    this.emit('connection', { state: 'lost', reason, graceMs: this.o.reconnectGraceMs, ...(task ? { task: { ...task } } : {}) } satisfies BrainConnectionChange)
    // the running task cannot act without the server: stop it now; it goes back to pending (above)
    cur?.controller.abort(new Error(`the server went away (${reason})`))
  }

  private onServerBack(): void {
    const d = this.down
    if (this.closing || !d) return
    this.down = undefined
    this.stopGrace()
    const id = this.interrupted
    const task = id !== undefined ? this.find(id) : undefined
    this.emit('connection', { state: 'back', downMs: Date.now() - d.since, ...(task ? { task: { ...task } } : {}) } satisfies BrainConnectionChange)
    this.updateVision()
    void this.save()
    void this.execute()
  }

  /** The interrupted task fails once the grace period passes without the server. */
  private startGrace(): void {
    if (this.graceTimer || !this.down) return
    const expire = () => {
      this.graceTimer = undefined
      const d = this.down
      const id = this.interrupted
      if (!d || id === undefined) return
      this.interrupted = undefined
      const t = this.find(id)
      if (!t || t.status !== 'pending') return
      this.finish(id, false, `the server did not come back within ${Math.round(this.o.reconnectGraceMs / 1000)} s (lost: ${d.reason})`)
      void this.save()
    }
    if (this.o.reconnectGraceMs <= 0) return expire()
    this.graceTimer = setTimeout(expire, this.o.reconnectGraceMs)
    this.graceTimer.unref?.()
  }

  private stopGrace(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer)
    this.graceTimer = undefined
  }

  /** True while the body has lost the server. */
  get serverLost(): boolean {
    return this.down !== undefined
  }

  private find(id: StoredTask['id']): StoredTask | undefined {
    return this.store.brain.tasks.find((t) => String(t.id) === String(id))
  }

  private finish(id: StoredTask['id'], ok: boolean, text: string): void {
    const t = this.find(id)
    if (!t) return // removed by an editor meanwhile
    t.status = ok ? 'completed' : 'failed'
    if (ok) {
      t.result = text
      delete t.error
    } else {
      t.error = text
      delete t.result
    }
    t.finished_at = nowIso()
    this.emit('task.end', { ...t })
  }

  // ------------------------------------------------------------ mind

  requestCycle(trigger: CycleTrigger): void {
    if (this.opts.mind.kind === 'none') return
    if (!this.wantCycle || trigger === 'chat') this.wantCycle = trigger
  }

  private maybeCycle(): void {
    // no mind cycle while the server is lost: it would only see an empty status
    if (this.thinking || this.closing || this.down || this.opts.mind.kind === 'none') return
    const since = Date.now() - this.lastCycleEnd
    if (this.wantCycle && since >= this.o.mindMinGapMs) void this.cycle(this.wantCycle)
    else if (since >= this.o.mindMs) void this.cycle('timer')
  }

  /** One mind cycle (never two at once). */
  cycle(trigger: CycleTrigger): Promise<void> {
    if (this.thinking) return this.thinking
    this.wantCycle = null
    this.thinking = (async () => {
      const { body, mind } = this.opts
      const newChat = this.chat.since(this.chatSeen).filter((l) => !l.self && l.player !== 'SYSTEM')
      this.chatSeen = this.chat.total
      let decision: BrainDecision
      try {
        decision = await mind.decide(
          { brain: structuredClone(this.store.brain), botName: body.username, status: body.status(), newChat, trigger, queueEmpty: !this.queueBusy() },
          this.mindAbort.signal,
        )
      } catch (err) {
        this.log.warn('the mind failed', { err: err instanceof Error ? err.message : String(err) })
        return
      }
      if (this.closing) return
      this.cycles++
      this.apply(decision)
      this.emit('cycle', { trigger, decision })
      await this.save()
      void this.execute()
    })().finally(() => {
      this.thinking = null
      this.lastCycleEnd = Date.now()
    })
    return this.thinking
  }

  /** Merges a mind's delta: memory keys set (null deletes), tasks appended as pending. */
  apply(d: BrainDecision): void {
    const brain = this.store.brain
    for (const [k, v] of Object.entries(d.memory_updates)) {
      if (k === '__proto__') continue
      if (v === null) delete brain.memory[k]
      else brain.memory[k] = v
    }
    this.assignIds()
    let next = 1
    for (const t of brain.tasks) if (typeof t.id === 'number' && t.id >= next) next = t.id + 1
    for (const t of d.new_tasks) {
      brain.tasks.push({ id: next++, type: t.type, parameters: { ...(t.parameters as Record<string, unknown>) }, reason: t.reason ?? '', status: 'pending', created_at: nowIso() })
    }
  }

  /** Stops everything; a running task goes back to pending so a restart continues it. Saves the file. */
  async close(): Promise<void> {
    if (this.closing) return
    this.closing = true
    this.stopGrace()
    for (const t of this.timers) clearInterval(t)
    this.timers = []
    this.mindAbort.abort(new Error('the link is closing'))
    const cur = this.running
    if (cur) {
      cur.controller.abort(new Error('cancelled: the bot is shutting down'))
      await Promise.race([cur.done, new Promise((r) => setTimeout(r, 6000).unref())])
    }
    await Promise.race([this.thinking ?? Promise.resolve(), new Promise((r) => setTimeout(r, 2000).unref())])
    for (const off of this.offs.splice(0)) off()
    this.pollBus()
    this.store.brain.vision = { ...this.store.brain.vision, chat: this.chat.list() }
    await this.save()
    await this.store.close()
  }
}

export { BrainStore, loadBrainFile, mergeEdit, parseBrainText, writeAtomic } from './store.js'
export { NoMind, fallbackTasks, type BrainMind, type BrainView, type BrainDecision } from './mind.js'
export { BrainBuiltinMind, understand } from './builtin.js'
export { BrainLlmMind } from './llm.js'

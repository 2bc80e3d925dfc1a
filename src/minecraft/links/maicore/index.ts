/**
 * The MaiCore link: the Amaidesu Minecraft plugin rebuilt on the protocol-neutral body.
 *
 * - State message (state.ts) on connect, after every program ends (success or error), when
 *   the goal is reached, and every `autoSendInterval` while MaiCore is silent and nothing runs.
 * - A reply with `{actions, …}` updates the game state and runs `actions` as a NEW program
 *   in the sandbox (a running one is stopped first; a superseded program sends nothing).
 * - Any other reply is chat: logged, put on the ContextBus, optionally said in game; a no-op.
 * - The Minecraft server goes away: the running program is stopped (it cannot act), nothing is
 *   sent to MaiCore (a state from a dead connection would be empty), and the game state (goal,
 *   events, the program and why it stopped) is kept. When the body is back, MaiCore gets one
 *   fresh state whose code info says the program was cut short by the outage, so it can send it
 *   again or a new one. One line each for lost / back.
 */
import { EventEmitter } from 'node:events'
import type { ContextBus } from '../../../core/context-bus.js'
import type { Logger } from '../../../core/logger.js'
import type { Body, ItemCount } from '../../body/types.js'
import type { MessageBase } from '../../../protocols/maim.js'
import { parseGoal } from '../../planner/goal.js'
import { countByKey, planKey } from '../../names.js'
import { MaimClient, type CloseInfo } from './client.js'
import type { MaiCoreConfig } from './config.js'
import { cleanCodeError, cleanLine } from '../../../core/sandbox/program-text.js'
import { createHostFunctions, facadeSnapshot, PRELUDE, wrapProgram } from './primitives.js'
import { parseReply, type ParsedReply } from './replies.js'
import type { ProgramRunner } from './runner.js'
import { MaiCoreGame, buildStateMessage, tickOf, type CodeInfo } from './state.js'

export type SendReason = 'start' | 'action' | 'goal' | 'auto' | 'reconnect'

export interface MaiCoreLinkOptions {
  body: Body
  runner: ProgramRunner
  config: Pick<MaiCoreConfig, 'url' | 'platform' | 'user_id' | 'nickname' | 'goal' | 'autoSendInterval' | 'programTimeout' | 'sayChat'> &
    Partial<Pick<MaiCoreConfig, 'token' | 'group_id'>>
  bus?: ContextBus
  logger?: Logger
  /** Progress lines for people (the CLI prints them). */
  out?: (line: string) => void
  /** Client retry tuning (tests shorten it). */
  client?: { baseDelayMs?: number; maxDelayMs?: number; stableMs?: number }
}

/**
 * Events: 'sent' (msg, reason), 'reply' (ParsedReply), 'program.start' (code),
 * 'program.end' (CodeInfo), 'chat' (text), 'goal.reached' (goal), plus the client's
 * 'open', 'close' (CloseInfo), 'stopped' (CloseInfo | null).
 */
export class MaiCoreLink extends EventEmitter {
  readonly game: MaiCoreGame
  readonly client: MaimClient
  private readonly body: Body
  private readonly runner: ProgramRunner
  private readonly cfg: MaiCoreLinkOptions['config']
  private readonly log: Logger | undefined
  private readonly out: (line: string) => void
  private running: { controller: AbortController; done: Promise<void>; superseded: boolean } | undefined
  private generation = 0
  private lastHeard = 0
  private lastSent = 0
  private lastMessageId = 0
  private autoTimer: NodeJS.Timeout | undefined
  private reachedGoal: string | undefined
  /** What the bot held of the goal's item when that goal was set: collect/craft goals count from there. */
  private goalBaseline: { goal: string; held: number } | undefined
  private closed = false
  private readonly detach: Array<() => void> = []
  /** Set while the body has lost the Minecraft server. */
  private down: { since: number; reason: string } | undefined
  /** The running program was stopped by the lost server (its end is reported as such). */
  private cutByOutage: { reason: string } | undefined

  constructor(private readonly opts: MaiCoreLinkOptions) {
    super()
    this.body = opts.body
    this.runner = opts.runner
    this.cfg = opts.config
    this.log = opts.logger
    this.out = opts.out ?? (() => undefined)
    this.game = new MaiCoreGame(opts.config.goal, opts.body.username)
    this.client = new MaimClient({
      url: opts.config.url,
      platform: opts.config.platform,
      ...(opts.config.token ? { token: opts.config.token } : {}),
      ...(opts.logger ? { logger: opts.logger.child('maim') } : {}),
      ...opts.client,
    })
  }

  start(): void {
    this.noteGoal()
    this.client.on('open', () => {
      this.out(`connected to MaiCore at ${this.cfg.url} as platform '${this.cfg.platform}'`)
      this.emit('open')
      this.sendState('start')
    })
    this.client.on('message', (msg: MessageBase) => this.onMessage(msg))
    this.client.on('close', (info: CloseInfo) => this.emit('close', info))
    this.client.on('retry', (r: { delayMs: number; after: CloseInfo; attempt: number }) => {
      if (r.attempt === 1 || r.after.kind === 'token-rejected') this.out(`${r.after.message}; retrying in ${Math.round(r.delayMs / 1000)} s`)
    })
    this.client.on('stopped', (info: CloseInfo | null) => {
      if (info) this.out(info.message)
      this.emit('stopped', info)
    })
    this.watchBody()
    const every = this.cfg.autoSendInterval * 1000
    this.autoTimer = setInterval(() => this.autoSend(every), Math.max(200, Math.min(5000, every / 4)))
    this.autoTimer.unref?.()
    this.client.start()
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    if (this.autoTimer) clearInterval(this.autoTimer)
    for (const d of this.detach) d()
    const r = this.running
    if (r) {
      r.controller.abort(new Error('link closing'))
      await r.done
    }
    await this.client.close()
  }

  /** True while a program runs. */
  get busy(): boolean {
    return this.running !== undefined
  }

  /** Sends the state message now; false when not connected. */
  sendState(reason: SendReason): boolean {
    // no state from a lost server: the body would report nothing (empty inventory, no position)
    if (this.closed || this.down || !this.client.connected) return false
    const status = this.body.status()
    const vision = this.body.look()
    const around = this.body.look({ distance: 3, fovDegrees: 360, raysPerDegree: 0.25 })
    const now = Date.now()
    this.lastMessageId = Math.max(this.lastMessageId + 1, now)
    const msg = buildStateMessage(
      this.game,
      { name: this.body.username, status, vision, around },
      { platform: this.cfg.platform, userId: this.cfg.user_id, nickname: this.cfg.nickname, groupId: this.cfg.group_id, now: () => now },
    )
    msg.message_info.message_id = this.lastMessageId
    if (!this.client.send(msg)) return false
    this.lastSent = now
    this.log?.debug('state sent', { reason })
    this.emit('sent', msg, reason)
    return true
  }

  /** True while the body has lost the Minecraft server. */
  get serverLost(): boolean {
    return this.down !== undefined
  }

  private autoSend(everyMs: number): void {
    if (this.running || this.down || !this.client.connected) return
    const now = Date.now()
    if (now - Math.max(this.lastHeard, this.lastSent) >= everyMs) this.sendState('auto')
  }

  private onMessage(msg: MessageBase): void {
    this.lastHeard = Date.now()
    const parsed: ParsedReply = parseReply(msg)
    this.emit('reply', parsed)
    if (parsed.kind === 'empty') return
    if (parsed.kind === 'chat') {
      this.log?.info('MaiCore replied in chat (no actions); nothing to run', { text: parsed.text.slice(0, 200) })
      this.opts.bus?.pushBot(parsed.text)
      if (this.cfg.sayChat) this.body.say(parsed.text.slice(0, 256))
      this.out(`MaiCore (chat): ${parsed.text.slice(0, 200)}`)
      this.emit('chat', parsed.text)
      return
    }
    this.game.applyReply(parsed.reply)
    this.noteGoal()
    void this.startProgram(parsed.reply.actions)
  }

  private async startProgram(code: string): Promise<void> {
    // Replies that arrive while the running program is being stopped: only the newest one runs.
    const generation = ++this.generation
    while (this.running) {
      const previous = this.running
      previous.superseded = true
      previous.controller.abort(new Error('replaced by a new program'))
      await previous.done
      if (generation !== this.generation) return
    }
    if (this.closed || generation !== this.generation) return
    const controller = new AbortController()
    const wallClockMs = this.cfg.programTimeout * 1000
    const deadline = Date.now() + wallClockMs
    const timer = setTimeout(() => controller.abort(new Error(`program ran out of time (${this.cfg.programTimeout} s)`)), wallClockMs)
    const startTick = tickOf(this.body.status())
    this.game.code = { ...this.game.code, is_running: true, is_ready: false, last_code: code, code_tick: startTick, code_error: null }
    this.out(`running program (${code.length} chars)`)
    this.emit('program.start', code)
    const host = createHostFunctions({ body: this.body, signal: controller.signal, deadline, ...(this.log ? { logger: this.log.child('primitives') } : {}) })
    let finish!: () => void
    const entry = { controller, done: new Promise<void>((r) => (finish = r)), superseded: false }
    this.running = entry
    let info: CodeInfo
    let stoppedEarly = false
    try {
      const result = await this.runner.run({
        code: wrapProgram(code),
        prelude: PRELUDE,
        globals: { __status: facadeSnapshot(this.body.username, this.body.status()) },
        host: host.functions,
        hostObject: '__host',
        wallClockMs,
        signal: controller.signal,
      })
      // the runner is any ProgramRunner: what the program wrote is capped and cleaned here too
      for (const line of result.logs.slice(-20)) this.opts.bus?.pushTool(`js: ${cleanLine(String(line), 2000)}`)
      const error = result.ok ? null : cleanCodeError(result.error)
      info = { ...this.game.code, is_running: false, is_ready: true, code_error: error }
    } catch (err) {
      info = { ...this.game.code, is_running: false, is_ready: true, code_error: cleanCodeError({ error_type: 'SandboxError', error_message: String((err as Error)?.message ?? err), error_stack: null }) }
    } finally {
      clearTimeout(timer)
      stoppedEarly = controller.signal.aborted
    }
    // The program has ended: work its calls started (a skill it did not await) ends with it.
    const leftRunning = host.skillsLeftRunning() > 0
    if (!controller.signal.aborted) controller.abort(new Error('the program ended'))
    const cut = this.cutByOutage
    if (cut && this.running === entry) {
      this.cutByOutage = undefined
      info = {
        ...info,
        code_error: {
          error_type: 'ServerLost',
          error_message: `the Minecraft server went away while this program ran (${cut.reason}); it was stopped there. Send it again, or a new one, from the state you get once the bot is back`,
          error_stack: null,
        },
      }
    }
    // A stopped program may leave a skill running; the next one starts from rest.
    if ((stoppedEarly || leftRunning) && !this.down) await this.body.stop('program stopped').catch(() => undefined)
    const superseded = entry.superseded
    if (this.running === entry) this.running = undefined
    this.game.code = info
    const e = info.code_error
    // a program cut short by the lost server: the "disconnected" line already said so
    if (e?.error_type !== 'ServerLost') this.out(e ? `program failed: ${e.error_type}: ${e.error_message}` : 'program finished')
    this.opts.bus?.pushTool(e ? `program failed: ${e.error_type}: ${e.error_message}`.slice(0, 200) : 'program finished')
    this.emit('program.end', info)
    finish()
    if (superseded || this.closed) return
    if (!this.checkGoal()) this.sendState('action')
  }

  private heldOf(item: string): number {
    return countByKey(this.body.inventoryCounts()).get(planKey(item)) ?? 0
  }

  /** Remembers what the bot holds when a goal is first seen, so "收集10个原木" means ten more. */
  private noteGoal(): void {
    if (this.goalBaseline?.goal === this.game.goal) return
    const g = parseGoal(this.game.goal)
    this.goalBaseline = { goal: this.game.goal, held: g.ok && g.goal.kind !== 'goto' ? this.heldOf(g.goal.item) : 0 }
  }

  /** When the goal names an item we can count and the inventory holds it: mark it reached and tell MaiCore. */
  private checkGoal(): boolean {
    const g = parseGoal(this.game.goal)
    // the same goal in other words (MaiCore answering 挖到铁矿 with "get 1 iron_ore") is not reached twice
    if (!g.ok || g.goal.kind === 'goto' || this.reachedGoal === JSON.stringify(g.goal)) return false
    this.noteGoal()
    const have = this.heldOf(g.goal.item)
    const from = g.goal.kind === 'get' ? 0 : (this.goalBaseline?.held ?? 0)
    if (have - from < g.goal.count) return false
    this.reachedGoal = JSON.stringify(g.goal)
    this.game.targetValue = g.goal.count
    this.game.currentValue = Math.max(this.game.currentValue, g.goal.count)
    this.game.addEvent({ type: 'goalReached', message: `目标完成: ${this.game.goal}`, tick: tickOf(this.body.status()) })
    this.out(`goal reached: ${this.game.goal}`)
    this.emit('goal.reached', this.game.goal)
    return this.sendState('goal')
  }

  private onServerLost(reason: string): void {
    if (this.closed || this.down) return
    this.down = { since: Date.now(), reason }
    this.game.addEvent({ type: 'disconnect', message: `lost the Minecraft server: ${reason}`.slice(0, 200), tick: tickOf(this.body.status()) })
    const r = this.running
    this.out(`disconnected from the Minecraft server (${reason}); ${r ? 'the running program is stopped; ' : ''}MaiCore hears from the bot again once it is back`)
    this.emit('connection', { state: 'lost', reason, program: r !== undefined })
    if (r) {
      this.cutByOutage = { reason }
      r.controller.abort(new Error(`the Minecraft server went away (${reason})`))
    }
  }

  private async onServerBack(): Promise<void> {
    const d = this.down
    if (this.closed || !d) return
    // the stopped program reports its end first (in the state sent below)
    await this.running?.done
    this.down = undefined
    const downMs = Date.now() - d.since
    this.game.addEvent({ type: 'reconnect', message: `back on the Minecraft server after ${Math.round(downMs / 1000)} s`, tick: tickOf(this.body.status()) })
    this.out(`reconnected to the Minecraft server after ${(downMs / 1000).toFixed(1)} s; sending MaiCore a fresh state`)
    this.emit('connection', { state: 'back', downMs })
    this.sendState('reconnect')
  }

  private watchBody(): void {
    const b = this.body
    const tick = () => tickOf(b.status())
    const onDisconnect = (reason: unknown) => this.onServerLost(String(reason))
    const onReconnect = () => void this.onServerBack()
    b.on('disconnect', onDisconnect)
    b.on('reconnect', onReconnect)
    this.detach.push(() => b.off('disconnect', onDisconnect), () => b.off('reconnect', onReconnect))
    const on = (ev: string, fn: (...a: any[]) => void) => {
      b.on(ev, fn)
      this.detach.push(() => b.off(ev, fn))
    }
    on('chat', (user: string, message: string) => this.game.addEvent({ type: 'chat', message: `<${user}> ${message}`.slice(0, 200), tick: tick() }))
    on('health.change', (e: { type: string; data: string }) => {
      if (e.type.startsWith('hurt')) this.game.addEvent({ type: 'entityHurt', message: `${e.type} ${e.data}`, tick: tick() })
    })
    on('death', () => this.game.addEvent({ type: 'death', message: `${b.username} died`, tick: tick() }))
    on('respawn', () => this.game.addEvent({ type: 'spawn', message: `${b.username} respawned`, tick: tick() }))
    on('pickup', (item: ItemCount) => {
      this.game.addEvent({ type: 'pickup', message: `${item.count} ${item.name}`, tick: tick() })
      if (this.running) this.checkGoal()
    })
  }
}

/**
 * The mineflayer body: connects to any Minecraft server (version auto-detected),
 * reconnects with backoff, runs skills in one action slot, and feeds senses to a
 * ContextBus. Links and minds use the `Body` contract of ./types.ts.
 */
import { EventEmitter } from 'node:events'
import mineflayer, { type Bot } from 'mineflayer'
import pathfinderPkg from 'mineflayer-pathfinder'
import { plugin as toolPlugin } from 'mineflayer-tool'
import { createContextBus, type ContextBus } from '../../core/context-bus.js'
import { createLogger, type Logger } from '../../core/logger.js'
import { ActionSlot } from './action-slot.js'
import { installProtocolCompat } from './compat.js'
import { recolouringRecipes } from './recipes.js'
import type { BusLike } from './bus.js'
import { backoffDelay, reconnectPolicy, type ReconnectOption, type ReconnectPolicy } from './connection.js'
import type { Registry } from './items.js'
import { selectReflexes, type Reflex, type ReflexSwitches } from './reflexes/index.js'
import { SKILLS } from './skills/index.js'
import { digOnlyWhatIsOpen, forbidDiggingDown, spareFields } from './skills/nav.js'
import { attachSenses, type SenseState } from './senses/wire.js'
import { countsOf, emptyStatus, statusOf } from './senses/status.js'
import { look } from './senses/vision.js'
import { createKnowledge, type BlockKnowledge } from './senses/known-blocks.js'
import type { Body, BodyStatus, RunOptions, SkillCall, SkillResult, Surroundings, Vision, VisionOptions } from './types.js'
import { closeStrayWindow } from './stray-window.js'
import { componentText } from './text-component.js'

const { pathfinder, Movements } = pathfinderPkg

/** How long after a respawn the world may stay unloaded before we rejoin. */
const RESPAWN_WORLD_WAIT_MS = 3000
/** How long a call made while the bot is dead waits for the respawn before it starts anyway. */
const RESPAWN_START_WAIT_MS = 10_000

export interface CreateBodyOptions {
  host?: string
  port?: number
  username: string
  /** Minecraft version; omitted = detected by pinging the server. */
  version?: string
  bus?: ContextBus
  logger?: Logger
  /** Default true: reconnect after kicks, lost connections and server restarts. */
  reconnect?: ReconnectOption
  /** Switch reflexes off one by one: `{ eat: false }`. */
  reflexes?: ReflexSwitches
  /** Watchdog: stop a skill after this long without progress (default 45 s). */
  watchdogIdleMs?: number
  /** Give up on one connection attempt after this long (default 30 s). */
  connectTimeoutMs?: number
  /**
   * FOR EXPERIMENTS ONLY (default false): skills may target every block in the loaded chunks,
   * ore inside solid stone included, as mineflayer's findBlocks does. Off, the bot plays fair:
   * it targets only blocks it could know about (senses/known-blocks.ts, docs/minecraft.md "Fair play").
   */
  xray?: boolean
}

function errText(err: unknown): string {
  if (err instanceof Error) return (err as NodeJS.ErrnoException).code ? `${(err as NodeJS.ErrnoException).code}: ${err.message}` : err.message
  if (typeof err === 'string') return err
  try {
    return JSON.stringify(err)
  } catch {
    return String(err)
  }
}

export class MineflayerBody extends EventEmitter implements Body {
  readonly username: string
  readonly bus: ContextBus
  private _bot: Bot | null = null
  private _ready = false
  private closing = false
  private attempt = 0
  private reconnectTimer: NodeJS.Timeout | null = null
  private readonly policy: ReconnectPolicy
  private readonly log: Logger
  private readonly slot: ActionSlot
  private readonly reflexes: Reflex[]
  private readonly strikeSet = new Set<string>()
  private readonly senseState: SenseState = { dead: false }
  private teardown: Array<() => void> = []
  private known: { bot: Bot; knowledge: BlockKnowledge } | null = null

  constructor(private readonly opts: CreateBodyOptions & { host: string; port: number }) {
    super()
    if (typeof opts.username !== 'string' || !/^[A-Za-z0-9_]{1,16}$/.test(opts.username)) {
      throw new Error(`createBody: username must be 1–16 letters, digits or _ (got ${JSON.stringify(opts.username)})`)
    }
    this.username = opts.username
    this.bus = opts.bus ?? createContextBus()
    this.log = (opts.logger ?? createLogger('body')).child(opts.username)
    this.policy = reconnectPolicy(opts.reconnect)
    this.reflexes = selectReflexes(opts.reflexes, { watchdogIdleMs: opts.watchdogIdleMs })
    const busLike: BusLike = this.bus
    this.slot = new ActionSlot(
      {
        bot: () => this._bot,
        ready: () => this._ready,
        registry: () => this._bot!.registry as unknown as Registry,
        knowledge: () => this.knowledge,
        counts: () => (this._bot ? countsOf(this._bot) : {}),
        emit: (ev, ...args) => this.safeEmit(ev, ...args),
        bus: busLike,
        log: this.log,
        halt: (bot) => halt(bot),
      },
      SKILLS,
    )
    // An EventEmitter 'error' without listeners would crash the host; report instead.
    this.on('error', () => undefined)
  }

  /** The current mineflayer bot (replaced on reconnect). */
  get bot(): Bot {
    if (!this._bot) throw new Error('body is not connected')
    return this._bot
  }

  get ready(): boolean {
    return this._ready
  }

  get version(): string | undefined {
    return this._bot?.version
  }

  /** What the bot knows of the blocks around it; built for the current connection on first use. */
  get knowledge(): BlockKnowledge {
    const bot = this.bot
    if (this.known?.bot !== bot) {
      this.known?.knowledge.close()
      this.known = { bot, knowledge: createKnowledge(bot, { xray: this.opts.xray === true, onTarget: (t) => this.safeEmit('target', t) }) }
    }
    return this.known.knowledge
  }

  private dropKnowledge(): void {
    this.known?.knowledge.close()
    this.known = null
  }

  status(): BodyStatus {
    const activity = this.slot.activity()
    const action = this.slot.action()
    return this._bot && this._ready ? statusOf(this._bot, activity, action) : emptyStatus(activity, action)
  }

  look(opts?: VisionOptions): Vision {
    return look(this._bot && this._ready ? this._bot : null, opts)
  }

  say(message: string): boolean {
    const text = String(message ?? '').replace(/[\r\n]+/g, ' ').trim().slice(0, 256)
    if (!text || !this._bot || !this._ready) return false
    try {
      this._bot.chat(text)
    } catch (err) {
      this.log.warn('chat failed', { err: errText(err) })
      return false
    }
    this.safeEmit('said', text)
    return true
  }

  inventoryCounts(): Record<string, number> {
    return this._bot && this._ready ? countsOf(this._bot) : {}
  }

  surroundings(radius = 48): Surroundings {
    const bot = this._bot
    if (!bot || !this._ready) return { blocks: [], entities: [], night: false }
    const blocks = new Set(this.knowledge.find(() => true, { radius, count: 4096 }).map((b) => b.name))
    const entities = new Set<string>()
    const at = bot.entity.position
    for (const e of Object.values(bot.entities)) {
      if (e === bot.entity || e.type === 'player' || !e.name || e.position.distanceTo(at) > radius) continue
      entities.add(e.name)
    }
    const t = bot.time.timeOfDay
    return { blocks: [...blocks], entities: [...entities], night: t >= 13000 && t < 23000 }
  }

  async run(call: SkillCall, opts?: RunOptions): Promise<SkillResult> {
    // a call made between a death and the respawn would act at the death spot: it starts after the respawn
    if (this.senseState.dead) await this.respawned(RESPAWN_START_WAIT_MS, opts?.signal)
    return this.slot.run(call, opts)
  }

  /** Resolves at the next respawn, after `ms`, or when `signal` aborts, whichever comes first. */
  private respawned(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.removeListener('respawn', done)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.once('respawn', done)
      signal?.addEventListener('abort', done, { once: true })
    })
  }

  async stop(reason: string): Promise<void> {
    await this.slot.abortCurrent(`cancelled: ${reason || 'stopped'}`)
    if (this._bot) halt(this._bot)
  }

  readonly strikeBack = {
    add: (uuids: string[]) => {
      for (const u of uuids ?? []) if (typeof u === 'string' && u.trim()) this.strikeSet.add(u.trim().toLowerCase())
    },
    remove: (uuids: string[]) => {
      for (const u of uuids ?? []) if (typeof u === 'string') this.strikeSet.delete(u.trim().toLowerCase())
    },
    list: () => [...this.strikeSet],
  }

  async close(): Promise<void> {
    this.closing = true
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    await this.slot.abortCurrent('cancelled: body closed')
    const bot = this._bot
    this.detach()
    this._ready = false
    if (!bot) return
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, 3000)
      bot.once('end', () => {
        clearTimeout(t)
        resolve()
      })
      try {
        bot.quit('closing')
      } catch {
        clearTimeout(t)
        resolve()
      }
    })
    bot.removeAllListeners()
  }

  /** One connection attempt: resolves on spawn, rejects on error/end/timeout before spawn. */
  connect(): Promise<void> {
    const { host, port, username, version } = this.opts
    const bot = mineflayer.createBot({ host, port, username, auth: 'offline', version: version ?? (false as unknown as string), hideErrors: true, logErrors: false })
    this._bot = bot
    installProtocolCompat(bot)
    bot.loadPlugin(pathfinder)
    bot.loadPlugin(toolPlugin)
    bot.loadPlugin(recolouringRecipes) // after mineflayer's craft plugin, whose lookup it replaces
    return new Promise<void>((resolve, reject) => {
      let spawned = false
      const timer = setTimeout(() => {
        if (spawned) return
        fail(new Error(`no spawn within ${Math.round((this.opts.connectTimeoutMs ?? 30_000) / 1000)}s`))
        try {
          bot.end('connect timeout')
        } catch {
          /* already closed */
        }
      }, this.opts.connectTimeoutMs ?? 30_000)
      const fail = (err: unknown) => {
        if (spawned) return
        spawned = true // settle once
        clearTimeout(timer)
        reject(new Error(`cannot connect to ${host}:${port} as ${username}: ${errText(err)}`))
      }
      let lastKick = ''
      bot.on('kicked', (reason: unknown) => {
        // 1.20.3+ servers send the reason as NBT text: its words, not the NBT
        let text: string | undefined
        try {
          text = componentText(bot.registry as unknown as object, reason)
        } catch {
          /* not a text component: shown as it came */
        }
        lastKick = `kicked: ${text ?? errText(reason)}`
      })
      bot.on('error', (err: unknown) => {
        this.log.debug('bot error', { err: errText(err) })
        if (!this._ready) fail(err)
      })
      bot.once('end', (reason: unknown) => {
        let settled = false
        const settle = () => {
          if (settled) return
          settled = true
          fail(lastKick || reason || 'connection closed')
          if (this._bot === bot) this.onLost(lastKick || `connection lost: ${errText(reason ?? 'closed')}`)
        }
        if (lastKick) return settle()
        // A kick packet goes through the client's (asynchronous, zlib) decoder and can land just
        // after the socket's close: give it a moment so the reason says "kicked".
        const late = setTimeout(settle, 500)
        bot.once('kicked', () => {
          clearTimeout(late)
          settle()
        })
      })
      bot.once('spawn', () => {
        if (spawned) return
        spawned = true
        clearTimeout(timer)
        this.onSpawn(bot)
        resolve()
      })
    })
  }

  private onSpawn(bot: Bot): void {
    const moves = new Movements(bot)
    moves.allowParkour = false // parkour jumps fail often on laggy servers
    // scaffold with dirt only: placing cobblestone while pathing eats crafting materials (furnace, tools)
    moves.scafoldingBlocks = moves.scafoldingBlocks.filter((id) => bot.registry.items[id]?.name === 'dirt')
    moves.canOpenDoors = true
    forbidDiggingDown(moves)
    spareFields(moves, bot.registry as never)
    digOnlyWhatIsOpen(moves, (p) => this.knowledge.isKnown(p))
    bot.pathfinder.setMovements(moves)
    bot.pathfinder.thinkTimeout = 10_000
    const detachSenses = attachSenses(bot, {
      bus: this.bus,
      emit: (ev, ...args) => this.safeEmit(ev, ...args),
      log: this.log,
      state: this.senseState,
    })
    const stops = this.reflexes.map((r) =>
      r.start({
        bot,
        registry: bot.registry as unknown as Registry,
        slot: this.slot,
        events: this,
        run: (call) => this.run(call),
        hold: (call, opts) => this.slot.hold(call, opts),
        strikeBackList: () => this.strikeBack.list(),
        knowledge: () => this.knowledge,
        log: this.log.child(`reflex:${r.name}`),
      }),
    )
    const onSpawnAgain = () => this.safeEmit('spawn')
    bot.on('spawn', onSpawnAgain)
    // Some servers (flying-squid) do not resend chunks after a respawn; mineflayer then has no
    // world and its physics stops, so nothing can move. Rejoining fetches the world again.
    let rejoinTimer: NodeJS.Timeout | null = null
    const onRespawned = () => {
      if (rejoinTimer) clearTimeout(rejoinTimer)
      rejoinTimer = setTimeout(() => {
        rejoinTimer = null
        if (this._bot !== bot || !bot.entity || bot.blockAt(bot.entity.position)) return
        this.log.warn('no world around me after respawning; rejoining the server')
        try {
          bot.end('rejoin: the server sent no chunks after respawn')
        } catch {
          /* already closed */
        }
      }, RESPAWN_WORLD_WAIT_MS)
    }
    this.on('respawn', onRespawned)
    // whatever ran when the bot died is stale: it respawns elsewhere with nothing in hand; a reflex's
    // hold (a flee) ran on into the respawn and kept every next call waiting for it (30 s in a bench run)
    const onDied = () => void this.slot.abortCurrent('cancelled: interrupted by a death')
    this.on('death', onDied)
    this.teardown = [
      detachSenses,
      () => this.dropKnowledge(),
      ...stops,
      () => bot.removeListener('spawn', onSpawnAgain),
      () => this.removeListener('respawn', onRespawned),
      () => this.removeListener('death', onDied),
      () => {
        if (rejoinTimer) clearTimeout(rejoinTimer)
      },
    ]
    this._ready = true
    const wasReconnect = this.attempt > 0 || this.everConnected
    this.everConnected = true
    this.attempt = 0
    this.safeEmit('spawn')
    if (wasReconnect) this.safeEmit('reconnect')
  }

  private everConnected = false

  private detach(): void {
    for (const off of this.teardown.splice(0)) {
      try {
        off()
      } catch {
        /* ignore */
      }
    }
  }

  private onLost(reason: string): void {
    const wasReady = this._ready
    this._ready = false
    this.detach()
    if (wasReady) {
      void this.slot.abortCurrent('cancelled: disconnected from the server')
      this.safeEmit('disconnect', reason)
      this.log.info('disconnected', { reason })
    }
    if (this.closing || !this.policy.enabled || !this.everConnected) return
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    if (this.closing || this.reconnectTimer) return
    if (this.attempt >= this.policy.maxAttempts) {
      this.log.warn('giving up reconnecting', { attempts: this.attempt })
      this.safeEmit('error', new Error(`gave up reconnecting after ${this.attempt} attempts`))
      return
    }
    const delay = backoffDelay(this.attempt, this.policy)
    this.attempt++
    this.log.info('reconnecting', { attempt: this.attempt, delayMs: delay })
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      if (this.closing) return
      this.connect().catch((err: unknown) => {
        this.log.debug('reconnect attempt failed', { err: errText(err) })
        // 'end' already scheduled the next attempt via onLost when the bot was current.
        if (!this.reconnectTimer && !this._ready) this.scheduleReconnect()
      })
    }, delay)
  }

  private safeEmit(ev: string, ...args: unknown[]): void {
    try {
      this.emit(ev, ...args)
    } catch (err) {
      this.log.warn(`listener for '${ev}' threw`, { err: errText(err) })
    }
  }
}

/** Stops movement, digging, fighting and held controls, and closes any open window. */
export function halt(bot: Bot): void {
  closeStrayWindow(bot)
  try {
    bot.pathfinder?.stop()
    bot.pathfinder?.setGoal(null)
  } catch {
    /* no pathfinder */
  }
  try {
    if ((bot as unknown as { targetDigBlock?: unknown }).targetDigBlock) bot.stopDigging()
  } catch {
    /* not digging */
  }
  try {
    bot.clearControlStates()
  } catch {
    /* disconnected */
  }
}

/** Connects (resolving on first spawn) and returns the body; it reconnects by itself afterwards. */
export async function createBody(opts: CreateBodyOptions): Promise<MineflayerBody> {
  if (!opts || typeof opts !== 'object') throw new Error('createBody: options object required')
  const host = opts.host ?? '127.0.0.1'
  const port = opts.port ?? 25565
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`createBody: port must be 1..65535 (got ${String(opts.port)})`)
  const body = new MineflayerBody({ ...opts, host, port })
  await body.connect()
  return body
}

export type { Body, BodyStatus, SkillCall, SkillResult, CraftResult, ItemCount, Activity, RunOptions, Vision, VisionOptions } from './types.js'

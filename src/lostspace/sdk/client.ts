/**
 * The player side of LostSpace for AIs written in TypeScript.
 *
 * A `Player` gets `onRoundBegin(state, api)` at the start of each of its turns
 * and acts through `api` (each call sends one action and resolves with the
 * logic's reply). The client ends the turn with `finish` unless the logic
 * already ended it (non-zero status, KeyMachine, escape, death).
 */
import type { Readable, Writable } from 'node:stream'
import { AiPayloadDecoder, encodeFrame } from '../judger/framing.js'
import {
  isFullRoundBegin,
  parseServerMessage,
  type Action,
  type ActionReply,
  type Pos,
  type ServerMessage,
  type ToolName,
  type TrapName,
} from './messages.js'
import { GameStateTracker } from './state.js'
import type { AiMessage } from '../../protocols/lostspace.js'
import { createLogger, type Logger } from '../../core/logger.js'

/** Moves JSON bodies between the client and the logic. */
export interface Transport {
  send(body: string): void
  /** Registers the receiver of incoming bodies (payload header already removed). */
  onMessage(cb: (body: string) => void): void
  /** Called once when the input ends. */
  onClose(cb: () => void): void
  /**
   * A transport to a logic in this process may take the message object itself instead
   * of its JSON text (`send`); the logic checks it as strictly as the text.
   */
  sendMessage?(msg: AiMessage): void
}

/** Saiblo AI framing on byte streams: reads 4-digit ASCII payloads, writes 4-byte BE frames. */
export function createStreamTransport(input: Readable, output: Writable): Transport {
  const decoder = new AiPayloadDecoder()
  let receiver: (body: string) => void = () => {}
  let closer: () => void = () => {}
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    closer()
  }
  input.on('data', (chunk: Buffer | string) => {
    if (closed) return
    let bodies: string[]
    try {
      bodies = decoder.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
    } catch {
      close()
      return
    }
    for (const b of bodies) receiver(b)
  })
  input.on('end', close)
  input.on('close', close)
  input.on('error', close)
  output.on('error', () => {})
  return {
    send: (body) => {
      if (!output.writableEnded && !output.destroyed) output.write(encodeFrame(body))
    },
    onMessage: (cb) => {
      receiver = cb
    },
    onClose: (cb) => {
      closer = cb
    },
  }
}

export interface PlayerApi {
  /** The live game picture (same object as the `state` argument). */
  readonly state: GameStateTracker
  /** True once the turn is over (finished, auto-ended, or superseded by a new round). */
  readonly turnOver: boolean
  /** Sends any action and resolves with the reply (`success:false` if the turn is already over). */
  act(action: Action): Promise<ActionReply>
  move(pos: Pos): Promise<ActionReply>
  attack(pos: Pos, target: number): Promise<ActionReply>
  materials(tool: ToolName): Promise<ActionReply>
  openBox(): Promise<ActionReply>
  keyMachine(): Promise<ActionReply>
  escapeCapsule(start: boolean): Promise<ActionReply>
  trap(type: TrapName): Promise<ActionReply>
  kit(): Promise<ActionReply>
  transport(pos: Pos): Promise<ActionReply>
  detect(pos: Pos): Promise<ActionReply>
  /** Ends the turn (sends `finish` once). */
  finish(): void
}

export interface Player {
  readonly name?: string
  /** Called at the start of each of our turns in which we may act (status 0 or 4). */
  onRoundBegin(state: GameStateTracker, api: PlayerApi): Promise<void> | void
  /** Every message from the logic, after the tracker applied it. */
  onMessage?(msg: ServerMessage, state: GameStateTracker): void
  /** Called once when the game is over for us (input closed or we escaped). */
  onEnd?(state: GameStateTracker): void
  /**
   * false: this player never reads `state.events`, so the tracker keeps no log (it costs about a tenth
   * of a random game's time). Default true.
   */
  readonly keepsLog?: boolean
}

export interface ClientOptions {
  logger?: Logger
  /**
   * The messages come from a logic running in this process (an in-process judger seat),
   * built from the protocol types: skip the schema check on them. Input from another
   * process (stdin, sockets) is always validated.
   */
  trustedLogic?: boolean
}

const FAILED: ActionReply = { type: 'action', success: false }

interface Ask {
  action: Action
  resolve: (r: ActionReply) => void
  reject: (e: unknown) => void
}

class Turn implements PlayerApi {
  over = false
  /** The action sent and not answered yet. */
  private waiting: Ask | null = null
  /** Actions asked for while another was unanswered: sent one by one, in order (made when first needed). */
  private queued: Ask[] | null = null

  constructor(
    readonly state: GameStateTracker,
    private readonly send: (msg: AiMessage) => void,
  ) {}

  get turnOver(): boolean {
    return this.over
  }

  act(action: Action): Promise<ActionReply> {
    return new Promise<ActionReply>((resolve, reject) => {
      const ask = { action, resolve, reject }
      if (this.waiting || this.queued) (this.queued ??= []).push(ask)
      else this.sendAction(ask)
    })
  }

  private sendAction(ask: Ask): void {
    if (this.over) {
      ask.resolve(FAILED)
      return
    }
    this.waiting = ask
    try {
      this.send({ type: 'action', action: ask.action })
    } catch (err) {
      this.waiting = null
      ask.reject(err)
    }
  }

  /** The next queued action goes out after the reply's batch of messages has been taken in. */
  private sendQueued(): void {
    const queued = this.queued
    while (!this.waiting && queued && queued.length > 0) this.sendAction(queued.shift()!)
    if (queued && queued.length === 0 && this.queued === queued) this.queued = null
  }

  private answer(reply: ActionReply): void {
    const ask = this.waiting!
    this.waiting = null
    if (reply.success !== undefined) this.state.applyReply(ask.action, reply)
    this.afterReply(ask.action, reply)
    ask.resolve(reply)
    if (this.queued) queueMicrotask(() => this.sendQueued())
  }

  /** The logic ends the turn itself after these; sending `finish` would be a stray message. */
  private afterReply(action: Action, reply: ActionReply): void {
    if (!reply.success) return
    if (typeof reply.status === 'number' && reply.status !== 0 && reply.status !== 4) this.over = true
    if (action[0] === 'interact' && action[1] === 'KeyMachine') this.over = true
    if (action[0] === 'interact' && action[1] === 'EscapeCapsule' && action[2]) this.over = true
  }

  /** A reply arrived (action or format error). */
  deliver(reply: ActionReply): boolean {
    if (!this.waiting) return false
    this.answer(reply)
    return true
  }

  /** Ends the turn from outside (new roundbegin, death, escape): pending calls resolve as failures. */
  end(): void {
    this.over = true
    if (this.waiting) this.answer(FAILED)
  }

  // Getters that hand out bound functions (`const { move } = api` works) only when asked,
  // so a turn costs no closures it does not use.
  get move(): (pos: Pos) => Promise<ActionReply> {
    return (pos) => this.act(['move', pos])
  }
  get attack(): (pos: Pos, target: number) => Promise<ActionReply> {
    return (pos, target) => this.act(['attack', pos, target])
  }
  get materials(): (tool: ToolName) => Promise<ActionReply> {
    return (tool) => this.act(['interact', 'Materials', tool])
  }
  get openBox(): () => Promise<ActionReply> {
    return () => this.act(['interact', 'Box'])
  }
  get keyMachine(): () => Promise<ActionReply> {
    return () => this.act(['interact', 'KeyMachine'])
  }
  get escapeCapsule(): (start: boolean) => Promise<ActionReply> {
    return (start) => this.act(['interact', 'EscapeCapsule', start])
  }
  get trap(): (type: TrapName) => Promise<ActionReply> {
    return (type) => this.act(['trap', type])
  }
  get kit(): () => Promise<ActionReply> {
    return () => this.act(['tool', 'Kit'])
  }
  get transport(): (pos: Pos) => Promise<ActionReply> {
    return (pos) => this.act(['tool', 'Transport', pos])
  }
  get detect(): (pos: Pos) => Promise<ActionReply> {
    return (pos) => this.act(['detect', pos])
  }

  finish(): void {
    if (this.over) return
    this.over = true
    if (this.waiting) this.answer(FAILED)
    this.send({ type: 'finish' })
  }
}

/** Runs one Player over one Transport for a whole game. */
export class LostSpaceClient {
  readonly state: GameStateTracker
  private turn: Turn | null = null
  private givenLogger: Logger | null
  private readonly trustedLogic: boolean
  private resolveDone!: () => void
  /** Resolves when the input closes or we escaped. */
  readonly done: Promise<void>
  private ended = false
  private readonly sendToLogic: (msg: AiMessage) => void

  constructor(
    private readonly player: Player,
    private readonly transport: Transport,
    opts: ClientOptions = {},
  ) {
    this.givenLogger = opts.logger ?? null
    this.state = new GameStateTracker({ logging: player.keepsLog !== false })
    this.trustedLogic = opts.trustedLogic === true
    this.done = new Promise((r) => (this.resolveDone = r))
    this.sendToLogic = transport.sendMessage
      ? (msg) => transport.sendMessage!(msg)
      : (msg) => transport.send(JSON.stringify(msg))
    transport.onMessage((body) => this.receive(body))
    transport.onClose(() => this.end())
  }

  /** Made when first needed: most games log nothing. */
  private get logger(): Logger {
    return (this.givenLogger ??= createLogger('lostspace:client'))
  }

  /** Feeds one message body (JSON text) from the logic. */
  receive(body: string): void {
    if (this.ended) return
    const parsed = parseServerMessage(body, { trusted: this.trustedLogic })
    if (!parsed.ok) {
      this.logger.warn(`ignoring a malformed message from the logic: ${parsed.error}`, { body: body.slice(0, 200) })
      // A garbled reply still answers the action we wait for: as a failure, so the turn goes on.
      if (parsed.type === 'action' || parsed.type === 'format error') this.turn?.deliver({ ...FAILED })
      return
    }
    this.receiveMessage(parsed.message)
  }

  /**
   * Feeds one message from a logic in this process, as the object itself: not checked
   * again (it is built from the protocol types), and no JSON on the way. The logic hands
   * over a fresh object, so the player may keep it.
   */
  receiveMessage(msg: ServerMessage): void {
    if (this.ended) return
    const type = msg.type
    if (type === 'action' || type === 'format error') {
      const reply: ActionReply = type === 'action' ? (msg as ActionReply) : { ...FAILED }
      if (!this.turn?.deliver(reply)) this.logger.debug('stray reply', { type })
      return
    }
    this.state.apply(msg)
    try {
      this.player.onMessage?.(msg, this.state)
    } catch (err) {
      this.logger.warn('player onMessage failed', { err: err as Error })
    }
    if (type === 'roundbegin') {
      this.turn?.end()
      this.turn = null
      if (isFullRoundBegin(msg) && msg.inturn === this.state.id && (msg.status === 0 || msg.status === 4)) {
        this.startTurn()
      }
    } else if (type === 'death' || type === 'escaped') {
      this.turn?.end()
      if (type === 'escaped') this.end()
    }
  }

  private startTurn(): void {
    const turn = new Turn(this.state, this.sendToLogic)
    this.turn = turn
    let played: Promise<void> | void
    try {
      played = this.player.onRoundBegin(this.state, turn)
    } catch (err) {
      this.turnFailed(turn, err)
      return
    }
    // Exactly `await played` (the same ticks for a promise, a thenable or nothing), without an async frame per turn.
    Promise.resolve(played).then(
      () => turn.finish(),
      (err: unknown) => this.turnFailed(turn, err),
    )
  }

  private turnFailed(turn: Turn, err: unknown): void {
    this.logger.warn('player turn failed', { err: err as Error })
    turn.finish()
  }

  private end(): void {
    if (this.ended) return
    this.ended = true
    this.turn?.end()
    try {
      this.player.onEnd?.(this.state)
    } catch {
      /* ignore */
    }
    this.resolveDone()
  }
}

/** Runs a Player as a Saiblo AI on this process's stdin/stdout until the game ends. */
export async function runPlayerOnStdio(player: Player, opts: ClientOptions = {}): Promise<void> {
  const client = new LostSpaceClient(player, createStreamTransport(process.stdin, process.stdout), opts)
  await client.done
}

/**
 * A seat is one AI as the judger sees it: something that takes logic → AI
 * payloads (4-digit ASCII header + JSON) and produces AI → logic bodies, or
 * fails (crash, oversize output, ...). Subprocess AIs and in-process Players
 * both fit.
 */
import { AiProcess, type AiFailure } from './process.js'
import { decodeAiPayload } from './framing.js'
import { LostSpaceClient, type Player, type Transport } from '../sdk/client.js'
import type { ServerMessage } from '../sdk/messages.js'
import type { Logger } from '../../core/logger.js'

export type SeatSpec =
  | { kind: 'command'; command: string; cwd?: string; env?: NodeJS.ProcessEnv; name?: string }
  | { kind: 'player'; player: Player; name?: string }
  /**
   * A seat the caller builds itself (the web page's human seat). `playerType` is
   * what the logic is told in `player_list`: 2 = a web player, which gets raw
   * JSON with the legal-move hints instead of the 4-digit framed payload.
   * `timeLimitSec` replaces the per-turn limit for this seat (a person needs longer).
   */
  | { kind: 'custom'; name: string; playerType: 1 | 2; timeLimitSec?: number; open(hooks: SeatHooks): Seat }

export type ErrorCode = 0 | 1 | 2

export interface SeatFailure {
  error: ErrorCode
  log: string
}

export interface SeatHooks {
  /** An AI message: its JSON text, or from a direct seat (see SeatContext.direct) the object itself. */
  onMessage(body: string | object): void
  onFailure(f: SeatFailure): void
}

export interface Seat {
  readonly name: string
  send(payload: string): void
  /** Writes what `send` queued, if the seat queues (the judger decides when: after a batch of frames, or later). */
  flush?(): void
  /** Whether `send` queued something not yet written. */
  pending?(): boolean
  /** A message object from a logic in this process, for a direct seat (see SeatContext.direct). */
  deliver?(msg: object): void
  /** Stops the AI; no more hooks are called. */
  close(): Promise<void>
}

export interface SeatContext {
  maxLength: number
  logger: Logger
  /** The logic runs in this process and is ours (LostSpaceLogic): in-process players skip the schema check. */
  trustedLogic?: boolean
  /**
   * This seat is an in-process player and the logic hands its messages over as objects
   * (`LostSpaceLogic.deliverObjectsTo`): messages cross both ways without JSON.
   */
  direct?: boolean
}

export function seatName(spec: SeatSpec): string {
  if (spec.name) return spec.name
  if (spec.kind === 'custom') return 'custom'
  return spec.kind === 'command' ? spec.command : (spec.player.name ?? 'player')
}

export function openSeat(spec: SeatSpec, hooks: SeatHooks, ctx: SeatContext): Seat {
  if (spec.kind === 'custom') return spec.open(hooks)
  if (spec.kind === 'command') return new ProcessSeat(spec, hooks, ctx)
  return new PlayerSeat(spec, hooks, ctx.trustedLogic === true, ctx.direct === true)
}

function describeFailure(f: AiFailure, stderr: string): SeatFailure {
  const tail = stderr.trim() ? `\nstderr: ${stderr.trim().slice(-1500)}` : ''
  if (f.kind === 'oversize') return { error: 2, log: f.message + tail }
  if (f.kind === 'spawn') return { error: 0, log: `could not start: ${f.message}` }
  const how = f.signal ? `killed by ${f.signal}` : `exited with code ${f.code}`
  return { error: 0, log: `AI ${how}${tail}` }
}

class ProcessSeat implements Seat {
  readonly name: string
  private readonly proc: AiProcess
  /** The AI was told it escaped; its exit is then normal (the Python SDK exits). */
  private escaped = false

  constructor(spec: Extract<SeatSpec, { kind: 'command' }>, hooks: SeatHooks, ctx: SeatContext) {
    this.name = seatName(spec)
    this.proc = new AiProcess({
      command: spec.command,
      cwd: spec.cwd,
      env: spec.env,
      maxLength: ctx.maxLength,
      onMessage: (body) => hooks.onMessage(body),
      onFailure: (f) => {
        if (f.kind === 'exit' && this.escaped) {
          ctx.logger.debug('AI exited after escaping', { seat: this.name })
          return
        }
        hooks.onFailure(describeFailure(f, this.proc.stderr))
      },
    })
  }

  /** Payloads not written yet, written together by flush(). */
  private queued: string[] = []

  send(payload: string): void {
    if (!this.escaped && payload.includes('"escaped"') && isEscapedNotice(payload)) this.escaped = true
    this.queued.push(payload)
  }

  flush(): void {
    if (this.queued.length === 0) return
    const data = this.queued.length === 1 ? this.queued[0]! : this.queued.join('')
    this.queued = []
    this.proc.send(data)
  }

  pending(): boolean {
    return this.queued.length > 0
  }

  async close(): Promise<void> {
    this.proc.kill()
    await this.proc.exitPromise
  }
}

function isEscapedNotice(payload: string): boolean {
  const body = decodeAiPayload(payload) ?? payload
  try {
    return (JSON.parse(body) as { type?: unknown }).type === 'escaped'
  } catch {
    return false
  }
}

/**
 * An in-process Player. Its messages go to the judger at once (the judger queues what
 * arrives while it is delivering, so nothing re-enters). A direct seat takes the logic's
 * message objects at once too and sends its own as objects: no JSON either way.
 */
class PlayerSeat implements Seat {
  readonly name: string
  private closed = false
  private receiver: (body: string) => void = () => {}
  private closer: () => void = () => {}
  private readonly client: LostSpaceClient

  constructor(spec: Extract<SeatSpec, { kind: 'player' }>, hooks: SeatHooks, trustedLogic: boolean, direct: boolean) {
    this.name = seatName(spec)
    // At once: the judger queues what arrives while it is busy (see Game.submit).
    const toLogic = (msg: string | object): void => {
      if (!this.closed) hooks.onMessage(msg)
    }
    const transport: Transport = {
      send: toLogic,
      onMessage: (cb) => (this.receiver = cb),
      onClose: (cb) => (this.closer = cb),
    }
    if (direct) transport.sendMessage = toLogic
    this.client = new LostSpaceClient(spec.player, transport, { trustedLogic: trustedLogic || direct })
  }

  send(payload: string): void {
    if (this.closed) return
    const body = decodeAiPayload(payload)
    if (body === null) return
    queueMicrotask(() => {
      if (!this.closed) this.receiver(body)
    })
  }

  deliver(msg: object): void {
    if (!this.closed) this.client.receiveMessage(msg as ServerMessage)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.closer()
  }
}

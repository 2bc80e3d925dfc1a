/**
 * A seat is one AI as the judger sees it: something that takes logic → AI
 * payloads (4-digit ASCII header + JSON) and produces AI → logic bodies, or
 * fails (crash, oversize output, ...). Subprocess AIs and in-process Players
 * both fit.
 */
import { AiProcess, type AiFailure } from './process.js'
import { decodeAiPayload } from './framing.js'
import { LostSpaceClient, type Player, type Transport } from '../sdk/client.js'
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
  onMessage(body: string): void
  onFailure(f: SeatFailure): void
}

export interface Seat {
  readonly name: string
  send(payload: string): void
  /** Stops the AI; no more hooks are called. */
  close(): Promise<void>
}

export interface SeatContext {
  maxLength: number
  logger: Logger
  /** The logic runs in this process and is ours (LostSpaceLogic): in-process players skip the schema check. */
  trustedLogic?: boolean
}

export function seatName(spec: SeatSpec): string {
  if (spec.name) return spec.name
  if (spec.kind === 'custom') return 'custom'
  return spec.kind === 'command' ? spec.command : (spec.player.name ?? 'player')
}

export function openSeat(spec: SeatSpec, hooks: SeatHooks, ctx: SeatContext): Seat {
  if (spec.kind === 'custom') return spec.open(hooks)
  return spec.kind === 'command' ? new ProcessSeat(spec, hooks, ctx) : new PlayerSeat(spec, hooks, ctx.trustedLogic === true)
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

  send(payload: string): void {
    if (!this.escaped && payload.includes('"escaped"') && isEscapedNotice(payload)) this.escaped = true
    this.proc.send(payload)
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

/** An in-process Player; messages cross in microtasks so neither side re-enters the other. */
class PlayerSeat implements Seat {
  readonly name: string
  private closed = false
  private receiver: (body: string) => void = () => {}
  private closer: () => void = () => {}

  constructor(spec: Extract<SeatSpec, { kind: 'player' }>, hooks: SeatHooks, trustedLogic: boolean) {
    this.name = seatName(spec)
    const transport: Transport = {
      send: (body) => {
        if (this.closed) return
        queueMicrotask(() => {
          if (!this.closed) hooks.onMessage(body)
        })
      },
      onMessage: (cb) => (this.receiver = cb),
      onClose: (cb) => (this.closer = cb),
    }
    new LostSpaceClient(spec.player, transport, { trustedLogic })
  }

  send(payload: string): void {
    if (this.closed) return
    const body = decodeAiPayload(payload)
    if (body === null) return
    queueMicrotask(() => {
      if (!this.closed) this.receiver(body)
    })
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.closer()
  }
}

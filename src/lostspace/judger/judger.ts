/**
 * A Saiblo-style judger for one LostSpace game: the logic (in-process
 * `LostSpaceLogic`) and four seats (subprocess AIs or in-process Players).
 *
 * - Every frame's `content[i]` goes unchanged to seat `player[i]`.
 * - The per-turn time limit of the listened seats restarts whenever the
 *   frame `state` increases; a seat that runs out gets a timeOutError.
 * - Every seat is read all the time, and every message is handed to the
 *   logic, listened or not: the original AIs send late `finish`es and even
 *   actions after an automatic turn end (lostspace-facts §8.3), and the logic
 *   answers those.
 * - Crash / timeout / oversize output → the logic gets the documented error
 *   report and the game goes on without that seat.
 */
import { writeFile } from 'node:fs/promises'
import { createLogger, type Logger } from '../../core/logger.js'
import { openSeat, seatName, type ErrorCode, type Seat, type SeatSpec } from './seats.js'
import { decodeAiPayload } from './framing.js'
import { LostSpaceLogic } from '../logic.js'

export type JudgerFrame =
  /** `content[i]`: a payload string, or a message object for a direct seat (LostSpaceLogic's FramePayload). */
  | { state: number; listen: number[]; player: number[]; content: Array<string | object> }
  | { state: 0; time: number; length: number }
  | { state: -1; end_info: string; end_state?: string }

export interface RankingEntry {
  player: number
  points: number
  reason: string
}

/** What the judger needs from a logic (LostSpaceLogic's public surface). */
export interface LogicLike {
  init(msg: { player_list: number[]; player_num: number; config: object; replay: string }): JudgerFrame[]
  /** `content` is an object only from a direct seat, and there are such seats only with a LostSpaceLogic. */
  onAiMessage(player: number, content: string | object): JudgerFrame[]
  onAiError(player: number, error: ErrorCode, errorLog?: string): JudgerFrame[]
  readonly finished: boolean
  replay(): unknown[]
  ranking(): RankingEntry[]
}

export interface SeatError {
  player: number
  error: ErrorCode
  log: string
  state: number
}

export interface GameResult {
  ranking: RankingEntry[]
  /** Parsed `end_info` of the end frame: seat id → points. */
  endInfo: Record<string, number>
  replay: unknown[]
  errors: SeatError[]
  /** Last big round seen in a roundbegin. */
  rounds: number
  /** Messages handed from seats to the logic. */
  messages: number
  seatNames: string[]
  /** Set when the replay file could not be written (the game itself is complete). */
  replayError?: string
}

export interface JudgerOptions {
  seats: SeatSpec[]
  logic: LogicLike
  /** Where to write the replay (JSON); nothing is written when absent. */
  replayPath?: string
  /** Per-turn time limit in seconds, until the logic's state-0 frame says otherwise. Default 3. */
  timeLimitSec?: number
  /** Largest AI message in bytes, until the logic's state-0 frame says otherwise. Default 2048 (Saiblo default). */
  maxLength?: number
  /**
   * Extra time on a seat's first timed turn, until it has said anything: a
   * subprocess AI may still be starting up (an interpreter, tsx). Default 5 s.
   */
  startupGraceSec?: number
  /**
   * How long a program seat the logic is not waiting for may have its messages held back
   * (ms), so they reach it in fewer, larger writes: fewer wake-ups of every AI process.
   * Held messages are written, in order, before the seat's own turn, after this long at
   * the latest, and at the end of the game. 0: every batch at once. Default 0, as the original
   * judger: holding changes when an AI sees what happened, and real AIs (the official Python
   * sample against the expert, test/lostspace/expert.test.ts) then play differently.
   */
  holdMs?: number
  /** Called when a new big round starts. */
  onRound?: (round: number) => void
  logger?: Logger
}

const ROUNDBEGIN_HEAD = /^\d{4}\{"type":"roundbegin","state":(\d{1,9})[,}]/

type Task =
  | { kind: 'frames'; frames: JudgerFrame[] }
  | { kind: 'message'; p: number; body: string | object }
  | { kind: 'error'; p: number; error: ErrorCode; log: string }

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function isEnd(f: JudgerFrame): f is Extract<JudgerFrame, { state: -1 }> {
  return f.state === -1
}
function isConfig(f: JudgerFrame): f is Extract<JudgerFrame, { state: 0; time: number }> {
  return f.state === 0 && 'time' in f
}

/** Runs one game to its end. Rejects only when the logic itself breaks (throws or stalls). */
export function runGame(opts: JudgerOptions): Promise<GameResult> {
  return new Game(opts).run()
}

class Game {
  private readonly logger: Logger
  private readonly logic: LogicLike
  private timeLimitMs: number
  private maxLength: number
  private seats: Seat[] = []
  private readonly failed = new Set<number>()
  /** Seats that have sent at least one message. */
  private readonly heard = new Set<number>()
  /**
   * Turn deadlines (performance.now() ms) of the listened seats, and one timer for the
   * earliest. Restarting a turn's clock only moves a number: a timer that fires early
   * finds nothing due and waits again, so a fast game sets almost no timers.
   */
  private readonly deadlineAt = [NaN, NaN, NaN, NaN]
  private readonly deadlineLimitMs = [0, 0, 0, 0]
  private timer: NodeJS.Timeout | null = null
  private timerAt = Infinity
  private listen: number[] = []
  private state = -Infinity
  private round = 0
  private messages = 0
  private readonly errors: SeatError[] = []
  private done = false
  private busy = false
  private readonly inbox: Task[] = []
  private resolve!: (r: GameResult) => void
  private reject!: (e: Error) => void
  private endInfo: Record<string, number> = {}

  constructor(private readonly opts: JudgerOptions) {
    if (opts.seats.length !== 4) throw new Error(`LostSpace needs exactly 4 seats, got ${opts.seats.length}`)
    this.logger = opts.logger ?? createLogger('lostspace:judger')
    this.logic = opts.logic
    this.timeLimitMs = (opts.timeLimitSec ?? 3) * 1000
    this.maxLength = opts.maxLength ?? 2048
  }

  run(): Promise<GameResult> {
    return new Promise<GameResult>((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
      try {
        // The judger writes the replay itself (below, with error reporting), so the logic is given no path.
        const playerList = this.opts.seats.map((s) => (s.kind === 'custom' ? s.playerType : 1))
        // Our own logic builds its messages from the protocol types: in-process players need not
        // re-check them, and take them as objects (no JSON between the logic and a player).
        const trusted = this.logic instanceof LostSpaceLogic
        const direct = this.opts.seats.map((s) => trusted && s.kind === 'player')
        if (this.logic instanceof LostSpaceLogic) this.logic.deliverObjectsTo(direct.flatMap((d, p) => (d ? [p] : [])))
        const frames = this.logic.init({ player_list: playerList, player_num: 4, config: {}, replay: '' })
        // The config frame comes first; seats start with its message-length limit.
        const cfg = frames.find(isConfig)
        if (cfg) this.applyConfig(cfg)
        this.seats = this.opts.seats.map((spec, p) =>
          openSeat(
            spec,
            {
              onMessage: (body) => this.onSeatMessage(p, body),
              onFailure: (f) => this.onSeatFailure(p, f.error, f.log),
            },
            { maxLength: this.maxLength, logger: this.logger, trustedLogic: trusted, direct: direct[p] },
          ),
        )
        this.queuingSeats = this.seats.some((s) => s.flush !== undefined)
        this.submit({ kind: 'frames', frames })
      } catch (err) {
        this.abort(err as Error)
      }
    })
  }

  /**
   * Everything that reaches the logic goes through here, one at a time: a seat that answers
   * while the judger is still delivering (an in-process player answers at once) is queued
   * and handled right after the frames in hand, so neither side re-enters the other and
   * every seat gets its messages in order.
   */
  private submit(task: Task): void {
    this.inbox.push(task)
    if (this.busy) return
    this.busy = true
    try {
      while (this.inbox.length > 0 && !this.done) {
        this.take(this.inbox.shift()!)
        this.flushSeats()
      }
    } finally {
      this.busy = false
      if (this.done) this.inbox.length = 0
    }
  }

  private take(task: Task): void {
    if (task.kind === 'frames') {
      this.process(task.frames)
      return
    }
    const p = task.p
    if (task.kind === 'error') {
      this.step(() => this.logic.onAiError(p, task.error, task.log))
      return
    }
    if (this.failed.has(p)) return
    this.messages++
    this.heard.add(p)
    let frames: JudgerFrame[]
    try {
      frames = this.logic.onAiMessage(p, task.body)
    } catch (err) {
      this.abort(err as Error)
      return
    }
    this.process(frames)
  }

  private applyConfig(f: { time: number; length: number }): void {
    if (typeof f.time === 'number' && f.time > 0) this.timeLimitMs = f.time * 1000
    if (typeof f.length === 'number' && f.length > 0) this.maxLength = f.length
  }

  private onSeatMessage(p: number, body: string | object): void {
    if (this.done || this.failed.has(p)) return
    this.submit({ kind: 'message', p, body })
  }

  private onSeatFailure(p: number, error: ErrorCode, log: string): void {
    if (this.done || this.failed.has(p)) return
    this.failed.add(p)
    this.clearTimer(p)
    this.errors.push({ player: p, error, log, state: this.state })
    this.logger.warn('AI failed', { player: p, seat: this.seats[p]?.name, error: ['runError', 'timeOutError', 'outputLimitError'][error], log })
    void this.seats[p]?.close()
    this.submit({ kind: 'error', p, error, log })
  }

  private step(fn: () => JudgerFrame[]): void {
    try {
      this.process(fn())
    } catch (err) {
      this.abort(err as Error)
    }
  }

  private process(frames: JudgerFrame[]): void {
    try {
      for (const f of frames) {
        if (this.done) return
        if (isConfig(f)) {
          this.applyConfig(f)
          continue
        }
        if (isEnd(f)) {
          this.finish(f)
          return
        }
        this.deliver(f)
      }
      this.checkStall()
    } catch (err) {
      this.abort(err as Error)
    }
  }

  private deliver(f: Extract<JudgerFrame, { listen: number[] }>): void {
    const players = Array.isArray(f.player) ? f.player : []
    const content = Array.isArray(f.content) ? f.content : []
    const listen = Array.isArray(f.listen) ? f.listen : []
    // The seats the logic now waits for hear first: their answer is the one that matters.
    if (listen.length > 0) for (let i = 0; i < players.length; i++) if (listen.includes(players[i]!)) this.deliverTo(players[i]!, content[i])
    for (let i = 0; i < players.length; i++) if (listen.length === 0 || !listen.includes(players[i]!)) this.deliverTo(players[i]!, content[i])
    const increased = f.state > this.state
    this.state = f.state
    const changed = !sameList(listen, this.listen)
    if (changed) this.listen = [...listen]
    if (increased || changed) {
      for (let p = 0; p < 4; p++) if (this.hasDeadline(p) && (increased || !this.listen.includes(p))) this.clearTimer(p)
    }
    for (const p of this.listen) {
      if (!this.failed.has(p) && !this.hasDeadline(p)) this.startTimer(p)
    }
  }

  private deliverTo(p: number, payload: unknown): void {
    if (this.failed.has(p)) return
    if (typeof payload === 'string') {
      this.noteRound(payload)
      this.seats[p]?.send(payload)
    } else if (typeof payload === 'object' && payload !== null) {
      this.noteRoundOf(payload as { type?: unknown; state?: unknown })
      this.seats[p]?.deliver?.(payload)
    }
  }

  private noteRoundOf(m: { type?: unknown; state?: unknown }): void {
    if (m.type === 'roundbegin' && typeof m.state === 'number' && m.state > this.round) {
      this.round = m.state
      this.opts.onRound?.(m.state)
    }
  }

  private noteRound(payload: string): void {
    if (!payload.includes('"roundbegin"')) return
    // Our logic writes `{"type":"roundbegin","state":N,...`: read N without parsing the rest.
    const head = ROUNDBEGIN_HEAD.exec(payload)
    if (head) {
      this.noteRoundOf({ type: 'roundbegin', state: Number(head[1]) })
      return
    }
    const body = decodeAiPayload(payload) ?? payload
    try {
      const m = JSON.parse(body) as { type?: unknown; state?: unknown }
      if (m.type === 'roundbegin' && typeof m.state === 'number' && m.state > this.round) {
        this.round = m.state
        this.opts.onRound?.(m.state)
      }
    } catch {
      /* not our business: the AI will complain */
    }
  }

  private startTimer(p: number): void {
    const spec = this.opts.seats[p]
    // A custom seat starts no program, so it gets no start-up grace.
    const grace = this.heard.has(p) || spec?.kind === 'custom' ? 0 : (this.opts.startupGraceSec ?? 5) * 1000
    const limitMs = spec?.kind === 'custom' && spec.timeLimitSec !== undefined ? spec.timeLimitSec * 1000 : this.timeLimitMs
    const at = performance.now() + limitMs + grace
    this.deadlineAt[p] = at
    this.deadlineLimitMs[p] = limitMs
    if (at < this.timerAt) this.armTimer(at)
  }

  private clearTimer(p: number): void {
    this.deadlineAt[p] = NaN
  }

  private hasDeadline(p: number): boolean {
    return !Number.isNaN(this.deadlineAt[p])
  }

  private armTimer(at: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timerAt = at
    this.timer = setTimeout(() => this.onTimer(), Math.max(0, Math.ceil(at - performance.now())))
  }

  private onTimer(): void {
    this.timer = null
    this.timerAt = Infinity
    const now = performance.now()
    for (let p = 0; p < 4; p++) {
      if (this.done) return
      if (!(this.deadlineAt[p]! <= now)) continue
      this.clearTimer(p)
      if (this.listen.includes(p)) this.onSeatFailure(p, 1, `no answer within ${this.deadlineLimitMs[p]! / 1000} s (state ${this.state})`)
    }
    if (this.done) return
    let next = Infinity
    for (const at of this.deadlineAt) if (at < next) next = at
    if (next < this.timerAt) this.armTimer(next)
  }

  /** The logic waits only for seats that already failed: tell it again once, then give up. */
  private stallRetries = 0
  private checkStall(): void {
    if (this.done) return
    if (this.listen.some((p) => !this.failed.has(p))) {
      this.stallRetries = 0
      return
    }
    if (this.listen.length > 0 && this.stallRetries < 1) {
      this.stallRetries++
      const p = this.listen[0]!
      const e = [...this.errors].reverse().find((x) => x.player === p)
      this.step(() => this.logic.onAiError(p, e?.error ?? 0, e?.log ?? 'AI is gone'))
      return
    }
    this.abort(new Error(`logic stalled at state ${this.state}: it listens to ${JSON.stringify(this.listen)} and no live AI is among them`))
  }

  /**
   * Program seats write what a batch of frames gave them in one go (one pipe write, one
   * wake-up of the AI): the seats the logic waits for first.
   */
  private flushSeats(): void {
    if (!this.queuingSeats) return
    for (const p of this.listen) this.seats[p]?.flush?.()
    const holdMs = this.opts.holdMs ?? 0
    if (holdMs <= 0) {
      this.flushHeld()
      return
    }
    if (this.holdTimer === null && this.seats.some((s, p) => !this.listen.includes(p) && s.pending?.() === true)) {
      this.holdTimer = setTimeout(() => {
        this.holdTimer = null
        if (!this.done) this.flushHeld()
      }, holdMs)
    }
  }

  /** Writes what the seats the logic is not waiting for have been given. */
  private flushHeld(): void {
    for (let p = 0; p < this.seats.length; p++) if (!this.listen.includes(p)) this.seats[p]?.flush?.()
  }

  private holdTimer: NodeJS.Timeout | null = null
  /** Some seat queues its payloads (a program seat): only then is there anything to flush. */
  private queuingSeats = false

  private finish(f: Extract<JudgerFrame, { state: -1 }>): void {
    for (const s of this.seats) s.flush?.()
    this.done = true
    this.clearAllTimers()
    try {
      const parsed: unknown = typeof f.end_info === 'string' ? JSON.parse(f.end_info) : f.end_info
      if (parsed && typeof parsed === 'object') this.endInfo = parsed as Record<string, number>
    } catch {
      this.logger.warn('end_info is not JSON', { end_info: String(f.end_info).slice(0, 200) })
    }
    void this.finalize()
  }

  private async finalize(): Promise<void> {
    await Promise.all(this.seats.map((s) => s.close()))
    try {
      const replay = this.logic.replay()
      let replayError: string | undefined
      if (this.opts.replayPath) {
        try {
          await writeFile(this.opts.replayPath, JSON.stringify(replay))
        } catch (err) {
          // reported once, by whoever runs the game (the CLI prints it and exits 1)
          replayError = `cannot write the replay to ${this.opts.replayPath}: ${(err as Error).message}`
          this.logger.debug(replayError)
        }
      }
      this.resolve({
        ...(replayError ? { replayError } : {}),
        ranking: this.logic.ranking(),
        endInfo: this.endInfo,
        replay,
        errors: this.errors,
        rounds: this.round,
        messages: this.messages,
        seatNames: this.opts.seats.map(seatName),
      })
    } catch (err) {
      this.reject(err as Error)
    }
  }

  private clearAllTimers(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer)
    this.holdTimer = null
    this.deadlineAt.fill(NaN)
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.timerAt = Infinity
  }

  private abort(err: Error): void {
    if (this.done) return
    this.done = true
    this.clearAllTimers()
    void Promise.all(this.seats.map((s) => s.close())).finally(() => this.reject(err))
  }
}

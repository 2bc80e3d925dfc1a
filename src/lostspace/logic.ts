/**
 * LostSpaceLogic: the Saiblo *logic* for LostSpace as an object. The judger
 * feeds it the init message, AI messages and AI errors; it returns the frames
 * to send (lostspace-facts §1, §6, §8). No I/O except the optional replay file.
 */
import { LostSpaceEngine, type EngineEvent, type RankEntry } from './engine.js'
import { loadMap, type GameMap } from './map.js'
import { Status } from './rules.js'
import {
  actionReply,
  eventMessagesTo,
  idMessage,
  parseAiMessage,
  parseAiObject,
  playerView,
  roundBeginFull,
  roundBeginShort,
  type EventContext,
  type MessageSink,
  type Msg,
  type Outgoing,
} from './messages.js'
import { ReplayRecorder } from './replay.js'
import { JudgerInitSchema } from '../protocols/lostspace.js'

/**
 * What a frame carries to one seat: the payload string (`0042{...}` for an AI program,
 * bare JSON for a web player), or, for a seat named in `deliverObjectsTo`, the message
 * object itself: no JSON either way on that path. Such an object is fresh, JSON-clean
 * (it serializes to exactly the payload the seat would otherwise get) and the logic
 * never touches it again, so the receiver may keep or change it.
 */
export type FramePayload = string | Msg

export type JudgerFrame =
  | { state: number; listen: number[]; player: number[]; content: FramePayload[] }
  | { state: 0; time: number; length: number }
  | { state: -1; end_info: string; end_state?: string }

export type NormalFrame = Extract<JudgerFrame, { listen: number[] }>

export interface LostSpaceLogicOptions {
  /** Accepted for API symmetry; the rules use no randomness, so it changes nothing. */
  seed?: number
  timeLimitSec?: number
  maxLength?: number
  map?: GameMap
  /** Report the real `death.box` flag (the Python SDK crashes on true). Default false. */
  truthfulDeathBox?: boolean
  /** Write the replay file named in init before returning the end frame. Default true. */
  writeReplay?: boolean
  /** Called with a short note on anything unusual (bad input, replay write failure). */
  onNote?: (note: string) => void
  /** Observer of every engine event batch (round, seat whose replay list it goes to, events). */
  onEvents?: (round: number, seat: number, events: readonly EngineEvent[]) => void
}

export interface LostSpaceInit {
  player_list: number[]
  player_num: number
  config: object
  replay: string
}

/** Largest payload a type-1 seat can receive (4-digit length header). */
export const MAX_PAYLOAD = 9999

const NON_ASCII = /[\u007f-\uffff]/

/** Single-line JSON with every non-ASCII character escaped. */
export function asciiJson(v: unknown): string {
  const json = JSON.stringify(v)
  if (!NON_ASCII.test(json)) return json
  return json.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
}

/** `0042{"type":...}` — what a type-1 (AI process) seat receives. */
export function withHeader(json: string): string {
  const len = Buffer.byteLength(json, 'utf8')
  if (len < 1 || len > MAX_PAYLOAD) throw new Error(`LostSpace payload of ${len} bytes does not fit the 4-digit header`)
  return String(len).padStart(4, '0') + json
}

export class LostSpaceLogic {
  finished = false
  private readonly opts: LostSpaceLogicOptions
  private engineRef: LostSpaceEngine | null = null
  private seatTypes: number[] = []
  private frameState = 0
  private expecting: number | null = null
  private recorder: ReplayRecorder | null = null
  private replayPath = ''
  private rankingCache: RankEntry[] | null = null
  /** Seats that get message objects instead of payload strings. */
  private direct: boolean[] = []
  /** The frames of the call in progress and the one being filled (see `put`). */
  private out: JudgerFrame[] = []
  private cur: NormalFrame | null = null
  private readonly sink: MessageSink = { put: (to, msg, force) => this.put(to, msg, force) }

  constructor(opts: LostSpaceLogicOptions = {}) {
    this.opts = opts
  }

  /** The game state (for judger, bots and tests; do not mutate). */
  get engine(): LostSpaceEngine {
    if (!this.engineRef) throw new Error('LostSpaceLogic.init() has not been called')
    return this.engineRef
  }

  /** Seat whose messages are being waited for, or null. */
  get waitingFor(): number | null {
    return this.expecting
  }

  /**
   * Hand the messages of these seats over as objects (see `FramePayload`) instead of
   * JSON payloads: for a judger whose seats for them are players in this process.
   * Call before `init`.
   */
  deliverObjectsTo(seats: readonly number[]): void {
    if (this.engineRef) throw new Error('LostSpaceLogic.deliverObjectsTo() must come before init()')
    this.direct = []
    for (const s of seats) this.direct[s] = true
  }

  init(msg: LostSpaceInit): JudgerFrame[] {
    if (this.engineRef) throw new Error('LostSpaceLogic.init() called twice')
    const parsed = JudgerInitSchema.safeParse(msg)
    if (!parsed.success) throw new Error(`bad LostSpace init message: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
    const map = this.opts.map ?? loadMap()
    const seats = parsed.data.player_list
    const engine = new LostSpaceEngine(map, { absent: [] })
    if (seats.length !== engine.rules.players || parsed.data.player_num !== engine.rules.players) {
      throw new Error(`LostSpace needs exactly ${engine.rules.players} seats, got player_list of ${seats.length} and player_num ${parsed.data.player_num}`)
    }
    this.seatTypes = [...seats]
    this.engineRef = engine
    this.replayPath = parsed.data.replay
    this.recorder = new ReplayRecorder(map.spawns, engine.rules.players)
    for (let id = 0; id < seats.length; id++) {
      if (seats[id] === 0) this.record(1, id, engine.markError(id, 'failed to start'))
    }
    const frames: JudgerFrame[] = [{ state: 0, time: this.opts.timeLimitSec ?? 3, length: this.opts.maxLength ?? 1024 }]
    this.frameState = 1
    this.emit(
      frames,
      engine.players.filter((p) => engine.inGame(p)).map((p) => ({ to: p.id, msg: idMessage(engine, p.id) })),
    )
    this.runTurns(frames)
    return frames
  }

  /**
   * One AI message: its JSON text (validated with the protocol schema), or, from a player
   * in this process, the message object itself (checked as strictly, without JSON).
   */
  onAiMessage(player: number, content: string | object): JudgerFrame[] {
    if (!this.engineRef || this.finished) return []
    const engine = this.engineRef
    const p = engine.players[player]
    if (!p || !engine.inGame(p) || this.seatTypes[player] === 0) return []
    const frames: JudgerFrame[] = []
    const parsed = typeof content === 'object' && content !== null ? parseAiObject(content) : parseAiMessage(String(content))
    const stale = 'state' in parsed && parsed.state !== undefined && parsed.state < engine.round
    switch (parsed.kind) {
      case 'not-json':
        this.note(`player ${player}: not JSON (${parsed.error})`)
        this.emit(frames, [{ to: player, msg: { type: 'format error' } }])
        return frames
      case 'finish':
        if (player === this.expecting && !stale) this.finishTurn(frames)
        return frames
      case 'bad-action':
        this.note(`player ${player}: bad action ${parsed.error}`)
        this.emit(frames, [{ to: player, msg: actionReply(false) }])
        return frames
      case 'action': {
        if (player !== this.expecting || stale) {
          this.emit(frames, [{ to: player, msg: actionReply(false) }])
          return frames
        }
        const round = engine.round
        const res = engine.act(player, parsed.action)
        this.record(round, player, res.events)
        const reply: Msg = actionReply(res.success, res.reply)
        if (this.seatTypes[player] === 2) Object.assign(reply, playerView(engine, player))
        this.emitEvents(frames, res.events, round, player, player, { to: player, msg: reply })
        if (engine.over) this.end(frames)
        else if (res.endsTurn) this.finishTurn(frames)
        return frames
      }
    }
  }

  onAiError(player: number, error: 0 | 1 | 2, errorLog = ''): JudgerFrame[] {
    if (!this.engineRef || this.finished) return []
    const engine = this.engineRef
    const p = engine.players[player]
    if (!p || !engine.inGame(p)) return []
    const frames: JudgerFrame[] = []
    // The Python SDK never acts while waiting to escape, so it times out; treat that as `finish`.
    if (error === 1 && player === this.expecting && p.status === Status.WaitForEscape) {
      this.finishTurn(frames)
      return frames
    }
    const kinds = ['runError', 'timeOutError', 'outputLimitError']
    const events = engine.markError(player, `${kinds[error] ?? 'error'}${errorLog ? ': ' + errorLog : ''}`)
    this.record(engine.round, engine.seat, events)
    this.emitEvents(frames, events, engine.round, player, null)
    if (player === this.expecting) this.finishTurn(frames)
    else if (engine.over) this.end(frames)
    return frames
  }

  replay(): unknown[] {
    return this.recorder ? this.recorder.toJSON() : []
  }

  ranking(): Array<{ player: number; points: number; reason: string }> {
    const r = this.rankingCache ?? (this.engineRef ? this.engineRef.ranking() : [])
    return r.map(({ player, points, reason }) => ({ player, points, reason }))
  }

  // ------------------------------------------------------------ internals

  private note(s: string): void {
    this.opts.onNote?.(s)
  }

  private record(round: number, seat: number, events: readonly EngineEvent[]): void {
    if (events.length === 0) return
    this.recorder?.record(round, seat, events)
    this.opts.onEvents?.(round, seat, events)
  }

  /** Close the current small turn and run on until someone must act (or the game ends). */
  private finishTurn(frames: JudgerFrame[]): void {
    const engine = this.engine
    this.expecting = null
    const seat = engine.seat
    const round = engine.round
    const events = engine.endTurn()
    this.record(round, seat, events)
    this.emitEvents(frames, events, round, seat, null)
    this.runTurns(frames)
  }

  private runTurns(frames: JudgerFrame[]): void {
    const engine = this.engine
    while (!engine.over) {
      const t = engine.startTurn()
      this.recorder?.touch(t.round)
      if (!t.present) {
        const ev = engine.endTurn()
        this.record(t.round, t.seat, ev)
        this.emitEvents(frames, ev, t.round, t.seat, null)
        continue
      }
      this.frameState++
      this.expecting = t.canAct ? t.seat : null
      this.record(t.round, t.seat, t.events)
      this.emitEvents(frames, t.events, t.round, t.seat, t.seat)
      this.startEmit(frames)
      for (const p of engine.players) {
        if (!engine.inGame(p)) continue
        if (p.id === t.seat) {
          const full = roundBeginFull(engine, p.id)
          if (this.seatTypes[p.id] === 2) Object.assign(full, playerView(engine, p.id))
          this.put(p.id, full)
        } else this.put(p.id, roundBeginShort(t.round, t.seat))
      }
      if (engine.over) break
      if (t.canAct) return
      const ev = engine.endTurn()
      this.record(t.round, t.seat, ev)
      this.emitEvents(frames, ev, t.round, t.seat, null)
    }
    this.end(frames)
  }

  private end(frames: JudgerFrame[]): void {
    if (this.finished) return
    const engine = this.engine
    this.expecting = null
    this.rankingCache = engine.ranking()
    const points: Record<string, number> = {}
    for (let id = 0; id < engine.players.length; id++) points[String(id)] = 0
    for (const r of this.rankingCache) points[String(r.player)] = r.points
    this.recorder?.finish(points)
    if (this.replayPath && this.opts.writeReplay !== false && this.recorder) {
      const err = this.recorder.writeTo(this.replayPath)
      if (err) this.note(err)
    }
    // Integer-like keys enumerate in ascending order, as the judger expects.
    frames.push({ state: -1, end_info: JSON.stringify(points) })
    this.finished = true
  }

  /**
   * Messages become frames as they are made: `startEmit` begins a group, `put` adds a
   * message to the frame being filled, or starts a new one when that frame already has a
   * message for the seat (one message per seat per frame, order kept).
   */
  private startEmit(frames: JudgerFrame[]): void {
    this.out = frames
    this.cur = null
  }

  private emit(frames: JudgerFrame[], out: Outgoing[]): void {
    this.startEmit(frames)
    for (const o of out) this.put(o.to, o.msg, o.force)
  }

  /** The messages about `events` (after `first`, the actor's reply), as one group. */
  private emitEvents(frames: JudgerFrame[], events: readonly EngineEvent[], round: number, turnOwner: number, actor: number | null, first?: Outgoing): void {
    this.startEmit(frames)
    if (first) this.put(first.to, first.msg)
    if (events.length === 0) return
    // The actor's own death message may tell the truth about its Box (only for an action's events, as always).
    const ctx: EventContext = first ? { round, turnOwner, actor, truthfulDeathBox: this.opts.truthfulDeathBox } : { round, turnOwner, actor }
    eventMessagesTo(this.sink, this.engine, events, ctx)
  }

  private put(to: number, msg: Msg, force = false): void {
    const type = this.seatTypes[to]
    if (type === 0 || type === undefined) return
    const engine = this.engine
    if (!force && !engine.inGame(engine.players[to]!)) return
    let cur = this.cur
    if (!cur || cur.player.includes(to)) {
      cur = { state: this.frameState, listen: this.expecting === null ? [] : [this.expecting], player: [], content: [] }
      this.cur = cur
      this.out.push(cur)
    }
    cur.player.push(to)
    if (this.direct[to] === true) cur.content.push(msg)
    else {
      const json = asciiJson(msg)
      // asciiJson's output is ASCII: its length is its byte length.
      if (type === 2) cur.content.push(json)
      else if (json.length <= MAX_PAYLOAD) cur.content.push(String(json.length).padStart(4, '0') + json)
      else cur.content.push(withHeader(json))
    }
  }

}

/**
 * One LostSpace game run for the web page: the real judger and logic, the
 * replay entries streamed to every watcher as the logic records them, and the
 * human seats the pages play.
 */
import { newToken } from '../../core/http-guard.js'
import { LostSpaceLogic, type JudgerFrame } from '../logic.js'
import { runGame, type GameResult } from '../judger/judger.js'
import type { SeatSpec, ErrorCode } from '../judger/seats.js'
import type { Player } from '../sdk/client.js'
import type { GameMap } from '../map.js'
import { toEntries } from '../replay.js'
import { HumanSeat } from './human-seat.js'
import type { MatchInfo, SeatInfo, ServerFrame } from './protocol.js'

export interface Watcher {
  send(frame: ServerFrame): void
}

/** A seat before the match starts: a human, or a program seat the judger runs. */
export type LiveSeat = { kind: 'human'; name?: string } | { kind: 'builtin' | 'command'; name: string; spec: SeatSpec }

export interface LiveMatchOptions {
  id: string
  seats: LiveSeat[]
  map: GameMap
  timeLimitSec: number
  humanTimeLimitSec: number
  maxLength: number
  /** Delay before each in-process program turn, so people can follow (ms). */
  paceMs?: number
  seed?: number
  replayPath?: string
  onRound?: (round: number) => void
  onEnd?: (match: LiveMatch) => void
}

/** LostSpaceLogic that also reports each new small turn (the judger only sees frames). */
class ObservedLogic extends LostSpaceLogic {
  private lastTurn = ''
  onTurn: (round: number, seat: number) => void = () => {}

  override init(msg: Parameters<LostSpaceLogic['init']>[0]): JudgerFrame[] {
    return this.observe(super.init(msg))
  }
  override onAiMessage(player: number, content: string | object): JudgerFrame[] {
    return this.observe(super.onAiMessage(player, content))
  }
  override onAiError(player: number, error: ErrorCode, errorLog?: string): JudgerFrame[] {
    return this.observe(super.onAiError(player, error, errorLog))
  }
  private observe(frames: JudgerFrame[]): JudgerFrame[] {
    if (!this.finished) {
      const key = `${this.engine.round}:${this.engine.seat}`
      if (key !== this.lastTurn) {
        this.lastTurn = key
        this.onTurn(this.engine.round, this.engine.seat)
      }
    }
    return frames
  }
}

function paced(player: Player, ms: number): Player {
  if (ms <= 0) return player
  return {
    name: player.name,
    onRoundBegin: async (state, api) => {
      await new Promise((r) => setTimeout(r, ms))
      return player.onRoundBegin(state, api)
    },
    onMessage: (msg, state) => player.onMessage?.(msg, state),
    onEnd: (state) => player.onEnd?.(state),
  }
}

export class LiveMatch {
  readonly id: string
  readonly humans = new Map<number, HumanSeat>()
  /** Per-seat tokens of the human seats (checked when the server listens beyond loopback). */
  readonly tokens = new Map<number, string>()
  private readonly watchers = new Set<Watcher>()
  private readonly logic: ObservedLogic
  private readonly opts: LiveMatchOptions
  private state: MatchInfo['state'] = 'running'
  private result: GameResult | null = null
  private failure: string | undefined
  private turn: { round: number; seat: number } | null = null
  readonly done: Promise<void>

  constructor(opts: LiveMatchOptions) {
    if (opts.seats.length !== 4) throw new Error(`a LostSpace match needs 4 seats, got ${opts.seats.length}`)
    this.id = opts.id
    this.opts = opts
    this.logic = new ObservedLogic({
      seed: opts.seed,
      map: opts.map,
      timeLimitSec: opts.timeLimitSec,
      maxLength: opts.maxLength,
      onEvents: (round, seat, events) => {
        const entries = events.flatMap(toEntries)
        if (entries.length > 0) this.broadcast({ type: 'events', round, seat, entries })
      },
    })
    this.logic.onTurn = (round, seat) => {
      this.turn = { round, seat }
      this.broadcast({ type: 'turn', round, seat })
    }
    const specs = opts.seats.map((s, seat): SeatSpec => {
      if (s.kind !== 'human') {
        const spec = s.spec
        return spec.kind === 'player' ? { ...spec, player: paced(spec.player, opts.paceMs ?? 0) } : spec
      }
      const human = new HumanSeat({
        seat,
        map: opts.map,
        timeLimitSec: opts.humanTimeLimitSec,
        name: s.name ?? 'human',
        positionOf: (id) => {
          const p = this.logic.engine.players[id]
          return p ? p.pos : null
        },
      })
      this.humans.set(seat, human)
      this.tokens.set(seat, newToken())
      return human.spec()
    })
    this.done = runGame({
      seats: specs,
      logic: this.logic,
      replayPath: opts.replayPath,
      timeLimitSec: opts.timeLimitSec,
      maxLength: opts.maxLength,
      onRound: opts.onRound,
    }).then(
      (result) => {
        this.result = result
        this.state = 'over'
        for (const h of this.humans.values()) h.close('the game is over')
        this.broadcast({ type: 'end', match: this.info(), replay: result.replay })
        opts.onEnd?.(this)
      },
      (err: Error) => {
        this.state = 'failed'
        this.failure = err.message
        for (const h of this.humans.values()) h.close(`the game failed: ${err.message}`)
        this.broadcast({ type: 'match', match: this.info() })
        opts.onEnd?.(this)
      },
    )
  }

  get over(): boolean {
    return this.state !== 'running'
  }

  get gameResult(): GameResult | null {
    return this.result
  }

  info(): MatchInfo {
    const seats: SeatInfo[] = this.opts.seats.map((s, seat) =>
      s.kind === 'human'
        ? { seat, name: s.name ?? 'human', kind: 'human', connected: this.humans.get(seat)?.connected ?? false }
        : { seat, name: s.name, kind: s.kind },
    )
    return {
      id: this.id,
      seats,
      state: this.state,
      timeLimitSec: this.opts.timeLimitSec,
      humanTimeLimitSec: this.opts.humanTimeLimitSec,
      ...(this.result
        ? { ranking: this.result.ranking, errors: this.result.errors.map(({ player, error, log }) => ({ player, error, log })) }
        : {}),
      ...(this.failure ? { failure: this.failure } : {}),
    }
  }

  /** The replay so far (complete once the game is over). */
  replay(): unknown[] {
    return this.result ? this.result.replay : this.logic.replay()
  }

  watch(w: Watcher, role: 'spectator' | 'seat', seat?: number): void {
    this.watchers.add(w)
    w.send({ type: 'hello', match: this.info(), replay: this.replay(), role, ...(seat !== undefined ? { seat } : {}) })
    if (this.turn && !this.over) w.send({ type: 'turn', ...this.turn })
    if (this.over) w.send(this.result ? { type: 'end', match: this.info(), replay: this.replay() } : { type: 'match', match: this.info() })
  }

  unwatch(w: Watcher): void {
    this.watchers.delete(w)
  }

  /** Ends the match early as far as people are concerned: every human seat gives up, the programs play on to the end. */
  async abandon(reason: string): Promise<void> {
    if (!this.over) for (const h of this.humans.values()) h.abandon(reason)
    await this.done
  }

  /** Tells every watcher that the seat list changed (a human page came or went). */
  seatsChanged(): void {
    this.broadcast({ type: 'match', match: this.info() })
  }

  private broadcast(frame: ServerFrame): void {
    for (const w of this.watchers) w.send(frame)
  }
}

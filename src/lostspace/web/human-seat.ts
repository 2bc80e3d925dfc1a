/**
 * A human seat: a type-2 (web) player whose moves come from a page. The logic
 * sends it raw JSON with the legal-move hints; the seat turns them into a list
 * of offered actions, and the page can only pick from that list.
 *
 * The judger runs this seat's turn timer (a `custom` seat with its own, longer
 * time limit), so a closed tab is a timeout by the rules: nothing answers, the
 * judger reports timeOutError. A page that opens the seat again before then
 * takes the seat back (the newest page holds it; an older one is told so).
 */
import type { GameMap, Pos } from '../map.js'
import type { SeatHooks, SeatSpec } from '../judger/seats.js'
import { RULES, TOOL_NAMES, type ToolName } from '../rules.js'
import { isMainAction, offeredActions, type Hints } from './offers.js'
import type { ClientFrame, Offer, SeatView, ServerFrame } from './protocol.js'

export interface SeatHolder {
  send(frame: ServerFrame): void
  /** The seat was taken over by another page or is gone. */
  release(reason: string): void
}

export interface HumanSeatOptions {
  seat: number
  map: GameMap
  timeLimitSec: number
  /** Where another player stands (for the attack action's position); null when unknown. */
  positionOf: (id: number) => Pos | null
  name?: string
}

type Msg = Record<string, unknown>

function isTriple(v: unknown): v is [number, number, number] {
  return Array.isArray(v) && v.length === 3 && v.every((n) => typeof n === 'number')
}

export class HumanSeat {
  readonly seat: number
  private readonly opts: HumanSeatOptions
  private hooks: SeatHooks | null = null
  private holder: SeatHolder | null = null
  private round = 0
  private myTurn = false
  private status = 0
  private hp: number = RULES.maxHp
  private pos: Pos | null = null
  private keys: number[] = []
  private tools: Record<ToolName, number> = { LandMine: 0, Sticky: 0, Kit: 0, Transport: 0 }
  private hints: Hints | null = null
  private mainUsed = false
  private pending: unknown[] | null = null
  private offers: Offer[] = []
  private offerId = 0
  private turnStartedAt = 0
  private last: string | null = null
  private closedReason: string | null = null
  private pushQueued = false

  constructor(opts: HumanSeatOptions) {
    this.seat = opts.seat
    this.opts = opts
  }

  get connected(): boolean {
    return this.holder !== null
  }

  /** The judger seat spec (player type 2, this seat's own time limit). */
  spec(): SeatSpec {
    return {
      kind: 'custom',
      name: this.opts.name ?? 'human',
      playerType: 2,
      timeLimitSec: this.opts.timeLimitSec,
      open: (hooks) => {
        this.hooks = hooks
        return {
          name: this.opts.name ?? 'human',
          send: (payload) => this.fromLogic(payload),
          // The judger closes a seat when it failed (for a human: no answer in time) or when the game is over.
          close: async () =>
            this.close(this.myTurn ? `timed out: no answer within ${this.opts.timeLimitSec} s (an AI error by the rules)` : 'the game is over'),
        }
      },
    }
  }

  /** A page takes the seat (a reopened tab takes it back from an older one). */
  attach(holder: SeatHolder): void {
    if (this.holder && this.holder !== holder) this.holder.release('this seat was opened in another page')
    this.holder = holder
    this.pushNow()
  }

  detach(holder: SeatHolder): void {
    if (this.holder === holder) this.holder = null
  }

  /** A frame from the page that holds the seat. Returns an error text for the page, or null. */
  onClientFrame(holder: SeatHolder, frame: ClientFrame): string | null {
    if (holder !== this.holder) return 'this page does not hold the seat'
    if (frame.type === 'ping') return null
    if (this.closedReason) return `the seat is closed: ${this.closedReason}`
    if (!this.myTurn) return 'it is not your turn'
    if (frame.offerId !== this.offerId) return 'that choice is out of date; pick again'
    if (this.pending) return 'the previous action is still being answered'
    if (frame.type === 'finish') {
      this.endTurnLocally()
      this.last = 'turn finished'
      this.toLogic({ type: 'finish' })
      this.pushNow()
      return null
    }
    const offer = this.offers[frame.id]
    if (!offer) return `no offered action number ${frame.id}`
    this.pending = offer.action
    this.offers = []
    this.offerId++
    this.toLogic({ type: 'action', action: offer.action })
    this.pushNow()
    return null
  }

  /** Current view (also for tests and the HTTP API). */
  view(): SeatView {
    const remaining = this.myTurn ? Math.max(0, this.opts.timeLimitSec * 1000 - (Date.now() - this.turnStartedAt)) : null
    return {
      seat: this.seat,
      round: this.round,
      myTurn: this.myTurn,
      status: this.status,
      hp: this.hp,
      pos: this.pos ? [this.pos[0], this.pos[1], this.pos[2]] : null,
      keys: [...this.keys],
      tools: { ...this.tools },
      offerId: this.offerId,
      offers: this.offers,
      remainingMs: remaining,
      last: this.last,
      closed: this.closedReason,
    }
  }

  /** Gives the seat up (the server is shutting down): the judger records a runError and the game goes on. */
  abandon(reason: string): void {
    this.hooks?.onFailure({ error: 0, log: reason })
  }

  close(reason: string): void {
    if (this.closedReason) return
    this.closedReason = reason
    this.endTurnLocally()
    this.pushNow()
  }

  // ------------------------------------------------------------ internals

  private toLogic(msg: object): void {
    this.hooks?.onMessage(JSON.stringify(msg))
  }

  private endTurnLocally(): void {
    this.myTurn = false
    this.offers = []
    this.offerId++
    this.pending = null
  }

  private fromLogic(payload: string): void {
    let msg: Msg
    try {
      msg = JSON.parse(payload) as Msg
    } catch {
      return
    }
    switch (msg.type) {
      case 'roundbegin':
        this.onRoundBegin(msg)
        break
      case 'action':
        this.onReply(msg)
        break
      case 'offround': {
        const c = msg.content
        if (Array.isArray(c) && c[0] === 'hp_update' && typeof c[1] === 'number') this.hp = c[1]
        break
      }
      case 'death':
        this.last = 'you died'
        this.endTurnLocally()
        break
      case 'escaped':
        this.close('you escaped')
        return
      default:
        return
    }
    this.schedulePush()
  }

  private onRoundBegin(m: Msg): void {
    if (typeof m.state === 'number') this.round = m.state
    if (m.inturn !== this.seat || !('status' in m)) {
      if (this.myTurn) this.endTurnLocally()
      return
    }
    this.status = typeof m.status === 'number' ? m.status : 0
    if (typeof m.hp === 'number') this.hp = m.hp
    if (isTriple(m.pos)) this.pos = m.pos
    if (Array.isArray(m.keys)) this.keys = m.keys.filter((k): k is number => typeof k === 'number')
    const t = m.tools as Record<string, unknown> | undefined
    if (t && typeof t === 'object') {
      for (const name of TOOL_NAMES) {
        const v = t[name]
        this.tools[name] = typeof v === 'number' ? v : Array.isArray(v) && typeof v[0] === 'number' ? v[0] : 0
      }
    }
    this.readHints(m)
    this.mainUsed = false
    this.pending = null
    this.myTurn = this.status === 0 || this.status === 4
    this.turnStartedAt = Date.now()
    this.last = this.myTurn ? this.last : `turn skipped (status ${this.status})`
    this.reoffer()
  }

  private readHints(m: Msg): void {
    if (!Array.isArray(m.move)) return
    this.hints = {
      attack: Array.isArray(m.attack) ? m.attack.filter((x): x is number => typeof x === 'number') : [],
      move: m.move.map((b) => b === true),
      detect: m.detect === true,
      interprops: Array.isArray(m.interprops) ? m.interprops.filter((x): x is string => typeof x === 'string') : [],
    }
  }

  private onReply(m: Msg): void {
    const action = this.pending
    this.pending = null
    if (!action) return
    const ok = m.success === true
    this.last = `${action[0]}${typeof action[1] === 'string' ? ' ' + action[1] : ''}: ${ok ? 'ok' : 'failed'}`
    if (ok) {
      if (isMainAction(action)) this.mainUsed = true
      const name = action[0]
      if (name === 'move' && isTriple(action[1])) this.pos = action[1]
      if (name === 'tool' && action[1] === 'Transport' && isTriple(action[2])) this.pos = action[2]
      if (name === 'tool' && typeof action[1] === 'string' && action[1] in this.tools) this.tools[action[1] as ToolName]--
      if (name === 'trap' && typeof action[1] === 'string' && action[1] in this.tools) this.tools[action[1] as ToolName]--
      if (typeof m.hp === 'number') this.hp = m.hp
      if (typeof m.status === 'number') this.status = m.status
      if (Array.isArray(m.keys)) this.keys = m.keys.filter((k): k is number => typeof k === 'number')
      const t = m.tools as Record<string, unknown> | undefined
      if (t && typeof t === 'object') for (const n of TOOL_NAMES) if (typeof t[n] === 'number') this.tools[n] = t[n] as number
      if (name === 'detect') this.last += m.has_trap === true ? ' (a trap is there)' : ' (no trap)'
    }
    this.readHints(m)
    if (this.status !== 0 && this.status !== 4) this.endTurnLocally()
    else this.reoffer()
  }

  private reoffer(): void {
    this.offerId++
    this.offers =
      this.myTurn && this.hints && this.pos
        ? offeredActions(
            this.hints,
            { round: this.round, status: this.status, pos: this.pos, keys: this.keys, tools: this.tools, mainUsed: this.mainUsed },
            this.opts.map,
            this.opts.positionOf,
          )
        : []
  }

  /** Several messages of one logic step arrive together (a reply, then the next roundbegin): send the settled view once. */
  private schedulePush(): void {
    if (this.pushQueued) return
    this.pushQueued = true
    setImmediate(() => {
      this.pushQueued = false
      this.pushNow()
    })
  }

  private pushNow(): void {
    this.holder?.send({ type: 'seat', view: this.view() })
  }
}

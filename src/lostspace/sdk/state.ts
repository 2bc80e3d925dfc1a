/**
 * The local picture an AI keeps of the game: itself (position, hp, tools,
 * keys, traps), the others (status, keys, hp, last seen position), the boxes
 * it saw, and a short log of what it saw, what hit it and what it did.
 */
import {
  isPos,
  posKey,
  type Action,
  type ActionReply,
  type Pos,
  type RoundBeginFull,
  type ServerMessage,
} from './messages.js'

export interface OtherState {
  id: number
  status: number
  keys: number[]
  hp: number
  /** Last position seen on our layer, or null when unknown / out of sight. */
  pos: Pos | null
}

export type EventKind = 'saw' | 'hit' | 'did' | 'info'

export interface GameEvent {
  round: number
  kind: EventKind
  text: string
}

export interface ToolCounts {
  LandMine: number
  Sticky: number
  Kit: number
  Transport: number
}

export class GameStateTracker {
  constructor(opts: { logging?: boolean } = {}) {
    this.logging = opts.logging !== false
  }

  id = -1
  birthPos: Pos | null = null
  round = 0
  inTurn = -1
  status = 0
  hp = 200
  pos: Pos | null = null
  keys: number[] = []
  tools: ToolCounts = { LandMine: 0, Sticky: 0, Kit: 0, Transport: 0 }
  placedTraps: { LandMine: Pos[]; Sticky: Pos[] } = { LandMine: [], Sticky: [] }
  others = new Map<number, OtherState>()
  /** Boxes we know about, by posKey. */
  boxes = new Set<string>()
  /** Round of our last detect (cooldown tracking). */
  lastDetectRound = -100
  /** Whether somebody reached the top layer. */
  topLayerAlert = false
  escaped = false
  /** What it saw, what hit it and what it did (the last `maxEvents`); empty when `logging` is off. */
  events: GameEvent[] = []
  /**
   * Whether `events` is kept. A player that never reads it (the random and strategist players) turns it
   * off through `Player.keepsLog` and saves the work: about a tenth of a random game's time.
   */
  readonly logging: boolean
  /** Events logged since the start (the log itself is trimmed). */
  eventCount = 0
  /** Events kept at most (oldest dropped). */
  maxEvents = 200

  /** Applies any message from the logic. */
  apply(msg: ServerMessage): void {
    switch (msg.type) {
      case 'id': {
        const m = msg as { id: number; birth_pos?: [number, number] }
        this.id = m.id
        if (Array.isArray(m.birth_pos)) this.birthPos = [m.birth_pos[0], m.birth_pos[1], 1]
        if (!this.pos && this.birthPos) this.pos = [this.birthPos[0], this.birthPos[1], this.birthPos[2]]
        break
      }
      case 'roundbegin': {
        const m = msg as { state: number; inturn: number }
        this.round = m.state
        this.inTurn = m.inturn
        if ('status' in msg && m.inturn === this.id) this.applyRoundBegin(msg as RoundBeginFull)
        break
      }
      case 'offround':
        this.applyOffround(msg as { playerid: number; content: unknown[] })
        break
      case 'other_death': {
        const id = (msg as { playerid: number }).playerid
        this.otherState(id).status = 1
        if (this.logging) this.log('saw', `player ${id} died`)
        break
      }
      case 'escaped':
        this.escaped = true
        this.status = 2
        if (this.logging) this.log('info', 'we escaped')
        break
      case 'death':
        this.status = 1
        this.hp = 0
        if (this.logging) this.log('hit', 'we died')
        break
    }
  }

  applyRoundBegin(m: RoundBeginFull): void {
    this.status = m.status
    if (typeof m.hp === 'number') this.hp = m.hp
    if (isPos(m.pos)) this.pos = [m.pos[0], m.pos[1], m.pos[2]]
    if (Array.isArray(m.keys)) this.keys = m.keys.slice()
    const t = m.tools
    if (t && typeof t === 'object') {
      for (const name of TRAP_NAMES) {
        const v = t[name]
        if (Array.isArray(v)) {
          this.tools[name] = Number(v[0]) || 0
          const placed: Pos[] = []
          for (let i = 2; i < v.length; i++) if (isPos(v[i])) placed.push(v[i] as Pos)
          this.placedTraps[name] = placed
        }
      }
      if (typeof t.Kit === 'number') this.tools.Kit = t.Kit
      if (typeof t.Transport === 'number') this.tools.Transport = t.Transport
    }
    if (Array.isArray(m.others)) {
      for (const o of m.others) {
        const s = this.otherState(o.player_id)
        s.status = o.status
        s.keys = Array.isArray(o.keys) ? o.keys.slice() : []
        s.hp = o.hp
      }
    }
  }

  /** Applies the reply to an action we sent. */
  applyReply(action: Action, reply: ActionReply): void {
    if (!reply.success) {
      if (this.logging) this.log('did', `${describeAction(action)}: failed`)
      return
    }
    if (this.logging) this.log('did', `${describeAction(action)}: ok`)
    if (typeof reply.hp === 'number') this.hp = reply.hp
    if (typeof reply.status === 'number') this.status = reply.status
    if (Array.isArray(reply.keys)) this.keys = reply.keys.slice()
    const tools = reply.tools
    if (tools && typeof tools === 'object') {
      for (const k in tools) {
        const v: unknown = (tools as Record<string, unknown>)[k]
        if (Object.hasOwn(tools, k) && k in this.tools && typeof v === 'number') this.tools[k as keyof ToolCounts] = v
      }
    }
    const [kind] = action
    if (kind === 'move' || (kind === 'tool' && action[1] === 'Transport')) {
      const to = (kind === 'move' ? action[1] : action[2]) as Pos
      const layerChanged = this.pos !== null && this.pos[2] !== to[2]
      this.pos = [to[0], to[1], to[2]]
      if (kind === 'tool') this.tools.Transport = Math.max(0, this.tools.Transport - 1)
      if (Array.isArray(reply.view)) this.applyView(reply.view, layerChanged)
    } else if (kind === 'interact' && action[1] === 'Box' && this.pos) {
      this.boxes.delete(posKey(this.pos))
    } else if (kind === 'tool' && action[1] === 'Kit') {
      this.tools.Kit = Math.max(0, this.tools.Kit - 1)
    } else if (kind === 'trap' && this.pos) {
      this.tools[action[1]] = Math.max(0, this.tools[action[1]] - 1)
      this.placedTraps[action[1]].push([this.pos[0], this.pos[1], this.pos[2]])
    } else if (kind === 'detect') {
      this.lastDetectRound = this.round
    }
  }

  private applyView(view: unknown[], layerChanged: boolean): void {
    if (layerChanged) {
      for (const o of this.others.values()) o.pos = null
    }
    for (const entry of view) {
      if (!Array.isArray(entry) || !isPos(entry[0])) continue
      const p = entry[0]
      const key = posKey(p)
      if (entry[1] === true) this.boxes.add(key)
      else this.boxes.delete(key)
      if (Array.isArray(entry[2])) {
        for (const id of entry[2]) {
          if (typeof id === 'number' && id !== this.id) {
            this.otherState(id).pos = [p[0], p[1], p[2]]
            if (this.logging) this.log('saw', `player ${id} at ${key}`)
          }
        }
      }
    }
  }

  private applyOffround(m: { playerid: number; content: unknown[] }): void {
    const c = Array.isArray(m.content) ? m.content : []
    const what = c[0]
    if (what === 'died') {
      for (const id of c.slice(1)) {
        if (typeof id !== 'number') continue
        if (id === this.id) {
          this.status = 1
          this.hp = 0
          if (this.logging) this.log('hit', `we died (turn of player ${m.playerid})`)
        } else {
          const o = this.otherState(id)
          o.status = 1
          o.pos = null
          if (this.logging) this.log('saw', `player ${id} died`)
        }
      }
    } else if (what === 'escaped') {
      this.otherState(m.playerid).status = 2
      if (this.logging) this.log('saw', `player ${m.playerid} escaped`)
    } else if (what === 'see') {
      const sub = c[1]
      if (sub === 'pos_update') {
        const p = c[2]
        const id = typeof c[3] === 'number' ? c[3] : m.playerid
        if (id !== this.id) {
          const o = this.otherState(id)
          o.pos = isPos(p) && p[0] >= 0 ? [p[0], p[1], p[2]] : null
          if (this.logging) this.log('saw', o.pos ? `player ${id} moved to ${posKey(o.pos)}` : `player ${id} left our layer`)
        }
      } else if (sub === 'attack') {
        if (this.logging) this.log('saw', `player ${c[3] ?? m.playerid} attacked at ${isPos(c[2]) ? posKey(c[2]) : '?'}`)
      } else if (sub === 'regenerate') {
        const id = typeof c[3] === 'number' ? c[3] : m.playerid
        if (id !== this.id) {
          const o = this.otherState(id)
          o.status = 0
          o.pos = isPos(c[2]) ? [c[2][0], c[2][1], c[2][2]] : null
        }
        if (this.logging) this.log('saw', `player ${id} respawned`)
      } else if (sub === 'interprops_status_update' && c[3] === 'Box' && isPos(c[2])) {
        if (c[4] === 'appear') this.boxes.add(posKey(c[2]))
        else if (c[4] === 'disappear') this.boxes.delete(posKey(c[2]))
        if (this.logging) this.log('saw', `box ${c[4]} at ${posKey(c[2])}`)
      }
    } else if (what === 'getkey') {
      const keys = Array.isArray(c[1]) ? c[1].filter((k): k is number => typeof k === 'number') : []
      if (m.playerid !== this.id) {
        const o = this.otherState(m.playerid)
        o.keys = [...new Set([...o.keys, ...keys])]
      }
      if (this.logging) this.log('saw', `player ${m.playerid} got keys ${keys.join(',')}`)
    } else if (what === 'trap_triggered' || what === 'trap_destroyed' || what === 'trap_destoryed') {
      const type = c[1]
      const p = c[2]
      if ((type === 'LandMine' || type === 'Sticky') && isPos(p)) {
        this.placedTraps[type] = this.placedTraps[type].filter((q) => posKey(q) !== posKey(p))
      }
      if (this.logging) this.log('saw', `our ${String(type)} at ${isPos(p) ? posKey(p) : '?'} was ${what === 'trap_triggered' ? 'triggered' : 'destroyed'}`)
    } else if (what === 'hp_update') {
      if (typeof c[1] === 'number') {
        const before = this.hp
        this.hp = c[1]
        if (c[1] < before && this.logging) this.log('hit', `hp ${before} -> ${c[1]} (turn of player ${m.playerid})`)
      }
    } else if (what === 'player_enter_top_layer') {
      this.topLayerAlert = true
      if (this.logging) this.log('saw', `player ${m.playerid} reached the top layer`)
    }
  }

  otherState(id: number): OtherState {
    let o = this.others.get(id)
    if (!o) {
      o = { id, status: 0, keys: [id], hp: 200, pos: null }
      this.others.set(id, o)
    }
    return o
  }

  log(kind: EventKind, text: string): void {
    this.events.push({ round: this.round, kind, text })
    this.eventCount++
    // shift() drops the oldest in place (splice would copy the rest into a new list each time).
    while (this.events.length > this.maxEvents) this.events.shift()
  }

  /** A one-line summary, handy for logs and model prompts. */
  summary(): string {
    const others = [...this.others.values()]
      .map((o) => `p${o.id}:st${o.status},hp${o.hp},keys[${o.keys.join(',')}]${o.pos ? '@' + posKey(o.pos) : ''}`)
      .join(' ')
    return (
      `round ${this.round} me p${this.id} status ${this.status} hp ${this.hp} at ${this.pos ? posKey(this.pos) : '?'} ` +
      `keys [${this.keys.join(',')}] tools ${JSON.stringify(this.tools)} boxes [${[...this.boxes].join(' ')}] | ${others}`
    )
  }
}

export function describeAction(a: Action): string {
  let text = ''
  for (let i = 0; i < a.length; i++) {
    const x: unknown = a[i]
    if (i > 0) text += ' '
    if (!Array.isArray(x)) text += String(x)
    else if (x.length === 3) text += '[' + joined(x[0]) + ',' + joined(x[1]) + ',' + joined(x[2]) + ']'
    else text += '[' + x.join(',') + ']'
  }
  return text
}

/** An element as Array.prototype.join writes it. */
function joined(v: unknown): string {
  return v === null || v === undefined ? '' : String(v)
}

const TRAP_NAMES = ['LandMine', 'Sticky'] as const

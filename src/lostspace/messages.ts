/**
 * Builds every logic → AI message from engine state and events, with
 * per-player visibility (lostspace-facts §2). Pure: returns addressed
 * messages; logic.ts turns them into frames.
 */
import type { Pos } from './map.js'
import { DIRECTIONS } from './map.js'
import type { Action, EngineEvent, LostSpaceEngine } from './engine.js'
import { Status, type PropName } from './rules.js'
import { normalizeAiMessage, type ActionTuple } from '../protocols/lostspace.js'
import { jsonSyntaxError } from '../core/json-error.js'

export type Msg = Record<string, unknown>

export interface Outgoing {
  to: number
  msg: Msg
  /** Deliver even to a player who is out of the game (the `escaped` notice itself). */
  force?: boolean
}

function pos(p: Pos): [number, number, number] {
  return [p[0], p[1], p[2]]
}

export function idMessage(engine: LostSpaceEngine, id: number): Msg {
  const s = engine.map.spawns[id]!
  return { type: 'id', id, birth_pos: [s[0], s[1]] }
}

export function roundBeginShort(round: number, inturn: number): Msg {
  return { type: 'roundbegin', state: round, inturn }
}

function trapBag(engine: LostSpaceEngine, id: number, type: 'LandMine' | 'Sticky', unplaced: number): unknown[] {
  const bag: unknown[] = [unplaced, 0]
  if (engine.traps.size > 0) for (const t of engine.traps.values()) if (t.owner === id && t.type === type) bag.push(pos(t.pos))
  bag[1] = bag.length - 2
  return bag
}

export function roundBeginFull(engine: LostSpaceEngine, id: number): Msg {
  const p = engine.player(id)
  const others: Msg[] = []
  for (const q of engine.players) if (q.id !== id) others.push({ player_id: q.id, status: q.status, keys: q.keys.slice(), hp: q.hp })
  return {
    type: 'roundbegin',
    state: engine.round,
    inturn: id,
    status: p.status,
    pos: pos(p.pos),
    hp: p.hp,
    keys: p.keys.slice(),
    tools: { LandMine: trapBag(engine, id, 'LandMine', p.tools.LandMine), Sticky: trapBag(engine, id, 'Sticky', p.tools.Sticky), Kit: p.tools.Kit, Transport: p.tools.Transport },
    others,
  }
}

/** Legal-action hints for type-2 (web player) seats. */
export function playerView(engine: LostSpaceEngine, id: number): Msg {
  const p = engine.player(id)
  const active = id === engine.seat && p.status === Status.Alive
  const move = DIRECTIONS.map((d) => {
    if (!active || engine.mainUsed) return false
    const to: Pos = [p.pos[0] + d[0], p.pos[1] + d[1], p.pos[2]]
    return engine.map.isAdjacent(p.pos, to) && !engine.map.isFailed(to, engine.round)
  })
  const interprops: PropName[] = []
  if (engine.boxAt(p.pos)) interprops.push('Box')
  if (engine.map.isMaterials(p.pos)) interprops.push('Materials')
  if (engine.map.keyMachineAt(p.pos) !== undefined) interprops.push('KeyMachine')
  if (engine.map.isCapsule(p.pos)) interprops.push('EscapeCapsule')
  if (engine.map.isElevator(p.pos)) interprops.push('Elevator')
  return {
    attack: active && !engine.mainUsed ? engine.attackable(id) : [],
    move,
    detect: active && p.detectCd === 0,
    interprops,
  }
}

export function actionReply(success: boolean, extra?: Msg): Msg {
  const reply: Msg = { type: 'action', success }
  return success && extra ? Object.assign(reply, extra) : reply
}

export function offround(round: number, playerid: number, content: unknown[]): Msg {
  return { type: 'offround', state: round, playerid, content }
}

/**
 * Who hears about each event.
 * The in-turn `death.box` flag: the Python SDK crashes on `box:true`, so it
 * is false unless `truthfulDeathBox` (then: a new Box was created). Bystanders
 * learn about the Box from the `interprops_status_update` offround either way. `actor` is the in-turn player (or null for
 * end-of-round effects); `turnOwner` fills the offround `playerid`.
 */
export function eventMessages(engine: LostSpaceEngine, events: readonly EngineEvent[], ctx: EventContext): Outgoing[] {
  const out: Outgoing[] = []
  eventMessagesTo({ put: (to, msg, force) => out.push(force ? { to, msg, force } : { to, msg }) }, engine, events, ctx)
  return out
}

export interface EventContext {
  round: number
  turnOwner: number
  actor: number | null
  truthfulDeathBox?: boolean
}

/** Takes addressed messages as they are made (the logic's frame builder). */
export interface MessageSink {
  put(to: number, msg: Msg, force?: boolean): void
}

/** eventMessages, handing each message to `out` as it is made (no list in between). */
export function eventMessagesTo(out: MessageSink, engine: LostSpaceEngine, events: readonly EngineEvent[], ctx: EventContext): void {
  const players = engine.players
  const round = ctx.round
  for (const e of events) {
    switch (e.type) {
      case 'move':
        for (const o of players) {
          if (o.id === e.player || !engine.inGame(o)) continue
          const layer = engine.visionLayer(o)
          if (layer === e.to[2]) off(out, o.id, round, e.player, ['see', 'pos_update', pos(e.to), e.player])
          else if (layer === e.from[2]) off(out, o.id, round, e.player, ['see', 'pos_update', [-1, -1, -1], e.player])
        }
        break
      case 'enter_top':
        for (const o of players) if (o.id !== e.player && engine.inGame(o)) off(out, o.id, round, e.player, ['player_enter_top_layer'])
        break
      case 'trap_trigger':
        if (engine.inGame(engine.player(e.owner))) off(out, e.owner, round, ctx.turnOwner, ['trap_triggered', e.trap, pos(e.pos)])
        break
      case 'trap_destroy':
        if (engine.inGame(engine.player(e.owner))) off(out, e.owner, round, ctx.turnOwner, ['trap_destroyed', e.trap, pos(e.pos)])
        break
      case 'attack':
        if (e.hp > 0) off(out, e.target, round, ctx.turnOwner, ['hp_update', e.hp])
        for (const o of players) {
          if (o.id === e.attacker || !engine.inGame(o)) continue
          if (o.id !== e.target && engine.visionLayer(o) === e.to[2]) off(out, o.id, round, ctx.turnOwner, ['see', 'attack', pos(e.to), e.attacker])
        }
        break
      case 'death':
        for (const o of players) {
          if (!engine.inGame(o)) continue
          if (ctx.actor !== null && o.id === ctx.actor) {
            if (o.id === e.player) out.put(o.id, { type: 'death', box: ctx.truthfulDeathBox === true && e.boxCreated })
            else out.put(o.id, { type: 'other_death', playerid: e.player })
          } else off(out, o.id, round, ctx.turnOwner, ['died', e.player])
        }
        break
      case 'box_appear':
        for (const o of players) {
          if (engine.inGame(o) && engine.visionLayer(o) === e.pos[2]) {
            off(out, o.id, round, ctx.turnOwner, ['see', 'interprops_status_update', pos(e.pos), 'Box', 'appear'])
          }
        }
        break
      case 'box_disappear':
        for (const o of players) {
          if (o.id !== e.by && engine.inGame(o) && engine.visionLayer(o) === e.pos[2]) {
            off(out, o.id, round, ctx.turnOwner, ['see', 'interprops_status_update', pos(e.pos), 'Box', 'disappear'])
          }
        }
        break
      case 'getkey':
        for (const o of players) if (o.id !== e.player && engine.inGame(o)) off(out, o.id, round, e.player, ['getkey', e.keys.slice()])
        break
      case 'regenerate':
        for (const o of players) {
          if (o.id !== e.player && engine.inGame(o) && engine.visionLayer(o) === e.pos[2]) {
            off(out, o.id, round, e.player, ['see', 'regenerate', pos(e.pos), e.player])
          }
        }
        break
      case 'escaped':
        out.put(e.player, { type: 'escaped' }, true)
        for (const o of players) if (o.id !== e.player && engine.inGame(o)) off(out, o.id, round, e.player, ['escaped'])
        break
      case 'ai_error':
        for (const o of players) if (o.id !== e.player && engine.inGame(o)) off(out, o.id, round, e.player, ['ai_error'])
        break
      default:
        break
    }
  }
}

function off(out: MessageSink, to: number, round: number, playerid: number, content: unknown[]): void {
  out.put(to, offround(round, playerid, content))
}

// ------------------------------------------------------------ AI → logic

export type ParsedAiMessage =
  | { kind: 'finish'; state?: number }
  | { kind: 'action'; state?: number; action: Action }
  | { kind: 'bad-action'; state?: number; error: string }
  | { kind: 'not-json'; error: string }

/**
 * Parses and validates one AI message (JSON text) with the protocol schema. Never throws.
 * Errors name the field and the rule, e.g. `at action[1][0]: expected integer, got string "1"`.
 */
export function parseAiMessage(text: string): ParsedAiMessage {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    return { kind: 'not-json', error: jsonSyntaxError(e) }
  }
  return checkedAiMessage(raw) ?? schemaAiMessage(raw)
}

/**
 * The same for a message object from a player in this process (no JSON in between): it
 * gets exactly the answer its JSON text would get from `parseAiMessage`.
 */
export function parseAiObject(msg: object): ParsedAiMessage {
  const fast = checkedAiMessage(msg, true)
  if (fast) return fast
  let text: string | undefined
  try {
    text = JSON.stringify(msg)
  } catch (e) {
    return { kind: 'not-json', error: `not JSON data: ${(e as Error).message}` }
  }
  return parseAiMessage(text ?? 'undefined')
}

function schemaAiMessage(raw: unknown): ParsedAiMessage {
  const r = normalizeAiMessage(raw)
  if (!r.ok) {
    const state = typeof raw === 'object' && raw !== null && Number.isInteger((raw as Msg).state) ? ((raw as Msg).state as number) : undefined
    return { kind: 'bad-action', state, error: r.error.replace(/\n/g, '; ') }
  }
  const msg = r.value
  if (msg.type === 'finish') return { kind: 'finish', state: msg.state }
  return { kind: 'action', state: msg.state, action: tupleToAction(msg.action) }
}

const isInt = Number.isSafeInteger as (v: unknown) => v is number

/** A plain value JSON would write as it is: not an object with its own `toJSON`. */
function plain(v: object, live: boolean): boolean {
  return !live || typeof (v as { toJSON?: unknown }).toJSON !== 'function'
}

function checkedPos(v: unknown, live: boolean): Pos | null {
  if (!Array.isArray(v) || v.length !== 3 || !plain(v, live)) return null
  const x: unknown = v[0]
  const y: unknown = v[1]
  const z: unknown = v[2]
  // `+ 0`: -0 becomes 0, as it does through JSON.
  return isInt(x) && isInt(y) && isInt(z) ? [x + 0, y + 0, z + 0] : null
}

/**
 * The AI message schema (`normalizeAiMessage`), checked by hand for the well-formed
 * case: a valid message costs no schema walk. Returns null for anything it does not
 * accept, and the caller then asks the schema, whose errors name the field and the rule.
 * It accepts nothing the schema rejects (the schema tests check both agree); `live`: the
 * value comes from a player in this process, not from JSON.parse.
 */
function checkedAiMessage(raw: unknown, live = false): ParsedAiMessage | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !plain(raw, live)) return null
  const m = raw as { type?: unknown; state?: unknown; action?: unknown }
  const given = m.state
  if (given !== undefined && !isInt(given)) return null
  const state = given === undefined ? undefined : given + 0
  const type = m.type
  if (type === 'finish') return state === undefined ? { kind: 'finish' } : { kind: 'finish', state }
  if (type !== 'action') return null
  const action = checkedAction(m.action, live)
  if (!action) return null
  return state === undefined ? { kind: 'action', action } : { kind: 'action', state, action }
}

function checkedAction(a: unknown, live: boolean): Action | null {
  if (!Array.isArray(a) || !plain(a, live)) return null
  const n = a.length
  const b: unknown = a[1]
  switch (a[0]) {
    case 'move': {
      const to = n === 2 ? checkedPos(b, live) : null
      return to && { kind: 'move', to }
    }
    case 'detect': {
      const at = n === 2 ? checkedPos(b, live) : null
      return at && { kind: 'detect', at }
    }
    case 'attack': {
      const at = n === 3 ? checkedPos(b, live) : null
      const target: unknown = a[2]
      return at && isInt(target) ? { kind: 'attack', at, target: target + 0 } : null
    }
    case 'trap':
      return n === 2 && (b === 'LandMine' || b === 'Sticky') ? { kind: 'trap', trap: b } : null
    case 'tool':
      if (b === 'Kit') return n === 2 ? { kind: 'kit' } : null
      if (b === 'Transport') {
        const to = n === 3 ? checkedPos(a[2], live) : null
        return to && { kind: 'blink', to }
      }
      return null
    case 'interact': {
      const c: unknown = a[2]
      switch (b) {
        case 'Materials':
          return n === 3 && (c === 'LandMine' || c === 'Sticky' || c === 'Kit' || c === 'Transport') ? { kind: 'materials', tool: c } : null
        case 'Box':
          return n === 2 ? { kind: 'box' } : null
        case 'KeyMachine':
          return n === 2 ? { kind: 'keymachine' } : null
        case 'EscapeCapsule':
          if (n !== 3 || !(c === true || c === false || c === 0 || c === 1)) return null
          return { kind: 'escape', start: c === true || c === 1 }
      }
      return null
    }
  }
  return null
}

export function tupleToAction(t: ActionTuple): Action {
  switch (t[0]) {
    case 'move':
      return { kind: 'move', to: t[1] }
    case 'attack':
      return { kind: 'attack', at: t[1], target: t[2] }
    case 'detect':
      return { kind: 'detect', at: t[1] }
    case 'trap':
      return { kind: 'trap', trap: t[1] }
    case 'tool':
      return t[1] === 'Kit' ? { kind: 'kit' } : { kind: 'blink', to: (t as ['tool', 'Transport', Pos])[2] }
    case 'interact':
      switch (t[1]) {
        case 'Materials':
          return { kind: 'materials', tool: (t as ['interact', 'Materials', 'Kit'])[2] }
        case 'Box':
          return { kind: 'box' }
        case 'KeyMachine':
          return { kind: 'keymachine' }
        case 'EscapeCapsule': {
          const flag = (t as ['interact', 'EscapeCapsule', boolean | 0 | 1])[2]
          return { kind: 'escape', start: flag === true || flag === 1 }
        }
      }
  }
  throw new Error('unreachable action tuple')
}

/** The wire form of an engine action (what an AI would send). */
export function actionToTuple(a: Action): ActionTuple {
  switch (a.kind) {
    case 'move':
      return ['move', pos(a.to)]
    case 'attack':
      return ['attack', pos(a.at), a.target]
    case 'detect':
      return ['detect', pos(a.at)]
    case 'trap':
      return ['trap', a.trap]
    case 'kit':
      return ['tool', 'Kit']
    case 'blink':
      return ['tool', 'Transport', pos(a.to)]
    case 'materials':
      return ['interact', 'Materials', a.tool]
    case 'box':
      return ['interact', 'Box']
    case 'keymachine':
      return ['interact', 'KeyMachine']
    case 'escape':
      return ['interact', 'EscapeCapsule', a.start]
  }
}


/**
 * Builds every logic → AI message from engine state and events, with
 * per-player visibility (lostspace-facts §2). Pure: returns addressed
 * messages; logic.ts turns them into frames.
 */
import type { Pos } from './map.js'
import { DIRECTIONS } from './map.js'
import type { Action, EngineEvent, LostSpaceEngine, PlayerState } from './engine.js'
import { Status, type PropName } from './rules.js'
import { normalizeAiMessage, type ActionTuple } from '../protocols/lostspace.js'

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

export function roundBeginFull(engine: LostSpaceEngine, id: number): Msg {
  const p = engine.player(id)
  const bag = (type: 'LandMine' | 'Sticky'): unknown[] => {
    const placed = engine.placedTraps(id, type)
    return [p.tools[type], placed.length, ...placed.map(pos)]
  }
  return {
    type: 'roundbegin',
    state: engine.round,
    inturn: id,
    status: p.status,
    pos: pos(p.pos),
    hp: p.hp,
    keys: [...p.keys],
    tools: { LandMine: bag('LandMine'), Sticky: bag('Sticky'), Kit: p.tools.Kit, Transport: p.tools.Transport },
    others: engine.players
      .filter((q) => q.id !== id)
      .map((q) => ({ player_id: q.id, status: q.status, keys: [...q.keys], hp: q.hp })),
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

export function actionReply(success: boolean, extra: Msg = {}): Msg {
  return { type: 'action', success, ...(success ? extra : {}) }
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
export function eventMessages(
  engine: LostSpaceEngine,
  events: readonly EngineEvent[],
  ctx: { round: number; turnOwner: number; actor: number | null; truthfulDeathBox?: boolean },
): Outgoing[] {
  const out: Outgoing[] = []
  const others = (except: number | null): PlayerState[] => engine.players.filter((q) => q.id !== except && engine.inGame(q))
  const off = (to: number, content: unknown[], playerid = ctx.turnOwner): void => {
    out.push({ to, msg: offround(ctx.round, playerid, content) })
  }
  for (const e of events) {
    switch (e.type) {
      case 'move':
        for (const o of others(e.player)) {
          const layer = engine.visionLayer(o)
          if (layer === e.to[2]) off(o.id, ['see', 'pos_update', pos(e.to), e.player], e.player)
          else if (layer === e.from[2]) off(o.id, ['see', 'pos_update', [-1, -1, -1], e.player], e.player)
        }
        break
      case 'enter_top':
        for (const o of others(e.player)) off(o.id, ['player_enter_top_layer'], e.player)
        break
      case 'trap_trigger':
        if (engine.inGame(engine.player(e.owner))) off(e.owner, ['trap_triggered', e.trap, pos(e.pos)])
        break
      case 'trap_destroy':
        if (engine.inGame(engine.player(e.owner))) off(e.owner, ['trap_destroyed', e.trap, pos(e.pos)])
        break
      case 'attack':
        if (e.hp > 0) off(e.target, ['hp_update', e.hp])
        for (const o of others(e.attacker)) {
          if (o.id !== e.target && engine.visionLayer(o) === e.to[2]) off(o.id, ['see', 'attack', pos(e.to), e.attacker])
        }
        break
      case 'death':
        for (const o of engine.players) {
          if (!engine.inGame(o)) continue
          if (ctx.actor !== null && o.id === ctx.actor) {
            if (o.id === e.player) out.push({ to: o.id, msg: { type: 'death', box: ctx.truthfulDeathBox === true && e.boxCreated } })
            else out.push({ to: o.id, msg: { type: 'other_death', playerid: e.player } })
          } else off(o.id, ['died', e.player])
        }
        break
      case 'box_appear':
        for (const o of others(null)) {
          if (engine.visionLayer(o) === e.pos[2]) off(o.id, ['see', 'interprops_status_update', pos(e.pos), 'Box', 'appear'])
        }
        break
      case 'box_disappear':
        for (const o of others(e.by)) {
          if (engine.visionLayer(o) === e.pos[2]) off(o.id, ['see', 'interprops_status_update', pos(e.pos), 'Box', 'disappear'])
        }
        break
      case 'getkey':
        for (const o of others(e.player)) off(o.id, ['getkey', [...e.keys]], e.player)
        break
      case 'regenerate':
        for (const o of others(e.player)) {
          if (engine.visionLayer(o) === e.pos[2]) off(o.id, ['see', 'regenerate', pos(e.pos), e.player], e.player)
        }
        break
      case 'escaped':
        out.push({ to: e.player, msg: { type: 'escaped' }, force: true })
        for (const o of others(e.player)) off(o.id, ['escaped'], e.player)
        break
      case 'ai_error':
        for (const o of others(e.player)) off(o.id, ['ai_error'], e.player)
        break
      default:
        break
    }
  }
  return out
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
    return { kind: 'not-json', error: (e as Error).message }
  }
  const r = normalizeAiMessage(raw)
  if (!r.ok) {
    const state = typeof raw === 'object' && raw !== null && Number.isInteger((raw as Msg).state) ? ((raw as Msg).state as number) : undefined
    return { kind: 'bad-action', state, error: r.error.replace(/\n/g, '; ') }
  }
  const msg = r.value
  if (msg.type === 'finish') return { kind: 'finish', state: msg.state }
  return { kind: 'action', state: msg.state, action: tupleToAction(msg.action) }
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


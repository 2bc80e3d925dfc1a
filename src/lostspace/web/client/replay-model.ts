/**
 * A replay (`lostspace match --replay`, lostspace-facts §7) folded into one
 * snapshot per small turn, an event log and the final ranking. Validated with
 * the project's one replay schema; anything else gives a readable error.
 */
import { ReplaySchema } from '../../../protocols/lostspace.js'
import { formatZodIssues } from '../../../core/schema-errors.js'
import type { MapData } from '../protocol.js'

export type Triple = [number, number, number]
export type PlayerStatus = 'alive' | 'dead' | 'escaped' | 'waiting' | 'error'

export interface PlayerSnap {
  pos: Triple
  hp: number
  status: PlayerStatus
  keys: number[]
  tools: Record<string, number>
}

export interface Snapshot {
  round: number
  /** Seat whose list was applied last (-1 at the start). */
  seat: number
  players: PlayerSnap[]
  boxes: Array<{ pos: Triple; keys: number[] }>
  traps: Array<{ pos: Triple; type: string; owner: number }>
}

export interface LogLine {
  step: number
  round: number
  seat: number
  player: number | null
  text: string
}

export interface RankRow {
  place: number
  player: number
  points: number
  outcome: string
}

export interface Timeline {
  steps: Snapshot[]
  log: LogLine[]
  rounds: number
  /** Null while the score dict is empty (a game still running). */
  ranking: RankRow[] | null
}

type Entry = Record<string, unknown>
const SEATS = 4
const TOOLS = ['LandMine', 'Sticky', 'Kit', 'Transport']

export class ReplayError extends Error {}

/** Parses replay text; throws ReplayError with a message for people. */
export function parseReplayText(text: string, source: string): unknown[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new ReplayError(`${source} is not JSON (${(e as Error).message}), so it is not a LostSpace replay.`)
  }
  return checkReplay(json, source)
}

export function checkReplay(json: unknown, source: string): unknown[] {
  const r = ReplaySchema.safeParse(json)
  if (!r.success) {
    throw new ReplayError(
      `${source} is not a LostSpace replay (expected [birthplaces, round 1 … round N, scores] as written by ` +
        `"mindbridge lostspace match --replay"): ${formatZodIssues(r.error, { maxIssues: 4 })}`,
    )
  }
  return r.data
}

const unshift = (p: unknown): Triple | null =>
  Array.isArray(p) && p.length === 3 && p.every((n) => typeof n === 'number') ? [p[0] + 3, p[1] + 3, p[2]] : null
const key = (p: Triple) => p.join(',')
const fmt = (p: Triple | null) => (p ? `(${p[0]},${p[1]},${p[2]})` : '?')

function clone(s: Snapshot): Snapshot {
  return {
    round: s.round,
    seat: s.seat,
    players: s.players.map((p) => ({ ...p, pos: [...p.pos] as Triple, keys: [...p.keys], tools: { ...p.tools } })),
    boxes: s.boxes.map((b) => ({ pos: b.pos, keys: [...b.keys] })),
    traps: [...s.traps],
  }
}

/** Folds a validated replay into a timeline (one snapshot per small turn, plus the start). */
export function buildTimeline(replay: unknown[], map: MapData): Timeline {
  const nodes = new Set(map.nodes.map(key))
  const birth = (replay[0] as unknown[]).map((p) => unshift(p)!)
  for (const b of birth) if (!nodes.has(key(b))) throw new ReplayError(`the birthplace ${fmt(b)} is not on the official map: is this a LostSpace replay?`)
  const scores = replay[replay.length - 1] as Record<string, number>
  const rounds = replay.slice(1, -1) as Entry[][][]
  let cur: Snapshot = {
    round: 0,
    seat: -1,
    players: birth.map((pos, id) => ({ pos, hp: map.maxHp, status: 'alive', keys: [id], tools: Object.fromEntries(TOOLS.map((t) => [t, 0])) })),
    boxes: [],
    traps: [],
  }
  const steps: Snapshot[] = [clone(cur)]
  const log: LogLine[] = []
  const escapes: Array<{ player: number; round: number }> = []
  const deaths = new Map<number, number>()
  rounds.forEach((lists, ri) => {
    const round = ri + 1
    lists.forEach((entries, seat) => {
      const step = steps.length
      for (const e of entries) {
        const text = apply(cur, e, round, escapes, deaths, nodes)
        const pid = typeof e.playerid === 'number' ? e.playerid : null
        if (text) log.push({ step, round, seat, player: pid, text })
      }
      cur.round = round
      cur.seat = seat
      steps.push(clone(cur))
    })
  })
  const ids = Object.keys(scores)
  let ranking: RankRow[] | null = null
  if (ids.length > 0) {
    ranking = ids
      .map((id) => ({ player: Number(id), points: scores[id]! }))
      .sort((a, b) => b.points - a.points || a.player - b.player)
      .map((r, i) => ({ place: i + 1, ...r, outcome: outcome(r.player, cur, escapes, deaths) }))
  }
  return { steps, log, rounds: rounds.length, ranking }
}

function outcome(id: number, s: Snapshot, escapes: Array<{ player: number; round: number }>, deaths: Map<number, number>): string {
  const e = escapes.findIndex((x) => x.player === id)
  if (e >= 0) return `escaped in round ${escapes[e]!.round} (#${e + 1})`
  const p = s.players[id]
  if (p?.status === 'error') return 'AI error'
  if (p?.status === 'dead') return `dead (round ${deaths.get(id) ?? '?'})`
  return 'survived'
}

function apply(
  s: Snapshot,
  e: Entry,
  round: number,
  escapes: Array<{ player: number; round: number }>,
  deaths: Map<number, number>,
  nodes: Set<string>,
): string | null {
  const id = typeof e.playerid === 'number' && e.playerid >= 0 && e.playerid < SEATS ? e.playerid : null
  const p = id === null ? null : s.players[id]!
  const who = `P${id}`
  const pos = unshift(e.pos)
  if (pos && !nodes.has(key(pos)) && e.type !== 'died') throw new ReplayError(`round ${round}: position ${fmt(pos)} of a ${String(e.type)} event is not on the map`)
  switch (e.type) {
    case 'move':
    case 'flink':
      if (p && pos) p.pos = pos
      return e.type === 'flink' ? `${who} blinks to ${fmt(pos)}` : null
    case 'detect':
      return `${who} detects ${fmt(unshift(e.tar_pos))}${e.has_trap === true ? ': trap!' : ''}`
    case 'tool_update':
      if (p && e.tools && typeof e.tools === 'object') p.tools = { ...p.tools, ...(e.tools as Record<string, number>) }
      return null
    case 'attack': {
      const target = typeof e.target === 'number' ? `P${e.target}` : `${fmt(unshift((e.attack as unknown[] | undefined)?.[1]))}`
      return `${who} attacks ${target}`
    }
    case 'hp_update':
    case 'kit':
    case 'cure':
      if (p && typeof e.hp === 'number') p.hp = e.hp
      return e.type === 'hp_update' ? `${who} hp ${String(e.hp)}` : `${who} uses a Kit → hp ${String(e.hp)}`
    case 'place_trap':
      if (id !== null && pos) s.traps.push({ pos, type: String(e.trap_type), owner: id })
      return `${who} places a ${String(e.trap_type)} at ${fmt(pos)}`
    case 'died': {
      if (!p) return null
      const at = pos ?? p.pos
      if (e.box === true && p.keys.length > 0) {
        const box = s.boxes.find((b) => key(b.pos) === key(at))
        if (box) box.keys = [...new Set([...box.keys, ...p.keys])].sort()
        else s.boxes.push({ pos: at, keys: [...p.keys] })
      }
      p.status = 'dead'
      p.hp = 0
      p.keys = []
      p.tools = Object.fromEntries(TOOLS.map((t) => [t, 0]))
      deaths.set(id!, round)
      const by = typeof e.killer === 'number' ? ` (killed by P${e.killer})` : typeof e.cause === 'string' ? ` (${e.cause})` : ''
      return `${who} died at ${fmt(at)}${by}${e.box === true ? ', keys dropped in a box' : ''}`
    }
    case 'regenerate':
      if (p && pos) Object.assign(p, { pos, hp: 200, status: 'alive', keys: [id] })
      return `${who} respawns at ${fmt(pos)}`
    case 'keymachine':
      return `${who} uses the key machine at ${fmt(pos)}`
    case 'getkey': {
      const keys = Array.isArray(e.keyid) ? e.keyid.filter((k): k is number => typeof k === 'number') : []
      if (p) p.keys = [...new Set([...p.keys, ...keys])].sort()
      return `${who} gets key${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
    }
    case 'escape_capsule':
      if (p) p.status = e.to_escape === true ? 'waiting' : 'alive'
      return e.to_escape === true ? `${who} starts the escape countdown` : `${who} aborts the escape`
    case 'escaped':
      if (p) p.status = 'escaped'
      if (id !== null) escapes.push({ player: id, round })
      return `${who} ESCAPED`
    case 'ai_error':
      if (p) {
        p.status = 'error'
        p.hp = 0
      }
      return `${who} AI error: ${String(e.error_log ?? '').split('\n')[0]}`
    case 'inspect':
      return e.interprops === 'Box' ? `${who} opens the box at ${fmt(pos)}` : `${who} takes materials at ${fmt(pos)}`
    case 'map_update': {
      const args = Array.isArray(e.args) ? e.args : []
      const at = unshift(args[1])
      if (!at) return null
      if (args[0] === 'box_disappear') {
        s.boxes = s.boxes.filter((b) => key(b.pos) !== key(at))
        return null
      }
      s.traps = s.traps.filter((t) => key(t.pos) !== key(at))
      return args[0] === 'trap_trigger' ? `a ${String(args[2])} fires at ${fmt(at)}` : `a ${String(args[2])} is destroyed at ${fmt(at)}`
    }
    default:
      return null
  }
}

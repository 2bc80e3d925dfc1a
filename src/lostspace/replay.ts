/**
 * Replay recorder (lostspace-facts §7): `[birthplaces, round_1 … round_N, score_dict]`,
 * each round = 4 lists (one per seat), positions shifted to `[x−3, y−3, z]`.
 */
import { writeFileSync } from 'node:fs'
import type { Pos } from './map.js'
import type { EngineEvent } from './engine.js'

export type ReplayEntry = Record<string, unknown>

export function shift(p: Pos): [number, number, number] {
  return [p[0] - 3, p[1] - 3, p[2]]
}

export class ReplayRecorder {
  private readonly birth: Array<[number, number, number]>
  private readonly rounds: ReplayEntry[][][] = []
  private scores: Record<string, number> | null = null

  constructor(
    spawns: readonly Pos[],
    private readonly seats = 4,
  ) {
    this.birth = spawns.map(shift)
  }

  private list(round: number, seat: number): ReplayEntry[] {
    while (this.rounds.length < round) {
      const lists: ReplayEntry[][] = []
      for (let i = 0; i < this.seats; i++) lists.push([])
      this.rounds.push(lists)
    }
    return this.rounds[round - 1]![seat]!
  }

  /** Ensure round `round` exists even if nothing happened in it. */
  touch(round: number): void {
    if (round >= 1 && this.rounds.length < round) this.list(round, 0)
  }

  record(round: number, seat: number, events: readonly EngineEvent[]): void {
    const out = this.list(round, seat)
    for (const e of events) {
      const entries = toEntries(e)
      for (let i = 0; i < entries.length; i++) out.push(entries[i]!)
    }
  }

  finish(points: Record<string, number>): void {
    this.scores = points
  }

  toJSON(): unknown[] {
    return [this.birth, ...this.rounds, this.scores ?? {}]
  }

  /** Write synchronously; returns an error message instead of throwing. */
  writeTo(path: string): string | null {
    try {
      writeFileSync(path, JSON.stringify(this.toJSON()))
      return null
    } catch (e) {
      return `cannot write replay ${path}: ${(e as Error).message}`
    }
  }
}

export function toEntries(e: EngineEvent): ReplayEntry[] {
  switch (e.type) {
    case 'move':
      return [{ type: e.blink ? 'flink' : 'move', playerid: e.player, pos: shift(e.to) }]
    case 'detect':
      return [{ type: 'detect', playerid: e.player, tar_pos: shift(e.pos), has_trap: e.hasTrap }]
    case 'tools':
      return [{ type: 'tool_update', playerid: e.player, tools: { ...e.tools } }]
    case 'attack':
      return [
        { type: 'attack', playerid: e.attacker, attack: [shift(e.from), shift(e.to)], target: e.target },
        { type: 'hp_update', playerid: e.target, hp: e.hp },
      ]
    case 'hp':
      return [{ type: 'hp_update', playerid: e.player, hp: e.hp }]
    case 'trap_place':
      return [{ type: 'place_trap', playerid: e.owner, pos: shift(e.pos), trap_type: e.trap }]
    case 'kit':
      return [{ type: 'kit', playerid: e.player, hp: e.hp }]
    case 'death':
      return [{ type: 'died', playerid: e.player, pos: shift(e.pos), box: e.boxCreated, cause: e.cause, killer: e.killer }]
    case 'regenerate':
      return [{ type: 'regenerate', playerid: e.player, pos: shift(e.pos) }]
    case 'keymachine':
      return [{ type: 'keymachine', playerid: e.player, pos: shift(e.pos) }]
    case 'getkey':
      return [{ type: 'getkey', playerid: e.player, keyid: [...e.keys] }]
    case 'escape_capsule':
      return [{ type: 'escape_capsule', playerid: e.player, to_escape: e.start }]
    case 'escaped':
      return [{ type: 'escaped', playerid: e.player }]
    case 'ai_error':
      return [{ type: 'ai_error', playerid: e.player, error_log: e.log }]
    case 'inspect':
      return [{ type: 'inspect', playerid: e.player, pos: shift(e.pos), interprops: e.what }]
    case 'trap_trigger':
      return [{ type: 'map_update', args: ['trap_trigger', shift(e.pos), e.trap] }]
    case 'trap_destroy':
      return [{ type: 'map_update', args: ['trap_destroy', shift(e.pos), e.trap] }]
    case 'box_disappear':
      return [{ type: 'map_update', args: ['box_disappear', shift(e.pos)] }]
    default:
      return []
  }
}

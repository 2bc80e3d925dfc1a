/**
 * Every player's score as far as our seat can tell (the tie-break of players that do not escape: the
 * game's end ranks survivors by it). Deaths are public (−3); a death announced in another player's
 * turn is that player's kill (+2), except in a zone's failing round, where the zone may have done it;
 * our own kills (traps included) and Box openings we know. Other players' Box openings and trap kills stay unknown.
 */
import { RULES } from '../../rules.js'
import type { ServerMessage } from '../../sdk/messages.js'
import type { GameStateTracker } from '../../sdk/state.js'

export class ScoreBook {
  readonly score = [0, 0, 0, 0]
  /** Round of each player's last counted death (the same death can be announced once per receiver only, but guard anyway). */
  private readonly deathRound = [-1, -1, -1, -1]
  /** `round:player` of the last time a trap of ours hit someone (in that player's turn). */
  private trapHit = ''

  /** `zoneRound(r)`: a zone fails at the end of round r. */
  constructor(private readonly zoneRound: (round: number) => boolean) {}

  observe(msg: ServerMessage, s: GameStateTracker): void {
    if (msg.type === 'other_death') {
      // Announced to us as the actor: our attack killed it.
      const victim = (msg as { playerid: number }).playerid
      if (this.death(victim, s.round)) this.kill(s.id)
    } else if (msg.type === 'death') {
      this.death(s.id, s.round)
    } else if (msg.type === 'offround') {
      const m = msg as { playerid: number; content: unknown[] }
      const c = Array.isArray(m.content) ? m.content : []
      if (c[0] === 'trap_triggered') this.trapHit = `${s.round}:${m.playerid}`
      if (c[0] !== 'died') return
      for (const v of c.slice(1)) {
        if (typeof v !== 'number' || v < 0 || v > 3 || !this.death(v, s.round)) continue
        // Died in its own turn: a trap; ours if it just triggered one of ours.
        if (m.playerid === v) {
          if (this.trapHit === `${s.round}:${v}`) this.kill(s.id)
        } else if (!this.zoneRound(s.round)) this.kill(m.playerid)
      }
    }
  }

  /** We opened a Box. */
  boxOpened(me: number): void {
    this.score[me]! += RULES.score.box
  }

  private death(id: number, round: number): boolean {
    if (id < 0 || id > 3 || this.deathRound[id] === round) return false
    this.deathRound[id] = round
    this.score[id]! += RULES.score.death
    return true
  }

  private kill(id: number): void {
    if (id >= 0 && id <= 3) this.score[id]! += RULES.score.kill
  }
}

import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { runGame } from '../../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../../src/lostspace/judger/seats.js'
import { LostSpaceLogic } from '../../src/lostspace/logic.js'
import { Status } from '../../src/lostspace/rules.js'
import { createBuiltinPlayer, createExpertPlayer } from '../../src/lostspace/bots/index.js'
import { createLogger } from '../../src/core/logger.js'
import { loadMap } from '../../src/lostspace/map.js'
import type { Player } from '../../src/lostspace/sdk/client.js'
import { StagedLogic } from '../support/lostspace-staged.js'

const quiet = createLogger('test', { level: 'silent' })
/** The expert's sample codes for a dead player (see bots/expert/sim.ts: ALIVE 0, DEAD 1). */
const SAMPLE_DEAD = 1

interface Check {
  /** Decisions at which an opponent that had died before was back on the map (the engine's truth). */
  respawned: number
  /** ...and the expert still modelled it as dead. */
  wrong: string[]
}

/**
 * Plays a real game with the expert in `seat` and, at each of its traced decisions, compares the
 * status of every other player in the expert's sampled state with the engine's truth (the test reads
 * the engine; the expert does not).
 */
async function play(seed: number, seat: number, others: string[]): Promise<Check> {
  const logic = new LostSpaceLogic({ seed })
  const diedBefore = new Set<number>()
  const out: Check = { respawned: 0, wrong: [] }
  const trace = (line: string) => {
    if (!line.startsWith('   p')) return
    const e = logic.engine
    for (const p of e.players) if (p.status === Status.Dead) diedBefore.add(p.id)
    for (const m of line.matchAll(/p(\d):st(\d)@/g)) {
      const id = Number(m[1])
      const truth = e.players[id]!.status
      if (id === seat || !diedBefore.has(id) || (truth !== Status.Alive && truth !== Status.Skip && truth !== Status.WaitForEscape)) continue
      out.respawned++
      if (Number(m[2]) === SAMPLE_DEAD) out.wrong.push(`round ${e.round}: player ${id} is back (status ${truth}) but the expert samples it dead`)
    }
  }
  const names = [...others]
  names.splice(seat, 0, 'expert')
  const seats: SeatSpec[] = names.map((n, i) => ({
    kind: 'player',
    player: n === 'expert' ? createExpertPlayer({ seed: seed * 4 + i, budgetMs: 4, trace }) : createBuiltinPlayer(n, { seed: seed * 4 + i }),
    name: n,
  }))
  const r = await runGame({ seats, logic, logger: quiet })
  assert.equal(r.errors.length, 0, JSON.stringify(r.errors))
  return out
}

describe('expert belief', () => {
  test('a player that respawned where the expert could not see it is alive in the expert\'s samples', { timeout: 240_000 }, async () => {
    let respawned = 0
    const wrong: string[] = []
    for (const [seed, seat] of [[3, 0], [5, 1], [8, 2], [11, 3]] as const) {
      const c = await play(seed, seat, ['strategist', 'random', 'strategist'])
      respawned += c.respawned
      wrong.push(...c.wrong.map((w) => `seed ${seed} seat ${seat}: ${w}`))
    }
    // The games must contain respawns for the check to mean anything.
    assert.ok(respawned > 0, 'no opponent died and came back in these games')
    assert.deepEqual(wrong.slice(0, 5), [])
  })

  test('the expert knows its own score exactly and every other player\'s but for what its seat cannot see', { timeout: 240_000 }, async () => {
    const zoneRounds = new Set(loadMap().zones.map((z) => z.round))
    const wrong: string[] = []
    let changed = 0
    for (const [seed, seat] of [[3, 0], [5, 1], [8, 2], [11, 3]] as const) {
      // What no seat but the player's own learns: its Box openings, its trap kills, its kills in a round a zone fails.
      const hidden = [0, 0, 0, 0]
      const logic = new LostSpaceLogic({
        seed,
        onEvents: (round, _seat, events) => {
          for (const e of events) {
            if (e.type === 'inspect' && e.what === 'Box' && e.player !== seat) hidden[e.player]! += 1
            if (e.type === 'death' && e.killer !== null && e.killer !== seat && (e.cause === 'trap' || zoneRounds.has(round))) hidden[e.killer]! += 2
          }
        },
      })
      const trace = (line: string) => {
        if (!line.startsWith('   p')) return
        const e = logic.engine
        for (const m of line.matchAll(/p(\d):st\d@\d+hp-?\d+k\d+sc(-?\d+)/g)) {
          const id = Number(m[1])
          const truth = e.players[id]!.score
          if (truth !== 0) changed++
          if (Number(m[2]) !== truth - hidden[id]!) wrong.push(`seed ${seed} round ${e.round}: player ${id} score ${truth} (${hidden[id]} unseen), the expert has ${m[2]}`)
        }
      }
      const names = ['strategist', 'random', 'strategist']
      names.splice(seat, 0, 'expert')
      const seats: SeatSpec[] = names.map((n, i) => ({
        kind: 'player',
        player: n === 'expert' ? createExpertPlayer({ seed: seed * 4 + i, budgetMs: 4, trace }) : createBuiltinPlayer(n, { seed: seed * 4 + i }),
        name: n,
      }))
      await runGame({ seats, logic, logger: quiet })
    }
    assert.ok(changed > 0, 'nobody scored in these games')
    assert.deepEqual(wrong.slice(0, 5), [])
  })

  test('an opponent seen blinking that holds two Transports is sampled with two in some samples, never with more than it can carry', { timeout: 120_000 }, async () => {
    // The C++ competition AI keeps two Transports and strikes with a blink in and a blink out (logic seeds 9 and 17
    // of the expert bench); samples of at most one made the way past it look safe.
    const home: [number, number, number] = [3, 4, 1]
    const side: [number, number, number] = [2, 4, 1]
    assert.ok(loadMap().materials.some((m) => m.join() === home.join()), 'the blinker stands on a Materials point')
    // Blinks out and walks back twice in the expert's sight, then refills its Transports.
    let turns = 0
    const blinker: Player = {
      name: 'blinker',
      async onRoundBegin(s, api) {
        if (++turns <= 2) {
          await api.transport(side)
          await api.move(home)
        } else if (s.tools.Transport < 2) await api.materials('Transport')
      },
    }
    const logic = new StagedLogic({ 1: { pos: [3, 2, 1], keys: [1] }, 2: { pos: home, keys: [2], tools: { Transport: 2 } } })
    let holdsTwo = 0
    let sampledTwo = 0
    const wrong: string[] = []
    const trace = (line: string) => {
      if (!line.startsWith('   p')) return
      const e = logic.engine
      for (const m of line.matchAll(/p(\d):st\d@\d+hp-?\d+k\d+sc-?\d+tr(\d+)/g)) {
        const id = Number(m[1])
        const sampled = Number(m[2])
        if (sampled > 2) wrong.push(`round ${e.round}: player ${id} sampled with ${sampled} Transports`)
        if (id === 2 && e.players[2]!.tools.Transport === 2) {
          holdsTwo++
          if (sampled === 2) sampledTwo++
        }
      }
    }
    const idle = (): Player => ({ name: 'idle', async onRoundBegin() {} })
    const seats: SeatSpec[] = [
      { kind: 'player', player: idle(), name: 'idle' },
      { kind: 'player', player: createExpertPlayer({ seed: 7, budgetMs: 4, trace }), name: 'expert' },
      { kind: 'player', player: blinker, name: 'blinker' },
      { kind: 'player', player: idle(), name: 'idle' },
    ]
    const r = await runGame({ seats, logic, logger: quiet })
    assert.equal(r.errors.length, 0, JSON.stringify(r.errors))
    assert.deepEqual(wrong.slice(0, 5), [])
    assert.ok(holdsTwo > 0, 'the blinker never held two Transports at a decision of the expert')
    assert.ok(sampledTwo > 0, `the blinker held two Transports at ${holdsTwo} decisions, and no sample gave it two`)
  })
})

// Golden games: seeded games whose every byte is pinned. For each scenario the test
// hashes (sha256) what each seat was sent (its payloads, in order), every AI message
// the logic was given (in order), the replay, the ranking and the end info. The digests
// were computed on the engine and judger before the speed work (issue 16) and must not
// change: a faster engine plays exactly the same games.
//
// Messages the logic hands to an in-process seat as objects (no JSON on that path) are
// hashed as the payload a program seat would get for them (`withHeader(asciiJson(msg))`),
// so the pinned digests also prove that the object path says exactly what the wire says.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash, type Hash } from 'node:crypto'
import { LostSpaceLogic, asciiJson, withHeader, type JudgerFrame } from '../../src/lostspace/logic.js'
import { runGame } from '../../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../../src/lostspace/judger/seats.js'
import { createBuiltinPlayer } from '../../src/lostspace/bots/index.js'
import { actionToTuple } from '../../src/lostspace/messages.js'
import { createRng } from '../../src/lostspace/rng.js'
import { createLogger } from '../../src/core/logger.js'

const quiet = createLogger('golden', { level: 'silent' })

/** A LostSpaceLogic that hashes everything it is given and everything it sends. */
class RecordingLogic extends LostSpaceLogic {
  readonly seatHash = [0, 1, 2, 3].map(() => createHash('sha256'))
  readonly inHash = createHash('sha256')
  private types: number[] = [1, 1, 1, 1]
  /** Objects handed over without JSON, with what they said then: the logic must never touch them again. */
  private readonly handed: Array<[object, string]> = []

  override init(msg: Parameters<LostSpaceLogic['init']>[0]): JudgerFrame[] {
    this.types = [...msg.player_list]
    return this.seen(super.init(msg))
  }
  override onAiMessage(player: number, content: Parameters<LostSpaceLogic['onAiMessage']>[1]): JudgerFrame[] {
    this.inHash.update(`${player} ${typeof content === 'string' ? content : JSON.stringify(content)}\n`)
    return this.seen(super.onAiMessage(player, content))
  }
  override onAiError(player: number, error: 0 | 1 | 2, errorLog?: string): JudgerFrame[] {
    this.inHash.update(`${player} error ${error} ${errorLog ?? ''}\n`)
    return this.seen(super.onAiError(player, error, errorLog))
  }
  private seen(frames: JudgerFrame[]): JudgerFrame[] {
    for (const f of frames) {
      if (!('listen' in f)) {
        this.inHash.update(`frame ${JSON.stringify(f)}\n`)
        continue
      }
      f.player.forEach((p, i) => {
        const c: unknown = f.content[i]
        const payload = typeof c === 'string' ? c : this.types[p] === 2 ? asciiJson(c) : withHeader(asciiJson(c))
        if (typeof c === 'object' && c !== null) this.handed.push([c, asciiJson(c)])
        this.seatHash[p]!.update(`${f.state} ${f.listen.join(',')} ${payload}\n`)
      })
    }
    return frames
  }
  /** Handed-over objects that changed after they were handed over (the players here never change them). */
  changedAfterHandover(): number {
    return this.handed.filter(([o, said]) => asciiJson(o) !== said).length
  }

  digest(extra: unknown): string {
    const all = createHash('sha256')
    for (const h of [...this.seatHash, this.inHash]) all.update((h as Hash).digest('hex'))
    all.update(JSON.stringify(extra))
    return all.digest('hex').slice(0, 24)
  }
}

async function judged(names: string[], games: number): Promise<string> {
  const all = createHash('sha256')
  for (let g = 0; g < games; g++) {
    const logic = new RecordingLogic({ seed: g })
    const seats: SeatSpec[] = names.map((name, i) => ({ kind: 'player', player: createBuiltinPlayer(name, { seed: g * 4 + i + 1 }) }))
    const r = await runGame({ seats, logic, logger: quiet })
    assert.deepEqual(r.errors, [], `game ${g}: no seat failed`)
    assert.equal(logic.changedAfterHandover(), 0, `game ${g}: message objects stay as they were handed over`)
    all.update(logic.digest({ replay: r.replay, ranking: r.ranking, endInfo: r.endInfo, rounds: r.rounds, messages: r.messages }))
  }
  return all.digest('hex').slice(0, 24)
}

/**
 * The logic alone, driven by a seeded random driver over the engine's own legal actions,
 * with seat types 0/1/2, junk, stale and off-turn messages and an AI error now and then:
 * the paths the builtin players never take.
 */
function driven(seed: number, playerList: number[]): string {
  const rng = createRng(seed)
  const logic = new RecordingLogic({ seed, truthfulDeathBox: seed % 2 === 0 })
  logic.init({ player_list: playerList, player_num: 4, config: {}, replay: '' })
  let steps = 0
  while (!logic.finished && steps++ < 20000) {
    const seat = logic.waitingFor
    const r = rng.next()
    if (seat === null) throw new Error('driven game stalled')
    if (r < 0.01) {
      logic.onAiMessage(seat, 'not json')
    } else if (r < 0.02) {
      logic.onAiMessage(seat, JSON.stringify({ type: 'action', action: ['move', [1, 'x', 0]] }))
    } else if (r < 0.03) {
      logic.onAiMessage((seat + 1 + rng.int(3)) % 4, JSON.stringify({ type: 'finish' }))
    } else if (r < 0.035) {
      logic.onAiMessage(seat, JSON.stringify({ type: 'finish', state: logic.engine.round - 1 }))
    } else if (r < 0.0365) {
      logic.onAiError(seat, rng.int(3) as 0 | 1 | 2, 'driven error')
    } else {
      const legal = logic.engine.legalActions(seat)
      const pick = rng.int(legal.length + 2)
      if (pick >= legal.length) logic.onAiMessage(seat, JSON.stringify({ type: 'finish', state: logic.engine.round }))
      else logic.onAiMessage(seat, JSON.stringify({ type: 'action', action: actionToTuple(legal[pick]!) }))
    }
  }
  assert.ok(logic.finished, 'driven game finished')
  return logic.digest({ replay: logic.replay(), ranking: logic.ranking() })
}

/** Digests computed on main before the speed work (commit 2c592e2). */
const GOLDEN = {
  random: '08b7fb50efeb9e2f0a428676',
  strategist: '24b796ee202e23797ae9d987',
  mixed: 'd70241fba39b7f950bb8bb89',
  driven: '34c78f5ef568ecc60406502e',
}

describe('golden games (bit-for-bit the same games for the same seeds)', () => {
  test('judger + random×4, 12 seeded games', async () => {
    assert.equal(await judged(['random', 'random', 'random', 'random'], 12), GOLDEN.random)
  })
  test('judger + strategist×4, 6 seeded games', async () => {
    assert.equal(await judged(['strategist', 'strategist', 'strategist', 'strategist'], 6), GOLDEN.strategist)
  })
  test('judger + random, strategist, random, strategist, 8 seeded games', async () => {
    assert.equal(await judged(['random', 'strategist', 'random', 'strategist'], 8), GOLDEN.mixed)
  })
  test('the logic alone: seat types 0/1/2, junk, stale and off-turn messages, AI errors', () => {
    const lists = [
      [1, 1, 1, 1],
      [2, 1, 2, 1],
      [1, 0, 1, 2],
      [2, 2, 2, 2],
    ]
    const all = createHash('sha256')
    for (let seed = 1; seed <= 24; seed++) all.update(driven(seed, lists[seed % lists.length]!))
    assert.equal(all.digest('hex').slice(0, 24), GOLDEN.driven)
  })
})

import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { runGame, type GameResult } from '../../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../../src/lostspace/judger/seats.js'
import { LostSpaceLogic } from '../../src/lostspace/logic.js'
import { actionToTuple } from '../../src/lostspace/messages.js'
import {
  createBuiltinPlayer,
  createExpertPlayer,
  isBuiltinPlayer,
  parseBuiltinSpec,
  type ExpertPlayer,
} from '../../src/lostspace/bots/index.js'
import { SIMS_PER_MS } from '../../src/lostspace/bots/expert/index.js'
import type { Player, PlayerApi } from '../../src/lostspace/sdk/client.js'
import type { Action } from '../../src/lostspace/sdk/messages.js'
import { createLogger } from '../../src/core/logger.js'
import { cliCommand, ROOT } from '../fixtures/lostspace-ais/helpers.js'
import { importArgs, probeModules } from '../support/module-probe.js'
import { pathToFileURL } from 'node:url'

const quiet = createLogger('test', { level: 'silent' })
const PY_SAMPLE = join(ROOT, '..', 'shared', 'peers', 'lostspace-python-sample', 'lostspace_sdk.py')
/** Small budget: the tests check behaviour, not strength. */
const BUDGET_MS = 4

interface Sent {
  seat: number
  round: number
  action: Action
  legal: boolean
}

/**
 * Wraps a player so every action it sends is checked, at the moment it is sent,
 * against the logic's own list of legal actions for that seat.
 */
function audited(player: Player, seat: number, logic: () => LostSpaceLogic, log: Sent[]): Player {
  return {
    name: player.name,
    onMessage: player.onMessage?.bind(player),
    onRoundBegin(state, api) {
      const checked: PlayerApi = Object.create(api, {
        act: {
          value: (a: Action) => {
            const engine = logic().engine
            const legal = engine.legalActions(seat).some((l) => JSON.stringify(actionToTuple(l)) === JSON.stringify(a))
            log.push({ seat, round: engine.round, action: a, legal })
            return api.act(a)
          },
        },
      })
      return player.onRoundBegin(state, checked)
    },
  }
}

async function playAudited(names: string[], seed: number): Promise<{ result: GameResult; sent: Sent[]; experts: ExpertPlayer[] }> {
  const logic = new LostSpaceLogic({ seed })
  const sent: Sent[] = []
  const experts: ExpertPlayer[] = []
  const seats: SeatSpec[] = names.map((n, i) => {
    const p = n === 'expert' ? createExpertPlayer({ seed: seed * 4 + i, budgetMs: BUDGET_MS }) : createBuiltinPlayer(n, { seed: seed * 4 + i })
    if (n === 'expert') experts.push(p as ExpertPlayer)
    return { kind: 'player', player: n === 'expert' ? audited(p, i, () => logic, sent) : p, name: n }
  })
  const result = await runGame({ seats, logic, logger: quiet })
  return { result, sent, experts }
}

describe('builtin:expert', () => {
  test('never sends an action the logic would reject as illegal (many seeds, mixed opponents)', { timeout: 240_000 }, async () => {
    const lineups = [
      ['expert', 'random', 'strategist', 'expert'],
      ['strategist', 'expert', 'random', 'random'],
      ['expert', 'expert', 'expert', 'expert'],
    ]
    let total = 0
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(...lineups), async (seed, lineup) => {
        const { result, sent } = await playAudited(lineup, seed)
        const bad = sent.filter((s) => !s.legal)
        assert.deepEqual(bad, [], `seed ${seed}: illegal actions ${JSON.stringify(bad.slice(0, 3))}`)
        assert.deepEqual(result.errors, [])
        assert.ok(sent.length > 20, `seed ${seed}: the expert hardly acted (${sent.length} actions)`)
        total += sent.length
      }),
      { numRuns: 10, seed: 19 },
    )
    assert.ok(total > 500, `only ${total} actions checked`)
  })

  test('honours its budget: simulations per decision never exceed the budget, the safety cap stays unused and within half the turn limit', { timeout: 120_000 }, async () => {
    const { experts } = await playAudited(['expert', 'strategist', 'expert', 'random'], 7)
    for (const p of experts) {
      assert.ok(p.decisions.length > 20)
      assert.equal(p.simsPerDecision, Math.round(BUDGET_MS * SIMS_PER_MS))
      for (const d of p.decisions) {
        assert.ok(d.sims <= p.simsPerDecision, `round ${d.round}: ${d.sims} > ${p.simsPerDecision}`)
        assert.equal(d.capped, false, `round ${d.round}: the wall-clock cap cut the search`)
      }
      // whenever there was a choice, the whole budget was spent on it
      const choices = p.decisions.filter((d) => d.candidates > 1)
      assert.ok(choices.some((d) => d.sims === p.simsPerDecision))
    }
    const big = createExpertPlayer({ budgetMs: 200, turnLimitMs: 3000 })
    const small = createExpertPlayer({ budgetMs: 10, turnLimitMs: 3000 })
    assert.equal(big.simsPerDecision / small.simsPerDecision, 20)
    assert.ok(big.capMs <= 1500 && small.capMs <= 1500)
    assert.equal(createExpertPlayer({ budgetMs: 5000, turnLimitMs: 1000 }).capMs, 500, 'never more than half the turn limit')
  })

  test('is deterministic for a seed and budget (identical replays)', { timeout: 120_000 }, async () => {
    const a = await playAudited(['expert', 'strategist', 'expert', 'strategist'], 11)
    const b = await playAudited(['expert', 'strategist', 'expert', 'strategist'], 11)
    for (const p of [...a.experts, ...b.experts]) assert.ok(p.decisions.every((d) => !d.capped))
    assert.deepEqual(b.result.replay, a.result.replay)
    assert.deepEqual(b.sent.map((s) => s.action), a.sent.map((s) => s.action))
  })

  test('seat specs: builtin:expert and expert?budget=<ms>, clear errors for bad options', () => {
    assert.equal(isBuiltinPlayer('expert'), true)
    assert.deepEqual(parseBuiltinSpec('expert?budget=250'), { name: 'expert', budgetMs: 250 })
    assert.equal((createBuiltinPlayer('expert?budget=25') as ExpertPlayer).simsPerDecision, 25 * SIMS_PER_MS)
    assert.throws(() => parseBuiltinSpec('expert?budget=fast'), /expert budget must be a number of ms/)
    assert.throws(() => parseBuiltinSpec('expert?depth=3'), /has no option 'depth' \(expert takes budget=<ms>\)/)
    assert.throws(() => parseBuiltinSpec('strategist?budget=3'), /built-in player 'strategist' has no option 'budget'/)
  })

  test('runs as a subprocess AI (`mindbridge lostspace ai expert`) under our judger against the official Python sample', { timeout: 240_000 }, async (t) => {
    if (!existsSync(PY_SAMPLE)) {
      t.skip(`the Python sample AI is not at ${PY_SAMPLE} (../shared absent)`)
      return
    }
    const py = `python3 '${PY_SAMPLE}'`
    const result = await runGame({
      seats: [
        { kind: 'command', command: cliCommand(`lostspace ai 'expert?budget=${BUDGET_MS}' --seed 3`), name: 'expert' },
        { kind: 'command', command: py, name: 'python' },
        { kind: 'command', command: cliCommand('lostspace ai expert --seed 5'), name: 'expert-default' },
        { kind: 'command', command: py, name: 'python' },
      ],
      logic: new LostSpaceLogic({ seed: 3 }),
      logger: quiet,
    })
    assert.deepEqual(result.errors.filter((e) => e.player === 0 || e.player === 2), [])
    assert.equal(result.rounds, 100)
    // both experts finish ahead of both sample AIs (the sample never escapes)
    const pts = (i: number) => result.ranking.find((e) => e.player === i)!.points
    assert.ok(pts(0) >= 3 && pts(2) >= 3, JSON.stringify(result.ranking))
  })
})

describe('builtin:expert sees only what its seat sees', () => {
  /** The same game with the expert in seat `at`: in this process (a direct seat), or as a subprocess AI. */
  async function game(at: number, how: 'in-process' | 'subprocess', seed: number): Promise<GameResult> {
    const others = ['strategist', 'random', 'strategist']
    const seats: SeatSpec[] = []
    let k = 0
    for (let i = 0; i < 4; i++) {
      if (i === at) {
        seats.push(
          how === 'in-process'
            ? { kind: 'player', player: createExpertPlayer({ seed: 77, budgetMs: BUDGET_MS }), name: 'expert' }
            : { kind: 'command', command: cliCommand(`lostspace ai 'expert?budget=${BUDGET_MS}' --seed 77`), name: 'expert' },
        )
      } else seats.push({ kind: 'player', player: createBuiltinPlayer(others[k++]!, { seed: seed * 4 + i }), name: others[k - 1] })
    }
    return runGame({ seats, logic: new LostSpaceLogic({ seed }), logger: quiet })
  }

  // A subprocess AI can only know what the judger writes to its pipe. The in-process expert gets the
  // logic's message objects and runs beside the engine: had it read anything else (the engine, the logic,
  // another seat's messages), its decisions would differ from the subprocess's somewhere in a whole game.
  test('the in-process expert plays exactly the game the same expert plays as a subprocess AI, in seats 0 and 2', { timeout: 300_000 }, async () => {
    for (const at of [0, 2]) {
      const inProcess = await game(at, 'in-process', 5 + at)
      const subprocess = await game(at, 'subprocess', 5 + at)
      assert.deepEqual(subprocess.errors, [], JSON.stringify(subprocess.errors))
      assert.ok(inProcess.messages > 200, `seat ${at}: a short game (${inProcess.messages} messages)`)
      assert.deepEqual(subprocess.replay, inProcess.replay, `seat ${at}: the games differ`)
      assert.deepEqual(subprocess.ranking, inProcess.ranking)
    }
  })

  // The control: a player that peeks at the engine (another seat's position) plays differently, and the comparison above sees it.
  test('control: a player that reads the engine makes the comparison fail', { timeout: 120_000 }, async () => {
    const play = async (peek: boolean): Promise<GameResult> => {
      const logic = new LostSpaceLogic({ seed: 3 })
      const expert = createExpertPlayer({ seed: 77, budgetMs: BUDGET_MS })
      const cheat: Player = {
        name: 'cheat',
        onMessage: expert.onMessage?.bind(expert),
        async onRoundBegin(state, api) {
          // hidden: where seat 1 really is, whether or not this seat sees it
          if (peek && logic.engine.players[1]!.pos[0]! % 2 === 0) {
            await api.detect(state.pos!)
            return
          }
          return expert.onRoundBegin(state, api)
        },
      }
      const seats: SeatSpec[] = [
        { kind: 'player', player: cheat },
        ...[1, 2, 3].map((i): SeatSpec => ({ kind: 'player', player: createBuiltinPlayer(i === 2 ? 'random' : 'strategist', { seed: 12 + i }) })),
      ]
      return runGame({ seats, logic, logger: quiet })
    }
    const honest = await play(false)
    const peeking = await play(true)
    assert.notDeepEqual(peeking.replay, honest.replay)
  })

  // What the expert's code can reach at all: importing it loads no engine, logic or judger module (a subprocess
  // AI's CLI loads them for its other commands, but no game runs in that process).
  test('the expert\'s modules import no engine, logic or judger code', { timeout: 60_000 }, async () => {
    const entry = pathToFileURL(join(ROOT, 'src/lostspace/bots/expert/index.ts')).href
    const r = await probeModules(['--import', 'tsx', ...importArgs(entry)])
    assert.equal(r.code, 0, r.stderr)
    const own = r.modules.filter((m) => m.includes('/src/lostspace/'))
    assert.ok(own.some((m) => m.endsWith('/bots/expert/search.ts')), `the expert was not loaded: ${own.join(' ')}`)
    assert.ok(own.some((m) => m.endsWith('/sdk/client.ts') || m.endsWith('/sdk/state.ts') || m.endsWith('/map.ts')), own.join(' '))
    const hidden = own.filter((m) => /\/src\/lostspace\/(engine|logic|logic-runner|judger\/judger|judger\/seats|judger\/process|replay)\.ts$/.test(m))
    assert.deepEqual(hidden, [])
  })
})

describe('builtin:expert against the official Python sample in every seat', () => {
  for (const at of [0, 1, 2, 3]) {
    test(`seat ${at}: the expert subprocess beats three Python sample AIs`, { timeout: 300_000 }, async (t) => {
      if (!existsSync(PY_SAMPLE)) {
        t.skip(`the Python sample AI is not at ${PY_SAMPLE} (../shared absent)`)
        return
      }
      const seats: SeatSpec[] = [0, 1, 2, 3].map((i) =>
        i === at
          ? { kind: 'command', command: cliCommand(`lostspace ai expert --seed ${10 + at}`), name: 'expert' }
          : { kind: 'command', command: `python3 '${PY_SAMPLE}'`, name: 'python' },
      )
      const result = await runGame({ seats, logic: new LostSpaceLogic({ seed: 20 + at }), logger: quiet })
      assert.deepEqual(result.errors.filter((e) => e.player === at), [], JSON.stringify(result.errors))
      const first = [...result.ranking].sort((a, b) => b.points - a.points)[0]!
      assert.equal(first.player, at, `seat ${at}: ${JSON.stringify(result.ranking)}`)
    })
  }
})

/**
 * LostSpace judger benchmarks (issue 16: speed).
 *
 * 1. Whole games per second, in-process, one core: random×4 and strategist×4
 *    through the judger. Two baselines measured in the same run:
 *    - "every seat just finishes": the logic alone, driven by a bare loop in which
 *      every listened seat answers `finish` at once (payload strings, as a program
 *      seat gets them);
 *    - a fixed reference that no engine, logic or judger change touches: JSON
 *      encoding and decoding of every message of one recorded random×4 game (what
 *      each game cost in JSON alone before in-process seats took objects).
 *    Each row warms up for 0.5 s, then plays for 2 s; games/s by the wall clock and
 *    per second of this process's CPU time (they differ when the machine is shared).
 * 2. Per-message round trip with subprocess AIs: 4 passive Python AIs, a whole game
 *    through the judger (rounds 2-100 timed, so interpreter start-up is not counted; two
 *    untimed games first, so the judger's code is compiled), against a bare pipe echo (one
 *    Python subprocess that sends every payload straight back). Echo samples and games
 *    alternate, so both see the same machine; medians.
 */
import { fileURLToPath } from 'node:url'
import { runGame } from '../src/lostspace/judger/judger.js'
import { AiProcess } from '../src/lostspace/judger/process.js'
import { encodeAiPayload } from '../src/lostspace/judger/framing.js'
import { LostSpaceLogic, type JudgerFrame } from '../src/lostspace/logic.js'
import { createBuiltinPlayer } from '../src/lostspace/bots/index.js'
import { createLogger } from '../src/core/logger.js'
import { fmt, median } from './util.js'

const quiet = createLogger('bench', { level: 'silent' })
const BAD_AI = fileURLToPath(new URL('../test/fixtures/lostspace-ais/bad_ai.py', import.meta.url))

/** The logic alone: every listened seat answers `finish` at once. */
function bareLogicGame(seed: number): number {
  const logic = new LostSpaceLogic({ seed })
  logic.init({ player_list: [1, 1, 1, 1], player_num: 4, config: {}, replay: '' })
  let messages = 0
  while (!logic.finished) {
    const p = logic.waitingFor
    if (p === null) throw new Error('bare logic stalled')
    logic.onAiMessage(p, '{"type":"finish"}')
    messages++
  }
  return messages
}

function judged(name: string, seed: number): Promise<unknown> {
  return runGame({
    seats: [0, 1, 2, 3].map((i) => ({ kind: 'player' as const, player: createBuiltinPlayer(name, { seed: seed * 4 + i + 1 }) })),
    logic: new LostSpaceLogic({ seed }),
    logger: quiet,
  })
}

/** Every message (object) the logic hands to the seats in one random×4 game. */
async function recordMessages(seed: number): Promise<object[]> {
  const out: object[] = []
  class Recording extends LostSpaceLogic {
    override init(msg: Parameters<LostSpaceLogic['init']>[0]): JudgerFrame[] {
      return this.keep(super.init(msg))
    }
    override onAiMessage(player: number, content: string | object): JudgerFrame[] {
      return this.keep(super.onAiMessage(player, content))
    }
    private keep(frames: JudgerFrame[]): JudgerFrame[] {
      for (const f of frames) if ('content' in f) for (const c of f.content) out.push(typeof c === 'string' ? JSON.parse(c.slice(4)) : structuredClone(c))
      return frames
    }
  }
  const seats = [0, 1, 2, 3].map((i) => ({ kind: 'player' as const, player: createBuiltinPlayer('random', { seed: seed * 4 + i + 1 }) }))
  await runGame({ seats, logic: new Recording({ seed }), logger: quiet })
  return out
}

interface Rate {
  wall: number
  cpu: number
  games: number
}

async function gamesPerSecond(label: string, play: (seed: number) => Promise<unknown> | unknown, ms = 2000): Promise<Rate> {
  const warmEnd = performance.now() + 500
  for (let g = 1_000_000; performance.now() < warmEnd; g++) await play(g)
  let games = 0
  const cpu0 = process.cpuUsage()
  const start = performance.now()
  while (performance.now() - start < ms) await play(games++)
  const wallSec = (performance.now() - start) / 1000
  const cpu = process.cpuUsage(cpu0)
  const rate = { wall: games / wallSec, cpu: games / ((cpu.user + cpu.system) / 1e6), games }
  console.log(`${label.padEnd(40)} ${fmt(rate.wall, 1).padStart(8)} games/s  ${fmt(rate.cpu, 1).padStart(8)} per CPU-second  (${games} games)`)
  return rate
}

async function inProcess(): Promise<void> {
  const recorded = await recordMessages(0)
  const reference = await gamesPerSecond(`fixed reference: JSON of ${recorded.length} messages`, () => {
    for (const m of recorded) JSON.parse(JSON.stringify(m))
  })
  const floor = await gamesPerSecond('bare logic, every seat just finishes', (seed) => bareLogicGame(seed))
  const random = await gamesPerSecond('judger + random×4 (in-process)', (s) => judged('random', s))
  const strategist = await gamesPerSecond('judger + strategist×4 (in-process)', (s) => judged('strategist', s))
  for (const k of ['wall', 'cpu'] as const) {
    console.log(
      `ratios (${k === 'wall' ? 'wall clock' : 'CPU time'}): random/finish-only ${fmt(random[k] / floor[k], 3)}, ` +
        `random/reference ${fmt(random[k] / reference[k], 3)}, strategist/finish-only ${fmt(strategist[k] / floor[k], 3)}`,
    )
  }
}

const ECHO = [
  'import sys,struct',
  'r=sys.stdin.buffer; w=sys.stdout.buffer',
  'while True:',
  '  h=r.read(4)',
  '  if len(h)<4: break',
  '  b=r.read(int(h))',
  '  w.write(struct.pack(">I",len(b))+b); w.flush()',
].join('\n')

/** Round trips of one payload through a Python echo subprocess (same framing as the judger), in µs. */
async function echoRoundTrips(samples: number): Promise<number[]> {
  let resolveNext: (() => void) | null = null
  const proc = new AiProcess({
    command: `python3 -c '${ECHO.replace(/'/g, `'\\''`)}'`,
    onMessage: () => resolveNext?.(),
    onFailure: () => {},
  })
  const payload = encodeAiPayload({ type: 'roundbegin', state: 12, inturn: 2 })
  const times: number[] = []
  for (let i = 0; i < samples + 20; i++) {
    const t0 = performance.now()
    await new Promise<void>((r) => {
      resolveNext = r
      proc.send(payload)
    })
    if (i >= 20) times.push((performance.now() - t0) * 1000)
  }
  proc.kill()
  await proc.exitPromise
  return times
}

/** µs per AI message of one judged game of 4 passive Python AIs, rounds 2-100. */
async function judgedPerMessage(seed: number, holdMs?: number): Promise<number> {
  let t0 = 0
  const r = await runGame({
    seats: [0, 1, 2, 3].map(() => ({ kind: 'command' as const, command: `python3 '${BAD_AI}' passive` })),
    logic: new LostSpaceLogic({ seed }),
    logger: quiet,
    holdMs,
    onRound: (n) => {
      if (n === 2) t0 = performance.now()
    },
  })
  return ((performance.now() - t0) * 1000) / ((r.messages * 99) / 100)
}

async function subprocessRoundTrip(): Promise<void> {
  const echo: number[] = []
  const held: number[] = []
  const unheld: number[] = []
  // Warm-up (untimed): the judger's code is compiled by the time the timed games run, as in a long match series.
  await judgedPerMessage(100)
  await judgedPerMessage(101, 0)
  for (let g = 0; g < 3; g++) {
    echo.push(...(await echoRoundTrips(150)))
    held.push(await judgedPerMessage(g, 20))
    echo.push(...(await echoRoundTrips(150)))
    unheld.push(await judgedPerMessage(g, 0))
  }
  const e = median(echo)
  const j = median(held)
  const u = median(unheld)
  console.log(`bare pipe echo (python3, floor)                  ${fmt(e, 0).padStart(6)} µs per round trip`)
  console.log(`judger, 4 passive python3 AIs (default, holdMs 0) ${fmt(u, 0).padStart(6)} µs per AI message (rounds 2-100)`)
  console.log(`judger, same, held up to 20 ms (opt-in holdMs 20) ${fmt(j, 0).padStart(6)} µs per AI message`)
  console.log(`ratio judger/echo ${fmt(u / e, 2)} (holdMs 20: ${fmt(j / e, 2)})`)
}

export async function run(): Promise<void> {
  await inProcess()
  await subprocessRoundTrip()
}

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
 * 2. Per-message round trip with subprocess AIs: a whole game through the judger (rounds 2-100
 *    timed, so interpreter start-up is not counted; two untimed games first, so the judger's code
 *    is compiled), with 4 lean Python AIs (bench/fixtures/lean_ai.py: no JSON parsing, as little
 *    work as the echo) and with 4 passive Python AIs that parse every message. Two baselines in
 *    the same run:
 *    - a bare pipe echo: one Python subprocess that sends every payload straight back;
 *    - a bare relay: the bytes the judger writes to each seat in the same game (recorded from the
 *      logic beforehand), written by a plain loop to 4 lean AIs, turn seat first, waiting for each
 *      answer: no logic, no judger, the same pipes and process wake-ups.
 *    Echo samples, relays and games alternate, so all see the same machine; medians.
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
const LEAN_AI = fileURLToPath(new URL('./fixtures/lean_ai.py', import.meta.url))
const PASSIVE = `python3 '${BAD_AI}' passive`
const LEAN = `python3 '${LEAN_AI}'`

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

/** µs per AI message of one judged game of 4 Python AIs, rounds 2-100. */
async function judgedPerMessage(command: string, seed: number, holdMs?: number): Promise<number> {
  let t0 = 0
  const r = await runGame({
    seats: [0, 1, 2, 3].map(() => ({ kind: 'command' as const, command })),
    logic: new LostSpaceLogic({ seed }),
    logger: quiet,
    holdMs,
    onRound: (n) => {
      if (n === 2) t0 = performance.now()
    },
  })
  return ((performance.now() - t0) * 1000) / ((r.messages * 99) / 100)
}

/** One step of a recorded game: what each seat is written (turn seat first), and whose answer comes next. */
interface RelayStep {
  listen: number | null
  writes: string[]
}

/** The bytes a judger writes to each seat, step by step, in a game where every seat just finishes. */
function recordRelay(seed: number): RelayStep[] {
  const logic = new LostSpaceLogic({ seed })
  const steps: RelayStep[] = []
  const take = (frames: JudgerFrame[]) => {
    const writes = ['', '', '', '']
    for (const f of frames) if ('content' in f) f.player.forEach((p, i) => (writes[p] += String(f.content[i])))
    steps.push({ listen: logic.finished ? null : logic.waitingFor, writes })
  }
  take(logic.init({ player_list: [1, 1, 1, 1], player_num: 4, config: {}, replay: '' }))
  while (!logic.finished) take(logic.onAiMessage(logic.waitingFor!, '{"type":"finish"}'))
  return steps
}

/** µs per AI message when a bare loop writes a recorded game's bytes to 4 lean AIs (rounds 2-100). */
async function relayPerMessage(steps: RelayStep[]): Promise<number> {
  let answered: (() => void) | null = null
  const seats = [0, 1, 2, 3].map(() => new AiProcess({ command: LEAN, onMessage: () => answered?.(), onFailure: () => {} }))
  let t0 = 0
  let timed = 0
  for (let i = 0; i < steps.length; i++) {
    const { listen, writes } = steps[i]!
    if (i === 4) t0 = performance.now()
    if (i > 4) timed++
    const order = listen === null ? [0, 1, 2, 3] : [listen, ...[0, 1, 2, 3].filter((p) => p !== listen)]
    if (listen === null) {
      for (const p of order) if (writes[p]) seats[p]!.send(writes[p]!)
      break
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`relay: seat ${listen} did not answer step ${i}`)), 5000)
      answered = () => {
        clearTimeout(timer)
        resolve()
      }
      for (const p of order) if (writes[p]) seats[p]!.send(writes[p]!)
    })
  }
  const perMessage = ((performance.now() - t0) * 1000) / timed
  for (const s of seats) s.kill()
  await Promise.all(seats.map((s) => s.exitPromise))
  return perMessage
}

async function subprocessRoundTrip(): Promise<void> {
  const rows = { echo: [] as number[], relay: [] as number[], lean: [] as number[], passive: [] as number[], held: [] as number[] }
  const relays = [0, 1, 2].map(recordRelay)
  // Warm-up (untimed): the judger's code is compiled by the time the timed games run, as in a long match series.
  await judgedPerMessage(LEAN, 100)
  await judgedPerMessage(PASSIVE, 101)
  await relayPerMessage(recordRelay(102))
  for (let g = 0; g < 3; g++) {
    rows.echo.push(...(await echoRoundTrips(150)))
    rows.relay.push(await relayPerMessage(relays[g]!))
    rows.lean.push(await judgedPerMessage(LEAN, g))
    rows.echo.push(...(await echoRoundTrips(150)))
    rows.passive.push(await judgedPerMessage(PASSIVE, g))
    rows.held.push(await judgedPerMessage(PASSIVE, g, 20))
  }
  const [e, r, l, p, h] = [rows.echo, rows.relay, rows.lean, rows.passive, rows.held].map(median) as [number, number, number, number, number]
  const line = (label: string, us: number, unit = 'per AI message') => console.log(`${label.padEnd(58)} ${fmt(us, 0).padStart(6)} µs ${unit}`)
  line('bare pipe echo, one python3 process (floor)', e, 'per round trip')
  line('bare relay of the same game to 4 lean python3 AIs (floor)', r)
  line('judger, 4 lean python3 AIs (default, holdMs 0)', l)
  line('judger, 4 passive python3 AIs that parse every message', p)
  line('judger, same passive AIs, held up to 20 ms (opt-in holdMs 20)', h)
  console.log(`ratios: judger (lean AIs) / echo ${fmt(l / e, 2)}, judger (lean AIs) / bare relay ${fmt(l / r, 2)}, bare relay / echo ${fmt(r / e, 2)}`)
  console.log(`        judger (passive AIs) / echo ${fmt(p / e, 2)} (holdMs 20: ${fmt(h / e, 2)})`)
}

export async function run(): Promise<void> {
  await inProcess()
  await subprocessRoundTrip()
}

/**
 * LostSpace judger benchmarks.
 * 1. Whole games per second in-process: random×4 and strategist×4 through the
 *    judger, against the bare logic driven by a loop that just finishes every
 *    turn (the floor: no judger, no players).
 * 2. Per-message round trip with subprocess AIs (4 passive Python AIs, a whole
 *    game through the judger) against a bare pipe echo (one Python subprocess
 *    that sends every payload straight back), measured in the same run.
 */
import { fileURLToPath } from 'node:url'
import { runGame } from '../src/lostspace/judger/judger.js'
import { AiProcess } from '../src/lostspace/judger/process.js'
import { encodeAiPayload } from '../src/lostspace/judger/framing.js'
import { LostSpaceLogic } from '../src/lostspace/logic.js'
import { createBuiltinPlayer } from '../src/lostspace/bots/index.js'
import { createLogger } from '../src/core/logger.js'
import { fmt, median } from './util.js'

const quiet = createLogger('bench', { level: 'silent' })
const BAD_AI = fileURLToPath(new URL('../test/fixtures/lostspace-ais/bad_ai.py', import.meta.url))

/** The logic alone: every listened seat answers `finish` at once. */
function bareLogicGame(seed: number): number {
  const logic = new LostSpaceLogic({ seed })
  let frames = logic.init({ player_list: [1, 1, 1, 1], player_num: 4, config: {}, replay: '' })
  let messages = 0
  while (!logic.finished) {
    const last = [...frames].reverse().find((f) => 'listen' in f)
    const p = last && 'listen' in last ? last.listen[0] : undefined
    if (p === undefined) throw new Error('bare logic stalled')
    frames = logic.onAiMessage(p, '{"type":"finish"}')
    messages++
  }
  return messages
}

async function gamesPerSecond(label: string, play: (seed: number) => Promise<unknown> | unknown, ms = 2000): Promise<number> {
  let games = 0
  await play(999) // warm-up
  const start = performance.now()
  while (performance.now() - start < ms) await play(games++)
  const perSec = games / ((performance.now() - start) / 1000)
  console.log(`${label.padEnd(34)} ${fmt(perSec, 1).padStart(8)} games/s  (${games} games)`)
  return perSec
}

async function inProcess(): Promise<void> {
  const floor = await gamesPerSecond('bare logic, finish-only (floor)', (seed) => bareLogicGame(seed))
  const judged = async (name: string, seed: number) =>
    runGame({
      seats: [0, 1, 2, 3].map((i) => ({ kind: 'player' as const, player: createBuiltinPlayer(name, { seed: seed * 4 + i + 1 }) })),
      logic: new LostSpaceLogic({ seed }),
      logger: quiet,
    })
  const random = await gamesPerSecond('judger + random×4 (in-process)', (s) => judged('random', s))
  const strategist = await gamesPerSecond('judger + strategist×4 (in-process)', (s) => judged('strategist', s))
  console.log(`ratio random/floor ${fmt(random / floor, 3)}, strategist/floor ${fmt(strategist / floor, 3)}`)
}

/** Median round trip of one payload through a Python echo subprocess (same framing as the judger). */
async function echoRoundTrip(samples: number): Promise<number> {
  const script = [
    'import sys,struct',
    'r=sys.stdin.buffer; w=sys.stdout.buffer',
    'while True:',
    '  h=r.read(4)',
    '  if len(h)<4: break',
    '  b=r.read(int(h))',
    '  w.write(struct.pack(">I",len(b))+b); w.flush()',
  ].join('\n')
  let resolveNext: (() => void) | null = null
  const proc = new AiProcess({
    command: `python3 -c '${script.replace(/'/g, `'\\''`)}'`,
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
    if (i >= 20) times.push(performance.now() - t0)
  }
  proc.kill()
  await proc.exitPromise
  return median(times)
}

async function subprocessRoundTrip(): Promise<void> {
  const echo = await echoRoundTrip(400)
  const perMessage: number[] = []
  for (let g = 0; g < 3; g++) {
    // Time rounds 2..100 only, so interpreter start-up is not counted.
    let t0 = 0
    const r = await runGame({
      seats: [0, 1, 2, 3].map(() => ({ kind: 'command' as const, command: `python3 '${BAD_AI}' passive` })),
      logic: new LostSpaceLogic({ seed: g }),
      logger: quiet,
      onRound: (n) => {
        if (n === 2) t0 = performance.now()
      },
    })
    perMessage.push((performance.now() - t0) / ((r.messages * 99) / 100))
  }
  const judger = median(perMessage)
  console.log(`bare pipe echo (python3, floor)      ${fmt(echo * 1000, 0).padStart(6)} µs per round trip`)
  console.log(`judger, 4 passive python3 AIs        ${fmt(judger * 1000, 0).padStart(6)} µs per AI message (rounds 2-100)`)
  console.log(`ratio judger/echo ${fmt(judger / echo, 2)}`)
}

export async function run(): Promise<void> {
  await inProcess()
  await subprocessRoundTrip()
}

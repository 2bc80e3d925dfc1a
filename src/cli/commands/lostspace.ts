/**
 * `mindbridge lostspace …`: run LostSpace games.
 *   match --ai <spec> ×4   a whole game with our logic and judger (spec: shell command or builtin:<name>)
 *   logic                  our logic as a Saiblo logic program on stdin/stdout
 *   ai --bot <name>        a built-in player as a Saiblo AI program on stdin/stdout
 */
import type { Command } from 'commander'
import { accessSync, constants } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { resolveConfig, UserError, type Config } from '../config.js'
import { LostSpaceLogic } from '../../lostspace/logic.js'
import { runGame, type GameResult } from '../../lostspace/judger/judger.js'
import { killAllAiProcesses } from '../../lostspace/judger/process.js'
import type { SeatSpec } from '../../lostspace/judger/seats.js'
import { runLogicProgram } from '../../lostspace/logic-runner.js'
import { runPlayerOnStdio } from '../../lostspace/sdk/client.js'
import { BUILTIN_PLAYERS, createBuiltinPlayer, isBuiltinPlayer } from '../../lostspace/bots/index.js'

const collect = (value: string, previous: string[] = []) => [...previous, value]

function intOption(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min) throw new UserError(`${name} must be an integer ≥ ${min}, got '${raw}'`)
  return n
}

function numOption(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0) throw new UserError(`${name} must be a positive number, got '${raw}'`)
  return n
}

interface LimitFlags {
  timeLimit?: string
  maxLength?: string
}

function limits(cmd: Command, flags: LimitFlags): Config {
  const timeLimitSec = numOption('--time-limit', flags.timeLimit)
  const maxLength = intOption('--max-length', flags.maxLength, 1)
  return resolveConfig(
    cmd,
    { lostspace: { ...(timeLimitSec !== undefined ? { timeLimitSec } : {}), ...(maxLength !== undefined ? { maxLength } : {}) } },
    { 'lostspace.timeLimitSec': '--time-limit', 'lostspace.maxLength': '--max-length' },
  )
}

async function builtin(name: string, seed: number, config: Config) {
  if (!isBuiltinPlayer(name)) {
    throw new UserError(`unknown built-in player '${name}' (choose one of ${BUILTIN_PLAYERS.join(', ')})`)
  }
  // The model client (openai) is loaded only for the llm player.
  const llm = name === 'llm' ? (await import('../../core/llm/client.js')).createLlmClient(config.llm) : undefined
  // Leave the model some slack inside the judger's per-turn limit.
  const turnBudgetMs = Math.max(500, config.lostspace.timeLimitSec * 1000 - 400)
  return createBuiltinPlayer(name, { seed, llm, turnBudgetMs })
}

export async function parseSeat(spec: string, seat: number, seed: number, config: Config): Promise<SeatSpec> {
  const s = spec.trim()
  if (s === '') throw new UserError(`--ai #${seat + 1} is empty`)
  if (s.startsWith('builtin:')) {
    const name = s.slice('builtin:'.length)
    return { kind: 'player', player: await builtin(name, seed * 4 + seat + 1, config), name: s }
  }
  return { kind: 'command', command: s }
}

export function formatRanking(result: GameResult): string {
  const lines = [...result.ranking]
    .sort((a, b) => b.points - a.points)
    .map((r, i) => {
      const name = result.seatNames[r.player] ?? `seat ${r.player}`
      return `#${i + 1}  seat ${r.player}  ${r.points} pts  ${name}  (${r.reason})`
    })
  return lines.join('\n')
}

/** Fails early (before any AI starts) when the replay cannot be written where asked. */
function checkWritable(file: string): void {
  const dir = dirname(resolve(file))
  try {
    accessSync(dir, constants.W_OK)
  } catch {
    throw new UserError(`--replay: directory ${dir} does not exist or is not writable`)
  }
}

interface MatchFlags extends LimitFlags {
  ai?: string[]
  seed?: string
  replay?: string
  quiet?: boolean
  json?: boolean
}

async function match(flags: MatchFlags, cmd: Command): Promise<void> {
  const specs = flags.ai ?? []
  if (specs.length !== 4) throw new UserError(`a LostSpace match needs exactly 4 --ai options, got ${specs.length}`)
  const seed = intOption('--seed', flags.seed, 0) ?? Math.floor(Math.random() * 2 ** 31)
  const config = limits(cmd, flags)
  if (flags.replay) checkWritable(flags.replay)
  const seats = await Promise.all(specs.map((s, i) => parseSeat(s, i, seed, config)))
  const logic = new LostSpaceLogic({ seed, timeLimitSec: config.lostspace.timeLimitSec, maxLength: config.lostspace.maxLength })
  const quiet = !!flags.quiet
  // Ctrl-C: AI subprocesses live in their own process groups, so stop them explicitly.
  const onSignal = (sig: NodeJS.Signals) => {
    killAllAiProcesses()
    process.exit(sig === 'SIGINT' ? 130 : 143)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  if (!quiet) process.stderr.write(`lostspace: seed ${seed}, time limit ${config.lostspace.timeLimitSec} s, max length ${config.lostspace.maxLength} B\n`)
  const result = await runGame({
    seats,
    logic,
    replayPath: flags.replay,
    timeLimitSec: config.lostspace.timeLimitSec,
    maxLength: config.lostspace.maxLength,
    onRound: quiet ? undefined : (r) => process.stderr.write(`round ${r}/100\n`),
  })
  if (!quiet) {
    for (const e of result.errors) {
      const kind = ['runError', 'timeOutError', 'outputLimitError'][e.error]
      process.stderr.write(`seat ${e.player} (${result.seatNames[e.player]}): ${kind}: ${e.log.split('\n')[0]}\n`)
    }
    if (flags.replay && !result.replayError) process.stderr.write(`replay written to ${flags.replay}\n`)
  }
  if (result.replayError) process.stderr.write(`mindbridge: ${result.replayError}\n`)
  if (flags.json) {
    process.stdout.write(
      JSON.stringify({ seed, ranking: result.ranking, endInfo: result.endInfo, errors: result.errors, rounds: result.rounds, seats: result.seatNames }) + '\n',
    )
  } else {
    process.stdout.write(formatRanking(result) + '\n')
  }
}

export function register(program: Command): void {
  const ls = program.command('lostspace').description('LostSpace (失落深空): judger, Saiblo logic program, built-in players')

  ls.command('match')
    .description('play one game with our logic and judger; <spec> is a shell command speaking Saiblo AI framing, or builtin:<random|strategist|llm>')
    .option('--ai <spec>', 'one seat (give exactly 4, in seat order)', collect)
    .option('--seed <n>', 'game seed (default: random)')
    .option('--replay <file>', 'write the replay (JSON) here')
    .option('--time-limit <sec>', 'per-turn time limit in seconds (default 3)')
    .option('--max-length <bytes>', 'largest AI message in bytes (default 1024)')
    .option('--quiet', 'no progress on stderr')
    .option('--json', 'print the result as JSON on stdout')
    .action(async (flags: MatchFlags, cmd: Command) => {
      await match(flags, cmd)
    })

  ls.command('logic')
    .description('run our logic as a Saiblo logic program on stdin/stdout (4-byte length frames)')
    .option('--seed <n>', 'game seed (default 1)')
    .option('--time-limit <sec>', 'per-turn time limit announced to the judger (default 3)')
    .option('--max-length <bytes>', 'largest AI message announced to the judger (default 1024)')
    .action(async (flags: LimitFlags & { seed?: string }, cmd: Command) => {
      const config = limits(cmd, flags)
      const seed = intOption('--seed', flags.seed, 0) ?? 1
      const logic = new LostSpaceLogic({ seed, timeLimitSec: config.lostspace.timeLimitSec, maxLength: config.lostspace.maxLength })
      await runLogicProgram(logic)
      process.stdin.destroy()
    })

  ls.command('ai')
    .description('run a built-in player as a Saiblo AI program on stdin/stdout')
    .requiredOption('--bot <name>', `one of ${BUILTIN_PLAYERS.join(', ')}`)
    .option('--seed <n>', 'seed of the random player (default 1)')
    .option('--time-limit <sec>', 'the judger’s per-turn limit, to budget model calls (default 3)')
    .action(async (flags: LimitFlags & { bot: string; seed?: string }, cmd: Command) => {
      const config = limits(cmd, flags)
      const seed = intOption('--seed', flags.seed, 0) ?? 1
      await runPlayerOnStdio(await builtin(flags.bot, seed, config))
      process.stdin.destroy()
    })
}

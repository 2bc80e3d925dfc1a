/**
 * `mindbridge lostspace …`: run LostSpace games.
 *   match --ai <spec> ×4   a whole game with our logic and judger (spec: shell command or builtin:<name>)
 *   logic                  our logic as a Saiblo logic program on stdin/stdout
 *   ai <name>              a built-in player as a Saiblo AI program on stdin/stdout (also --bot <name>)
 *   web                    the web page: replay viewer, live spectating, human seats
 *   tournament --ai <spec> ×N   many games, balanced seatings, leaderboard (local threads or a BullMQ queue)
 *   worker --queue <url>   plays tournament games from a BullMQ queue
 */
import type { Command } from 'commander'
import { accessSync, constants, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { availableParallelism } from 'node:os'
import { CliExit, resolveConfig, UserError, type Config } from '../config.js'
import { LostSpaceLogic } from '../../lostspace/logic.js'
import { runGame, type GameResult } from '../../lostspace/judger/judger.js'
import { killAllAiProcesses } from '../../lostspace/judger/process.js'
import type { SeatSpec } from '../../lostspace/judger/seats.js'
import { runLogicProgram } from '../../lostspace/logic-runner.js'
import { runPlayerOnStdio } from '../../lostspace/sdk/client.js'
import { BUILTIN_PLAYERS, parseBuiltinSpec } from '../../lostspace/bots/index.js'
import { createSeatPlayer, parseSeatSpec, seatFromSpec, type SeatSetup } from '../../lostspace/seat-specs.js'

const collect = (value: string, previous: string[] = []) => [...previous, value]

/** The BullMQ queue of tournament games (coordinator and workers must agree). */
const DEFAULT_QUEUE_NAME = 'mindbridge-lostspace'

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

/** `timeLimitSec` and `llm` from the config, as seats need them. */
function seatSetup(config: Config): SeatSetup {
  return { timeLimitSec: config.lostspace.timeLimitSec, llm: config.llm }
}

async function builtin(name: string, seed: number, config: Config) {
  try {
    parseBuiltinSpec(name)
  } catch (err) {
    throw new UserError((err as Error).message)
  }
  return createSeatPlayer(name, seed, seatSetup(config))
}

export async function parseSeat(spec: string, seat: number, seed: number, config: Config): Promise<SeatSpec> {
  if (spec.trim() === '') throw new UserError(`--ai #${seat + 1} is empty`)
  try {
    parseSeatSpec(spec)
  } catch (err) {
    throw new UserError((err as Error).message)
  }
  return seatFromSpec(spec, seat, seed, seatSetup(config))
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
  let isDir = false
  try {
    isDir = statSync(file).isDirectory()
  } catch {
    /* absent: written new */
  }
  if (isDir) throw new UserError(`--replay: ${file} is a directory; give a file name, e.g. --replay ${join(file, 'replay.json')}`)
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
  web?: string | boolean
  humanTimeLimit?: string
  pace?: string
}

function printResult(result: GameResult, seed: number, flags: MatchFlags): void {
  if (!flags.quiet) {
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
  // the game itself is complete (its ranking is printed) but the replay asked for is missing: exit 1
  if (result.replayError) throw new CliExit(1)
}

/** `match --web`: the same match, run by the web server so pages can follow it (and play `human` seats). */
async function webMatch(flags: MatchFlags, specs: string[], seed: number, config: Config): Promise<void> {
  const { startWebServer, DEFAULT_PORT } = await import('../../lostspace/web/server.js')
  const port = flags.web === true || flags.web === undefined ? DEFAULT_PORT : intOption('--web', String(flags.web), 0)
  const humanTimeLimitSec = numOption('--human-time-limit', flags.humanTimeLimit) ?? 60
  const server = await startWebServer({
    port,
    timeLimitSec: config.lostspace.timeLimitSec,
    humanTimeLimitSec,
    maxLength: config.lostspace.maxLength,
    allowCommands: specs.filter((s) => s !== 'human' && !s.startsWith('builtin:')),
    makeBuiltin: (name, s) => builtin(name, s, config),
  })
  try {
    let started
    try {
      started = await server.startMatch(
        { seats: specs, seed, paceMs: intOption('--pace', flags.pace, 0) ?? 0 },
        { replayPath: flags.replay, onRound: flags.quiet ? undefined : (r) => process.stderr.write(`round ${r}/100\n`) },
      )
    } catch (err) {
      throw new UserError((err as Error).message)
    }
    const { live } = started
    process.stderr.write(`lostspace: follow the match at ${server.url}/?match=${live.id}\n`)
    for (const l of started.started.links) process.stderr.write(`lostspace: seat ${l.seat} (human) plays at ${l.url}\n`)
    await live.done
    const result = live.gameResult
    if (!result) throw new Error(`the match failed: ${live.info().failure ?? 'unknown error'}`)
    printResult(result, seed, flags)
  } finally {
    await server.close()
  }
}

async function match(flags: MatchFlags, cmd: Command): Promise<void> {
  const specs = flags.ai ?? []
  if (specs.length !== 4) throw new UserError(`a LostSpace match needs exactly 4 --ai options, got ${specs.length}`)
  const seed = intOption('--seed', flags.seed, 0) ?? Math.floor(Math.random() * 2 ** 31)
  const config = limits(cmd, flags)
  if (flags.replay) checkWritable(flags.replay)
  if (flags.web !== undefined && flags.web !== false) {
    if (!flags.quiet) process.stderr.write(`lostspace: seed ${seed}, time limit ${config.lostspace.timeLimitSec} s, max length ${config.lostspace.maxLength} B\n`)
    return webMatch(flags, specs.map((s) => s.trim()), seed, config)
  }
  const human = specs.findIndex((s) => s.trim() === 'human')
  if (human >= 0) throw new UserError(`--ai #${human + 1} is 'human': a human seat needs --web (the seat is played in the browser)`)
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
  printResult(result, seed, flags)
}


interface WebFlags extends LimitFlags {
  host?: string
  port?: string
  humanTimeLimit?: string
  allowCommand?: string[]
  replayDir?: string
}

async function web(flags: WebFlags, cmd: Command): Promise<void> {
  const config = limits(cmd, flags)
  const { startWebServer, DEFAULT_PORT } = await import('../../lostspace/web/server.js')
  const port = intOption('--port', flags.port, 0) ?? DEFAULT_PORT
  if (port > 65535) throw new UserError(`--port must be ≤ 65535, got ${port}`)
  const humanTimeLimitSec = numOption('--human-time-limit', flags.humanTimeLimit) ?? 60
  if (flags.replayDir) {
    try {
      accessSync(flags.replayDir, constants.R_OK)
    } catch {
      throw new UserError(`--replay-dir: ${flags.replayDir} does not exist or is not readable`)
    }
  }
  let server
  try {
    server = await startWebServer({
      host: flags.host ?? '127.0.0.1',
      port,
      timeLimitSec: config.lostspace.timeLimitSec,
      humanTimeLimitSec,
      maxLength: config.lostspace.maxLength,
      allowCommands: flags.allowCommand ?? [],
      replayDir: flags.replayDir,
      makeBuiltin: (name, seed) => builtin(name, seed, config),
    })
  } catch (err) {
    throw new UserError(`cannot listen on ${flags.host ?? '127.0.0.1'}:${port}: ${(err as Error).message}`)
  }
  process.stderr.write(`lostspace web: ${server.url}/\n`)
  if (server.requireTokens) {
    process.stderr.write(`lostspace web: listening beyond loopback: human seats need their seat links, and starting a match needs the control token ${server.controlToken}\n`)
  }
  await new Promise<void>((resolveStop) => {
    const stop = () => {
      killAllAiProcesses()
      void server.close().finally(() => resolveStop())
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}

interface TournamentFlags extends LimitFlags {
  ai?: string[]
  games?: string
  parallel?: string
  seed?: string
  out?: string
  replays?: boolean
  queue?: string
  queueName?: string
  quiet?: boolean
  json?: boolean
}

/** `--queue`: a redis:// or rediss:// URL (the BullMQ queue's Redis). */
function queueUrl(raw: string): string {
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    throw new UserError(`--queue must be a Redis URL such as redis://127.0.0.1:6379, got '${raw}'`)
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new UserError(`--queue must be a redis:// or rediss:// URL, got '${raw}'`)
  return raw
}

async function tournament(flags: TournamentFlags, cmd: Command): Promise<void> {
  const { runTournament, localExecutor, checkEntrants, TournamentError } = await import('../../lostspace/tournament/run.js')
  const { readManifest, StoreError } = await import('../../lostspace/tournament/store.js')
  const { formatLeaderboard } = await import('../../lostspace/tournament/leaderboard.js')
  const entrants = (flags.ai ?? []).map((s) => s.trim())
  try {
    checkEntrants(entrants)
  } catch (err) {
    if (err instanceof TournamentError) throw new UserError(err.message)
    throw err
  }
  const config = limits(cmd, flags)
  const parallel = intOption('--parallel', flags.parallel, 1) ?? availableParallelism()
  // Re-running with the same --out (and no --seed/--games) resumes the tournament there.
  const explicitSeed = intOption('--seed', flags.seed, 0)
  let previous
  if (flags.out) {
    try {
      previous = readManifest(flags.out)
    } catch (err) {
      throw new UserError((err as Error).message)
    }
  }
  const seed = explicitSeed ?? previous?.seed ?? Math.floor(Math.random() * 2 ** 31)
  const games = intOption('--games', flags.games, 1) ?? previous?.games
  if (games === undefined) throw new UserError('--games <n> is required: how many games to play')
  const outDir = flags.out ?? `lostspace-tournament-${seed}`
  const quiet = !!flags.quiet
  const executor = flags.queue
    ? (await import('../../lostspace/tournament/queue.js')).queueExecutor({ url: queueUrl(flags.queue), queueName: flags.queueName ?? DEFAULT_QUEUE_NAME })
    : localExecutor({ parallel, llm: config.llm })
  if (flags.queue && flags.parallel !== undefined) process.stderr.write('lostspace tournament: --parallel is ignored with --queue (each `lostspace worker` has its own --parallel)\n')
  if (!quiet) {
    const where = flags.queue ? `on the queue ${flags.queueName ?? DEFAULT_QUEUE_NAME} at ${flags.queue}` : `on ${parallel} thread${parallel === 1 ? '' : 's'}`
    process.stderr.write(`lostspace tournament: ${games} games of ${entrants.length} entrants, seed ${seed}, ${where}, results in ${outDir}\n`)
  }
  // Ctrl-C: stop starting games, keep the finished ones, write the summary of what is done; a second Ctrl-C exits at once.
  const abort = new AbortController()
  let signals = 0
  const onSignal = (sig: NodeJS.Signals) => {
    signals++
    if (signals === 1) {
      if (!quiet) process.stderr.write(`\nlostspace tournament: ${sig}: stopping; finished games are kept (run the same command again to resume)\n`)
      abort.abort()
      return
    }
    killAllAiProcesses()
    process.exit(sig === 'SIGINT' ? 130 : 143)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  let summary
  try {
    summary = await runTournament({
      entrants,
      games,
      seed,
      outDir,
      timeLimitSec: config.lostspace.timeLimitSec,
      maxLength: config.lostspace.maxLength,
      replays: !!flags.replays,
      executor,
      signal: abort.signal,
      progressStream: quiet ? null : process.stderr,
    })
  } catch (err) {
    if (err instanceof StoreError || err instanceof TournamentError) throw new UserError(err.message)
    throw err
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
  if (flags.json) {
    process.stdout.write(JSON.stringify({ ...summary, wallMs: Math.round(summary.wallMs) }) + '\n')
  } else {
    process.stdout.write(formatLeaderboard(summary.leaderboard) + '\n')
  }
  if (!quiet) {
    const balance = summary.games % summary.blockSize === 0 ? 'seats balanced' : `seats balanced at multiples of ${summary.blockSize} games`
    process.stderr.write(
      `lostspace tournament: ${summary.finished}/${summary.games} games finished (${summary.resumed} from earlier runs), ${balance}, ` +
        `wall time ${(summary.wallMs / 1000).toFixed(1)} s; results and leaderboard in ${outDir}\n`,
    )
  }
  for (const f of summary.failures.slice(0, 10)) process.stderr.write(`mindbridge: game #${f.index} (${f.id}) failed: ${f.error}\n`)
  if (summary.failures.length > 10) process.stderr.write(`mindbridge: … and ${summary.failures.length - 10} more failed games\n`)
  if (summary.interrupted) throw new CliExit(130)
  if (summary.failures.length > 0) throw new CliExit(1)
}

interface WorkerFlags {
  queue: string
  queueName?: string
  parallel?: string
  allowCommand?: string[]
  stallTimeout?: string
  name?: string
  quiet?: boolean
}

async function worker(flags: WorkerFlags, cmd: Command): Promise<void> {
  const config = resolveConfig(cmd)
  const url = queueUrl(flags.queue)
  const parallel = intOption('--parallel', flags.parallel, 1) ?? availableParallelism()
  const stallTimeoutSec = numOption('--stall-timeout', flags.stallTimeout) ?? 30
  const { startQueueWorker, QueueConnectionError } = await import('../../lostspace/tournament/queue.js')
  const queueName = flags.queueName ?? DEFAULT_QUEUE_NAME
  const log = flags.quiet ? undefined : (line: string) => process.stderr.write(`lostspace worker: ${line}\n`)
  let w
  try {
    w = await startQueueWorker({
      url,
      queueName,
      parallel,
      allowCommands: (flags.allowCommand ?? []).map((c) => c.trim()),
      stallTimeoutSec,
      ...(flags.name ? { name: flags.name } : {}),
      llm: config.llm,
      ...(log ? { log } : {}),
    })
  } catch (err) {
    if (err instanceof QueueConnectionError) throw new UserError(err.message, 1)
    throw err
  }
  process.stderr.write(`lostspace worker: ${w.name} takes games from the queue ${queueName} at ${url}, ${parallel} at once (Ctrl-C stops after the running games, twice at once)\n`)
  await new Promise<void>((resolveStop) => {
    let signals = 0
    const stop = (sig: NodeJS.Signals) => {
      signals++
      if (signals === 1) {
        process.stderr.write(`lostspace worker: ${sig}: finishing the running games (again to abandon them)\n`)
        void w.close().finally(() => resolveStop())
      } else {
        void w.close(true).finally(() => process.exit(sig === 'SIGINT' ? 130 : 143))
      }
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}

export function register(program: Command): void {
  const ls = program.command('lostspace').description('LostSpace (失落深空): judger, Saiblo logic program, built-in players')

  ls.command('match')
    .description('play one game with our logic and judger; <spec> is a shell command speaking Saiblo AI framing, or builtin:<random|strategist|expert|llm> (expert?budget=<ms> thinks longer)')
    .option('--ai <spec>', 'one seat (give exactly 4, in seat order)', collect)
    .option('--seed <n>', 'game seed (default: random)')
    .option('--replay <file>', 'write the replay (JSON) here')
    .option('--time-limit <sec>', 'per-turn time limit in seconds (default 3)')
    .option('--max-length <bytes>', 'largest AI message in bytes (default 1024)')
    .option('--quiet', 'no progress on stderr')
    .option('--json', 'print the result as JSON on stdout')
    .option('--web [port]', 'serve the web page while the match runs (default port 8230) so browsers can follow it; allows --ai human')
    .option('--human-time-limit <sec>', 'per-turn limit of a human seat with --web (default 60)')
    .option('--pace <ms>', 'with --web: wait this long before each built-in turn, so people can follow (default 0)')
    .action(async (flags: MatchFlags, cmd: Command) => {
      await match(flags, cmd)
    })

  ls.command('tournament')
    .description('play many games between entrants (balanced seatings), on all cores or on a BullMQ queue; results, replays and an openskill leaderboard in --out (resumable)')
    .option('--ai <spec>', 'one entrant (give 2 or more): builtin:<random|strategist|expert|llm> or a shell command speaking Saiblo AI framing', collect)
    .option('--games <n>', 'number of games (default when resuming: as before)')
    .option('--parallel <k>', 'games at once, one worker thread each (default: all cores)')
    .option('--seed <n>', 'tournament seed: the schedule and every game seed derive from it (default: random, or as before when resuming)')
    .option('--out <dir>', 'output folder; re-running with the same folder skips finished games (default lostspace-tournament-<seed>)')
    .option('--replays', 'also write each game\'s replay to <out>/replays/<game id>.json')
    .option('--time-limit <sec>', 'per-turn time limit in seconds (default 3)')
    .option('--max-length <bytes>', 'largest AI message in bytes (default 1024)')
    .option('--queue <redis-url>', 'put the games on a BullMQ queue in this Redis (redis://host:port) for `lostspace worker`s to play')
    .option('--queue-name <name>', `BullMQ queue name (default ${DEFAULT_QUEUE_NAME})`)
    .option('--quiet', 'no progress on stderr')
    .option('--json', 'print the summary and leaderboard as JSON on stdout')
    .action(async (flags: TournamentFlags, cmd: Command) => {
      await tournament(flags, cmd)
    })

  ls.command('worker')
    .description('take tournament games from a BullMQ queue and play them (on any machine that reaches the Redis)')
    .requiredOption('--queue <redis-url>', 'the Redis of the queue, redis://host:port')
    .option('--queue-name <name>', `BullMQ queue name (default ${DEFAULT_QUEUE_NAME})`)
    .option('--parallel <k>', 'games at once, one worker thread each (default: all cores)')
    .option('--allow-command <cmd>', 'a command AI this worker may run (repeatable; exact match); built-in players need none', collect)
    .option('--stall-timeout <sec>', 'a game whose worker went silent this long is given to another worker (default 30)')
    .option('--name <name>', 'this worker\'s name in the results (default <host>:<pid>)')
    .option('--quiet', 'no line per game on stderr')
    .action(async (flags: WorkerFlags, cmd: Command) => {
      await worker(flags, cmd)
    })

  ls.command('web')
    .description('serve the LostSpace page: replay viewer, live spectating, human seats (127.0.0.1 by default)')
    .option('--host <host>', 'address to listen on (default 127.0.0.1; beyond loopback seats need tokens)')
    .option('--port <n>', 'port (default 8230, 0 = any free port)')
    .option('--time-limit <sec>', 'per-turn time limit of program seats (default 3)')
    .option('--human-time-limit <sec>', 'per-turn time limit of human seats (default 60)')
    .option('--max-length <bytes>', 'largest AI message in bytes (default 1024)')
    .option('--allow-command <cmd>', 'a command line a page may put in a seat (repeatable; exact match)', collect)
    .option('--replay-dir <dir>', 'list the replay files (*.json) of this folder on the page')
    .action(async (flags: WebFlags, cmd: Command) => {
      await web(flags, cmd)
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
    .description('run a built-in player as a Saiblo AI program on stdin/stdout (e.g. `lostspace ai expert`)')
    .argument('[name]', `one of ${BUILTIN_PLAYERS.join(', ')}, with options as in a seat (expert?budget=<ms>)`)
    .option('--bot <name>', 'the same as [name]')
    .option('--seed <n>', 'seed of the random and expert players (default 1)')
    .option('--time-limit <sec>', 'the judger’s per-turn limit, to budget model calls and the expert (default 3)')
    .action(async (name: string | undefined, flags: LimitFlags & { bot?: string; seed?: string }, cmd: Command) => {
      const config = limits(cmd, flags)
      const seed = intOption('--seed', flags.seed, 0) ?? 1
      const bot = name ?? flags.bot
      if (!bot) throw new UserError(`name the player: lostspace ai <${BUILTIN_PLAYERS.join('|')}>`)
      if (name && flags.bot && name !== flags.bot) throw new UserError(`two players named: '${name}' and --bot '${flags.bot}'`)
      await runPlayerOnStdio(await builtin(bot, seed, config))
      process.stdin.destroy()
    })
}

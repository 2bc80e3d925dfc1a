/**
 * `mindbridge play` (= `npm start`): start the embedded world, spawn the bot and
 * let a mind (builtin by default) do one task over LynxMind, with live
 * progress and a summary. Exit codes: 0 task succeeded, 1 failed, 3 timed out
 * (`--timeout` also bounds the wait for the mind), 4 ended by the mind but not
 * measurable on the world (unverified), 130 interrupted (Ctrl-C or SIGTERM),
 * 2 usage/config error.
 *
 * The helpers below are shared with `mindbridge bot`.
 */
import { GIVE_HELP, checkGive, giveStartingItems, parseGive } from '../give.js'
import type { Command } from 'commander'
import { createContextBus } from '../../core/context-bus.js'
import { createLogger, type Logger } from '../../core/logger.js'
import { newToken } from '../../core/http-guard.js'
import type { Mind, MindKind } from '../../minecraft/minds/types.js'
import type { RemoteMind } from '../../minecraft/minds/remote.js'
import type { LynxSession, SessionSummary } from '../../minecraft/links/lynxmind-session.js'
import type { MineflayerBody } from '../../minecraft/body/index.js'
import { EMBEDDED_WORLD_RECONNECT } from '../../minecraft/body/connection.js'
import type { ModelTap } from '../../minecraft/dashboard/model-tap.js'
import { DASHBOARD_HELP, VIEWER_HELP, dashboardConfigFlags, dashboardOn, dashboardTap, lynxDashboard } from '../dashboard.js'
import { CliExit, UserError, configFlags, resolveConfig, type Config, type ConfigFlags } from '../config.js'
import { DEFAULT_MC_VERSION, SUPPORTED_MC_VERSIONS } from '../../minecraft/versions.js'
import { checkPorts, type PortUse } from '../ports.js'
import { RunSummary } from '../run-summary.js'

/**
 * The game modules, imported when a command runs rather than when the CLI starts, so that
 * `mindbridge lostspace …` (every LostSpace AI subprocess) never loads mineflayer or flying-squid.
 */
export async function loadGame() {
  const [world, body, session] = await Promise.all([
    import('../../minecraft/world/index.js'),
    import('../../minecraft/body/index.js'),
    import('../../minecraft/links/lynxmind-session.js'),
  ])
  return { startWorld: world.startWorld, createBody: body.createBody, LynxSession: session.LynxSession, formatSummary: session.formatSummary }
}

export const DEFAULT_TASK = 'get 1 minecraft:stone_pickaxe'

export const EXIT_FOR: Record<SessionSummary['outcome'], number> = { succeeded: 0, failed: 1, cancelled: 1, timeout: 3, unverified: 4, interrupted: 130 }

export interface LynxFlags {
  task?: string
  mind?: string
  timeout?: string
  allow?: string
  heartbeat?: string
  username?: string
  remotePort?: string
  remoteToken?: string
  remoteGrace?: string
  dialect?: string
  maxFormatFailures?: string
  control?: boolean
  controlPort?: string
  xray?: boolean
  /** `--give item=count,…` (embedded worlds only). */
  give?: string
  dashboard?: boolean
  viewer?: boolean
}

export function numberOrRaw(raw: unknown): number | string | undefined {
  if (raw === undefined) return undefined
  const s = String(raw).trim()
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s
}

/** A non-negative number flag (seconds), or `fallback` when absent; exit 2 with the flag named otherwise. */
export function positive(raw: string | undefined, flag: string, fallback: number): number {
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0) throw new UserError(`${flag} must be a number ≥ 0, got '${raw}'`, 2)
  return n
}

/** The options `play` and `bot` share. */
export function addLynxOptions(cmd: Command): Command {
  return cmd
    .option('--task <text>', `the task, e.g. "get 1 minecraft:iron_pickaxe", "collect 10 log", "goto 100 64 -20"`)
    .option('--mind <kind>', 'builtin (default, no model) | llm (OpenAI-compatible model) | remote (WebSocket agent)')
    .option('--timeout <seconds>', 'give up on the task after this long, the wait for the mind included (default 0 = never)')
    .option('--allow <players>', 'comma-separated players whose chat commands "@<bot> <task>" / "@<bot> stop" are obeyed')
    .option('--heartbeat <seconds>', 'status heartbeat period while a task runs (default 30; 0 = no heartbeats, only the status the mind asks for)')
    .option('--username <name>', "the bot's name")
    .option('--remote-port <port>', 'port of the remote mind WebSocket (default 8766; 0 = any)')
    .option('--remote-token <token>', 'token remote agents must send (default $MINDBRIDGE_REMOTE_TOKEN or a random one, printed)')
    .option('--remote-grace <seconds>', 'how long a task waits for a remote agent that left to connect again (default 30)')
    .option('--dialect <seed|mod>', "remote mind wire spelling: the seed document's (default) or the real mod's")
    .option('--max-format-failures <n>', 'llm mind: unusable replies in a row before the task stops (default 3)')
    .option('--control-port <port>', 'control API port (default from config, 8765; 0 = any)')
    .option('--xray', XRAY_HELP)
    .option('--give <items>', GIVE_HELP)
    .option('--dashboard', DASHBOARD_HELP)
    .option('--viewer', VIEWER_HELP)
}

/** The --xray flag's help (play, bot, brain): an experiment switch, never the default. */
export const XRAY_HELP = 'FOR EXPERIMENTS ONLY: let the bot target blocks it could not know about (ore inside solid stone); default off = fair play'

export function lynxConfigFlags(o: LynxFlags): Record<string, unknown> {
  const minecraft = { ...(o.username !== undefined ? { username: o.username } : {}), ...(o.xray ? { xray: true } : {}) }
  return {
    ...(o.mind !== undefined || o.remoteGrace !== undefined
      ? { mind: { ...(o.mind !== undefined ? { kind: o.mind } : {}), ...(o.remoteGrace !== undefined ? { remoteGraceSec: numberOrRaw(o.remoteGrace) } : {}) } }
      : {}),
    ...(Object.keys(minecraft).length ? { minecraft } : {}),
    ...(o.controlPort !== undefined ? { control: { port: numberOrRaw(o.controlPort) } } : {}),
    ...dashboardConfigFlags(o),
  }
}

/** A mind for the session, and for the remote mind what `announceMind` prints once it listens. */
export interface BuiltMind {
  mind: Mind
  remote?: { mind: RemoteMind; token: string; tokenFrom: 'random' | 'flag' | 'env' }
}

/** Flags that only one mind reads, given with another mind: one warning line each (they change nothing). */
export function ignoredMindFlags(kind: string, flags: LynxFlags): string[] {
  const only: Array<[keyof LynxFlags, string, string]> = [
    ['remotePort', '--remote-port', 'remote'],
    ['remoteToken', '--remote-token', 'remote'],
    ['remoteGrace', '--remote-grace', 'remote'],
    ['dialect', '--dialect', 'remote'],
    ['maxFormatFailures', '--max-format-failures', 'llm'],
  ]
  return only
    .filter(([key, , mind]) => flags[key] !== undefined && kind !== mind)
    .map(([, flag, mind]) => `warning: ${flag} only applies to --mind ${mind} (this run uses the ${kind} mind); ignored`)
}

export async function buildMind(config: Config, flags: LynxFlags, logger: Logger, out: (l: string) => void, tap?: ModelTap): Promise<BuiltMind> {
  const { createMind, RemoteMind, LlmMind } = await import('../../minecraft/minds/index.js')
  const kind = config.mind.kind as MindKind
  for (const w of ignoredMindFlags(kind, flags)) process.stderr.write(`mindbridge: ${w}\n`)
  if (kind === 'remote') {
    const env = process.env.MINDBRIDGE_REMOTE_TOKEN
    if (flags.remoteToken !== undefined && !flags.remoteToken.trim()) throw new UserError('--remote-token must not be empty', 2)
    const tokenFrom = flags.remoteToken !== undefined ? 'flag' : env ? 'env' : 'random'
    const token = flags.remoteToken ?? (env || newToken(12))
    const port = positive(flags.remotePort, '--remote-port', 8766)
    const dialect = flags.dialect ?? 'seed'
    if (dialect !== 'seed' && dialect !== 'mod') throw new UserError(`--dialect must be seed or mod, got '${dialect}'`, 2)
    const mind = new RemoteMind({ port, token, dialect })
    return { mind, remote: { mind, token, tokenFrom } }
  }
  if (kind === 'llm') {
    const max = positive(flags.maxFormatFailures, '--max-format-failures', 3)
    if (tap) {
      // the dashboard's usage meter watches the model client
      const { createLlmClient } = await import('../../core/llm/index.js')
      const client = tap.wrap(createLlmClient(config.llm, { logger, onSlow: out }))
      return { mind: new LlmMind({ client, maxFormatFailures: Math.max(1, Math.floor(max)) }) }
    }
    return { mind: createMind({ kind, llm: config.llm, llmMind: { maxFormatFailures: Math.max(1, Math.floor(max)) }, logger, notice: out }) }
  }
  return { mind: createMind({ kind: 'builtin' }) }
}

/** For the remote mind: starts listening and prints where agents connect and where the token comes from. */
export async function announceMind(built: BuiltMind, out: (l: string) => void): Promise<void> {
  const { remote } = built
  if (!remote) return
  const { url } = await remote.mind.listen()
  const from =
    remote.tokenFrom === 'random'
      ? `${remote.token} (random for this run; choose one with --remote-token or $MINDBRIDGE_REMOTE_TOKEN)`
      : remote.tokenFrom === 'flag'
        ? 'the one given with --remote-token'
        : 'the value of $MINDBRIDGE_REMOTE_TOKEN'
  out(`remote mind listening: ${url}`)
  out(`  token: ${from}`)
  out(`  connect with "Authorization: Bearer <token>" (or ${url}?token=<token>), then send {"type":"EVENT_AI_START"}`)
}

/** The ports a LynxMind session will listen on (control API, remote mind), to check before anything starts. */
export function lynxPorts(config: Config, flags: LynxFlags, control: { on: boolean; orElse: string }): PortUse[] {
  const uses: PortUse[] = []
  if (control.on) uses.push({ what: 'the control API', host: config.control.host, port: config.control.port, flag: '--control-port', orElse: control.orElse })
  if (config.mind.kind === 'remote') {
    uses.push({ what: 'the remote mind WebSocket', host: '127.0.0.1', port: positive(flags.remotePort, '--remote-port', 8766), flag: '--remote-port' })
  }
  return uses
}

/** `--task ""` is a usage error (exit 2), not a task that fails later. */
export function checkTask(task: string | undefined): void {
  if (task !== undefined && task.trim() === '') throw new UserError('--task must not be empty, e.g. --task "get 1 minecraft:stone_pickaxe"', 2)
}

export function controlToken(config: Config, out: (l: string) => void): string {
  if (config.control.token) return config.control.token
  const t = newToken(12)
  out(`control API token: ${t}`)
  return t
}

/**
 * Ctrl-C / SIGTERM → abort signal, with one line saying the run is stopping; a second one exits
 * at once (130). Dispose only after the cleanup.
 */
export function interruptSignal(err: (l: string) => void = (l) => process.stderr.write(l + '\n')): { signal: AbortSignal; dispose(): void } {
  const ctrl = new AbortController()
  let count = 0
  const on = (sig: NodeJS.Signals) => {
    count++
    if (count > 1) {
      err(`mindbridge: ${sig} again: quitting at once`)
      process.exit(130)
    }
    err(`mindbridge: ${sig === 'SIGINT' ? 'Ctrl-C' : sig}: stopping… (press Ctrl-C again to quit at once)`)
    ctrl.abort(new Error('interrupted'))
  }
  process.on('SIGINT', on)
  process.on('SIGTERM', on)
  return {
    signal: ctrl.signal,
    dispose() {
      process.off('SIGINT', on)
      process.off('SIGTERM', on)
    },
  }
}

/**
 * `start`'s result, or undefined as soon as `signal` aborts. What `start` still brings after that
 * is given to `dispose`; with `settle` the interruption waits for it first (a world that is half
 * started is closed cleanly before the run ends), otherwise it is disposed whenever it comes.
 */
export async function unlessInterrupted<T>(start: Promise<T>, signal: AbortSignal, dispose: (v: T) => Promise<unknown>, settle = false): Promise<T | undefined> {
  let onAbort: (() => void) | undefined
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted')
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    const first = await Promise.race([start, aborted])
    if (first !== 'aborted' || !signal.aborted) return first as T
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort)
  }
  const late = start.then(
    (v) => dispose(v).catch(() => undefined),
    () => undefined,
  )
  if (settle) await late
  return undefined
}

/** The summary of a run interrupted before its task could start. */
export function interruptedBeforeTask(text: string, while_: string, started: number, mind: Mind): SessionSummary {
  return {
    outcome: 'interrupted',
    reason: `interrupted while ${while_}`,
    text,
    seconds: (Date.now() - started) / 1000,
    actions: 0,
    skillFailures: 0,
    mind: { kind: mind.kind, ...mind.stats() },
  }
}

export function register(program: Command): void {
  const cmd = addLynxOptions(
    program
      .command('play')
      .description('Start the embedded world, spawn the bot and let a mind do a task over LynxMind (default: get a stone pickaxe)')
      .option('--seed <n>', 'world seed (integer; default random)')
      .option('--world <profile>', 'world profile: natural (default; vanilla-like) or starter (the staged layout: fixed trees, pond and quarry)')
      .option('--mc-version <version>', MC_VERSION_HELP),
  ).option('--control', 'also serve the control API')
  configFlags(
    cmd,
    (o: LynxFlags & { seed?: string; world?: string; mcVersion?: string }) => ({
      ...lynxConfigFlags(o),
      ...worldConfigFlags(o),
    }),
    { 'world.seed': '--seed', 'world.profile': '--world', 'world.version': '--mc-version', 'mind.kind': '--mind', 'mind.remoteGraceSec': '--remote-grace', 'minecraft.username': '--username', 'control.port': '--control-port', 'dashboard.enabled': '--dashboard', 'dashboard.viewer': '--viewer' },
  )
  cmd.action(async (flags: LynxFlags & { seed?: string; world?: string }) => {
    const config = resolveConfig(cmd)
    const out = (l: string) => process.stdout.write(l + '\n')
    const logger = createLogger('play')
    const timeoutSec = positive(flags.timeout, '--timeout', 0)
    const heartbeatSec = positive(flags.heartbeat, '--heartbeat', 30)
    checkTask(flags.task)
    const task = flags.task ?? DEFAULT_TASK
    const dash = dashboardOn(config)
    await checkPorts(lynxPorts(config, flags, { on: flags.control === true || dash, orElse: dash ? 'leave out --dashboard' : 'leave out --control' }))
    const tap = await dashboardTap(config)
    const built = await buildMind(config, flags, logger, out, tap)
    const { mind } = built
    const { startWorld, createBody, LynxSession, formatSummary } = await loadGame()
    const intr = interruptSignal()
    const t0 = Date.now()
    let session: LynxSession | undefined
    const report = new RunSummary({ task, t0, mind, out, formatSummary, session: () => session, verbose: cmd.optsWithGlobals().verbose === true })
    // One Ctrl-C ends the run at any moment, start-up included: a world half started is closed
    // once it is up (a second Ctrl-C quits at once), a bot still joining is dropped.
    out('starting the embedded world…')
    const world = await unlessInterrupted(
      startWorld({ ...(config.world.seed !== undefined ? { seed: config.world.seed } : {}), profile: config.world.profile, ...(config.world.version ? { version: config.world.version } : {}) }),
      intr.signal,
      (w) => w.close(),
      true,
    ).catch((err: unknown) => {
      intr.dispose()
      const why = `could not start the world: ${(err as Error).message}`
      report.failedBecause(why)
      report.dispose()
      throw new UserError(why, 1)
    })
    if (!world) {
      report.print(interruptedBeforeTask(task, 'starting the world', t0, mind))
      await mind.close().catch(() => {})
      intr.dispose()
      report.dispose()
      throw new CliExit(130)
    }
    out(`world: Minecraft ${world.version} on ${world.host}:${world.port}, seed ${world.seed}, ${world.profile} profile`)
    const give = parseGive(flags.give)
    checkGive(give, (i) => Boolean(world.server.registry.itemsByName[i]), world.version)
    let body: MineflayerBody | undefined
    let code = 1
    try {
      const bus = createContextBus()
      body = await unlessInterrupted(
        createBody({ host: world.host, port: world.port, username: config.minecraft.username, version: world.version, bus, reconnect: EMBEDDED_WORLD_RECONNECT, xray: config.minecraft.xray }),
        intr.signal,
        (b) => b.close(),
      )
      if (!body) {
        report.print(interruptedBeforeTask(task, 'the bot was joining the world', t0, mind))
        code = 130
        return
      }
      out(`bot ${body.username} spawned${config.minecraft.xray ? ' (x-ray on: an experiment, not fair play)' : ''}`)
      await giveStartingItems(world, body, give, out)
      session = new LynxSession({
        body,
        mind,
        bus,
        logger,
        timeoutSec,
        heartbeatMs: heartbeatSec * 1000,
        agentGraceSec: config.mind.remoteGraceSec,
        ...(flags.allow ? { allow: splitList(flags.allow) } : {}),
        ...(flags.control || dash
          ? { control: { port: config.control.port, token: controlToken(config, out), ...(dash ? { dashboard: lynxDashboard(config, bus, tap, logger, out) } : {}) } }
          : {}),
        signal: intr.signal,
        out,
        startTimeoutMs: config.mind.kind === 'remote' ? 0 : 120_000,
      })
      await announceMind(built, out)
      const summary = await session.run(task, 'cli')
      report.print(summary)
      code = EXIT_FOR[summary.outcome]
    } catch (err) {
      report.failed(err)
      code = 1
    } finally {
      if (!session) await mind.close().catch(() => {})
      await session?.close().catch(() => {})
      await body?.close().catch(() => {})
      await world.close().catch(() => {})
      intr.dispose()
      report.dispose()
      // the exit code of every path, the early return included
      if (code !== 0) throw new CliExit(code)
    }
  })
}

/** `--seed`, `--world` and `--mc-version` of the commands that start the embedded world, as config flags. */
export function worldConfigFlags(o: { seed?: string; world?: string; mcVersion?: string }): ConfigFlags {
  const world: NonNullable<ConfigFlags['world']> = {}
  if (o.seed !== undefined) world.seed = numberOrRaw(o.seed) as number
  if (o.world !== undefined) world.profile = o.world as 'natural'
  if (o.mcVersion !== undefined) world.version = o.mcVersion as '1.16.5'
  return Object.keys(world).length ? { world } : {}
}

/** The help of `--mc-version` on the commands that start the embedded world. */
export const MC_VERSION_HELP = `Minecraft version of the embedded world: ${SUPPORTED_MC_VERSIONS.join(', ')} (default ${DEFAULT_MC_VERSION})`

export function splitList(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
}

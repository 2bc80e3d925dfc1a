/**
 * `mindbridge play` (= `npm start`): start the embedded world, spawn the bot and
 * let a mind (builtin by default) do one task over LynxMind, with live
 * progress and a summary. Exit codes: 0 task succeeded, 1 failed, 3 timed out,
 * 4 ended by the mind but not measurable on the world (unverified),
 * 130 interrupted, 2 usage/config error.
 *
 * The helpers below are shared with `mindbridge bot`.
 */
import { randomBytes } from 'node:crypto'
import type { Command } from 'commander'
import { createContextBus } from '../../core/context-bus.js'
import { createLogger, type Logger } from '../../core/logger.js'
import type { Mind, MindKind } from '../../minecraft/minds/types.js'
import type { LynxSession, SessionSummary } from '../../minecraft/links/lynxmind-session.js'
import type { MineflayerBody } from '../../minecraft/body/index.js'
import { CliExit, UserError, configFlags, resolveConfig, type Config } from '../config.js'
import { checkPorts, type PortUse } from '../ports.js'

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
  dialect?: string
  maxFormatFailures?: string
  control?: boolean
  controlPort?: string
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
    .option('--timeout <seconds>', 'give up on the task after this long (0 = never)')
    .option('--allow <players>', 'comma-separated players whose chat commands "@<bot> <task>" / "@<bot> stop" are obeyed')
    .option('--heartbeat <seconds>', 'status heartbeat period while a task runs (default 30)')
    .option('--username <name>', "the bot's name")
    .option('--remote-port <port>', 'port of the remote mind WebSocket (default 8766; 0 = any)')
    .option('--remote-token <token>', 'token remote agents must send (default $MINDBRIDGE_REMOTE_TOKEN or a random one, printed)')
    .option('--dialect <seed|mod>', "remote mind wire spelling: the seed document's (default) or the real mod's")
    .option('--max-format-failures <n>', 'llm mind: unusable replies in a row before the task stops (default 3)')
    .option('--control-port <port>', 'control API port (default from config, 8765; 0 = any)')
}

export function lynxConfigFlags(o: LynxFlags): Record<string, unknown> {
  return {
    ...(o.mind !== undefined ? { mind: { kind: o.mind } } : {}),
    ...(o.username !== undefined ? { minecraft: { username: o.username } } : {}),
    ...(o.controlPort !== undefined ? { control: { port: numberOrRaw(o.controlPort) } } : {}),
  }
}

export async function buildMind(config: Config, flags: LynxFlags, logger: Logger, out: (l: string) => void): Promise<Mind> {
  const { createMind } = await import('../../minecraft/minds/index.js')
  const kind = config.mind.kind as MindKind
  if (kind === 'remote') {
    const token = flags.remoteToken ?? process.env.MINDBRIDGE_REMOTE_TOKEN ?? randomBytes(12).toString('hex')
    const port = positive(flags.remotePort, '--remote-port', 8766)
    const dialect = flags.dialect ?? 'seed'
    if (dialect !== 'seed' && dialect !== 'mod') throw new UserError(`--dialect must be seed or mod, got '${dialect}'`, 2)
    if (!flags.remoteToken && !process.env.MINDBRIDGE_REMOTE_TOKEN) out(`remote mind token: ${token}`)
    return createMind({ kind, remote: { port, token, dialect }, logger })
  }
  if (kind === 'llm') {
    const max = positive(flags.maxFormatFailures, '--max-format-failures', 3)
    return createMind({ kind, llm: config.llm, llmMind: { maxFormatFailures: Math.max(1, Math.floor(max)) }, logger, notice: out })
  }
  return createMind({ kind: 'builtin' })
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
  const t = randomBytes(12).toString('hex')
  out(`control API token: ${t}`)
  return t
}

/** Ctrl-C / SIGTERM → abort signal (a second Ctrl-C exits at once). */
export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const ctrl = new AbortController()
  let count = 0
  const on = () => {
    count++
    if (count > 1) process.exit(130)
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

export function register(program: Command): void {
  const cmd = addLynxOptions(
    program
      .command('play')
      .description('Start the embedded world, spawn the bot and let a mind do a task over LynxMind (default: get a stone pickaxe)')
      .option('--seed <n>', 'world seed (integer; default random)'),
  ).option('--control', 'also serve the control API')
  configFlags(
    cmd,
    (o: LynxFlags & { seed?: string }) => ({
      ...lynxConfigFlags(o),
      ...(o.seed !== undefined ? { world: { seed: numberOrRaw(o.seed) as number } } : {}),
    }),
    { 'world.seed': '--seed', 'mind.kind': '--mind', 'minecraft.username': '--username', 'control.port': '--control-port' },
  )
  cmd.action(async (flags: LynxFlags & { seed?: string }) => {
    const config = resolveConfig(cmd)
    const out = (l: string) => process.stdout.write(l + '\n')
    const logger = createLogger('play')
    const timeoutSec = positive(flags.timeout, '--timeout', 0)
    const heartbeatSec = positive(flags.heartbeat, '--heartbeat', 30)
    checkTask(flags.task)
    const task = flags.task ?? DEFAULT_TASK
    await checkPorts(lynxPorts(config, flags, { on: flags.control === true, orElse: 'leave out --control' }))
    const mind = await buildMind(config, flags, logger, out)
    const { startWorld, createBody, LynxSession, formatSummary } = await loadGame()
    const intr = interruptSignal()
    const world = await startWorld({ ...(config.world.seed !== undefined ? { seed: config.world.seed } : {}) }).catch((err: unknown) => {
      intr.dispose()
      throw new UserError(`could not start the world: ${(err as Error).message}`, 1)
    })
    out(`world: Minecraft ${world.version} on ${world.host}:${world.port}, seed ${world.seed}`)
    let session: LynxSession | undefined
    let body: MineflayerBody | undefined
    let code = 1
    try {
      const bus = createContextBus()
      body = await createBody({ host: world.host, port: world.port, username: config.minecraft.username, version: world.version, bus, reconnect: false })
      out(`bot ${body.username} spawned`)
      session = new LynxSession({
        body,
        mind,
        bus,
        logger,
        timeoutSec,
        heartbeatMs: heartbeatSec * 1000,
        ...(flags.allow ? { allow: splitList(flags.allow) } : {}),
        ...(flags.control ? { control: { port: config.control.port, token: controlToken(config, out) } } : {}),
        signal: intr.signal,
        out,
        startTimeoutMs: config.mind.kind === 'remote' ? 0 : 120_000,
      })
      await session.start()
      const summary = await session.runTask(task, 'cli')
      out(formatSummary(summary))
      code = EXIT_FOR[summary.outcome]
    } catch (err) {
      process.stderr.write(`mindbridge: ${(err as Error).message}\n`)
      code = 1
    } finally {
      intr.dispose()
      await session?.close().catch(() => {})
      await body?.close().catch(() => {})
      await world.close().catch(() => {})
    }
    if (code !== 0) throw new CliExit(code)
  })
}

export function splitList(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
}

/**
 * `mindbridge maicore`: a Minecraft bot that MaiCore (MaiBot) drives over maim_message
 * 0.6.8 with JavaScript run in the sandbox. Starts the embedded world (or joins
 * `--host/--port`), spawns the agent (default `Mai`), connects to MaiCore and plays until
 * Ctrl-C or `--timeout`. `--standin builtin|llm` starts a stand-in MaiCore in-process.
 *
 * `mindbridge maicore-standin`: the stand-in MaiCore alone, for testing Amaidesu-side code.
 * Exit codes: 0 ok (with --timeout: the goal was reached), 3 timed out before the goal,
 * 1 failure, 2 usage/config error, 130 interrupted.
 */
import { reportDeaths } from '../../minecraft/links/death-report.js'
import { GIVE_HELP, checkGive, giveStartingItems, parseGive } from '../give.js'
import type { Command } from 'commander'
import { createContextBus } from '../../core/context-bus.js'
import { createLogger, type Logger } from '../../core/logger.js'
import type { MineflayerBody } from '../../minecraft/body/index.js'
import { EMBEDDED_WORLD_RECONNECT } from '../../minecraft/body/connection.js'
import type { World } from '../../minecraft/world/index.js'
import type { MaiCoreLink } from '../../minecraft/links/maicore/index.js'
import type { Standin, StandinMind } from '../../minecraft/links/maicore/standin.js'
import { CliExit, UserError, configFlags, resolveConfig, type Config } from '../config.js'
import { MC_VERSION_HOST_HELP, joinsOtherServer, mcVersionConfigFlags } from '../mc-version.js'
import { interruptSignal, numberOrRaw, positive } from './play.js'
import { DASHBOARD_HELP, VIEWER_HELP, dashboardConfigFlags, dashboardPorts, dashboardTap, serveDashboard } from '../dashboard.js'
import type { ModelTap } from '../../minecraft/dashboard/model-tap.js'
import { emptyStats } from '../../minecraft/minds/types.js'
import { checkPorts } from '../ports.js'

interface MaiCoreFlags {
  give?: string
  maicoreUrl?: string
  token?: string
  platform?: string
  host?: string
  port?: string
  mcVersion?: string
  seed?: string
  timeout?: string
  goal?: string
  autoSendInterval?: string
  programTimeout?: string
  username?: string
  standin?: string
  sayChat?: boolean
  dashboard?: boolean
  viewer?: boolean
  controlPort?: string
}

interface StandinFlags {
  port?: string
  host?: string
  token?: string
  mind?: string
  target?: string
}

/** The schema's default bot name; the MaiCore plugin's agent is called Mai instead. */
const SCHEMA_DEFAULT_USERNAME = 'mindbridge'

/** Game, link and model modules load only when a command runs (every command module is imported to register it). */
async function loadMaiCore() {
  const [world, body, link, runner, standin] = await Promise.all([
    import('../../minecraft/world/index.js'),
    import('../../minecraft/body/index.js'),
    import('../../minecraft/links/maicore/index.js'),
    import('../../minecraft/links/maicore/sandbox-runner.js'),
    import('../../minecraft/links/maicore/standin.js'),
  ])
  return { startWorld: world.startWorld, createBody: body.createBody, MaiCoreLink: link.MaiCoreLink, createSandboxRunner: runner.createSandboxRunner, ...standin }
}

async function standinMind(kind: string, config: Config, logger: Logger, target?: string, tap?: ModelTap): Promise<StandinMind> {
  const { BuiltinStandinMind, LlmStandinMind } = await import('../../minecraft/links/maicore/standin.js')
  if (kind === 'builtin') return new BuiltinStandinMind(target ? { target } : {})
  if (kind === 'llm') {
    const client = (await import('../../core/llm/index.js')).createLlmClient(config.llm, { logger: logger.child('llm') })
    return new LlmStandinMind(tap ? tap.wrap(client) : client, logger)
  }
  throw new UserError(`--standin / --mind must be builtin or llm, got '${kind}'`, 2)
}

function registerMaiCore(program: Command): void {
  const cmd = program
    .command('maicore')
    .description('Let MaiCore (MaiBot) drive a Minecraft bot over maim_message 0.6.8; its JavaScript runs in a sandbox')
    .option('--maicore-url <url>', 'MaiCore maim_message endpoint (default ws://127.0.0.1:8000/ws)')
    .option('--token <token>', 'token MaiCore expects in the Authorization header')
    .option('--platform <name>', "platform header / message_info.platform (default 'minecraft')")
    .option('--host <host>', 'join this Minecraft server instead of starting the embedded world')
    .option('--port <port>', 'port of that server (default 25565)')
    .option('--mc-version <version>', MC_VERSION_HOST_HELP)
    .option('--seed <n>', 'embedded world seed (default random)')
    .option('--give <items>', GIVE_HELP)
    .option('--timeout <seconds>', 'stop after this long (0 = run until Ctrl-C; default 0)')
    .option('--goal <text>', 'initial goal (default 挖到铁矿)')
    .option('--auto-send-interval <seconds>', 'resend the state when MaiCore is silent this long (default 30)')
    .option('--program-timeout <seconds>', 'wall-clock budget of one JavaScript program (default 300)')
    .option('--username <name>', "the bot's name (default Mai)")
    .option('--standin <mind>', 'start a stand-in MaiCore in-process: builtin (offline planner) or llm')
    .option('--no-say-chat', "do not say MaiCore's plain-chat replies in game")
    .option('--dashboard', DASHBOARD_HELP)
    .option('--viewer', VIEWER_HELP)
    .option('--control-port <port>', 'with --dashboard: the control API port (default from config, 8765; 0 = any)')
  configFlags(
    cmd,
    (o: MaiCoreFlags) => {
      const maicore: Record<string, unknown> = {}
      const extra = { ...dashboardConfigFlags(o), ...(o.controlPort !== undefined ? { control: { port: numberOrRaw(o.controlPort) as number } } : {}) }
      if (o.maicoreUrl !== undefined) maicore.url = o.maicoreUrl
      if (o.token !== undefined) maicore.token = o.token
      if (o.platform !== undefined) maicore.platform = o.platform
      if (o.goal !== undefined) maicore.goal = o.goal
      if (o.autoSendInterval !== undefined) maicore.autoSendInterval = numberOrRaw(o.autoSendInterval)
      if (o.programTimeout !== undefined) maicore.programTimeout = numberOrRaw(o.programTimeout)
      if (o.sayChat === false) maicore.sayChat = false
      const mc: Record<string, unknown> = {}
      if (o.host !== undefined) mc.host = o.host
      if (o.port !== undefined) mc.port = numberOrRaw(o.port)
      if (o.username !== undefined) mc.username = o.username
      // the embedded world's version, or the version the bot speaks to the --host/--port server
      const versionFlags = mcVersionConfigFlags(o)
      Object.assign(mc, versionFlags.minecraft)
      const world = { ...(o.seed !== undefined ? { seed: numberOrRaw(o.seed) as number } : {}), ...versionFlags.world }
      return {
        ...extra,
        ...(Object.keys(maicore).length ? { maicore } : {}),
        ...(Object.keys(mc).length ? { minecraft: mc } : {}),
        ...(Object.keys(world).length ? { world } : {}),
      }
    },
    {
      'maicore.url': '--maicore-url',
      'maicore.token': '--token',
      'maicore.platform': '--platform',
      'maicore.goal': '--goal',
      'maicore.autoSendInterval': '--auto-send-interval',
      'maicore.programTimeout': '--program-timeout',
      'minecraft.host': '--host',
      'minecraft.port': '--port',
      'minecraft.version': '--mc-version',
      'minecraft.username': '--username',
      'world.seed': '--seed',
      'world.version': '--mc-version',
      'control.port': '--control-port',
      'dashboard.enabled': '--dashboard',
      'dashboard.viewer': '--viewer',
    },
  )
  cmd.action(async (flags: MaiCoreFlags) => {
    const give = parseGive(flags.give)
    const config = resolveConfig(cmd)
    const out = (l: string) => process.stdout.write(l + '\n')
    const logger = createLogger('maicore')
    const timeoutSec = positive(flags.timeout, '--timeout', 0)
    const standinKind = flags.standin
    await checkPorts(dashboardPorts(config))
    const tap = await dashboardTap(config)
    const mindForStandin = standinKind ? await standinMind(standinKind, config, logger, undefined, tap) : undefined
    const { startWorld, createBody, MaiCoreLink, createSandboxRunner, startStandin } = await loadMaiCore()
    const username = config.minecraft.username === SCHEMA_DEFAULT_USERNAME ? 'Mai' : config.minecraft.username
    const intr = interruptSignal()
    let world: World | undefined
    let body: MineflayerBody | undefined
    let standin: Standin | undefined
    let link: MaiCoreLink | undefined
    let dashboard: { close(): Promise<void> } | undefined
    const runner = createSandboxRunner({ logger: logger.child('sandbox') })
    let code = 0
    try {
      let url = config.maicore.url
      let token = config.maicore.token
      if (mindForStandin) {
        // the in-process stand-in and the link share the token: the configured one, else a random one
        standin = await startStandin({ mind: mindForStandin, port: 0, ...(config.maicore.token ? { tokens: [config.maicore.token] } : {}), logger: logger.child('standin') })
        url = standin.url
        token = standin.token
        out(`stand-in MaiCore (${standinKind}) at ${url}`)
      }
      let host = config.minecraft.host
      let port = config.minecraft.port
      let version = config.minecraft.version
      if (!joinsOtherServer(flags)) {
        world = await startWorld({ ...(config.world.seed !== undefined ? { seed: config.world.seed } : {}), profile: config.world.profile, ...(config.world.version ? { version: config.world.version } : {}) }).catch((err: unknown) => {
          throw new UserError(`could not start the world: ${(err as Error).message}`, 1)
        })
        out(`world: Minecraft ${world.version} on ${world.host}:${world.port}, seed ${world.seed}`)
        ;({ host, port } = world)
        version = world.version
      }
      const bus = createContextBus()
      body = await createBody({ host, port, username, ...(version ? { version } : {}), bus, logger: logger.child('body'), ...(world ? { reconnect: EMBEDDED_WORLD_RECONNECT } : {}) }).catch((err: unknown) => {
        throw new UserError(`could not join ${host}:${port}${version && !world ? ` as a Minecraft ${version} client` : ''}: ${(err as Error).message}`, 1)
      })
      out(`bot ${body.username} joined ${host}:${port} (Minecraft ${body.version ?? version ?? 'unknown'}); goal: ${config.maicore.goal}`)
      if (give.length) {
        if (!world) throw new UserError('--give needs the embedded world (leave out --host/--port): the bot never uses server commands', 2)
        checkGive(give, (i) => Boolean(world!.server.registry.itemsByName[i]), world.version)
        await giveStartingItems(world, body, give, out)
      }
      reportDeaths(body, out)
      link = new MaiCoreLink({ body, runner, bus, logger, out, config: { ...config.maicore, url, ...(token ? { token } : {}) } })
      let reached = false
      link.on('goal.reached', () => {
        reached = true
      })
      link.start()
      if (tap) {
        const { maicoreDashboardLink } = await import('../../minecraft/dashboard/links.js')
        dashboard = await serveDashboard(config, maicoreDashboardLink(link, body, standinKind ? `stand-in ${standinKind}` : 'MaiCore', () => ({ ...emptyStats(), ...mindForStandin?.stats?.() })), bus, tap, logger, out)
      }
      await new Promise<void>((resolve) => {
        const timer = timeoutSec > 0 ? setTimeout(resolve, timeoutSec * 1000) : undefined
        intr.signal.addEventListener('abort', () => {
          if (timer) clearTimeout(timer)
          code = 130
          resolve()
        })
        if (timeoutSec > 0) link!.once('goal.reached', () => {
          if (timer) clearTimeout(timer)
          resolve()
        })
      })
      if (code !== 130 && timeoutSec > 0) {
        code = reached ? 0 : 3
        // the link has said "goal reached" already
        if (!reached) out(`timed out after ${timeoutSec} s before the goal`)
      }
    } catch (err) {
      process.stderr.write(`mindbridge: ${(err as Error).message}\n`)
      code = err instanceof UserError ? err.exitCode : 1
    } finally {
      intr.dispose()
      await dashboard?.close().catch(() => {})
      await link?.close().catch(() => {})
      await runner.close().catch(() => {})
      await body?.close().catch(() => {})
      await standin?.close().catch(() => {})
      await world?.close().catch(() => {})
    }
    if (code !== 0) throw new CliExit(code)
  })
}

function registerStandin(program: Command): void {
  const cmd = program
    .command('maicore-standin')
    .description('Run a stand-in MaiCore (maim_message 0.6.8 server) that answers state messages with JavaScript actions')
    .option('--port <port>', 'port (default 8000, as MaiCore; 0 = any)')
    .option('--host <host>', 'listen address (default 127.0.0.1)')
    .option('--token <token>', 'accept only connections with this Authorization token (default: a random one, printed)')
    .option('--mind <kind>', 'builtin (offline planner, default) or llm')
    .option('--target <text>', 'builtin: the item goal when the state names none it understands (default "get 1 stone_pickaxe")')
  cmd.action(async (flags: StandinFlags) => {
    const config = resolveConfig(cmd)
    const out = (l: string) => process.stdout.write(l + '\n')
    const logger = createLogger('standin')
    const port = positive(flags.port, '--port', 8000)
    if (!Number.isInteger(port) || port > 65535) throw new UserError(`--port must be an integer 0–65535, got '${flags.port}'`, 2)
    if (flags.token !== undefined && !flags.token.trim()) throw new UserError('--token must not be empty', 2)
    const mind = await standinMind(flags.mind ?? 'builtin', config, logger, flags.target)
    const { startStandin } = await import('../../minecraft/links/maicore/standin.js')
    const intr = interruptSignal()
    let standin: Standin | undefined
    try {
      standin = await startStandin({ mind, port, host: flags.host ?? '127.0.0.1', ...(flags.token !== undefined ? { tokens: [flags.token] } : {}), logger, out }).catch((err: unknown) => {
        throw new UserError(`could not listen on ${flags.host ?? '127.0.0.1'}:${port}: ${(err as Error).message}`, 1)
      })
      out(`stand-in MaiCore (${flags.mind ?? 'builtin'}) listening at ${standin.url}; press Ctrl-C to stop`)
      if (flags.token === undefined) out(`stand-in token: ${standin.token} (random for this run; choose one with --token; plugins send it in the Authorization header)`)
      await new Promise<void>((resolve) => intr.signal.addEventListener('abort', () => resolve()))
    } finally {
      intr.dispose()
      await standin?.close().catch(() => {})
    }
  })
}

export function register(program: Command): void {
  registerMaiCore(program)
  registerStandin(program)
}

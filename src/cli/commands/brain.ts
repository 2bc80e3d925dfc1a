/**
 * `mindbridge brain --file ./brain.json`: start the embedded world (or join
 * `--host/--port`), spawn the bot and keep brain.json as its live brain (seed
 * brain-file-spec.ja.md). The mind is builtin (default, offline), llm (any
 * OpenAI-compatible model) or none (only the file drives the bot). Runs until
 * Ctrl-C or `--timeout`; the file is saved on the way out.
 */
import { reportDeaths } from '../../minecraft/links/death-report.js'
import { GIVE_HELP, checkGive, giveStartingItems, parseGive } from '../give.js'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { createContextBus } from '../../core/context-bus.js'
import { createLogger } from '../../core/logger.js'
import type { MineflayerBody } from '../../minecraft/body/index.js'
import { EMBEDDED_WORLD_RECONNECT } from '../../minecraft/body/connection.js'
import type { World } from '../../minecraft/world/index.js'
import type { BrainConnectionChange, BrainLink, BrainMind } from '../../minecraft/links/brainfile/index.js'
import type { StoredTask } from '../../protocols/brainfile.js'
import { CliExit, UserError, configFlags, resolveConfig } from '../config.js'
import { XRAY_HELP, interruptSignal, positive, worldConfigFlags } from './play.js'
import { MC_VERSION_HOST_HELP, joinsOtherServer, mcVersionConfigFlags } from '../mc-version.js'
import { numberOrRaw } from './play.js'
import { DASHBOARD_HELP, VIEWER_HELP, dashboardConfigFlags, dashboardPorts, dashboardTap, serveDashboard } from '../dashboard.js'
import { checkPorts } from '../ports.js'

interface BrainFlags {
  give?: string
  mcVersion?: string
  file?: string
  host?: string
  port?: string
  seed?: string
  world?: string
  mind?: string
  timeout?: string
  goal?: string
  reset?: boolean
  username?: string
  mindInterval?: string
  viewDistance?: string
  fov?: string
  keepFinished?: string
  xray?: boolean
  dashboard?: boolean
  viewer?: boolean
  controlPort?: string
}

function describeTask(t: StoredTask): string {
  const p = JSON.stringify(t.parameters)
  return `#${t.id} ${t.type}${p === '{}' ? '' : ` ${p}`}`
}

export function register(program: Command): void {
  const cmd = program
    .command('brain')
    .description('Drive the bot through a brain file (brain.json): the bot writes vision and task results, a mind or any program writes tasks')
    .requiredOption('--file <path>', 'the brain file (created from the template when missing)')
    .option('--host <host>', 'join this Minecraft server instead of starting the embedded world')
    .option('--port <port>', 'port of that server (default 25565)')
    .option('--seed <n>', 'embedded world seed (integer; default random)')
    .option('--give <items>', GIVE_HELP)
    .option('--world <profile>', 'embedded world profile: natural (default; vanilla-like) or starter (the staged layout)')
    .option('--mc-version <version>', MC_VERSION_HOST_HELP)
    .option('--mind <kind>', 'builtin (default, offline) | llm (OpenAI-compatible model) | none (only the file)')
    .option('--goal <text>', 'builtin mind: a goal such as "get 5 logs" or "get 1 wooden_pickaxe"')
    .option('--timeout <seconds>', 'stop after this long (0 = run until Ctrl-C)')
    .option('--reset', 'start a new brain even if the file exists (the old file is kept as a .bak copy)')
    .option('--username <name>', "the bot's name")
    .option('--mind-interval <seconds>', 'seconds between mind cycles (default 10; sooner on chat or an empty queue)')
    .option('--view-distance <blocks>', 'how far the eyes reach (default 16)')
    .option('--fov <degrees>', 'horizontal field of view (default 90)')
    .option('--keep-finished <seconds>', 'how long finished tasks stay in the file (default 60)')
    .option('--xray', XRAY_HELP)
    .option('--dashboard', DASHBOARD_HELP)
    .option('--viewer', VIEWER_HELP)
    .option('--control-port <port>', 'with --dashboard: the control API port (default from config, 8765; 0 = any)')
  configFlags(
    cmd,
    (o: BrainFlags) => {
      const versionFlags = mcVersionConfigFlags(o)
      const minecraft = { ...(o.username !== undefined ? { username: o.username } : {}), ...(o.xray ? { xray: true } : {}), ...versionFlags.minecraft }
      const { mcVersion: _versionAbove, ...seedAndProfile } = o
      const world = { ...worldConfigFlags(seedAndProfile).world, ...versionFlags.world }
      return {
        ...dashboardConfigFlags(o),
        ...(o.controlPort !== undefined ? { control: { port: numberOrRaw(o.controlPort) as number } } : {}),
        ...(Object.keys(minecraft).length ? { minecraft } : {}),
        ...(Object.keys(world).length ? { world } : {}),
      }
    },
    { 'world.seed': '--seed', 'world.profile': '--world', 'world.version': '--mc-version', 'minecraft.version': '--mc-version', 'minecraft.username': '--username', 'control.port': '--control-port', 'dashboard.enabled': '--dashboard', 'dashboard.viewer': '--viewer' },
  )
  cmd.action(async (flags: BrainFlags) => {
    const give = parseGive(flags.give)
    const config = resolveConfig(cmd)
    const out = (l: string) => process.stdout.write(l + '\n')
    const logger = createLogger('brain')
    const timeout = positive(flags.timeout, '--timeout', 0)
    const mindSec = positive(flags.mindInterval, '--mind-interval', 10)
    const keepSec = positive(flags.keepFinished, '--keep-finished', 60)
    const viewDistance = positive(flags.viewDistance, '--view-distance', 16)
    const fov = positive(flags.fov, '--fov', 90)
    const kind = flags.mind ?? (config.mind.kind === 'llm' ? 'llm' : 'builtin')
    if (kind !== 'builtin' && kind !== 'llm' && kind !== 'none') throw new UserError(`--mind must be builtin, llm or none, got '${kind}'`, 2)
    if (flags.goal && kind !== 'builtin') throw new UserError('--goal needs the builtin mind', 2)
    const file = resolve(flags.file!)
    await checkPorts(dashboardPorts(config))
    const tap = await dashboardTap(config)
    // game modules load only when the command runs (see main.ts: every command module is imported to register it)
    const [{ startWorld }, { createBody }, { BrainLink, BrainStore, BrainBuiltinMind, BrainLlmMind, NoMind }] = await Promise.all([
      import('../../minecraft/world/index.js'),
      import('../../minecraft/body/index.js'),
      import('../../minecraft/links/brainfile/index.js'),
    ])
    const opened = await BrainStore.open(file, { reset: !!flags.reset })
    if (!opened.ok) throw new UserError(opened.error, 2)
    const store = opened.store
    out(opened.created ? `brain file ${file} created from the template${opened.backup ? ` (old file kept as ${opened.backup})` : ''}` : `brain file ${file} loaded: ${store.brain.tasks.length} task(s), memory keys: ${Object.keys(store.brain.memory).join(', ') || 'none'}`)

    const mind: BrainMind =
      kind === 'none'
        ? new NoMind()
        : kind === 'llm'
          ? new BrainLlmMind({ client: ((c) => (tap ? tap.wrap(c) : c))((await import('../../core/llm/index.js')).createLlmClient(config.llm, { logger, onSlow: out })), logger })
          : new BrainBuiltinMind(flags.goal ? { goal: flags.goal } : {})
    const intr = interruptSignal()
    let world: World | undefined
    let body: MineflayerBody | undefined
    let link: BrainLink | undefined
    let dashboard: { close(): Promise<void> } | undefined
    let code = 0
    try {
      const remote = joinsOtherServer(flags)
      let host: string
      let port: number
      if (remote) {
        host = flags.host ?? config.minecraft.host
        port = flags.port !== undefined ? Number(flags.port) : config.minecraft.port
        if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UserError(`--port must be 1..65535, got '${flags.port}'`, 2)
      } else {
        world = await startWorld({ ...(config.world.seed !== undefined ? { seed: config.world.seed } : {}), profile: config.world.profile, ...(config.world.version ? { version: config.world.version } : {}) }).catch((err: unknown) => {
          throw new UserError(`could not start the world: ${(err as Error).message}`, 1)
        })
        out(`world: Minecraft ${world.version} on ${world.host}:${world.port}, seed ${world.seed}, ${world.profile} profile`)
        host = world.host
        port = world.port
      }
      const bus = createContextBus()
      // the embedded world's version, or the one given for the --host server (--mc-version, minecraft.version), else asked of the server
      const version = world ? world.version : config.minecraft.version
      body = await createBody({ host, port, username: config.minecraft.username, xray: config.minecraft.xray, ...(version ? { version } : {}), ...(world ? { reconnect: EMBEDDED_WORLD_RECONNECT } : {}), bus, logger: logger.child('body') }).catch((err: unknown) => {
        throw new UserError(`could not join ${host}:${port}${version && !world ? ` as a Minecraft ${version} client` : ''}: ${(err as Error).message}`, 1)
      })
      out(`bot ${body.username} joined ${host}:${port} (Minecraft ${body.version ?? version ?? 'unknown'})${config.minecraft.xray ? ' (x-ray on: an experiment, not fair play)' : ''}; mind: ${kind}${flags.goal ? `, goal: ${flags.goal}` : ''}`)
      if (give.length) {
        if (!world) throw new UserError('--give needs the embedded world (leave out --host/--port): the bot never uses server commands', 2)
        checkGive(give, (i) => Boolean(world!.server.registry.itemsByName[i]), world.version)
        await giveStartingItems(world, body, give, out)
      }
      reportDeaths(body, out)
      link = new BrainLink({
        body,
        store,
        mind,
        bus,
        logger,
        mindMs: mindSec * 1000,
        keepFinishedMs: keepSec * 1000,
        vision: { distance: viewDistance, fovDegrees: fov },
        reconnectGraceMs: config.minecraft.reconnectGraceSec * 1000,
      })
      const t0 = Date.now()
      const stamp = () => `[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s]`
      link.on('task.start', (t: StoredTask) => out(`${stamp()} task ${describeTask(t)} started`))
      link.on('task.end', (t: StoredTask) => out(`${stamp()} task #${t.id} ${t.status}: ${(t.result ?? t.error ?? '').slice(0, 200)}`))
      link.on('cycle', ({ decision }: { decision: { thought: string; new_tasks: unknown[]; fallback?: string } }) => {
        if (decision.thought || decision.new_tasks.length) out(`${stamp()} mind: ${decision.thought || '(no thought)'} → ${decision.new_tasks.length} new task(s)`)
      })
      link.on('edit', () => out(`${stamp()} outside edit merged`))
      link.on('connection', (c: BrainConnectionChange) => {
        if (c.state === 'lost') {
          const wait = c.task ? `; task #${c.task.id} waits up to ${Math.round(c.graceMs / 1000)} s for it, then resumes` : '; tasks wait for it'
          out(`${stamp()} disconnected from the server (${c.reason})${wait}`)
        } else out(`${stamp()} reconnected to the server after ${(c.downMs / 1000).toFixed(1)} s${c.task ? `; task #${c.task.id} resumes` : ''}`)
      })
      link.on('file.error', (m: string) => out(`${stamp()} the brain file is broken; not writing until it is fixed:\n${m}`))
      link.on('file.ok', () => out(`${stamp()} the brain file is valid again`))
      await link.start()
      if (tap) {
        const { brainDashboardLink } = await import('../../minecraft/dashboard/links.js')
        dashboard = await serveDashboard(config, brainDashboardLink(link, store, body, mind), bus, tap, logger, out)
      }
      out(`brain running; edit ${file} to give tasks; press Ctrl-C to stop`)
      await new Promise<void>((done) => {
        const timer = timeout > 0 ? setTimeout(done, timeout * 1000) : undefined
        intr.signal.addEventListener('abort', () => {
          if (timer) clearTimeout(timer)
          done()
        }, { once: true })
      })
      out(intr.signal.aborted ? 'stopping (interrupted)…' : 'stopping (timeout)…')
      if (intr.signal.aborted) code = 130
    } catch (err) {
      process.stderr.write(`mindbridge: ${(err as Error).message}\n`)
      code = err instanceof UserError ? err.exitCode : 1
    } finally {
      intr.dispose()
      await dashboard?.close().catch(() => {})
      if (link) await link.close().catch(() => {})
      else await store.close().catch(() => {})
      await body?.close().catch(() => {})
      await world?.close().catch(() => {})
    }
    if (store.broken) process.stderr.write(`mindbridge: ${file} was left as it is (it does not parse): ${store.broken.split('\n')[0]}\n`)
    else out(`brain saved to ${file}`)
    if (code !== 0 && code !== 130) throw new CliExit(code)
  })
}

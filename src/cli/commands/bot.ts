/**
 * `mindbridge bot`: connect the bot to any Minecraft server (your own, a LAN
 * world, the embedded one) and serve LynxMind tasks from chat (allow-list),
 * the control API and `--task`. With `--task` it exits after the task (exit
 * codes as `play`); without, it runs until Ctrl-C.
 */
import type { Command } from 'commander'
import { createContextBus } from '../../core/context-bus.js'
import { createLogger } from '../../core/logger.js'
import type { MineflayerBody } from '../../minecraft/body/index.js'
import type { LynxSession } from '../../minecraft/links/lynxmind-session.js'
import { RunSummary } from '../run-summary.js'
import { CliExit, UserError, configFlags, resolveConfig } from '../config.js'
import { checkPorts } from '../ports.js'
import { EXIT_FOR, addLynxOptions, announceMind, buildMind, checkTask, loadGame, controlToken, interruptSignal, interruptedBeforeTask, unlessInterrupted, lynxConfigFlags, lynxPorts, numberOrRaw, positive, splitList, type LynxFlags } from './play.js'
import { dashboardOn, dashboardTap, lynxDashboard } from '../dashboard.js'

interface BotFlags extends LynxFlags {
  host?: string
  port?: string
  mcVersion?: string
  control?: boolean
  reconnectGrace?: string
}

export function register(program: Command): void {
  const cmd = addLynxOptions(
    program
      .command('bot')
      .description('Connect the bot to a Minecraft server and serve LynxMind tasks (chat allow-list, control API, --task)')
      .option('--host <host>', 'server address (default 127.0.0.1)')
      .option('--port <port>', 'server port (default 25565; a LAN world shows its port in chat)')
      .option('--mc-version <version>', 'Minecraft version (default: ask the server)')
      .option('--reconnect-grace <seconds>', 'when the server goes away, how long a running task waits for it to come back (default 180; 0 = fail at once)'),
  ).option('--no-control', 'do not serve the control API')
  configFlags(
    cmd,
    (o: BotFlags) => {
      const f = lynxConfigFlags(o) as { minecraft?: Record<string, unknown> } & Record<string, unknown>
      const mc: Record<string, unknown> = { ...(f.minecraft ?? {}) }
      if (o.host !== undefined) mc.host = o.host
      if (o.port !== undefined) mc.port = numberOrRaw(o.port)
      if (o.mcVersion !== undefined) mc.version = o.mcVersion
      if (o.reconnectGrace !== undefined) mc.reconnectGraceSec = numberOrRaw(o.reconnectGrace)
      return { ...f, ...(Object.keys(mc).length ? { minecraft: mc } : {}) }
    },
    { 'minecraft.host': '--host', 'minecraft.port': '--port', 'minecraft.version': '--mc-version', 'minecraft.reconnectGraceSec': '--reconnect-grace', 'mind.kind': '--mind', 'mind.remoteGraceSec': '--remote-grace', 'minecraft.username': '--username', 'control.port': '--control-port', 'dashboard.enabled': '--dashboard', 'dashboard.viewer': '--viewer' },
  )
  cmd.action(async (flags: BotFlags) => {
    const config = resolveConfig(cmd)
    const out = (l: string) => process.stdout.write(l + '\n')
    const logger = createLogger('bot')
    const timeout = positive(flags.timeout, '--timeout', 0)
    const heartbeat = positive(flags.heartbeat, '--heartbeat', 30)
    checkTask(flags.task)
    if (flags.give !== undefined) {
      throw new UserError('--give needs the embedded world, which gives the items as a server admin would; the bot never uses server commands, so on another server give it the items yourself (or use play, brain or maicore)', 2)
    }
    const dash = dashboardOn(config)
    const controlOn = flags.control !== false || dash
    await checkPorts(lynxPorts(config, flags, { on: controlOn, orElse: dash ? 'leave out --dashboard' : 'turn the control API off with --no-control' }))
    const tap = await dashboardTap(config)
    const built = await buildMind(config, flags, logger, out, tap)
    const { mind } = built
    const { createBody, LynxSession, formatSummary } = await loadGame()
    const { host, port, username, version, xray } = config.minecraft
    const intr = interruptSignal()
    const bus = createContextBus()
    let body: MineflayerBody | undefined
    let session: LynxSession | undefined
    let code = 0
    const t0 = Date.now()
    // with a task, every end of the run prints a summary, a fatal error's included
    const report = flags.task
      ? new RunSummary({ task: flags.task, t0, mind, out, formatSummary, session: () => session, verbose: cmd.optsWithGlobals().verbose === true })
      : undefined
    try {
      out(`connecting ${username} to ${host}:${port}…`)
      // after the first join the body reconnects by itself; a short cap notices a restarted server soon
      body = await unlessInterrupted(
        createBody({ host, port, username, ...(version ? { version } : {}), xray, bus, logger: logger.child('body'), reconnect: { baseDelayMs: 500, maxDelayMs: 5000 } }).catch((err: unknown) => {
          throw new UserError(`could not join ${host}:${port}: ${(err as Error).message}`, 1)
        }),
        intr.signal,
        (b) => b.close(),
      )
      if (!body) {
        // Ctrl-C while joining: nothing has started yet
        if (flags.task) report?.print(interruptedBeforeTask(flags.task, `joining ${host}:${port}`, t0, mind))
        throw new CliExit(130)
      }
      out(`bot ${body.username} joined ${host}:${port} (Minecraft ${body.version ?? version ?? 'unknown'})${xray ? ' (x-ray on: an experiment, not fair play)' : ''}`)
      session = new LynxSession({
        body,
        mind,
        bus,
        logger,
        timeoutSec: timeout,
        heartbeatMs: heartbeat * 1000,
        agentGraceSec: config.mind.remoteGraceSec,
        ...(flags.allow ? { allow: splitList(flags.allow) } : {}),
        ...(controlOn
          ? {
              control: {
                port: config.control.port,
                host: config.control.host,
                token: controlToken(config, out),
                ...(dash ? { dashboard: lynxDashboard(config, bus, tap, logger, out) } : {}),
              },
            }
          : {}),
        signal: intr.signal,
        out,
        startTimeoutMs: config.mind.kind === 'remote' ? 0 : 120_000,
        reconnectGraceMs: config.minecraft.reconnectGraceSec * 1000,
      })
      await announceMind(built, out)
      if (flags.task) {
        const summary = await session.run(flags.task, 'cli')
        report?.print(summary)
        code = EXIT_FOR[summary.outcome]
      } else if ((await session.start()) === 'open') {
        if (!flags.allow && !controlOn) out('warning: no --allow players and no control API: nobody can give tasks')
        out('serving tasks; press Ctrl-C to stop')
        await session.serve()
      }
    } catch (err) {
      if (err instanceof CliExit) {
        code = err.exitCode
      } else if (err instanceof UserError) {
        process.stderr.write(`mindbridge: ${err.message}\n`)
        code = err.exitCode
      } else {
        if (report) report.failed(err)
        else process.stderr.write(`mindbridge: ${(err as Error).message}\n`)
        code = 1
      }
    } finally {
      if (!session) await mind.close().catch(() => {})
      await session?.close().catch(() => {})
      await body?.close().catch(() => {})
      intr.dispose()
      report?.dispose()
    }
    if (code !== 0) throw new CliExit(code)
  })
}

/**
 * `mindbridge world`: run the embedded Minecraft server (flying-squid; Minecraft 1.16.5,
 * 1.20.4 or 1.21.4) until Ctrl-C, then shut it down cleanly.
 */
import type { Command } from 'commander'
import { getLogLevel, setLogLevel } from '../../core/logger.js'
import { UserError, configFlags, resolveConfig } from '../config.js'
import { checkPorts } from '../ports.js'
import { MC_VERSION_HELP } from './play.js'

/** A flag value as a number when it is one, else the raw text (the config schema then names the flag). */
function numberOrRaw(raw: unknown): number | string | undefined {
  if (raw === undefined) return undefined
  const s = String(raw).trim()
  return /^-?\d+$/.test(s) ? Number(s) : s
}

interface WorldFlags {
  port?: string
  host?: string
  seed?: string
  world?: string
  dir?: string
  memory?: boolean
  serverLog?: boolean
  op?: string[]
  mcVersion?: string
}

/** Where `mindbridge world` keeps its world unless told otherwise (relative to the current folder). */
export const DEFAULT_WORLD_DIR = 'mindbridge-world'

export function register(program: Command): void {
  const cmd = program
    .command('world')
    .description('Start the embedded Minecraft server (flying-squid, Minecraft 1.16.5, 1.20.4 or 1.21.4, offline mode) until Ctrl-C')
    .option('--port <port>', 'TCP port (0 = any free port; default 25565)')
    .option('--host <host>', 'listen address (default 127.0.0.1; use 0.0.0.0 to allow other machines)')
    .option('--seed <n>', 'world seed (integer; default random; an existing --dir keeps its own)')
    .option('--mc-version <version>', `${MC_VERSION_HELP}; an existing --dir keeps its own`)
    .option('--world <profile>', "world profile: natural (default; vanilla-like) or starter (the staged layout: fixed trees, pond and quarry); an existing --dir keeps its own")
    .option('--dir <folder>', `folder that keeps the world: chunks, seed, players' inventory and position (default ./${'mindbridge-world'})`)
    .option('--memory', 'keep the world in memory only (gone when the command stops)')
    .option('--server-log', "show flying-squid's own log lines")
    .option('--op <name...>', 'player(s) allowed to run operator commands (/mbhurt, /time, /tp …); default: nobody')
  configFlags(
    cmd,
    (o: WorldFlags) => ({
      world: {
        ...(o.port !== undefined ? { port: numberOrRaw(o.port) as number } : {}),
        ...(o.host !== undefined ? { host: o.host } : {}),
        ...(o.seed !== undefined ? { seed: numberOrRaw(o.seed) as number } : {}),
        ...(o.world !== undefined ? { profile: o.world as 'natural' } : {}),
        ...(o.dir !== undefined ? { dir: o.dir } : {}),
        ...(o.op !== undefined ? { ops: o.op } : {}),
        ...(o.mcVersion !== undefined ? { version: o.mcVersion as '1.16.5' } : {}),
      },
    }),
    { 'world.port': '--port', 'world.host': '--host', 'world.seed': '--seed', 'world.profile': '--world', 'world.dir': '--dir', 'world.ops': '--op', 'world.version': '--mc-version' },
  )
  cmd.action(async (opts: WorldFlags) => {
    const config = resolveConfig(cmd)
    const { host, port, seed, profile, ops, version } = config.world
    if (opts.memory && opts.dir !== undefined) throw new UserError('--memory and --dir exclude each other: choose one', 2)
    const dir = opts.memory ? undefined : (config.world.dir ?? DEFAULT_WORLD_DIR)
    // flying-squid's lines are info-level; make them visible when asked for.
    if (opts.serverLog && ['warn', 'error', 'silent'].includes(getLogLevel())) setLogLevel('info')
    await checkPorts([{ what: 'the Minecraft world', host, port, flag: '--port', hostFlag: '--host' }])
    const { startWorld } = await import('../../minecraft/world/index.js')
    let world
    try {
      world = await startWorld({ host, port, ...(seed !== undefined ? { seed } : {}), profile, ...(version ? { version } : {}), ops, ...(dir ? { dir } : {}), logging: opts.serverLog === true })
    } catch (err) {
      throw new UserError((err as Error).message, 1)
    }
    const s = world.spawn
    if (seed !== undefined && world.seed !== seed) {
      process.stdout.write(`note: ${world.dir} was made with seed ${world.seed}; --seed ${seed} is ignored (choose another --dir for a new world)\n`)
    }
    if (world.versionNote) process.stdout.write(`note: ${world.versionNote}; choose another --dir for a new world\n`)
    // listening for Ctrl-C / SIGTERM before saying so: a signal right after the line stops cleanly
    const stopped = new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop)
        process.off('SIGTERM', stop)
        resolve()
      }
      process.on('SIGINT', stop)
      process.on('SIGTERM', stop)
    })
    process.stdout.write(
      [
        `Minecraft ${world.version} world running on ${world.host}:${world.port} (seed ${world.seed}, offline mode)`,
        `world: ${world.profile}${world.profile === 'starter' ? ' (the staged layout: fixed trees, pond and quarry near spawn)' : ' (vanilla-like generator)'}`,
        `spawn: ${s.x} ${s.y} ${s.z}`,
        world.dir ? `saved in: ${world.dir} (chunks, seed, players; --memory for a world that is not kept)` : 'kept in memory only: gone when this command stops',
        `connect: a Minecraft ${world.version} client → Multiplayer → Direct Connect → ${world.host}:${world.port}`,
        `         or a bot: mineflayer.createBot({ host: '${world.host}', port: ${world.port}, version: '${world.version}', auth: 'offline' })`,
        `operators: ${ops.length ? ops.join(', ') : 'nobody (add --op <name>)'}; commands /mbhurt <player> <amount> [cause], /mbheal <player> <amount>, /mbgive <player> <item> [count]`,
        'press Ctrl-C to stop',
        '',
      ].join('\n'),
    )
    await stopped
    process.stdout.write('stopping…\n')
    await world.close()
    process.stdout.write('stopped\n')
  })
}

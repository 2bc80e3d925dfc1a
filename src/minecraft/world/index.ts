/**
 * The embedded Minecraft world: a real flying-squid server (Minecraft 1.16.5, 1.20.4 or
 * 1.21.4: version-facts.ts) running in-process, plus our plugins (terrain, drops, crafting,
 * smelting, health).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { findFreePort } from './free-port.js'
import { NATURAL_GENERATOR, STARTER_GENERATOR, createNaturalWorldFor, registerGenerators } from './generator.js'
import { createTerrain } from './terrain.js'
import { DEFAULT_MC_VERSION, checkMcVersion, isSupportedMcVersion, type McVersion } from '../versions.js'
import { DEFAULT_WORLD_PROFILE, WORLD_PROFILES, type WorldProfile } from './profiles.js'
import { addToInventory } from './inventory-ops.js'
import { installCrafting } from './plugins/crafting.js'
import { installDrops } from './plugins/drops.js'
import { installFurnaces } from './plugins/furnace.js'
import { installChests } from './plugins/chest.js'
import { installHealth, type PlayerVitals } from './plugins/health.js'
import { installDaytime } from './plugins/daytime.js'
import { installMobs, type MobInfo } from './plugins/mobs.js'
import { installMonsters } from './plugins/monsters.js'
import { createAnimalSpawner } from './plugins/animals.js'
import { installAnimalLife } from './plugins/animal-life.js'
import { isMobKind, type MobKind } from './mob-rules.js'
import { installMemory } from './plugins/memory.js'
import { installFarming } from './plugins/farming.js'
import { installBuckets } from './plugins/buckets.js'
import { RANDOM_TICK_SPEED } from './farming.js'
import { installOperatorCommands } from './plugins/operator.js'
import { installWindows } from './plugins/windows.js'
import { createRng } from './rng.js'
import { trackLoginTimers } from './login-timers.js'
import { trackDigAnimations } from './dig-timers.js'
import { finishLoginOnFirstMove } from './login-placement.js'
import { installQuietPlugins } from './quiet-plugins.js'
import { installVersionFixes, shieldDigLoot } from './version-fixes.js'
import { flyingSquid, require, type SquidPlayer, type SquidServer } from './squid.js'
import { createLogger } from '../../core/logger.js'

export type { SquidPlayer, SquidServer } from './squid.js'
export type { PlayerVitals } from './plugins/health.js'
export type { MobInfo } from './plugins/mobs.js'
export type { MobKind } from './mob-rules.js'
export { WORLD_PROFILES, DEFAULT_WORLD_PROFILE, type WorldProfile } from './profiles.js'

const log = createLogger('world')

/** The default version of the embedded world (`version` picks another of SUPPORTED_MC_VERSIONS). */
export const WORLD_VERSION = DEFAULT_MC_VERSION
export { SUPPORTED_MC_VERSIONS, type McVersion } from '../versions.js'

export interface StartWorldOptions {
  /** TCP port; 0 (default) picks a free port. */
  port?: number
  /** Listen address; default 127.0.0.1. */
  host?: string
  /** Terrain seed; default random. Same seed, same world. */
  seed?: number
  /**
   * Minecraft version: 1.16.5 (default), 1.20.4 or 1.21.4 (SUPPORTED_MC_VERSIONS); another is
   * refused. An existing `dir` keeps the version it was made with (see `versionNote`).
   */
  version?: string
  /** flying-squid's own console logging; default off. */
  logging?: boolean
  /** Chunk radius sent to clients; default 4 (small is fast). */
  viewDistance?: number
  /**
   * 'natural' (default): the vanilla-like generator. 'starter': the staged layout (fixed trees,
   * pond and quarry near spawn), only for callers that need it and say so.
   */
  profile?: WorldProfile
  /**
   * World folder: chunks (flying-squid's anvil provider, `region/`), the seed (`mindbridge-world.json`)
   * and players (`players.json`: position, inventory, health, food) are kept there, so a restarted
   * server is the same world. An existing folder's seed wins over `seed`. Default: memory only.
   */
  dir?: string
  /** Time of day the world starts at, 0..23999 (0 sunrise, 6000 noon, 13000 night, 18000 midnight); default 0. */
  startTime?: number
  /**
   * Players allowed to run operator commands (/mb…, /time, /tp, …). Nobody else is an operator
   * (flying-squid's `everybody-op` stays off). Default: none.
   */
  ops?: string[]
  /** Natural monster spawning at night and in the dark; default true. */
  monsters?: boolean
  /** Passive animals placed at chunk generation (natural profile); default true. */
  animals?: boolean
  /**
   * How fast the clock runs: game ticks of time per server tick, 1..100; default 1 (vanilla: a day
   * is 20 minutes). Only the day gets shorter: mobs, spawning, hunger and furnaces keep the 20 Hz
   * server tick, so a faster night has proportionally fewer spawn attempts. For tests and demos.
   */
  daySpeed?: number
  /** Milliseconds without a keep-alive answer before a client is kicked (default KEEP_ALIVE_KICK_MS, 30 s). */
  keepAliveKickMs?: number
  /**
   * Random block picks per 16³ section per game tick (vanilla's `randomTickSpeed` game rule):
   * crops, stems, sugar cane and farmland moisture. Default 3, vanilla; 0..4096. A larger value
   * makes crops grow faster: for tests and demos that say so, never for published figures.
   */
  randomTickSpeed?: number
  /**
   * How fast a chicken's egg timer runs: ticks counted per server tick, 1..100; default 1 (vanilla:
   * an egg every 6000–12000 ticks, 5–10 minutes). For tests and demos that say so, never for
   * published figures.
   */
  layingSpeed?: number
}

export interface World {
  host: string
  port: number
  seed: number
  profile: WorldProfile
  version: McVersion
  /** Set when `dir` was made with another version than the one asked for: it says which one the world keeps. */
  versionNote?: string
  /** The flying-squid server object (escape hatch; prefer the methods below). */
  server: SquidServer
  spawn: { x: number; y: number; z: number }
  /** The world folder (absolute), when the world is kept on disk. */
  dir?: string
  damage(player: string, amount: number, cause?: string): void
  heal(player: string, amount: number): void
  give(player: string, itemName: string, count: number): void
  /** Health, food, exhaustion counters, air and fire of an online player. */
  vitals(player: string): PlayerVitals
  /** Sets an online player's food level (0..20) and saturation (default 0); sets a scene for tests. */
  setFood(player: string, food: number, saturation?: number): void
  /** Sets the time of day (in-process only: no command does this for non-operators). */
  setTime(timeOfDay: number): void
  timeOfDay(): number
  /** Living mobs of the world (awake or asleep), optionally of one kind. */
  mobs(kind?: MobKind): MobInfo[]
  /** Spawns a mob at a position (tests and benches). */
  spawnMob(kind: MobKind, pos: { x: number; y: number; z: number }): MobInfo
  /** Turns natural monster spawning on or off. */
  setMonsterSpawning(on: boolean): void
  close(): Promise<void>
}

/** What a world folder remembers besides chunks and players. */
const META_FILE = 'mindbridge-world.json'

/** The seed, profile and version a world folder was made with, if it has them (folders from before versions are 1.16.5). */
function savedMeta(dir: string): { seed?: number; profile?: WorldProfile; version?: McVersion } {
  try {
    const meta = JSON.parse(readFileSync(join(dir, META_FILE), 'utf8')) as { seed?: unknown; profile?: unknown; version?: unknown }
    return {
      ...(Number.isSafeInteger(meta.seed) ? { seed: meta.seed as number } : {}),
      ...(WORLD_PROFILES.includes(meta.profile as WorldProfile) ? { profile: meta.profile as WorldProfile } : {}),
      ...(Number.isSafeInteger(meta.seed) ? { version: isSupportedMcVersion(meta.version) ? meta.version : DEFAULT_MC_VERSION } : {}),
    }
  } catch {
    return {}
  }
}

/**
 * How long the world waits for a keep-alive answer before it kicks the client: vanilla kicks a client
 * whose answer is 15 s late, checked every 15 s (15–30 s); this is minecraft-protocol's default. 10 s
 * kicked bots on a loaded machine many times an hour.
 */
export const KEEP_ALIVE_KICK_MS = 30_000

function checkOptions(opts: StartWorldOptions): Required<Omit<StartWorldOptions, 'seed' | 'dir' | 'version'>> & { seed: number; dir?: string; version: McVersion; versionNote?: string } {
  const startTime = opts.startTime ?? 0
  if (!Number.isInteger(startTime) || startTime < 0 || startTime > 23999) throw new Error(`startWorld: startTime must be an integer 0..23999, got ${String(opts.startTime)}`)
  const ops = opts.ops ?? []
  if (!Array.isArray(ops) || ops.some((n) => typeof n !== 'string' || !/^[A-Za-z0-9_]{1,16}$/.test(n))) throw new Error('startWorld: ops must be a list of player names (letters, digits, _)')
  const host = opts.host ?? '127.0.0.1'
  const port = opts.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`startWorld: port must be an integer 0..65535, got ${String(opts.port)}`)
  if (typeof host !== 'string' || host.length === 0) throw new Error('startWorld: host must be a non-empty string')
  if (opts.dir !== undefined && (typeof opts.dir !== 'string' || opts.dir.trim() === '')) throw new Error('startWorld: dir must be a folder path')
  const dir = opts.dir === undefined ? undefined : resolve(opts.dir)
  const saved = dir ? savedMeta(dir) : {}
  const seed = saved.seed ?? opts.seed ?? Math.floor(Math.random() * 2 ** 31)
  if (!Number.isSafeInteger(seed)) throw new Error(`startWorld: seed must be an integer, got ${String(opts.seed)}`)
  const daySpeed = opts.daySpeed ?? 1
  if (!Number.isInteger(daySpeed) || daySpeed < 1 || daySpeed > 100) throw new Error(`startWorld: daySpeed must be an integer 1..100, got ${String(opts.daySpeed)}`)
  const randomTickSpeed = opts.randomTickSpeed ?? RANDOM_TICK_SPEED
  if (!Number.isInteger(randomTickSpeed) || randomTickSpeed < 0 || randomTickSpeed > 4096) throw new Error(`startWorld: randomTickSpeed must be an integer 0..4096, got ${String(opts.randomTickSpeed)}`)
  const layingSpeed = opts.layingSpeed ?? 1
  if (!Number.isInteger(layingSpeed) || layingSpeed < 1 || layingSpeed > 100) throw new Error(`startWorld: layingSpeed must be an integer 1..100, got ${String(opts.layingSpeed)}`)
  const keepAliveKickMs = opts.keepAliveKickMs ?? KEEP_ALIVE_KICK_MS
  if (!Number.isInteger(keepAliveKickMs) || keepAliveKickMs < 1000 || keepAliveKickMs > 600_000) throw new Error(`startWorld: keepAliveKickMs must be an integer 1000..600000, got ${String(opts.keepAliveKickMs)}`)
  const viewDistance = opts.viewDistance ?? 4
  if (!Number.isInteger(viewDistance) || viewDistance < 1 || viewDistance > 16) throw new Error(`startWorld: viewDistance must be 1..16, got ${String(opts.viewDistance)}`)
  let asked: McVersion
  try {
    asked = checkMcVersion(opts.version ?? DEFAULT_MC_VERSION)
  } catch (err) {
    throw new Error(`startWorld: ${(err as Error).message}`)
  }
  const version = saved.version ?? asked
  const versionNote =
    opts.version !== undefined && version !== asked ? `the world folder ${dir} was made with Minecraft ${version} and keeps it (${asked} was asked for)` : undefined
  const profile = (dir ? saved.profile : undefined) ?? opts.profile ?? DEFAULT_WORLD_PROFILE
  if (!WORLD_PROFILES.includes(profile)) throw new Error(`startWorld: profile must be one of ${WORLD_PROFILES.join(', ')}, got ${String(opts.profile)}`)
  return {
    host,
    port,
    seed,
    logging: opts.logging ?? false,
    viewDistance,
    keepAliveKickMs,
    profile,
    startTime,
    ops: [...ops],
    monsters: opts.monsters ?? true,
    animals: opts.animals ?? true,
    daySpeed,
    randomTickSpeed,
    layingSpeed,
    version,
    ...(versionNote ? { versionNote } : {}),
    ...(dir ? { dir } : {}),
  }
}

/** Creates the folder and records the seed, profile and version, so the same folder always grows the same terrain. */
function prepareFolder(dir: string, seed: number, profile: WorldProfile, version: McVersion): void {
  try {
    mkdirSync(dir, { recursive: true })
    if (savedMeta(dir).seed === undefined) writeFileSync(join(dir, META_FILE), `${JSON.stringify({ seed, profile, version }, null, 2)}\n`)
  } catch (err) {
    throw new Error(`startWorld: cannot use the world folder ${dir}: ${(err as Error).message}`)
  }
}

export async function startWorld(opts: StartWorldOptions = {}): Promise<World> {
  const o = checkOptions(opts)
  if (o.dir) prepareFolder(o.dir, o.seed, o.profile, o.version)
  installQuietPlugins()
  registerGenerators()
  // A free port found with port 0 can be taken by someone else before we bind it: retry.
  for (let attempt = 1; ; attempt++) {
    const port = o.port === 0 ? await findFreePort(o.host) : o.port
    try {
      return await launch(o, port)
    } catch (err) {
      const busy = /EADDRINUSE/.test((err as Error).message)
      if (o.port !== 0 || !busy || attempt >= 3) throw err
    }
  }
}

async function launch(o: ReturnType<typeof checkOptions>, port: number): Promise<World> {
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const natural = o.profile === 'natural' ? createNaturalWorldFor(o.seed, o.version) : undefined
  const spawn = natural ? natural.spawn() : { ...createTerrain(o.seed).spawn }
  const animals = createAnimalSpawner()
  // canes generated before the farming plugin is installed wait here
  const canes: Array<{ x: number; y: number; z: number }> = []
  let trackCanes = (list: Array<{ x: number; y: number; z: number }>): void => {
    canes.push(...list)
  }
  const serv = flyingSquid.createMCServer({
    motd: 'mindbridge world',
    port,
    host: o.host,
    'max-players': 20,
    'online-mode': false,
    logging: o.logging,
    gameMode: 0,
    difficulty: 1,
    // with a folder, chunks are kept by flying-squid's anvil provider; without one the world lives in memory only
    ...(o.dir ? { worldFolder: o.dir } : {}),
    generation: natural
      ? { name: NATURAL_GENERATOR, options: { seed: o.seed, worldSeed: o.seed, natural, onCanes: (list: Array<{ x: number; y: number; z: number }>) => trackCanes(list), ...(o.animals ? { onAnimals: animals.onAnimals } : {}) } }
      : { name: STARTER_GENERATOR, options: { seed: o.seed, worldSeed: o.seed } },
    kickTimeout: o.keepAliveKickMs,
    plugins: {},
    modpe: false,
    'view-distance': o.viewDistance,
    'player-list-text': { header: { text: 'mindbridge' }, footer: { text: 'flying-squid' } },
    'everybody-op': false,
    'max-entities': 500,
    version: o.version,
  })
  // flying-squid's plugins and ours each listen to the server's 'tick' (a dozen listeners, no leak)
  serv.setMaxListeners(Math.max(serv.getMaxListeners(), 32))
  installVersionFixes(serv)
  const timers = trackLoginTimers(serv)
  finishLoginOnFirstMove(serv)
  const releaseDigAnimations = trackDigAnimations()
  installDrops(serv, createRng(o.seed))
  const windows = installWindows(serv)
  installCrafting(serv, windows)
  installFurnaces(serv, windows)
  installChests(serv, windows)
  const farming = installFarming(serv, createRng(o.seed ^ 0xfa4d), { randomTickSpeed: o.randomTickSpeed })
  trackCanes = (list) => {
    for (const p of list) farming.track(p)
  }
  trackCanes(canes.splice(0))
  const health = installHealth(serv, spawn)
  installDaytime(serv, o.startTime, o.daySpeed)
  const mobRng = createRng(o.seed ^ 0x5eed)
  const mobs = installMobs(serv, mobRng, { hurtPlayer: (p, amount, cause) => health.damage(p, amount, cause) })
  animals.attach(mobs)
  installAnimalLife(serv, mobs, mobRng, { layingSpeed: o.layingSpeed })
  installBuckets(serv)
  const monsters = installMonsters(serv, mobs, mobRng, o.monsters)
  const memory = installMemory(serv, { ...(o.dir ? { folder: o.dir } : {}), onProblem: (why) => log.warn(why) })
  serv.getSpawnPoint = async () => new Vec3(spawn.x, spawn.y, spawn.z)
  shieldDigLoot(serv)

  try {
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err)
      serv.once('error', onError)
      serv.once('ready', () => {
        serv.off('error', onError)
        resolve()
      })
    })
  } catch (err) {
    serv.stopTickInterval?.()
    // flying-squid waits 5 s for 'listening' and then rejects a promise nobody handles.
    // Settle that wait now; its own 'listening' handler then throws on the dead socket.
    try {
      serv._server.emit('listening')
    } catch {
      /* expected: no address on a server that never listened */
    }
    await serv.destroy().catch(() => undefined)
    releaseDigAnimations()
    throw new Error(`startWorld: could not start the server on ${o.host}:${port}: ${(err as Error).message}`)
  }
  // Keep every column in memory: without a world folder an unloaded column would be
  // regenerated and lose what players dug or placed (with one, changed columns are saved too).
  ;(serv.overworld as unknown as { unloadColumn(): void }).unloadColumn = () => undefined
  try {
    await pregenerateSpawnArea(serv, spawn, o.viewDistance)
  } catch (err) {
    serv.stopTickInterval()
    await shutdown(serv)
    releaseDigAnimations()
    throw new Error(`startWorld: generating the spawn area failed: ${(err as Error).message}`)
  }
  // Never crash the host process on a server socket error after start; keep a trace at debug level.
  serv.on('error', (err: Error) => log.debug('server error', { error: err }))
  serv.on('clientError', (_client: unknown, err: Error) => log.debug('client error', { error: err }))
  serv.on('mbWindowError', (err: Error) => log.debug('window click failed; client resynced', { error: err }))

  const findPlayer = (name: string): SquidPlayer => {
    const p = serv.players.find((pl) => pl.username === name)
    if (!p) throw new Error(`no player named ${JSON.stringify(name)} is online`)
    return p
  }

  let closing: Promise<void> | undefined
  const checkAmount = (what: string, amount: number) => {
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) throw new Error(`${what}: amount must be a positive number, got ${String(amount)}`)
  }
  const pendingIo = o.dir ? trackProviderIo(serv) : undefined
  // players are recorded every few seconds too, so even a killed server loses little
  const autosave = o.dir ? setInterval(() => memory.flush(), 5000) : undefined
  autosave?.unref()
  const world: World = {
    ...(o.dir ? { dir: o.dir } : {}),
    host: o.host,
    port,
    seed: o.seed,
    profile: o.profile,
    version: o.version,
    ...(o.versionNote ? { versionNote: o.versionNote } : {}),
    server: serv,
    spawn,
    damage(player, amount, cause = 'operator') {
      checkAmount('damage', amount)
      health.damage(findPlayer(player), amount, String(cause))
    },
    heal(player, amount) {
      checkAmount('heal', amount)
      health.heal(findPlayer(player), amount)
    },
    give(player, itemName, count) {
      const p = findPlayer(player)
      const def = serv.registry.itemsByName[itemName]
      if (!def) throw new Error(`unknown item ${JSON.stringify(itemName)}`)
      if (!Number.isInteger(count) || count < 1) throw new Error(`give: count must be a positive integer, got ${String(count)}`)
      const Item = require('prismarine-item')(serv.registry)
      const left = addToInventory(p.inventory, Item, def.id, count)
      if (left > 0) throw new Error(`give: inventory of ${player} is full (${left} ${itemName} not given)`)
    },
    vitals(player) {
      return health.vitals(findPlayer(player))
    },
    setFood(player, food, saturation = 0) {
      if (!Number.isInteger(food) || food < 0 || food > 20) throw new Error(`setFood: food must be an integer 0..20, got ${String(food)}`)
      if (typeof saturation !== 'number' || !Number.isFinite(saturation) || saturation < 0 || saturation > food) throw new Error(`setFood: saturation must be a number 0..food, got ${String(saturation)}`)
      health.setFood(findPlayer(player), food, saturation)
    },
    setTime(timeOfDay) {
      if (!Number.isFinite(timeOfDay)) throw new Error(`setTime: expected a number, got ${String(timeOfDay)}`)
      serv.setTime(timeOfDay)
    },
    timeOfDay: () => mobs.timeOfDay(),
    mobs(kind) {
      return mobs
        .all()
        .filter((r) => kind === undefined || r.kind === kind)
        .map((r) => mobs.info(r))
    },
    spawnMob(kind, pos) {
      if (!isMobKind(kind)) throw new Error(`spawnMob: unknown mob ${JSON.stringify(kind)}`)
      return mobs.info(mobs.add(kind, pos))
    },
    setMonsterSpawning(on) {
      monsters.setEnabled(on)
    },
    close() {
      closing ??= (async () => {
        serv.stopTickInterval()
        if (autosave) clearInterval(autosave)
        if (o.dir) memory.flush() // before the kick: what players have now, not after they are gone
        await shutdown(serv)
        if (o.dir) {
          const overworld = serv.overworld as unknown as { stopSaving(): void; waitSaving(): Promise<void>; storageProvider?: { close?(): Promise<unknown> } | null }
          overworld.stopSaving()
          await overworld.waitSaving().catch((err: unknown) => log.warn('could not save the world', { error: err as Error }))
          // release the region files, so the next server on this folder opens them afresh; late
          // column requests on this closed world then generate instead of reading a closed file
          const provider = overworld.storageProvider
          overworld.storageProvider = null
          await Promise.allSettled([...(pendingIo ?? [])]) // a column still being read must finish before its file closes
          await provider?.close?.().catch(() => undefined)
        }
        timers.clearAll()
        releaseDigAnimations()
      })()
      return closing
    },
  }
  installOperatorCommands(serv, world, o.ops)
  return world
}

/**
 * Generates the chunks a player joining at spawn receives, one per macrotask, before the world
 * is handed out. flying-squid sends a joining player's first chunks in one promise chain (no
 * yield between them), so generating them then would hold up the server tick; later chunks are
 * sent 5 ms apart and generated one at a time, which is already sliced.
 */
async function pregenerateSpawnArea(serv: SquidServer, spawn: { x: number; z: number }, radius: number): Promise<void> {
  const world = serv.overworld as unknown as { getColumn(cx: number, cz: number): Promise<unknown> }
  const scx = Math.floor(spawn.x) >> 4
  const scz = Math.floor(spawn.z) >> 4
  for (let cx = scx - radius; cx <= scx + radius; cx++) {
    for (let cz = scz - radius; cz <= scz + radius; cz++) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      await world.getColumn(cx, cz)
    }
  }
}

/** The region-file reads and writes in flight on the overworld's anvil provider. */
function trackProviderIo(serv: SquidServer): Set<Promise<unknown>> {
  const pending = new Set<Promise<unknown>>()
  const provider = (serv.overworld as unknown as { storageProvider?: Record<string, unknown> | null }).storageProvider
  if (!provider) return pending
  for (const name of ['load', 'save'] as const) {
    const original = provider[name] as ((...args: unknown[]) => Promise<unknown>) | undefined
    if (typeof original !== 'function') continue
    provider[name] = (...args: unknown[]) => {
      const p = original.apply(provider, args)
      pending.add(p)
      const done = () => pending.delete(p)
      p.then(done, done)
      return p
    }
  }
  return pending
}

/** Kick everyone, wait (bounded) for them to leave, then close the socket server. */
async function shutdown(serv: SquidServer): Promise<void> {
  const leaving = [...serv.players].map(
    (p) =>
      new Promise<void>((resolve) => {
        if (p.disconnected) return resolve()
        const t = setTimeout(resolve, 2000)
        p.once('disconnected', () => {
          clearTimeout(t)
          resolve()
        })
        try {
          p.kick('Server closed')
        } catch {
          clearTimeout(t)
          resolve()
        }
      }),
  )
  await Promise.all(leaving)
  serv.isClosed = true
  serv.isReady = false
  serv.emit('close')
  // Unlike flying-squid's destroy(), late writes to a dead connection are dropped, not thrown.
  for (const p of serv.players) p._client.write = () => undefined
  const raw = serv._server as { close(): void; once(ev: string, cb: () => void): void; socketServer?: { listening?: boolean } }
  await new Promise<void>((resolve) => {
    const t = setTimeout(resolve, 2000)
    raw.once('close', () => {
      clearTimeout(t)
      resolve()
    })
    try {
      raw.close()
    } catch {
      clearTimeout(t)
      resolve()
    }
  })
}

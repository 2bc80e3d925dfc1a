/**
 * Test helpers: start a real embedded world and connect a plain mineflayer bot
 * over loopback. Always pair with `close()` (or `t.after`) so the process exits.
 */
import { once } from 'node:events'
import mineflayer, { type Bot } from 'mineflayer'
import { startWorld, type StartWorldOptions, type World } from '../../../src/minecraft/world/index.js'
import { waitForEvent as waitForEventNamed } from '../../support/wait.js'

export { startWorld, type World }

let counter = 0

/** Connects a plain mineflayer bot (offline mode, the world's version, default 1.16.5) and resolves once it has spawned. */
export async function connectBot(world: Pick<World, 'host' | 'port'> & { version?: string }, username?: string): Promise<Bot> {
  const name = username ?? `tester${++counter}`
  const bot = mineflayer.createBot({
    host: world.host,
    port: world.port,
    username: name,
    version: world.version ?? '1.16.5',
    auth: 'offline',
    checkTimeoutInterval: 60_000,
    logErrors: false,
  })
  bot.on('error', () => undefined) // surfaced by the race below when it matters
  // flying-squid positions a new player twice: at login and again once the client has moved.
  let forcedMoves = 0
  bot.on('forcedMove', () => {
    forcedMoves++
  })
  await new Promise<void>((resolve, reject) => {
    const fail = (why: unknown) => reject(new Error(`bot ${name} failed to spawn: ${String(why instanceof Error ? why.message : why)}`))
    bot.once('spawn', () => resolve())
    bot.once('error', fail)
    bot.once('kicked', fail)
    bot.once('end', fail)
  })
  // Settling only: if the second placement is late, carry on (the ground check below still holds).
  if (forcedMoves < 2) await waitForEvent(bot as never, 'forcedMove', () => forcedMoves >= 2, 15_000).catch(() => undefined)
  await waitUntilOnGround(bot)
  return bot
}

/** Waits for mineflayer's physics to settle the bot on the ground (digging in the air is 5x slower). */
export async function waitUntilOnGround(bot: Bot): Promise<void> {
  if (bot.entity.onGround) return
  await waitForEvent(bot as never, 'physicsTick', () => bot.entity.onGround, 30_000)
}

/** Quits a bot and waits until its connection is closed. */
export async function quitBot(bot: Bot): Promise<void> {
  const ended = once(bot, 'end').catch(() => undefined)
  bot.quit()
  await ended
}

/**
 * Starts a world and a connected bot; `close()` tears both down. The tests that use it were
 * written against the staged starter layout (fixed trees, pond, quarry, flat meadow at spawn),
 * so it asks for the starter profile unless `opts.profile` says otherwise.
 */
export async function worldWithBot(
  opts: StartWorldOptions = {},
  username?: string,
): Promise<{ world: World; bot: Bot; close(): Promise<void> }> {
  const world = await startWorld({ profile: 'starter', ...opts })
  try {
    const bot = await connectBot(world, username)
    return {
      world,
      bot,
      async close() {
        await quitBot(bot)
        await world.close()
      },
    }
  } catch (err) {
    await world.close()
    throw err
  }
}

/** Sets a block by name on the server (and tells connected clients). */
export async function setBlock(world: World, pos: { x: number; y: number; z: number }, name: string): Promise<void> {
  const def = world.server.registry.blocksByName[name]
  if (!def) throw new Error(`unknown block ${name}`)
  const { Vec3 } = await import('vec3')
  await world.server.setBlock(world.server.overworld, new Vec3(pos.x, pos.y, pos.z) as never, def.defaultState)
}

/** Item counts by name in the server-side inventory of a player (slots 9..44 plus the 2x2 grid). */
export function serverInventory(world: World, username: string): Record<string, number> {
  const p = world.server.players.find((pl) => pl.username === username)
  if (!p) throw new Error(`no player ${username}`)
  const out: Record<string, number> = {}
  p.inventory.slots.forEach((it, slot) => {
    if (it && slot >= 1) out[it.name] = (out[it.name] ?? 0) + it.count
  })
  return out
}

/** Item counts by name in a mineflayer bot's inventory. */
export function botInventory(bot: Bot): Record<string, number> {
  const out: Record<string, number> = {}
  for (const it of bot.inventory.items()) out[it.name] = (out[it.name] ?? 0) + it.count
  return out
}

/**
 * Resolves when `emitter` emits `event` with arguments accepted by `accept`.
 * `failAfterMs` only turns a hang into a failure with a message (not a speed check).
 */
export function waitForEvent<A extends unknown[]>(
  emitter: Parameters<typeof waitForEventNamed>[1],
  event: string,
  accept: (...args: A) => boolean = () => true,
  failAfterMs = 60_000,
): Promise<A> {
  return waitForEventNamed<A>(event, emitter, event, accept, failAfterMs)
}

/** Waits until the bot's inventory satisfies `pred`. */
export async function waitForInventory(bot: Bot, pred: (inv: Record<string, number>) => boolean, failAfterMs = 60_000): Promise<Record<string, number>> {
  if (pred(botInventory(bot))) return botInventory(bot)
  await waitForEvent(bot.inventory as never, 'updateSlot', () => pred(botInventory(bot)), failAfterMs)
  return botInventory(bot)
}

/** Resolves at once when `pred()` holds, else at the first `event` after which it holds. */
export async function waitUntil(
  emitter: { on(ev: string, cb: (...a: any[]) => void): unknown; off(ev: string, cb: (...a: any[]) => void): unknown },
  event: string,
  pred: () => boolean,
  failAfterMs = 60_000,
): Promise<void> {
  if (pred()) return
  await waitForEvent(emitter, event, () => pred(), failAfterMs)
}

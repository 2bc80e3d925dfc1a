/**
 * Test helpers: start a real embedded world and connect a plain mineflayer bot
 * over loopback. Always pair with `close()` (or `t.after`) so the process exits.
 */
import { once } from 'node:events'
import mineflayer, { type Bot } from 'mineflayer'
import { startWorld, type StartWorldOptions, type World } from '../../../src/minecraft/world/index.js'

export { startWorld, type World }

let counter = 0

/** Connects a plain mineflayer bot (offline mode) and resolves once it has spawned. */
export async function connectBot(world: Pick<World, 'host' | 'port'>, username?: string): Promise<Bot> {
  const name = username ?? `tester${++counter}`
  const bot = mineflayer.createBot({
    host: world.host,
    port: world.port,
    username: name,
    version: '1.16.5',
    auth: 'offline',
    checkTimeoutInterval: 60_000,
    logErrors: false,
  })
  bot.on('error', () => undefined) // surfaced by the race below when it matters
  await new Promise<void>((resolve, reject) => {
    const fail = (why: unknown) => reject(new Error(`bot ${name} failed to spawn: ${String(why instanceof Error ? why.message : why)}`))
    bot.once('spawn', () => resolve())
    bot.once('error', fail)
    bot.once('kicked', fail)
    bot.once('end', fail)
  })
  return bot
}

/** Quits a bot and waits until its connection is closed. */
export async function quitBot(bot: Bot): Promise<void> {
  const ended = once(bot, 'end').catch(() => undefined)
  bot.quit()
  await ended
}

/** Starts a world and a connected bot; `close()` tears both down. */
export async function worldWithBot(
  opts: StartWorldOptions = {},
  username?: string,
): Promise<{ world: World; bot: Bot; close(): Promise<void> }> {
  const world = await startWorld(opts)
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

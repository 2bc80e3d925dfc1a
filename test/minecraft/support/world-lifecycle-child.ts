/**
 * Child process for the lifecycle test: starts worlds, connects a bot, closes
 * everything, and then simply returns. If anything keeps the event loop alive
 * (a stray timer, socket or stdin reader), this process never exits and the
 * parent test fails.
 */
import { connectBot, quitBot, startWorld } from './world.js'

const rounds = Number(process.argv[2] ?? '2')
for (let i = 0; i < rounds; i++) {
  const world = await startWorld({ seed: i })
  const bot = await connectBot(world, `child${i}`)
  if (i % 2 === 0) await quitBot(bot) // odd rounds: the server closes with the bot still connected
  await world.close()
  if (i % 2 === 1) await new Promise<void>((resolve) => (bot as unknown as { _client: { socket?: { destroyed?: boolean } } })._client.socket?.destroyed ? resolve() : bot.once('end', () => resolve()))
}
process.stdout.write('done\n')

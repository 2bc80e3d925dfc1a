/**
 * The login's second placement. flying-squid places a joining player twice: at login and once more
 * when the login is over, at the login position. It used to end the login only on the client's
 * first `flying` or `look` packet; a bot that walks off at once sends neither, and the second
 * placement then came when it first turned on the spot, putting it back where it joined (a bot
 * digging in for the night 15 blocks away found itself at its spawn point). Any movement packet
 * ends the login now.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import mineflayer from 'mineflayer'
import { startWorld, quitBot } from './support/world.js'
import { waitFor } from '../support/wait.js'

describe('login placement', { timeout: 120_000 }, () => {
  test('a bot that walks off at once is placed the second time where it joined', async (t) => {
    const world = await startWorld({ seed: 5, profile: 'starter', monsters: false })
    const bot = mineflayer.createBot({ host: world.host, port: world.port, username: 'Walker', version: world.version, auth: 'offline', logErrors: false })
    bot.on('error', () => undefined)
    t.after(async () => {
      if (bot.entity) await quitBot(bot)
      await world.close()
    })
    // where the bot stood at each placement (read just before mineflayer applies it)
    const placedFrom: Array<{ x: number; z: number }> = []
    bot._client.prependListener('position', () => {
      if (bot.entity?.position) placedFrom.push({ x: bot.entity.position.x, z: bot.entity.position.z })
    })
    await new Promise<void>((resolve, reject) => {
      bot.once('spawn', () => resolve())
      bot.once('end', (why) => reject(new Error(`no spawn: ${why}`)))
    })
    const joined = bot.entity.position.clone()
    // straight ahead from the first tick, never turning: only `position` packets go out
    bot.setControlState('forward', true)
    await waitFor('the second placement', () => placedFrom.length >= 2, { timeoutMs: 30_000 })
    const second = placedFrom[1]!
    const away = Math.hypot(second.x - joined.x, second.z - joined.z)
    assert.ok(away < 3, `the second placement came ${away.toFixed(1)} blocks from where the bot joined`)
  })
})

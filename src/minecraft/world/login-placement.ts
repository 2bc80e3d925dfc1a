/**
 * flying-squid finishes a login once the client has sent its first `flying` or `look` packet: only
 * then does it send the rest of the chunks and place the player again at its login position
 * ("so it does not fall through the world"). A vanilla client sends such a packet at once; a
 * mineflayer bot that walks off right after joining sends only `position` packets, so the second
 * placement waits until it first turns on the spot, maybe minutes later, and then puts it back
 * where it joined: a bot digging in for the night 15 blocks away found itself at its spawn point.
 * Here any movement packet finishes the login, so the second placement comes while the bot is
 * still where it joined.
 */
import type { SquidPlayer, SquidServer } from './squid.js'

const LOGIN_PACKETS = ['flying', 'look', 'position', 'position_look'] as const

export function finishLoginOnFirstMove(serv: SquidServer): void {
  serv.on('newPlayer', (player: SquidPlayer) => {
    if (typeof player.waitPlayerLogin !== 'function') return
    player.waitPlayerLogin = () =>
      new Promise<void>((resolve) => {
        const client = player._client
        const done = () => {
          for (const p of LOGIN_PACKETS) client.removeListener(p, done)
          resolve()
        }
        for (const p of LOGIN_PACKETS) client.on(p, done)
      })
  })
}

/**
 * flying-squid's login starts a 5 s `setInterval` per player (tab-list latency)
 * and never clears it: it would keep the process alive after `close()` and,
 * once the connection is gone, throw from the timer. We capture intervals
 * created during the synchronous part of login that contains that call
 * (from `player.setXp` up to the `spawned` event) and clear them when the
 * player leaves or the server closes.
 */
import type { SquidPlayer, SquidServer } from './squid.js'

export function trackLoginTimers(serv: SquidServer): { clearAll(): void } {
  const live = new Set<NodeJS.Timeout>()

  serv.on('newPlayer', (player: SquidPlayer) => {
    const mine: NodeJS.Timeout[] = []
    const originalSetXp = player.setXp
    if (typeof originalSetXp !== 'function') return
    let captured = false
    player.setXp = function (this: unknown, ...args: unknown[]) {
      if (!captured) {
        captured = true
        player.setXp = originalSetXp
        const realSetInterval = globalThis.setInterval
        const capture = ((fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
          const t = realSetInterval(fn, ms, ...rest)
          mine.push(t)
          live.add(t)
          return t
        }) as typeof setInterval
        globalThis.setInterval = capture
        const restore = () => {
          if (globalThis.setInterval === capture) globalThis.setInterval = realSetInterval
        }
        player.once('spawned', restore)
        queueMicrotask(restore) // the window is synchronous; never leave the hook installed
      }
      return (originalSetXp as (...a: unknown[]) => unknown).apply(player, args)
    }
    const clearMine = () => {
      for (const t of mine) {
        clearInterval(t)
        live.delete(t)
      }
    }
    player.once('disconnected', clearMine)
    player._client.once('end', clearMine)
  })

  return {
    clearAll() {
      for (const t of live) clearInterval(t)
      live.clear()
    },
  }
}

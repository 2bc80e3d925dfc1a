/**
 * Stops a skill that makes no progress: no movement, no inventory change, no block dug and no
 * reported progress for a while. A dig under way is not progress by itself (a pathfinder "clearing
 * the way" forever would never be stopped); a dig finished is. Skills get unstuck on their own
 * first (nav.ts: 10 s without a step or a broken block ends a goto); this is the backstop.
 */
import type { Reflex } from './types.js'

export const WATCHDOG_IDLE_MS = 45_000

export function createWatchdog(idleMs = WATCHDOG_IDLE_MS): Reflex {
  return {
    name: 'watchdog',
    start(host) {
      const { bot, slot } = host
      let lastPos = bot.entity?.position.clone()
      let lastInv = ''
      let dug = 0
      let lastDug = 0
      const onDug = () => void dug++
      const events = typeof bot.on === 'function'
      if (events) bot.on('diggingCompleted', onDug)
      const tick = () => {
        const cur = slot.current()
        if (!cur || cur.def.watchdog === false || !bot.entity) return
        const p = bot.entity.position
        const inv = bot.inventory.items().map((i) => `${i.name}:${i.count}`).join(',')
        if (!lastPos || p.distanceTo(lastPos) > 0.5 || inv !== lastInv || dug !== lastDug) {
          lastPos = p.clone()
          lastInv = inv
          lastDug = dug
          slot.markProgress()
          return
        }
        if (Date.now() - cur.lastProgressAt > idleMs) {
          host.log.info('watchdog stops a stalled skill', { skill: cur.call.skill })
          void slot.abortCurrent(`stopped by watchdog: ${cur.call.skill} made no progress for ${Math.round(idleMs / 1000)}s`)
        }
      }
      const t = setInterval(tick, 1000)
      return () => {
        clearInterval(t)
        if (events) bot.removeListener('diggingCompleted', onDug)
      }
    },
  }
}

/** Stops a skill that makes no progress: no movement, no inventory change, no reported progress for a while. */
import type { Reflex } from './types.js'

export const WATCHDOG_IDLE_MS = 45_000

export function createWatchdog(idleMs = WATCHDOG_IDLE_MS): Reflex {
  return {
    name: 'watchdog',
    start(host) {
      const { bot, slot } = host
      let lastPos = bot.entity?.position.clone()
      let lastInv = ''
      const tick = () => {
        const cur = slot.current()
        if (!cur || cur.def.watchdog === false || !bot.entity) return
        const p = bot.entity.position
        const inv = bot.inventory.items().map((i) => `${i.name}:${i.count}`).join(',')
        const digging = !!(bot as unknown as { targetDigBlock?: unknown }).targetDigBlock
        if (!lastPos || p.distanceTo(lastPos) > 0.5 || inv !== lastInv || digging) {
          lastPos = p.clone()
          lastInv = inv
          slot.markProgress()
          return
        }
        if (Date.now() - cur.lastProgressAt > idleMs) {
          host.log.info('watchdog stops a stalled skill', { skill: cur.call.skill })
          void slot.abortCurrent(`stopped by watchdog: ${cur.call.skill} made no progress for ${Math.round(idleMs / 1000)}s`)
        }
      }
      const t = setInterval(tick, 1000)
      return () => clearInterval(t)
    },
  }
}

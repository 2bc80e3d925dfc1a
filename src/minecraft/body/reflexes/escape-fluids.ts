/**
 * Get out of lava (always) and surface from water when the air runs low or no skill
 * is steering: hold jump and walk toward the nearest dry standing spot.
 */
import type { Bot } from 'mineflayer'
import type { Reflex } from './types.js'

function fluidAt(bot: Bot, dy: number): string | null {
  const b = bot.blockAt(bot.entity.position.offset(0, dy, 0))
  return b && (b.name === 'lava' || b.name === 'water') ? b.name : null
}

export const escapeFluidsReflex: Reflex = {
  name: 'escapeFluids',
  start(host) {
    const { bot } = host
    let steering = false
    const tick = () => {
      if (!bot.entity) return
      const feet = fluidAt(bot, 0.1)
      const head = fluidAt(bot, 1.62)
      const inLava = feet === 'lava' || head === 'lava'
      const drowning = head === 'water' && (bot.oxygenLevel ?? 20) < 10
      const idleInWater = head === 'water' && !host.slot.current()
      if (!inLava && !drowning && !idleInWater) {
        if (steering) {
          bot.setControlState('jump', false)
          bot.setControlState('forward', false)
          steering = false
        }
        return
      }
      steering = true
      bot.setControlState('jump', true)
      if (inLava) {
        // Head for the nearest block with a dry floor.
        const dry = bot.findBlock({
          matching: (b) => b.boundingBox === 'block' && b.name !== 'lava' && b.name !== 'magma_block',
          maxDistance: 6,
          useExtraInfo: (b) => {
            const above = bot.blockAt(b.position.offset(0, 1, 0))
            return !!above && above.name === 'air'
          },
        })
        if (dry) void bot.lookAt(dry.position.offset(0.5, 1, 0.5), true)
        bot.setControlState('forward', true)
      }
    }
    const t = setInterval(tick, 250)
    return () => {
      clearInterval(t)
      if (steering) {
        bot.setControlState('jump', false)
        bot.setControlState('forward', false)
      }
    }
  },
}

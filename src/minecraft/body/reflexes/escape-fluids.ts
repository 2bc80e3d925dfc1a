/**
 * Get out of lava (always) and surface from water when the air runs low or no skill
 * is steering: hold jump and walk toward the nearest dry standing spot the bot knows of.
 *
 * Fair play: the dry spot comes from the block knowledge (senses/known-blocks.ts), never from a
 * search over the whole loaded world; a block with air above it is exposed, so every spot one
 * could stand on is known.
 */
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import type { Registry } from '../items.js'
import type { BlockKnowledge, KnownBlock } from '../senses/known-blocks.js'
import type { Reflex } from './types.js'
import { isAirName } from '../../names.js'

/** How far the reflex looks for dry ground. */
export const DRY_RADIUS = 6

function fluidAt(bot: Bot, dy: number): string | null {
  const b = bot.blockAt(bot.entity.position.offset(0, dy, 0))
  return b && (b.name === 'lava' || b.name === 'water') ? b.name : null
}

/** The nearest known block one can stand on out of the fluid: solid, not lava or magma, air above it. */
export function nearestDryFloor(bot: Bot, registry: Registry, knowledge: BlockKnowledge): KnownBlock | null {
  const solid = (n: string) => registry.blocksByName[n]?.boundingBox === 'block' && n !== 'lava' && n !== 'magma_block'
  const spots = knowledge.find(solid, { radius: DRY_RADIUS, count: 64 })
  return (
    spots.find((k) => {
      const above = bot.blockAt(new Vec3(k.position.x, k.position.y + 1, k.position.z))
      return !!above && isAirName(above.name)
    }) ?? null
  )
}

export const escapeFluidsReflex: Reflex = {
  name: 'escapeFluids',
  start(host) {
    const { bot } = host
    let steering = false
    let lastTarget = ''
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
          lastTarget = ''
        }
        return
      }
      steering = true
      bot.setControlState('jump', true)
      if (inLava) {
        // Head for the nearest dry floor the bot knows of.
        const dry = nearestDryFloor(bot, host.registry, host.knowledge())
        if (dry) {
          const k = `${dry.position.x},${dry.position.y},${dry.position.z}`
          if (k !== lastTarget) host.knowledge().chose(dry.name, dry.position, 'escape')
          lastTarget = k
          void bot.lookAt(new Vec3(dry.position.x + 0.5, dry.position.y + 1, dry.position.z + 0.5), true)
        }
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

/**
 * Out of deep water onto a bank. mineflayer-pathfinder plans no way out of a pond two blocks deep: it
 * has no move that swims up, and from the surface it measures the jump onto the bank from the floor
 * under the water (movements.js getMoveJumpUp: "too high to jump"). A player swims to the bank and
 * climbs out; prismarine-physics lifts an entity in water that pushes against a wall (vanilla's
 * climb out), so jump with forward toward a bank brings the bot out.
 */
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'

/** Physics ticks of swimming toward a bank before giving up (3 s: a pond's width at swimming speed). */
export const CLIMB_OUT_TICKS = 60
/** How far around the bot a bank is looked for. */
const BANK_RADIUS = 5

type Point = { x: number; y: number; z: number }

export function inWater(bot: Bot): boolean {
  return !!(bot.entity as unknown as { isInWater?: boolean } | undefined)?.isInWater
}

const solid = (bot: Bot, x: number, y: number, z: number) => bot.blockAt(new Vec3(x, y, z))?.boundingBox === 'block'
const open = (bot: Bot, x: number, y: number, z: number) => {
  const b = bot.blockAt(new Vec3(x, y, z))
  return !!b && b.boundingBox === 'empty' && b.name !== 'water' && b.name !== 'lava'
}

/**
 * The top of the bank to climb onto: a solid block at most one above the water's surface around the
 * bot, with room for a player on it, the nearest to `toward` (when given) among the near ones.
 */
export function bankNear(bot: Bot, toward?: Point): Point | null {
  const me = bot.entity.position
  const feet = Math.floor(me.y)
  let best: { at: Point; score: number } | null = null
  for (let dx = -BANK_RADIUS; dx <= BANK_RADIUS; dx++)
    for (let dz = -BANK_RADIUS; dz <= BANK_RADIUS; dz++) {
      const x = Math.floor(me.x) + dx
      const z = Math.floor(me.z) + dz
      for (let y = feet; y <= feet + 2; y++) {
        if (!solid(bot, x, y, z) || !open(bot, x, y + 1, z) || !open(bot, x, y + 2, z)) continue
        const at = { x: x + 0.5, y: y + 1, z: z + 0.5 }
        const near = Math.hypot(at.x - me.x, at.z - me.z)
        const score = near + (toward ? Math.hypot(at.x - toward.x, at.z - toward.z) : 0)
        if (!best || score < best.score) best = { at, score }
        break
      }
    }
  return best?.at ?? null
}

/**
 * Swims toward the bank nearest `toward` (or the bot) holding jump and forward, for CLIMB_OUT_TICKS
 * at most, until it stands out of the water, or until `signal` aborts. Resolves true when it ends out
 * of the water; false at once when no bank is in reach. The controls are released at the end.
 */
export function climbOut(bot: Bot, toward?: Point, signal?: AbortSignal): Promise<boolean> {
  const bank = bankNear(bot, toward)
  if (!bank || signal?.aborted) return Promise.resolve(!inWater(bot))
  return new Promise((resolve) => {
    let left = CLIMB_OUT_TICKS
    const release = () => {
      bot.removeListener('physicsTick', onTick)
      signal?.removeEventListener('abort', release)
      bot.setControlState('jump', false)
      bot.setControlState('forward', false)
      resolve(!inWater(bot))
    }
    const onTick = () => {
      if (!bot.entity || --left <= 0 || (!inWater(bot) && bot.entity.onGround)) return release()
      void bot.lookAt(new Vec3(bank.x, bot.entity.position.y + 1.6, bank.z), true).catch(() => undefined)
    }
    void bot.lookAt(new Vec3(bank.x, bot.entity.position.y + 1.6, bank.z), true).catch(() => undefined)
    bot.setControlState('jump', true)
    bot.setControlState('forward', true)
    bot.on('physicsTick', onTick)
    signal?.addEventListener('abort', release, { once: true })
  })
}

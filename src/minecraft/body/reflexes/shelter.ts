/**
 * Night: from dusk, a bot under the open sky digs in (the shelter skill) and stays there until
 * dawn. It runs as the action slot's hold, so whatever a mind asks meanwhile waits for the morning
 * instead of dragging the bot out into the dark; the interrupted action ends with "interrupted by
 * shelter". Under cover near the open sky (a cave mouth, an overhang: open space that reaches the
 * sky within 6 blocks) it shelters too, sealed in where it is. Deeper underground (a roof of solid
 * blocks above the head, leaves aside, and no sky near) the bot carries on: caves are as dark by day
 * as by night. When no shelter can be dug here, it tries
 * again after a while (the bot may have moved on), and fights meanwhile (strike-back).
 *
 * A bot out to hunt monsters (a `hunt` of a hostile mob started within the last HUNTING_MS: string
 * from spiders, bones, gunpowder) stays out when it carries a sword or an axe: those mobs come at
 * night, and a dug-in bot got none (the bench's fishing_rod run sheltered from 822 s to its end
 * without a string); unarmed, it digs in as before (a gunpowder run that stayed out fought creepers
 * bare-handed and died again and again). For the same reason a bot already dug in lets an armed hunt
 * of a hostile mob end the shelter (the hold yields to it): a mind whose plan waited for the night to
 * hunt spiders (the planner's clock takes a dropped hunt back near dusk) would otherwise wait in the
 * hole until dawn (the bench's fishing_rod runs: dug in from dusk to the end).
 *
 * Out hunting monsters but unarmed (a monster at dusk took the sword with its life), the night lets
 * the bot get a new one: a collect of wood or cobblestone and the crafts run, and end a shelter
 * already dug (`armingCall`). Dead, the bot has nothing left to lose, and the hunt is the task: the
 * bench's fishing_rod and gunpowder runs (drops39) died at dusk and sat in the hole, their arming
 * step waiting, until the time ran out. A hunt unarmed is still held until dawn.
 */
import type { Bot } from 'mineflayer'
import { isNight, isSealedIn, openToSkyNear, underOpenSky } from '../skills/shelter.js'
import type { Reflex } from './types.js'
import type { SkillCall } from '../types.js'
import { isWeapon } from '../../melee.js'
import { isHostileMob } from '../../hostile.js'
import { TAGS, planKey } from '../../names.js'

const RETRY_AFTER_FAILURE_MS = 20_000
/** A craft under way is let finish for up to this long before the night hold cuts it. */
export const CRAFT_GRACE_MS = 30_000

/**
 * Whether the night hold may cut the skill now running: not a reflex's own hold (a fight, a flight:
 * the hole is dug when it is over), and not a craft that started less than CRAFT_GRACE_MS ago. A craft
 * takes seconds and the night hold minutes: a diamond run (seed 20) lost 405 s when the shelter cut
 * its last craft, every material held, 1 s in.
 */
export function nightMayCut(running: { call: SkillCall; held?: boolean; startedAt: number } | null, now: number): boolean {
  if (!running) return true
  if (running.held) return false
  return !(running.call.skill === 'craft' && now - running.startedAt < CRAFT_GRACE_MS)
}
const SWORD_MATERIALS: ReadonlySet<string> = new Set(['log', ...TAGS.stone_crafting_materials!])
/** Calls on the way to a sword (wood, cobblestone, crafts), which the night lets run for an unarmed bot out hunting monsters. */
export function armingCall(call: SkillCall): boolean {
  if (call.skill === 'craft') return true
  if (call.skill !== 'collect') return false
  return call.items.length > 0 && call.items.every((i) => SWORD_MATERIALS.has(planKey(i.name)))
}
/** After an arming call ends, this long before the night hold may start (the next craft comes within a few seconds). */
const ARMING_GAP_MS = 15_000
/** How long after a hunt of a hostile mob started the bot counts as out hunting (the mind looks elsewhere between hunts). */
export const HUNTING_MS = 300_000
export { underOpenSky }

export const shelterReflex: Reflex = {
  name: 'shelter',
  start(host) {
    const { bot } = host
    let running = false
    let quietUntil = 0
    let huntingAt = -Infinity
    let armingAt = -Infinity
    const armed = () => bot.inventory.items().some((i) => isWeapon(i.name))
    const outHunting = () => Date.now() - huntingAt < HUNTING_MS
    const gettingArmed = (next: SkillCall) => outHunting() && !armed() && armingCall(next)
    const onStart = (call: SkillCall) => {
      if (call?.skill === 'hunt' && isHostileMob(host.registry, call.entity)) huntingAt = Date.now()
      if (gettingArmed(call)) armingAt = Date.now()
    }
    const onEnd = (call: SkillCall) => {
      if (gettingArmed(call)) armingAt = Date.now()
    }
    host.events.on('skill.start', onStart)
    host.events.on('skill.end', onEnd)
    const armedHunt = (next: SkillCall) => next.skill === 'hunt' && isHostileMob(host.registry, next.entity) && armed()
    const tick = () => {
      if (running || !bot.entity || bot.health <= 0 || !isNight(bot.time?.timeOfDay ?? 0) || Date.now() < quietUntil) return
      if (outHunting() && armed()) return
      const current = host.slot.current()
      if (current && !current.held && gettingArmed(current.call)) return
      if (Date.now() - armingAt < ARMING_GAP_MS && outHunting()) return
      if (!nightMayCut(current, Date.now())) return
      // deep underground the bot carries on; near the surface's open space it shelters (sealed in where it is)
      if (!underOpenSky(bot) && !isSealedIn(bot) && !openToSkyNear(bot)) return
      running = true
      host.log.info('night: sheltering until dawn', { time: Math.floor(bot.time.timeOfDay) })
      void host
        .hold({ skill: 'shelter' }, { yieldTo: (next) => armedHunt(next) || gettingArmed(next) })
        .then((r) => {
          if (r.ok) return
          host.log.info('no shelter', { reason: r.reason })
          if (!r.reason.startsWith('cancelled')) quietUntil = Date.now() + RETRY_AFTER_FAILURE_MS
        })
        .finally(() => {
          running = false
        })
    }
    const t = setInterval(tick, 1000)
    return () => {
      clearInterval(t)
      host.events.off('skill.start', onStart)
      host.events.off('skill.end', onEnd)
    }
  },
}

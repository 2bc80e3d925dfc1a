/**
 * Up first, when the work is up there: a skill starts whose work is on the surface (logs or other
 * blocks known only up there, animals, a sheep to shear, a field to farm) while the bot is deep below
 * ground, with nothing of it known or in sight down where it is. The bot first gets back under the
 * open sky (the `surface` skill, as the action slot's hold, with its own time): the skill it cut
 * short ends "interrupted by surface" and the mind asks again from up there. Without it, such a skill
 * spent its whole budget on the way up (a log from a cave 17 blocks down took longer than the 80 s a
 * one-log collect has, again and again). Ores are not surface work: they are dug for down there.
 */
import type { Bot } from 'mineflayer'
import { resolveCollectTarget } from '../items.js'
import { surfaceAbove } from '../skills/explore.js'
import { isOre } from '../skills/tunnel.js'
import type { SkillCall } from '../types.js'
import type { Reflex, ReflexHost } from './types.js'

/** Blocks of ground over the head from which the bot climbs out before surface work. */
export const DEEP_BELOW = 6
/** Something known within this many blocks above the feet counts as down here (reachable by walking). */
const DOWN_HERE = 4
/** After a climb that failed, surface work goes ahead where the bot is for this long. */
const QUIET_AFTER_FAILURE_MS = 120_000
const SIGHT = 48

/** Whether `call` is work on the surface that nothing down here serves; `feetY` the bot's level. */
export function wantsSurface(host: Pick<ReflexHost, 'bot' | 'registry' | 'knowledge'>, call: SkillCall, feetY: number): boolean {
  const { bot, registry } = host
  const mobDownHere = (kind: string) =>
    Object.values(bot.entities).some((e) => e !== bot.entity && e.name === kind && e.position.distanceTo(bot.entity.position) <= SIGHT && e.position.y <= feetY + DOWN_HERE)
  switch (call.skill) {
    case 'collect': {
      const names = new Set<string>()
      for (const item of call.items) {
        const target = resolveCollectTarget(registry, item.name)
        if (!target.ok) return false
        if (target.value.sources.some((s) => isOre(s, registry as never))) return false
        for (const s of target.value.sources) names.add(s)
      }
      const known = host.knowledge().find((n) => names.has(n), { radius: 64, count: 64 })
      return !known.some((k) => k.position.y <= feetY + DOWN_HERE)
    }
    case 'hunt':
      return !mobDownHere(call.entity.replace(/^minecraft:/, ''))
    case 'shear':
      return !mobDownHere('sheep')
    case 'farm':
      return true
    default:
      return false
  }
}

function depthBelowGround(host: Pick<ReflexHost, 'bot' | 'registry'>): number {
  const roof = surfaceAbove(host)
  return roof === null ? 0 : roof - Math.floor(host.bot.entity.position.y + 0.01)
}

/**
 * The climb yields to a fight: strike-back's defence against a monster that hits the bot on the way up
 * (cave-escape's CI run: a spider killed the bot at y 53 while it climbed on, 13 health, unanswered).
 */
const selfDefence = (next: SkillCall) => next.skill === 'attack'

export const surfaceReflex: Reflex = {
  name: 'surface',
  start(host) {
    const bot: Bot = host.bot
    let climbing = false
    let quietUntil = 0
    const onStart = (call: SkillCall) => {
      if (climbing || Date.now() < quietUntil || !bot.entity || bot.health <= 0) return
      if (host.slot.current()?.held) return
      if (depthBelowGround(host) < DEEP_BELOW) return
      if (!wantsSurface(host, call, Math.floor(bot.entity.position.y + 0.01))) return
      climbing = true
      host.log.info('climbing out before surface work', { next: call.skill, y: Math.floor(bot.entity.position.y) })
      void host
        .hold({ skill: 'surface' }, { yieldTo: selfDefence })
        .then((r) => {
          // a climb cut short by a fight is no failed climb: the next surface work starts it again
          if (r.ok || r.reason.startsWith('cancelled: interrupted by')) return
          host.log.info('could not climb out', { reason: r.reason })
          quietUntil = Date.now() + QUIET_AFTER_FAILURE_MS
        })
        .finally(() => {
          climbing = false
        })
    }
    host.events.on('skill.start', onStart)
    return () => host.events.removeListener('skill.start', onStart)
  },
}

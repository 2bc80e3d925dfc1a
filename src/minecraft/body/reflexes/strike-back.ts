/**
 * Strike back, as the action slot's hold (the running skill is interrupted; a mind's next action
 * waits until the fight is over instead of breaking it off):
 *  - against attackers whose UUID is on the strike-back list (the LynxMind strike-back targets);
 *  - in self-defence, against any hostile mob that hits the bot, with the best sword or axe carried.
 * When health is low (≤ 6, the `health.low` level) a hostile attacker is fled from instead: the bot
 * runs 20 blocks straight away from it; so it is from a creeper (hitting one makes it explode).
 * Nothing starts while another hold runs (the night shelter: a hit then comes through a gap, and
 * leaving the hole would be worse; a fight already going on) unless the hold yields to it: the climb
 * out of a cave yields to a fight (a spider on the way up killed a bot that climbed on regardless).
 */
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import { LOW_HEALTH } from '../senses/hurt.js'
import { isHostileMob } from '../../hostile.js'
import type { Reflex } from './types.js'
import type { SkillCall } from '../types.js'

const DEFENCE_RADIUS = 16
const FLEE_DISTANCE = 20

function nearestNamed(bot: Bot, name: string, radius: number): Entity | undefined {
  return Object.values(bot.entities)
    .filter((e) => e !== bot.entity && e.name === name && e.position.distanceTo(bot.entity.position) <= radius)
    .sort((a, b) => a.position.distanceTo(bot.entity.position) - b.position.distanceTo(bot.entity.position))[0]
}

export const strikeBackReflex: Reflex = {
  name: 'strikeBack',
  start(host) {
    const { bot } = host
    const onHurt = (ev: { type: string; data: string }) => {
      if (ev.type !== 'hurt.combat' || !bot.entity) return
      const cur = host.slot.current()
      // a hold is left alone unless it yields to the fight (the climb out of a cave does: a monster met
      // on the way up is fought there; the night shelter does not: leaving the hole would be worse)
      const heldAgainst = (call: SkillCall) => !!cur?.held && !cur.yieldTo?.(call)
      if (cur?.held && !cur.yieldTo) return
      const name = ev.data.slice(0, ev.data.lastIndexOf(':'))
      const list = host.strikeBackList()
      const listed = list.length
        ? Object.values(bot.entities).find((e) => e !== bot.entity && (e.username === name || e.name === name) && !!e.uuid && list.includes(e.uuid.toLowerCase()))
        : undefined
      const hostile = !listed && isHostileMob(host.registry, name) ? nearestNamed(bot, name, DEFENCE_RADIUS) : undefined
      const attacker = listed ?? hostile
      if (!attacker) return
      if (hostile && (bot.health <= LOW_HEALTH || name === 'creeper')) {
        if (fleeing) return
        const p = bot.entity.position
        const dx = p.x - hostile.position.x
        const dz = p.z - hostile.position.z
        const d = Math.hypot(dx, dz) || 1
        const flee: SkillCall = { skill: 'moveToXZ', x: Math.round(p.x + (dx / d) * FLEE_DISTANCE), z: Math.round(p.z + (dz / d) * FLEE_DISTANCE) }
        if (heldAgainst(flee)) return
        host.log.info('fleeing', { from: name, health: bot.health })
        fleeing = true
        void host.hold(flee).finally(() => {
          fleeing = false
        })
        return
      }
      const target = attacker.uuid ?? String(attacker.id)
      if (cur?.call.skill === 'attack' && (cur.call.target === target || cur.call.target === String(attacker.id))) return
      const fight: SkillCall = { skill: 'attack', target: listed ? target : String(attacker.id) }
      if (heldAgainst(fight)) return
      host.log.info(listed ? 'striking back' : 'defending myself', { attacker: name })
      void host.hold(fight)
    }
    let fleeing = false
    host.events.on('health.change', onHurt)
    return () => host.events.removeListener('health.change', onHurt)
  },
}

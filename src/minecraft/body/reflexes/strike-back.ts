/** Retaliate against attackers whose UUID is on the strike-back list (interrupts the running skill). */
import type { Reflex } from './types.js'

export const strikeBackReflex: Reflex = {
  name: 'strikeBack',
  start(host) {
    const { bot } = host
    const onHurt = (ev: { type: string; data: string }) => {
      if (ev.type !== 'hurt.combat') return
      const list = host.strikeBackList()
      if (!list.length) return
      const name = ev.data.slice(0, ev.data.lastIndexOf(':'))
      const attacker = Object.values(bot.entities).find(
        (e) => e !== bot.entity && (e.username === name || e.name === name) && !!e.uuid && list.includes(e.uuid.toLowerCase()),
      )
      if (!attacker?.uuid) return
      const cur = host.slot.current()
      if (cur?.call.skill === 'attack' && cur.call.target === attacker.uuid) return
      host.log.info('striking back', { attacker: name })
      void host.run({ skill: 'attack', target: attacker.uuid })
    }
    host.events.on('health.change', onHurt)
    return () => host.events.removeListener('health.change', onHurt)
  },
}

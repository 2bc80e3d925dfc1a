/**
 * Says each death of the bot in one line: its cause (the body's last attacker or hurt kind) and
 * what was lost (the inventory before the death against the one after the respawn). Every link's
 * command (play, bot, brain, maicore) prints it; the plan is rebuilt from what is left by the
 * executor, which sees the new inventory.
 */
import type { Body } from '../body/types.js'
import { bareName } from '../names.js'

export function reportDeaths(body: Body, out: (line: string) => void): () => void {
  let before: { cause: string; inventory: Record<string, number> } | undefined
  const onDeath = (cause?: unknown) => {
    before = { cause: typeof cause === 'string' && cause ? cause : 'cause unknown', inventory: body.inventoryCounts() }
  }
  const onRespawn = () => {
    if (!before) return
    const now = body.inventoryCounts()
    const lost = Object.entries(before.inventory)
      .map(([k, n]) => [k, n - (now[k] ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${bareName(k)}`)
    out(`died (${before.cause}); lost ${lost.length ? lost.join(', ') : 'nothing'}; re-planning from what is left`)
    before = undefined
  }
  body.on('death', onDeath)
  body.on('respawn', onRespawn)
  return () => {
    body.off('death', onDeath)
    body.off('respawn', onRespawn)
  }
}

/**
 * Says each death of the bot in one line: its cause (the body's last attacker or hurt kind, and the
 * server's own message when it sends one) and what was lost (the inventory before the death
 * against the one after the respawn). Every link's
 * command (play, bot, brain, maicore) prints it; the plan is rebuilt from what is left by the
 * executor, which sees the new inventory.
 */
import type { Body } from '../body/types.js'
import { bareName } from '../names.js'

/** How long before the death the server's message of it may have come. */
const MESSAGE_BEFORE_DEATH_MS = 2000

export function reportDeaths(body: Body, out: (line: string) => void): () => void {
  let before: { cause: string; inventory: Record<string, number> } | undefined
  // the server's message comes just before the death (vanilla) or just after it (the embedded world)
  let message: { text: string; at: number } | undefined
  const onMessage = (text: unknown) => {
    if (typeof text === 'string') message = { text, at: Date.now() }
  }
  const onDeath = (cause?: unknown) => {
    if (message && Date.now() - message.at > MESSAGE_BEFORE_DEATH_MS) message = undefined
    before = { cause: typeof cause === 'string' && cause ? cause : 'cause unknown', inventory: body.inventoryCounts() }
  }
  const onRespawn = () => {
    if (!before) return
    const now = body.inventoryCounts()
    const lost = Object.entries(before.inventory)
      .map(([k, n]) => [k, n - (now[k] ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${bareName(k)}`)
    const server = message ? `; the server: "${message.text}"` : ''
    out(`died (${before.cause}${server}); lost ${lost.length ? lost.join(', ') : 'nothing'}; re-planning from what is left`)
    before = undefined
    message = undefined
  }
  body.on('death.message', onMessage)
  body.on('death', onDeath)
  body.on('respawn', onRespawn)
  return () => {
    body.off('death.message', onMessage)
    body.off('death', onDeath)
    body.off('respawn', onRespawn)
  }
}

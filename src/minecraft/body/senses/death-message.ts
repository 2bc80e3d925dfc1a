/**
 * The server's own words for the bot's death, the message of its death screen: 1.16's
 * `combat_event` (event 2, a JSON text) and 1.17+'s `death_combat_event` (a JSON text, an NBT
 * text component since 1.20.3). The body's cause of a death is otherwise only inferred from
 * what it saw before it (senses/wire.ts).
 */
import type { Bot } from 'mineflayer'
import { componentText } from '../text-component.js'

type DeathPacket = { event?: unknown; playerId?: unknown; message?: unknown }

/** Calls `onMessage` with the text of each death screen the server shows this bot; returns the detach. */
export function watchDeathMessages(bot: Bot, onMessage: (text: string) => void): () => void {
  const client = bot._client as unknown as { on(ev: string, fn: (p: DeathPacket) => void): void; removeListener(ev: string, fn: (p: DeathPacket) => void): void }
  const handle = (p: DeathPacket) => {
    if (p.playerId !== undefined && bot.entity && p.playerId !== bot.entity.id) return
    let text: string | undefined
    try {
      text = componentText(bot.registry as unknown as object, p.message)
    } catch {
      return // a message that is no text component says nothing; it never ends the process
    }
    if (text) onMessage(text)
  }
  const onCombat = (p: DeathPacket) => {
    if (p.event === 2 || p.event === 'entity_dead') handle(p)
  }
  client.on('combat_event', onCombat)
  client.on('death_combat_event', handle)
  return () => {
    client.removeListener('combat_event', onCombat)
    client.removeListener('death_combat_event', handle)
  }
}

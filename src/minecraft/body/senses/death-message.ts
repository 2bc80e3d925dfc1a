/**
 * The server's own words for the bot's death, the message of its death screen: 1.16's
 * `combat_event` (event 2, a JSON text) and 1.17+'s `death_combat_event` (a JSON text, an NBT
 * text component since 1.20.3). The body's cause of a death is otherwise only inferred from
 * what it saw before it (senses/wire.ts).
 */
import { createRequire } from 'node:module'
import type { Bot } from 'mineflayer'

const require = createRequire(import.meta.url)

type ChatMessageClass = { fromNotch(message: unknown): { toString(): string } }
const chatFor = new WeakMap<object, ChatMessageClass>()

/** The plain text of a death screen's message (a JSON string or an NBT component), or undefined. */
export function deathMessageText(bot: Bot, message: unknown): string | undefined {
  if (message === undefined || message === null || message === '') return undefined
  const registry = bot.registry as unknown as object
  let ChatMessage = chatFor.get(registry)
  if (!ChatMessage) {
    ChatMessage = (require('prismarine-chat') as (r: unknown) => ChatMessageClass)(registry)
    chatFor.set(registry, ChatMessage)
  }
  const text = ChatMessage.fromNotch(message).toString().trim()
  return text || undefined
}

type DeathPacket = { event?: unknown; playerId?: unknown; message?: unknown }

/** Calls `onMessage` with the text of each death screen the server shows this bot; returns the detach. */
export function watchDeathMessages(bot: Bot, onMessage: (text: string) => void): () => void {
  const client = bot._client as unknown as { on(ev: string, fn: (p: DeathPacket) => void): void; removeListener(ev: string, fn: (p: DeathPacket) => void): void }
  const handle = (p: DeathPacket) => {
    if (p.playerId !== undefined && bot.entity && p.playerId !== bot.entity.id) return
    let text: string | undefined
    try {
      text = deathMessageText(bot, p.message)
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

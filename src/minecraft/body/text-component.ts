/**
 * The plain text of a text component as a server sends it: a JSON string (up to 1.20.2) or an NBT
 * compound (1.20.3+: kick reasons, death messages). prismarine-chat of the bot's version reads both.
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

type ChatMessageClass = { fromNotch(message: unknown): { toString(): string } }
const chatFor = new WeakMap<object, ChatMessageClass>()

/** The text of `message` for a server of `registry`'s version; undefined when it has none. */
export function componentText(registry: object, message: unknown): string | undefined {
  if (message === undefined || message === null || message === '') return undefined
  let ChatMessage = chatFor.get(registry)
  if (!ChatMessage) {
    ChatMessage = (require('prismarine-chat') as (r: unknown) => ChatMessageClass)(registry)
    chatFor.set(registry, ChatMessage)
  }
  const text = ChatMessage.fromNotch(message).toString().trim()
  return text || undefined
}

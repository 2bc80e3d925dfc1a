/** A container window left open between skills (one job: close it). */
import type { Bot } from 'mineflayer'

/**
 * Closes a container window no skill is using. mineflayer sends every inventory click to the open
 * window (`bot.currentWindow`), so a furnace or table left open (an open that finished after its
 * skill was cut short) takes the next craft's or equip's clicks, which the server then refuses
 * ("Server rejected transaction") or applies to the wrong slots, again and again.
 */
export function closeStrayWindow(bot: Bot): void {
  try {
    if (bot.currentWindow) bot.closeWindow(bot.currentWindow)
  } catch {
    /* disconnected */
  }
}

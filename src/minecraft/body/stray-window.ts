/** A container window left open between skills (one job: close it, or never leave it). */
import type { Bot } from 'mineflayer'
import { SkillAborted, abortable } from './skills/context.js'

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

/**
 * Waits for a window being opened, as long as the skill runs; when the skill is cut short first,
 * the open goes on without it, and the window is closed when it comes instead of left open.
 */
export async function openWithin<W extends { close(): void }>(opening: Promise<W>, signal: AbortSignal): Promise<W> {
  try {
    return await abortable(opening, signal)
  } catch (err) {
    if (err instanceof SkillAborted) opening.then((w) => w.close(), () => undefined)
    throw err
  }
}

/**
 * The fair-play dig check: every `bot.dig` (the skills' and the pathfinder's alike go through it)
 * is checked against what the body could know at that moment (exposed to air, or seen).
 */
import type { Bot } from 'mineflayer'
import type { MineflayerBody } from '../../../src/minecraft/body/index.js'

const AIRS = new Set(['air', 'cave_air', 'void_air'])

export interface DigLog {
  /** Names of every block dug, in order. */
  dug: string[]
  /** `name@x,y,z` of blocks dug that the bot could not know about. */
  unknown: string[]
}

/** Wraps the body's current bot's `dig`; returns the live log. */
export function watchDigs(body: MineflayerBody): DigLog {
  const log: DigLog = { dug: [], unknown: [] }
  const bot = body.bot
  const dig = bot.dig.bind(bot)
  bot.dig = ((block: Parameters<Bot['dig']>[0], ...rest: unknown[]) => {
    const at = `${block.name}@${block.position.x},${block.position.y},${block.position.z}`
    log.dug.push(block.name)
    // a dig of a cell that is already air (broken a moment ago) reveals nothing
    const now = bot.blockAt(block.position)?.name ?? block.name
    if (!AIRS.has(block.name) && !AIRS.has(now) && !body.knowledge.isKnown(block.position)) log.unknown.push(at)
    return (dig as (...a: unknown[]) => Promise<void>)(block, ...rest)
  }) as Bot['dig']
  return log
}

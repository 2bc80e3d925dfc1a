/**
 * The fair-play checks a test puts on a body:
 *
 * - `watchDigs`: every `bot.dig` (the skills' and the pathfinder's alike go through it) is checked
 *   against what the body could know at that moment (exposed to air, or seen). The bot a reconnect
 *   creates is wrapped too.
 * - `watchTargets`: every block a skill chooses to dig, mine or walk to (the body's 'target' event,
 *   senses/known-blocks.ts `chose`) is checked, at the moment it is chosen, against a fair exposure
 *   index of the test's own over the same client world. The body's knowledge is not asked, so a body
 *   that sees through stone (`xray: true`) fails this check: tunnelling towards an x-rayed target
 *   passes `watchDigs` (each dug block touches the tunnel's air) but not this.
 */
import type { Bot } from 'mineflayer'
import type { MineflayerBody } from '../../../src/minecraft/body/index.js'
import { createFairKnowledge, type BlockKnowledge, type ChosenTarget } from '../../../src/minecraft/body/senses/known-blocks.js'

const AIRS = new Set(['air', 'cave_air', 'void_air'])

export interface DigLog {
  /** Names of every block dug, in order. */
  dug: string[]
  /** `name@x,y,z` of blocks dug that the bot could not know about. */
  unknown: string[]
  /** How many bots (connections) were wrapped. */
  bots: number
}

/** Wraps the body's bot's `dig`, and that of every bot a reconnect brings; returns the live log. */
export function watchDigs(body: MineflayerBody): DigLog {
  const log: DigLog = { dug: [], unknown: [], bots: 0 }
  const wrapped = new WeakSet<Bot>()
  const wrap = () => {
    if (!body.ready) return
    const bot = body.bot
    if (wrapped.has(bot)) return
    wrapped.add(bot)
    log.bots++
    const dig = bot.dig.bind(bot)
    bot.dig = ((block: Parameters<Bot['dig']>[0], ...rest: unknown[]) => {
      const at = `${block.name}@${block.position.x},${block.position.y},${block.position.z}`
      log.dug.push(block.name)
      // a dig of a cell that is already air (broken a moment ago) reveals nothing
      const now = bot.blockAt(block.position)?.name ?? block.name
      if (!AIRS.has(block.name) && !AIRS.has(now) && !body.knowledge.isKnown(block.position)) log.unknown.push(at)
      return (dig as (...a: unknown[]) => Promise<void>)(block, ...rest)
    }) as Bot['dig']
  }
  wrap()
  body.on('spawn', wrap)
  body.on('reconnect', wrap)
  return log
}

export interface TargetLog {
  /** Every target chosen, `name@x,y,z by skill`. */
  chosen: string[]
  /** The ones the test's own fair index did not know at the moment they were chosen. */
  unknown: string[]
  /** The raw events. */
  targets: ChosenTarget[]
  stop(): void
}

/** Checks every target the body's skills choose against an independent fair index (see above). */
export function watchTargets(body: MineflayerBody): TargetLog {
  let fair: { bot: Bot; knowledge: BlockKnowledge } | null = null
  const judge = (): BlockKnowledge => {
    const bot = body.bot
    if (fair?.bot !== bot) {
      fair?.knowledge.close()
      fair = { bot, knowledge: createFairKnowledge(bot) }
    }
    return fair.knowledge
  }
  const log: TargetLog = {
    chosen: [],
    unknown: [],
    targets: [],
    stop: () => {
      body.removeListener('target', onTarget)
      fair?.knowledge.close()
    },
  }
  const onTarget = (t: ChosenTarget) => {
    const at = `${t.name}@${t.position.x},${t.position.y},${t.position.z} by ${t.by}`
    log.targets.push(t)
    log.chosen.push(at)
    if (!judge().isKnown(t.position)) log.unknown.push(at)
  }
  if (body.ready) judge()
  body.on('target', onTarget)
  return log
}

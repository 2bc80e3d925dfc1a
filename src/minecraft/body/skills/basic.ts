/** Small skills: wait, chat, jump. */
import type { SkillCall } from '../types.js'
import { eventWithin, fail, ok, sleep, type SkillDef } from './context.js'

export const wait: SkillDef<Extract<SkillCall, { skill: 'wait' }>> = {
  name: 'wait',
  timeoutMs: 3_600_000,
  watchdog: false,
  async run(ctx, c) {
    await sleep(c.ms, ctx.signal)
    return ok(`waited ${c.ms} ms`)
  },
}

export const chat: SkillDef<Extract<SkillCall, { skill: 'chat' }>> = {
  name: 'chat',
  timeoutMs: 5_000,
  async run(ctx, c) {
    // One line; chat packets are capped at 256 chars and newlines would be dropped by the server.
    const line = c.message.replace(/[\r\n]+/g, ' ').slice(0, 256)
    ctx.bot.chat(line)
    return ok(`said: ${line}`)
  },
}

/** One jump: hold the jump key until the bot leaves the ground, then until it lands. */
export const jump: SkillDef<Extract<SkillCall, { skill: 'jump' }>> = {
  name: 'jump',
  timeoutMs: 5_000,
  async run(ctx) {
    const { bot, signal } = ctx
    if (!bot.entity.onGround) return fail('cannot jump: not standing on the ground')
    const y0 = bot.entity.position.y
    bot.setControlState('jump', true)
    try {
      const left = await eventWithin(bot, 'physicsTick', () => !bot.entity.onGround, 1000, signal)
      if (!left) return fail('the jump did not leave the ground (a block above?)')
    } finally {
      bot.setControlState('jump', false)
    }
    await eventWithin(bot, 'physicsTick', () => bot.entity.onGround, 3000, signal)
    return ok(`jumped (rose ${Math.max(0, bot.entity.position.y - y0).toFixed(2)} blocks so far)`)
  },
}

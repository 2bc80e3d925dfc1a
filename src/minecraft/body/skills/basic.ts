/** Small skills: wait, chat. */
import type { SkillCall } from '../types.js'
import { ok, sleep, type SkillDef } from './context.js'

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

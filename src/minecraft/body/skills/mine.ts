/**
 * mine {x,y,z}: dig one block the bot knows of and pick up what it drops. Fair play: a block
 * the bot could not know about (senses/known-blocks.ts: not exposed, not seen) is refused. Lava
 * beside the block is covered first with blocks the bot carries (dig-step.ts `coverLavaBeside`).
 */
import type { SkillCall } from '../types.js'
import { isAirName, namespaced } from '../../names.js'
import { fail, ok, type SkillDef } from './context.js'
import { mineBlockAt } from './dig.js'
import { coverLavaBeside } from './dig-step.js'
import { fmtPos, vec } from './nav.js'

type Mine = Extract<SkillCall, { skill: 'mine' }>

export const mine: SkillDef<Mine> = {
  name: 'mine',
  timeoutMs: 120_000,
  async run(ctx, c) {
    const pos = vec(Math.floor(c.x), Math.floor(c.y), Math.floor(c.z))
    const where = fmtPos(pos.x, pos.y, pos.z)
    const block = ctx.bot.blockAt(pos)
    if (!block) return fail(`the block at ${where} is not loaded (too far away); move closer first`)
    if (isAirName(block.name)) return fail(`there is nothing to mine at ${where} (air)`)
    if (!ctx.knowledge.isKnown(pos)) return fail(`I do not know what is at ${where}: it is enclosed by solid blocks and I have not seen it (fair play); dig a tunnel that exposes it, or pick a block from scanBlocks`)
    if (block.name === 'water' || block.name === 'lava') return fail(`${block.name} at ${where} cannot be mined`)
    const name = namespaced(block.name)
    ctx.knowledge.chose(block.name, pos, 'mine')
    await coverLavaBeside(ctx, pos, block.name)
    await mineBlockAt(ctx, pos, [block.name])
    const after = ctx.bot.blockAt(pos)
    const p = ctx.bot.entity.position
    const position = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) }
    if (after && after.name === block.name) return fail(`${name} at ${where} is still there: the server did not let me break it`, { position })
    return ok(`mined ${name} at ${where}`, { block: name, position })
  },
}

/**
 * shear: right-click unsheared sheep with shears (the nearest one the client knows within 48 blocks,
 * of `color` when one is named) and pick up the wool each throws off, until `count` more wool are in
 * the inventory. The world drops 1–3 wool per sheep and wears the shears by 1.
 */
import type { Entity } from 'prismarine-entity'
import type { ShearResult, SkillCall } from '../types.js'
import { countMembers } from '../items.js'
import { bareName, namespaced, tagMembers } from '../../names.js'
import { WOOL_COLOURS, woolOf } from '../../sheep.js'
import { SkillAborted, SkillError, abortable, checkAborted, errorMessage, sleep, type SkillContext, type SkillDef } from './context.js'
import { pickUpNear } from './dig.js'
import { fmtPos, goTo, goals } from './nav.js'
import { describeSheep, sheepAround, sheepState } from './sheep.js'
import { HUNT_RADIUS } from './hunt.js'

/** Vanilla's interaction range is 6; closer keeps the look-at simple. */
const SHEAR_REACH = 3
const MAX_MISSES = 4

type Shear = Extract<SkillCall, { skill: 'shear' }>

async function approach(ctx: SkillContext, e: Entity): Promise<boolean> {
  for (let i = 0; i < 4; i++) {
    const live = ctx.bot.entities[e.id]
    if (!live) return false
    if (ctx.bot.entity.position.distanceTo(live.position) <= SHEAR_REACH) return true
    const p = live.position
    await goTo(ctx, new goals.GoalNear(p.x, p.y, p.z, 2), `sheep at ${fmtPos(p.x, p.y, p.z)}`)
  }
  const live = ctx.bot.entities[e.id]
  return !!live && ctx.bot.entity.position.distanceTo(live.position) <= SHEAR_REACH
}

async function holdShears(ctx: SkillContext): Promise<boolean> {
  const { bot } = ctx
  if (bot.heldItem?.name === 'shears') return true
  const shears = bot.inventory.items().find((i) => i.name === 'shears')
  if (!shears) return false
  await abortable(bot.equip(shears, 'hand'), ctx.signal)
  return bot.heldItem?.name === 'shears'
}

export const shear: SkillDef<Shear> = {
  name: 'shear',
  timeoutMs: 180_000,
  timeoutFor: (c) => Math.min(3_600_000, 60_000 + 30_000 * c.count),
  async run(ctx, c): Promise<ShearResult> {
    const { bot, signal } = ctx
    const colour = c.color ? bareName(c.color).replace(/_wool$/, '') : null
    const woolItems = colour ? [woolOf(WOOL_COLOURS.indexOf(colour))] : [...(tagMembers('wool') ?? [])]
    const label = colour ? namespaced(woolOf(WOOL_COLOURS.indexOf(colour))) : 'wool'
    let sheared = 0
    const start = countMembers(ctx.counts(), woolItems)
    const got = () => Math.max(0, countMembers(ctx.counts(), woolItems) - start)
    const result = (ok: boolean, reason: string): ShearResult => ({ ok, reason, sheared, picked: [{ name: label, count: got() }] })
    if (colour && !WOOL_COLOURS.includes(colour)) return result(false, `unknown wool colour '${c.color}' (colours: ${WOOL_COLOURS.join(', ')})`)
    if (!bot.inventory.items().some((i) => i.name === 'shears')) return result(false, 'no shears in the inventory (craft minecraft:shears from 2 minecraft:iron_ingot)')
    let misses = 0
    let last = ''
    const skipped = new Set<number>()
    while (got() < c.count) {
      checkAborted(signal)
      const seen = sheepAround(bot, HUNT_RADIUS)
      const target = seen.find((s) => !s.sheared && (!colour || s.colour === colour) && !skipped.has(s.entity.id))?.entity
      if (!target) {
        const want = colour ? `unsheared ${colour} sheep` : 'unsheared sheep'
        return result(false, `no ${want} within ${HUNT_RADIUS} blocks (${describeSheep(seen)} in sight); got ${got()}/${c.count} ${label} from ${sheared} sheep${last ? ` (last: ${last})` : ''}`)
      }
      try {
        if (!(await approach(ctx, target))) throw new SkillError('the sheep went out of reach')
        if (!(await holdShears(ctx))) return result(false, `the shears are gone (broken?) after ${sheared} sheep; got ${got()}/${c.count} ${label}`)
        const live = bot.entities[target.id]!
        await abortable(bot.activateEntity(live), signal)
        // the world shows the sheep sheared and throws the wool
        const until = Date.now() + 2000
        while (Date.now() < until && !sheepState(bot.entities[target.id] ?? live).sheared) await sleep(100, signal)
        if (!sheepState(bot.entities[target.id] ?? live).sheared) throw new SkillError(`the sheep at ${fmtPos(live.position.x, live.position.y, live.position.z)} was not sheared`)
        sheared++
        await pickUpNear(ctx, live.position.clone(), 6, 5000)
        misses = 0
      } catch (err) {
        if (err instanceof SkillAborted || !(err instanceof SkillError)) throw err
        last = errorMessage(err)
        skipped.add(target.id)
        if (++misses >= MAX_MISSES) return result(false, `${misses} sheep in a row could not be sheared (last: ${last}); got ${got()}/${c.count} ${label}`)
      }
      ctx.progress(`${label}: ${got()}/${c.count} from ${sheared} sheep`, Math.min(1, got() / c.count))
    }
    return result(true, `sheared ${sheared} sheep, picked up ${got()} ${label}`)
  },
}

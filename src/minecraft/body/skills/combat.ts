/** attack (one target) and kill (by UUID list), on our own melee loop; hunt.ts hunts a mob kind for its drops with it. */
import type { Bot } from 'mineflayer'
import pathfinderPkg from 'mineflayer-pathfinder'
import type { Entity } from 'prismarine-entity'
import type { KillResult, SkillCall } from '../types.js'
import { namespaced } from '../../names.js'
import { SkillAborted, SkillError, abortReason, abortable, checkAborted, ok, fail, type SkillContext, type SkillDef } from './context.js'
import { entityId, listEntities } from './scan.js'
import { pickUpNear } from './dig.js'
import { cooldownTicks, meleeDps, weaponDps } from '../../melee.js'
import { climbOut, inWater } from './swim.js'

const { goals } = pathfinderPkg

const TARGET_RADIUS = 64
/** Survival melee reach, from our feet to the target's (the server allows a little more). */
const REACH = 3
/** How close GoalFollow keeps us. */
const FOLLOW_RANGE = 2
/** Standing this long out of reach with no path search under way, the fight searches for a way again. */
const REFOLLOW_MS = 2_000
/** The same span in physics ticks (20 a second) of standing still. */
const REFOLLOW_TICKS = REFOLLOW_MS / 50
/**
 * A fight with neither a hit landed nor the gap closed for this long is given up (issue 26: after
 * 10 s without progress, another target): a mob behind stone or down a cliff was fought for the
 * whole 45 s, seven cows in a row in one bench run.
 */
export const FIGHT_NO_PROGRESS_MS = 10_000
/**
 * How far the bot must walk toward the target (summed over the fight's polls, steps away counted
 * against it) for the approach to count as progress: a mob that wanders nearer a stuck bot is none.
 */
const CLOSING_STEP = 1

/**
 * Holds the best sword or axe carried (by damage per second); without one, the carried tool that hits
 * harder than a fist (an iron pickaxe kills a zombie in 5 hits, a fist in 20); else keeps the hand as it is.
 */
export async function equipBestWeapon(ctx: SkillContext): Promise<void> {
  const { bot } = ctx
  const items = bot.inventory.items()
  const best =
    items.filter((i) => weaponDps(i.name) > 0).sort((a, b) => weaponDps(b.name) - weaponDps(a.name))[0] ??
    items.filter((i) => meleeDps(i.name) > meleeDps(null)).sort((a, b) => meleeDps(b.name) - meleeDps(a.name))[0]
  if (!best || bot.heldItem?.name === best.name) return
  try {
    await abortable(bot.equip(best, 'hand'), ctx.signal)
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    ctx.log.debug('could not take up a weapon', { err: err instanceof Error ? err.message : String(err) })
  }
}

/**
 * A creeper lights a 1.5 s fuse once a player is within 3 blocks and explodes unless the player gets
 * 7 blocks away (vanilla; the embedded world's mob-brain.ts): closer than a sword's reach, and too short
 * for the hits that kill it (a stone sword needs 4, one per 0.625 s). So after each hit the bot backs
 * off beyond that distance, the fuse goes out, and it comes back for the next hit, as a player does.
 */
const CREEPER_CLEAR = 8.5

/**
 * Melee on mineflayer's physics tick: pathfinder's GoalFollow keeps us near `entity`; when it is
 * in reach and the held item's cooldown has passed, look at it and hit. A creeper is hit and
 * backed off from in turn (CREEPER_CLEAR). Returns the stop function.
 */
export function startMelee(bot: Bot, entity: Entity): () => void {
  let wait = 0
  const hitAndRun = entity.name === 'creeper'
  let backingOff = false
  let idleTicks = 0
  let lastPathUpdate = Date.now()
  let swimming = false
  const stopped = new AbortController()
  const follow = () => {
    idleTicks = 0
    lastPathUpdate = Date.now()
    bot.pathfinder.setGoal(new goals.GoalFollow(entity, FOLLOW_RANGE), true)
  }
  follow()
  const onPathUpdate = () => {
    lastPathUpdate = Date.now()
  }
  const onTick = () => {
    if (wait > 0) wait--
    const target = bot.entities[entity.id]
    if (!target || !bot.entity) return
    const distance = bot.entity.position.distanceTo(target.position)
    if (backingOff) {
      if (distance < CREEPER_CLEAR) return
      backingOff = false
      follow()
    }
    if (distance > REACH) {
      // the pathfinder searches a following goal again only once the mob has moved: a search that found
      // no way (or ran out of time on a busy machine) leaves the bot standing while the mob stands still
      // out of reach. Standing, out of reach, no search under way for REFOLLOW_MS: search again, after
      // climbing out first when it stands in water (the pathfinder plans no way out of a deep pond).
      if (swimming) return
      idleTicks = bot.pathfinder.isMoving() ? 0 : idleTicks + 1
      if (idleTicks < REFOLLOW_TICKS || Date.now() - lastPathUpdate < REFOLLOW_MS) return
      if (!inWater(bot)) return follow()
      swimming = true
      bot.pathfinder.setGoal(null)
      void climbOut(bot, target.position, stopped.signal).then(() => {
        swimming = false
        if (!stopped.signal.aborted) follow()
      })
      return
    }
    idleTicks = 0
    void bot.lookAt(target.position.offset(0, target.height / 2, 0), true).catch(() => undefined)
    if (wait > 0) return
    bot.attack(target)
    wait = cooldownTicks(bot.heldItem?.name)
    if (hitAndRun) {
      backingOff = true
      bot.pathfinder.setGoal(new goals.GoalInvert(new goals.GoalFollow(target, CREEPER_CLEAR + 1)), true)
    }
  }
  bot.on('physicsTick', onTick)
  bot.on('path_update', onPathUpdate)
  return () => {
    stopped.abort()
    bot.removeListener('physicsTick', onTick)
    bot.removeListener('path_update', onPathUpdate)
    try {
      bot.pathfinder.setGoal(null)
    } catch {
      /* bot gone */
    }
  }
}
const UUID_RE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i

function sameUuid(a: string | undefined, b: string): boolean {
  return !!a && a.replace(/-/g, '').toLowerCase() === b.replace(/-/g, '').toLowerCase()
}

/** An entity by UUID, numeric entity id, player name, or type name (nearest). */
export function resolveTarget(ctx: SkillContext, target: string): Entity | null {
  const { bot } = ctx
  const t = target.trim()
  if (UUID_RE.test(t)) return Object.values(bot.entities).find((e) => sameUuid(e.uuid, t)) ?? null
  if (/^\d+$/.test(t)) return bot.entities[Number(t)] ?? null
  const player = bot.players[t]?.entity
  if (player) return player
  const type = namespaced(t)
  return listEntities(bot, TARGET_RADIUS, (e) => entityId(e) === type && e.type !== 'object')[0] ?? null
}

/** Fights `entity` with the best weapon carried until it dies or disappears; throws SkillError when it escapes. */
export async function killEntity(ctx: SkillContext, entity: Entity, maxMs = 60_000): Promise<{ died: boolean; seenDying: boolean; at: Entity['position'] }> {
  const { bot, signal } = ctx
  await equipBestWeapon(ctx)
  const label = entity.type === 'player' ? `player ${entity.username}` : entityId(entity)
  return new Promise((resolve, reject) => {
    let last = entity.position.clone()
    let stopMelee = () => {}
    let me = bot.entity.position.clone()
    let toward = 0
    let progressAt = Date.now()
    const cleanup = () => {
      clearInterval(poll)
      clearTimeout(limit)
      bot.removeListener('entityDead', onDead)
      bot.removeListener('entityHurt', onHurt)
      signal.removeEventListener('abort', onAbort)
      stopMelee()
    }
    const onDead = (e: Entity) => {
      if (e.id !== entity.id) return
      cleanup()
      ctx.progress(`killed ${label}`)
      resolve({ died: true, seenDying: true, at: e.position.clone() })
    }
    const onHurt = (e: Entity) => {
      if (e.id !== entity.id) return
      progressAt = Date.now()
      toward = 0
    }
    const onAbort = () => {
      cleanup()
      reject(new SkillAborted(abortReason(signal)))
    }
    const poll = setInterval(() => {
      const e = bot.entities[entity.id]
      if (e) {
        last = e.position.clone()
        const now = bot.entity.position.clone()
        const gap = last.minus(me)
        const len = gap.norm()
        if (len > 0) toward += now.minus(me).dot(gap) / len
        me = now
        if (toward >= CLOSING_STEP) {
          toward = 0
          progressAt = Date.now()
        }
        if (Date.now() - progressAt >= FIGHT_NO_PROGRESS_MS) {
          cleanup()
          reject(new SkillError(`no progress against ${label} for ${FIGHT_NO_PROGRESS_MS / 1000} s (no hit landed, no nearer to it; ${now.distanceTo(last).toFixed(1)} blocks away): out of reach`))
          return
        }
        ctx.progress(`fighting ${label} (entity ${entity.id})`)
        return
      }
      cleanup()
      // Gone without a death status: killed out of sight, despawned, or out of range.
      if (last.distanceTo(bot.entity.position) < 6) resolve({ died: true, seenDying: false, at: last })
      else reject(new SkillError(`${label} escaped out of sight`))
    }, 500)
    const limit = setTimeout(() => {
      cleanup()
      reject(new SkillError(`could not kill ${label} within ${Math.round(maxMs / 1000)}s`))
    }, maxMs)
    bot.on('entityDead', onDead)
    bot.on('entityHurt', onHurt)
    signal.addEventListener('abort', onAbort, { once: true })
    stopMelee = startMelee(bot, entity)
  })
}

export const attack: SkillDef<Extract<SkillCall, { skill: 'attack' }>> = {
  name: 'attack',
  timeoutMs: 90_000,
  async run(ctx, c) {
    const e = resolveTarget(ctx, c.target)
    if (!e) return fail(`no entity '${c.target}' within ${TARGET_RADIUS} blocks (by UUID, entity id, player name or mob type)`)
    if (e === ctx.bot.entity) return fail('refusing to attack myself')
    const r = await killEntity(ctx, e)
    // the loot, as a player walks over it
    if (e.type !== 'player') await pickUpNear(ctx, r.at, 6, 5000)
    return ok(`killed ${e.type === 'player' ? e.username : entityId(e)}`, { died: r.died })
  },
}

export const kill: SkillDef<Extract<SkillCall, { skill: 'kill' }>> = {
  name: 'kill',
  timeoutMs: 300_000,
  async run(ctx, c): Promise<KillResult> {
    const killed: string[] = []
    const notFound: string[] = []
    for (const uuid of c.uuids) {
      checkAborted(ctx.signal)
      const e = Object.values(ctx.bot.entities).find((x) => sameUuid(x.uuid, uuid))
      if (!e) {
        notFound.push(uuid)
        continue
      }
      await killEntity(ctx, e)
      killed.push(uuid)
    }
    if (notFound.length) return { ok: false, reason: `not in sight: ${notFound.join(', ')}${killed.length ? `; killed ${killed.length}` : ''}`, killed, notFound }
    return { ok: true, reason: `killed ${killed.length} target(s)`, killed, notFound }
  },
}

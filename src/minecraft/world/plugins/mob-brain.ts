/**
 * One tick of a mob's behaviour, vanilla-like and cheap (no path finding: straight lines that
 * step up one block, fall down any drop, slide along walls and give up when stuck):
 *  - animals wander to a random point within 10 blocks now and then, and panic (run away) when hit;
 *  - monsters take the nearest survival player they can see within their follow range (zombie 35,
 *    others 16; spiders only in the dark) and chase it: zombies and spiders hit in reach (damage by
 *    difficulty, 1 s cooldown), skeletons shoot from up to 15 blocks every 2 s, creepers light a
 *    1.5 s fuse within 3 blocks and explode (power 3) unless the player got 7 blocks away;
 *  - zombies and skeletons catch fire in daylight under open sky (8 s, 1 damage a second, water
 *    puts it out).
 */
import { Cell, type BlockView } from '../block-view.js'
import { ARROW_DAMAGE, MOB_STATS, explosionDamage, isDaylight, SPIDER_CALM_LIGHT, skyDarken } from '../mob-rules.js'
import type { SquidPlayer } from '../squid.js'
import type { MobRecord, MobsApi } from './mobs.js'

export interface MobBrainEnv {
  view: BlockView
  rng: () => number
  mobs: MobsApi
  players(): SquidPlayer[]
  tick(): number
  hurtPlayer(p: SquidPlayer, amount: number, cause: string): void
  swing(rec: MobRecord): void
  setOnFire(rec: MobRecord, on: boolean): void
  explode(rec: MobRecord, power: number): void
}

const DT = 0.05
const FOLLOW_RANGE: Record<string, number> = { zombie: 35, skeleton: 16, spider: 16, creeper: 16 }
const MELEE_REACH = 1.7
const SKELETON_RANGE = 15
const CREEPER_FUSE_TICKS = 30
const CREEPER_START = 3
const CREEPER_CANCEL = 7
/** Vanilla's spider eye height (its light is read there). */
const SPIDER_EYE_HEIGHT = 0.65
const TALL = new Set(['zombie', 'skeleton', 'creeper', 'cow'])

export function stepMob(rec: MobRecord, env: MobBrainEnv): void {
  const stats = MOB_STATS[rec.kind]
  const tick = env.tick()
  if (rec.attackCooldown > 0) rec.attackCooldown--

  // fire
  const feet = env.view.cell(rec.x, rec.y, rec.z)
  if (feet === Cell.water) rec.fireTicks = 0
  if (feet === Cell.lava) {
    rec.fireTicks = 300
    if (tick % 10 === 0) env.mobs.hurt(rec, 4, 'lava')
  }
  if (stats.burnsInDaylight && tick % 20 === rec.id % 20 && isDaylight(env.mobs.timeOfDay()) && feet !== Cell.water && env.view.openSky(rec.x, rec.y + 1.6, rec.z)) {
    rec.fireTicks = Math.max(rec.fireTicks, 160)
  }
  if (rec.fireTicks > 0) {
    rec.fireTicks--
    if (rec.fireTicks % 20 === 0) env.mobs.hurt(rec, 1, 'fire')
  }
  if (rec.dead) return
  const burning = rec.fireTicks > 0
  if (burning !== rec.burningShown) {
    rec.burningShown = burning
    env.setOnFire(rec, burning)
  }

  let speed = 0
  let goalX = rec.x
  let goalZ = rec.z
  if (rec.hostile) {
    const target = chooseTarget(rec, env, tick)
    if (target) {
      const dx = target.position.x - rec.x
      const dz = target.position.z - rec.z
      const dy = target.position.y - rec.y
      const d = Math.hypot(dx, dz)
      rec.yaw = yawTo(dx, dz)
      if (rec.kind === 'skeleton') {
        if (d > 10) speed = stats.runSpeed
        if (d <= SKELETON_RANGE && rec.attackCooldown === 0 && canSee(env.view, rec, target)) {
          rec.attackCooldown = 40
          env.swing(rec)
          const hitChance = [0, 0.6, 0.75, 0.9][env.mobs.difficulty()] ?? 0.6
          if (env.rng() < hitChance) env.hurtPlayer(target, ARROW_DAMAGE[env.mobs.difficulty()] ?? 2, 'skeleton')
        }
      } else if (rec.kind === 'creeper') {
        const d3 = Math.hypot(d, dy)
        if (rec.fuseTicks > 0 || d3 <= CREEPER_START) {
          if (d3 > CREEPER_CANCEL) rec.fuseTicks = 0
          else if (++rec.fuseTicks >= CREEPER_FUSE_TICKS) {
            explode(rec, env)
            return
          }
        } else speed = stats.runSpeed
      } else {
        if (d > MELEE_REACH * 0.8) speed = stats.runSpeed
        if (Math.hypot(d, dy) <= MELEE_REACH + 0.3 && Math.abs(dy) < 2 && rec.attackCooldown === 0) {
          rec.attackCooldown = 20
          const dmg = stats.melee[env.mobs.difficulty()] ?? 0
          if (dmg > 0) {
            env.swing(rec)
            env.hurtPlayer(target, dmg, rec.kind)
            knockPlayer(target, dx, dz, d)
          }
        }
      }
      goalX = target.position.x
      goalZ = target.position.z
    } else rec.fuseTicks = 0
  }
  if (speed === 0 && rec.panicTicks > 0) {
    rec.panicTicks--
    if (!rec.goal || rec.panicTicks % 20 === 0) rec.goal = randomGoal(rec, env, 8)
    speed = stats.runSpeed
  }
  if (speed === 0 && (!rec.hostile || !rec.target)) {
    if (!rec.goal && env.rng() < 1 / 120) rec.goal = randomGoal(rec, env, 10)
    if (rec.goal) speed = stats.walkSpeed
  }
  if (speed > 0 && rec.goal && (!rec.hostile || !rec.target)) {
    goalX = rec.goal.x
    goalZ = rec.goal.z
    if (Math.hypot(goalX - rec.x, goalZ - rec.z) < 0.5) {
      rec.goal = null
      speed = 0
    }
  }
  move(rec, env, goalX, goalZ, speed)
}

function chooseTarget(rec: MobRecord, env: MobBrainEnv, tick: number): SquidPlayer | null {
  const range = FOLLOW_RANGE[rec.kind] ?? 16
  const t = rec.target
  if (t && (t.disconnected || t.health <= 0 || t.gameMode === 1 || t.gameMode === 3 || dist(t.position, rec) > range * 1.5)) rec.target = null
  if (rec.target || tick % 10 !== rec.id % 10) return rec.target
  if (rec.kind === 'spider' && spiderInLight(rec, env)) return null
  let best: SquidPlayer | null = null
  let bestD = range
  for (const p of env.players()) {
    if (p.disconnected || p.health <= 0 || p.gameMode === 1 || p.gameMode === 3) continue
    const d = dist(p.position, rec)
    if (d < bestD && canSee(env.view, rec, p)) {
      best = p
      bestD = d
    }
  }
  rec.target = best
  return best
}

/** Vanilla's spider takes no target where its eyes are lit to light level 12 or more (a cave or under a thick roof stays dark by day). */
function spiderInLight(rec: MobRecord, env: MobBrainEnv): boolean {
  const eyeY = rec.y + SPIDER_EYE_HEIGHT
  // the sky first: by day it settles it in one column walk; the block light scan only when the sky cannot
  const skyNeeded = SPIDER_CALM_LIGHT + skyDarken(env.mobs.timeOfDay())
  if (skyNeeded <= 15 && env.view.skyLight(rec.x, eyeY, rec.z, skyNeeded) >= skyNeeded) return true
  return env.view.blockLight(rec.x, eyeY, rec.z) >= SPIDER_CALM_LIGHT
}

/** Line of sight from the mob's eyes to the player's eyes through non-solid blocks. */
function canSee(view: BlockView, rec: MobRecord, p: SquidPlayer): boolean {
  const ax = rec.x
  const ay = rec.y + 1.5
  const az = rec.z
  const bx = p.position.x
  const by = p.position.y + 1.62
  const bz = p.position.z
  const d = Math.hypot(bx - ax, by - ay, bz - az)
  const steps = Math.ceil(d / 0.5)
  for (let i = 1; i < steps; i++) {
    const f = i / steps
    if (view.cell(ax + (bx - ax) * f, ay + (by - ay) * f, az + (bz - az) * f) === Cell.solid) return false
  }
  return true
}

function explode(rec: MobRecord, env: MobBrainEnv): void {
  const power = 3
  env.explode(rec, power)
  for (const p of env.players()) {
    if (p.disconnected || p.health <= 0) continue
    const dmg = explosionDamage(power, dist(p.position, rec), env.mobs.difficulty())
    if (dmg > 0) env.hurtPlayer(p, dmg, 'explosion')
  }
  env.mobs.hurt(rec, 1000, 'explosion')
}

function knockPlayer(p: SquidPlayer, dx: number, dz: number, d: number): void {
  if (p.disconnected || d === 0) return
  // 0.4 blocks/tick away from the mob, as vanilla's knockback; velocity units are 1/8000 block per tick
  const v = { x: Math.round((dx / d) * 0.4 * 8000), y: Math.round(0.36 * 8000), z: Math.round((dz / d) * 0.4 * 8000) }
  p._client.write('entity_velocity', { entityId: p.id, velocity: v, velocityX: v.x, velocityY: v.y, velocityZ: v.z })
}

function randomGoal(rec: MobRecord, env: MobBrainEnv, radius: number): { x: number; z: number } {
  return { x: rec.x + (env.rng() * 2 - 1) * radius, z: rec.z + (env.rng() * 2 - 1) * radius }
}

/** Blocked for this mob: solid, or a fluid an animal will not walk into, or not loaded. */
function blocks(c: Cell, rec: MobRecord): boolean {
  return c === Cell.solid || c === Cell.unloaded || c === Cell.lava || c === Cell.fire || (!rec.hostile && c === Cell.water)
}

function move(rec: MobRecord, env: MobBrainEnv, gx: number, gz: number, speed: number): void {
  const v = env.view
  let mx = rec.knockX
  let mz = rec.knockZ
  rec.knockX *= 0.5
  rec.knockZ *= 0.5
  if (Math.abs(rec.knockX) < 0.01) rec.knockX = 0
  if (Math.abs(rec.knockZ) < 0.01) rec.knockZ = 0
  if (speed > 0) {
    const dx = gx - rec.x
    const dz = gz - rec.z
    const d = Math.hypot(dx, dz)
    if (d > 0.05) {
      const step = Math.min(d, speed * DT)
      mx += (dx / d) * step
      mz += (dz / d) * step
      if (!rec.target) rec.yaw = yawTo(dx, dz)
    }
  }
  if (mx !== 0 || mz !== 0) {
    const tried: Array<[number, number]> = [
      [mx, mz],
      [mx, 0],
      [0, mz],
    ]
    let moved = false
    for (const [tx, tz] of tried) {
      if (tx === 0 && tz === 0) continue
      const r = tryStep(rec, env, rec.x + tx, rec.z + tz)
      if (r !== null) {
        rec.x += tx
        rec.z += tz
        rec.y = r
        moved = true
        break
      }
    }
    if (moved) rec.stuckTicks = 0
    else if (++rec.stuckTicks > 20) {
      rec.goal = null
      rec.stuckTicks = 0
    }
  }
  // gravity: fall to the ground below (one block per tick)
  const below = v.cell(rec.x, rec.y - 0.01, rec.z)
  if (below !== Cell.solid && below !== Cell.unloaded && below !== Cell.water) {
    rec.y = Math.max(Math.floor(rec.y - 1), 0)
    const g = v.cell(rec.x, rec.y - 0.01, rec.z)
    rec.onGround = g === Cell.solid
    if (rec.y <= 0) env.mobs.remove(rec)
  } else rec.onGround = true
}

/** The feet y after stepping to (x, z), or null when blocked (one-block step up allowed). */
function tryStep(rec: MobRecord, env: MobBrainEnv, x: number, z: number): number | null {
  const v = env.view
  const y = Math.floor(rec.y)
  const tall = TALL.has(rec.kind)
  const feet = v.cell(x, y, z)
  if (!blocks(feet, rec)) {
    if (tall && blocks(v.cell(x, y + 1, z), rec)) return null
    return rec.y
  }
  if (feet !== Cell.solid) return null
  // step up one block: room above the step and above our head
  if (blocks(v.cell(x, y + 1, z), rec) || blocks(v.cell(rec.x, y + 2, rec.z), rec)) return null
  if (tall && blocks(v.cell(x, y + 2, z), rec)) return null
  return y + 1
}

function yawTo(dx: number, dz: number): number {
  // Minecraft yaw: 0 = +Z (south), 90 = -X (west)
  return (Math.atan2(-dx, dz) * 180) / Math.PI
}

function dist(a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)
}

/**
 * Vanilla 1.16 numbers for the world's mobs, as pure data and functions (the mob plugins apply
 * them): stats, loot, melee weapon damage and attack speed, the monster light rule, explosion
 * damage, day and night. Sources: ../shared/spec/world-facts.md §4–5 and the wiki.
 */

import { weaponOf } from '../melee.js'
import { woolOf } from '../sheep.js'

export const PASSIVE_KINDS = ['cow', 'pig', 'sheep', 'chicken'] as const
export const HOSTILE_KINDS = ['zombie', 'skeleton', 'spider', 'creeper'] as const
export type PassiveKind = (typeof PASSIVE_KINDS)[number]
export type HostileKind = (typeof HOSTILE_KINDS)[number]
export type MobKind = PassiveKind | HostileKind

export function isMobKind(name: string): name is MobKind {
  return (PASSIVE_KINDS as readonly string[]).includes(name) || (HOSTILE_KINDS as readonly string[]).includes(name)
}
export function isHostile(kind: MobKind): kind is HostileKind {
  return (HOSTILE_KINDS as readonly string[]).includes(kind)
}

/** Difficulty as flying-squid numbers it: 1 easy, 2 normal, 3 hard (0 peaceful: no hostile damage). */
export type Difficulty = 0 | 1 | 2 | 3

export interface MobStats {
  health: number
  /** Walking speed in blocks per second (wandering); chasing or panicking uses `runSpeed`. */
  walkSpeed: number
  runSpeed: number
  /** Melee damage by difficulty [peaceful, easy, normal, hard]; 0 = no melee. */
  melee: readonly [number, number, number, number]
  /** Burns in daylight under open sky. */
  burnsInDaylight: boolean
}

// Speeds: vanilla movement attribute × ~43 blocks/s (zombie 0.23 → ~2.3 m/s walking toward a target).
export const MOB_STATS: Record<MobKind, MobStats> = {
  cow: { health: 10, walkSpeed: 1.0, runSpeed: 2.0, melee: [0, 0, 0, 0], burnsInDaylight: false },
  pig: { health: 10, walkSpeed: 1.0, runSpeed: 2.1, melee: [0, 0, 0, 0], burnsInDaylight: false },
  sheep: { health: 8, walkSpeed: 1.0, runSpeed: 2.1, melee: [0, 0, 0, 0], burnsInDaylight: false },
  chicken: { health: 4, walkSpeed: 1.0, runSpeed: 2.1, melee: [0, 0, 0, 0], burnsInDaylight: false },
  zombie: { health: 20, walkSpeed: 1.0, runSpeed: 2.3, melee: [0, 2.5, 3, 4.5], burnsInDaylight: true },
  skeleton: { health: 20, walkSpeed: 1.0, runSpeed: 2.3, melee: [0, 0, 0, 0], burnsInDaylight: true },
  spider: { health: 16, walkSpeed: 1.0, runSpeed: 3.0, melee: [0, 2, 2, 3], burnsInDaylight: false },
  creeper: { health: 20, walkSpeed: 1.0, runSpeed: 2.3, melee: [0, 0, 0, 0], burnsInDaylight: false },
}

/** Skeleton arrow damage at full draw by difficulty (vanilla 2–5 spread, rounded). */
export const ARROW_DAMAGE: readonly [number, number, number, number] = [0, 2, 3, 4]

// ---------------------------------------------------------------- loot

export interface LootRule {
  item: string
  min: number
  max: number
  /** Chance the entry drops at all (default 1). */
  chance?: number
  /** Only when a player killed the mob. */
  playerKill?: boolean
  /** What it becomes when the mob died burning. */
  cooked?: string
  /** A sheep's wool: the item is the sheep's colour (`white_wool` stands for it), none when sheared. */
  wool?: true
}

/**
 * Vanilla loot tables. minecraft-data's `entityLoot` names the same items (test/minecraft/world-rules.test.ts
 * checks it) but its counts are wrong: every entry is [1,1] (cow leather is 0–2 and beef 1–3, chicken
 * feathers 0–2, spider string 0–2 …), and its sheep entry lacks the wool, which vanilla takes from a
 * per-colour table (`entities/sheep/<colour>`): 1 wool of the sheep's colour, none when it is sheared.
 */
export const MOB_LOOT: Record<MobKind, readonly LootRule[]> = {
  cow: [
    { item: 'leather', min: 0, max: 2 },
    { item: 'beef', min: 1, max: 3, cooked: 'cooked_beef' },
  ],
  pig: [{ item: 'porkchop', min: 1, max: 3, cooked: 'cooked_porkchop' }],
  sheep: [
    { item: 'white_wool', min: 1, max: 1, wool: true },
    { item: 'mutton', min: 1, max: 2, cooked: 'cooked_mutton' },
  ],
  chicken: [
    { item: 'feather', min: 0, max: 2 },
    { item: 'chicken', min: 1, max: 1, cooked: 'cooked_chicken' },
  ],
  zombie: [{ item: 'rotten_flesh', min: 0, max: 2 }],
  skeleton: [
    { item: 'bone', min: 0, max: 2 },
    { item: 'arrow', min: 0, max: 2 },
  ],
  spider: [
    { item: 'string', min: 0, max: 2 },
    { item: 'spider_eye', min: 1, max: 1, chance: 1 / 3, playerKill: true },
  ],
  creeper: [{ item: 'gunpowder', min: 0, max: 2 }],
}

/** Zombie rare drop: 2.5 % on a player kill, one of iron ingot, carrot, potato. */
export const ZOMBIE_RARE = ['iron_ingot', 'carrot', 'potato'] as const

export function rollLoot(
  kind: MobKind,
  rng: () => number,
  how: { byPlayer: boolean; burning: boolean; wool?: { colour: number; sheared: boolean } | null },
): Array<{ name: string; count: number }> {
  const out: Array<{ name: string; count: number }> = []
  for (const rule of MOB_LOOT[kind]) {
    if (rule.playerKill && !how.byPlayer) continue
    if (rule.wool) {
      if (how.wool?.sheared) continue
      out.push({ name: woolOf(how.wool?.colour ?? 0), count: 1 })
      continue
    }
    if (rule.chance !== undefined && rng() >= rule.chance) continue
    const count = rule.min + Math.floor(rng() * (rule.max - rule.min + 1))
    if (count > 0) out.push({ name: how.burning && rule.cooked ? rule.cooked : rule.item, count })
  }
  if (kind === 'zombie' && how.byPlayer && rng() < 0.025) out.push({ name: ZOMBIE_RARE[Math.floor(rng() * 3)]!, count: 1 })
  return out
}

// ---------------------------------------------------------------- melee weapons

/**
 * Melee damage of a hit `ticksSinceLastAttack` after the attacker's previous one: vanilla scales
 * by the attack cooldown, 0.2 + 0.8·progress² (progress = elapsed / (20 / attackSpeed)).
 */
export function meleeDamage(itemName: string | null | undefined, ticksSinceLastAttack: number): number {
  const w = weaponOf(itemName)
  const cooldown = 20 / w.speed
  const progress = Math.min(1, Math.max(0, (ticksSinceLastAttack + 0.5) / cooldown))
  return w.damage * (0.2 + progress * progress * 0.8)
}

// ---------------------------------------------------------------- light, day and night

export const TICKS_PER_DAY = 24000

/** Sky darkening (0 at noon, 11 at midnight), vanilla's `skyDarken` from the sun angle. */
export function skyDarken(timeOfDay: number): number {
  const t = (((timeOfDay % TICKS_PER_DAY) + TICKS_PER_DAY) % TICKS_PER_DAY) / TICKS_PER_DAY - 0.25
  let f = t < 0 ? t + 1 : t
  // vanilla's eased celestial angle
  const g = f
  f = 1 - (Math.cos(f * Math.PI) + 1) / 2
  f = g + (f - g) / 3
  const brightness = 1 - (Math.cos(f * Math.PI * 2) * 2 + 0.5)
  const clamped = Math.min(1, Math.max(0, brightness))
  return Math.floor(clamped * 11)
}

/** True while undead burn outdoors (vanilla `isDay`: sky darkening below 4). */
export function isDaylight(timeOfDay: number): boolean {
  return skyDarken(timeOfDay) < 4
}

/** The two draws of vanilla's `Monster.isDarkEnoughToSpawn`: nextInt(32) for the sky light, nextInt(8) for the brightness. */
export interface SpawnLightDraws {
  sky: number
  brightness: number
}

export function spawnLightDraws(rng: () => number): SpawnLightDraws {
  return { sky: Math.floor(rng() * 32), brightness: Math.floor(rng() * 8) }
}

/**
 * The lowest sky light at which the spawn rule fails for these draws: the raw sky light exceeds
 * the first draw, or the sky's brightness (sky light minus darkening) exceeds the second.
 */
export function skyLightFailing(draws: SpawnLightDraws, timeOfDay: number): number {
  return Math.min(draws.sky + 1, draws.brightness + 1 + skyDarken(timeOfDay))
}

/** The light at a spot, asked lazily: the sky light only as far as a level, the block light (a costlier scan) only when needed. */
export interface SpawnLight {
  /** Whether the sky light reaches `level`. */
  skyReaches(level: number): boolean
  block(): number
}

/**
 * Vanilla `Monster.isDarkEnoughToSpawn`: fail when the raw sky light exceeds nextInt(32), else spawn
 * when the brightness (sky light minus darkening, or block light) is at most nextInt(8). The block
 * light is asked only when the sky alone would let it spawn.
 */
export function darkEnoughToSpawn(light: SpawnLight, timeOfDay: number, rng: () => number): boolean {
  const draws = spawnLightDraws(rng)
  if (light.skyReaches(skyLightFailing(draws, timeOfDay))) return false
  return light.block() <= draws.brightness
}

/**
 * Vanilla `Entity.getBrightness` in the overworld: the dimension's brightness table at the raw
 * light level, f / (4 − 3f) with f = level / 15 (ambient light 0).
 */
export function overworldBrightness(level: number): number {
  const f = level / 15
  return f / (4 - 3 * f)
}

/** Vanilla `Spider.SpiderTargetGoal`: a spider takes no target where its brightness is 0.5 or more, from this light level up (12). */
export const SPIDER_CALM_LIGHT = Array.from({ length: 16 }, (_, level) => level).find((level) => overworldBrightness(level) >= 0.5)!

/** Light emitted by blocks that matter underground (the rest emit nothing here). */
export const LIGHT_SOURCES: Readonly<Record<string, number>> = {
  torch: 14,
  wall_torch: 14,
  lava: 15,
  fire: 15,
  glowstone: 15,
  jack_o_lantern: 15,
  lantern: 15,
  sea_lantern: 15,
  furnace: 0,
  campfire: 15,
  redstone_torch: 7,
  redstone_wall_torch: 7,
}

// ---------------------------------------------------------------- explosions

/**
 * Player damage of an explosion of `power` (creeper 3) at `distance`, fully exposed: vanilla
 * `(i²+i)/2·7·2p + 1` with i = 1 − d/2p, then easy halves (+1, capped) and hard multiplies by 1.5.
 */
export function explosionDamage(power: number, distance: number, difficulty: Difficulty): number {
  const reach = power * 2
  if (distance >= reach) return 0
  const i = 1 - distance / reach
  const normal = Math.floor(((i * i + i) / 2) * 7 * reach + 1)
  if (difficulty === 0) return 0
  if (difficulty === 1) return Math.min(normal / 2 + 1, normal)
  if (difficulty === 3) return (normal * 3) / 2
  return normal
}

// ---------------------------------------------------------------- natural spawning

export const MONSTER_CAP = 70
export const SPAWN_MIN_DISTANCE = 24
export const DESPAWN_INSTANT = 128
export const DESPAWN_RANDOM = 32
/** Chance per tick that a monster farther than 32 blocks from every player despawns. */
export const DESPAWN_RANDOM_CHANCE = 1 / 800

/** Vanilla monster weights of the overworld (slime, enderman and witch are not modelled: they spawn nothing). */
export const MONSTER_WEIGHTS: ReadonlyArray<readonly [HostileKind | null, number]> = [
  ['spider', 100],
  ['zombie', 95],
  ['skeleton', 100],
  ['creeper', 100],
  [null, 100 + 10 + 5], // slime, enderman, witch
]

export function pickWeighted<T>(table: ReadonlyArray<readonly [T, number]>, rng: () => number): T {
  let total = 0
  for (const [, w] of table) total += w
  let r = rng() * total
  for (const [v, w] of table) {
    r -= w
    if (r < 0) return v
  }
  return table[table.length - 1]![0]
}

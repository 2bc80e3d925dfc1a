/**
 * The contract between the bot's body and everything that drives it (links, minds, CLI).
 * Links and minds depend only on this file, so they can be tested against a fake body
 * and run unchanged against the real mineflayer one.
 */
import type { EventEmitter } from 'node:events'

export interface ItemCount {
  /** Namespaced or bare id (`minecraft:oak_log`, `oak_log`) or a family such as `log` (../names.ts). */
  name: string
  count: number
}

export interface Position {
  x: number
  y: number
  z: number
}

/** Every skill ends with one of these; `reason` is written for a model to act on. */
export interface SkillResult {
  ok: boolean
  reason: string
  /**
   * What the inventory gained (positive) or spent (negative) while the skill ran, by
   * namespaced id: the world's own verdict, whatever the skill claims. Filled in by the
   * action slot for every skill that started on a connected body.
   */
  gained?: Record<string, number>
  // What a skill reports besides: named, typed fields, so no link re-casts anything.
  /** collect: what landed in the inventory, and what is still missing. */
  collected?: ItemCount[]
  missing?: ItemCount[]
  /** craft: what was and was not crafted. */
  crafted?: ItemCount[]
  notCrafted?: ItemCount[]
  /** smelt: what came out of the furnace. */
  smelted?: ItemCount[]
  /** scanBlocks / scanEntities: what was found, and a one-line summary. */
  blocks?: SeenBlock[]
  entities?: ScannedEntity[]
  summary?: string
  /** kill: the targets killed, and those not found. */
  killed?: string[]
  notFound?: string[]
  /** hunt, shear, pickUp: the items picked up; hunt's kills and shear's sheep sheared. */
  picked?: ItemCount[]
  kills?: number
  sheared?: number
  /** Where the body ended (moves, mine, explore). */
  position?: Position
  /** explore: what it found. */
  found?: SeenBlock | SeenEntity
  /** stripMine: the level it strip-mined at. */
  level?: number
}

export interface CraftResult extends SkillResult {
  crafted: ItemCount[]
  notCrafted: ItemCount[]
}

/** `smelt`: what came out of the furnace, by namespaced output. */
export interface SmeltResult extends SkillResult {
  smelted: ItemCount[]
}

/** `shear`: sheep sheared and the wool picked up (`{name: 'wool' | 'minecraft:black_wool', count}`). */
export interface ShearResult extends SkillResult {
  sheared: number
  picked: ItemCount[]
}

/** `pickUp`: what of the item came into the inventory. */
export interface PickUpResult extends SkillResult {
  picked: ItemCount[]
}

/** `kill`: the UUIDs killed and those not in sight. */
export interface KillResult extends SkillResult {
  killed: string[]
  notFound: string[]
}

/** `hunt`: how many mobs died and what of the wanted item was picked up (namespaced). */
export interface HuntResult extends SkillResult {
  kills: number
  picked: ItemCount[]
  /**
   * Mobs of the kind the bot could not reach, left alone: found out of reach in this call, or
   * remembered from an earlier one (skills/unreachable.ts) and not tried again.
   */
  outOfReach: number
}

/** Crops the `farm` skill grows (the item each gives: wheat, beetroot, carrot, potato, pumpkin, melon_slice, sugar_cane). */
export type FarmCrop = 'wheat' | 'beetroot' | 'carrot' | 'potato' | 'pumpkin' | 'melon' | 'sugar_cane'

/** What `farm` ends with. */
export interface FarmResult extends SkillResult {
  /** What the harvests put in the inventory (the crop and its seeds), by namespaced id. */
  harvested: ItemCount[]
  /** Seeds (or carrots, potatoes, canes) planted during the call. */
  planted: number
  /** The farmland (or cane soil) used. */
  plots: Position[]
}

/** What `fillBucket` ends with. */
export interface FillBucketResult extends SkillResult {
  /** The filled bucket (`minecraft:water_bucket`, `minecraft:lava_bucket`, `minecraft:milk_bucket`), or null. */
  filled: string | null
  /** The source block emptied, or the cow milked. */
  source: Position | null
}

/** What `placeWater` ends with. */
export interface PlaceWaterResult extends SkillResult {
  /** Where the water was poured. */
  position: Position
}

/** Named results of the skills that have them: `run(call)` of skill K resolves to SkillResults[K]. */
export interface SkillResults {
  craft: CraftResult
  smelt: SmeltResult
  shear: ShearResult
  pickUp: PickUpResult
  kill: KillResult
  hunt: HuntResult
  farm: FarmResult
  fillBucket: FillBucketResult
  placeWater: PlaceWaterResult
}

/** One call into the body's single action slot. A new call interrupts the running one. */
export type SkillCall =
  | { skill: 'moveTo'; x: number; y: number; z: number; range?: number }
  | { skill: 'moveToXZ'; x: number; z: number }
  | { skill: 'follow'; player: string; range?: number }
  | { skill: 'collect'; items: ItemCount[] }
  | { skill: 'mine'; x: number; y: number; z: number }
  /** Stairs down to the strip height for the ore (or `y`), strips until `count` of `item` are collected. */
  | { skill: 'stripMine'; item: string; count?: number; y?: number }
  | { skill: 'explore'; distance: number; direction?: { x: number; z: number }; until?: { block?: string; entity?: string } }
  | { skill: 'craft'; items: ItemCount[] }
  /** Smelts or cooks `count` of the furnace INPUT `input` (`iron_ore`, `beef`, `log` = any log) in one furnace visit. */
  | { skill: 'smelt'; input: string; count: number; fuel?: string }
  | { skill: 'place'; item: string; x: number; y: number; z: number }
  /** Opens the chest at (x, y, z): puts `deposit` in, then takes `withdraw` out. */
  | { skill: 'chest'; x: number; y: number; z: number; deposit?: ItemCount[]; withdraw?: ItemCount[] }
  | { skill: 'equip'; item: string; destination?: 'hand' | 'off-hand' | 'head' | 'torso' | 'legs' | 'feet' }
  | { skill: 'eat'; item?: string }
  | { skill: 'chat'; message: string }
  | { skill: 'jump' }
  /** Back under the open sky from below ground: the path finder's way up, else stairs dug by hand. */
  | { skill: 'surface' }
  | { skill: 'scanBlocks'; radius: number; ids?: string[] }
  | { skill: 'scanEntities'; radius: number; ids?: string[] }
  | { skill: 'attack'; target: string }
  /** Hunts mobs of kind `entity` (`cow`, `minecraft:spider`) the bot can see or hear until `count` more `item` are picked up. */
  | { skill: 'hunt'; entity: string; item: string; count: number }
  /** Shears unsheared sheep (of `color` when named: `black`, `black_wool`) and picks the wool up until `count` more wool are held. */
  | { skill: 'shear'; count: number; color?: string }
  /**
   * Walks over dropped items of `item` (eggs …) within `radius` (default 32) until `count` more are held (default: all in sight).
   * With `from` (a mob that lays or drops the item: `chicken`), when none lies in sight it stays by the nearest such mob and
   * picks up what it lays.
   */
  | { skill: 'pickUp'; item: string; count?: number; radius?: number; from?: string }
  /** Kills the entities with these UUIDs, one after the other. */
  | { skill: 'kill'; uuids: string[] }
  | { skill: 'wait'; ms: number }
  /** Digs in (3 down, sealed above) and, unless `wait` is false, stays until dawn, then climbs out. */
  | { skill: 'shelter'; wait?: boolean }
  /**
   * Tills ground near known water, plants what it holds (wheat seeds from grass when it has none),
   * uses bone meal when it has some, waits for growth, harvests and replants until the inventory holds
   * `count` more of the crop's item.
   */
  | { skill: 'farm'; crop: FarmCrop; count: number }
  /** Fills an empty bucket at the nearest known source block, or from the nearest cow (milk). */
  | { skill: 'fillBucket'; fluid: 'water' | 'lava' | 'milk' }
  /** Pours a water bucket into the cell (x, y, z) (a source block; the world has no flow). */
  | { skill: 'placeWater'; x: number; y: number; z: number }

export type SkillName = SkillCall['skill']

export interface RunOptions {
  /** Abort to cancel; the skill ends with ok:false and reason "cancelled: …". */
  signal?: AbortSignal
  /** Overrides the skill's default time limit. */
  timeoutMs?: number
}

/** What the running skill is doing right now (links render it in their own words). */
export type Activity =
  | { kind: 'idle' }
  | { kind: 'mining'; block: string }
  | { kind: 'searching'; needed: ItemCount[] }
  | { kind: 'crafting'; wanted: ItemCount[]; crafted: ItemCount[]; failed: ItemCount[] }
  | { kind: 'moving'; x: number; y?: number; z: number }

/** One stack in the player's window, by window slot number (hotbar 36–44, inner 9–35, armour 5–8, off-hand 45). */
export interface InventoryEntry {
  slot: number
  /** Namespaced id. */
  name: string
  count: number
}

export interface Equipment {
  hand: string | null
  offHand: string | null
  head: string | null
  torso: string | null
  legs: string | null
  feet: string | null
}

/** A plain snapshot of the body: no protocol's names. */
export interface BodyStatus {
  /** Connected and spawned; everything below is the last known state otherwise. */
  connected: boolean
  health: number
  maxHealth: number
  food: number
  maxFood: number
  saturation: number
  /** Feet position, rounded to 0.01. */
  position: Position
  /** Degrees, Minecraft's convention: yaw 0 = south (+Z), clockwise; pitch positive looking down. */
  yaw: number
  pitch: number
  dimension: string
  /** Ticks into the day, 0–23999 (0 = sunrise, 6000 = noon, 13000 = night). */
  timeOfDay: number
  day: number
  inventory: InventoryEntry[]
  equipment: Equipment
  activity: Activity
  /** The running skill, if any. */
  action: { skill: SkillName; startedAt: number; progress?: string; fraction?: number } | null
}

export interface VisionOptions {
  /** How far the eyes reach, in blocks (default 16). */
  distance?: number
  /** Horizontal field of view in degrees (default 90; vertical is 2/3 of it). */
  fovDegrees?: number
  /** Rays per degree (default 0.5: one ray every 2°). */
  raysPerDegree?: number
}

export interface SeenBlock {
  /** Namespaced block id. */
  name: string
  position: Position
  distance: number
}

export interface SeenEntity {
  id: number
  /** Player name, or the mob / item type (namespaced for mobs and items). */
  name: string
  kind: 'player' | 'mob' | 'animal' | 'item' | 'other'
  position: Position
  distance: number
  /** For dropped items: the stack. */
  item?: ItemCount
}

/** An entity found by scanEntities. */
export interface ScannedEntity {
  /** Namespaced entity type (`minecraft:zombie`, `minecraft:player`). */
  type: string
  /** The player's name, for players. */
  player?: string
  uuid: string
  health: number
  maxHealth: number
  position: Position
  distance: number
}

/** What the bot knows around it, for planning (Body.surroundings). */
export interface Surroundings {
  /** Bare block names known nearby. */
  blocks: string[]
  /** Bare mob kinds nearby (`cow`, `sheep`). */
  entities: string[]
  night: boolean
}

/** What the bot's eyes see now: a raycast from the eyes, so nothing behind a solid block. */
export interface Vision {
  eye: Position
  yaw: number
  pitch: number
  distance: number
  blocks: SeenBlock[]
  entities: SeenEntity[]
}

/**
 * Events a body emits (besides pushing to its ContextBus):
 * - 'skill.start'  (call: SkillCall)
 * - 'skill.progress' (call: SkillCall, message: string, fraction?: number)
 * - 'skill.end'    (call: SkillCall, result: SkillResult)  — always exactly once per start
 * - 'pickup'       (item: ItemCount)   name namespaced
 * - 'chat'         (username: string, message: string)   — other players only
 * - 'said'         (message: string)   — the body's own chat, once sent
 * - 'spawn' | 'death' | 'respawn' | 'disconnect' (reason: string) | 'reconnect'
 * - 'death.message' (text: string)  — the server's message of the bot's death (its death screen), when it sends one
 * - 'target'       (t: ChosenTarget)  — a block a skill chose to dig, mine or walk to, and whether it
 *                    was known then (senses/known-blocks.ts `chose`; the fair-play tests watch it)
 * - 'health.change' ({ type, data })  — the hurt.* / heal event also pushed to the bus
 *
 * Skill results may carry extras: collect → `collected`/`missing` (ItemCount[]),
 * craft → `crafted`/`notCrafted`, smelt → `smelted`, scanBlocks → `blocks` (SeenBlock[]),
 * scanEntities → `entities` (ScannedEntity[]), both with `summary`, kill → `killed`/`notFound`, hunt → `kills`/`picked`, shear → `sheared`/`picked`, pickUp → `picked`,
 * moveTo/moveToXZ/mine/explore → `position`, explore → `found` (SeenBlock | SeenEntity).
 */
export interface Body extends EventEmitter {
  readonly username: string
  /** The Minecraft version of the server it plays on, once connected (the planner reads that version's facts). */
  readonly version?: string
  /** True while connected and spawned. */
  readonly ready: boolean
  status(): BodyStatus
  /** Counts by namespaced item id. */
  inventoryCounts(): Record<string, number>
  /** What the eyes see now (fair play: no blocks behind other blocks); empty while not connected. */
  look(opts?: VisionOptions): Vision
  run(call: SkillCall, opts?: RunOptions): Promise<SkillResult>
  /**
   * What the bot knows around it, for planning: the names of blocks it knows within `radius`
   * (fair play: exposed or seen, never through stone), the mob kinds its client tracks, and
   * whether it is night. Optional: a body without it plans with no world knowledge.
   */
  surroundings?(radius?: number): Surroundings
  /** Says something in chat without touching the action slot; false when not connected. */
  say(message: string): boolean
  /** Stops the running skill (if any) and all movement. */
  stop(reason: string): Promise<void>
  /** Strike-back list: UUIDs the body retaliates against when hurt by them. */
  strikeBack: { add(uuids: string[]): void; remove(uuids: string[]): void; list(): string[] }
  close(): Promise<void>
}

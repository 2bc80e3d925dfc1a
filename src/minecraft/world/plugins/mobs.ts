/**
 * The world's mobs: a store of mob records, materialized as flying-squid entities only near
 * players, with vanilla damage, death and loot. flying-squid 1.12 has `serv.spawnMob` and nothing
 * more (no AI; its physics floats mobs above the ground; every hit does 1 damage; death sends no
 * destroy packet; no drops), so we keep its spawn packets and write the rest:
 *  - records far from every player (> 128 blocks) are not entities: passive animals sleep as
 *    records and wake when a player comes within 96 blocks; monsters that far are despawned by
 *    the monsters plugin. So the entity count, and the tick's cost, follow the players, not the
 *    size of the explored world;
 *  - each tick every awake mob runs its brain (mob-brain.ts) and its moves go out as relative-move
 *    or teleport packets to the players that see it;
 *  - a player's hit does the held weapon's damage (mob-rules.ts), with knockback and 10 ticks of
 *    invulnerability; at 0 health the mob plays its death (entity_status 3), is destroyed for the
 *    clients 15 ticks later and drops its vanilla loot as item entities (plugins/drops.ts).
 */
import { createBlockView, type BlockView } from '../block-view.js'
import { MOB_STATS, isHostile, meleeDamage, rollLoot, type Difficulty, type MobKind } from '../mob-rules.js'
import { SHEEP_WOOL_METADATA, WOOL_COLOURS, naturalSheepColour, sheepByte } from '../../sheep.js'
import { nextEggTicks } from '../animal-rules.js'
import { require, type SquidPlayer, type SquidServer } from '../squid.js'
import { createPackets } from '../packets.js'
import { stepMob, type MobBrainEnv } from './mob-brain.js'

export interface MobRecord {
  readonly id: number
  readonly kind: MobKind
  readonly hostile: boolean
  x: number
  y: number
  z: number
  /** Degrees, Minecraft convention (0 = south, clockwise). */
  yaw: number
  health: number
  /** The flying-squid entity while awake, else null. */
  entity: any | null
  dead: boolean
  // brain state (mob-brain.ts)
  goal: { x: number; z: number } | null
  target: SquidPlayer | null
  panicTicks: number
  attackCooldown: number
  fireTicks: number
  fuseTicks: number
  stuckTicks: number
  knockX: number
  knockZ: number
  hurtTick: number
  lastDamage: number
  burningShown: boolean
  onGround: boolean
  /** Position last sent to clients (relative moves are deltas from it). */
  sent: { x: number; y: number; z: number; yaw: number }
  /** A sheep's wool (colour id 0–15, ../../sheep.ts); null for other kinds. */
  wool: { colour: number; sheared: boolean } | null
  /** A chicken's ticks until its next egg; a sheep's ticks left eating grass (0 = not eating). Run by animal-life.ts. */
  eggTicks: number
  eatTicks: number
}

export interface AddMobOptions {
  /** A sheep's wool colour id (default: a natural colour by vanilla's odds). */
  woolColour?: number
}

export interface MobInfo {
  id: number
  entityId: number | null
  kind: MobKind
  position: { x: number; y: number; z: number }
  health: number
  onFire: boolean
  /** A sheep's wool colour (`white`) and whether it is sheared. */
  wool?: { colour: string; sheared: boolean }
}

export interface MobsApi {
  /** Adds a mob; it becomes an entity at once when a player is within the wake radius. */
  add(kind: MobKind, pos: { x: number; y: number; z: number }, opts?: AddMobOptions): MobRecord
  /** Living mobs that are entities now (a live view: do not keep). */
  awake(): ReadonlySet<MobRecord>
  /** Sends a sheep's wool (colour, sheared) to the players that see it, and to those who will. */
  showWool(rec: MobRecord): void
  /** Sends an entity event (vanilla `broadcastEntityEvent`: 10 = a sheep eats grass) to the players that see it. */
  entityEvent(rec: MobRecord, status: number): void
  /** Living mobs (records), awake or asleep. */
  all(): MobRecord[]
  info(rec: MobRecord): MobInfo
  hurt(rec: MobRecord, amount: number, cause: string, attacker?: SquidPlayer): void
  remove(rec: MobRecord): void
  hostileCount(): number
  /** Living monsters (a live view: do not keep). */
  hostiles(): ReadonlySet<MobRecord>
  view: BlockView
  /** Current time of day (0..23999). */
  timeOfDay(): number
  difficulty(): Difficulty
}

export const WAKE_RADIUS = 96
export const SLEEP_RADIUS = 128
const INVULNERABLE_TICKS = 10
const DEATH_ANIMATION_TICKS = 15

export function installMobs(serv: SquidServer, rng: () => number, hooks: { hurtPlayer(p: SquidPlayer, amount: number, cause: string): void }): MobsApi {
  const registry = serv.registry
  const packets = createPackets(registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const view = createBlockView(registry, () => serv.overworld)
  const records = new Set<MobRecord>()
  const awake = new Set<MobRecord>()
  const hostiles = new Set<MobRecord>()
  let nextId = 1
  const typeId = (kind: MobKind) => registry.entitiesByName[kind].id as number
  const lastAttackTick = new WeakMap<SquidPlayer, number>()

  const angle = (deg: number) => {
    let b = Math.floor((((deg % 360) + 360) % 360) * 256 / 360)
    if (b > 127) b -= 256
    return b
  }

  /** Players that have (or are about to get) the mob's spawn packet: flying-squid's view radius. */
  function viewers(rec: MobRecord): SquidPlayer[] {
    const e = rec.entity
    if (!e) return []
    const r = e.viewDistance ?? 150
    return serv.players.filter((p) => !p.disconnected && p.world === e.world && dist2(p.position, rec) <= r * r)
  }
  function writeViewers(rec: MobRecord, name: string, data: unknown): void {
    for (const p of viewers(rec)) p._client.write(name, data)
  }

  function wake(rec: MobRecord): void {
    if (rec.entity || rec.dead) return
    let ent: any
    try {
      ent = serv.spawnMob(typeId(rec.kind), serv.overworld, new Vec3(rec.x, rec.y, rec.z), { yaw: angle(rec.yaw), metadata: woolMetadata(rec) })
    } catch {
      return // flying-squid's entity limit: stays asleep, tried again later
    }
    ent.size = null // our brain moves it, not flying-squid's physics
    ent.health = rec.health
    ent.mbMob = rec
    ent.takeDamage = ({ damage = 1 }: { damage?: number }) => hurt(rec, damage, 'generic')
    rec.entity = ent
    rec.sent = { x: rec.x, y: rec.y, z: rec.z, yaw: rec.yaw }
    rec.burningShown = false
    awake.add(rec)
  }

  function sleep(rec: MobRecord): void {
    if (!rec.entity) return
    rec.entity.destroy()
    rec.entity = null
    rec.target = null
    awake.delete(rec)
  }

  /** The sheep's wool byte as entity metadata (sent after every spawn packet: flying-squid's `entity.metadata`). */
  function woolMetadata(rec: MobRecord): Array<{ key: number; type: number; value: number }> {
    return rec.wool ? [{ key: SHEEP_WOOL_METADATA, type: 0, value: sheepByte(rec.wool.colour, rec.wool.sheared) }] : []
  }

  function add(kind: MobKind, pos: { x: number; y: number; z: number }, opts: AddMobOptions = {}): MobRecord {
    const rec: MobRecord = {
      id: nextId++,
      kind,
      hostile: isHostile(kind),
      x: pos.x,
      y: pos.y,
      z: pos.z,
      yaw: Math.floor(rng() * 360),
      health: MOB_STATS[kind].health,
      entity: null,
      dead: false,
      goal: null,
      target: null,
      panicTicks: 0,
      attackCooldown: 0,
      fireTicks: 0,
      fuseTicks: 0,
      stuckTicks: 0,
      knockX: 0,
      knockZ: 0,
      hurtTick: -100,
      lastDamage: 0,
      burningShown: false,
      onGround: true,
      sent: { x: pos.x, y: pos.y, z: pos.z, yaw: 0 },
      wool: kind === 'sheep' ? { colour: opts.woolColour ?? naturalSheepColour(rng), sheared: false } : null,
      eggTicks: kind === 'chicken' ? nextEggTicks(rng) : 0,
      eatTicks: 0,
    }
    records.add(rec)
    if (rec.hostile) hostiles.add(rec)
    if (nearestPlayerDist2(rec) <= WAKE_RADIUS * WAKE_RADIUS) wake(rec)
    return rec
  }

  function remove(rec: MobRecord): void {
    rec.dead = true
    records.delete(rec)
    hostiles.delete(rec)
    sleep(rec)
  }

  function die(rec: MobRecord, cause: string, attacker?: SquidPlayer): void {
    rec.dead = true
    records.delete(rec)
    hostiles.delete(rec)
    awake.delete(rec)
    const ent = rec.entity
    if (ent) {
      writeViewers(rec, 'entity_status', { entityId: ent.id, entityStatus: 3 })
      let left = DEATH_ANIMATION_TICKS
      const later = () => {
        if (--left > 0) return
        serv.off('tick', later)
        ent.destroy()
      }
      serv.on('tick', later)
    }
    rec.entity = null
    if (cause === 'explosion' && rec.kind === 'creeper') return // a creeper that blew up leaves nothing
    const loot = rollLoot(rec.kind, rng, { byPlayer: attacker !== undefined, burning: rec.fireTicks > 0, wool: rec.wool })
    const at = { x: rec.x, y: rec.y + 0.5, z: rec.z }
    for (const d of loot) serv.mbDropItem?.(serv.overworld, at, d.name, d.count, 400)
    serv.emit('mbMobDeath', { id: rec.id, kind: rec.kind, cause, by: attacker?.username ?? null, loot })
  }

  function hurt(rec: MobRecord, amount: number, cause: string, attacker?: SquidPlayer): void {
    if (rec.dead || !(amount > 0)) return
    const tick = serv.tickCount
    // vanilla invulnerability: within 10 ticks of a hit only the part above that hit counts
    let dealt = amount
    if (tick - rec.hurtTick < INVULNERABLE_TICKS) {
      if (amount <= rec.lastDamage) return
      dealt = amount - rec.lastDamage
    } else rec.hurtTick = tick
    rec.lastDamage = amount
    rec.health = Math.max(0, rec.health - dealt)
    const ent = rec.entity
    if (ent) {
      ent.health = rec.health
      writeViewers(rec, 'entity_status', { entityId: ent.id, entityStatus: 2 })
    }
    if (attacker) {
      const dx = rec.x - attacker.position.x
      const dz = rec.z - attacker.position.z
      const d = Math.hypot(dx, dz) || 1
      rec.knockX = (dx / d) * 0.4
      rec.knockZ = (dz / d) * 0.4
      if (rec.hostile) rec.target = attacker
      else rec.panicTicks = 60 + Math.floor(rng() * 40)
    }
    if (rec.health <= 0) die(rec, cause, attacker)
  }

  // players' melee: replace flying-squid's 1-damage hit with the weapon's damage
  serv.on('newPlayer', (player: SquidPlayer) => {
    player.on('attack_cancel', (data: { attackedEntity?: any }, cancel: (run?: boolean) => void) => {
      const rec: MobRecord | undefined = data?.attackedEntity?.mbMob
      if (!rec) return
      cancel(false)
      if (player.gameMode === 3 || player.health <= 0) return
      const tick = serv.tickCount
      const since = tick - (lastAttackTick.get(player) ?? -1000)
      lastAttackTick.set(player, tick)
      const held = player.inventory.slots[36 + player.heldItemSlot]
      hurt(rec, meleeDamage(held?.name ?? null, since), 'player', player)
    })
  })

  function nearestPlayerDist2(pos: { x: number; y: number; z: number }): number {
    let best = Infinity
    for (const p of serv.players) {
      if (p.disconnected || p.world !== serv.overworld) continue
      best = Math.min(best, dist2(p.position, pos))
    }
    return best
  }

  /** Sends the mob's new position (relative move, or teleport when it jumped more than 7.9 blocks). */
  function sendMove(rec: MobRecord): void {
    const ent = rec.entity
    if (!ent) return
    const s = rec.sent
    const moved = s.x !== rec.x || s.y !== rec.y || s.z !== rec.z
    const turned = angle(s.yaw) !== angle(rec.yaw)
    if (!moved && !turned) return
    ent.position = new Vec3(rec.x, rec.y, rec.z)
    ent.yaw = angle(rec.yaw)
    const big = Math.abs(rec.x - s.x) > 7.9 || Math.abs(rec.y - s.y) > 7.9 || Math.abs(rec.z - s.z) > 7.9
    if (big) {
      writeViewers(rec, 'entity_teleport', { entityId: ent.id, x: rec.x, y: rec.y, z: rec.z, yaw: angle(rec.yaw), pitch: 0, onGround: rec.onGround })
      rec.sent = { x: rec.x, y: rec.y, z: rec.z, yaw: rec.yaw }
    } else {
      const dX = Math.round(rec.x * 4096) - Math.round(s.x * 4096)
      const dY = Math.round(rec.y * 4096) - Math.round(s.y * 4096)
      const dZ = Math.round(rec.z * 4096) - Math.round(s.z * 4096)
      writeViewers(rec, 'entity_move_look', { entityId: ent.id, dX, dY, dZ, yaw: angle(rec.yaw), pitch: 0, onGround: rec.onGround })
      // keep the fixed-point position the clients now have, so rounding never accumulates
      rec.sent = { x: s.x + dX / 4096, y: s.y + dY / 4096, z: s.z + dZ / 4096, yaw: rec.yaw }
    }
    if (turned) writeViewers(rec, 'entity_head_rotation', { entityId: ent.id, headYaw: angle(rec.yaw) })
    if (ent.position.distanceTo(ent.lastPositionPlayersUpdated) > 2) ent.updateAndSpawn()
  }

  const api: MobsApi = {
    add,
    all: () => [...records],
    awake: () => awake,
    showWool(rec) {
      const ent = rec.entity
      if (!ent || !rec.wool) return
      ent.metadata = woolMetadata(rec)
      writeViewers(rec, 'entity_metadata', { entityId: ent.id, metadata: ent.metadata })
    },
    entityEvent(rec, status) {
      if (rec.entity) writeViewers(rec, 'entity_status', { entityId: rec.entity.id, entityStatus: status })
    },
    info: (rec) => ({
      id: rec.id,
      entityId: rec.entity?.id ?? null,
      kind: rec.kind,
      position: { x: rec.x, y: rec.y, z: rec.z },
      health: rec.health,
      onFire: rec.fireTicks > 0,
      ...(rec.wool ? { wool: { colour: WOOL_COLOURS[rec.wool.colour] ?? 'white', sheared: rec.wool.sheared } } : {}),
    }),
    hurt,
    remove,
    hostileCount: () => hostiles.size,
    hostiles: () => hostiles,
    view,
    timeOfDay: () => ((serv.time ?? 0) % 24000 + 24000) % 24000,
    difficulty: () => (serv.difficulty ?? 1) as Difficulty,
  }

  const env: MobBrainEnv = {
    view,
    rng,
    mobs: api,
    players: () => serv.players,
    tick: () => serv.tickCount,
    hurtPlayer: hooks.hurtPlayer,
    swing(rec) {
      if (rec.entity) writeViewers(rec, 'animation', { entityId: rec.entity.id, animation: 0 })
    },
    setOnFire(rec, on) {
      if (rec.entity) writeViewers(rec, 'entity_metadata', { entityId: rec.entity.id, metadata: [packets.meta(0, 'byte', on ? 0x01 : 0)] })
    },
    explode(rec, power) {
      const at = { x: rec.x, y: rec.y, z: rec.z }
      for (const p of serv.players) {
        if (p.disconnected || p.world !== serv.overworld) continue
        const d = Math.sqrt(dist2(p.position, at))
        if (d > 64) continue
        packets.explosion(p._client, at, power)
      }
      serv.emit('mbExplosion', { x: at.x, y: at.y, z: at.z, power })
    },
  }

  let wakeTick = 0
  serv.on('tick', () => {
    // wake and sleep once a second; records are few thousand at most (animals of explored chunks)
    if (++wakeTick % 20 === 0) {
      for (const rec of records) {
        const d2 = nearestPlayerDist2(rec)
        if (!rec.entity && d2 <= WAKE_RADIUS * WAKE_RADIUS) wake(rec)
        else if (rec.entity && d2 > SLEEP_RADIUS * SLEEP_RADIUS && !rec.hostile) sleep(rec)
      }
    }
    for (const rec of awake) {
      if (rec.dead) continue
      stepMob(rec, env)
      if (!rec.dead) sendMove(rec)
    }
  })

  return api
}

function dist2(a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }): number {
  const dx = a.x - b.x
  const dy = a.y - b.y
  const dz = a.z - b.z
  return dx * dx + dy * dy + dz * dz
}

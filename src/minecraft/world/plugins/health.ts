/**
 * Health and hunger for survival players (flying-squid 1.12 only stores and
 * sends the numbers):
 *  - damage/heal with a cause, hurt animation (entity_status 2), death at 0
 *    (death message, inventory dropped, entity_status 3), respawn at spawn;
 *  - fall damage: ceil(fall distance - 3) when landing, reset in water;
 *  - hunger as vanilla (hunger.ts): exhaustion from sprinting (0.1/m, from the
 *    client's sprint flag), swimming (0.01/m), jumps (0.05, sprint-jump 0.2),
 *    breaking blocks (0.005), attacking and being hurt (0.1); none from standing
 *    or walking; natural regeneration (fast at full food) and starvation;
 *  - drowning: 300 ticks of air with the head in water (sent as the air
 *    metadata mineflayer reads as bot.oxygenLevel), then 2 damage a second;
 *  - lava (4 damage every 10 ticks, 15 s of fire), fire blocks, burning (1 a
 *    second, water puts it out; the on-fire flag is sent to everyone);
 *  - eating: holding food and using it for 32 ticks (1.6 s) restores its
 *    food points and saturation from minecraft-data `foods`, sends
 *    entity_status 9 (what mineflayer's bot.consume() waits for).
 */
import { Cell, createBlockView } from '../block-view.js'
import { EXHAUSTION, eat, exhaust as spend, tickFood, type Vitals } from '../hunger.js'
import { require, type SquidPlayer, type SquidServer } from '../squid.js'
import { createPackets, onGroundOf } from '../packets.js'

export interface HealthApi {
  damage(player: SquidPlayer, amount: number, cause: string): void
  heal(player: SquidPlayer, amount: number): void
  vitals(player: SquidPlayer): PlayerVitals
  setFood(player: SquidPlayer, food: number, saturation: number): void
}

/** Exhaustion by what caused it (cumulative since the last respawn). */
export type ExhaustionLedger = Record<'sprint' | 'swim' | 'jump' | 'dig' | 'attack' | 'hurt' | 'regen', number>

export interface PlayerVitals {
  health: number
  food: number
  saturation: number
  /** Exhaustion not yet spent (0..4). */
  exhaustion: number
  /** Total exhaustion added since the last respawn, and by cause. */
  exhaustionTotal: number
  exhaustionBy: ExhaustionLedger
  /** Air in ticks (300 full; below 0 while drowning). */
  air: number
  fireTicks: number
  sprinting: boolean
}

interface PlayerState {
  airborneMaxY: number | null
  lastPos: { x: number; y: number; z: number } | null
  wasOnGround: boolean
  exhaustion: number
  total: number
  by: ExhaustionLedger
  foodTimer: { timer: number }
  eating: { ticks: number; slot: number; type: number } | null
  dead: boolean
  sprinting: boolean
  air: number
  sentAir: number
  fireTicks: number
  shownOnFire: boolean
  lavaCooldown: number
}

const MAX_AIR = 300
/** Damage that costs no exhaustion (vanilla `bypassArmor` sources) or is not a hit at all. */
const NO_HURT_EXHAUSTION = new Set(['fall', 'drown', 'starvation', 'fire', 'void', 'operator', 'marker', 'test'])

function deathMessage(name: string, cause: string): string {
  const by: Record<string, string> = {
    fall: 'fell from a high place',
    drown: 'drowned',
    lava: 'tried to swim in lava',
    fire: 'burned to death',
    starvation: 'starved to death',
    explosion: 'was blown up by Creeper',
    zombie: 'was slain by Zombie',
    spider: 'was slain by Spider',
    skeleton: 'was shot by Skeleton',
  }
  return `${name} ${by[cause] ?? `died (${cause})`}`
}

const EAT_TICKS = 32
const ALWAYS_EDIBLE = new Set(['golden_apple', 'enchanted_golden_apple', 'chorus_fruit', 'honey_bottle', 'milk_bucket', 'potion'])

export function installHealth(serv: SquidServer, spawn: { x: number; y: number; z: number }): HealthApi {
  const registry = serv.registry
  const packets = createPackets(registry)
  const Item = require('prismarine-item')(registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const view = createBlockView(registry, () => serv.overworld)
  const states = new Map<SquidPlayer, PlayerState>()
  const freshState = (): PlayerState => ({
    airborneMaxY: null,
    lastPos: null,
    wasOnGround: true,
    exhaustion: 0,
    total: 0,
    by: { sprint: 0, swim: 0, jump: 0, dig: 0, attack: 0, hurt: 0, regen: 0 },
    foodTimer: { timer: 0 },
    eating: null,
    dead: false,
    sprinting: false,
    air: MAX_AIR,
    sentAir: MAX_AIR,
    fireTicks: 0,
    shownOnFire: false,
    lavaCooldown: 0,
  })
  const stateOf = (p: SquidPlayer): PlayerState => {
    let s = states.get(p)
    if (!s) {
      s = freshState()
      states.set(p, s)
    }
    return s
  }

  const send = (p: SquidPlayer) => {
    if (!p.disconnected) p._client.write('update_health', { health: p.health, food: p.food, foodSaturation: p.foodSaturation })
  }

  function writeStatus(p: SquidPlayer, status: number): void {
    const packet = { entityId: p.id, entityStatus: status }
    if (!p.disconnected) p._client.write('entity_status', packet)
    for (const other of serv.players) if (other !== p && other.world === p.world && !other.disconnected) other._client.write('entity_status', packet)
  }

  function die(p: SquidPlayer, cause: string): void {
    const st = stateOf(p)
    st.dead = true
    st.eating = null
    writeStatus(p, 3)
    st.fireTicks = 0
    st.air = MAX_AIR
    const message = deathMessage(p.username, cause)
    packets.death(p._client, p.id, message)
    serv.broadcast?.(message)
    // keepInventory is off: everything drops where the player died.
    const at = p.position.offset(0, 0.5, 0)
    for (let s = 0; s < p.inventory.slots.length; s++) {
      const it = p.inventory.slots[s]
      if (!it) continue
      p.inventory.updateSlot(s, null)
      if (s !== 0) serv.mbDropItem?.(p.world, at, it.name, it.count, 2000) // slot 0 is the crafting result
    }
    serv.emit('mbDeath', { player: p.username, cause })
  }

  function damage(p: SquidPlayer, amount: number, cause: string): void {
    const st = stateOf(p)
    if (st.dead || p.health <= 0 || amount <= 0 || p.gameMode === 1 || p.gameMode === 3) return
    p.health = Math.max(0, p.health - amount)
    send(p)
    writeStatus(p, 2)
    serv.emit('mbHurt', { player: p.username, amount, cause, health: p.health })
    if (!NO_HURT_EXHAUSTION.has(cause)) exhaust(p, EXHAUSTION.perHurt, 'hurt')
    if (p.health <= 0) die(p, cause)
  }

  function heal(p: SquidPlayer, amount: number): void {
    const st = stateOf(p)
    if (st.dead || p.health <= 0 || amount <= 0) return
    p.health = Math.min(20, p.health + amount)
    send(p)
  }

  function exhaust(p: SquidPlayer, amount: number, why: keyof ExhaustionLedger): void {
    const st = stateOf(p)
    if (!(amount > 0) || p.gameMode === 1 || p.gameMode === 3) return
    st.total += amount
    st.by[why] += amount
    const v: Vitals = { health: p.health, food: p.food, saturation: p.foodSaturation, exhaustion: st.exhaustion }
    const changed = spend(v, amount)
    st.exhaustion = v.exhaustion
    if (changed) {
      p.food = v.food
      p.foodSaturation = v.saturation
      send(p)
    }
  }

  function onMove(p: SquidPlayer, packet: { x: number; y: number; z: number; onGround: boolean }): void {
    const st = stateOf(p)
    if (st.dead || p.gameMode === 1 || p.gameMode === 3) {
      st.airborneMaxY = null
      return
    }
    if (st.lastPos) {
      const dx = packet.x - st.lastPos.x
      const dz = packet.z - st.lastPos.z
      const d = Math.hypot(dx, dz)
      const inWater = view.cell(packet.x, packet.y, packet.z) === Cell.water
      if (d > 0 && d < 10) {
        // ignore teleports; walking costs nothing
        if (inWater) exhaust(p, d * EXHAUSTION.perMetreSwum, 'swim')
        else if (st.sprinting) exhaust(p, d * EXHAUSTION.perMetreSprinted, 'sprint')
      }
      // a jump: leaving the ground upwards (a step up keeps onGround)
      if (st.wasOnGround && !packet.onGround && packet.y > st.lastPos.y && !inWater) {
        exhaust(p, st.sprinting ? EXHAUSTION.perSprintJump : EXHAUSTION.perJump, 'jump')
      }
    }
    st.wasOnGround = packet.onGround
    st.lastPos = { x: packet.x, y: packet.y, z: packet.z }
    checkFall(p, st, packet)
  }

  function checkFall(p: SquidPlayer, st: PlayerState, packet: { x: number; y: number; z: number; onGround: boolean }): void {
    const inWater = view.cell(packet.x, packet.y, packet.z) === Cell.water
    if (inWater) {
      st.airborneMaxY = null
      return
    }
    if (!packet.onGround) {
      st.airborneMaxY = Math.max(st.airborneMaxY ?? packet.y, packet.y)
      return
    }
    if (st.airborneMaxY !== null) {
      const fall = st.airborneMaxY - packet.y
      st.airborneMaxY = null
      const dmg = Math.ceil(fall - 3 - 1e-6)
      if (dmg > 0) damage(p, dmg, 'fall')
    }
  }

  /** Sends a player's on-fire flag to itself and to the others. */
  function showFire(p: SquidPlayer, on: boolean): void {
    const packet = { entityId: p.id, metadata: [packets.meta(0, 'byte', on ? 0x01 : 0)] }
    for (const other of serv.players) if (other.world === p.world && !other.disconnected) other._client.write('entity_metadata', packet)
  }

  /** Air, lava, fire and burning, once per tick. */
  function environment(p: SquidPlayer, st: PlayerState): void {
    if (p.world !== serv.overworld) return
    const { x, y, z } = p.position
    const feet = view.cell(x, y, z)
    const body = view.cell(x, y + 1, z)
    const head = view.cell(x, y + 1.62, z)
    // air and drowning
    if (head === Cell.water) {
      st.air--
      if (st.air <= -20) {
        st.air = 0
        damage(p, 2, 'drown')
      }
    } else if (st.air < MAX_AIR) st.air = Math.min(MAX_AIR, Math.max(st.air, 0) + 4)
    const shownAir = Math.max(0, st.air)
    if (shownAir !== st.sentAir && !p.disconnected) {
      st.sentAir = shownAir
      p._client.write('entity_metadata', { entityId: p.id, metadata: [packets.meta(1, 'int', shownAir)] })
    }
    if (st.dead) return
    // lava and fire blocks
    if (st.lavaCooldown > 0) st.lavaCooldown--
    if (feet === Cell.lava || body === Cell.lava) {
      st.fireTicks = Math.max(st.fireTicks, 300)
      if (st.lavaCooldown === 0) {
        st.lavaCooldown = 10
        damage(p, 4, 'lava')
      }
    } else if (feet === Cell.fire || body === Cell.fire) {
      st.fireTicks = Math.max(st.fireTicks, 160)
      if (st.lavaCooldown === 0) {
        st.lavaCooldown = 10
        damage(p, 1, 'fire')
      }
    }
    if (feet === Cell.water || body === Cell.water) st.fireTicks = 0
    if (st.fireTicks > 0) {
      st.fireTicks--
      if (st.fireTicks % 20 === 0 && feet !== Cell.lava && body !== Cell.lava) damage(p, 1, 'fire')
    }
    const onFire = st.fireTicks > 0 && !st.dead
    if (onFire !== st.shownOnFire) {
      st.shownOnFire = onFire
      showFire(p, onFire)
    }
  }

  function finishEating(p: SquidPlayer, st: PlayerState): void {
    const e = st.eating
    st.eating = null
    if (!e) return
    const held = p.inventory.slots[36 + p.heldItemSlot]
    if (!held || held.type !== e.type || 36 + p.heldItemSlot !== e.slot) return
    const food = registry.foodsByName[held.name]
    if (!food) return
    p.inventory.updateSlot(e.slot, held.count > 1 ? new Item(held.type, held.count - 1, held.metadata) : null)
    const v: Vitals = { health: p.health, food: p.food, saturation: p.foodSaturation, exhaustion: st.exhaustion }
    eat(v, food.foodPoints, food.saturation)
    p.food = v.food
    p.foodSaturation = v.saturation
    send(p)
    if (!p.disconnected) p._client.write('entity_status', { entityId: p.id, entityStatus: 9 })
  }

  function onTick(p: SquidPlayer): void {
    const st = stateOf(p)
    if (st.dead || p.health <= 0 || p.gameMode === 1 || p.gameMode === 3) return
    if (st.eating && ++st.eating.ticks >= EAT_TICKS) finishEating(p, st)
    environment(p, st)
    if (st.dead) return
    const floor = (serv.difficulty ?? 1) <= 1 ? 10 : serv.difficulty === 2 ? 1 : 0
    const what = tickFood({ health: p.health, food: p.food, saturation: p.foodSaturation, exhaustion: st.exhaustion }, st.foodTimer, floor)
    if (what && 'heal' in what) {
      heal(p, what.heal)
      exhaust(p, what.cost, 'regen')
    } else if (what) damage(p, 1, 'starvation')
  }

  serv.on('newPlayer', (p: SquidPlayer) => {
    const st = stateOf(p)
    for (const name of ['position', 'position_look']) {
      p._client.on(name, (packet: any) => {
        if (packet && Number.isFinite(packet.x) && Number.isFinite(packet.y) && Number.isFinite(packet.z)) onMove(p, { x: packet.x, y: packet.y, z: packet.z, onGround: onGroundOf(packet) })
      })
    }
    p._client.on('flying', (packet: { onGround?: boolean; flags?: { onGround?: boolean } }) => {
      if (st.lastPos) onMove(p, { ...st.lastPos, onGround: onGroundOf(packet) })
    })
    p._client.on('use_item', () => {
      const held = p.inventory.slots[36 + p.heldItemSlot]
      if (!held || st.dead) return
      const food = registry.foodsByName[held.name]
      if (!food) return
      if (p.food >= 20 && !ALWAYS_EDIBLE.has(held.name) && p.gameMode !== 1) return
      st.eating = { ticks: 0, slot: 36 + p.heldItemSlot, type: held.type }
    })
    p._client.on('held_item_slot', () => {
      st.eating = null
    })
    p._client.on('block_dig', ({ status }: { status: number }) => {
      if (status === 5) st.eating = null // released the use button
    })
    p.on('dug', () => exhaust(p, EXHAUSTION.perBlockBroken, 'dig'))
    p.on('attack', () => exhaust(p, EXHAUSTION.perAttack, 'attack'))
    // minecraft-protocol maps 1.16.5's action ids to names ('start_sprinting'); older ones are numbers
    p._client.on('entity_action', ({ actionId }: { actionId?: number | string }) => {
      if (actionId === 3 || actionId === 'start_sprinting') st.sprinting = true
      else if (actionId === 4 || actionId === 'stop_sprinting') st.sprinting = false
    })
    // Respawn at the world spawn with full stats (flying-squid keeps the death position).
    // Until the client has confirmed its new position, the movement packets it still sends from where
    // it died are taken for the spawn: flying-squid applies every movement packet as it comes, so a
    // bot that was walking when it died was put back where it died (and picked its own drops up).
    let placing: { until: number } | undefined
    // flying-squid answers a move of more than 16 blocks by sending the chunks around the player
    // unless it is sending chunks already (`sendingChunks`). During a respawn the client's last moves
    // from where it died still land (see below), and such a send would go to the death spot or be
    // undone by the respawn's unload of every chunk: the client stood at the spawn without the chunks
    // around it (in the 1.21.4 bench often enough for the body to rejoin). The respawn sends them
    // itself; until it has, flying-squid's sending counts as busy (an older send ending meanwhile
    // does not clear that).
    let respawning = false
    let sending = Boolean(p.sendingChunks)
    Object.defineProperty(p, 'sendingChunks', {
      configurable: true,
      enumerable: true,
      get: () => respawning || sending,
      set: (v: boolean) => {
        sending = v
      },
    })
    const heldAtSpawn = (data: { x?: number; y?: number; z?: number }) => {
      if (!placing) return
      if (Date.now() > placing.until) {
        placing = undefined
        return
      }
      data.x = spawn.x
      data.y = spawn.y
      data.z = spawn.z
    }
    p._client.prependListener('position', heldAtSpawn)
    p._client.prependListener('position_look', heldAtSpawn)
    p._client.on('teleport_confirm', () => {
      if (placing && placing.until !== Infinity) placing = undefined
    })
    p.on('requestRespawn', () => {
      placing = { until: Infinity }
      p.position = new Vec3(spawn.x, spawn.y, spawn.z)
      respawning = true
      p.food = 20
      p.foodSaturation = 5
      Object.assign(st, freshState())
      serv.emit('mbRespawn', { player: p.username })
    })
    // flying-squid compares the respawn action to 0, but minecraft-protocol maps it to
    // 'perform_respawn' for 1.16.5, so flying-squid never respawns anyone; we do.
    p._client.on('client_command', (data: { actionId?: unknown; payload?: unknown }) => {
      const action = data?.actionId ?? data?.payload
      if (action !== 'perform_respawn' || !st.dead) return
      void p.behavior('requestRespawn', {}, async () => {
        packets.respawn(p as never, (serv as any).hashedSeed, (serv as any).dimensionNames?.[0] ?? 'minecraft:overworld')
        // mineflayer (and the vanilla client) drop their world on a respawn packet, so the
        // chunks around the spawn are sent again, as vanilla does.
        p._unloadAllChunks()
        // flying-squid moves a player when its move behaviour ends, asynchronously: a move the client
        // sent from where it died, before the request, can land after it and put the player back
        // there, and the chunks would be sent around the death spot. The spawn again, just before.
        p.position = new Vec3(spawn.x, spawn.y, spawn.z)
        await p.worldSendInitialChunks()
        if (p.disconnected || serv.isClosed) return
        p.sendSelfPosition(new Vec3(spawn.x, spawn.y, spawn.z))
        // the client's confirmation ends the hold (a client that never confirms: after 5 s)
        placing = { until: Date.now() + 5000 }
        p.updateHealth(20)
        p.nearbyEntities = []
        p.updateAndSpawn()
        respawning = false
        void p.worldSendRestOfChunks()
      })
    })
    p.once('disconnected', () => states.delete(p))
  })

  serv.on('tick', () => {
    for (const p of serv.players) onTick(p)
  })

  function vitals(p: SquidPlayer): PlayerVitals {
    const st = stateOf(p)
    return {
      health: p.health,
      food: p.food,
      saturation: p.foodSaturation,
      exhaustion: st.exhaustion,
      exhaustionTotal: st.total,
      exhaustionBy: { ...st.by },
      air: st.air,
      fireTicks: st.fireTicks,
      sprinting: st.sprinting,
    }
  }

  function setFood(p: SquidPlayer, food: number, saturation: number): void {
    p.food = food
    p.foodSaturation = Math.min(saturation, food)
    stateOf(p).exhaustion = 0
    send(p)
  }

  return { damage, heal, vitals, setFood }
}

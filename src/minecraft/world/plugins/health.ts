/**
 * Health and hunger for survival players (flying-squid 1.12 only stores and
 * sends the numbers):
 *  - damage/heal with a cause, hurt animation (entity_status 2), death at 0
 *    (death message, inventory dropped, entity_status 3), respawn at spawn;
 *  - fall damage: ceil(fall distance - 3) when landing, reset in water;
 *  - hunger (simplified): exhaustion from time alive (1 per 30 s), walking
 *    (0.01/block), jumping (0.05) and breaking blocks (0.005); 4 exhaustion
 *    take 1 saturation, else 1 food; food >= 18 regenerates 1 health per 4 s
 *    (costing 6 exhaustion), food 0 starves 1 health per 4 s down to 10;
 *  - eating: holding food and using it for 32 ticks (1.6 s) restores its
 *    food points and saturation from minecraft-data `foods`, sends
 *    entity_status 9 (what mineflayer's bot.consume() waits for).
 */
import { EXHAUSTION, REGEN_COST, REGEN_PERIOD_TICKS, eat, exhaust as spend, regenerate, type Vitals } from '../hunger.js'
import { require, type SquidPlayer, type SquidServer } from '../squid.js'

export interface HealthApi {
  damage(player: SquidPlayer, amount: number, cause: string): void
  heal(player: SquidPlayer, amount: number): void
}

interface PlayerState {
  airborneMaxY: number | null
  lastPos: { x: number; y: number; z: number } | null
  exhaustion: number
  ticks: number
  eating: { ticks: number; slot: number; type: number } | null
  dead: boolean
}

const EAT_TICKS = 32
const ALWAYS_EDIBLE = new Set(['golden_apple', 'enchanted_golden_apple', 'chorus_fruit', 'honey_bottle', 'milk_bucket', 'potion'])

export function installHealth(serv: SquidServer, spawn: { x: number; y: number; z: number }): HealthApi {
  const registry = serv.registry
  const Item = require('prismarine-item')(registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const states = new Map<SquidPlayer, PlayerState>()
  const stateOf = (p: SquidPlayer): PlayerState => {
    let s = states.get(p)
    if (!s) {
      s = { airborneMaxY: null, lastPos: null, exhaustion: 0, ticks: 0, eating: null, dead: false }
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
    const message = cause === 'fall' ? `${p.username} fell from a high place` : `${p.username} died (${cause})`
    p._client.write('combat_event', { event: 2, playerId: p.id, entityId: p.id, message: JSON.stringify({ text: message }) })
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
    if (p.health <= 0) die(p, cause)
  }

  function heal(p: SquidPlayer, amount: number): void {
    const st = stateOf(p)
    if (st.dead || p.health <= 0 || amount <= 0) return
    p.health = Math.min(20, p.health + amount)
    send(p)
  }

  function exhaust(p: SquidPlayer, amount: number): void {
    const st = stateOf(p)
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
      if (d < 10) exhaust(p, d * EXHAUSTION.perBlockWalked) // ignore teleports
      if (packet.y - st.lastPos.y > 0.4 && !packet.onGround) exhaust(p, EXHAUSTION.perJump)
    }
    st.lastPos = { x: packet.x, y: packet.y, z: packet.z }
    void checkFall(p, st, packet)
  }

  async function checkFall(p: SquidPlayer, st: PlayerState, packet: { x: number; y: number; z: number; onGround: boolean }): Promise<void> {
    const inWater = await isWater(p, packet)
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

  async function isWater(p: SquidPlayer, pos: { x: number; y: number; z: number }): Promise<boolean> {
    try {
      const b = await p.world.getBlock(new Vec3(Math.floor(pos.x), Math.floor(pos.y), Math.floor(pos.z)))
      return b?.name === 'water'
    } catch {
      return false
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
    st.ticks++
    if (st.eating && ++st.eating.ticks >= EAT_TICKS) finishEating(p, st)
    if (st.ticks % 20 === 0) exhaust(p, EXHAUSTION.perSecondAlive)
    if (st.ticks % REGEN_PERIOD_TICKS === 0) {
      const what = regenerate({ health: p.health, food: p.food, saturation: p.foodSaturation, exhaustion: st.exhaustion })
      if (what === 'heal') {
        heal(p, 1)
        exhaust(p, REGEN_COST)
      } else if (what === 'starve') {
        damage(p, 1, 'starvation')
      }
    }
  }

  serv.on('newPlayer', (p: SquidPlayer) => {
    const st = stateOf(p)
    for (const name of ['position', 'position_look']) {
      p._client.on(name, (packet: any) => {
        if (packet && Number.isFinite(packet.x) && Number.isFinite(packet.y) && Number.isFinite(packet.z)) onMove(p, packet)
      })
    }
    p._client.on('flying', ({ onGround }: { onGround: boolean }) => {
      if (st.lastPos) onMove(p, { ...st.lastPos, onGround })
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
    p.on('dug', () => exhaust(p, EXHAUSTION.perBlockBroken))
    // Respawn at the world spawn with full stats (flying-squid keeps the death position).
    p.on('requestRespawn', () => {
      p.position = new Vec3(spawn.x, spawn.y, spawn.z)
      p.food = 20
      p.foodSaturation = 5
      st.dead = false
      st.airborneMaxY = null
      st.lastPos = null
      st.exhaustion = 0
    })
    // flying-squid compares the respawn action to 0, but minecraft-protocol maps it to
    // 'perform_respawn' for 1.16.5, so flying-squid never respawns anyone; we do.
    p._client.on('client_command', (data: { actionId?: unknown; payload?: unknown }) => {
      const action = data?.actionId ?? data?.payload
      if (action !== 'perform_respawn' || !st.dead) return
      void p.behavior('requestRespawn', {}, async () => {
        p._sendRespawn()
        // mineflayer (and the vanilla client) drop their world on a respawn packet, so the
        // chunks around the spawn are sent again, as vanilla does.
        p._unloadAllChunks()
        await p.worldSendInitialChunks()
        if (p.disconnected || serv.isClosed) return
        p.sendSelfPosition()
        p.updateHealth(20)
        p.nearbyEntities = []
        p.updateAndSpawn()
        void p.worldSendRestOfChunks()
      })
    })
    p.once('disconnected', () => states.delete(p))
  })

  serv.on('tick', () => {
    for (const p of serv.players) onTick(p)
  })

  return { damage, heal }
}

/**
 * Players are remembered in memory for the life of the world: leaving and
 * joining again (a bot reconnecting) restores position, inventory, health and
 * food. flying-squid only persists players to a world folder, which we do not
 * have. Also gives new players vanilla's initial saturation (5).
 */
import { require, type SquidItem, type SquidPlayer, type SquidServer } from '../squid.js'

interface Saved {
  position: { x: number; y: number; z: number }
  yaw: number
  pitch: number
  health: number
  food: number
  saturation: number
  heldItemSlot: number
  slots: Array<{ slot: number; type: number; count: number; metadata: number; nbt?: unknown }>
}

export function installMemory(serv: SquidServer): void {
  const Item = require('prismarine-item')(serv.registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const saved = new Map<string, Saved>()

  function save(p: SquidPlayer): void {
    if (!p.username) return
    const alive = p.health > 0
    saved.set(p.username, {
      position: alive ? { x: p.position.x, y: p.position.y, z: p.position.z } : { x: NaN, y: NaN, z: NaN },
      yaw: p.yaw ?? 0,
      pitch: p.pitch ?? 0,
      health: alive ? p.health : 20,
      food: alive ? p.food : 20,
      saturation: alive ? (p.foodSaturation ?? 5) : 5,
      heldItemSlot: p.heldItemSlot ?? 0,
      // slot 0 is the crafting result; the 2x2 grid (1-4) is kept like the rest
      slots: p.inventory.slots.flatMap((it: SquidItem | null, slot: number) =>
        it && slot > 0 ? [{ slot, type: it.type, count: it.count, metadata: it.metadata, nbt: it.nbt }] : [],
      ),
    })
  }

  serv.on('newPlayer', (p: SquidPlayer) => {
    if (p.foodSaturation === undefined) p.foodSaturation = 5
    const name = (p._client as unknown as { username?: string }).username
    const s = name ? saved.get(name) : undefined
    if (s && Number.isFinite(s.position.x)) {
      const original = p.findSpawnPoint
      p.findSpawnPoint = async () => {
        p.findSpawnPoint = original // only the first placement uses the remembered position
        p.spawnPoint = new Vec3(s.position.x, s.position.y, s.position.z)
      }
    }
    p.once('spawned', () => {
      if (!s) return
      for (const it of s.slots) p.inventory.updateSlot(it.slot, new Item(it.type, it.count, it.metadata, it.nbt))
      p.food = s.food
      p.foodSaturation = s.saturation
      p.updateHealth(s.health)
    })
    p._client.once('end', () => save(p))
  })
}

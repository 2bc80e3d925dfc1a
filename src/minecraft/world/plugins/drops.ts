/**
 * Survival block drops and item pickup.
 * flying-squid 1.12 drops every loot entry of a broken block regardless of
 * tool and chance, and its pickup adds one item per entity and may stack
 * items into the crafting grid. We replace the drop list of each `dug` event
 * with `computeDrops`, spawn item entities ourselves and run our own pickup.
 */
import { computeDrops } from '../drops.js'
import { addToInventory } from '../inventory-ops.js'
import { require, type SquidPlayer, type SquidServer } from '../squid.js'

const PICKUP_DELAY_MS = 400
/** Pickup box around the player's feet: a bit more generous than vanilla (bots dig holes). */
const PICKUP_HORIZONTAL = 2
const PICKUP_BELOW = 2.2
const PICKUP_ABOVE = 2.5
const DESPAWN_MS = 5 * 60 * 1000

export function installDrops(serv: SquidServer, rng: () => number): void {
  const registry = serv.registry
  const Item = require('prismarine-item')(registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const itemEntityType = registry.entitiesByName.item.id as number

  /** Spawns an item entity that our pickup loop collects. */
  serv.mbDropItem = (world: unknown, position: { x: number; y: number; z: number }, itemName: string, count: number, pickupDelayMs = PICKUP_DELAY_MS) => {
    const def = registry.itemsByName[itemName]
    if (!def || count <= 0) return
    const ent = serv.spawnObject(itemEntityType, world as any, new Vec3(position.x, position.y, position.z), {
      velocity: new Vec3((rng() - 0.5) * 1.2, 2, (rng() - 0.5) * 1.2),
      itemId: def.id,
      itemCount: count,
      pickupTime: undefined,
      deathTime: DESPAWN_MS,
    })
    ent.mbDrop = true
    ent.mbPickupDelay = pickupDelayMs
  }

  serv.on('newPlayer', (player: SquidPlayer) => {
    player.on('dug', (data: { block?: { name: string }; position: any; drops?: unknown[]; dropBlock?: boolean }) => {
      if (!Array.isArray(data.drops) || !data.block) return // creative digging has no drop list
      const held = player.inventory.slots[36 + player.heldItemSlot]
      const drops = computeDrops(registry, data.block.name, held ? held.name : null, rng)
      data.drops.length = 0 // flying-squid spawns what is left in this (shared) array
      data.dropBlock = false
      const at = data.position.offset(0.5, 0.5, 0.5)
      // Spawn after the block is gone so the entity does not start inside it.
      setImmediate(() => {
        if (serv.isClosed) return
        for (const d of drops) serv.mbDropItem(player.world, at, d.name, d.count)
      })
    })

    player.collect = (entity: any) => collect(player, entity)
  })

  function collect(player: SquidPlayer, entity: any): void {
    if (entity.mbCollected) return
    const count = entity.itemCount ?? 1
    const left = addToInventory(player.inventory, Item, entity.itemId, count)
    const taken = count - left
    if (taken <= 0) return
    entity._writeOthersNearby('collect', {
      collectedEntityId: entity.id,
      collectorEntityId: player.id,
      pickupItemCount: taken,
    })
    if (left > 0) {
      entity.itemCount = left
      return
    }
    entity.mbCollected = true
    entity.destroy()
  }

  serv.on('tick', () => {
    const now = Date.now()
    for (const id of Object.keys(serv.entities)) {
      const e = serv.entities[id]
      if (!e?.mbDrop || e.mbCollected || now - e.bornTime < (e.mbPickupDelay ?? PICKUP_DELAY_MS)) continue
      let best: SquidPlayer | null = null
      let bestDist = Infinity
      for (const p of serv.players) {
        if (p.world !== e.world || p.health <= 0 || p.gameMode === 3) continue
        const dy = e.position.y - p.position.y
        if (dy < -PICKUP_BELOW || dy > PICKUP_ABOVE) continue
        const d = Math.hypot(p.position.x - e.position.x, p.position.z - e.position.z)
        if (d <= PICKUP_HORIZONTAL && d < bestDist) {
          best = p
          bestDist = d
        }
      }
      if (best) collect(best, e)
    }
  })
}

/**
 * Survival block drops and item pickup.
 * flying-squid 1.12 drops every loot entry of a broken block regardless of
 * tool and chance, and its pickup adds one item per entity and may stack
 * items into the crafting grid. We replace the drop list of each `dug` event
 * with `computeDrops`, spawn item entities ourselves and run our own pickup.
 */
import { computeDrops, otherHalf } from '../drops.js'
import { addToInventory } from '../inventory-ops.js'
import { require, type SquidPlayer, type SquidServer } from '../squid.js'

const PICKUP_DELAY_MS = 400
/** Pickup box around the player's feet: a bit more generous than vanilla (bots dig holes). */
const PICKUP_HORIZONTAL = 2
const PICKUP_BELOW = 2.2
const PICKUP_ABOVE = 2.5
const DESPAWN_MS = 5 * 60 * 1000
const THROWN_PICKUP_DELAY_MS = 2000

export function installDrops(serv: SquidServer, rng: () => number): void {
  const registry = serv.registry
  const Item = require('prismarine-item')(registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const itemEntityType = registry.entitiesByName.item.id as number

  /** Spawns an item entity that our pickup loop collects. */
  serv.mbDropItem = (
    world: unknown,
    position: { x: number; y: number; z: number },
    itemName: string,
    count: number,
    pickupDelayMs = PICKUP_DELAY_MS,
    velocity?: { x: number; y: number; z: number },
  ) => {
    const def = registry.itemsByName[itemName]
    if (!def || count <= 0) return
    const v = velocity ?? { x: (rng() - 0.5) * 1.2, y: 2, z: (rng() - 0.5) * 1.2 }
    const ent = serv.spawnObject(itemEntityType, world as any, new Vec3(position.x, position.y, position.z), {
      velocity: new Vec3(v.x, v.y, v.z),
      itemId: def.id,
      itemCount: count,
      pickupTime: undefined,
      deathTime: DESPAWN_MS,
    })
    ent.mbDrop = true
    ent.mbPickupDelay = pickupDelayMs
  }

  // flying-squid 1.12 sends a dropped item's stack as metadata index 6, the 1.13 index; in 1.14+ it is
  // index 7 (minecraft-data `metadataIxOfItem`; 6 is the pose), so clients could not tell what lay on
  // the ground (mineflayer's `getDroppedItem()` read nothing, a vanilla client rejects the type).
  // Item entities are spawned for each player with the stack at the right index.
  // The stack's metadata type is 6 in 1.16 and `item_stack` from 1.19.3, and its shape changes in
  // 1.20.5: both are read from the version's protocol (itemStackMetadataType) and prismarine-item.
  const itemIx = registry.supportFeature('metadataIxOfItem') as number
  const stackType = itemStackMetadataType(registry.protocol)
  serv.on('newPlayer', (player: SquidPlayer) => {
    const spawnEntity = player.spawnEntity as (entity: any) => void
    player.spawnEntity = (entity: any) => {
      if (entity.itemId === undefined || typeof itemIx !== 'number' || stackType === null) return spawnEntity(entity)
      player._client.write(entity.spawnPacketName, entity.getSpawnPacket())
      player._client.write('entity_metadata', {
        entityId: entity.id,
        metadata: [{ key: itemIx, type: stackType, value: Item.toNotch(new Item(entity.itemId, entity.itemCount)) }],
      })
    }
  })

  serv.on('newPlayer', (player: SquidPlayer) => {
    player.on('dug', (data: { block?: { name: string; getProperties?(): Record<string, unknown> }; position: any; drops?: unknown[]; dropBlock?: boolean }) => {
      if (!Array.isArray(data.drops) || !data.block) return // creative digging has no drop list
      const held = player.inventory.slots[36 + player.heldItemSlot]
      const props = data.block.getProperties?.() ?? {}
      const age = Number(props.age ?? 0)
      const other = otherHalf(props)
      // the upper half drops nothing; the lower half goes with it and drops its loot, with no tool (vanilla)
      const drops = other === -1 ? [] : computeDrops(registry, data.block.name, held ? held.name : null, rng, Number.isFinite(age) ? age : 0)
      data.drops.length = 0 // flying-squid spawns what is left in this (shared) array
      data.dropBlock = false
      const at = data.position.offset(0.5, 0.5, 0.5)
      if (other !== null) void breakOtherHalf(player.world, data.position.offset(0, other, 0), data.block.name, other === -1)
      // Spawn after the block is gone so the entity does not start inside it.
      setImmediate(() => {
        if (serv.isClosed) return
        for (const d of drops) serv.mbDropItem(player.world, at, d.name, d.count)
      })
    })

    player.collect = (entity: any) => collect(player, entity)

    // Q / Ctrl-Q on the held item (block_dig 4 / 3). flying-squid drops it at the feet with
    // no velocity, so the thrower picks it straight up again; we throw it forward instead
    // and hide the slot from flying-squid's listener, which runs right after this one.
    player._client.prependListener('block_dig', ({ status }: { status: number }) => {
      if (status !== 3 && status !== 4) return
      const slot = 36 + player.heldItemSlot
      const held = player.inventory.slots[slot]
      if (!held) return
      const n = status === 4 ? 1 : held.count
      const rest = held.count - n
      player.inventory.slots[slot] = null
      queueMicrotask(() => player.inventory.updateSlot(slot, rest > 0 ? new Item(held.type, rest, held.metadata, held.nbt) : null))
      throwFrom(player, held.name, n)
    })
  })

  /** Removes the other half of a broken two-block block (../drops.ts `otherHalf`); the lower half drops its loot. */
  async function breakOtherHalf(world: any, pos: any, name: string, drops: boolean): Promise<void> {
    const block = await world.getBlock(pos).catch(() => null)
    if (!block || block.name !== name || serv.isClosed) return
    await serv.setBlock(world, pos, 0).catch(() => undefined)
    if (drops) for (const d of computeDrops(registry, name, null, rng)) serv.mbDropItem(world, pos.offset(0.5, 0.5, 0.5), d.name, d.count)
  }

  /**
   * Throws items from a player's eyes in the look direction (lands ~3 blocks away, like vanilla).
   * flying-squid keeps a player's yaw as the protocol's angle byte, 1/256 of a turn (its
   * updatePositions plugin converts the client's degrees), not in degrees.
   */
  function throwFrom(player: SquidPlayer, itemName: string, count: number): void {
    const yaw = ((player.yaw ?? 0) * 2 * Math.PI) / 256
    const velocity = { x: -Math.sin(yaw) * 4, y: 3, z: Math.cos(yaw) * 4 }
    serv.mbDropItem(player.world, player.position.offset(0, 1.3, 0), itemName, count, THROWN_PICKUP_DELAY_MS, velocity)
  }
  serv.mbThrowItem = throwFrom

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

/**
 * The entity-metadata type of an item stack in a version's protocol (minecraft-data): the key of
 * the metadata value switch whose field is a slot, a number before 1.19.3 (6), a name after
 * (`item_stack`). Null when the protocol has none.
 */
export function itemStackMetadataType(protocol: { types: Record<string, unknown> }): number | string | null {
  const entry = protocol.types.entityMetadataEntry ?? protocol.types.entityMetadataItem
  let found: string | null = null
  const visit = (node: unknown): void => {
    if (found !== null || node === null || typeof node !== 'object') return
    const fields = (node as { fields?: Record<string, unknown> }).fields
    if (fields && typeof fields === 'object') {
      for (const [key, type] of Object.entries(fields)) if (type === 'slot' || type === 'Slot') found = key
    }
    for (const child of Object.values(node)) visit(child)
  }
  visit(entry)
  if (found === null) return null
  return /^\d+$/.test(found) ? Number(found) : found
}

/**
 * Buckets, as vanilla 1.16's `BucketItem` and `Cow.mobInteract`:
 *  - an empty bucket used (`use_item`) while looking at a water or lava source within 5 blocks
 *    takes it: the source becomes air and one bucket becomes a water_bucket / lava_bucket;
 *  - a water or lava bucket used while looking at a block puts a source into the block looked at
 *    when that one is replaceable (air, grass, fire, a fluid), else into the cell in front of the
 *    face looked at, and leaves an empty bucket;
 *  - an empty bucket used on a cow (`use_entity`, interact) gives a milk_bucket.
 *
 * The look ray is vanilla's `Item.getPlayerPOVHitResult`: from the eyes (1.62 above the feet) along
 * the look direction, 5 blocks; an empty bucket stops at the first source fluid (flowing fluid is
 * passed through), a full one ignores fluids. Exact yaw and pitch come from the client's look packets
 * (flying-squid keeps them rounded to 1/256 of a turn). The world has no fluid flow: a placed source
 * stays one block of still water (or lava).
 */
import { addToInventory } from '../inventory-ops.js'
import { Cell, createBlockView, type BlockView } from '../block-view.js'
import { require, type SquidPlayer, type SquidServer } from '../squid.js'
import { BUCKET_REACH, EYE_HEIGHT, FLUID_REPLACEABLE, castRay, lookVector } from '../../look-ray.js'

export { castRay, lookVector } from '../../look-ray.js'


export function installBuckets(serv: SquidServer): void {
  const registry = serv.registry
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const Item = require('prismarine-item')(registry)
  const view: BlockView = createBlockView(registry, () => serv.overworld)
  const looks = new WeakMap<SquidPlayer, { yaw: number; pitch: number }>()
  const isSource = (x: number, y: number, z: number, fluid: 'water' | 'lava') =>
    view.name(x, y, z) === fluid && view.stateId(x, y, z) === registry.blocksByName[fluid].minStateId

  /** Replaces the held stack's one bucket with `result` (the rest of a stack stays; vanilla `ItemUtils.createFilledResult`). */
  function swapHeld(player: SquidPlayer, result: string): void {
    const slot = 36 + player.heldItemSlot
    const h = player.inventory.slots[slot]
    const id = registry.itemsByName[result].id as number
    if (player.gameMode === 1) return
    if (!h || h.count <= 1) {
      player.inventory.updateSlot(slot, new Item(id, 1))
      return
    }
    player.inventory.updateSlot(slot, new Item(h.type, h.count - 1, h.metadata, h.nbt))
    if (addToInventory(player.inventory, Item, id, 1) > 0) serv.mbDropItem?.(player.world, player.position.offset(0, 1.3, 0), result, 1)
  }

  function useBucket(player: SquidPlayer, heldName: string): void {
    const look = looks.get(player) ?? { yaw: ((player.yaw ?? 0) * 360) / 256, pitch: ((player.pitch ?? 0) * 360) / 256 }
    const eye = { x: player.position.x, y: player.position.y + EYE_HEIGHT, z: player.position.z }
    const dir = lookVector(look.yaw, look.pitch)
    if (heldName === 'bucket') {
      const hit = castRay(eye, dir, BUCKET_REACH, (x, y, z) => {
        const c = view.cell(x, y, z)
        if (c === Cell.water || c === Cell.lava) return isSource(x, y, z, c === Cell.water ? 'water' : 'lava')
        return c !== Cell.air
      })
      if (!hit) return
      const fluid = isSource(hit.x, hit.y, hit.z, 'water') ? 'water' : isSource(hit.x, hit.y, hit.z, 'lava') ? 'lava' : null
      if (!fluid) return
      serv.setBlock(player.world, new Vec3(hit.x, hit.y, hit.z), 0).catch(() => undefined)
      swapHeld(player, `${fluid}_bucket`)
      return
    }
    const fluid = heldName === 'water_bucket' ? 'water' : 'lava'
    const hit = castRay(eye, dir, BUCKET_REACH, (x, y, z) => {
      const c = view.cell(x, y, z)
      return c !== Cell.air && c !== Cell.water && c !== Cell.lava
    })
    if (!hit) return
    const hitName = view.name(hit.x, hit.y, hit.z) ?? ''
    const target = FLUID_REPLACEABLE.has(hitName) ? hit : hit.before
    const there = view.name(target.x, target.y, target.z)
    if (there === null || !FLUID_REPLACEABLE.has(there)) return
    serv.setBlock(player.world, new Vec3(target.x, target.y, target.z), registry.blocksByName[fluid].minStateId).catch(() => undefined)
    swapHeld(player, 'bucket')
  }

  serv.on('newPlayer', (player: SquidPlayer) => {
    const remember = ({ yaw, pitch }: { yaw?: number; pitch?: number }) => {
      if (typeof yaw === 'number' && typeof pitch === 'number') looks.set(player, { yaw, pitch })
    }
    player._client.on('look', remember)
    player._client.on('position_look', remember)
    player._client.on('use_item', ({ hand }: { hand?: number }) => {
      if (hand === 1 || player.gameMode >= 2 || player.health <= 0) return
      const h = player.inventory.slots[36 + player.heldItemSlot]
      if (!h || !['bucket', 'water_bucket', 'lava_bucket'].includes(h.name)) return
      useBucket(player, h.name)
    })
    player._client.on('use_entity', ({ target, mouse, hand }: { target: number; mouse: number; hand?: number }) => {
      if (mouse !== 0 || hand === 1 || player.gameMode >= 2 || player.health <= 0) return
      const h = player.inventory.slots[36 + player.heldItemSlot]
      if (h?.name !== 'bucket') return
      const ent = serv.entities[target]
      if (ent?.mbMob?.kind !== 'cow' || ent.mbMob.dead) return
      const d = Math.hypot(ent.position.x - player.position.x, ent.position.y - player.position.y, ent.position.z - player.position.z)
      if (d > 6) return
      swapHeld(player, 'milk_bucket')
    })
  })
}

/**
 * What passive animals do besides wandering (vanilla 1.16; numbers in ../animal-rules.ts and
 * ../../sheep.ts):
 *  - sheep are sheared by a player's right click (use_entity, interact) with shears in that hand:
 *    1–3 wool of the sheep's colour drop as items, the shears lose 1 durability, the sheep shows
 *    sheared; a sheep now and then eats the grass block under it (1/1000 per tick, 40 ticks): the
 *    grass becomes dirt and a sheared sheep has its wool back;
 *  - chickens lay an egg every 6000–12000 ticks while they are awake (entities near a player).
 */
import { EAT_GRASS_CHANCE, EAT_GRASS_TICKS, shearWoolCount, woolOf } from '../../sheep.js'
import { nextEggTicks, wearTool } from '../animal-rules.js'
import { require, type SquidPlayer, type SquidServer } from '../squid.js'
import type { MobRecord, MobsApi } from './mobs.js'

/** Vanilla entity event of a sheep lowering its head to eat. */
const SHEEP_EATS = 10
/** How far a player may be from the sheep it shears (vanilla's interaction range is 6). */
const SHEAR_REACH = 6
const OFF_HAND = 45

export function installAnimalLife(serv: SquidServer, mobs: MobsApi, rng: () => number, opts: { layingSpeed?: number } = {}): void {
  const layingSpeed = opts.layingSpeed ?? 1
  const registry = serv.registry
  const Item = require('prismarine-item')(registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const dirt = registry.blocksByName.dirt!.defaultState as number

  const below = (rec: MobRecord) => new Vec3(Math.floor(rec.x), Math.floor(rec.y) - 1, Math.floor(rec.z))
  const onGrass = (rec: MobRecord) => mobs.view.name(rec.x, rec.y - 1, rec.z) === 'grass_block'

  function shear(player: SquidPlayer, rec: MobRecord, slot: number): void {
    const held = player.inventory.slots[slot]
    if (!held || held.name !== 'shears' || !rec.wool || rec.wool.sheared || rec.dead) return
    const d = Math.hypot(player.position.x - rec.x, player.position.y - rec.y, player.position.z - rec.z)
    if (d > SHEAR_REACH) return
    rec.wool.sheared = true
    mobs.showWool(rec)
    const n = shearWoolCount(rng)
    for (let i = 0; i < n; i++) {
      const v = { x: (rng() - rng()) * 2, y: 1 + rng(), z: (rng() - rng()) * 2 }
      serv.mbDropItem?.(serv.overworld, { x: rec.x, y: rec.y + 1, z: rec.z }, woolOf(rec.wool.colour), 1, undefined, v)
    }
    const worn = wearTool(held.durabilityUsed ?? 0, held.maxDurability ?? registry.itemsByName.shears!.maxDurability!)
    let next: any = null
    if (!worn.broken) {
      next = new Item(held.type, held.count, held.metadata, held.nbt)
      next.durabilityUsed = worn.damage
    }
    player.inventory.updateSlot(slot, next)
    serv.emit('mbSheared', { player: player.username, sheep: rec.id, colour: woolOf(rec.wool.colour), wool: n, shearsBroke: worn.broken })
  }

  serv.on('newPlayer', (player: SquidPlayer) => {
    player._client.on('use_entity', (p: { mouse?: number; target?: number; hand?: number }) => {
      if (p.mouse !== 0 || p.target === undefined) return
      const rec: MobRecord | undefined = serv.entities[p.target]?.mbMob
      if (!rec || rec.kind !== 'sheep' || player.gameMode === 3 || player.health <= 0) return
      shear(player, rec, p.hand === 1 ? OFF_HAND : 36 + player.heldItemSlot)
    })
  })

  function eatGrass(rec: MobRecord): void {
    if (rec.eatTicks > 0) {
      rec.goal = null
      if (--rec.eatTicks > 0) return
      if (!onGrass(rec)) return
      void serv.setBlock(serv.overworld, below(rec), dirt)
      if (rec.wool?.sheared) {
        rec.wool.sheared = false
        mobs.showWool(rec)
      }
      return
    }
    if (rec.panicTicks > 0 || rng() >= EAT_GRASS_CHANCE || !onGrass(rec)) return
    rec.eatTicks = EAT_GRASS_TICKS
    mobs.entityEvent(rec, SHEEP_EATS)
  }

  function layEgg(rec: MobRecord): void {
    rec.eggTicks -= layingSpeed
    if (rec.eggTicks > 0) return
    rec.eggTicks = nextEggTicks(rng)
    serv.mbDropItem?.(serv.overworld, { x: rec.x, y: rec.y + 0.3, z: rec.z }, 'egg', 1, undefined, { x: 0, y: 0.5, z: 0 })
    serv.emit('mbEgg', { chicken: rec.id, x: rec.x, y: rec.y, z: rec.z })
  }

  serv.on('tick', () => {
    for (const rec of mobs.awake()) {
      if (rec.dead) continue
      if (rec.kind === 'sheep') eatGrass(rec)
      else if (rec.kind === 'chicken') layEgg(rec)
    }
  })
}

/**
 * Farming in the world, on the rules of ../farming.ts (vanilla 1.16):
 *  - a hoe used on grass, grass path or dirt with air above makes farmland (the client sends
 *    `block_place` on the block with the hoe in hand);
 *  - seeds, carrots and potatoes placed on farmland plant their crop at age 0; sugar cane is
 *    placed only on a cane or on grass, dirt or sand with water beside it;
 *  - random ticks at `randomTickSpeed` per section (default 3, vanilla) grow crops, stems (which
 *    then set a pumpkin or melon beside them) and sugar cane (up to 3 tall), and keep farmland
 *    moist within 4 blocks of water (dry farmland with nothing on it turns back to dirt);
 *  - bone meal used on a crop or stem adds 2–5 stages and is consumed;
 *  - breaking a cane (or what it stands on) breaks the canes above, each dropping itself; breaking
 *    farmland drops the crop on it; breaking a fruit turns its attached stem back into a grown stem.
 *
 * Only blocks that can change are ticked: the plugin keeps the positions of the farmland, crops,
 * stems and canes it made or that the generator reported (`track`), and gives each one a random
 * tick with the chance a section's random pick would (`randomTickChance`). Light: a crop needs
 * raw brightness 9 (`cropHasLight`); flying-squid keeps no light, so the block view's estimates of sky
 * light and block light stand in.
 */
import { Cell, createBlockView } from '../block-view.js'
import { computeDrops } from '../drops.js'
import {
  FRUIT_SOIL,
  RANDOM_TICK_SPEED,
  SIDES,
  STEM_MAX_AGE,
  SUGAR_CANE_SOIL,
  TILLABLE,
  boneMealStages,
  cropDef,
  cropHasLight,
  farmlandTick,
  growthChance,
  growthSpeed,
  isNearWater,
  plantedOnFarmland,
  randomTickChance,
  stemDef,
  sugarCaneTick,
  type CropSurroundings,
} from '../farming.js'
import { require, type SquidPlayer, type SquidServer } from '../squid.js'

export interface FarmingOptions {
  /** Random block picks per section per game tick; vanilla's game rule default is 3. */
  randomTickSpeed?: number
}

export interface FarmingApi {
  readonly randomTickSpeed: number
  /** Adds a block that random ticks may change (farmland, crop, stem, sugar cane). */
  track(pos: { x: number; y: number; z: number }): void
  /** How many positions are ticked. */
  tracked(): number
}

interface P {
  x: number
  y: number
  z: number
}

const key = (x: number, y: number, z: number) => `${x},${y},${z}`
const PLANT_ITEMS = ['wheat_seeds', 'carrot', 'potato', 'beetroot_seeds', 'pumpkin_seeds', 'melon_seeds'] as const

export function installFarming(serv: SquidServer, rng: () => number, opts: FarmingOptions = {}): FarmingApi {
  const registry = serv.registry
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const Item = require('prismarine-item')(registry)
  const view = createBlockView(registry, () => serv.overworld)
  const speed = opts.randomTickSpeed ?? RANDOM_TICK_SPEED
  const chance = randomTickChance(speed)
  const tracked = new Map<string, P>()

  const minState = (name: string): number => registry.blocksByName[name].minStateId as number
  const offset = (x: number, y: number, z: number) => view.stateId(x, y, z) - minState(view.name(x, y, z)!)
  const track = (p: P) => tracked.set(key(p.x, p.y, p.z), { x: p.x, y: p.y, z: p.z })
  const untrack = (p: P) => tracked.delete(key(p.x, p.y, p.z))
  const set = (x: number, y: number, z: number, stateId: number) => {
    serv.setBlock(serv.overworld, new Vec3(x, y, z), stateId).catch(() => undefined)
  }
  const facingOffset = (attached: string, facing: string) =>
    (registry.blocksByName[attached].states[0].values as string[]).indexOf(facing)
  const isWater = (x: number, y: number, z: number) => view.cell(x, y, z) === Cell.water
  const lit = (x: number, y: number, z: number) => cropHasLight(view, x, y, z)

  function surroundings(x: number, y: number, z: number, block: string): CropSurroundings {
    const soil: Array<'moist' | 'dry' | 'none'> = []
    let diagonal = false
    for (let dz = -1; dz <= 1; dz++) {
      for (let dx = -1; dx <= 1; dx++) {
        soil.push(view.name(x + dx, y - 1, z + dz) === 'farmland' ? (offset(x + dx, y - 1, z + dz) > 0 ? 'moist' : 'dry') : 'none')
        if (dx !== 0 && dz !== 0 && view.name(x + dx, y, z + dz) === block) diagonal = true
      }
    }
    const same = (dx: number, dz: number) => view.name(x + dx, y, z + dz) === block
    return { soil, north: same(0, -1), south: same(0, 1), west: same(-1, 0), east: same(1, 0), diagonal }
  }

  function randomTick(p: P): void {
    const { x, y, z } = p
    const name = view.name(x, y, z)
    if (name === null) return // column not loaded: keep it for later
    if (name === 'farmland') {
      const above = view.name(x, y + 1, z) ?? ''
      const planted = !!cropDef(above) || !!stemDef(above)
      const next = farmlandTick(offset(x, y, z), isNearWater((dx, dy, dz) => isWater(x + dx, y + dy, z + dz)), planted)
      if (next === 'dirt') {
        set(x, y, z, minState('dirt'))
        untrack(p)
      } else if (next !== offset(x, y, z)) set(x, y, z, minState('farmland') + next)
      return
    }
    const crop = cropDef(name)
    if (crop) {
      const age = offset(x, y, z)
      if (age >= crop.maxAge || !lit(x, y, z)) return
      if (rng() < growthChance(growthSpeed(surroundings(x, y, z, name)), crop.slow)) set(x, y, z, minState(name) + age + 1)
      return
    }
    const stem = stemDef(name)
    if (stem && name === stem.block) {
      if (!lit(x, y, z) || rng() >= growthChance(growthSpeed(surroundings(x, y, z, name)))) return
      const age = offset(x, y, z)
      if (age < STEM_MAX_AGE) {
        set(x, y, z, minState(name) + age + 1)
        return
      }
      const side = SIDES[Math.floor(rng() * 4)]!
      const fx = x + side.dx
      const fz = z + side.dz
      if (view.cell(fx, y, fz) !== Cell.air || !FRUIT_SOIL.has(view.name(fx, y - 1, fz) ?? '')) return
      set(fx, y, fz, minState(stem.fruit))
      set(x, y, z, minState(stem.attached) + facingOffset(stem.attached, side.facing))
      return
    }
    if (name === 'sugar_cane') {
      let height = 1
      while (view.name(x, y - height, z) === 'sugar_cane') height++
      const airAbove = view.cell(x, y + 1, z) === Cell.air
      const r = sugarCaneTick(offset(x, y, z), height, airAbove)
      if (r.grow) {
        set(x, y + 1, z, minState('sugar_cane'))
        track({ x, y: y + 1, z })
      }
      if (r.age !== offset(x, y, z)) set(x, y, z, minState('sugar_cane') + r.age)
      return
    }
    if (stem) return // an attached stem waits for its fruit to go
    untrack(p)
  }

  serv.on('tick', () => {
    if (tracked.size === 0 || chance === 0) return
    for (const p of [...tracked.values()]) if (rng() < chance) randomTick(p)
  })

  const held = (player: SquidPlayer) => player.inventory.slots[36 + player.heldItemSlot] as { name: string; type: number; count: number; metadata: number; nbt: unknown } | null
  const consumeHeld = (player: SquidPlayer) => {
    if (player.gameMode !== 0) return
    const slot = 36 + player.heldItemSlot
    const h = held(player)
    if (!h) return
    player.inventory.updateSlot(slot, h.count > 1 ? new Item(h.type, h.count - 1, h.metadata, h.nbt) : null)
  }

  function sugarCaneMayStand(x: number, y: number, z: number): boolean {
    const below = view.name(x, y - 1, z) ?? ''
    if (below === 'sugar_cane') return true
    if (!SUGAR_CANE_SOIL.has(below)) return false
    return SIDES.some((s) => isWater(x + s.dx, y - 1, z + s.dz))
  }

  // Planting: flying-squid's survival placement asks `placeItem`, which asks our handlers.
  const registerPlacing = () => {
    for (const item of PLANT_ITEMS) {
      const block = plantedOnFarmland(item)!
      serv.onItemPlace(
        item,
        ({ placedPosition: p }: { placedPosition: P }) => {
          if (view.cell(p.x, p.y, p.z) !== Cell.air || view.name(p.x, p.y - 1, p.z) !== 'farmland') return {}
          track(p)
          return { id: registry.blocksByName[block].id, data: 0 }
        },
        false,
      )
    }
    serv.onItemPlace(
      'sugar_cane',
      ({ placedPosition: p }: { placedPosition: P }) => {
        if (view.cell(p.x, p.y, p.z) !== Cell.air || !sugarCaneMayStand(p.x, p.y, p.z)) return {}
        track(p)
        return { id: registry.blocksByName.sugar_cane.id, data: 0 }
      },
      false,
    )
  }
  if (typeof serv.onItemPlace === 'function') registerPlacing()
  else serv.once('asap', registerPlacing)

  serv.on('newPlayer', (player: SquidPlayer) => {
    // Hoe and bone meal: used on a block (no block is placed, so flying-squid's own handler does nothing).
    player._client.on('block_place', ({ location, direction }: { location: P; direction: number }) => {
      if (player.gameMode >= 2 || player.health <= 0) return
      const h = held(player)
      if (!h || !location) return
      const { x, y, z } = location
      const name = view.name(x, y, z)
      if (name === null) return
      if (h.name.endsWith('_hoe')) {
        if (TILLABLE.has(name) && direction !== 0 && view.cell(x, y + 1, z) === Cell.air) {
          set(x, y, z, minState('farmland'))
          track({ x, y, z })
        } else if (name === 'coarse_dirt' && direction !== 0 && view.cell(x, y + 1, z) === Cell.air) set(x, y, z, minState('dirt'))
        return
      }
      if (h.name === 'bone_meal') {
        const crop = cropDef(name)
        const stem = stemDef(name)
        const max = crop ? crop.maxAge : stem && name === stem.block ? STEM_MAX_AGE : -1
        if (max < 0) return
        const age = offset(x, y, z)
        if (age >= max) return
        const next = Math.min(max, age + boneMealStages(rng, crop?.slow ?? false))
        if (next !== age) set(x, y, z, minState(name) + next)
        consumeHeld(player)
        track({ x, y, z })
      }
    })

    player.on('dug', (data: { position?: P; block?: { name: string } }) => {
      if (!data.position || !data.block) return
      const { x, y, z } = data.position
      const dug = data.block.name
      untrack({ x, y, z })
      // canes above a broken cane (or its soil) break too, each dropping itself
      const canes: P[] = []
      for (let yy = y + 1; view.name(x, yy, z) === 'sugar_cane'; yy++) canes.push({ x, y: yy, z })
      // the crop on broken farmland drops its loot (flying-squid removes it without drops)
      const above = view.name(x, y + 1, z) ?? ''
      const planted = dug === 'farmland' && (cropDef(above) || (stemDef(above) && above === stemDef(above)!.block)) ? above : null
      const plantedAge = planted ? offset(x, y + 1, z) : 0
      // a fruit's attached stem becomes a grown stem again
      const stems: Array<P & { block: string }> = []
      if (dug === 'pumpkin' || dug === 'melon') {
        for (const s of SIDES) {
          const n = view.name(x - s.dx, y, z - s.dz) ?? ''
          const def = stemDef(n)
          if (def && n === def.attached && def.fruit === dug && offset(x - s.dx, y, z - s.dz) === facingOffset(def.attached, s.facing)) {
            stems.push({ x: x - s.dx, y, z: z - s.dz, block: def.block })
          }
        }
      }
      setImmediate(() => {
        if (serv.isClosed) return
        for (const c of canes) {
          untrack(c)
          set(c.x, c.y, c.z, 0)
          serv.mbDropItem(player.world, { x: c.x + 0.5, y: c.y + 0.5, z: c.z + 0.5 }, 'sugar_cane', 1)
        }
        if (planted) {
          untrack({ x, y: y + 1, z })
          set(x, y + 1, z, 0) // flying-squid clears only blocks of material 'plant' (not beetroots)
          for (const d of computeDrops(registry, planted, null, rng, plantedAge)) serv.mbDropItem(player.world, { x: x + 0.5, y: y + 1.5, z: z + 0.5 }, d.name, d.count)
        }
        for (const s of stems) {
          set(s.x, s.y, s.z, minState(s.block) + STEM_MAX_AGE)
          track(s)
        }
      })
    })
  })

  return {
    randomTickSpeed: speed,
    track,
    tracked: () => tracked.size,
  }
}

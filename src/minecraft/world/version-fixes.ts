/**
 * Fixes so that flying-squid 1.12 serves 1.20.4 and 1.21.4 as it serves 1.16.5. Each one is
 * a no-op where flying-squid already works (1.16.5), so every version runs the same plugins.
 *
 *  - `spawnMob` names a mob from minecraft-data's `mobs` list, which from 1.19 on holds only
 *    entities of type `mob` (a pig is an `animal`, a zombie `hostile`): it threw after the entity
 *    was registered, so every wake leaked an entity until "Too many mobs". A mob missing from the
 *    list is spawned here the same way, named from `entities`.
 *  - `shieldDigLoot`: flying-squid's digging reads `blockLoot[block].drops` when a dig completes,
 *    and minecraft-data 1.20.4 / 1.21.4 have no loot entry for `short_grass` (nor wall torches,
 *    bedrock): the TypeError, in a promise nobody awaits, ended the world process.
 */
import { randomUUID } from 'node:crypto'
import { require, type SquidServer } from './squid.js'

export function installVersionFixes(serv: SquidServer): void {
  const s = serv as any
  const registry = s.registry
  const original = s.spawnMob as (type: number, world: unknown, position: any, opts?: Record<string, unknown>) => any
  s.spawnMob = (type: number, world: unknown, position: any, opts: Record<string, any> = {}) => {
    if (registry.mobs?.[type]) return original(type, world, position, opts)
    const def = registry.entities[type]
    if (!def) throw new Error(`spawnMob: no entity ${type} in minecraft-data ${registry.version.minecraftVersion}`)
    const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
    const mob = s.initEntity('mob', type, world, position)
    mob.uuid = randomUUID()
    mob.name = def.name
    mob.velocity = opts.velocity ?? new Vec3(0, 0, 0)
    mob.pitch = opts.pitch ?? 0
    mob.headPitch = opts.headPitch ?? 0
    mob.yaw = opts.yaw ?? 0
    mob.gravity = new Vec3(0, -20, 0)
    mob.terminalvelocity = new Vec3(27, 27, 27)
    mob.friction = new Vec3(15, 0, 15)
    mob.size = new Vec3(def.width ?? 0.75, def.height ?? 1.75, def.width ?? 0.75)
    mob.health = 20
    mob.metadata = opts.metadata ?? []
    mob.updateAndSpawn()
    return mob
  }
}

/**
 * Gives the players' plugins (flying-squid reads `serv.registry` when a player joins) a view of
 * the registry whose `blockLoot` has an empty entry for a block minecraft-data has none for. Their
 * drop list is replaced by ours anyway (plugins/drops.ts). A view, not a change: prismarine-registry
 * returns minecraft-data's own object, which the planner reads in the same process. Call it after
 * our plugins are installed (they keep the registry as it is).
 */
export function shieldDigLoot(serv: SquidServer): void {
  const s = serv as any
  const registry = s.registry
  const loot = registry.blockLoot as Record<string, unknown> | undefined
  if (!loot) return
  const shielded = new Proxy(loot, {
    get: (target, key) => target[key as string] ?? (typeof key === 'string' && registry.blocksByName[key] ? { block: key, drops: [] } : undefined),
  })
  s.registry = Object.create(registry, { blockLoot: { value: shielded } })
}

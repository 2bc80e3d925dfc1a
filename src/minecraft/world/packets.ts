/**
 * The packets our plugins write whose names or shapes differ between the supported versions,
 * built from the shapes in minecraft-data's protocol of the server's version (read, not
 * assumed): 1.17+ windows carry a state id and the cursor and confirm no click, 1.20.3+ titles
 * and death messages are NBT text, 1.17+ death messages have their own packet, 1.20+ entity
 * metadata names its value types, 1.21.2+ movement packets carry `flags.onGround`.
 */
import { require } from './squid.js'

type Field = { name?: string; type: unknown }
interface Client {
  write(name: string, data: unknown): void
}

export interface Packets {
  /** A window slot (`windowId` −1, slot −1: the cursor). */
  setSlot(client: Client, windowId: number, slot: number, item: unknown): void
  /** A window's whole content (and the cursor, on versions that send it along). */
  windowItems(client: Client, windowId: number, items: unknown[], cursor: unknown): void
  /** `title`: a flat chat component (`{ translate: 'container.crafting' }`). */
  openWindow(client: Client, windowId: number, inventoryType: number, title: Record<string, string>): void
  /** 1.16's click confirmation; nothing from 1.17 on (the state id took its place). */
  confirmClick(client: Client, windowId: number, action: number, accepted: boolean): void
  /** The death screen's message. */
  death(client: Client, playerId: number, message: string): void
  /** An explosion's sound and particles at a point (no blocks, no knockback). */
  explosion(client: Client, at: { x: number; y: number; z: number }, radius: number): void
  /**
   * The respawn of a player in the overworld, with the values its login had (1.16: flying-squid's
   * own packet; 1.19–1.20: dimension as a name; 1.20.5+: a `worldState`).
   */
  respawn(player: { _client: Client; gameMode: number; _sendRespawn(): void }, hashedSeed: unknown, worldName: string): void
  /** One entity metadata entry of kind byte or int (varint), in this version's encoding. */
  meta(key: number, kind: 'byte' | 'int', value: number): { key: number; type: number | string; value: number }
}

/** Whether a movement packet says the player is on the ground (1.21.2+: `flags.onGround`). */
export function onGroundOf(packet: { onGround?: boolean; flags?: { onGround?: boolean } } | null | undefined): boolean {
  return !!(packet?.onGround ?? packet?.flags?.onGround)
}

export function createPackets(registry: any): Packets {
  const toClient = registry.protocol.play.toClient.types as Record<string, [string, Field[]]>
  const fields = (packet: string): Field[] | null => toClient[`packet_${packet}`]?.[1] ?? null
  const fieldType = (packet: string, field: string): unknown => fields(packet)?.find((f) => f.name === field)?.type
  const nbt = require('prismarine-nbt') as { comp(v: Record<string, unknown>): unknown; string(v: string): unknown }

  const hasStateId = fieldType('window_items', 'stateId') !== undefined
  const nbtTitle = fieldType('open_window', 'windowTitle') === 'anonymousNbt'
  const hasTransaction = fields('transaction') !== null
  const deathPacket = fields('death_combat_event') ? 'death_combat_event' : 'combat_event'
  const nbtDeath = deathPacket === 'death_combat_event' && fieldType('death_combat_event', 'message') === 'anonymousNbt'
  const explosionNames = (fields('explosion') ?? []).map((f) => f.name)
  const oldExplosion = explosionNames.includes('affectedBlockOffsets') && !explosionNames.includes('block_interaction_type')
  // metadata value types: numbers (1.16) or names through a mapper (1.20+)
  const metaNamed = JSON.stringify(registry.protocol.types.entityMetadata ?? '').includes('"mapper"') || JSON.stringify(registry.protocol.types.entityMetadataEntry ?? '').includes('"mapper"')

  const respawnFields = (fields('respawn') ?? []).map((f) => f.name)
  const respawnDimensionType = fieldType('respawn', 'dimension')
  const login = (registry.loginPacket ?? {}) as Record<string, any>
  const GAME_MODES = ['survival', 'creative', 'adventure', 'spectator']
  const component = (c: Record<string, string>) => (nbtTitle ? nbt.comp(Object.fromEntries(Object.entries(c).map(([k, v]) => [k, nbt.string(v)]))) : JSON.stringify(c))
  const stateIds = new WeakMap<Client, number>()
  const nextState = (c: Client) => {
    const n = ((stateIds.get(c) ?? 0) + 1) & 0x7fff
    stateIds.set(c, n)
    return n
  }

  return {
    setSlot(client, windowId, slot, item) {
      client.write('set_slot', hasStateId ? { windowId, stateId: nextState(client), slot, item } : { windowId, slot, item })
    },
    windowItems(client, windowId, items, cursor) {
      client.write('window_items', hasStateId ? { windowId, stateId: nextState(client), items, carriedItem: cursor } : { windowId, items })
    },
    openWindow(client, windowId, inventoryType, title) {
      client.write('open_window', { windowId, inventoryType, windowTitle: component(title) })
    },
    confirmClick(client, windowId, action, accepted) {
      if (hasTransaction) client.write('transaction', { windowId, action, accepted })
    },
    death(client, playerId, message) {
      if (deathPacket === 'combat_event') client.write('combat_event', { event: 2, playerId, entityId: playerId, message: JSON.stringify({ text: message }) })
      else client.write('death_combat_event', { playerId, entityId: playerId, message: nbtDeath ? component({ text: message }) : JSON.stringify({ text: message }) })
    },
    explosion(client, at, radius) {
      // Later shapes need particle and sound registry entries; the damage is ours either way.
      if (oldExplosion) client.write('explosion', { x: at.x, y: at.y, z: at.z, radius, affectedBlockOffsets: [], playerMotionX: 0, playerMotionY: 0, playerMotionZ: 0 })
    },
    respawn(player, hashedSeed, worldName) {
      if (respawnFields.includes('worldState')) {
        const worldState = { ...login.worldState, name: worldName, hashedSeed, gamemode: GAME_MODES[player.gameMode] ?? 'survival', previousGamemode: 255, isDebug: false, isFlat: false, death: undefined, portalCooldown: 0 }
        player._client.write('respawn', { worldState, copyMetadata: 0 })
      } else if (respawnDimensionType === 'string') {
        player._client.write('respawn', {
          dimension: login.worldType ?? login.dimension ?? worldName,
          worldName,
          hashedSeed,
          gamemode: player.gameMode,
          previousGamemode: 255,
          isDebug: false,
          isFlat: false,
          death: undefined,
          portalCooldown: 0,
          copyMetadata: false,
        })
      } else player._sendRespawn()
    },
    meta(key, kind, value) {
      return { key, type: metaNamed ? kind : kind === 'byte' ? 0 : 1, value }
    },
  }
}

/**
 * Client-side protocol fix-ups between mineflayer 4.25 and the installed
 * minecraft-data, applied before mineflayer's own listeners run:
 *  - velocity packets (`entity_velocity`, `spawn_entity`, `spawn_entity_living`) now
 *    decode as `velocity: {x,y,z}`; mineflayer reads `velocityX/Y/Z` and its physics
 *    turns the bot's position into NaN after the first knockback.
 *  - For 1.16.x, minecraft-data now decodes `player_info.action` as a
 * string ('add_player', …) with lowercase `uuid`, and mineflayer treats any
 * non-numeric action as the 1.19.3+ bitfield object, so no player ever enters
 * `bot.players` and other players' entities never get a type or name. We rewrite
 * the packet into the shape mineflayer expects before its own listener runs.
 *  - On `respawn` mineflayer switches worlds (for 1.16 on every respawn: the dimension is
 *    an NBT object, never equal to the last one). Its switch settles each
 *    `blockUpdate:(x, y, z)` waiter with (null, null) and removes it, but passes the
 *    listener array to `off` when two actions wait on one block, which throws inside an
 *    async function: an unhandled rejection that ends the process. We settle such pairs
 *    first, the same way, so mineflayer finds one listener or none.
 *  - A window closed while one of mineflayer's own clicks on it is still running (a skill cut short
 *    mid-`takeOutput`, then `halt` closes the furnace) kept its cursor item: mineflayer's
 *    `putSelectedItemRange` loops `while (window.selectedItem)`, and after the close its clicks go to
 *    the player's inventory, so the closed window's cursor never empties. On 1.17+ no click waits
 *    for the server, so that loop never yields: the event loop stops and the heap fills (two bench
 *    runs on 1.20.4 died of it, "JavaScript heap out of memory"). A closed window's cursor is
 *    dropped, so such a loop ends (the server has put the carried item back when it closed).
 *  - mineflayer makes its world on the `login` packet, and its block packet handlers read that world
 *    without a check. A server may send a block packet first: in a CI run under load, flying-squid sent
 *    a rejoining bot another player's dig animation (`block_break_animation`) before its login, and
 *    mineflayer's `blockAt` threw a TypeError inside the packet parser, out of reach of any handler.
 *    Such packets say nothing about a world the client does not have yet: they are dropped.
 */
import type { Bot } from 'mineflayer'

type Update = { uuid?: string; name?: string; properties?: unknown[]; gamemode?: number; ping?: number; latency?: number; player?: unknown; displayName?: unknown }
type PlayerInfo = { action: unknown; data: Update[] }

const ACTIONS: Record<string, Record<string, boolean>> = {
  add_player: { add_player: true, update_game_mode: true, update_latency: true },
  update_game_mode: { update_game_mode: true },
  update_latency: { update_latency: true },
  update_display_name: {},
}

/** Exported for unit tests: rewrites one decoded packet in place; returns UUIDs to remove, if any. */
export function normalisePlayerInfo(packet: PlayerInfo): string[] | null {
  if (typeof packet.action !== 'string') return null
  const action = packet.action
  if (action === 'remove_player') {
    const uuids = packet.data.map((d) => d.uuid).filter((u): u is string => typeof u === 'string')
    packet.action = {}
    packet.data = []
    return uuids
  }
  packet.action = ACTIONS[action] ?? {}
  for (const d of packet.data) {
    if (action === 'add_player') d.player = { name: d.name, properties: d.properties ?? [] }
    if (d.ping !== undefined && d.latency === undefined) d.latency = d.ping
  }
  return null
}

type VelocityPacket = { velocity?: { x?: unknown; y?: unknown; z?: unknown }; velocityX?: unknown; velocityY?: unknown; velocityZ?: unknown }

/** Exported for unit tests: copies `velocity.{x,y,z}` into `velocityX/Y/Z` (0 when missing or not finite). */
export function normaliseVelocity(packet: VelocityPacket): void {
  const v = packet.velocity
  if (packet.velocityX !== undefined || !v || typeof v !== 'object') return
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0)
  packet.velocityX = n(v.x)
  packet.velocityY = n(v.y)
  packet.velocityZ = n(v.z)
}

/** Exported for unit tests: settles and removes every block-update wait that has more than one listener. */
export function settleSharedBlockWaits(bot: Bot): void {
  const emitter = bot as unknown as NodeJS.EventEmitter
  for (const name of emitter.eventNames()) {
    if (typeof name !== 'string' || !name.startsWith('blockUpdate:')) continue
    const listeners = emitter.listeners(name) as Array<(a: null, b: null) => void>
    if (listeners.length < 2) continue
    emitter.removeAllListeners(name)
    for (const l of listeners) {
      try {
        l(null, null)
      } catch {
        /* a waiter's own failure is its business */
      }
    }
  }
}

/** Packets whose mineflayer handlers read `bot.world` (plugins/blocks.js, plugins/block_actions.js). */
export const WORLD_PACKETS: ReadonlySet<string> = new Set([
  'map_chunk',
  'map_chunk_bulk',
  'unload_chunk',
  'update_light',
  'block_change',
  'multi_block_change',
  'explosion',
  'update_sign',
  'tile_entity_data',
  'block_action',
  'block_break_animation',
])

/** Exported for unit tests: the client drops world packets while the bot has no world (before `login`). */
export function dropWorldPacketsBeforeLogin(bot: Bot): void {
  const client = bot._client as unknown as { emit(ev: string | symbol, ...args: unknown[]): boolean }
  const emit = client.emit.bind(client)
  client.emit = (ev: string | symbol, ...args: unknown[]): boolean => {
    if (typeof ev === 'string' && WORLD_PACKETS.has(ev) && !(bot as { world?: unknown }).world) return false
    return emit(ev, ...args)
  }
}

export function installProtocolCompat(bot: Bot): void {
  const client = bot._client as unknown as {
    prependListener(ev: string, fn: (p: never) => void): void
    emit(ev: string, p: unknown): boolean
  }
  dropWorldPacketsBeforeLogin(bot)
  for (const name of ['entity_velocity', 'spawn_entity', 'spawn_entity_living']) {
    client.prependListener(name, (packet: VelocityPacket) => {
      try {
        normaliseVelocity(packet)
      } catch {
        /* leave the packet alone */
      }
    })
  }
  client.prependListener('player_info', (packet: PlayerInfo) => {
    try {
      const removed = normalisePlayerInfo(packet)
      if (removed?.length) client.emit('player_remove', { players: removed })
    } catch {
      /* leave the packet alone */
    }
  })
  client.prependListener('respawn', () => settleSharedBlockWaits(bot))
  bot.on('windowClose', (w) => dropClosedWindowCursor(bot, w))
}

/** Exported for unit tests: empties the cursor of a container window that has just closed. */
export function dropClosedWindowCursor(bot: Bot, window: { selectedItem?: unknown } | null | undefined): void {
  if (window && window !== (bot.inventory as unknown)) window.selectedItem = null
}

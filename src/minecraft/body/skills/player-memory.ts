/**
 * What a skill remembers about one player on one server (`name@address:port`), so it outlives a
 * reconnect (a new mineflayer bot for the same player); an owner whose connection does not say who
 * it is (a test's stand-in) gets a memory of its own for as long as it lives. Each space is one map.
 */
const byObject = new WeakMap<object, Map<string, Map<string, unknown>>>()
const byPlayer = new Map<string, Map<string, unknown>>()

/** Who the bot is on which server (`name@address:port`), when its connection says; else undefined. */
function playerOf(owner: object): string | undefined {
  const o = owner as { username?: unknown; _client?: { socket?: { remoteAddress?: unknown; remotePort?: unknown } } }
  const sock = o._client?.socket
  if (typeof o.username !== 'string' || typeof sock?.remoteAddress !== 'string' || typeof sock.remotePort !== 'number') return undefined
  return `${o.username}@${sock.remoteAddress}:${sock.remotePort}`
}

/** One space of the memory of one player on one server, or of any other object for as long as it lives. */
export function memoryOf<V>(owner: object, space: string): Map<string, V> {
  const player = playerOf(owner)
  if (player) {
    const k = `${space}|${player}`
    let m = byPlayer.get(k)
    if (!m) byPlayer.set(k, (m = new Map()))
    return m as Map<string, V>
  }
  let spaces = byObject.get(owner)
  if (!spaces) byObject.set(owner, (spaces = new Map()))
  let m = spaces.get(space)
  if (!m) spaces.set(space, (m = new Map()))
  return m as Map<string, V>
}

/**
 * Operator chat commands for tests of the senses and manual play:
 *   /mbhurt <player> <amount> [cause...]   damage with a cause (default "operator")
 *   /mbheal <player> <amount>              heal
 *   /mbgive <player> <item> [count]        give items (minecraft-data item names)
 * Errors come back as a chat line; they never throw into flying-squid (which
 * would rethrow non-user errors from a timer and crash the process).
 *
 * Who is an operator: only the players the world's owner names (`ops`); flying-squid's
 * `everybody-op` is off. Every flying-squid command that changes the world or other players
 * (/kill, /gamemode, /tp, /time, …) needs operator rights here too.
 */
import type { SquidPlayer, SquidServer } from '../squid.js'

export interface OperatorApi {
  damage(player: string, amount: number, cause?: string): void
  heal(player: string, amount: number): void
  give(player: string, itemName: string, count: number): void
}

function run(fn: () => void, ok: string): string {
  try {
    fn()
    return ok
  } catch (err) {
    return (err as Error).message
  }
}

/** flying-squid commands a non-operator may still use (they only affect or inform the player). */
const PLAYER_COMMANDS = new Set(['help', 'ping', 'me', 'msg', 'tell', 'list', 'version', 'seed', 'clear', ''])

export function installOperatorCommands(serv: SquidServer, api: OperatorApi, ops: readonly string[] = []): void {
  const opNames = new Set(ops.map((n) => n.toLowerCase()))
  // set after flying-squid's login (it assigns `op` from everybody-op while adding the player)
  serv.on('newPlayer', (p: SquidPlayer) => {
    p.once('connected', () => {
      p.op = opNames.has(String(p.username).toLowerCase())
    })
  })
  const root = serv.commands as unknown as { hash?: Record<string, { params: { op?: boolean; base?: string } }> }
  for (const [base, cmd] of Object.entries(root.hash ?? {})) {
    if (!PLAYER_COMMANDS.has(base) && cmd?.params) cmd.params.op = true
  }

  serv.commands.add({
    base: 'mbhurt',
    info: 'damage a player (mindbridge test command)',
    usage: '/mbhurt <player> <amount> [cause]',
    op: true,
    parse(str: string) {
      const m = /^(\S+)\s+(\d+(?:\.\d+)?)(?:\s+(.+))?$/.exec(str.trim())
      return m ? { name: m[1]!, amount: Number(m[2]), cause: m[3]?.trim() || 'operator' } : false
    },
    action({ name, amount, cause }: { name: string; amount: number; cause: string }) {
      return run(() => api.damage(name, amount, cause), `hurt ${name} by ${amount} (${cause})`)
    },
  })
  serv.commands.add({
    base: 'mbheal',
    info: 'heal a player (mindbridge test command)',
    usage: '/mbheal <player> <amount>',
    op: true,
    parse(str: string) {
      const m = /^(\S+)\s+(\d+(?:\.\d+)?)$/.exec(str.trim())
      return m ? { name: m[1]!, amount: Number(m[2]) } : false
    },
    action({ name, amount }: { name: string; amount: number }) {
      return run(() => api.heal(name, amount), `healed ${name} by ${amount}`)
    },
  })
  serv.commands.add({
    base: 'mbgive',
    info: 'give items to a player (mindbridge test command)',
    usage: '/mbgive <player> <item> [count]',
    op: true,
    parse(str: string) {
      const m = /^(\S+)\s+([a-z0-9_:]+)(?:\s+(\d+))?$/.exec(str.trim())
      return m ? { name: m[1]!, item: m[2]!.replace(/^minecraft:/, ''), count: m[3] ? Number(m[3]) : 1 } : false
    },
    action({ name, item, count }: { name: string; item: string; count: number }) {
      return run(() => api.give(name, item, count), `gave ${count} ${item} to ${name}`)
    },
  })
}

/**
 * Operator chat commands for tests of the senses and manual play:
 *   /mbhurt <player> <amount> [cause...]   damage with a cause (default "operator")
 *   /mbheal <player> <amount>              heal
 *   /mbgive <player> <item> [count]        give items (minecraft-data item names)
 * Errors come back as a chat line; they never throw into flying-squid (which
 * would rethrow non-user errors from a timer and crash the process).
 */
import type { SquidServer } from '../squid.js'

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

export function installOperatorCommands(serv: SquidServer, api: OperatorApi): void {
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

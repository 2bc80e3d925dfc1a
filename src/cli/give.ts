/**
 * `--give <item=count,…>`: starting items for the bot, given by the embedded world when the bot
 * has joined (the world's operator API, as a server admin's /give would), and said in the
 * output. The bot itself never uses server commands; against another server (`bot`) there is no
 * world of ours to give from, so the flag is refused there.
 */
import { UserError } from './config.js'

export interface GiveItem {
  /** Bare item id (`oak_planks`). */
  item: string
  count: number
}

export const GIVE_HELP = 'starting items the embedded world gives the bot when it joins, e.g. "oak_planks=4,book=2" (announced in the output)'

const ENTRY = /^(?:minecraft:)?([a-z0-9_]+)(?:\s*[=:x*]\s*(\d+))?$/

/** `oak_planks=4, minecraft:book=2` → items; a clear error for anything else. */
export function parseGive(text: string | undefined): GiveItem[] {
  if (text === undefined || text.trim() === '') return []
  const out: GiveItem[] = []
  for (const raw of text.split(',')) {
    const part = raw.trim().toLowerCase()
    if (!part) continue
    const m = ENTRY.exec(part)
    if (!m) throw new UserError(`--give: cannot read "${raw.trim()}"; write item=count, e.g. --give "oak_planks=4,book=2"`, 2)
    const count = m[2] === undefined ? 1 : Number(m[2])
    if (!Number.isInteger(count) || count < 1 || count > 2304) throw new UserError(`--give: count for ${m[1]} must be 1..2304, got ${m[2]}`, 2)
    const hit = out.find((g) => g.item === m[1])
    if (hit) hit.count += count
    else out.push({ item: m[1]!, count })
  }
  return out
}

export function describeGive(items: GiveItem[]): string {
  return items.map((g) => `${g.count} ${g.item}`).join(', ')
}

/** Refuses items the world's version does not know, before the bot joins. */
export function checkGive(items: GiveItem[], known: (item: string) => boolean, version: string): void {
  const bad = items.filter((g) => !known(g.item)).map((g) => g.item)
  if (bad.length) throw new UserError(`--give: Minecraft ${version} has no item ${bad.map((b) => `"${b}"`).join(', ')}`, 2)
}

interface GivingWorld {
  version: string
  give(player: string, item: string, count: number): void
}
interface Receiver {
  username: string
  inventoryCounts(): Record<string, number>
}

/**
 * Gives the items through the world and waits until the bot's own inventory shows them (so the
 * first plan sees them), at most `waitMs`.
 */
export async function giveStartingItems(world: GivingWorld, body: Receiver, items: GiveItem[], out: (line: string) => void, waitMs = 10_000): Promise<void> {
  if (items.length === 0) return
  const before = body.inventoryCounts()
  for (const g of items) {
    try {
      world.give(body.username, g.item, g.count)
    } catch (err) {
      throw new UserError(`--give: ${(err as Error).message}`, 2)
    }
  }
  const arrived = () => items.every((g) => (body.inventoryCounts()[`minecraft:${g.item}`] ?? 0) >= (before[`minecraft:${g.item}`] ?? 0) + g.count)
  const deadline = Date.now() + waitMs
  while (!arrived() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  out(`starting items (--give): the world gave ${body.username} ${describeGive(items)}${arrived() ? '' : ' (not all shown in its inventory yet)'}`)
}

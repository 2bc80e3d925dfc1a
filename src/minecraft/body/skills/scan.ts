/**
 * scanBlocks / scanEntities: what is around the bot within a radius, as skill results
 * `{ radius, summary, blocks: SeenBlock[] }` / `{ radius, summary, entities: ScannedEntity[] }`.
 * scanBlocks lists only the blocks the bot knows about (fair play, senses/known-blocks.ts).
 */
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import type { ScannedEntity, SeenBlock, SkillCall } from '../types.js'
import { resolveItemNames, type Registry } from '../items.js'
import { isAirName, bareName, namespaced } from '../../names.js'
import { eventWithin, ok, type SkillDef } from './context.js'

const MAX_LISTED = 64

/** Max health of common mobs (minecraft-data has no such table). */
const MAX_HEALTH: Record<string, number> = {
  player: 20, zombie: 20, husk: 20, drowned: 20, skeleton: 20, stray: 20, creeper: 20, spider: 16, cave_spider: 12,
  enderman: 40, witch: 26, slime: 16, cow: 10, pig: 10, sheep: 8, chicken: 4, rabbit: 3, horse: 30, wolf: 8,
  villager: 20, iron_golem: 100, zombified_piglin: 20, piglin: 16, blaze: 20, ghast: 10, phantom: 20, squid: 10,
}

function blockIdsFor(registry: Registry, ids: string[]): { names: Set<string>; unknown: string[] } {
  const names = new Set<string>()
  const unknown: string[] = []
  for (const raw of ids) {
    const n = bareName(raw)
    if (registry.blocksByName[n]) {
      names.add(n)
      continue
    }
    const r = resolveItemNames(registry, n)
    const blocks = r.ok ? r.value.filter((m) => registry.blocksByName[m]) : []
    if (blocks.length) blocks.forEach((b) => names.add(b))
    else unknown.push(raw)
  }
  return { names, unknown }
}

export function summarize(counts: Map<string, number>, total: number, kind: string, radius: number): string {
  if (!total) return `no ${kind} within ${radius} blocks`
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12)
  return `${total} ${kind} within ${radius} blocks: ` + top.map(([n, c]) => `${c} ${n}`).join(', ') + (counts.size > top.length ? `, … (${counts.size - top.length} more kinds)` : '')
}

export const scanBlocks: SkillDef<Extract<SkillCall, { skill: 'scanBlocks' }>> = {
  name: 'scanBlocks',
  timeoutMs: 30_000,
  readsOnly: true,
  async run(ctx, c) {
    const { registry } = ctx
    const radius = Math.floor(c.radius)
    const filter = c.ids?.length ? blockIdsFor(registry, c.ids) : null
    if (filter && filter.names.size === 0) return { ok: false, reason: `unknown block ids: ${filter.unknown.join(', ')}` }
    // Only blocks the bot could know about (senses/known-blocks.ts); nothing inside solid stone.
    const match = filter ? (n: string) => filter.names.has(n) : (n: string) => !isAirName(n)
    const known = ctx.knowledge.find(match, { radius, count: 20_000 })
    const counts = new Map<string, number>()
    const found = known.map((k) => {
      const name = namespaced(k.name)
      counts.set(name, (counts.get(name) ?? 0) + 1)
      return { name, position: k.position, distance: k.distance }
    })
    const summary = summarize(counts, found.length, filter ? 'matching blocks' : 'blocks', radius) + (filter?.unknown.length ? ` (unknown ids ignored: ${filter.unknown.join(', ')})` : '')
    const blocks: SeenBlock[] = found.slice(0, MAX_LISTED)
    return ok(summary, { radius, summary, blocks })
  },
}

export function entityHealth(e: Entity): { max: number; current: number } {
  const name = e.type === 'player' ? 'player' : (e.name ?? '')
  const max = MAX_HEALTH[name] ?? 20
  const meta = (e.metadata as unknown[] | undefined)?.[8]
  const h = typeof (e as { health?: unknown }).health === 'number' ? (e as { health: number }).health : typeof meta === 'number' ? meta : max
  return { max, current: Math.round(h * 10) / 10 }
}

export function entityId(e: Entity): string {
  return namespaced(e.type === 'player' ? 'player' : (e.name ?? 'unknown'))
}

export function listEntities(bot: Bot, radius: number, filter?: (e: Entity) => boolean): Entity[] {
  const me = bot.entity.position
  return Object.values(bot.entities)
    .filter((e) => e !== bot.entity && e.isValid !== false && e.position.distanceTo(me) <= radius && (!filter || filter(e)))
    .sort((a, b) => a.position.distanceTo(me) - b.position.distanceTo(me))
}

/** How long a search for a mob waits for the server to show one, when the client knows none yet. */
export const SIGHTING_WAIT_MS = 3000

/**
 * The nearest entity matching `filter` within `radius`; when the client knows none, it waits up to
 * `ms` for one to come into view. Right after joining (or a reconnect) the server sends the mobs
 * around a moment later, and "none within 48 blocks" then would send the bot away from them.
 */
export async function sightEntity(bot: Bot, radius: number, filter: (e: Entity) => boolean, signal?: AbortSignal, ms = SIGHTING_WAIT_MS): Promise<Entity | undefined> {
  const now = () => listEntities(bot, radius, filter)[0]
  if (now()) return now()
  await eventWithin(bot, 'entitySpawn', (e: Entity) => filter(e) && e.position.distanceTo(bot.entity.position) <= radius, ms, signal)
  return now()
}

export const scanEntities: SkillDef<Extract<SkillCall, { skill: 'scanEntities' }>> = {
  name: 'scanEntities',
  timeoutMs: 10_000,
  readsOnly: true,
  async run(ctx, c) {
    const { bot } = ctx
    const radius = Math.floor(c.radius)
    const wanted = c.ids?.length ? new Set(c.ids.map(namespaced)) : null
    const list = listEntities(bot, radius, (e) => !wanted || wanted.has(entityId(e)) || (e.type === 'player' && wanted.has(namespaced(e.username ?? ''))))
    const counts = new Map<string, number>()
    for (const e of list) counts.set(entityId(e), (counts.get(entityId(e)) ?? 0) + 1)
    const summary = summarize(counts, list.length, wanted ? 'matching entities' : 'entities', radius)
    const me = bot.entity.position
    const entities: ScannedEntity[] = list.slice(0, MAX_LISTED).map((e) => {
      const h = entityHealth(e)
      return {
        type: entityId(e),
        ...(e.type === 'player' && e.username ? { player: e.username } : {}),
        uuid: e.uuid ?? '',
        health: h.current,
        maxHealth: h.max,
        position: { x: Math.floor(e.position.x), y: Math.floor(e.position.y), z: Math.floor(e.position.z) },
        distance: Math.round(e.position.distanceTo(me) * 100) / 100,
      }
    })
    return ok(summary, { radius, summary, entities })
  },
}

/**
 * Senses of the bot's surroundings for the ContextBus: mobs coming and going near the bot
 * (`entity.spawn` / `entity.gone`, data `kind:distance`, within 24 blocks, at most one event per
 * kind and direction every 10 s) and the time of day (`time.day` / `time.night`, once at the first
 * time packet and then at each change of mineflayer's bot.time.isDay).
 */
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import type { BusLike } from '../bus.js'

export const ENTITY_EVENT_RADIUS = 24
export const ENTITY_EVENT_INTERVAL_MS = 10_000

const MOB_TYPES = new Set(['mob', 'hostile', 'animal', 'passive', 'water_creature', 'ambient'])

export function attachSurroundings(bot: Bot, bus: BusLike, now: () => number = Date.now): () => void {
  const last = new Map<string, number>()
  const push = (type: string, e: Entity) => {
    if (!bot.entity || !MOB_TYPES.has(String(e.type))) return
    const d = e.position.distanceTo(bot.entity.position)
    if (d > ENTITY_EVENT_RADIUS) return
    const kind = e.name ?? 'mob'
    const key = `${type}:${kind}`
    const t = now()
    const prev = last.get(key)
    if (prev !== undefined && t - prev < ENTITY_EVENT_INTERVAL_MS) return
    last.set(key, t)
    bus.pushEvent(type, `${kind}:${Math.round(d)}m`)
  }
  const onSpawn = (e: Entity) => push('entity.spawn', e)
  const onGone = (e: Entity) => push('entity.gone', e)
  let isDay: boolean | null = null
  const onTime = () => {
    const day = bot.time?.isDay
    if (typeof day !== 'boolean' || day === isDay) return
    isDay = day
    bus.pushEvent(day ? 'time.day' : 'time.night', `t:${Math.floor(bot.time.timeOfDay)}`)
  }
  bot.on('entitySpawn', onSpawn)
  bot.on('entityGone', onGone)
  bot.on('time', onTime)
  return () => {
    bot.removeListener('entitySpawn', onSpawn)
    bot.removeListener('entityGone', onGone)
    bot.removeListener('time', onTime)
  }
}

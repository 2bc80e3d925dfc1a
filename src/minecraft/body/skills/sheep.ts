/** Sheep as a player's client sees them: wool colour and sheared state from the entity's metadata. */
import type { Entity } from 'prismarine-entity'
import type { Bot } from 'mineflayer'
import { SHEEP_WOOL_METADATA, readSheepByte } from '../../sheep.js'
import { entityId, listEntities } from './scan.js'

export interface SeenSheep {
  entity: Entity
  colour: string
  sheared: boolean
}

/** Colour and sheared state of a sheep entity (what the client renders). */
export function sheepState(e: Entity): { colour: string; sheared: boolean } {
  const meta = e.metadata as unknown as Record<number, unknown> | undefined
  return readSheepByte(meta?.[SHEEP_WOOL_METADATA])
}

/** Sheep within `radius`, nearest first. */
export function sheepAround(bot: Bot, radius: number): SeenSheep[] {
  return listEntities(bot, radius, (e) => entityId(e) === 'minecraft:sheep').map((e) => ({ entity: e, ...sheepState(e) }))
}

/** "3 sheep: 2 white, 1 sheared" — what the bot saw, for a failure reason. */
export function describeSheep(list: SeenSheep[]): string {
  if (!list.length) return 'no sheep'
  const by = new Map<string, number>()
  for (const s of list) {
    const k = s.sheared ? 'sheared' : s.colour
    by.set(k, (by.get(k) ?? 0) + 1)
  }
  return `${list.length} sheep: ${[...by].map(([k, n]) => `${n} ${k}`).join(', ')}`
}

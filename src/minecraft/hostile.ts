/** Monsters, read from minecraft-data of the version: its category "Hostile mobs" (they attack, and fight back). */
import { bareName } from './names.js'

/** Whether `entity` (bare or namespaced) is of minecraft-data's category "Hostile mobs" in `md`. */
export function isHostileMob(md: { entitiesByName: Record<string, { category?: string } | undefined> }, entity: string): boolean {
  return md.entitiesByName[bareName(entity)]?.category === 'Hostile mobs'
}

/** A mob kind's name in the plural, for messages ("spiders", "witches"). */
export function pluralMob(name: string): string {
  const bare = bareName(name)
  return /(s|x|ch|sh)$/.test(bare) ? `${bare}es` : `${bare}s`
}

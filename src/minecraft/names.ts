/**
 * Item and block names, once for the whole Minecraft side (body, planner, links, minds):
 * normalisation, namespacing and the item families ("tags") a player or a model means
 * by `log`, `planks`, `stone`. The wood families hold the woods of every supported version,
 * read from minecraft-data (version-facts.ts `woodKinds`); a version's own members are the
 * ones its registry has.
 *
 * Tag membership follows vanilla's item tags where one exists (`minecraft:logs`
 * holds stripped logs and wood too: all of them make planks and burn).
 */
import { woodKinds } from './version-facts.js'

/** `minecraft:Oak_Log` / `oak log` / ` raw-iron ` → `oak_log` / `raw_iron`. */
export function bareName(name: string): string {
  return String(name ?? '')
    .trim()
    .toLowerCase()
    .replace(/^minecraft:/, '')
    .replace(/[\s-]+/g, '_')
}

/** `oak_log` → `minecraft:oak_log`; other namespaces are kept. */
export function namespaced(name: string): string {
  const b = bareName(name)
  return b.includes(':') ? b : `minecraft:${b}`
}

const WOODS = woodKinds()
/** Woods whose logs burn (the Nether's stems do not; bamboo has no logs). */
const OVERWORLD_WOODS = WOODS.filter((w) => !w.stem && w.logs.length > 0)
const present = (names: Array<string | undefined>) => names.filter((n): n is string => n !== undefined)

export const COLOURS = ['white', 'orange', 'magenta', 'light_blue', 'yellow', 'lime', 'pink', 'gray', 'light_gray', 'cyan', 'purple', 'blue', 'brown', 'green', 'red', 'black'] as const

/** Item families by name. */
export const TAGS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  log: OVERWORLD_WOODS.flatMap((w) => w.logs),
  logs: OVERWORLD_WOODS.flatMap((w) => w.logs),
  logs_that_burn: OVERWORLD_WOODS.flatMap((w) => w.logs),
  planks: WOODS.map((w) => `${w.wood}_planks`),
  wooden_slab: WOODS.map((w) => `${w.wood}_slab`),
  leaves: present(OVERWORLD_WOODS.map((w) => w.leaves)),
  sapling: present(OVERWORLD_WOODS.map((w) => w.sapling)),
  saplings: present(OVERWORLD_WOODS.map((w) => w.sapling)),
  wool: COLOURS.map((c) => `${c}_wool`),
  wool_carpets: COLOURS.map((c) => `${c}_carpet`),
  beds: COLOURS.map((c) => `${c}_bed`),
  coals: ['coal', 'charcoal'],
  /** What a player means by "mine stone": the natural stone blocks (not the item `stone`, which is smelted). */
  stone_like: ['stone', 'cobblestone', 'granite', 'diorite', 'andesite'],
  stone_tool_materials: ['cobblestone', 'blackstone'],
  stone_crafting_materials: ['cobblestone', 'blackstone'],
})

export function isTag(name: string): boolean {
  return Object.hasOwn(TAGS, bareName(name))
}

export function tagMembers(name: string): readonly string[] | undefined {
  const b = bareName(name)
  return Object.hasOwn(TAGS, b) ? TAGS[b] : undefined
}

/** True when `item` counts as `wanted`: the same item, or a member of the tag `wanted`. */
export function matchesName(wanted: string, item: string): boolean {
  const w = bareName(wanted)
  const i = bareName(item)
  return w === i || (tagMembers(w)?.includes(i) ?? false)
}

/**
 * The family an item is counted under when planning (`oak_log` → `log`,
 * `birch_planks` → `planks`), or the item itself.
 */
export function planKey(name: string): string {
  const b = bareName(name)
  if (b === 'logs' || b === 'logs_that_burn') return 'log'
  if (Object.hasOwn(TAGS, b)) return b
  if (TAGS.log!.includes(b)) return 'log'
  if (TAGS.planks!.includes(b)) return 'planks'
  return b
}

/** Counts an inventory (namespaced or bare keys) by plan key. */
export function countByKey(inv: Record<string, number>): Map<string, number> {
  const out = new Map<string, number>()
  for (const [name, n] of Object.entries(inv)) {
    if (!(n > 0)) continue
    const k = planKey(name)
    out.set(k, (out.get(k) ?? 0) + n)
  }
  return out
}

/** Which planks a log makes (`birch_log` → `birch_planks`). */
export function planksForLog(log: string): string | undefined {
  const b = bareName(log)
  for (const w of WOODS) if (w.logs.includes(b)) return `${w.wood}_planks`
  return undefined
}

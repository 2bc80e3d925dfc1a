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

/** Computed on first use: the woods come from minecraft-data, which a process that only names items (a LostSpace AI started through the CLI) never loads. */
function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}
const woods = once(() => woodKinds())
/** Woods whose logs burn (the Nether's stems do not; bamboo has no logs). */
const overworldWoods = once(() => woods().filter((w) => !w.stem && w.logs.length > 0))
const present = (names: Array<string | undefined>) => names.filter((n): n is string => n !== undefined)
const logs = once(() => overworldWoods().flatMap((w) => w.logs))
const planks = once(() => woods().map((w) => `${w.wood}_planks`))
const slabs = once(() => woods().map((w) => `${w.wood}_slab`))
const leaves = once(() => present(overworldWoods().map((w) => w.leaves)))
const saplings = once(() => present(overworldWoods().map((w) => w.sapling)))

export const COLOURS = ['white', 'orange', 'magenta', 'light_blue', 'yellow', 'lime', 'pink', 'gray', 'light_gray', 'cyan', 'purple', 'blue', 'brown', 'green', 'red', 'black'] as const

/** The wood families, each read on first use. */
const WOOD_FAMILIES: Record<string, () => readonly string[]> = {
  log: logs,
  logs,
  logs_that_burn: logs,
  planks,
  wooden_slab: slabs,
  leaves,
  sapling: saplings,
  saplings,
}

/** Item families by name (the wood families are read on first use). */
export const TAGS: Readonly<Record<string, readonly string[]>> = Object.freeze(
  Object.assign(
    Object.defineProperties({}, Object.fromEntries(Object.entries(WOOD_FAMILIES).map(([name, read]) => [name, { get: read, enumerable: true }]))),
    {
      wool: COLOURS.map((c) => `${c}_wool`),
      wool_carpets: COLOURS.map((c) => `${c}_carpet`),
      beds: COLOURS.map((c) => `${c}_bed`),
      coals: ['coal', 'charcoal'],
      /** What a player means by "mine stone": the natural stone blocks (not the item `stone`, which is smelted). */
      stone_like: ['stone', 'cobblestone', 'granite', 'diorite', 'andesite'],
      stone_tool_materials: ['cobblestone', 'blackstone'],
      stone_crafting_materials: ['cobblestone', 'blackstone'],
    },
  ),
)

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
  for (const w of woods()) if (w.logs.includes(b)) return `${w.wood}_planks`
  return undefined
}

/** The block names of empty space: `cave_air` fills a vanilla server's caves, `void_air` lies outside the world's height. */
const AIR_NAMES: ReadonlySet<string> = new Set(['air', 'cave_air', 'void_air'])

export function isAirName(name: string): boolean {
  return AIR_NAMES.has(name)
}

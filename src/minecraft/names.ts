/**
 * Item and block names, once for the whole Minecraft side (body, planner, links, minds):
 * normalisation, namespacing and the item families ("tags") a player or a model means
 * by `log`, `planks`, `stone`. Pure, no registry needed.
 *
 * Tag membership follows vanilla 1.16's item tags where one exists (`minecraft:logs`
 * holds stripped logs and wood too: all of them make planks and burn).
 */

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

const WOODS = ['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak', 'crimson', 'warped'] as const
export type Wood = (typeof WOODS)[number]
const OVERWORLD_WOODS = WOODS.filter((w) => w !== 'crimson' && w !== 'warped')

/** Logs (and nether stems, stripped or not) grouped by the planks they make. */
function logsOf(wood: Wood): string[] {
  const stem = wood === 'crimson' || wood === 'warped'
  const base = stem ? `${wood}_stem` : `${wood}_log`
  const block = stem ? `${wood}_hyphae` : `${wood}_wood`
  return [base, `stripped_${base}`, block, `stripped_${block}`]
}

const COLOURS = ['white', 'orange', 'magenta', 'light_blue', 'yellow', 'lime', 'pink', 'gray', 'light_gray', 'cyan', 'purple', 'blue', 'brown', 'green', 'red', 'black']

/** Item families by name. Every member is a 1.16 item name. */
export const TAGS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  log: OVERWORLD_WOODS.flatMap(logsOf),
  logs: OVERWORLD_WOODS.flatMap(logsOf),
  logs_that_burn: OVERWORLD_WOODS.flatMap(logsOf),
  planks: WOODS.map((w) => `${w}_planks`),
  wooden_slab: WOODS.map((w) => `${w}_slab`),
  leaves: OVERWORLD_WOODS.map((w) => `${w}_leaves`),
  sapling: OVERWORLD_WOODS.map((w) => `${w}_sapling`),
  saplings: OVERWORLD_WOODS.map((w) => `${w}_sapling`),
  wool: COLOURS.map((c) => `${c}_wool`),
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
  for (const w of WOODS) if (logsOf(w).includes(b)) return `${w}_planks`
  return undefined
}

/**
 * Dyeing recipes as the game accepts them, read from minecraft-data of one version.
 *
 * Since 1.20 a dye recolours a wool, carpet or bed of any other colour: vanilla's recipe
 * (`dye_red_wool`) takes the dye and one item of a tag (every member of the family but the
 * result's colour). minecraft-data expands a tag ingredient into one recipe per member, and
 * 1.20.4's data does list all 15, but 1.21.4's keeps only the first (`red_dye + black_wool`),
 * which read literally means white wool cannot be dyed. Where a version's data has a dyeing
 * recipe whose input is of another colour than white, this module adds the missing members;
 * where the input is white (1.16: only white wool, carpet and beds take a dye) nothing changes.
 *
 * The colours are the items named `<colour>_dye`; a family is what follows the colour in the
 * result's name (`wool`, `carpet`, `bed`). Used by the world's crafting (the grid's result), the
 * body's craft (mineflayer's recipe lookup) and the planner's obtain graph, so all three agree.
 */

export type RecipeCell = number | { id: number } | null | undefined
export interface RecipeEntry {
  inShape?: RecipeCell[][]
  outShape?: RecipeCell[][]
  ingredients?: RecipeCell[]
  result: { id: number; count: number; metadata?: number }
}
export interface RecipeRegistry {
  items: Record<number, { id: number; name: string } | undefined> | ArrayLike<{ id: number; name: string } | undefined>
  itemsByName: Record<string, { id: number; name: string } | undefined>
  recipes: Record<string | number, RecipeEntry[] | undefined>
}

const cache = new WeakMap<object, Record<string, RecipeEntry[]>>()

const cellId = (c: RecipeCell): number | null => (c === null || c === undefined ? null : typeof c === 'number' ? (c < 0 ? null : c) : c.id)

/** The registry's recipes with every dyeing recipe's other-colour input widened to all other colours. Cached per registry. */
export function recipesWithRecolouring(registry: RecipeRegistry): Record<string, RecipeEntry[]> {
  const known = cache.get(registry.recipes)
  if (known) return known
  const nameOf = (id: number | null) => (id === null ? undefined : (registry.items as Record<number, { name: string } | undefined>)[id]?.name)
  const colours = Object.keys(registry.itemsByName)
    .filter((n) => n.endsWith('_dye'))
    .map((n) => n.slice(0, -'_dye'.length))
    .sort((a, b) => b.length - a.length) // light_gray before gray
  const split = (name: string): [string, string] | null => {
    for (const c of colours) if (name.startsWith(`${c}_`)) return [c, name.slice(c.length + 1)]
    return null
  }

  const out: Record<string, RecipeEntry[]> = {}
  for (const [key, list] of Object.entries(registry.recipes)) {
    if (!list) continue
    const result = nameOf(list[0]?.result.id ?? null)
    const target = result ? split(result) : null
    if (!target) {
      out[key] = list
      continue
    }
    const [colour, family] = target
    const widened = [...list]
    const has = new Set(list.flatMap((r) => (r.ingredients ? [r.ingredients.map(cellId).sort().join(',')] : [])))
    for (const r of list) {
      const inputs = r.ingredients?.map(cellId)
      if (!inputs || inputs.length !== 2 || inputs.includes(null)) continue
      const names = inputs.map(nameOf)
      const dyeAt = names.indexOf(`${colour}_dye`)
      const other = names[1 - dyeAt]
      const input = dyeAt >= 0 && other ? split(other) : null
      if (!input || input[1] !== family || input[0] === colour || input[0] === 'white') continue
      for (const c of colours) {
        const member = c === colour ? undefined : registry.itemsByName[`${c}_${family}`]
        if (!member) continue
        const ingredients = [inputs[dyeAt]!, member.id]
        const sig = [...ingredients].sort().join(',')
        if (has.has(sig)) continue
        has.add(sig)
        widened.push({ ingredients, result: { ...r.result } })
      }
    }
    out[key] = widened
  }
  cache.set(registry.recipes, out)
  return out
}

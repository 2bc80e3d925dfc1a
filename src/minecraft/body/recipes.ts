/**
 * mineflayer's recipe lookup (`recipesAll`, `recipesFor`) over the recipes the game accepts
 * (../recolouring.ts: a dye recolours wool of any other colour on 1.20+), not minecraft-data's
 * literal list, in which 1.21.4 dyes only black wool. Loaded after mineflayer's own craft
 * plugin, whose functions it replaces; the requirement check is mineflayer's (inventory count +
 * the recipe's delta per craft must stay ≥ 0).
 */
import { createRequire } from 'node:module'
import type { Bot } from 'mineflayer'
import type { Recipe as MfRecipe } from 'prismarine-recipe'
import { recipesWithRecolouring, type RecipeRegistry } from '../recolouring.js'

const require = createRequire(import.meta.url)

type RecipeClass = new (entry: unknown) => MfRecipe

export function recolouringRecipes(bot: Bot): void {
  const { Recipe } = (require('prismarine-recipe') as (r: unknown) => { Recipe: RecipeClass })(bot.registry)
  const recipes = recipesWithRecolouring(bot.registry as unknown as RecipeRegistry)
  const find = (itemType: number, metadata: number | null) =>
    (recipes[itemType] ?? []).filter((e) => metadata == null || !('meta' in e.result) || e.result.metadata === metadata).map((e) => new Recipe(e))
  const needsMet = (r: MfRecipe, minResultCount: number) => {
    const times = Math.ceil(minResultCount / r.result.count)
    return r.delta.every((d) => bot.inventory.count(d.id, d.metadata) + d.count * times >= 0)
  }
  bot.recipesAll = (itemType, metadata, table) => find(itemType, metadata).filter((r) => !r.requiresTable || !!table)
  bot.recipesFor = (itemType, metadata, minResultCount, table) =>
    find(itemType, metadata).filter((r) => (!r.requiresTable || !!table) && needsMet(r, minResultCount ?? 1))
}

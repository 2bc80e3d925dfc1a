/**
 * What breaking leaves (without shears) yields per block, vanilla's odds: a sapling of the leaves'
 * wood 1 in 20, 1–2 sticks 1 in 50, and from oak and dark oak an apple 1 in 200. minecraft-data's
 * leaf entries are not per-break odds, so these are stated here, once, for every player-side user
 * (the planner's costs, the collect skill's time budget).
 */
export const LEAF_ODDS = { sapling: 1 / 20, stick: 1.5 / 50, apple: 1 / 200 } as const

/** Items expected per leaf block broken, when `item` (bare or namespaced) comes only from leaves; else undefined. */
export function leafOnlyOdds(item: string): number | undefined {
  const bare = item.replace(/^minecraft:/, '')
  if (bare === 'apple') return LEAF_ODDS.apple
  if (bare.endsWith('_sapling')) return LEAF_ODDS.sapling
  return undefined
}

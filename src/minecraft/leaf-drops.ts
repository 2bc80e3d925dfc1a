/**
 * What breaking leaves (without shears) yields per block, vanilla's odds: a sapling of the leaves'
 * wood 1 in 20, 1–2 sticks 1 in 50, and from oak and dark oak an apple 1 in 200. minecraft-data's
 * leaf entries are not per-break odds, so these are stated here, once, for the world's drops and
 * for every player-side user (the planner's costs, the collect skill's time budget).
 */
export const LEAF_ONE_IN = { sapling: 20, stick: 50, apple: 200 } as const
/** How many sticks a leaf gives when it gives sticks. */
export const LEAF_STICKS = { min: 1, max: 2 } as const
/** The woods whose leaves drop apples. */
export const APPLE_WOODS: ReadonlySet<string> = new Set(['oak', 'dark_oak'])

/** Items expected per leaf block broken. */
export const LEAF_ODDS = {
  sapling: 1 / LEAF_ONE_IN.sapling,
  stick: (LEAF_STICKS.min + LEAF_STICKS.max) / 2 / LEAF_ONE_IN.stick,
  apple: 1 / LEAF_ONE_IN.apple,
} as const

/** Items expected per leaf block broken, when `item` (bare or namespaced) comes only from leaves; else undefined. */
export function leafOnlyOdds(item: string): number | undefined {
  const bare = item.replace(/^minecraft:/, '')
  if (bare === 'apple') return LEAF_ODDS.apple
  if (bare.endsWith('_sapling')) return LEAF_ODDS.sapling
  return undefined
}

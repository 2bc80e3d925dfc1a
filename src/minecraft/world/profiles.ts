/**
 * World profiles of the embedded server (pure data; the CLI config imports this without
 * loading flying-squid):
 *  - natural (default): vanilla-like, seed-dependent terrain, caves, ores, trees; spawn by the vanilla rule.
 *  - starter: the staged layout of terrain.ts: a flat meadow at spawn with four trees, a pond and a
 *    quarry showing coal and iron at the same spots for every seed. For tests and demos that need a
 *    known layout; never the default, and any figure measured on it must say so.
 */
export const WORLD_PROFILES = ['natural', 'starter'] as const
export type WorldProfile = (typeof WORLD_PROFILES)[number]
export const DEFAULT_WORLD_PROFILE: WorldProfile = 'natural'

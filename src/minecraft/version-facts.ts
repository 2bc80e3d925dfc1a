/**
 * The one module of version facts: which Minecraft versions mindbridge supports, and per
 * version the few facts minecraft-data does not hold (ore distribution, the lava level of
 * caves, names renamed across versions), next to the ones read from minecraft-data of that
 * version (world height, what a mined block drops, which ores drop raw metals).
 *
 * Sources: 1.16 ore batches from ../shared/spec/world-facts.md §1 (vanilla 1.16 `OreFeature`
 * ranges); 1.18+ batches from docs/world-facts-1.18.md (vanilla 1.18 `OrePlacements`, the
 * Minecraft Wiki). World, body and planner all ask this module; nothing version-specific is
 * hard-coded elsewhere.
 */
import { createRequire } from 'node:module'
import type MinecraftData from 'minecraft-data'
import { SUPPORTED_MC_VERSIONS } from './versions.js'

// minecraft-data is required on first use, not on import: names.ts reads its woods from here, and a
// process that only names items (a LostSpace AI started through the CLI) never loads the game data.
const requireCjs = createRequire(import.meta.url)
let loadedMinecraftData: typeof MinecraftData | undefined
const minecraftData = (version: string) => (loadedMinecraftData ??= requireCjs('minecraft-data') as typeof MinecraftData)(version)

export { SUPPORTED_MC_VERSIONS, DEFAULT_MC_VERSION, isSupportedMcVersion, checkMcVersion, type McVersion } from './versions.js'

/** One batch of ore veins per chunk: `count` attempts of veins of `size`, heights drawn from `shape` over lo..hi. */
export interface OreBatch {
  /** The ore as named above y 0 (`iron_ore`); below y 0 the world places its deepslate variant when it has one. */
  ore: string
  /** 'uniform': every y in lo..hi alike; 'triangle': vanilla's trapezoid with no plateau, densest at (lo+hi)/2. */
  shape: 'uniform' | 'triangle'
  lo: number
  hi: number
  /** Attempts per chunk (a fraction is a chance of one attempt). */
  count: number
  /** Vein size (vanilla `OreConfiguration.size`). */
  size: number
  /** Only in mountain biomes. */
  mountains?: boolean
}

/** Vanilla 1.16 overworld ores (world-facts.md §1): uniform in 0..range−1, lapis a triangle around 16, emeralds single blocks in mountains at 4..31. */
const ORES_1_16: readonly OreBatch[] = [
  { ore: 'coal_ore', shape: 'uniform', lo: 0, hi: 127, count: 20, size: 17 },
  { ore: 'iron_ore', shape: 'uniform', lo: 0, hi: 63, count: 20, size: 9 },
  { ore: 'gold_ore', shape: 'uniform', lo: 0, hi: 31, count: 2, size: 9 },
  { ore: 'redstone_ore', shape: 'uniform', lo: 0, hi: 15, count: 8, size: 8 },
  { ore: 'diamond_ore', shape: 'uniform', lo: 0, hi: 15, count: 1, size: 8 },
  { ore: 'lapis_ore', shape: 'triangle', lo: 0, hi: 30, count: 1, size: 7 },
  { ore: 'emerald_ore', shape: 'uniform', lo: 4, hi: 31, count: 5.5, size: 1, mountains: true },
]

/**
 * Vanilla 1.18+ overworld ores (docs/world-facts-1.18.md): the same in 1.18 to 1.21.4.
 * Batches that exist only in one biome besides mountains (badlands gold, dripstone copper) and
 * the buried (air-exposure) variants are left out.
 */
const ORES_1_18: readonly OreBatch[] = [
  { ore: 'coal_ore', shape: 'uniform', lo: 136, hi: 319, count: 30, size: 17 },
  { ore: 'coal_ore', shape: 'triangle', lo: 0, hi: 192, count: 20, size: 17 },
  { ore: 'iron_ore', shape: 'triangle', lo: 80, hi: 384, count: 90, size: 9 },
  { ore: 'iron_ore', shape: 'triangle', lo: -24, hi: 56, count: 10, size: 9 },
  { ore: 'iron_ore', shape: 'uniform', lo: -64, hi: 72, count: 10, size: 4 },
  { ore: 'copper_ore', shape: 'triangle', lo: -16, hi: 112, count: 16, size: 10 },
  { ore: 'gold_ore', shape: 'triangle', lo: -64, hi: 32, count: 4, size: 9 },
  { ore: 'gold_ore', shape: 'uniform', lo: -64, hi: -48, count: 0.5, size: 9 },
  { ore: 'redstone_ore', shape: 'uniform', lo: -64, hi: 15, count: 4, size: 8 },
  { ore: 'redstone_ore', shape: 'triangle', lo: -96, hi: -32, count: 8, size: 8 },
  { ore: 'diamond_ore', shape: 'triangle', lo: -144, hi: 16, count: 7, size: 4 },
  { ore: 'diamond_ore', shape: 'triangle', lo: -144, hi: 16, count: 1 / 9, size: 12 },
  { ore: 'lapis_ore', shape: 'triangle', lo: -32, hi: 32, count: 2, size: 7 },
  { ore: 'emerald_ore', shape: 'triangle', lo: -16, hi: 480, count: 100, size: 3, mountains: true },
]

/** Stone blobs of 1.18+ (same source): granite/diorite/andesite low and high, tuff below 0, dirt, gravel. */
export const BLOBS_1_18: readonly OreBatch[] = [
  { ore: 'dirt', shape: 'uniform', lo: 0, hi: 160, count: 7, size: 33 },
  { ore: 'gravel', shape: 'uniform', lo: -64, hi: 319, count: 14, size: 33 },
  { ore: 'granite', shape: 'uniform', lo: 0, hi: 60, count: 2, size: 64 },
  { ore: 'diorite', shape: 'uniform', lo: 0, hi: 60, count: 2, size: 64 },
  { ore: 'andesite', shape: 'uniform', lo: 0, hi: 60, count: 2, size: 64 },
  { ore: 'granite', shape: 'uniform', lo: 64, hi: 128, count: 1 / 6, size: 64 },
  { ore: 'diorite', shape: 'uniform', lo: 64, hi: 128, count: 1 / 6, size: 64 },
  { ore: 'andesite', shape: 'uniform', lo: 64, hi: 128, count: 1 / 6, size: 64 },
  { ore: 'tuff', shape: 'uniform', lo: -64, hi: 0, count: 2, size: 64 },
]

/**
 * Biome names renamed across versions (old name, new name, first version with the new one): the
 * generator's biomes. minecraft-data lists biomes by name, not in the game's order, so a rename
 * cannot be read from it as it is for blocks and items (renamedNames below).
 */
const BIOME_RENAMES: ReadonlyArray<{ old: string; now: string; since: string }> = [{ old: 'mountains', now: 'windswept_hills', since: '1.18' }]

type NamedList = ReadonlyArray<{ id: number; name: string }>

/**
 * Names of `from`'s list that `to`'s list calls otherwise, read from minecraft-data: the game's
 * registries keep their order, so a renamed block or item sits at the same place among the names
 * both versions share. A name `from` has and `to` lacks maps to the first name `to` has and
 * `from` lacks with the same shared neighbours on both sides (the first: where a version adds
 * names next to a renamed one, `scute` → `turtle_scute`, `armadillo_scute`, the renamed one
 * keeps the old place).
 */
function renamesInOrder(from: NamedList, to: NamedList): Map<string, string> {
  const a = [...from].sort((p, q) => p.id - q.id).map((e) => e.name)
  const b = [...to].sort((p, q) => p.id - q.id).map((e) => e.name)
  const inA = new Set(a)
  const inB = new Set(b)
  const shared = (n: string | undefined) => n !== undefined && inA.has(n) && inB.has(n)
  const neighbours = (list: string[], i: number): string => {
    let p = i - 1
    while (p >= 0 && !shared(list[p])) p--
    let n = i + 1
    while (n < list.length && !shared(list[n])) n++
    return `${list[p] ?? ''}|${list[n] ?? ''}`
  }
  const added = new Map<string, string[]>()
  b.forEach((name, i) => {
    if (inA.has(name)) return
    const key = neighbours(b, i)
    added.set(key, [...(added.get(key) ?? []), name])
  })
  const out = new Map<string, string>()
  a.forEach((name, i) => {
    if (inB.has(name)) return
    const next = added.get(neighbours(a, i))?.shift()
    if (next) out.set(name, next)
  })
  return out
}

const renameCache = new Map<string, ReadonlyMap<string, string>>()

/**
 * Block and item names of Minecraft `from` that Minecraft `to` calls otherwise, derived from
 * minecraft-data of both (1.16.5 → 1.20.4: `grass` → `short_grass`, `grass_path` → `dirt_path`;
 * 1.20.4 → 1.21.4: `scute` → `turtle_scute`; and back). A block's rename is its item's too.
 */
export function renamedNames(from: string, to: string): ReadonlyMap<string, string> {
  const key = `${from}→${to}`
  let m = renameCache.get(key)
  if (!m) {
    const a = minecraftData(from)
    const b = minecraftData(to)
    if (!a || !b) throw new Error(`minecraft-data does not know Minecraft ${!a ? from : to}`)
    const blocks = renamesInOrder(a.blocksArray, b.blocksArray)
    const items = renamesInOrder(a.itemsArray, b.itemsArray)
    for (const [old, now] of blocks) if (a.itemsByName[old] && b.itemsByName[now]) items.set(old, now)
    m = new Map([...blocks, ...items])
    renameCache.set(key, m)
  }
  return m
}

type BlockLoot<E> = Record<string, { drops: E[] } | undefined>
const lootByNameCache = new WeakMap<object, BlockLoot<{ item: string }>>()

/**
 * minecraft-data's block loot tables, each under the registry version's own name of its block.
 * minecraft-data 1.20.4 and 1.21.4 keep short grass's table under its 1.16 name `grass`, a block
 * those versions lack; such a table (and the block's drop of itself) moves to the version's name.
 */
export function blockLootByName<E extends { item: string }>(registry: object): BlockLoot<E> {
  const hit = lootByNameCache.get(registry)
  if (hit) return hit as BlockLoot<E>
  const md = registry as { blockLoot?: BlockLoot<E>; blocksByName: Record<string, unknown>; itemsByName: Record<string, unknown> }
  const loot = md.blockLoot ?? {}
  const out: BlockLoot<E> = {}
  for (const [key, entry] of Object.entries(loot)) {
    if (!entry) continue
    const name = md.blocksByName[key] ? key : namesAcrossVersions(key).find((n) => md.blocksByName[n] && !loot[n])
    if (!name || name === key) {
      out[key] = entry
      continue
    }
    out[name] = { ...entry, drops: entry.drops.map((d) => (d.item === key && !md.itemsByName[key] ? { ...d, item: name } : d)) }
  }
  lootByNameCache.set(registry, out as BlockLoot<{ item: string }>)
  return out
}

/** A name and what it is called in the other supported versions (`grass` → [`grass`, `short_grass`]). */
export function namesAcrossVersions(name: string): string[] {
  const out = new Set([name])
  for (const from of SUPPORTED_MC_VERSIONS) {
    for (const to of SUPPORTED_MC_VERSIONS) {
      const now = from === to ? undefined : renamedNames(from, to).get(name)
      if (now) out.add(now)
    }
  }
  for (const r of BIOME_RENAMES) {
    if (name === r.old) out.add(r.now)
    if (name === r.now) out.add(r.old)
  }
  return [...out]
}

/**
 * Items a player may ask for under another version's name, mapped to what the older world has:
 * raw metals (1.17+) come from the ore itself before 1.17.
 */
const OLDER_NAMES: Readonly<Record<string, string[]>> = {
  raw_iron: ['iron_ore'],
  raw_gold: ['gold_ore'],
  raw_copper: ['copper_ore'],
  raw_iron_block: ['iron_block'],
  grass: ['grass_block'],
}

/** Items in this registry that stand for `name` when the version has no item of that name ([] if none). */
export function olderItemNames(registry: { itemsByName: Record<string, unknown> }, name: string): string[] {
  return (OLDER_NAMES[name] ?? []).filter((a) => registry.itemsByName[a])
}

/** Air in caves at or below this y is lava (1.16: carvers below y 11; 1.18+: below y −54). */
const LAVA_TOP_1_16 = 10
const LAVA_TOP_1_18 = -55
/** Deepslate replaces stone below this y (1.18+), with a band up to DEEPSLATE_BAND_TOP where both mix. */
export const DEEPSLATE_BELOW = 0
export const DEEPSLATE_BAND_TOP = 8

/** A strip is at least this far under the ground: a tunnel in stone, under the soil and out of the night. */
const DEPTH_BELOW_GROUND = 20
/** The ground of a typical column (sea level 63), for heights asked without a ground. */
const TYPICAL_GROUND = 64

type Registry = ReturnType<typeof minecraftData>
interface LootEntry {
  item: string
  silkTouch?: boolean
}

export interface VersionFacts {
  /** minecraft-data's name of the version (`1.20.4`). */
  version: string
  registry: Registry
  /** Lowest block y, and the number of block layers (1.16: 0, 256; 1.18+: −64, 384). */
  minY: number
  height: number
  /** Highest block y (minY + height − 1). */
  maxY: number
  /** Why `y` is no block height of this world (`y -70 is below Minecraft 1.20.4's world, y -64 to 319`), or null when it is one. */
  heightError(y: number): string | null
  /** The 1.18 shape: deepslate below y 0, ores in 1.18 batches. */
  tall: boolean
  /** Carved air at or below this y is lava; the feet of a digging bot stay ≥ lavaTop + 2. */
  lavaTop: number
  safeMinY: number
  /** The ore batches of the overworld. */
  ores: readonly OreBatch[]
  /** Every block that is an ore of this version (`iron_ore`, `deepslate_iron_ore`, `copper_ore` …). */
  isOre(block: string): boolean
  /** The ore's plain name: `deepslate_iron_ore` → `iron_ore`. */
  baseOre(block: string): string
  /** The deepslate variant of an ore when the version has one (`deepslate_iron_ore`), else null. */
  deepslateOre(ore: string): string | null
  /** Relative vein blocks per layer at y (sum over batches of count·size·p(y)); 0 outside its range. */
  oreDensity(ore: string, y: number): number
  /** Lowest and highest y the ore is placed at in this world, and the y where it is densest. */
  oreRange(ore: string): { lo: number; hi: number; peak: number } | null
  /** The feet's y for strip-mining `ore` when the ground is at `groundY` (see stripHeight below). */
  stripHeight(ore: string, groundY: number): number
  /** The highest level worth strip-mining for `ore` when stairs cannot go lower. */
  oreTop(ore: string): number
  /** This version's name for a block, item or biome named in any supported version (`grass` → `short_grass` on 1.20.3+, `mountains` → `windswept_hills` on 1.18+, and back). */
  name(name: string): string
  /** Items a block drops when mined without silk touch (minecraft-data's blockLoot); [] if none recorded. */
  minedDrops(block: string): string[]
  /** Ores that drop a raw metal (`iron_ore` → `raw_iron`), read from blockLoot; empty before 1.17. */
  rawMetalDrops(): ReadonlyMap<string, string>
  /** Furnace inputs of this version that smelt into `output` (the furnace table, ../smelting.ts, read for this version's items). */
  smeltInputs(output: string): string[]
  /** What a furnace of this version makes of `input`, or null. */
  smeltResult(input: string): string | null
  /** Why this version's survival world has no recipe for an item it lists, when it holds it only behind an experiment; else undefined. */
  experimentReason(item: string): string | undefined
  /** How much sky light the block takes away (0 clear, 1 leaves and water, 15 opaque): minecraft-data's `filterLight` (see LIGHT_TABLE_BEFORE_1_17). */
  lightFilter(block: string): number
}

/** A kind of wood, as the newest supported version's items name it. */
export interface WoodKind {
  /** `oak`, `cherry`, `crimson`, `bamboo`: what its planks are named after. */
  wood: string
  /** Grows as a Nether stem (`crimson_stem`): its logs do not burn. */
  stem: boolean
  /** Its log, stripped log, wood and stripped wood items ([] for bamboo, whose planks come from a bamboo block). */
  logs: string[]
  /** Its leaves and sapling items, where it has them. */
  leaves?: string
  sapling?: string
}

let woods: WoodKind[] | undefined

/**
 * Every kind of wood of the supported versions, read from minecraft-data of the newest (which has
 * every wood the older ones have): one per `*_planks` item. The item families of names.ts
 * (`log`, `planks`, …) are built from it.
 */
export function woodKinds(): readonly WoodKind[] {
  if (woods) return woods
  const newest = minecraftData(SUPPORTED_MC_VERSIONS[SUPPORTED_MC_VERSIONS.length - 1]!)
  if (!newest) throw new Error('minecraft-data does not know the newest supported version')
  const has = (n: string) => Boolean(newest.itemsByName[n])
  woods = newest.itemsArray
    .filter((i) => i.name.endsWith('_planks'))
    .map((i): WoodKind => {
      const wood = i.name.slice(0, -'_planks'.length)
      const stem = has(`${wood}_stem`)
      const base = stem ? `${wood}_stem` : `${wood}_log`
      const block = stem ? `${wood}_hyphae` : `${wood}_wood`
      const logs = has(base) ? [base, `stripped_${base}`, block, `stripped_${block}`].filter(has) : []
      return { wood, stem, logs, leaves: has(`${wood}_leaves`) ? `${wood}_leaves` : undefined, sapling: has(`${wood}_sapling`) ? `${wood}_sapling` : undefined }
    })
  return woods
}

/**
 * The furnace recipes of every supported version (vanilla values; minecraft-data has none): a
 * recipe stays the same in every version that has both its items, so one version's own set is
 * this table read for its items (VersionFacts.smeltInputs). The 1.16.5 inputs first, then the
 * newer versions'. Logs smelt into charcoal: which logs, from the woods of minecraft-data.
 */
const FURNACE: Record<string, string> = {
  iron_ore: 'iron_ingot',
  gold_ore: 'gold_ingot',
  raw_iron: 'iron_ingot',
  raw_gold: 'gold_ingot',
  copper_ore: 'copper_ingot',
  raw_copper: 'copper_ingot',
  ancient_debris: 'netherite_scrap',
  sand: 'glass',
  red_sand: 'glass',
  cobblestone: 'stone',
  stone: 'smooth_stone',
  stone_bricks: 'cracked_stone_bricks',
  sandstone: 'smooth_sandstone',
  red_sandstone: 'smooth_red_sandstone',
  clay_ball: 'brick',
  clay: 'terracotta',
  netherrack: 'nether_brick',
  cactus: 'green_dye',
  kelp: 'dried_kelp',
  wet_sponge: 'sponge',
  beef: 'cooked_beef',
  porkchop: 'cooked_porkchop',
  chicken: 'cooked_chicken',
  mutton: 'cooked_mutton',
  rabbit: 'cooked_rabbit',
  cod: 'cooked_cod',
  salmon: 'cooked_salmon',
  potato: 'baked_potato',
  // 1.17+
  cobbled_deepslate: 'deepslate',
  deepslate_bricks: 'cracked_deepslate_bricks',
  deepslate_tiles: 'cracked_deepslate_tiles',
  // 1.21.4
  resin_clump: 'resin_brick',
}

/** Logs, stripped logs and wood of the woods that burn (not the Nether stems): all smelt into charcoal. */
const burningWoods = () => woodKinds().filter((w) => !w.stem && w.logs.length > 0)
let burningLogs: Set<string> | undefined
export const isBurningLog = (item: string) => (burningLogs ??= new Set(burningWoods().flatMap((w) => w.logs))).has(item)
export const isBurningWoodItem = (item: string, suffix: string) => burningWoods().some((w) => item === `${w.wood}_${suffix}`)

/** Every input of the furnace table (logs aside). */
export const FURNACE_INPUTS: readonly string[] = Object.keys(FURNACE)

/** What a furnace makes of `input` in any supported version, or null. */
export function furnaceResult(input: string): string | null {
  if (isBurningLog(input)) return 'charcoal'
  return FURNACE[input] ?? null
}

/** Inputs of any supported version that smelt into `output`, in the table's order; [] if none. */
export function furnaceInputs(output: string): string[] {
  if (output === 'charcoal') return burningWoods().map((w) => w.logs[0]!)
  return Object.entries(FURNACE)
    .filter(([, out]) => out === output)
    .map(([input]) => input)
}

/**
 * Items that 1.20.3 and 1.20.4 hold only behind an experiment (Minecraft Wiki, "Update 1.21
 * experiment" and "Bundle" experiment of Java Edition 1.20.3): tuff and copper building blocks,
 * copper doors, trapdoors, grates and bulbs, the crafter, the bundle. A normal world of those
 * versions has no recipe for them; minecraft-data agrees (it lists none), and 1.21 made them
 * plain survival items.
 */
const EXPERIMENT_1_20 = /^(tuff_(slab|stairs|wall)|polished_tuff.*|chiseled_tuff.*|tuff_brick.*|(waxed_)?((exposed|weathered|oxidized)_)?(chiseled_copper|copper_(door|trapdoor|grate|bulb))|crafter|bundle)$/

/**
 * minecraft-data's `filterLight` before 1.17 is not vanilla's: 1.16.5 lists leaves at 0, water at 2,
 * flowers, crops, tall grass and stairs at 15, furnaces and glowstone at 0. From 1.17.1 on it holds
 * vanilla's values (leaves, water, ice and cobwebs 1), and the light engine of 1.16 is 1.17's (both
 * 1.14's rewrite), so a version before 1.17 reads 1.17.1's table by block name.
 */
const LIGHT_TABLE_BEFORE_1_17 = '1.17.1'

const cache = new Map<string, VersionFacts>()

/** The block heights of every supported version together (1.16.5's 0 to 255 and 1.18+'s −64 to 319): what a call naming a y may say before the server's version is known. */
export function supportedHeights(): { minY: number; maxY: number } {
  const all = SUPPORTED_MC_VERSIONS.map((v) => versionFacts(v))
  return { minY: Math.min(...all.map((f) => f.minY)), maxY: Math.max(...all.map((f) => f.maxY)) }
}

/**
 * The facts of a version: a version string (`bot.version`, `1.20.4`) or a minecraft-data
 * registry. Any version minecraft-data knows works (a `bot` may join any server); the ore
 * distribution is 1.16's before the tall world (1.18) and 1.18's from then on.
 */
export function versionFacts(versionOrRegistry: string | { version: { minecraftVersion?: string } }): VersionFacts {
  const v = typeof versionOrRegistry === 'string' ? versionOrRegistry : String(versionOrRegistry.version.minecraftVersion)
  let f = cache.get(v)
  if (!f) {
    f = build(v)
    cache.set(v, f)
  }
  return f
}

function build(v: string): VersionFacts {
  const registry = minecraftData(v)
  if (!registry) throw new Error(`minecraft-data does not know Minecraft ${v}`)
  const version = registry.version.minecraftVersion as string
  const tall = registry.supportFeature('tallWorld') as boolean
  const minY = tall ? -64 : 0
  const height = tall ? 384 : 256
  const lavaTop = tall ? LAVA_TOP_1_18 : LAVA_TOP_1_16
  const safeMinY = lavaTop + 2
  const ores = (tall ? ORES_1_18 : ORES_1_16).filter((b) => registry.blocksByName[b.ore])
  const baseNames = new Set(ores.map((b) => b.ore))
  const baseOre = (block: string) => (block.startsWith('deepslate_') && baseNames.has(block.slice(10)) ? block.slice(10) : block)
  const isOre = (block: string) => baseNames.has(baseOre(block)) && !!registry.blocksByName[block]
  const top = minY + height - 1

  const densityCache = new Map<string, Float64Array>()
  const densities = (ore: string): Float64Array => {
    let d = densityCache.get(ore)
    if (d) return d
    d = new Float64Array(height)
    for (const b of ores) {
      if (b.ore !== ore) continue
      const span = b.hi - b.lo
      for (let y = Math.max(b.lo, minY); y <= Math.min(b.hi, top); y++) {
        let p: number
        if (b.shape === 'uniform') p = 1 / (span + 1)
        else {
          const half = span / 2
          p = Math.max(0, (half + 1 - Math.abs(y - (b.lo + half))) / ((half + 1) * (half + 1)))
        }
        d[y - minY] += b.count * b.size * p
      }
    }
    densityCache.set(ore, d)
    return d
  }
  const oreDensity = (ore: string, y: number) => (y < minY || y > top ? 0 : densities(baseOre(ore))[y - minY]!)
  const oreRange = (ore: string) => {
    const d = densities(baseOre(ore))
    let lo = -1
    let hi = -1
    let peak = -1
    for (let i = 0; i < height; i++) {
      if (d[i]! <= 0) continue
      if (lo < 0) lo = i
      hi = i
      if (peak < 0 || d[i]! > d[peak]!) peak = i
    }
    return lo < 0 ? null : { lo: lo + minY, hi: hi + minY, peak: peak + minY }
  }
  /**
   * The rich band of an ore seen from a strip level no higher than `windowTop`: start at its
   * richest level in safeMinY..windowTop (the highest of equals) and go up while the density
   * stays at least half of that. A uniform 1.16 range is rich up to its top; a 1.18 triangle
   * around its peak (iron's mountain band, out of reach under the ground, is not part of it).
   */
  const bandTop = (ore: string, windowTop: number): number | null => {
    const d = densities(baseOre(ore))
    const hiY = Math.min(windowTop, top)
    let best = 0
    let at = -Infinity
    for (let y = safeMinY; y <= hiY; y++) {
      if (d[y - minY]! >= best && d[y - minY]! > 0) {
        best = d[y - minY]!
        at = y
      }
    }
    if (best <= 0) return null
    let y = at
    while (y < top && d[y + 1 - minY]! >= best / 2) y++
    return y
  }
  const fallbackOre = 'iron_ore'
  const bandFor = (ore: string, windowTop: number) => bandTop(ore, windowTop) ?? bandTop(fallbackOre, windowTop) ?? safeMinY + 8
  /** With no ground known (oreTop), the window of a strip under ground at sea level. */
  const typicalWindow = TYPICAL_GROUND - DEPTH_BELOW_GROUND
  const oreTop = (ore: string) => bandFor(ore, Math.max(typicalWindow, safeMinY)) - 4
  const stripHeight = (ore: string, groundY: number) => {
    const windowTop = Math.floor(groundY) - DEPTH_BELOW_GROUND
    if (windowTop <= safeMinY) return safeMinY
    return Math.max(safeMinY, Math.min(bandFor(ore, windowTop) - 8, windowTop))
  }

  const known = (n: string) => !!(registry.blocksByName[n] || registry.itemsByName[n] || registry.biomesByName[n])
  const name = (n: string) => {
    if (known(n)) return n
    for (const other of namesAcrossVersions(n)) if (known(other)) return other
    return n
  }

  const loot = blockLootByName<LootEntry>(registry)
  const minedDrops = (block: string) => [...new Set((loot[block]?.drops ?? []).filter((e) => !e.silkTouch).map((e) => e.item))]
  let raw: Map<string, string> | undefined
  const rawMetalDrops = () => {
    if (raw) return raw
    raw = new Map()
    for (const block of Object.keys(loot)) {
      if (!block.endsWith('_ore')) continue
      const metal = minedDrops(block).find((i) => i.startsWith('raw_'))
      if (metal) raw.set(block, metal)
    }
    return raw
  }

  const hasItem = (n: string) => Boolean(registry.itemsByName[n])
  const smeltInputs = (output: string) => (hasItem(output) ? furnaceInputs(output).filter(hasItem) : [])
  const smeltResult = (input: string) => {
    const out = hasItem(input) ? furnaceResult(input) : null
    return out && hasItem(out) ? out : null
  }
  // the table read by name for `lightFilter` (unknown names: opaque)
  const lightTable = registry.version['<']('1.17') ? minecraftData(LIGHT_TABLE_BEFORE_1_17) : registry
  const lightFilter = (block: string) => lightTable.blocksByName[block]?.filterLight ?? registry.blocksByName[block]?.filterLight ?? 15
  const experimentReason = (item: string) => {
    const it = registry.itemsByName[item]
    if (!it || !registry.version['>=']('1.20.3') || !registry.version['<']('1.21') || !EXPERIMENT_1_20.test(item)) return undefined
    if ((registry.recipes[it.id] ?? []).length > 0) return undefined
    return `${item}: an experiment in Minecraft ${version} (the 1.21 features and bundles): a normal ${version} world has no recipe for it`
  }

  return {
    version,
    registry,
    minY,
    height,
    maxY: top,
    heightError: (y) =>
      !Number.isInteger(y) ? `y ${y} is not a whole block height` : y < minY || y > top ? `y ${y} is ${y < minY ? 'below' : 'above'} Minecraft ${version}'s world, y ${minY} to ${top}` : null,
    tall,
    lavaTop,
    safeMinY,
    ores,
    isOre,
    baseOre,
    deepslateOre: (ore) => (registry.blocksByName[`deepslate_${ore}`] ? `deepslate_${ore}` : null),
    oreDensity,
    oreRange,
    stripHeight,
    oreTop,
    name,
    minedDrops,
    rawMetalDrops,
    smeltInputs,
    smeltResult,
    experimentReason,
    lightFilter,
  }
}

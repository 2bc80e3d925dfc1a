/**
 * Farming rules of vanilla 1.16, pure: random ticks, crop growth, farmland moisture, bone meal,
 * stems and their fruit, sugar cane. plugins/farming.ts applies them to the world.
 *
 * Sources (Minecraft 1.16.5 server, decompiled with Mojang's mappings; the same numbers are on
 * the Minecraft wiki pages "Tick" (random tick), "Crops", "Farmland", "Melon Seeds", "Sugar Cane"):
 *  - random ticks: `ServerLevel.tickChunk` picks `randomTickSpeed` (game rule, default 3) random
 *    blocks per 16×16×16 section every game tick;
 *  - `CropBlock.randomTick`: with raw brightness ≥ 9 (`getRawBrightness(pos, 0)`: the larger of the
 *    sky light and the block light, the sky not darkened by night) and age < max, grows one stage when
 *    `random.nextInt((int)(25 / f) + 1) == 0`, f = `CropBlock.getGrowthSpeed` (below);
 *  - `BeetrootBlock.randomTick`: two random ticks in 3 reach the crop rule (`nextInt(3) != 0`);
 *  - `CropBlock.getBonemealAgeIncrease`: `Mth.nextInt(random, 2, 5)` stages; beetroot divides it by 3;
 *  - `StemBlock.randomTick`: same chance as crops; at age 7 a grown stem picks a random horizontal
 *    side and places its fruit there when that cell is air and stands on farmland, dirt, coarse dirt,
 *    podzol or grass; bone meal adds `Mth.nextInt(2, 5)` stages up to 7 (never a fruit by itself);
 *  - `FarmBlock.randomTick` / `isNearWater`: water anywhere in x±4, y 0..+1, z±4 sets moisture 7,
 *    otherwise moisture drops by 1 and dry farmland with nothing planted on it turns to dirt;
 *  - `SugarCaneBlock.randomTick`: on a cane with air above and fewer than 3 canes in its column,
 *    age += 1; at age 15 the cane above is placed and age resets to 0. `canSurvive`: on a cane, or on
 *    grass, dirt, coarse dirt, podzol, sand or red sand with water beside that block;
 *  - `HoeItem.TILLABLES`: grass block, grass path and dirt become farmland (coarse dirt becomes dirt)
 *    when the face clicked is not the bottom and the block above is air.
 */
import { namesAcrossVersions } from '../version-facts.js'
import type { BlockView } from './block-view.js'

/** Vanilla's default `randomTickSpeed` game rule. */
export const RANDOM_TICK_SPEED = 3
/** Blocks in a section: each random tick picks one of them. */
export const SECTION_VOLUME = 4096

/** Chance that one block gets at least one random tick in a game tick at `speed` picks per section. */
export function randomTickChance(speed: number): number {
  if (!(speed > 0)) return 0
  return 1 - Math.pow(1 - 1 / SECTION_VOLUME, speed)
}

export interface CropDef {
  /** The block (`wheat`, `carrots`, …). */
  block: string
  /** The item planted (`wheat_seeds`, `carrot`, …). */
  plantItem: string
  maxAge: number
  /** Beetroots: 2 random ticks in 3 reach the growth rule and bone meal stages are divided by 3. */
  slow: boolean
}

export const CROPS: readonly CropDef[] = [
  { block: 'wheat', plantItem: 'wheat_seeds', maxAge: 7, slow: false },
  { block: 'carrots', plantItem: 'carrot', maxAge: 7, slow: false },
  { block: 'potatoes', plantItem: 'potato', maxAge: 7, slow: false },
  { block: 'beetroots', plantItem: 'beetroot_seeds', maxAge: 3, slow: true },
]

export interface StemDef {
  block: string
  attached: string
  fruit: string
  plantItem: string
}

export const STEMS: readonly StemDef[] = [
  { block: 'pumpkin_stem', attached: 'attached_pumpkin_stem', fruit: 'pumpkin', plantItem: 'pumpkin_seeds' },
  { block: 'melon_stem', attached: 'attached_melon_stem', fruit: 'melon', plantItem: 'melon_seeds' },
]

export const STEM_MAX_AGE = 7

/**
 * A field: farmland and what grows on it. Breaking the farmland breaks the crop or stem on it
 * (`CropBlock.canSurvive` needs farmland under it), so a careful player never digs through a field.
 */
export const FIELD_BLOCKS: ReadonlySet<string> = new Set(['farmland', ...CROPS.map((c) => c.block), ...STEMS.flatMap((s) => [s.block, s.attached])])

/** The block an item plants on farmland (wheat_seeds → wheat), if any. */
export function plantedOnFarmland(itemName: string): string | null {
  return CROPS.find((c) => c.plantItem === itemName)?.block ?? STEMS.find((s) => s.plantItem === itemName)?.block ?? null
}

export function cropDef(block: string): CropDef | undefined {
  return CROPS.find((c) => c.block === block)
}

export function stemDef(block: string): StemDef | undefined {
  return STEMS.find((s) => s.block === block || s.attached === block)
}

/** The raw brightness a crop or stem needs to grow (`CropBlock.randomTick`, `StemBlock.randomTick`). */
export const CROP_MIN_LIGHT = 9

/** Whether a crop or stem at (x, y, z) has the light to grow: sky light or block light ≥ 9, by day or night. */
export function cropHasLight(view: Pick<BlockView, 'skyLight' | 'blockLight'>, x: number, y: number, z: number): boolean {
  return view.skyLight(x, y, z, CROP_MIN_LIGHT) >= CROP_MIN_LIGHT || view.blockLight(x, y, z) >= CROP_MIN_LIGHT
}

/** The same crop around a crop, at its own height, as `CropBlock.getGrowthSpeed` reads it. */
export interface CropNeighbours {
  /** Same crop north, south, west, east. */
  north: boolean
  south: boolean
  west: boolean
  east: boolean
  /** Same crop on any diagonal. */
  diagonal: boolean
}

/** What is under and around a crop, as `CropBlock.getGrowthSpeed` reads it. */
export interface CropSurroundings extends CropNeighbours {
  /** The farmland in the 3×3 under the crop: index (dz + 1) * 3 + (dx + 1); 'none' when not farmland. */
  soil: ReadonlyArray<'moist' | 'dry' | 'none'>
}

/** `CropBlock.getGrowthSpeed` halves the speed when the same crop grows in rows both ways (or, if not, on any diagonal). */
export function halvedByNeighbours(n: CropNeighbours): boolean {
  const westEast = n.west || n.east
  const northSouth = n.north || n.south
  return (westEast && northSouth) || (!(westEast && northSouth) && n.diagonal)
}

/**
 * `CropBlock.getGrowthSpeed`: 1, plus for each farmland block of the 3×3 under the crop 1 (dry) or
 * 3 (moist), the eight around the centre counting a quarter; halved by `halvedByNeighbours`.
 */
export function growthSpeed(s: CropSurroundings): number {
  let f = 1
  for (let i = 0; i < 9; i++) {
    const soil = s.soil[i]
    let g = soil === 'moist' ? 3 : soil === 'dry' ? 1 : 0
    if (i !== 4) g /= 4
    f += g
  }
  return halvedByNeighbours(s) ? f / 2 : f
}

/** Chance that a random tick grows a crop (or stem) one stage: 1 / (floor(25 / f) + 1). */
export function growthChance(speed: number, slow = false): number {
  const p = 1 / (Math.floor(25 / speed) + 1)
  return slow ? (p * 2) / 3 : p
}

/** Stages bone meal adds to a crop: 2..5 (beetroot: that divided by 3, rounded down). */
export function boneMealStages(rng: () => number, slow: boolean): number {
  const n = 2 + Math.floor(rng() * 4)
  return slow ? Math.floor(n / 3) : n
}

/** `FarmBlock.isNearWater`: water in x±4, y 0..+1, z±4 of the farmland. */
export const HYDRATION = { horizontal: 4, up: 1 } as const

export function isNearWater(isWater: (dx: number, dy: number, dz: number) => boolean): boolean {
  for (let dy = 0; dy <= HYDRATION.up; dy++) {
    for (let dx = -HYDRATION.horizontal; dx <= HYDRATION.horizontal; dx++) {
      for (let dz = -HYDRATION.horizontal; dz <= HYDRATION.horizontal; dz++) if (isWater(dx, dy, dz)) return true
    }
  }
  return false
}

export const MAX_MOISTURE = 7

/** A farmland random tick: the new moisture, or 'dirt' when dry farmland with nothing on it reverts. */
export function farmlandTick(moisture: number, nearWater: boolean, planted: boolean): number | 'dirt' {
  if (nearWater) return MAX_MOISTURE
  if (moisture > 0) return moisture - 1
  return planted ? 0 : 'dirt'
}

/**
 * Blocks a hoe turns into farmland (1.16 `HoeItem.TILLABLES`, less coarse dirt, which becomes dirt),
 * under every supported version's name (`grass_path` is `dirt_path` from 1.17).
 */
export const TILLABLE = new Set(['grass_block', 'grass_path', 'dirt'].flatMap(namesAcrossVersions))

/** What a stem's fruit may stand on. */
export const FRUIT_SOIL = new Set(['farmland', 'dirt', 'coarse_dirt', 'podzol', 'grass_block'])

/** Horizontal sides in `Direction.Plane.HORIZONTAL` order, with the attached stem's `facing` value. */
export const SIDES = [
  { facing: 'north', dx: 0, dz: -1 },
  { facing: 'east', dx: 1, dz: 0 },
  { facing: 'south', dx: 0, dz: 1 },
  { facing: 'west', dx: -1, dz: 0 },
] as const

/** What may hold sugar cane (besides another cane); it also needs water beside that block. */
export const SUGAR_CANE_SOIL = new Set(['grass_block', 'dirt', 'coarse_dirt', 'podzol', 'sand', 'red_sand'])
export const SUGAR_CANE_MAX_HEIGHT = 3
export const SUGAR_CANE_MAX_AGE = 15

/**
 * A sugar cane random tick. `height` counts this cane and the canes under it. Returns the new age
 * and whether a cane grows on top.
 */
export function sugarCaneTick(age: number, height: number, airAbove: boolean): { age: number; grow: boolean } {
  if (!airAbove || height >= SUGAR_CANE_MAX_HEIGHT) return { age, grow: false }
  if (age >= SUGAR_CANE_MAX_AGE) return { age: 0, grow: true }
  return { age: age + 1, grow: false }
}

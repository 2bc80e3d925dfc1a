/**
 * The "get anything" suite (issue 26): `get` tasks that together use every source the obtain
 * graph knows: crafting with tags, smelting and cooking, block drops with tools, leaves, mob
 * drops, shearing, buckets, farming, eggs, deep ores, and tasks that start with items the world
 * gives (the `--give` mechanism: the world's operator API, announced). Each task runs on a fresh
 * natural world of its seed; nothing is placed for it.
 */
import { NIGHT_LIMIT_REASON, NIGHT_LIMIT_SEC, SUITE_LIMIT_SEC, wheatLimitReason, wheatLimitSec } from './limits.js'

export interface GetTask {
  /** Short unique name (filters match it, the task text and the group). */
  name: string
  /** The task text, as given to `mindbridge play --task`. */
  task: string
  /** What the task mainly exercises. */
  group: TaskGroup
  /** Starting items (`--give` syntax: `oak_planks=4,book=2`), given by the world and announced. */
  give?: string
  /** The natural world's seed (default: spread over 1–10 by position in the suite). */
  seed?: number
  /**
   * A stated limit in seconds, longer than the suite's 10 minutes, for a task no honest route can
   * finish in 10 minutes (night drops, wheat), with the reason from the world's rules (./limits.ts).
   */
  limit?: { sec: number; reason: string }
}

export type TaskGroup =
  | 'craft'
  | 'smelt'
  | 'cook'
  | 'mine'
  | 'leaves'
  | 'mob drop'
  | 'shear'
  | 'bucket'
  | 'farm'
  | 'egg'
  | 'deep ore'
  | 'given items'

const get = (count: number, item: string) => `get ${count} minecraft:${item}`
const night = { sec: NIGHT_LIMIT_SEC, reason: NIGHT_LIMIT_REASON }
const wheat = (crops: number, what: string) => ({ sec: wheatLimitSec(crops), reason: wheatLimitReason(crops, what) })

export const GET_TASKS: readonly GetTask[] = [
  // crafting (tags: planks, logs, coals, wool, stone crafting materials)
  { name: 'stick+give', task: get(1, 'stick'), group: 'given items', give: 'oak_planks=2' },
  { name: 'crafting_table', task: get(1, 'crafting_table'), group: 'craft' },
  { name: 'wooden_pickaxe', task: get(1, 'wooden_pickaxe'), group: 'craft' },
  { name: 'stone_pickaxe', task: get(1, 'stone_pickaxe'), group: 'craft' },
  { name: 'chest', task: get(1, 'chest'), group: 'craft' },
  { name: 'ladder', task: get(3, 'ladder'), group: 'craft' },
  { name: 'torch', task: get(4, 'torch'), group: 'craft' },
  { name: 'furnace', task: get(1, 'furnace'), group: 'craft' },
  { name: 'stone_bricks', task: get(4, 'stone_bricks'), group: 'craft' },
  { name: 'bucket', task: get(1, 'bucket'), group: 'craft' },
  { name: 'compass', task: get(1, 'compass'), group: 'craft' },
  { name: 'iron_pickaxe', task: get(1, 'iron_pickaxe'), group: 'craft' },
  { name: 'shears', task: get(1, 'shears'), group: 'craft' },
  { name: 'fishing_rod', task: get(1, 'fishing_rod'), group: 'craft', limit: night }, // 2 string: spiders
  { name: 'white_bed', task: get(1, 'white_bed'), group: 'craft' },
  { name: 'golden_apple', task: get(1, 'golden_apple'), group: 'craft' },
  { name: 'cake', task: get(1, 'cake'), group: 'craft', limit: wheat(3, 'cake needs 3 wheat') },
  // smelting and cooking
  { name: 'iron_ingot', task: get(2, 'iron_ingot'), group: 'smelt' },
  { name: 'charcoal', task: get(2, 'charcoal'), group: 'smelt' },
  { name: 'glass', task: get(2, 'glass'), group: 'smelt' },
  { name: 'stone', task: get(4, 'stone'), group: 'smelt' },
  { name: 'cooked_beef', task: get(1, 'cooked_beef'), group: 'cook' },
  { name: 'cooked_chicken', task: get(1, 'cooked_chicken'), group: 'cook' },
  // block drops with tools
  { name: 'cobblestone', task: get(8, 'cobblestone'), group: 'mine' },
  { name: 'coal', task: get(3, 'coal'), group: 'mine' },
  { name: 'flint', task: get(1, 'flint'), group: 'mine' },
  { name: 'sand', task: get(4, 'sand'), group: 'mine' },
  { name: 'clay_ball', task: get(4, 'clay_ball'), group: 'mine' },
  // leaves
  { name: 'apple', task: get(1, 'apple'), group: 'leaves' },
  { name: 'oak_sapling', task: get(1, 'oak_sapling'), group: 'leaves' },
  // mob drops
  { name: 'string', task: get(2, 'string'), group: 'mob drop', limit: night },
  { name: 'leather', task: get(1, 'leather'), group: 'mob drop' },
  { name: 'feather', task: get(2, 'feather'), group: 'mob drop' },
  { name: 'bone', task: get(1, 'bone'), group: 'mob drop', limit: night },
  { name: 'gunpowder', task: get(1, 'gunpowder'), group: 'mob drop', limit: night },
  { name: 'beef', task: get(2, 'beef'), group: 'mob drop' },
  { name: 'white_wool', task: get(1, 'white_wool'), group: 'mob drop' },
  // shearing
  { name: 'wool+shears', task: get(3, 'white_wool'), group: 'shear', give: 'shears=1' },
  // buckets
  { name: 'water_bucket', task: get(1, 'water_bucket'), group: 'bucket' },
  { name: 'lava_bucket', task: get(1, 'lava_bucket'), group: 'bucket' },
  { name: 'milk_bucket+bucket', task: get(1, 'milk_bucket'), group: 'bucket', give: 'bucket=1' },
  // farming
  { name: 'wheat', task: get(3, 'wheat'), group: 'farm', limit: wheat(3, 'wheat') },
  { name: 'bread', task: get(3, 'bread'), group: 'farm', limit: wheat(9, '3 bread need 9 wheat, 9 crops planted at once') },
  // eggs
  { name: 'egg', task: get(1, 'egg'), group: 'egg' },
  // deep ores
  { name: 'gold_ingot', task: get(1, 'gold_ingot'), group: 'deep ore' },
  { name: 'redstone', task: get(4, 'redstone'), group: 'deep ore' },
  { name: 'lapis_lazuli', task: get(4, 'lapis_lazuli'), group: 'deep ore' },
  { name: 'diamond', task: get(1, 'diamond'), group: 'deep ore' },
  // starting items given by the world (announced), as `--give` does
  { name: 'bookshelf+give', task: get(1, 'bookshelf'), group: 'given items', give: 'oak_planks=4,book=2' },
  { name: 'iron_pickaxe+give', task: get(1, 'iron_pickaxe'), group: 'given items', give: 'iron_ingot=3' },
  { name: 'diamond_sword+give', task: get(1, 'diamond_sword'), group: 'given items', give: 'diamond=2,stick=1' },
  { name: 'book+give', task: get(1, 'book'), group: 'given items', give: 'paper=3,leather=1' },
  { name: 'golden_apple+give', task: get(1, 'golden_apple'), group: 'given items', give: 'gold_ingot=8' },
]

/** The limit a task is held to: its stated limit, else the suite's (`--timeout`, default 600 s). */
export function limitSec(t: GetTask, suiteSec = SUITE_LIMIT_SEC): number {
  return t.limit?.sec ?? suiteSec
}

/** The seed a task runs on when no seed list is given. */
export function defaultSeed(t: GetTask): number {
  return t.seed ?? (GET_TASKS.indexOf(t) % 10) + 1
}

/**
 * Tasks picked by `filters`: a filter equal to a task's name picks that task only; any other
 * filter picks every task whose name, text or group contains it. No filter: all tasks.
 */
export function selectTasks(filters: string[], tasks: readonly GetTask[] = GET_TASKS): GetTask[] {
  const fs = filters.map((f) => f.trim().toLowerCase()).filter(Boolean)
  if (fs.length === 0) return [...tasks]
  const picks = (t: GetTask, f: string) =>
    tasks.some((x) => x.name === f) ? t.name === f : t.name.includes(f) || t.task.includes(f) || t.group.includes(f)
  return tasks.filter((t) => fs.some((f) => picks(t, f)))
}

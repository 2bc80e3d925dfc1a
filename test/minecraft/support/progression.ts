/**
 * The classic early-game chain as skill calls, from an empty inventory to an iron
 * pickaxe. Used by the progression test and the benchmark; a fixed script, not a planner.
 */
import type { SkillCall } from '../../../src/minecraft/body/types.js'

export type Milestone = 'wooden_pickaxe' | 'stone_pickaxe' | 'iron_pickaxe'

export const IRON_PICKAXE_PROGRESSION: ReadonlyArray<{ call: SkillCall; milestone?: Milestone }> = [
  // 5 logs → 20 planks: table 4, wooden pickaxe 3, sticks 4 (→ 8), a spare table 4, rest spare
  { call: { skill: 'collect', items: [{ name: 'log', count: 5 }] } },
  { call: { skill: 'craft', items: [{ name: 'planks', count: 20 }] } },
  { call: { skill: 'craft', items: [{ name: 'minecraft:stick', count: 8 }] } },
  { call: { skill: 'craft', items: [{ name: 'minecraft:crafting_table', count: 1 }] } },
  { call: { skill: 'craft', items: [{ name: 'minecraft:wooden_pickaxe', count: 1 }] }, milestone: 'wooden_pickaxe' },
  // 3 for the pickaxe + 8 for a furnace
  { call: { skill: 'collect', items: [{ name: 'minecraft:cobblestone', count: 11 }] } },
  { call: { skill: 'craft', items: [{ name: 'minecraft:stone_pickaxe', count: 1 }] }, milestone: 'stone_pickaxe' },
  { call: { skill: 'collect', items: [{ name: 'minecraft:iron_ore', count: 3 }, { name: 'coal', count: 1 }] } },
  { call: { skill: 'smelt', input: 'minecraft:iron_ore', count: 3, fuel: 'coal' } },
  { call: { skill: 'craft', items: [{ name: 'minecraft:iron_pickaxe', count: 1 }] }, milestone: 'iron_pickaxe' },
]

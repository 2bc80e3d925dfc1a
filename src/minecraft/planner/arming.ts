/**
 * Arming before going down: a player who heads underground for ore (iron and deeper: the blocks a
 * wooden pickaxe cannot harvest) carries a sword, because the dark below spawns monsters by day. The
 * bot fought them with a pickaxe or its fist and died (a diamond run on seed 6 died nine times to
 * spiders, skeletons and zombies). So before such a collect, when it carries no sword or axe and can
 * craft a stone sword from what it holds alone (2 cobblestone and a stick; no gathering), it does.
 */
import { isWeapon } from '../melee.js'
import { countByKey } from '../names.js'
import type { ObtainGraph } from './graph.js'
import { plan, type PlanStep, type PlanWorld } from './plan.js'

export const ARMING_WEAPON = 'stone_sword'

/** True when a wooden pickaxe cannot harvest `block` but some pickaxe can: ore found below ground. */
export function goesDeep(graph: ObtainGraph, block: string): boolean {
  const tools = graph.harvestTools(block)
  return tools.length > 0 && tools.some((t) => t.endsWith('_pickaxe')) && !tools.includes('wooden_pickaxe')
}

/**
 * The first step of making a stone sword, when `next` goes down for ore, nothing held is a weapon,
 * and the sword comes from crafting what is held and cobblestone (else undefined: the bot goes as it is).
 */
export function armingStep(graph: ObtainGraph, next: PlanStep, inventory: Record<string, number>, world: PlanWorld): PlanStep | undefined {
  if (next.kind !== 'collect' || !goesDeep(graph, next.block)) return undefined
  if ([...countByKey(inventory).keys()].some((k) => isWeapon(k))) return undefined
  const p = plan(ARMING_WEAPON, 1, inventory, { graph, ...world })
  if (!p.ok || p.steps.length === 0 || !p.steps.every((s) => s.kind === 'craft' || (s.kind === 'collect' && s.item === 'cobblestone'))) return undefined
  return p.steps[0]
}

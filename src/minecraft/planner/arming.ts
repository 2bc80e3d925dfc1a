/**
 * Arming: a player takes up a sword before a fight it can see coming.
 *  - Before going down for ore (iron and deeper: the blocks a wooden pickaxe cannot harvest) or
 *    for lava (it lies in deep caves: below y 11, on 1.18+ below y −54), because the dark below
 *    spawns monsters by day. The bot fought them with a pickaxe or its fist
 *    and died (a diamond run on seed 6 died nine times to spiders, skeletons and zombies). There it
 *    crafts a stone sword only from what it holds and cobblestone (no trip back up for wood).
 *  - Before hunting a monster (minecraft-data's category "Hostile mobs": creepers for gunpowder,
 *    spiders for string): the fight is the task. A gunpowder run hunted creepers with its fist and
 *    died 68 times. There it gets the sword whatever it takes: a stone one when it knows where stone
 *    is (or holds cobblestone), else a wooden one.
 *  - After a monster killed it: whatever the next step, it gets a sword first (stone when stone is
 *    known, else wood). Monsters that spawn under leaves by day came back for a bot breaking leaves
 *    for an apple with its fist: a golden_apple run died 8 times in 10 minutes, unarmed throughout.
 * Not when it carries a sword or an axe.
 */
import { isWeapon } from '../melee.js'
import { bareName, countByKey } from '../names.js'
import type { ObtainGraph } from './graph.js'
import { firstStep, plan, type PlanStep, type PlanWorld } from './plan.js'

export const ARMING_WEAPON = 'stone_sword'
/** The sword when no stone is known: a monster hunt does not wait for a search for stone. */
export const WOODEN_WEAPON = 'wooden_sword'
/** Arming steps per life before going down (a sword from held things is at most a few crafts). */
const MAX_DEEP_STEPS = 4
/** Arming steps per life before a monster hunt: a stone sword from an empty inventory is about ten. */
const MAX_HUNT_STEPS = 16

export interface Arming {
  /** The next step towards the weapon. */
  step: PlanStep
  weapon: string
  /** What the weapon is for: `going down for iron_ore`, `hunting creeper`. */
  before: string
  /** Arming steps allowed per life for this kind of arming (a step that keeps failing is not retried forever). */
  maxSteps: number
}

/** True when a wooden pickaxe cannot harvest `block` but some pickaxe can: ore found below ground. */
export function goesDeep(graph: ObtainGraph, block: string): boolean {
  const tools = graph.harvestTools(block)
  return tools.length > 0 && tools.some((t) => t.endsWith('_pickaxe')) && !tools.includes('wooden_pickaxe')
}

/** What `step` goes down for (an ore a wooden pickaxe cannot harvest, or lava), or undefined when it stays up. */
export function deepTarget(graph: ObtainGraph, step: PlanStep): string | undefined {
  if (step.kind === 'collect' && goesDeep(graph, step.block)) return step.block
  if (step.kind === 'fill' && step.fluid === 'lava') return 'lava'
  return undefined
}

export function goesDown(graph: ObtainGraph, step: PlanStep): boolean {
  return deepTarget(graph, step) !== undefined
}

/** True when the bot holds stone for a sword or has seen a block that gives it. */
function stoneKnown(graph: ObtainGraph, inventory: Record<string, number>, world: PlanWorld): boolean {
  const materials = graph.members('stone_crafting_materials')
  const held = countByKey(inventory)
  if (materials.reduce((n, m) => n + (held.get(m) ?? 0), 0) >= 2) return true
  const seen = new Set([...(world.knownBlocks ?? [])].map(bareName))
  return materials.some((m) => graph.sources(m).some((s) => s.kind === 'mine' && seen.has(s.block)))
}

/** The first step towards a sword whatever it takes: stone when stone is known or held, else wood. */
function anySword(graph: ObtainGraph, inventory: Record<string, number>, world: PlanWorld, before: string): Arming | undefined {
  const weapon = stoneKnown(graph, inventory, world) ? ARMING_WEAPON : WOODEN_WEAPON
  const p = plan(weapon, 1, inventory, { graph, ...world })
  const step = p.ok ? firstStep(p.steps) : undefined
  if (!step) return undefined
  return { step, weapon, before, maxSteps: MAX_HUNT_STEPS }
}

/**
 * The first step of getting a sword before `next` (else undefined: the bot goes as it is): when
 * `next` goes down for ore or hunts a monster, or `killedBy` (what of a monster killed the bot the
 * last time: `a zombie`, `an explosion`) is set, and nothing held is a weapon.
 */
export function armingStep(graph: ObtainGraph, next: PlanStep, inventory: Record<string, number>, world: PlanWorld, killedBy?: string): Arming | undefined {
  if ([...countByKey(inventory).keys()].some((k) => isWeapon(k))) return undefined
  const deep = deepTarget(graph, next)
  if (deep) {
    const p = plan(ARMING_WEAPON, 1, inventory, { graph, ...world })
    if (!p.ok || p.steps.length === 0 || !p.steps.every((s) => s.kind === 'craft' || (s.kind === 'collect' && s.item === 'cobblestone'))) return undefined
    return { step: p.steps[0]!, weapon: ARMING_WEAPON, before: `going down for ${deep}`, maxSteps: MAX_DEEP_STEPS }
  }
  if (next.kind === 'hunt' && graph.hostile(next.entity)) return anySword(graph, inventory, world, `hunting ${bareName(next.entity)}`)
  if (killedBy) return anySword(graph, inventory, world, `going on (${killedBy} killed it)`)
  return undefined
}

/**
 * Which block names the planner would weigh on the way to a goal: the stations (a crafting table
 * or furnace in sight is one less to make), every natural block it could mine for an item of the
 * goal's obtain tree (ingredients, smelting inputs, tools and their own trees), and the stone of
 * the arming sword (./arming.ts: a stone sword when stone is known). A mind that learns the world
 * only through a protocol's block scan (the LynxMind builtin mind) asks about these, nearest
 * levels of the tree first, and passes what it found as `PlanWorld.knownBlocks`.
 */
import { bareName, planKey, TAGS } from '../names.js'
import { ARMING_WEAPON } from './arming.js'
import type { ObtainGraph } from './graph.js'
import { isNaturalBlock } from './natural-blocks.js'
import { STATIONS } from './plan.js'

/** Block names (bare) worth knowing for `goal`, stations first, then by depth in its tree; at most `max`. */
export function blocksWorthKnowing(graph: ObtainGraph, goal: string, max = 64): string[] {
  const out = new Set<string>(STATIONS)
  const seen = new Set<string>()
  let level = [planKey(goal), ARMING_WEAPON]
  while (level.length && out.size < max) {
    const next: string[] = []
    const visit = (key: string) => {
      if (!seen.has(key)) next.push(key)
    }
    for (const key of level) {
      if (seen.has(key)) continue
      seen.add(key)
      if (graph.isChoiceTag(key)) graph.members(key).forEach((m) => visit(planKey(m)))
      for (const s of graph.sources(key)) {
        switch (s.kind) {
          case 'mine':
            for (const b of s.block === 'log' ? TAGS.log!.filter(isNaturalBlock) : [s.block]) out.add(bareName(b))
            s.tools.forEach((t) => visit(planKey(t)))
            break
          case 'craft':
            s.ingredients.forEach((i) => visit(i.key))
            break
          case 'smelt':
            visit(s.input)
            break
          case 'shear':
            visit('shears')
            break
          case 'fill':
            visit('bucket')
            break
          case 'farm':
            visit(s.plant)
            break
          default:
            break
        }
      }
    }
    level = next
  }
  return [...out].slice(0, max)
}

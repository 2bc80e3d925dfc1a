/**
 * Plan steps as body skill calls: the one mapping every link uses when it drives the body
 * itself (./run-goal.ts, the LynxMind action runner, the MaiCore primitives).
 */
import type { SkillCall } from '../body/types.js'
import { namespaced, planKey } from '../names.js'
import { obtainGraph } from './graph.js'
import { chooseFuel } from './fuel.js'
import type { PlanStep } from './plan.js'

/** The skill call that runs one step; `inventory` chooses the fuel of a smelt. */
export function stepCall(step: PlanStep, inventory: Record<string, number>): SkillCall {
  switch (step.kind) {
    case 'collect':
      return { skill: 'collect', items: [{ name: step.item === 'log' ? 'log' : namespaced(step.item), count: step.count }] }
    case 'craft':
      return { skill: 'craft', items: [{ name: namespaced(step.item), count: step.count }] }
    case 'smelt': {
      const fuel = chooseFuel(inventory, step.count, step.input)
      return { skill: 'smelt', input: step.input === 'log' ? 'log' : namespaced(step.input), count: step.count, ...(fuel ? { fuel } : {}) }
    }
    case 'hunt':
      return { skill: 'hunt', entity: step.entity, item: namespaced(step.item), count: step.count }
    case 'shear':
      return { skill: 'shear', count: step.count, ...(step.item !== 'white_wool' && step.item.endsWith('_wool') ? { color: step.item.replace(/_wool$/, '') } : {}) }
    case 'fill':
      return { skill: 'fillBucket', fluid: step.fluid }
    case 'farm':
      return { skill: 'farm', crop: step.crop, count: step.count }
    case 'pickUp':
      return { skill: 'pickUp', item: namespaced(step.item), count: step.count, from: namespaced(step.entity) }
  }
}

/**
 * How to gather `count` of an item from the world, for protocols whose "collect" names only the
 * item (LynxMind's ACTION_COLLECT_BLOCK): mining when a natural block drops it, else the world's
 * own way to get it (shear, fill a bucket, farm, pick up eggs); plain mining otherwise, whose
 * failure then says what went wrong.
 */
export function gatherCall(item: string, count: number, version?: string): SkillCall {
  const key = planKey(item)
  const sources = obtainGraph(version).sources(key)
  const action = sources.find((s) => s.kind === 'shear' || s.kind === 'fill' || s.kind === 'farm' || s.kind === 'pickUp')
  if (action && !sources.some((s) => s.kind === 'mine')) {
    switch (action.kind) {
      case 'shear':
        return stepCall({ kind: 'shear', item: key, count }, {})
      case 'fill':
        return stepCall({ kind: 'fill', item: key, count, fluid: action.fluid }, {})
      case 'farm':
        return stepCall({ kind: 'farm', item: key, count, crop: action.crop }, {})
      case 'pickUp':
        return stepCall({ kind: 'pickUp', item: key, count, entity: action.entity }, {})
    }
  }
  return { skill: 'collect', items: [{ name: key === 'log' ? 'log' : namespaced(key), count }] }
}

/**
 * Plan steps as body skill calls: the one mapping every link uses when it drives the body
 * itself (./run-goal.ts, the LynxMind action runner, the MaiCore primitives).
 */
import type { SkillCall } from '../body/types.js'
import { namespaced } from '../names.js'
import { chooseFuel } from './fuel.js'
import type { PlanStep } from './plan.js'

const CROP_ITEM: Record<string, string> = { wheat: 'wheat', beetroot: 'beetroot', carrot: 'carrot', potato: 'potato', pumpkin: 'pumpkin', melon: 'melon_slice', sugar_cane: 'sugar_cane' }

/** The skill call that runs one step; `inventory` chooses the fuel of a smelt. */
export function stepCall(step: PlanStep, inventory: Record<string, number>): SkillCall {
  switch (step.kind) {
    case 'collect':
      return { skill: 'collect', items: [{ name: step.item === 'log' ? 'log' : namespaced(step.item), count: step.count }] }
    case 'craft':
      return { skill: 'craft', items: [{ name: namespaced(step.item), count: step.count }] }
    case 'smelt': {
      const fuel = chooseFuel(inventory, step.count, step.input)
      return { skill: 'smelt', item: step.input === 'log' ? 'log' : namespaced(step.input), count: step.count, ...(fuel ? { fuel } : {}) }
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
      return { skill: 'pickUp', item: namespaced(step.item), count: step.count }
  }
}

/** The item a farm of `crop` yields. */
export function cropItem(crop: string): string {
  return CROP_ITEM[crop] ?? crop
}

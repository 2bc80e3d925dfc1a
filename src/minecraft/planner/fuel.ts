/** Which fuel to burn for a number of smelts, from what the inventory holds. */
import { FUEL_VALUE } from './items.js'
import { bareName, planKey } from '../names.js'

/**
 * A fuel item the inventory holds enough of for `count` smelts (coal first, then planks, logs,
 * sticks), never the input itself; undefined lets the body choose.
 */
export function chooseFuel(inventory: Record<string, number>, count: number, input?: string): string | undefined {
  const candidates = Object.entries(inventory)
    .map(([name, n]) => ({ name, n, value: FUEL_VALUE[bareName(name)] ?? FUEL_VALUE[planKey(name)] ?? 0 }))
    .filter((c) => c.value > 0 && c.n > 0 && (!input || planKey(c.name) !== planKey(input)))
    .sort((a, b) => b.value - a.value || b.n - a.n)
  return candidates.find((c) => c.n * c.value >= count)?.name
}

import type { Reflex, ReflexSwitches } from './types.js'
import { eatReflex } from './eat.js'
import { escapeFluidsReflex } from './escape-fluids.js'
import { createWaterBucketReflex } from './water-bucket.js'
import { createWatchdog } from './watchdog.js'
import { strikeBackReflex } from './strike-back.js'
import { shelterReflex } from './shelter.js'
import { mendReflex } from './mend.js'
import { surfaceReflex } from './surface.js'

export type { Reflex, ReflexHost, ReflexName, ReflexSwitches } from './types.js'

/** All reflexes on by default; pass `{ eat: false }` etc. to switch one off. */
export function selectReflexes(switches: ReflexSwitches = {}, opts: { watchdogIdleMs?: number } = {}): Reflex[] {
  const all: Reflex[] = [eatReflex, mendReflex, escapeFluidsReflex, createWaterBucketReflex(), createWatchdog(opts.watchdogIdleMs), strikeBackReflex, shelterReflex, surfaceReflex]
  return all.filter((r) => switches[r.name] !== false)
}

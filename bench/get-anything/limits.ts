/**
 * Stated time limits of the "get anything" tasks that no honest route can finish in the suite's
 * 10 minutes, derived from the world's own rules (src/minecraft/world/mob-rules.ts and
 * farming.ts), not measured:
 *  - night drops: every task's world starts at tick 0 (sunrise) and its clock runs 20 ticks a
 *    second; monsters spawn under open sky only once the sky has darkened enough;
 *  - wheat: a crop grows one stage on a random tick with a chance set by the farmland around it.
 */
import { TICKS_PER_DAY, skyDarken } from '../../src/minecraft/world/mob-rules.js'
import { CROPS, RANDOM_TICK_SPEED, growthChance, growthSpeed, randomTickChance } from '../../src/minecraft/world/farming.js'

/** The suite's limit per task, and the part of a stated limit that is not waiting for the world. */
export const SUITE_LIMIT_SEC = 600
/** Game ticks per second of the embedded world's clock (daySpeed 1, vanilla). */
const TICKS_PER_SEC = 20
/** Sky light under open sky. */
const OPEN_SKY = 15
/** `darkEnoughToSpawn` passes only when the brightness is at most nextInt(8), so at most 7. */
const DARKEST_SPAWN_BRIGHTNESS = 7

/** Seconds from sunrise (tick 0) until a monster can first spawn under open sky. */
export function firstSurfaceSpawnSec(): number {
  for (let t = 0; t < TICKS_PER_DAY; t++) if (OPEN_SKY - skyDarken(t) <= DARKEST_SPAWN_BRIGHTNESS) return t / TICKS_PER_SEC
  throw new Error('the sky never darkens enough for monsters')
}

/** P(Poisson(mean) ≥ k). */
function poissonAtLeast(k: number, mean: number): number {
  let term = Math.exp(-mean)
  let below = 0
  for (let i = 0; i < k; i++) {
    below += term
    term *= mean / (i + 1)
  }
  return 1 - below
}

/**
 * Seconds until `crops` wheat crops, each alone on moist farmland (growth speed 4: 1 + 3 for the
 * moist farmland under it), are all ripe with probability `q`. Random ticks reach one block as a
 * Poisson process and each grows the crop with a fixed chance, so the growth events of one crop
 * are a Poisson process too and ripening is the 7th of them.
 */
export function wheatRipeSec(crops: number, q = 0.9): number {
  const wheat = CROPS.find((c) => c.block === 'wheat')!
  const alone = growthSpeed({ soil: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => (i === 4 ? 'moist' : 'none')), north: false, south: false, west: false, east: false, diagonal: false })
  const growthsPerSec = randomTickChance(RANDOM_TICK_SPEED) * TICKS_PER_SEC * growthChance(alone)
  const perCrop = Math.pow(q, 1 / crops)
  let t = 0
  while (poissonAtLeast(wheat.maxAge, growthsPerSec * t) < perCrop) t += 10
  return t
}

const roundUpMin = (sec: number) => Math.ceil(sec / 60) * 60

/** Night drops: the first surface spawn, then the suite's 10 minutes to find and kill the mob. */
export const NIGHT_LIMIT_SEC = roundUpMin(firstSurfaceSpawnSec() + SUITE_LIMIT_SEC)
export const NIGHT_LIMIT_REASON =
  `the world starts at sunrise (tick 0) and monsters spawn under open sky from tick ${firstSurfaceSpawnSec() * TICKS_PER_SEC} ` +
  `(${firstSurfaceSpawnSec()} s; mob-rules.ts), by day only in dark caves: that wait + the suite's ${SUITE_LIMIT_SEC} s`

/** Wheat: the suite's 10 minutes (seeds, hoe, tilling, planting) + the ripening of `crops` crops, 9 times in 10. */
export function wheatLimitSec(crops: number): number {
  return roundUpMin(SUITE_LIMIT_SEC + wheatRipeSec(crops))
}
export function wheatLimitReason(crops: number, what: string): string {
  return (
    `${what}: ${crops} wheat crop${crops === 1 ? '' : 's'} alone on moist farmland grow a stage per random tick with chance 1/7 ` +
    `(a random tick every ${(1 / (randomTickChance(RANDOM_TICK_SPEED) * TICKS_PER_SEC)).toFixed(1)} s; farming.ts), 7 stages: all ripe 9 times in 10 ` +
    `after ${Math.round(wheatRipeSec(crops))} s; + the suite's ${SUITE_LIMIT_SEC} s for the rest of the route`
  )
}

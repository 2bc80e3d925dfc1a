/**
 * Passive animals placed at chunk generation: the natural generator hands each new chunk's
 * placements (natural/animals.ts, vanilla rate, seeded per chunk) to `onAnimals`, and they become
 * mob records (plugins/mobs.ts) that wake as entities when a player comes near. Chunks read back
 * from a world folder are not generated again, so they bring no new animals (animals are not saved).
 */
import type { AnimalPlacement } from '../natural/index.js'
import type { MobsApi } from './mobs.js'

export interface AnimalSpawner {
  /** The generator's hook; animals generated before the mob store exists are queued. */
  onAnimals(cx: number, cz: number, animals: AnimalPlacement[]): void
  attach(mobs: MobsApi): void
}

function add(mobs: MobsApi, a: AnimalPlacement): void {
  mobs.add(a.kind, a, a.woolColour !== undefined ? { woolColour: a.woolColour } : {})
}

export function createAnimalSpawner(): AnimalSpawner {
  let mobs: MobsApi | null = null
  const queued: AnimalPlacement[] = []
  return {
    onAnimals(_cx, _cz, animals) {
      if (!mobs) {
        queued.push(...animals)
        return
      }
      for (const a of animals) add(mobs, a)
    },
    attach(m) {
      mobs = m
      for (const a of queued.splice(0)) add(m, a)
    },
  }
}

/**
 * Natural monster spawning and despawning (vanilla `NaturalSpawner`, scaled down):
 *  - every tick, for each survival player, a few random positions in loaded chunks within 8
 *    chunks: a random column, y uniform from 0 to one above its top block (so caves get their
 *    share); from each, up to 3 packs of up to 4 tries spread by nextInt(6)-nextInt(6), one kind
 *    per pack by the vanilla weights (slimes, endermen and witches are not modelled and spawn
 *    nothing);
 *  - a try spawns when the block below is solid, feet and head are free of solids and fluids,
 *    no player is within 24 blocks, one is within 128, the light rule holds
 *    (mob-rules.ts `darkEnoughToSpawn`, on block-view.ts's sky light estimate: leaves let light
 *    through, so the shade of a tree is no spawning place by day) and fewer than 70 monsters live;
 *  - monsters farther than 128 blocks from every player despawn at once, those beyond 32 with a
 *    chance of 1/800 per tick.
 */
import { Cell } from '../block-view.js'
import {
  DESPAWN_INSTANT,
  DESPAWN_RANDOM,
  DESPAWN_RANDOM_CHANCE,
  MONSTER_CAP,
  MONSTER_WEIGHTS,
  SPAWN_MIN_DISTANCE,
  darkEnoughToSpawn,
  pickWeighted,
} from '../mob-rules.js'
import type { SquidPlayer, SquidServer } from '../squid.js'
import type { MobsApi } from './mobs.js'

const PICKS_PER_PLAYER_TICK = 4
const CHUNK_RADIUS = 8
const PACKS = 3
const PACK_SIZE = 4

export interface MonsterSpawning {
  /** Turns natural spawning on or off (despawning keeps running). */
  setEnabled(on: boolean): void
}

export function installMonsters(serv: SquidServer, mobs: MobsApi, rng: () => number, enabled = true): MonsterSpawning {
  const view = mobs.view
  const int = (n: number) => Math.floor(rng() * n)

  function nearestPlayer(x: number, y: number, z: number): number {
    let best = Infinity
    for (const p of serv.players) {
      if (p.disconnected || p.world !== serv.overworld) continue
      const d = Math.hypot(p.position.x - x, p.position.y - y, p.position.z - z)
      if (d < best) best = d
    }
    return best
  }

  function topY(x: number, z: number): number {
    for (let y = 200; y > 0; y--) {
      const c = view.cell(x, y, z)
      if (c === Cell.unloaded) return -1
      if (c !== Cell.air) return y
    }
    return -1
  }

  function canStand(x: number, y: number, z: number): boolean {
    if (view.cell(x, y - 1, z) !== Cell.solid) return false
    const feet = view.cell(x, y, z)
    const head = view.cell(x, y + 1, z)
    return (feet === Cell.air || feet === Cell.passable) && (head === Cell.air || head === Cell.passable)
  }

  function dark(x: number, y: number, z: number): boolean {
    // the sky light is searched only as far as the rule's draws need
    const light = { skyReaches: (level: number) => view.skyLight(x, y, z, level) >= level, block: () => view.blockLight(x, y, z) }
    return darkEnoughToSpawn(light, mobs.timeOfDay(), rng)
  }

  function pick(p: SquidPlayer): void {
    const cx = (Math.floor(p.position.x) >> 4) + int(CHUNK_RADIUS * 2 + 1) - CHUNK_RADIUS
    const cz = (Math.floor(p.position.z) >> 4) + int(CHUNK_RADIUS * 2 + 1) - CHUNK_RADIUS
    const x0 = cx * 16 + int(16)
    const z0 = cz * 16 + int(16)
    const top = topY(x0, z0)
    if (top < 0) return
    const y = int(top + 2)
    if (view.cell(x0, y, z0) === Cell.solid) return
    for (let pack = 0; pack < PACKS; pack++) {
      const kind = pickWeighted(MONSTER_WEIGHTS, rng)
      let x = x0
      let z = z0
      let spawned = 0
      for (let t = 0; t < PACK_SIZE && spawned < PACK_SIZE; t++) {
        x += int(6) - int(6)
        z += int(6) - int(6)
        if (!kind) continue
        if (mobs.hostileCount() >= MONSTER_CAP) return
        const fx = x + 0.5
        const fz = z + 0.5
        const d = nearestPlayer(fx, y, fz)
        if (d < SPAWN_MIN_DISTANCE || d > DESPAWN_INSTANT) continue
        if (!canStand(x, y, z) || !dark(x, y, z)) continue
        mobs.add(kind, { x: fx, y, z: fz })
        spawned++
      }
    }
  }

  serv.on('tick', () => {
    if (enabled && mobs.hostileCount() < MONSTER_CAP) {
      for (const p of serv.players) {
        if (p.disconnected || p.gameMode === 3 || p.health <= 0 || p.world !== serv.overworld) continue
        for (let i = 0; i < PICKS_PER_PLAYER_TICK; i++) pick(p)
      }
    }
    // despawning: each monster checked once a second, with the per-tick chance scaled to 20 ticks
    const slot = serv.tickCount % 20
    for (const rec of mobs.hostiles()) {
      if (rec.id % 20 !== slot) continue
      const d = nearestPlayer(rec.x, rec.y, rec.z)
      if (d > DESPAWN_INSTANT || (d > DESPAWN_RANDOM && rng() < DESPAWN_RANDOM_CHANCE * 20)) mobs.remove(rec)
    }
  })

  return {
    setEnabled(on) {
      enabled = on
    },
  }
}

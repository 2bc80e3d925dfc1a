/**
 * Water against fire and lava: a bot that carries a water bucket and catches fire or stands in
 * lava pours the water at its feet (vanilla: the water puts the fire out and turns lava it flows on
 * into stone), and once it is out of danger it scoops the water back up with the empty bucket, so
 * it carries the bucket on.
 *
 * Two parts: `bucketDecision` (pure, unit-tested) says what to do from what the bot knows of
 * itself; `mineflayerHands` does it with the held bucket (look at the floor under the feet, use
 * the item; look at the placed water, use the empty bucket). The embedded world answers a bucket
 * only where its bucket plugin is loaded; where it is not, the pour changes nothing, and the
 * reflex tries again every RETRY_MS while the danger lasts (escapeFluids steers out meanwhile).
 */
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import type { Position } from '../types.js'
import type { Reflex } from './types.js'

export const RETRY_MS = 1000
/** How long a pour or a scoop waits for the server's block update. */
const ANSWER_MS = 1000

export interface BucketState {
  /** The bot's on-fire flag. */
  burning: boolean
  /** Lava at the feet or the head. */
  inLava: boolean
  hasWaterBucket: boolean
  hasEmptyBucket: boolean
  /** Water this reflex poured and has not scooped up yet; `water`: the cell still holds water. */
  poured: { at: Position; water: boolean } | null
  /** Milliseconds since the last pour or scoop was tried. */
  sinceLastTry: number
}

export type BucketAction = { kind: 'pour' } | { kind: 'scoop'; at: Position } | { kind: 'forget' } | { kind: 'none' }

/** What to do now: pour in danger, scoop the water back once safe, forget water that is gone. */
export function bucketDecision(s: BucketState): BucketAction {
  const danger = s.burning || s.inLava
  if (danger) return s.hasWaterBucket && s.sinceLastTry >= RETRY_MS ? { kind: 'pour' } : { kind: 'none' }
  if (!s.poured) return { kind: 'none' }
  if (!s.poured.water) return { kind: 'forget' }
  return s.hasEmptyBucket && s.sinceLastTry >= RETRY_MS ? { kind: 'scoop', at: s.poured.at } : { kind: 'none' }
}

/** The bot's on-fire flag (entity metadata 0, bit 0x01), as the server sends it. */
export function isBurning(bot: Bot): boolean {
  const meta = (bot.entity as unknown as { metadata?: unknown[] }).metadata
  const flags = Array.isArray(meta) ? meta[0] : undefined
  return typeof flags === 'number' && (flags & 0x01) !== 0
}

/** The effects, behind a seam so the decision can be tested without a world. */
export interface WaterHands {
  /** Pours the water bucket at the feet; the cell that now holds water, or null when nothing changed. */
  pour(): Promise<Position | null>
  /** Scoops the water at `at` with the empty bucket; true when the cell no longer holds water. */
  scoop(at: Position): Promise<boolean>
}

const isWater = (bot: Bot, p: Position) => bot.blockAt(new Vec3(p.x, p.y, p.z))?.name === 'water'

function answered(bot: Bot, p: Position, want: (name: string | undefined) => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    if (want(bot.blockAt(new Vec3(p.x, p.y, p.z))?.name)) return resolve(true)
    const done = (v: boolean) => {
      clearTimeout(t)
      bot.removeListener('blockUpdate', on)
      resolve(v)
    }
    const on = (_old: unknown, now: { position?: Position; name?: string } | null) => {
      const q = now?.position
      if (q && Math.floor(q.x) === p.x && Math.floor(q.y) === p.y && Math.floor(q.z) === p.z && want(now?.name)) done(true)
    }
    const t = setTimeout(() => done(false), ANSWER_MS)
    bot.on('blockUpdate', on)
  })
}

export function mineflayerHands(bot: Bot): WaterHands {
  return {
    async pour() {
      const bucket = bot.inventory.items().find((i) => i.name === 'water_bucket')
      if (!bucket) return null
      const f = bot.entity.position.floored()
      const feet = { x: f.x, y: f.y, z: f.z }
      await bot.equip(bucket, 'hand')
      // the top face of the block under the feet: the water goes into the feet cell
      await bot.lookAt(new Vec3(feet.x + 0.5, feet.y, feet.z + 0.5), true)
      bot.activateItem()
      return (await answered(bot, feet, (n) => n === 'water')) ? feet : null
    },
    async scoop(at) {
      const bucket = bot.inventory.items().find((i) => i.name === 'bucket')
      if (!bucket) return false
      await bot.equip(bucket, 'hand')
      await bot.lookAt(new Vec3(at.x + 0.5, at.y + 0.5, at.z + 0.5), true)
      bot.activateItem()
      return answered(bot, at, (n) => n !== 'water')
    },
  }
}

export function createWaterBucketReflex(hands: (bot: Bot) => WaterHands = mineflayerHands): Reflex {
  return {
    name: 'waterBucket',
    start(host) {
      const { bot } = host
      const h = hands(bot)
      let poured: Position | null = null
      let lastTry = 0
      let busy = false
      const fluid = (dy: number) => bot.blockAt(bot.entity.position.offset(0, dy, 0))?.name
      const tick = () => {
        if (busy || !bot.entity) return
        const items = bot.inventory.items()
        const action = bucketDecision({
          burning: isBurning(bot),
          inLava: fluid(0.1) === 'lava' || fluid(1.62) === 'lava',
          hasWaterBucket: items.some((i) => i.name === 'water_bucket'),
          hasEmptyBucket: items.some((i) => i.name === 'bucket'),
          poured: poured ? { at: poured, water: isWater(bot, poured) } : null,
          sinceLastTry: Date.now() - lastTry,
        })
        if (action.kind === 'none') return
        if (action.kind === 'forget') {
          poured = null
          return
        }
        busy = true
        lastTry = Date.now()
        const work = action.kind === 'pour'
          ? h.pour().then((at) => {
              if (at) poured = at
              host.log.info(at ? 'poured water against fire or lava' : 'poured water; the world did not answer', { at })
            })
          : h.scoop(action.at).then((ok) => {
              if (ok) poured = null
              host.log.debug(ok ? 'scooped the water back up' : 'scoop not answered', { at: action.at })
            })
        work
          .catch((err: unknown) => host.log.debug('water bucket failed', { err: err instanceof Error ? err.message : String(err) }))
          .finally(() => {
            busy = false
          })
      }
      const t = setInterval(tick, 250)
      return () => clearInterval(t)
    },
  }
}

/**
 * Mob ticking: the server tick interval (time between flying-squid 'tick' events, nominally
 * 50 ms) while a bot stands in a natural world at night, with 0 awake mobs against N mobs
 * (half monsters chasing the player, half animals wandering) around it, measured in the same
 * run. Prints p50/p99 of the interval and the ratio N vs 0. Monster spawning is off so the
 * counts are what the bench sets; the bot is in creative mode so it is not killed.
 * MINDBRIDGE_BENCH_MOBS=n sets N (default 60).
 *
 * Then the cost of natural monster spawning (the light rule's sky light search runs in it): on
 * seed 6 (the golden_apple task's forest), the work the server's tick listeners do per tick
 * (from a first to a last listener), with spawning off and on, by day and at night, 400 ticks
 * each, the bot in creative mode.
 */
import { startWorld, type World } from '../src/minecraft/world/index.js'
import type { Bot } from 'mineflayer'
import { connectBot, quitBot } from '../test/minecraft/support/world.js'
import { fmt } from './util.js'

const N = Number(process.env.MINDBRIDGE_BENCH_MOBS ?? 60)
const TICKS = 200

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!
}

async function intervals(world: World, ticks: number): Promise<number[]> {
  const out: number[] = []
  let last = performance.now()
  await new Promise<void>((resolve) => {
    const on = () => {
      const t = performance.now()
      out.push(t - last)
      last = t
      if (out.length >= ticks) {
        world.server.off('tick', on)
        resolve()
      }
    }
    world.server.on('tick', on)
  })
  return out.slice(1)
}

/** Milliseconds the tick listeners take per tick (a first and a last listener around them all). */
async function tickWork(world: World, ticks: number): Promise<number[]> {
  const out: number[] = []
  let start = 0
  const first = () => {
    start = performance.now()
  }
  await new Promise<void>((resolve) => {
    const last = () => {
      out.push(performance.now() - start)
      if (out.length >= ticks) {
        world.server.off('tick', first)
        world.server.off('tick', last)
        resolve()
      }
    }
    world.server.prependListener('tick', first)
    world.server.on('tick', last)
  })
  return out
}

/** A natural world of `seed` from `startTime` with no natural mobs, and a bot in creative mode (not killed) whose chunks are loaded; closed after `measure`. */
async function withCreativeBot(seed: number, startTime: number, name: string, measure: (world: World, bot: Bot) => Promise<void>): Promise<void> {
  const world = await startWorld({ seed, startTime, monsters: false, animals: false })
  try {
    const bot = await connectBot(world, name)
    world.server.players[0]!.gameMode = 1
    await bot.waitForChunksToLoad()
    await measure(world, bot)
  } finally {
    await world.close()
  }
}

async function spawning(): Promise<void> {
  await withCreativeBot(6, 6000, 'benchspawn', async (world, bot) => {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
    const rows: string[] = []
    for (const [label, time] of [['day', 6000], ['night', 18000]] as const) {
      world.setTime(time)
      world.setMonsterSpawning(false)
      const off = await tickWork(world, 400)
      world.setMonsterSpawning(true)
      const before = world.mobs().length
      const on = await tickWork(world, 400)
      const spawned = world.mobs().length - before
      world.setMonsterSpawning(false)
      rows.push(
        `${label.padEnd(6)} ${fmt(mean(off), 3).padStart(8)} ${fmt(mean(on), 3).padStart(8)} ${fmt(quantile(on, 0.99), 2).padStart(8)} ${fmt(mean(on) / mean(off), 2).padStart(8)} ${String(spawned).padStart(8)}`,
      )
    }
    await quitBot(bot)
    console.log(`\nspawning cost, seed 6, tick listeners' work per tick over 400 ticks (ms)`)
    console.log(`time   mean off  mean on   p99 on  on/off   spawned`)
    for (const r of rows) console.log(r)
  })
}

export async function run(): Promise<void> {
  await mobTicking()
  await spawning()
}

async function mobTicking(): Promise<void> {
  await withCreativeBot(77, 18000, 'benchmob', async (world, bot) => {
    const base = await intervals(world, TICKS)
    const p = bot.entity.position
    for (let i = 0; i < N; i++) {
      const a = (i / N) * Math.PI * 2
      const r = 6 + (i % 5) * 4
      const kind = i % 2 === 0 ? (['zombie', 'skeleton', 'spider', 'creeper'] as const)[(i / 2) % 4]! : (['cow', 'pig', 'sheep', 'chicken'] as const)[((i - 1) / 2) % 4]!
      world.spawnMob(kind, { x: p.x + Math.cos(a) * r, y: p.y + 2, z: p.z + Math.sin(a) * r })
    }
    const busy = await intervals(world, TICKS)
    await quitBot(bot)
    console.log(`server tick interval over ${TICKS} ticks (nominal 50 ms), bot present, ${world.mobs().length} mobs alive at the end`)
    console.log(`mobs   p50 ms  p99 ms  p99 × 0 mobs`)
    console.log(`0      ${fmt(quantile(base, 0.5), 1).padStart(6)}  ${fmt(quantile(base, 0.99), 1).padStart(6)}  ${fmt(1, 2).padStart(12)}`)
    console.log(`${String(N).padEnd(6)} ${fmt(quantile(busy, 0.5), 1).padStart(6)}  ${fmt(quantile(busy, 0.99), 1).padStart(6)}  ${fmt(quantile(busy, 0.99) / quantile(base, 0.99), 2).padStart(12)}`)
  })
}

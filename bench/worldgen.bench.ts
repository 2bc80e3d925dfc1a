/**
 * World generation: milliseconds per chunk of the natural (default) generator, from a cold
 * world, ready to send (block buffer → flying-squid chunk with light and biomes), against the
 * starter profile's generator measured in the same run. Budget: ≤ 5 ms per chunk on one core.
 * The natural generator's time includes placing the chunk's passive animals (natural/animals.ts).
 * Then the longest event-loop stall while a bot joins each world (81 chunks at view distance 4;
 * startWorld has generated the spawn area one chunk per macrotask, so a join only sends chunks).
 * The bot runs in the same process, so its own chunk parsing is part of the stall.
 * The same natural world on 1.20.4 (the tall 1.18+ shape: y −64..319, deepslate, deep caves,
 * 1.18 ores, 24 sections per chunk) is measured in the same run: target ≤ 2× the 1.16.5 time
 * per chunk (issue 27).
 * MINDBRIDGE_BENCH_CHUNKS=n sets the square side of chunks per seed (default 12).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createRequire } from 'node:module'
import { createNaturalGenerator, createStarterGenerator } from '../src/minecraft/world/generator.js'
import { startWorld, type WorldProfile } from '../src/minecraft/world/index.js'
import { connectBot, quitBot } from '../test/minecraft/support/world.js'
import { fmt, median } from './util.js'

const require = createRequire(import.meta.url)
const SEEDS = [1, 42, 1234, 99991, 31337]
const SIDE = Number(process.env.MINDBRIDGE_BENCH_CHUNKS ?? 12)
const BUDGET_MS = 5
/** The tall (1.18+) world measured against 1.16.5's, and its target ratio (issue 27). */
const TALL_VERSION = '1.20.4'
const TALL_RATIO_TARGET = 2

type Gen = (cx: number, cz: number) => unknown

/**
 * ms per chunk over a SIDE×SIDE square of a fresh world (cold caches, as on a first join); the
 * first chunk (which fills the caches of the ±8-chunk carver neighbourhood) and the slowest other one.
 */
function perChunk(make: () => Gen): { mean: number; first: number; max: number } {
  const gen = make()
  let max = 0
  let first = -1
  const start = performance.now()
  for (let cx = -SIDE / 2; cx < SIDE / 2; cx++) {
    for (let cz = -SIDE / 2; cz < SIDE / 2; cz++) {
      const t = performance.now()
      gen(cx, cz)
      const ms = performance.now() - t
      if (first < 0) first = ms
      else max = Math.max(max, ms)
    }
  }
  return { mean: (performance.now() - start) / (SIDE * SIDE), first, max }
}

async function joinStall(profile: WorldProfile, seed: number): Promise<number> {
  const world = await startWorld({ seed, profile })
  try {
    const h = monitorEventLoopDelay({ resolution: 5 })
    h.enable()
    const bot = await connectBot(world, `bench${seed % 1000}`)
    await bot.waitForChunksToLoad()
    h.disable()
    await quitBot(bot)
    return h.max / 1e6
  } finally {
    await world.close()
  }
}

export async function run(): Promise<void> {
  const registry = require('prismarine-registry')('1.16.5')
  const tallRegistry = require('prismarine-registry')(TALL_VERSION)
  // Warm up the JIT on both generators (a different seed from the measured ones).
  perChunk(() => createStarterGenerator({ worldSeed: 7, registry }))
  const noAnimals = () => undefined
  perChunk(() => createNaturalGenerator({ worldSeed: 7, registry, onAnimals: noAnimals }))
  perChunk(() => createNaturalGenerator({ worldSeed: 7, registry: tallRegistry, onAnimals: noAnimals }))
  const nat: number[] = []
  const natMax: number[] = []
  const natFirst: number[] = []
  const starter: number[] = []
  const tall: number[] = []
  const tallMax: number[] = []
  for (const seed of SEEDS) {
    const s = perChunk(() => createStarterGenerator({ worldSeed: seed, registry }))
    const n = perChunk(() => createNaturalGenerator({ worldSeed: seed, registry, onAnimals: noAnimals }))
    const t = perChunk(() => createNaturalGenerator({ worldSeed: seed, registry: tallRegistry, onAnimals: noAnimals }))
    starter.push(s.mean)
    nat.push(n.mean)
    natMax.push(n.max)
    natFirst.push(n.first)
    tall.push(t.mean)
    tallMax.push(t.max)
  }
  const n = median(nat)
  const s = median(starter)
  const tl = median(tall)
  console.log(`${SIDE}×${SIDE} chunks from a cold world per seed, ${SEEDS.length} seeds, medians; one core (single-threaded)`)
  console.log(`generator            ms/chunk  × starter`)
  console.log(`starter (baseline)   ${fmt(s, 2).padStart(8)}  ${fmt(1, 2).padStart(9)}`)
  console.log(`natural (default)*   ${fmt(n, 2).padStart(8)}  ${fmt(n / s, 2).padStart(9)}   first chunk ${fmt(median(natFirst), 1)} ms (startWorld pays it before serving), slowest other ${fmt(Math.max(...natMax), 1)} ms`)
  console.log(`natural ${TALL_VERSION}*     ${fmt(tl, 2).padStart(8)}  ${fmt(tl / s, 2).padStart(9)}   slowest other ${fmt(Math.max(...tallMax), 1)} ms; × 1.16.5 natural ${fmt(tl / n, 2)} (target ≤ ${TALL_RATIO_TARGET}: ${tl / n <= TALL_RATIO_TARGET ? 'met' : 'NOT MET'})`)
  console.log(`* blocks, light, biomes and the chunk's passive animals`)
  console.log(`budget ${BUDGET_MS} ms/chunk: ${n <= BUDGET_MS ? 'met' : 'NOT MET'}`)

  const stallN: number[] = []
  const stallS: number[] = []
  for (const seed of SEEDS.slice(0, 3)) {
    stallS.push(await joinStall('starter', seed))
    stallN.push(await joinStall('natural', seed))
  }
  console.log(`longest event-loop stall while a bot joins (81 chunks), median of ${stallN.length} seeds:`)
  console.log(`starter ${fmt(median(stallS), 1)} ms, natural ${fmt(median(stallN), 1)} ms (× ${fmt(median(stallN) / median(stallS), 2)})`)
}

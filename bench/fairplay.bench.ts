/**
 * Fair-play knowledge (src/minecraft/body/senses/known-blocks.ts) against mineflayer's
 * `findBlocks` over the same radius, on the embedded world as a connected bot receives it.
 *
 * Figures: indexing one chunk column (what a chunk load costs, paid lazily at the first query
 * that reaches it); one block update (the changed cell and its six neighbours: the only work per
 * tick, and only when blocks change); a query for iron ore within 64 blocks on a warm index and on
 * a cold one (every column in reach indexed first). Baseline, same run: `bot.findBlocks` for the
 * same ore within the same 64 blocks (what the skills did before, seeing through stone).
 * MINDBRIDGE_BENCH_FAIRPLAY_SEED picks the world seed (default 1).
 */
import { startWorld } from '../src/minecraft/world/index.js'
import { createBody } from '../src/minecraft/body/index.js'
import { ExposureIndex, blockTables, type WorldLike } from '../src/minecraft/body/senses/known-blocks.js'
import { fmt, measureOps } from './util.js'

const ratio = (x: number) => (x >= 1 ? fmt(x, 2) : x.toPrecision(2))

const RADIUS = 64

export async function run(): Promise<void> {
  const seed = Number(process.env.MINDBRIDGE_BENCH_FAIRPLAY_SEED ?? 1)
  const world = await startWorld({ seed })
  const body = await createBody({ host: world.host, port: world.port, username: 'FairBench', reflexes: { eat: false }, reconnect: false })
  try {
    const bot = body.bot
    await bot.waitForChunksToLoad()
    // the server keeps sending columns for a moment after spawn: wait until the count settles (bounded)
    let seen = -1
    for (let quiet = 0, t0 = Date.now(); quiet < 20 && Date.now() - t0 < 30_000; ) {
      await new Promise((r) => setTimeout(r, 100))
      const n = bot.world.getColumns().length
      quiet = n === seen ? quiet + 1 : 0
      seen = n
    }
    const columns = (bot.world.getColumns() as Array<{ chunkX: number; chunkZ: number }>).map((c) => ({ x: Number(c.chunkX), z: Number(c.chunkZ) }))
    const registry = bot.registry as unknown as Parameters<typeof blockTables>[0] & { blocksByName: Record<string, { id: number }> }
    const tables = blockTables(registry)
    const game = bot.game as unknown as { minY?: number; height?: number }
    const index = new ExposureIndex(bot.world as unknown as WorldLike, tables, game.minY ?? 0, game.height ?? 256)
    const p = bot.entity.position
    const from = { x: p.x, y: p.y, z: p.z }
    const isIron = (n: string) => n === 'iron_ore'
    const ironId = registry.blocksByName.iron_ore!.id

    // one column: drop and rebuild every loaded column, many times
    let builds = 0
    const buildAll = measureOps(() => {
      for (const c of columns) index.columnChanged(c.x, c.z)
      for (const c of columns) index.column(c.x, c.z)
      builds += columns.length
    }, 3000)
    const perColumnMs = 1000 / (buildAll.opsPerSec * columns.length)
    const { blocks } = index.stats()

    // the baseline: findBlocks over the same radius (x-ray)
    const find = measureOps(() => void bot.findBlocks({ matching: ironId, maxDistance: RADIUS, count: 256 }), 2000)
    const findMs = 1000 / find.opsPerSec
    const warm = measureOps(() => void index.find(isIron, { radius: RADIUS, count: 256, from }), 2000)
    const warmMs = 1000 / warm.opsPerSec
    const cold = measureOps(() => {
      for (const c of columns) index.columnChanged(c.x, c.z)
      index.find(isIron, { radius: RADIUS, count: 256, from })
    }, 3000)
    const coldMs = 1000 / cold.opsPerSec
    index.find(isIron, { radius: RADIUS, from })
    // a block update near the bot: the cell and its six neighbours are re-derived
    const fx = Math.floor(p.x)
    const fy = Math.floor(p.y) - 1
    const fz = Math.floor(p.z)
    let i = 0
    const update = measureOps(() => index.blockChanged(fx + (i++ % 8), fy, fz), 1000)
    const updateUs = 1e6 / update.opsPerSec
    const knownIron = index.find(isIron, { radius: RADIUS, count: 10_000, from }).length
    const allIron = bot.findBlocks({ matching: ironId, maxDistance: RADIUS, count: 10_000 }).length

    console.log(`world seed ${seed}: ${columns.length} loaded columns, ${fmt(blocks)} known (exposed) blocks indexed (${fmt(blocks / columns.length)} per column); ${builds} column builds timed`)
    console.log(`iron ore within ${RADIUS} blocks: ${allIron} in the chunks (what x-ray sees), ${knownIron} known (exposed to air or water)`)
    console.log(`index one column (chunk load, paid at the first query)  ${fmt(perColumnMs, 2).padStart(8)} ms  ×findBlocks ${ratio(perColumnMs / findMs)}`)
    console.log(`one block update (cell + 6 neighbours)                   ${fmt(updateUs, 2).padStart(8)} µs  ×findBlocks ${ratio(updateUs / 1000 / findMs)}`)
    console.log(`per tick with no block change                            ${fmt(0, 2).padStart(8)} ms  (nothing runs)`)
    console.log(`query iron ore r=${RADIUS}, warm index                         ${fmt(warmMs, 3).padStart(8)} ms  ×findBlocks ${ratio(warmMs / findMs)}`)
    console.log(`query iron ore r=${RADIUS}, cold (all ${columns.length} columns indexed first) ${fmt(coldMs, 2).padStart(8)} ms  ×findBlocks ${ratio(coldMs / findMs)}`)
    console.log(`baseline: bot.findBlocks iron ore r=${RADIUS}                  ${fmt(findMs, 3).padStart(8)} ms`)
  } finally {
    await body.close()
    await world.close()
  }
}

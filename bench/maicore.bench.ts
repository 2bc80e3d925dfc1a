/**
 * MaiCore link costs:
 *  1. sandbox start per program (a fresh QuickJS instance in the worker, `return 1`), against
 *     calling the same code through `new Function` in this process (no isolation at all);
 *  2. host-call round trip from inside the sandbox (`await echo(i)`), against awaiting the same
 *     async host function directly;
 *  3. tokens (o200k_base) of our observation for MaiCore against a raw MineLand observation
 *     dump of the same state (36 inventory slots with empties, 3×3×3 voxel names, full-precision
 *     floats), for a real bot at spawn in the embedded world. Goal: ≤ 25 %.
 * The raw dump is rebuilt from the field list in ../shared/spec/maicore-facts.md §5.
 */
import { encode } from 'gpt-tokenizer/encoding/o200k_base'
import { createSandbox } from '../src/core/sandbox/index.js'
import { startWorld } from '../src/minecraft/world/index.js'
import { createBody } from '../src/minecraft/body/index.js'
import { buildObservation, buildStateMessage, MaiCoreGame } from '../src/minecraft/links/maicore/state.js'
import { fmt, median } from './util.js'

async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const xs: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn(i)
    xs.push(performance.now() - t)
  }
  return median(xs)
}

async function sandboxCosts(): Promise<void> {
  const sandbox = createSandbox()
  const echo = async (x: unknown) => x
  const base = { prelude: '', globals: {}, host: { echo: async ([x]: unknown[]) => echo(x) }, wallClockMs: 60_000 }
  await sandbox.run({ ...base, code: 'return 1' }) // the worker starts and compiles QuickJS once
  const start = await timeEach(200, () => sandbox.run({ ...base, code: 'return 1' }))
  const plain = await timeEach(200, async () => new Function('return 1')())
  console.log(`sandbox start per program (fresh QuickJS instance, 'return 1'): ${fmt(start * 1000)} µs median of 200`)
  console.log(`  vs new Function in this process: ${fmt(plain * 1000, 1)} µs → ×${fmt(start / plain)}`)
  const CALLS = 2000
  const inside = await sandbox.run({ ...base, code: `const t = Date.now(); for (let i = 0; i < ${CALLS}; i++) await echo(i); return Date.now() - t` })
  if (!inside.ok) throw new Error(`host-call program failed: ${JSON.stringify(inside.error)}`)
  const perCall = Number(inside.value) / CALLS
  const t = performance.now()
  for (let i = 0; i < CALLS; i++) await echo(i)
  const direct = (performance.now() - t) / CALLS
  console.log(`host-call round trip from the sandbox: ${fmt(perCall * 1000, 1)} µs per call (${CALLS} calls)`)
  console.log(`  vs awaiting the host function directly: ${fmt(direct * 1000, 2)} µs → ×${fmt(perCall / direct)}`)
  await sandbox.close()
}

async function stateTokens(): Promise<void> {
  const world = await startWorld({ seed: 3 })
  const body = await createBody({ host: world.host, port: world.port, username: 'Mai', reconnect: false })
  try {
    const status = body.status()
    const vision = body.look()
    const bot = body.bot
    const ours = JSON.stringify(buildObservation('Mai', status, vision))
    // the raw MineLand observation of the same state
    const slots = Array.from({ length: 36 }, (_, i) => bot.inventory.slots[i + 9] ?? null)
    const feet = bot.entity.position.floored()
    const names: string[][][] = []
    for (let dx = -1; dx <= 1; dx++) {
      const plane: string[][] = []
      for (let dy = -1; dy <= 1; dy++) {
        const row: string[] = []
        for (let dz = -1; dz <= 1; dz++) row.push(bot.blockAt(feet.offset(dx, dy, dz))?.name ?? 'air')
        plane.push(row)
      }
      names.push(plane)
    }
    const yaw = bot.entity.yaw
    const pitch = bot.entity.pitch
    const raw = JSON.stringify({
      name: 'Mai',
      equipment: { name: ['none', 'none', 'none', 'none', 'none', 'none'], quantity: [0, 0, 0, 0, 0, 0] },
      inventory: { name: slots.map((s) => s?.name ?? 'none'), quantity: slots.map((s) => s?.count ?? 0) },
      inventory_all: Object.fromEntries(bot.inventory.items().map((i) => [i.name, i.count])),
      voxels: { block_name: names, is_collidable: names.map((p) => p.map((r) => r.map((n) => n !== 'air'))) },
      face_vector: [-Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), -Math.cos(yaw) * Math.cos(pitch)],
      life_stats: { life: bot.health, oxygen: bot.oxygenLevel ?? 20, armor: 0, food: bot.food, saturation: bot.foodSaturation, xp: 0, is_sleeping: false },
      location_stats: { pos: [bot.entity.position.x, bot.entity.position.y, bot.entity.position.z], yaw, pitch, vel: [bot.entity.velocity.x, bot.entity.velocity.y, bot.entity.velocity.z], is_on_ground: bot.entity.onGround, biome: 'plains', is_raining: false },
      tick: 0,
      time: bot.time.timeOfDay,
      day: bot.time.day,
      target_entities: Object.values(bot.entities)
        .filter((e) => e !== bot.entity)
        .map((e) => ({ name: e.name, position: [e.position.x, e.position.y, e.position.z], health: e.health ?? null })),
    })
    const o = encode(ours).length
    const r = encode(raw).length
    console.log(`observation tokens (o200k_base): ours ${o} vs a raw MineLand dump ${r} → ${fmt((o / r) * 100)} % (goal ≤ 25 %)`)
    const game = new MaiCoreGame('挖到铁矿', 'Mai')
    const msg = buildStateMessage(game, { name: 'Mai', status, vision }, { platform: 'minecraft', userId: 'mai', nickname: 'Mai' })
    console.log(`whole state message (all template items + text): ${fmt(encode(JSON.stringify(msg)).length)} tokens`)
  } finally {
    await body.close()
    await world.close()
  }
}

export async function run(): Promise<void> {
  await sandboxCosts()
  await stateTokens()
}

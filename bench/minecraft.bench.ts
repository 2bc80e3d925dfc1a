/**
 * Minecraft body benchmark: time from spawn to a wooden, stone and iron pickaxe, driven
 * by skills directly (no mind), in the embedded world over several seeds.
 * Ratio baseline (same run): the time of the first skill (collect 5 logs). It measures
 * how fast this machine/server pair moves and mines, so milestone/baseline shows how many
 * "log-collections" each milestone costs, comparable across machines.
 * MINDBRIDGE_BENCH_SEEDS=n changes the number of seeds (default 5).
 */
import { startWorld } from '../src/minecraft/world/index.js'
import { createBody } from '../src/minecraft/body/index.js'
import { IRON_PICKAXE_PROGRESSION, type Milestone } from '../test/minecraft/support/progression.js'
import { fmt, median } from './util.js'

const MAX_TRIES = 3

interface RunResult {
  seed: number
  baselineMs: number
  milestones: Partial<Record<Milestone, number>>
  failedCalls: number
  error?: string
}

async function runSeed(seed: number): Promise<RunResult> {
  // The figures published from this bench are on the staged starter profile (say so); the natural
  // world needs the fair-play bot (issue 12).
  const world = await startWorld({ seed, profile: 'starter' })
  const body = await createBody({ host: world.host, port: world.port, username: `Bench${seed % 1000}`, reflexes: { eat: false } })
  const out: RunResult = { seed, baselineMs: NaN, milestones: {}, failedCalls: 0 }
  const t0 = performance.now()
  try {
    for (const [i, step] of IRON_PICKAXE_PROGRESSION.entries()) {
      let ok = false
      for (let attempt = 0; attempt < MAX_TRIES && !ok; attempt++) {
        const ts = performance.now()
        const r = await body.run(step.call)
        if (i === 0 && attempt === 0) out.baselineMs = performance.now() - ts
        ok = r.ok
        if (!ok) {
          out.failedCalls++
          out.error = `${step.call.skill}: ${r.reason}`
        }
      }
      if (!ok) break
      if (step.milestone) out.milestones[step.milestone] = performance.now() - t0
    }
    if (out.milestones.iron_pickaxe !== undefined) delete out.error
  } finally {
    await body.close()
    await world.close()
  }
  return out
}

function row(label: string, xs: number[], base: number[]): string {
  if (!xs.length) return `${label.padEnd(16)} no run reached it`
  const ratios = xs.map((x, i) => x / base[i]!)
  const s = (ms: number) => fmt(ms / 1000, 1)
  return `${label.padEnd(16)} median ${s(median(xs)).padStart(6)} s  min ${s(Math.min(...xs)).padStart(6)} s  max ${s(Math.max(...xs)).padStart(6)} s  ×baseline median ${fmt(median(ratios), 2)} (min ${fmt(Math.min(...ratios), 2)}, max ${fmt(Math.max(...ratios), 2)})  n=${xs.length}`
}

export async function run(): Promise<void> {
  const n = Math.max(1, Number(process.env.MINDBRIDGE_BENCH_SEEDS ?? 5) || 5)
  const seeds = Array.from({ length: n }, (_, i) => 1000 + i * 7919)
  const results: RunResult[] = []
  for (const seed of seeds) {
    const r = await runSeed(seed)
    results.push(r)
    const m = r.milestones
    console.log(
      `seed ${seed}: logs ${fmt(r.baselineMs / 1000, 1)} s, wooden ${m.wooden_pickaxe ? fmt(m.wooden_pickaxe / 1000, 1) : '-'} s, stone ${m.stone_pickaxe ? fmt(m.stone_pickaxe / 1000, 1) : '-'} s, iron ${m.iron_pickaxe ? fmt(m.iron_pickaxe / 1000, 1) : '-'} s, failed calls ${r.failedCalls}${r.error ? ` (last: ${r.error})` : ''}`,
    )
  }
  console.log(`\nspawn → milestone over ${results.length} seeds on the STARTER profile (staged layout) (baseline = first skill, collect 5 logs, same run):`)
  const base = results.map((r) => r.baselineMs)
  console.log(row('baseline (logs)', base, base))
  for (const m of ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe'] as const) {
    const have = results.filter((r) => r.milestones[m] !== undefined)
    console.log(row(m, have.map((r) => r.milestones[m]!), have.map((r) => r.baselineMs)))
  }
  const failed = results.reduce((n, r) => n + r.failedCalls, 0)
  console.log(`failed skill calls: ${failed} total (${results.map((r) => r.failedCalls).join(', ')} per seed); runs reaching iron: ${results.filter((r) => r.milestones.iron_pickaxe !== undefined).length}/${results.length}`)
}

/**
 * `npm run bench -- hostile`: every surface of the project against hostile inputs, and a table
 * of what happened (bench/hostile/tally.ts). Target: 0 crashes, 0 escapes, every refusal with
 * a clear reason, memory bounded. test/bench/hostile-slice.test.ts runs a small slice of it.
 */
import { execFileSync } from 'node:child_process'
import { runHostile } from './hostile/run.js'

export async function run(): Promise<void> {
  let commit = 'unknown'
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {}
  const t0 = performance.now()
  const tally = await runHostile({ scale: 1 })
  console.log(`hostile inputs at ${commit}, ${((performance.now() - t0) / 1000).toFixed(0)} s`)
  console.log(tally.table())
  for (const r of tally.rows) for (const p of r.problems) console.log(`  ${r.surface}: ${p}`)
  const bad = tally.rows.filter((r) => r.crashes || r.escapes || r.refusedUnclear)
  if (bad.length) throw new Error(`hostile inputs: ${bad.map((r) => r.surface).join(', ')} crashed, let one through, or refused without a clear reason`)
}

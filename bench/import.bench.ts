/**
 * Start-up cost of each package entry, from the built package (dist/; run `npm run build` first):
 * import time (median of fresh node processes) and number of modules loaded, each as a ratio
 * against importing zod alone in the same run. The last row is a whole LostSpace AI subprocess
 * (`mindbridge lostspace ai --bot random`, stdin closed) against a node process that imports zod.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { importArgs, probeModules, ROOT } from '../test/support/module-probe.js'
import { runNode } from '../test/support/run-node.js'
import { fmt, median } from './util.js'

const RUNS = 7
const ENTRIES = ['mindbridge', 'mindbridge/core', 'mindbridge/protocols', 'mindbridge/lostspace', 'mindbridge/lostspace/sdk', 'mindbridge/minecraft']

async function node(args: string[]): Promise<{ stdout: string; ms: number }> {
  const r = await runNode(args, { cwd: ROOT })
  if (r.code !== 0) throw new Error(`node ${args.join(' ')} exited ${r.signal ?? r.code}: ${r.stderr}`)
  return { stdout: r.stdout, ms: r.ms }
}

/** Warns when a source file is newer than the build (the figures would describe old code). */
function checkBuild(): void {
  if (!existsSync(join(ROOT, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first')
  const built = statSync(join(ROOT, 'dist/index.js')).mtimeMs
  const stale = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && statSync(join(ROOT, 'src', f)).mtimeMs > built)
  if (stale.length) console.log(`warning: ${stale.length} source file(s) newer than dist/ (e.g. src/${stale[0]}): run \`npm run build\``)
}

interface Row {
  label: string
  ms: number
  modules: number
}

async function measureImport(specifier: string): Promise<Row> {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push(Number((await node(importArgs(specifier))).stdout))
  const probe = await probeModules(importArgs(specifier))
  if (probe.code !== 0) throw new Error(`importing ${specifier} failed: ${probe.stderr}`)
  return { label: specifier, ms: median(times), modules: probe.modules.length }
}

async function measureProcess(label: string, args: string[]): Promise<Row> {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push((await node(args)).ms)
  const probe = await probeModules(args)
  if (probe.code !== 0) throw new Error(`${label} failed: ${probe.stderr}`)
  return { label, ms: median(times), modules: probe.modules.length }
}

function print(rows: Row[], base: Row, what = 'import ms'): void {
  const w = Math.max(...rows.map((r) => r.label.length), base.label.length)
  console.log(`${'entry'.padEnd(w)}  ${what.padStart(9)}  ${'× base'.padStart(7)}  ${'modules'.padStart(7)}  ${'× base'.padStart(7)}`)
  for (const r of [base, ...rows]) {
    console.log(`${r.label.padEnd(w)}  ${fmt(r.ms, 1).padStart(9)}  ${fmt(r.ms / base.ms, 2).padStart(7)}  ${String(r.modules).padStart(7)}  ${fmt(r.modules / base.modules, 2).padStart(7)}`)
  }
}

export async function run(): Promise<void> {
  checkBuild()
  const base = await measureImport('zod')
  base.label = 'zod (baseline)'
  const rows: Row[] = []
  for (const e of ENTRIES) rows.push(await measureImport(e))
  console.log(`median of ${RUNS} fresh node processes per entry; modules = ESM + CommonJS files loaded`)
  print(rows, base)

  const procBase = await measureProcess('node importing zod (baseline)', importArgs('zod'))
  const ai = await measureProcess('mindbridge lostspace ai --bot random', [join(ROOT, 'dist/cli/main.js'), 'lostspace', 'ai', '--bot', 'random'])
  console.log('\nwhole process, wall time (start to exit, stdin closed)')
  print([ai], procBase, 'wall ms')
}

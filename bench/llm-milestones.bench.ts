/**
 * The llm mind on the natural world: how many model calls and prompt tokens each milestone
 * of "get 1 minecraft:stone_pickaxe" costs. `mindbridge play --mind llm` runs as a real
 * subprocess against a scripted OpenAI-compatible server (real HTTP) whose model follows the
 * runtime's plan line (test/support/plan-following-model.ts): the calls are the runtime's.
 * Prompt tokens are counted by the server with gpt-tokenizer (cl100k) over the whole request.
 *
 * Baseline in the same run: the builtin mind on the same seeds, which decides one recipe step
 * at a time (planks, then sticks, then the table …); its protocol decisions are what a model
 * planning step by step would be asked for.
 *
 *   MINDBRIDGE_BENCH_SEEDS=1-3   seeds (a range or a comma list)
 */
import { fileURLToPath } from 'node:url'
import { runNode } from '../test/support/run-node.js'
import { startScriptedOpenAI } from '../test/support/scripted-openai.js'
import { planFollowingModel } from '../test/support/plan-following-model.js'
import { fmt, median } from './util.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const TASK = 'get 1 minecraft:stone_pickaxe'
const TIMEOUT_SEC = 600

function parseSeeds(text: string): number[] {
  const range = /^(\d+)-(\d+)$/.exec(text.trim())
  if (range) return Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i)
  return text.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n))
}

const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MINDBRIDGE_')))

async function play(seed: number, extra: string[]) {
  const r = await runNode(['--import', 'tsx', 'src/cli/main.ts', 'play', ...extra, '--seed', String(seed), '--timeout', String(TIMEOUT_SEC), '--task', TASK], {
    cwd: ROOT,
    env: cleanEnv(),
    limitMs: (TIMEOUT_SEC + 120) * 1000,
  })
  return {
    outcome: /── (\w+)/.exec(r.stdout)?.[1]?.toLowerCase() ?? `exit ${r.code}`,
    seconds: Number(/time: +([\d.]+) s/.exec(r.stdout)?.[1] ?? NaN),
    steps: Number(/steps: +(\d+)/.exec(r.stdout)?.[1] ?? NaN),
    reason: (/reason: +(.*)/.exec(r.stdout)?.[1] ?? r.stderr.trim().split('\n').at(-1) ?? '').slice(0, 120),
  }
}

/** "collect 3 log" → "collect log"; "craft 4 oak_planks, 1 crafting_table, … 1 wooden_pickaxe" → "craft … wooden_pickaxe". */
function milestoneKind(m: string | undefined): string {
  if (!m) return '?'
  if (m.startsWith('collect')) return m.replace(/\d+ /, '')
  const last = m.replace(/^craft /, '').split(',').at(-1)!.trim().replace(/^\d+ /, '')
  return m.includes(',') ? `craft … ${last}` : `craft ${last}`
}

export async function run(): Promise<void> {
  const seeds = parseSeeds(process.env.MINDBRIDGE_BENCH_SEEDS ?? '1-3')
  console.log(`llm mind (scripted model following the runtime plan) vs builtin mind: "${TASK}", natural world, fair play; seeds ${seeds.join(',')}`)
  const perMilestone = new Map<string, { calls: number; prompt: number }>()
  const rows: string[] = []
  const ratios: number[] = []
  for (const seed of seeds) {
    const model = planFollowingModel()
    const server = await startScriptedOpenAI([model.step])
    let llm
    try {
      llm = await play(seed, ['--mind', 'llm', '--llm-base-url', server.baseUrl, '--llm-model', 'scripted-model'])
    } finally {
      await server.close()
    }
    const reqs = server.chatRequests()
    const prompt = reqs.reduce((n, r) => n + (r.usage?.prompt_tokens ?? 0), 0)
    // the call that decided milestone k is charged to it; start and stop are the session's own
    model.calls.forEach((c, i) => {
      const key = c.kind === 'action' ? milestoneKind(c.milestone) : c.kind === 'start' ? '(session start)' : c.kind === 'stop' ? '(final stop)' : '(status)'
      const e = perMilestone.get(key) ?? { calls: 0, prompt: 0 }
      e.calls++
      e.prompt += reqs[i]?.usage?.prompt_tokens ?? 0
      perMilestone.set(key, e)
    })
    const builtin = await play(seed, [])
    const builtinDecisions = builtin.steps + 1
    const ratio = reqs.length / builtinDecisions
    if (llm.outcome === 'succeeded' && builtin.outcome === 'succeeded') ratios.push(ratio)
    rows.push(
      `| ${seed} | ${llm.outcome} | ${fmt(llm.seconds, 1)} | ${model.calls.filter((c) => c.kind === 'action').length} | ${reqs.length} | ${fmt(prompt)} | ` +
        `${builtin.outcome} | ${builtinDecisions} | ${fmt(ratio, 2)}× | ${(llm.outcome === 'succeeded' ? '' : llm.reason).replace(/\|/g, '/')} |`,
    )
  }
  console.log('\n| seed | llm outcome | s | milestones acted | model calls | prompt tokens | builtin outcome | builtin decisions | calls / builtin decisions | note |')
  console.log('|---:|---|---:|---:|---:|---:|---|---:|---:|---|')
  for (const r of rows) console.log(r)
  console.log('\nper milestone, summed over the seeds:')
  console.log('| milestone | model calls | prompt tokens | tokens per call |')
  console.log('|---|---:|---:|---:|')
  for (const [k, v] of perMilestone) console.log(`| ${k} | ${v.calls} | ${fmt(v.prompt)} | ${fmt(v.prompt / v.calls)} |`)
  console.log(`\nmedian model calls / builtin decisions: ${fmt(median(ratios), 2)}× (below 1: the runtime plan folds the crafts into fewer decisions)`)
}

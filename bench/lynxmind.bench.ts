/**
 * LynxMind benchmark.
 * (a) prompt tokens per decision: our llm mind (compact protocol prompt, bounded
 *     history, condensed status, ContextBus XML) versus the original mod's approach
 *     (the whole 16 KB schema document + the raw heartbeat JSON + 15 messages of
 *     history), counted with gpt-tokenizer over the same recorded task.
 * (b) model calls per milestone (wooden, stone, iron pickaxe) for a scripted model that
 *     answers each decision with the single next action of the plan; versus the
 *     original mod, which asks the model on every event it sends.
 * (c) builtin-mind wall time to each milestone on the embedded world over 5+ seeds
 *     (`LYNX_BENCH_SEEDS=n`, `LYNX_BENCH_WORLD=0` to skip); ratio vs the wooden-pickaxe milestone.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { encode } from 'gpt-tokenizer'
import { fmt, median } from './util.js'
import { createLogger } from '../src/core/logger.js'
import { createContextBus } from '../src/core/context-bus.js'
import type { LlmClient, ChatRequest, ChatResult } from '../src/core/llm/index.js'
import { serializeAiEvent, serializeModEvent, type AiEvent, type ModEvent } from '../src/protocols/lynxmind.js'
import { LynxMindLink, type TrafficEvent } from '../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../src/minecraft/minds/builtin.js'
import { LlmMind } from '../src/minecraft/minds/llm.js'
import type { Mind, MindContext } from '../src/minecraft/minds/types.js'
import { FakeBody } from '../test/minecraft/support/fake-body.js'

const quiet = createLogger('bench', { level: 'silent' })
const DOC = readFileSync(fileURLToPath(new URL('../test/fixtures/lynxmind-schemas.md', import.meta.url)), 'utf8')
const tok = (s: string) => encode(s).length
const MILESTONES = ['get 1 minecraft:wooden_pickaxe', 'get 1 minecraft:stone_pickaxe', 'get 1 minecraft:iron_pickaxe']

/**
 * An LlmClient whose "model" is the builtin planner: it answers the event the
 * LlmMind is deciding on with the builtin mind's answer. Records every prompt.
 */
class PlannerModel implements LlmClient {
  readonly model = 'planner-as-model'
  readonly baseUrl = 'memory://'
  prompts: ChatRequest['messages'][] = []
  pending: AiEvent[] = []
  calls = 0
  async chat(req: ChatRequest): Promise<ChatResult> {
    this.calls++
    this.prompts.push(req.messages)
    const last = String(req.messages.at(-1)?.content ?? '')
    const answer = last.includes('The game has started') ? { type: 'EVENT_AI_START' } : (this.pending.shift() ?? { type: 'NONE' })
    const text = JSON.stringify(answer)
    return { text, structured: true, mode: 'json_schema', usage: { promptTokens: req.messages.reduce((n, m) => n + tok(m.content), 0), completionTokens: tok(text), estimated: false }, latencyMs: 0, attempts: 1 }
  }
  usage() {
    return { calls: this.calls, failures: 0, retries: 0, promptTokens: 0, completionTokens: 0, totalLatencyMs: 0 } as unknown as ReturnType<LlmClient['usage']>
  }
  structuredSupport() {
    return { json_schema: 'supported' as const, json_object: 'supported' as const }
  }
  async listModels() {
    return [this.model]
  }
}

/** LlmMind driven by the planner-as-model: before each decision the builtin mind computes the answer. */
class PlannedLlmMind implements Mind {
  readonly kind = 'llm' as const
  private readonly builtin = new BuiltinMind()
  readonly inner: LlmMind
  constructor(readonly model: PlannerModel) {
    this.inner = new LlmMind({ client: model })
  }
  async start(ctx: MindContext) {
    await this.builtin.start(ctx)
    return this.inner.start(ctx)
  }
  async receive(e: ModEvent) {
    this.model.pending = await this.builtin.receive(e)
    return this.inner.receive(e)
  }
  stats() {
    return this.inner.stats()
  }
  async close() {
    await this.inner.close()
  }
}

async function recordedRun() {
  const body = new FakeBody({ logType: 'oak_log' })
  const bus = createContextBus()
  bus.pushPlayer('Steve', 'can you make me an iron pickaxe?')
  const model = new PlannerModel()
  const mind = new PlannedLlmMind(model)
  const link = new LynxMindLink({ body, mind, bus, logger: quiet, heartbeatMs: 0 })
  const traffic: TrafficEvent[] = []
  link.on('traffic', (t: TrafficEvent) => traffic.push(t))
  await link.start()
  const perMilestone: Array<{ task: string; ours: number; original: number; ok: boolean }> = []
  for (const task of MILESTONES) {
    const callsBefore = model.calls
    const eventsBefore = traffic.filter((t) => t.dir === 'to_mind').length
    const rec = await link.waitTask(link.createTask(task, 'bench').id)
    await link.idle()
    perMilestone.push({
      task,
      ours: model.calls - callsBefore,
      original: traffic.filter((t) => t.dir === 'to_mind').length - eventsBefore,
      ok: rec.status === 'succeeded',
    })
  }
  await link.close()
  return { model, traffic, perMilestone }
}

/** The original mod's prompt for each decision: doc + raw heartbeat + 15 messages of history + the event. */
function originalPromptTokens(traffic: TrafficEvent[]): number[] {
  const docTokens = tok(DOC)
  const history: string[] = []
  let lastHeartbeat = ''
  const perDecision: number[] = []
  for (const t of traffic) {
    if (t.dir === 'to_mind') {
      const raw = serializeModEvent(t.event as ModEvent)
      if ((t.event as ModEvent).type === 'EVENT_PLAYER_STATUS_HEARTBEAT') lastHeartbeat = raw
      perDecision.push(docTokens + tok(lastHeartbeat) + history.slice(-15).reduce((n, m) => n + tok(m), 0) + tok(raw))
      history.push(raw)
    } else history.push(serializeAiEvent(t.event as AiEvent))
  }
  return perDecision
}

async function benchPromptsAndCalls(): Promise<void> {
  const { model, traffic, perMilestone } = await recordedRun()
  const ours = model.prompts.map((msgs) => msgs.reduce((n, m) => n + tok(m.content), 0))
  const original = originalPromptTokens(traffic)
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
  console.log('(a) prompt tokens per decision (recorded task: wooden → stone → iron pickaxe, gpt-tokenizer)')
  console.log(`    ours:     ${fmt(mean(ours))} mean, ${fmt(median(ours))} median, ${fmt(ours.reduce((a, b) => a + b, 0))} total over ${ours.length} calls`)
  console.log(`    original: ${fmt(mean(original))} mean, ${fmt(median(original))} median, ${fmt(original.reduce((a, b) => a + b, 0))} total over ${original.length} calls (doc ${fmt(tok(DOC))} tokens each)`)
  console.log(`    ratio original/ours per decision: ${fmt(mean(original) / mean(ours), 2)}x; whole task: ${fmt(original.reduce((a, b) => a + b, 0) / ours.reduce((a, b) => a + b, 0), 2)}x`)
  console.log('(b) model calls per milestone (scripted model = the next planned action; periodic heartbeats off)')
  for (const m of perMilestone) {
    console.log(`    ${m.task.padEnd(32)} ours ${String(m.ours).padStart(3)}   original ${String(m.original).padStart(3)}   ratio ${fmt(m.original / Math.max(1, m.ours), 2)}x${m.ok ? '' : '   (task FAILED)'}`)
  }
}

async function benchWorld(): Promise<void> {
  if (process.env.LYNX_BENCH_WORLD === '0') {
    console.log('(c) skipped (LYNX_BENCH_WORLD=0)')
    return
  }
  const seeds = Math.max(1, Number(process.env.LYNX_BENCH_SEEDS ?? 5))
  const { startWorld } = await import('../src/minecraft/world/index.js')
  const { createBody } = await import('../src/minecraft/body/index.js')
  const times: number[][] = MILESTONES.map(() => [])
  const failures: string[] = []
  console.log(`(c) builtin mind, time to each milestone on the embedded world, ${seeds} seeds`)
  for (let seed = 1; seed <= seeds; seed++) {
    // Starter profile (staged layout), as the published figures say.
    const world = await startWorld({ seed, profile: 'starter' })
    const body = await createBody({ host: world.host, port: world.port, username: 'Lynx', version: world.version, logger: quiet, reconnect: false })
    const link = new LynxMindLink({ body, mind: new BuiltinMind(), logger: quiet })
    try {
      await link.start()
      const t0 = Date.now()
      const line: string[] = []
      for (let i = 0; i < MILESTONES.length; i++) {
        const rec = await link.waitTask(link.createTask(MILESTONES[i]!, 'bench').id)
        const s = (Date.now() - t0) / 1000
        if (rec.status !== 'succeeded') {
          failures.push(`seed ${seed}: ${MILESTONES[i]} ${rec.status}: ${rec.reason}`)
          line.push(`${MILESTONES[i]!.split(':')[1]} FAILED`)
          break
        }
        times[i]!.push(s)
        line.push(`${MILESTONES[i]!.split(':')[1]} ${s.toFixed(0)}s`)
      }
      console.log(`    seed ${seed}: ${line.join(', ')}`)
    } finally {
      await link.close()
      await body.close()
      await world.close()
    }
  }
  const base = median(times[0]!)
  for (let i = 0; i < MILESTONES.length; i++) {
    const m = median(times[i]!)
    console.log(`    ${MILESTONES[i]!.padEnd(32)} median ${fmt(m, 1)} s over ${times[i]!.length} seeds; ratio vs wooden pickaxe ${fmt(m / base, 2)}x`)
  }
  for (const f of failures) console.log(`    failure: ${f}`)
}

export async function run(): Promise<void> {
  await benchPromptsAndCalls()
  await benchWorld()
}

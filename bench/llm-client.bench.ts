/**
 * Overhead of the LLM client (openai SDK + own retry loop + response validation + meter)
 * against a raw fetch of the same endpoint, both on the scripted loopback server.
 */
import { startScriptedOpenAI } from '../test/support/scripted-openai.js'
import { createLlmClient } from '../src/core/llm/index.js'
import { createLogger } from '../src/core/logger.js'
import { fmt, median } from './util.js'

const CALLS = 300
const ROUNDS = 3

export async function run(): Promise<void> {
  const server = await startScriptedOpenAI([{ reply: '{"type":"NONE"}', usage: { prompt_tokens: 20, completion_tokens: 5 } }])
  const client = createLlmClient({ baseUrl: server.baseUrl, model: 'bench' }, { logger: createLogger('bench', { level: 'silent' }) })
  const messages = [{ role: 'user' as const, content: 'what now?' }]
  const body = JSON.stringify({ model: 'bench', messages, stream: false })
  try {
    const raw = async () => {
      const r = await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer x' }, body })
      const j = (await r.json()) as { choices: Array<{ message: { content: string } }> }
      if (!j.choices[0]!.message.content) throw new Error('empty')
    }
    const viaClient = async () => {
      await client.chat({ messages })
    }
    const timeIt = async (fn: () => Promise<void>) => {
      const t0 = performance.now()
      for (let i = 0; i < CALLS; i++) await fn()
      return (CALLS * 1000) / (performance.now() - t0)
    }
    await timeIt(raw) // warm-up both paths
    await timeIt(viaClient)
    const rawRates: number[] = []
    const clientRates: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      rawRates.push(await timeIt(raw))
      clientRates.push(await timeIt(viaClient))
    }
    const a = median(rawRates)
    const b = median(clientRates)
    console.log(`raw fetch (baseline):  ${fmt(a)} calls/s`)
    console.log(`LlmClient.chat:        ${fmt(b)} calls/s`)
    console.log(`ratio client/baseline: ${fmt(b / a, 2)} (per-call overhead ≈ ${fmt(1000 / b - 1000 / a, 3)} ms)`)
    const u = client.usage()
    console.log(`meter: ${u.calls} calls, ${u.failures} failures, ${u.promptTokens + u.completionTokens} tokens, avg latency ${fmt(u.avgLatencyMs, 2)} ms`)
  } finally {
    await server.close()
  }
}

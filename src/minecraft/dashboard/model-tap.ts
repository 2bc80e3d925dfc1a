/**
 * Watches one LLM client for the dashboard: every call's latency, tokens, retries and error,
 * and the prompt the model last received (its `<context>` XML). Wraps `chat` only; the
 * client's own UsageMeter stays the truth for totals.
 */
import type { ChatRequest, ChatResult, LlmClient } from '../../core/llm/index.js'
import type { ModelCall, UsageFrame } from './protocol.js'

const RECENT = 50
const MINUTE_MS = 60_000

export class ModelTap {
  private client: LlmClient | undefined
  private readonly calls: ModelCall[] = []
  /** Calls of the last minute and a bit, for the per-minute figures. */
  private readonly window: ModelCall[] = []
  private lastPrompt: { text: string; at: number } | undefined
  private version = 0

  /** Returns a client that reports to this tap; use it in place of `client`. */
  wrap(client: LlmClient): LlmClient {
    this.client = client
    const chat = async (req: ChatRequest): Promise<ChatResult> => {
      const user = [...req.messages].reverse().find((m) => m.role === 'user')
      if (user) this.lastPrompt = { text: user.content, at: Date.now() }
      const before = client.usage().retries
      const t0 = Date.now()
      try {
        const res = await client.chat(req)
        this.record({ at: Date.now(), latencyMs: Math.round(res.latencyMs), promptTokens: res.usage.promptTokens, completionTokens: res.usage.completionTokens, retries: client.usage().retries - before, ok: true })
        return res
      } catch (err) {
        this.record({ at: Date.now(), latencyMs: Date.now() - t0, promptTokens: 0, completionTokens: 0, retries: client.usage().retries - before, ok: false, error: err instanceof Error ? err.message.slice(0, 300) : String(err) })
        throw err
      }
    }
    return Object.assign(Object.create(client) as LlmClient, { chat })
  }

  private record(c: ModelCall): void {
    this.calls.push(c)
    if (this.calls.length > RECENT) this.calls.shift()
    this.window.push(c)
    this.version++
  }

  /** Changes with every finished call (the hub sends a frame only then). */
  get changed(): number {
    return this.version
  }

  /** The XML between `<context>` and `</context>` of the last prompt, or the whole prompt. */
  lastContext(): { xml: string; at: number } | undefined {
    if (!this.lastPrompt) return undefined
    const m = /<context>\n?([\s\S]*?)\n?<\/context>/.exec(this.lastPrompt.text)
    return { xml: m ? m[1]! : this.lastPrompt.text, at: this.lastPrompt.at }
  }

  frame(now = Date.now()): UsageFrame {
    while (this.window.length && this.window[0]!.at < now - MINUTE_MS) this.window.shift()
    const u = this.client?.usage()
    const minute = { calls: this.window.length, promptTokens: 0, completionTokens: 0 }
    for (const c of this.window) {
      minute.promptTokens += c.promptTokens
      minute.completionTokens += c.completionTokens
    }
    return {
      type: 'usage',
      model: this.client?.model ?? null,
      calls: u?.calls ?? 0,
      failures: u?.failures ?? 0,
      retries: u?.retries ?? 0,
      promptTokens: u?.promptTokens ?? 0,
      completionTokens: u?.completionTokens ?? 0,
      avgLatencyMs: Math.round(u?.avgLatencyMs ?? 0),
      perMinute: minute,
      recent: [...this.calls],
    }
  }
}

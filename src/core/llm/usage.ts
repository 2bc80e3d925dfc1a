/** Running totals of one client's model calls; `snapshot()` is safe to hand to anyone. */
export interface UsageSnapshot {
  /** chat() calls started. */
  calls: number
  /** Calls that returned an answer. */
  successes: number
  /** Calls that ended in an LlmError (after retries). */
  failures: number
  /** HTTP retries (429 / 5xx / network) across all calls. */
  retries: number
  /** Structured-output fallbacks (json_schema → json_object → prompt). */
  fallbacks: number
  promptTokens: number
  completionTokens: number
  /** Calls whose token figures were estimated (the server sent no `usage`). */
  estimatedCalls: number
  /** Sum of the wall time of finished calls, in ms (retries and backoff included). */
  totalLatencyMs: number
  /** totalLatencyMs / finished calls (0 when none). */
  avgLatencyMs: number
}

export class UsageMeter {
  private s: Omit<UsageSnapshot, 'avgLatencyMs'> = {
    calls: 0,
    successes: 0,
    failures: 0,
    retries: 0,
    fallbacks: 0,
    promptTokens: 0,
    completionTokens: 0,
    estimatedCalls: 0,
    totalLatencyMs: 0,
  }

  callStarted(): void {
    this.s.calls++
  }
  retried(): void {
    this.s.retries++
  }
  fellBack(): void {
    this.s.fallbacks++
  }
  succeeded(latencyMs: number, promptTokens: number, completionTokens: number, estimated: boolean): void {
    this.s.successes++
    this.s.totalLatencyMs += latencyMs
    this.s.promptTokens += promptTokens
    this.s.completionTokens += completionTokens
    if (estimated) this.s.estimatedCalls++
  }
  failed(latencyMs: number): void {
    this.s.failures++
    this.s.totalLatencyMs += latencyMs
  }
  snapshot(): UsageSnapshot {
    const finished = this.s.successes + this.s.failures
    return { ...this.s, avgLatencyMs: finished ? this.s.totalLatencyMs / finished : 0 }
  }
  reset(): void {
    for (const k of Object.keys(this.s) as Array<keyof typeof this.s>) this.s[k] = 0
  }
}

/** Rough token estimate (~4 characters per token) for servers that report no usage. */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4)
}

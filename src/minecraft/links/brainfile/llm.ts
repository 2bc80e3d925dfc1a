/**
 * The llm mind for the brain file: the compact state (prompt.ts) to any
 * OpenAI-compatible model, the answer through the tolerant parser and the delta
 * schema. A bad answer gets a precise correction; after `maxFormatFailures` unusable
 * answers in a row the cycle falls back to the plugin's rule (mind.ts). Model errors
 * never throw out of `decide`.
 */
import type { ChatMessage, LlmClient } from '../../../core/llm/index.js'
import { isLlmError } from '../../../core/llm/index.js'
import type { Logger } from '../../../core/logger.js'
import { BrainReplyJsonSchema, parseBrainReply } from '../../../protocols/brainfile.js'
import { emptyStats, type MindStats } from '../../minds/types.js'
import { emptyDecision, fallbackTasks, type BrainDecision, type BrainMind, type BrainView } from './mind.js'
import { renderState, systemPrompt, type PromptOptions } from './prompt.js'

export interface BrainLlmMindOptions {
  client: LlmClient
  /** Unusable answers in a row before the fallback (default 3, like LynxMind). */
  maxFormatFailures?: number
  /** Ask for json_schema structured output (default true; the client falls back when unsupported). */
  structured?: boolean
  /** Default 0.3 and 512, as the plugin. */
  temperature?: number
  maxTokens?: number
  prompt?: PromptOptions
  logger?: Logger
  random?: () => number
}

export class BrainLlmMind implements BrainMind {
  readonly kind = 'llm' as const
  private readonly st: MindStats = emptyStats()
  /** Things the model should hear next cycle (rejected tasks, model errors). */
  private notes: string[] = []
  /** Prompt tokens of the latest cycle's first call (the benchmark reads it). */
  lastPromptTokens = 0

  constructor(private readonly opts: BrainLlmMindOptions) {}

  stats(): MindStats {
    return { ...this.st }
  }

  async decide(view: BrainView, signal: AbortSignal): Promise<BrainDecision> {
    const max = Math.max(1, this.opts.maxFormatFailures ?? 3)
    const notes = this.notes.splice(0)
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(view.botName) },
      { role: 'user', content: renderState(view, notes, this.opts.prompt) },
    ]
    let lastError = ''
    for (let attempt = 1; attempt <= max; attempt++) {
      let text: string
      try {
        this.st.calls++
        const res = await this.opts.client.chat({
          messages,
          ...(this.opts.structured !== false ? { jsonSchema: BrainReplyJsonSchema } : {}),
          temperature: this.opts.temperature ?? 0.3,
          maxTokens: this.opts.maxTokens ?? 512,
          signal,
        })
        this.st.promptTokens += res.usage.promptTokens
        this.st.completionTokens += res.usage.completionTokens
        if (attempt === 1) this.lastPromptTokens = res.usage.promptTokens
        text = res.text
      } catch (err) {
        this.st.failures++
        const why = isLlmError(err) ? `${err.kind}: ${err.message}` : err instanceof Error ? err.message : String(err)
        if (signal.aborted) return emptyDecision(`cancelled: ${why}`)
        if (isLlmError(err) && err.kind === 'bad_response' && attempt < max) {
          lastError = why
          continue
        }
        this.opts.logger?.warn('model call failed', { err: why.slice(0, 300) })
        this.notes.push(`the previous model call failed: ${why.slice(0, 200)}`)
        return { ...emptyDecision(`the model is unavailable: ${why}`) }
      }
      const parsed = parseBrainReply(text)
      if (parsed.ok && (parsed.value.new_tasks.length > 0 || parsed.rejected.length === 0)) {
        for (const r of parsed.rejected) this.notes.push(`your task new_tasks[${r.index}] was dropped: ${r.error.replace(/\n/g, '; ')}`)
        return { thought: parsed.value.thought, memory_updates: parsed.value.memory_updates, new_tasks: parsed.value.new_tasks }
      }
      this.st.failures++
      lastError = parsed.ok ? `every task was invalid:\n${parsed.rejected.map((r) => r.error).join('\n')}` : parsed.error
      this.opts.logger?.info('unusable model reply', { attempt, error: lastError.slice(0, 200) })
      messages.push({ role: 'assistant', content: text.slice(0, 2000) }, { role: 'user', content: `Your reply was not usable: ${lastError}\nReply with only the JSON object.` })
    }
    this.notes.push(`your last ${max} replies were unusable (last problem: ${lastError.slice(0, 200)}); a fallback task was used`)
    return fallbackTasks(view, `${max} unusable replies in a row (${lastError.split('\n')[0]!.slice(0, 120)})`, this.opts.random)
  }
}

/**
 * Configuration of the OpenAI-compatible model client. One schema: type, validator, defaults.
 */
import { z } from 'zod'

const httpUrl = z.string().refine(
  (s) => {
    try {
      const u = new URL(s)
      return u.protocol === 'http:' || u.protocol === 'https:'
    } catch {
      return false
    }
  },
  { message: 'expected an http(s) URL such as http://127.0.0.1:11434/v1' },
)

export const StructuredOutputModeSchema = z.enum(['auto', 'json_schema', 'json_object', 'off'])
export type StructuredOutputMode = z.infer<typeof StructuredOutputModeSchema>

export const LlmConfigSchema = z.object({
  /** Base URL of the OpenAI-compatible API, usually ending in `/v1` (added when the URL has no path). */
  baseUrl: httpUrl.default('http://127.0.0.1:11434/v1'),
  model: z.string().min(1).default('qwen2.5:7b'),
  /** Optional: local servers need none (a placeholder is sent). */
  apiKey: z.string().optional(),
  /** Time limit of one HTTP attempt, in ms. A timed-out attempt is retried (within maxRetries and callBudgetMs). */
  timeoutMs: z.int().positive().default(60_000),
  /**
   * Warm-up allowance: the time limit of each attempt until the client has had its first answer.
   * Ollama and LM Studio load the model on the first request, which can take minutes.
   */
  firstCallTimeoutMs: z.int().positive().default(180_000),
  /** Total time of one call, every attempt and every wait before a retry included (at least firstCallTimeoutMs for the first call). */
  callBudgetMs: z.int().positive().default(300_000),
  /** After this long without an answer the client says once that it is still waiting (0 = never). */
  slowNoticeMs: z.int().min(0).default(15_000),
  /** Retries after the first attempt, on timeouts, 429 / 5xx and network errors. */
  maxRetries: z.int().min(0).max(20).default(3),
  /** First backoff delay; doubles per retry, with jitter. */
  retryBaseDelayMs: z.int().min(0).default(500),
  /** Upper bound of one backoff delay (Retry-After may ask for more, up to maxRetryAfterMs). */
  retryMaxDelayMs: z.int().min(0).default(20_000),
  /** A Retry-After longer than this is not waited for: the call fails with kind `rate_limit`. */
  maxRetryAfterMs: z.int().min(0).default(60_000),
  /**
   * How a JSON answer is requested when the caller passes a schema: `auto` tries json_schema,
   * then json_object, then the schema in the prompt, remembering what the server rejects.
   */
  structuredOutput: StructuredOutputModeSchema.default('auto'),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.int().positive().optional(),
})

export type LlmConfig = z.infer<typeof LlmConfigSchema>
/** What callers may pass: every field with a default is optional. */
export type LlmConfigInput = z.input<typeof LlmConfigSchema>

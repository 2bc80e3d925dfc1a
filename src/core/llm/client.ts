/**
 * OpenAI-compatible chat client (Ollama, LM Studio, vLLM, llama.cpp server, hosted APIs) on the
 * `openai` package. The SDK's own retries are off: this module retries timeouts, 429 / 5xx and
 * network errors itself so it can honour Retry-After, count retries in the usage meter, keep
 * every call inside its total budget, and stop waiting the moment the caller's AbortSignal fires.
 *
 * The policy (docs/llm-and-config.md): each attempt has a time limit (`timeoutMs`; until the
 * first answer the warm-up allowance `firstCallTimeoutMs`, since local servers load the model on
 * the first request); a failed attempt is retried up to `maxRetries` times; the attempts and the
 * waits between them never exceed the call's budget (`callBudgetMs`, or the caller's `budgetMs`).
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'
import { z } from 'zod'
import { createLogger, type Logger } from '../logger.js'
import { LlmConfigSchema, type LlmConfig, type LlmConfigInput } from './config.js'
import { LlmError, redact } from './errors.js'
import { backoffDelay, parseRetryAfter, sleep } from './retry.js'
import {
  buildStructured,
  isFormatRejection,
  maybeFormatRejection,
  type ChatMessage,
  type FormatMode,
  type JsonSchemaRequest,
  type ResponseFormat,
} from './structured.js'
import { UsageMeter, estimateTokens, type UsageSnapshot } from './usage.js'

export type { ChatMessage, JsonSchemaRequest, FormatMode } from './structured.js'

export interface ChatRequest {
  messages: ChatMessage[]
  /** Ask for a JSON answer of this shape (see `structuredOutput` in the config for how). */
  jsonSchema?: JsonSchemaRequest
  temperature?: number
  maxTokens?: number
  /** Abort to cancel: the call rejects with kind `cancelled` at once, also while waiting to retry. */
  signal?: AbortSignal
  /** Time limit of one HTTP attempt (default: config.timeoutMs, or firstCallTimeoutMs before the first answer). */
  timeoutMs?: number
  /**
   * Total time this call may take, attempts and waits before retries included (default:
   * config.callBudgetMs). A retry that cannot fit is not made: the call fails with the last error.
   */
  budgetMs?: number
}

export interface ChatResult {
  text: string
  /** True when the server enforced a JSON format (json_schema or json_object was accepted). */
  structured: boolean
  /** How the answer was asked for: `text` when no schema was given. */
  mode: FormatMode | 'text'
  usage: { promptTokens: number; completionTokens: number; /** server sent no usage */ estimated: boolean }
  /** Wall time of the whole call, retries included. */
  latencyMs: number
  /** HTTP attempts made for the mode that answered. */
  attempts: number
  finishReason?: string
}

export type SupportState = 'unknown' | 'supported' | 'unsupported'

export interface LlmClient {
  readonly model: string
  /** Base URL without credentials. */
  readonly baseUrl: string
  chat(req: ChatRequest): Promise<ChatResult>
  usage(): UsageSnapshot
  /** What this client has learned about the server's response_format support. */
  structuredSupport(): { json_schema: SupportState; json_object: SupportState }
  /** GET /models: a cheap health check; returns the model ids. */
  listModels(opts?: { signal?: AbortSignal; timeoutMs?: number }): Promise<string[]>
}

export interface LlmClientOptions {
  logger?: Logger
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof fetch
  /** Randomness for jitter (tests may pin it). */
  random?: () => number
  /** Told once per call, in one line, when a call has had no answer for `slowNoticeMs`. */
  onSlow?: (line: string) => void
}

const CompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.looseObject({
          content: z.string().nullable().optional(),
          refusal: z.string().nullable().optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z
    .object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() })
    .nullable()
    .optional(),
})

const PLACEHOLDER_KEY = 'sk-no-key-required'
const FORMAT_WORDS = /response[_ ]?format|json[_ ]?schema|json[_ ]?object/i

/** Adds `/v1` when the URL has no path (`http://127.0.0.1:1234` → `http://127.0.0.1:1234/v1`). */
export function normalizeBaseUrl(baseUrl: string): string {
  const u = new URL(baseUrl)
  if (u.pathname === '' || u.pathname === '/') u.pathname = '/v1'
  return u.toString().replace(/\/+$/, '')
}

function publicUrl(baseUrl: string): string {
  const u = new URL(baseUrl)
  u.username = ''
  u.password = ''
  return u.toString().replace(/\/+$/, '')
}

/** `850 ms`, `15 s`, `3 min` */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 120_000) return `${Math.round(ms / 100) / 10} s`
  return `${Math.round(ms / 6000) / 10} min`
}

function snippet(value: unknown): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value)
  return s.length > 200 ? `${s.slice(0, 200)}…` : s
}

export function createLlmClient(config: LlmConfigInput | LlmConfig, opts: LlmClientOptions = {}): LlmClient {
  const parsed = LlmConfigSchema.safeParse(config)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `llm.${i.path.join('.')}: ${i.message}`).join('; ')
    throw new LlmError('bad_request', `invalid LLM config: ${issues}`)
  }
  const cfg = parsed.data
  const baseUrl = normalizeBaseUrl(cfg.baseUrl)
  const shownUrl = publicUrl(baseUrl)
  const urlParts = new URL(baseUrl)
  const secrets = [cfg.apiKey, urlParts.password ? decodeURIComponent(urlParts.password) : undefined, urlParts.password || undefined]
  const log = opts.logger ?? createLogger('llm')
  const random = opts.random ?? Math.random
  const meter = new UsageMeter()
  const support: { json_schema: SupportState; json_object: SupportState } = { json_schema: 'unknown', json_object: 'unknown' }

  const sdk = new OpenAI({
    apiKey: cfg.apiKey || PLACEHOLDER_KEY,
    baseURL: baseUrl,
    maxRetries: 0,
    timeout: cfg.timeoutMs * 2 + 1000, // our own per-attempt timer fires first; the SDK's is only a backstop
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  })

  const clean = (s: string) => redact(s, secrets)

  /** Turns anything the SDK throws into an LlmError. */
  function classify(err: unknown, usedFormat: boolean): LlmError {
    if (err instanceof LlmError) return err
    if (err instanceof APIUserAbortError) return new LlmError('cancelled', 'model call cancelled')
    if (err instanceof APIConnectionTimeoutError) return new LlmError('timeout', `model server at ${shownUrl} timed out`)
    if (err instanceof APIConnectionError) {
      const cause = (err as { cause?: { cause?: { code?: string; message?: string }; message?: string } }).cause
      const detail = cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? err.message
      return new LlmError('network', clean(`cannot reach the model server at ${shownUrl}: ${detail}`), { cause: undefined })
    }
    if (err instanceof APIError && typeof err.status === 'number') {
      const status = err.status
      const serverMsg = clean(err.message.replace(/^\d{3}\s*/, '') || `HTTP ${status}`)
      const retryAfterMs = parseRetryAfter(err.headers as Headers | undefined)
      const extra = retryAfterMs === undefined ? {} : { retryAfterMs }
      if (status === 401 || status === 403)
        return new LlmError('auth', `model server at ${shownUrl} refused the credentials (${status}): ${serverMsg} — check llm.apiKey / MINDBRIDGE_LLM_API_KEY`, { status })
      if (status === 429) return new LlmError('rate_limit', `model server at ${shownUrl} is rate limiting (429): ${serverMsg}`, { status, ...extra })
      if (status === 404)
        return new LlmError('bad_request', `not found (404) at ${shownUrl}: ${serverMsg} — check llm.baseUrl (usually ends in /v1) and llm.model ("${cfg.model}")`, { status })
      if (status >= 500 && usedFormat && FORMAT_WORDS.test(serverMsg))
        return new LlmError('bad_request', `model server at ${shownUrl} failed on the response_format (${status}): ${serverMsg}`, { status })
      if (status >= 500 || status === 408 || status === 409)
        return new LlmError('server', `model server at ${shownUrl} failed (${status}): ${serverMsg}`, { status, ...extra })
      return new LlmError('bad_request', `model server at ${shownUrl} rejected the request (${status}): ${serverMsg}`, { status })
    }
    if (err instanceof SyntaxError) return new LlmError('bad_response', `model server at ${shownUrl} sent a body that is not valid JSON: ${clean(err.message)}`)
    const msg = err instanceof Error ? err.message : String(err)
    return new LlmError('network', clean(`model call to ${shownUrl} failed: ${msg}`))
  }

  let warmedUp = false

  /** One HTTP attempt under its own timer, linked to the caller's signal. */
  async function attempt<T>(run: (signal: AbortSignal) => Promise<T>, signal: AbortSignal | undefined, timeoutMs: number, usedFormat: boolean): Promise<T> {
    if (signal?.aborted) throw new LlmError('cancelled', 'model call cancelled before it started')
    const ac = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      ac.abort()
    }, timeoutMs)
    const onAbort = () => ac.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      return await run(ac.signal)
    } catch (err) {
      if (signal?.aborted) throw new LlmError('cancelled', 'model call cancelled')
      if (timedOut) throw new LlmError('timeout', `model server at ${shownUrl} gave no answer within ${timeoutMs} ms (model "${cfg.model}")`)
      throw classify(err, usedFormat)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  /**
   * Retries retryable failures with backoff (or the server's Retry-After), each attempt limited
   * to `timeoutMs` and everything to `deadline` (a performance.now() time).
   */
  async function withRetries<T>(
    run: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal | undefined,
    timeoutMs: number,
    usedFormat: boolean,
    deadline: number,
    budgetMs: number,
  ): Promise<{ value: T; attempts: number }> {
    const giveUp = (err: LlmError, attempts: number, why: string) =>
      attempts === 1 && !why
        ? err
        : new LlmError(err.kind, `${err.message} (gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}${why})`, { status: err.status, attempts, retryAfterMs: err.retryAfterMs })
    const budgetText = ` within the call budget of ${formatMs(budgetMs)}`
    for (let retry = 0; ; retry++) {
      const left = deadline - performance.now()
      try {
        return { value: await attempt(run, signal, Math.max(1, Math.min(timeoutMs, left)), usedFormat), attempts: retry + 1 }
      } catch (e) {
        const err = e instanceof LlmError ? e : classify(e, usedFormat)
        const attempts = retry + 1
        if (!err.retryable || retry >= cfg.maxRetries) throw giveUp(err, attempts, '')
        if (deadline - performance.now() < 1) throw giveUp(err, attempts, budgetText)
        let wait: number
        if (err.retryAfterMs !== undefined) {
          if (err.retryAfterMs > cfg.maxRetryAfterMs) {
            throw new LlmError(err.kind, `${err.message}; the server asked to wait ${Math.ceil(err.retryAfterMs / 1000)} s, more than llm.maxRetryAfterMs (${cfg.maxRetryAfterMs} ms)`, {
              status: err.status,
              attempts,
              retryAfterMs: err.retryAfterMs,
            })
          }
          // Honour the server: wait at least what it asked, plus a little jitter so clients spread out.
          wait = err.retryAfterMs + random() * Math.min(250, err.retryAfterMs * 0.1)
        } else {
          wait = backoffDelay(retry, cfg.retryBaseDelayMs, cfg.retryMaxDelayMs, random)
        }
        // A retry must have time left to answer after the wait; otherwise fail now, so the caller can fall back.
        if (performance.now() + wait >= deadline) {
          if (err.retryAfterMs !== undefined) {
            throw new LlmError(err.kind, `${err.message}; the server asked to wait ${formatMs(err.retryAfterMs)}, more than the ${formatMs(Math.max(0, deadline - performance.now()))} this call has left`, {
              status: err.status,
              attempts,
              retryAfterMs: err.retryAfterMs,
            })
          }
          throw giveUp(err, attempts, budgetText)
        }
        meter.retried()
        log.debug('model call failed, retrying', { kind: err.kind, status: err.status, retry: retry + 1, waitMs: Math.round(wait) })
        await sleep(wait, signal)
      }
    }
  }

  function modesFor(req: ChatRequest): Array<FormatMode | 'text'> {
    if (!req.jsonSchema) return ['text']
    switch (cfg.structuredOutput) {
      case 'json_schema':
        return ['json_schema']
      case 'json_object':
        return ['json_object']
      case 'off':
        return ['prompt']
      case 'auto': {
        const modes: FormatMode[] = []
        if (support.json_schema !== 'unsupported') modes.push('json_schema')
        if (support.json_object !== 'unsupported') modes.push('json_object')
        modes.push('prompt')
        return modes
      }
    }
  }

  async function chatOnce(req: ChatRequest, mode: FormatMode | 'text', timeoutMs: number, deadline: number, budgetMs: number) {
    let messages = req.messages
    let responseFormat: ResponseFormat | undefined
    if (mode !== 'text' && req.jsonSchema) ({ messages, responseFormat } = buildStructured(req.messages, req.jsonSchema, mode))
    const body: Record<string, unknown> = { model: cfg.model, messages, stream: false }
    const temperature = req.temperature ?? cfg.temperature
    const maxTokens = req.maxTokens ?? cfg.maxTokens
    if (temperature !== undefined) body.temperature = temperature
    if (maxTokens !== undefined) body.max_tokens = maxTokens
    if (responseFormat) body.response_format = responseFormat

    const { value: raw, attempts } = await withRetries(
      (signal) =>
        sdk.chat.completions.create(body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, { signal, maxRetries: 0, timeout: timeoutMs * 2 + 1000 }) as Promise<unknown>,
      req.signal,
      timeoutMs,
      responseFormat !== undefined,
      deadline,
      budgetMs,
    )
    return { raw, attempts, messages }
  }

  function readCompletion(raw: unknown): { text: string; finishReason?: string; usage?: { prompt_tokens?: number; completion_tokens?: number } | null } {
    const parsed = CompletionSchema.safeParse(raw)
    if (!parsed.success) {
      const apiErr = raw && typeof raw === 'object' && 'error' in raw ? (raw as { error: unknown }).error : undefined
      if (apiErr !== undefined) {
        const msg = typeof apiErr === 'object' && apiErr && 'message' in apiErr ? String((apiErr as { message: unknown }).message) : snippet(apiErr)
        throw new LlmError('bad_request', clean(`model server at ${shownUrl} answered with an error: ${msg}`))
      }
      throw new LlmError('bad_response', clean(`model server at ${shownUrl} did not answer with a chat completion (expected choices[0].message.content), got: ${snippet(raw)}`))
    }
    const choice = parsed.data.choices[0]!
    const content = choice.message.content
    if (typeof content !== 'string') {
      const refusal = choice.message.refusal
      throw new LlmError('bad_response', refusal ? clean(`the model refused: ${refusal}`) : `the answer has no text content (finish_reason ${choice.finish_reason ?? 'missing'})`)
    }
    return { text: content, ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}), usage: parsed.data.usage }
  }

  async function chat(req: ChatRequest): Promise<ChatResult> {
    const started = performance.now()
    meter.callStarted()
    const firstCall = !warmedUp
    const timeoutMs = req.timeoutMs ?? (firstCall ? Math.max(cfg.timeoutMs, cfg.firstCallTimeoutMs) : cfg.timeoutMs)
    const budgetMs = req.budgetMs ?? (firstCall ? Math.max(cfg.callBudgetMs, cfg.firstCallTimeoutMs) : cfg.callBudgetMs)
    const deadline = started + budgetMs
    const modes = modesFor(req)
    const tentative: FormatMode[] = []
    const slowTimer =
      opts.onSlow && cfg.slowNoticeMs > 0 && cfg.slowNoticeMs < budgetMs
        ? setTimeout(() => {
            const why = firstCall ? 'the first call may be loading the model' : 'the model is slow or busy'
            const line = `waiting for the model "${cfg.model}" at ${shownUrl}: no answer after ${formatMs(cfg.slowNoticeMs)} (${why}; waiting up to ${formatMs(budgetMs)} in all)`
            log.info('model is slow', { model: cfg.model, waitedMs: cfg.slowNoticeMs })
            try {
              opts.onSlow?.(line)
            } catch {
              /* a notice must not break the call */
            }
          }, cfg.slowNoticeMs)
        : undefined
    slowTimer?.unref()
    try {
      for (let i = 0; ; i++) {
        const mode = modes[i]!
        try {
          const { raw, attempts, messages } = await chatOnce(req, mode, timeoutMs, deadline, budgetMs)
          const { text, finishReason, usage } = readCompletion(raw)
          warmedUp = true
          if (mode === 'json_schema' || mode === 'json_object') support[mode] = 'supported'
          for (const m of tentative) if (m !== 'prompt') support[m] = 'unsupported'
          const estimated = typeof usage?.prompt_tokens !== 'number' || typeof usage?.completion_tokens !== 'number'
          const promptTokens = estimated ? estimateTokens(messages.map((m) => m.content).join('\n')) : usage!.prompt_tokens!
          const completionTokens = estimated ? estimateTokens(text) : usage!.completion_tokens!
          const latencyMs = performance.now() - started
          meter.succeeded(latencyMs, promptTokens, completionTokens, estimated)
          return {
            text,
            structured: mode === 'json_schema' || mode === 'json_object',
            mode,
            usage: { promptTokens, completionTokens, estimated },
            latencyMs,
            attempts,
            ...(finishReason ? { finishReason } : {}),
          }
        } catch (e) {
          const err = e instanceof LlmError ? e : classify(e, false)
          const last = i === modes.length - 1
          if (cfg.structuredOutput !== 'auto' || last || mode === 'text' || mode === 'prompt') throw err
          if (isFormatRejection(err)) {
            support[mode] = 'unsupported'
          } else if (maybeFormatRejection(err) && support[mode] !== 'supported') {
            tentative.push(mode)
          } else {
            throw err
          }
          meter.fellBack()
          log.info('server rejected the response format, falling back', { mode, next: modes[i + 1], reason: err.message })
        }
      }
    } catch (e) {
      meter.failed(performance.now() - started)
      throw e instanceof LlmError ? e : classify(e, false)
    } finally {
      if (slowTimer) clearTimeout(slowTimer)
    }
  }

  async function listModels(o: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<string[]> {
    const limit = o.timeoutMs ?? cfg.timeoutMs
    const { value } = await withRetries(
      async (signal) => {
        const page = await sdk.models.list({ signal, maxRetries: 0, timeout: (o.timeoutMs ?? cfg.timeoutMs) * 2 + 1000 })
        return page.data.map((m) => m.id)
      },
      o.signal,
      limit,
      false,
      performance.now() + Math.max(limit, cfg.callBudgetMs),
      Math.max(limit, cfg.callBudgetMs),
    )
    return value
  }

  return {
    model: cfg.model,
    baseUrl: shownUrl,
    chat,
    usage: () => meter.snapshot(),
    structuredSupport: () => ({ ...support }),
    listModels,
  }
}

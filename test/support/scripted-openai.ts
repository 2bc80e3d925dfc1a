/**
 * A scripted OpenAI-compatible server for tests: real `node:http` on 127.0.0.1 (port 0),
 * `POST /v1/chat/completions` and `GET /v1/models`. Each chat request plays the next step of
 * a script; every request is recorded (parsed body + headers + arrival time).
 *
 * Non-streaming only: a request with `stream: true` gets a 400 error.
 *
 * Steps:
 *   { reply }                      200 with the content (usage counted with gpt-tokenizer)
 *   { reply, delayMs }             same, after a delay
 *   { status, body?, headers? }    an HTTP error (e.g. 429 + Retry-After, 500); body defaults to an OpenAI error JSON
 *   { raw, status?, contentType? } a malformed body sent as-is (default 200, application/json)
 *   { hang: true }                 accepts the request and never answers (until close())
 *   { rejectJsonSchema: true }     400 "response_format json_schema not supported" if the request asks for
 *                                  json_schema; otherwise the step is skipped and the next one answers
 *   (req, index) => step           a reactive scripted model; may be async
 * When the script runs out the last step repeats (opts.whenExhausted: 'repeat' | 'error').
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface ReplyStep {
  reply: string
  delayMs?: number
  /** Override the usage block; `null` omits it (clients must then estimate). */
  usage?: { prompt_tokens: number; completion_tokens: number } | null
  finishReason?: string
}
export interface ErrorStep {
  status: number
  body?: string
  headers?: Record<string, string>
  delayMs?: number
}
export interface RawStep {
  raw: string
  status?: number
  contentType?: string
  delayMs?: number
}
export interface HangStep {
  hang: true
}
export interface RejectJsonSchemaStep {
  rejectJsonSchema: true
}
export type StaticStep = ReplyStep | ErrorStep | RawStep | HangStep | RejectJsonSchemaStep
export type StepFn = (req: RecordedRequest, index: number) => StaticStep | Promise<StaticStep>
export type ScriptStep = StaticStep | StepFn

export interface ChatBody {
  model?: string
  messages?: Array<{ role: string; content?: unknown; [k: string]: unknown }>
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown; strict?: boolean } }
  temperature?: number
  max_tokens?: number
  stream?: boolean
  [k: string]: unknown
}

export interface RecordedRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  /** Parsed JSON body (undefined when the body was not JSON). */
  body: ChatBody | undefined
  rawBody: string
  /** `performance.now()` when the request arrived. */
  receivedAt: number
  /** Index of the script step that answered (chat requests only). */
  stepIndex?: number
  /** The usage block sent back (reply steps that report usage). */
  usage?: { prompt_tokens: number; completion_tokens: number }
}

export interface ScriptedOpenAIOptions {
  whenExhausted?: 'repeat' | 'error'
  /** Response formats this "server" never supports (every such request gets a 400), without consuming steps. */
  rejectResponseFormats?: Array<'json_schema' | 'json_object'>
  /** When set, requests without `Authorization: Bearer <key>` get 401. */
  requireApiKey?: string
  /** Model ids listed by GET /v1/models (default ['scripted-model']). */
  models?: string[]
}

export interface ScriptedOpenAI {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:54321/v1`. */
  baseUrl: string
  port: number
  requests: RecordedRequest[]
  /** Only the chat-completion requests. */
  chatRequests(): RecordedRequest[]
  close(): Promise<void>
}

type Tokenizer = (text: string) => number
let tokenizer: Promise<Tokenizer> | undefined
function loadTokenizer(): Promise<Tokenizer> {
  tokenizer ??= import('gpt-tokenizer').then(
    (m) => (text: string) => m.countTokens(text),
    () => (text: string) => Math.ceil(text.length / 4),
  )
  return tokenizer
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    return content.map((p) => (p && typeof p === 'object' && 'text' in p ? String(p.text) : '')).join('')
  }
  return ''
}

function errorJson(message: string, type: string, param: string | null = null, code: string | null = null): string {
  return JSON.stringify({ error: { message, type, param, code } })
}

export async function startScriptedOpenAI(steps: ScriptStep[], opts: ScriptedOpenAIOptions = {}): Promise<ScriptedOpenAI> {
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()
  let next = 0
  let closed = false
  let completionId = 0

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t)
        resolve()
      }, ms)
      timers.add(t)
    })

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    if (closed || res.destroyed) return
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(body)
  }

  const takeStep = (): { step: ScriptStep | undefined; index: number } => {
    if (next < steps.length) {
      const index = next++
      return { step: steps[index], index }
    }
    if (opts.whenExhausted === 'error' || steps.length === 0) return { step: undefined, index: next++ }
    return { step: steps[steps.length - 1], index: steps.length - 1 }
  }

  const reply = async (req: RecordedRequest, res: ServerResponse, step: ReplyStep) => {
    if (step.delayMs) await delay(step.delayMs)
    const count = await loadTokenizer()
    const messages = req.body?.messages ?? []
    const promptTokens = messages.reduce((n, m) => n + 4 + count(contentText(m.content)), 3)
    const usage =
      step.usage === null
        ? undefined
        : step.usage
          ? { ...step.usage, total_tokens: step.usage.prompt_tokens + step.usage.completion_tokens }
          : { prompt_tokens: promptTokens, completion_tokens: count(step.reply), total_tokens: promptTokens + count(step.reply) }
    if (usage) req.usage = { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens }
    const body = {
      id: `chatcmpl-scripted-${++completionId}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: req.body?.model ?? 'scripted-model',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: step.reply },
          finish_reason: step.finishReason ?? 'stop',
          logprobs: null,
        },
      ],
      ...(usage ? { usage } : {}),
    }
    send(res, 200, JSON.stringify(body))
  }

  const play = async (req: RecordedRequest, res: ServerResponse, step: ScriptStep | undefined, index: number): Promise<void> => {
    if (step === undefined) {
      send(res, 500, errorJson('scripted server: script exhausted', 'server_error'))
      return
    }
    if (typeof step === 'function') {
      let produced: StaticStep
      try {
        produced = await step(req, index)
      } catch (err) {
        send(res, 500, errorJson(`scripted step threw: ${(err as Error).message}`, 'server_error'))
        return
      }
      return play(req, res, produced, index)
    }
    if ('hang' in step) return // never answered; close() destroys the socket
    if ('rejectJsonSchema' in step) {
      if (req.body?.response_format?.type === 'json_schema') {
        send(res, 400, errorJson("Invalid value for 'response_format': json_schema is not supported by this server", 'invalid_request_error', 'response_format'))
        return
      }
      const { step: following, index: i } = takeStep()
      req.stepIndex = i
      return play(req, res, following, i)
    }
    if ('reply' in step) return reply(req, res, step)
    if ('raw' in step) {
      if (step.delayMs) await delay(step.delayMs)
      send(res, step.status ?? 200, step.raw, { 'content-type': step.contentType ?? 'application/json' })
      return
    }
    if (step.delayMs) await delay(step.delayMs)
    const body = step.body ?? errorJson(`scripted error ${step.status}`, step.status === 429 ? 'rate_limit_exceeded' : 'server_error')
    send(res, step.status, body, step.headers)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse, rawBody: string) => {
    const path = (req.url ?? '/').split('?')[0]!
    let body: ChatBody | undefined
    try {
      body = rawBody ? (JSON.parse(rawBody) as ChatBody) : undefined
    } catch {
      body = undefined
    }
    const rec: RecordedRequest = { method: req.method ?? 'GET', path, headers: { ...req.headers }, body, rawBody, receivedAt: performance.now() }
    requests.push(rec)

    if (opts.requireApiKey !== undefined && req.headers.authorization !== `Bearer ${opts.requireApiKey}`) {
      send(res, 401, errorJson('Incorrect API key provided.', 'invalid_request_error', null, 'invalid_api_key'))
      return
    }
    if (req.method === 'GET' && (path === '/v1/models' || path === '/models')) {
      const data = (opts.models ?? ['scripted-model']).map((id) => ({ id, object: 'model', created: 0, owned_by: 'scripted' }))
      send(res, 200, JSON.stringify({ object: 'list', data }))
      return
    }
    if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/chat/completions')) {
      send(res, 404, errorJson(`scripted server: no route ${req.method} ${path}`, 'invalid_request_error'))
      return
    }
    if (!body || !Array.isArray(body.messages)) {
      send(res, 400, errorJson('request body must be JSON with a messages array', 'invalid_request_error', 'messages'))
      return
    }
    if (body.stream === true) {
      send(res, 400, errorJson('scripted server supports stream:false only', 'invalid_request_error', 'stream'))
      return
    }
    const format = body.response_format?.type
    if (format && (opts.rejectResponseFormats as string[] | undefined)?.includes(format)) {
      send(res, 400, errorJson(`Invalid value for 'response_format': ${format} is not supported by this server`, 'invalid_request_error', 'response_format'))
      return
    }
    const { step, index } = takeStep()
    rec.stepIndex = index
    await play(rec, res, step, index)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) => {
        send(res, 500, errorJson(`scripted server failure: ${(err as Error).message}`, 'server_error'))
      })
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    chatRequests: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions')),
    close: async () => {
      if (closed) return
      closed = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

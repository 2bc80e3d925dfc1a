import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { startScriptedOpenAI, type ScriptedOpenAI, type ScriptStep, type ScriptedOpenAIOptions } from '../support/scripted-openai.js'
import { createLlmClient, LlmError, type LlmConfigInput } from '../../src/core/llm/index.js'
import { createLogger } from '../../src/core/logger.js'
import { waitFor, within } from '../support/wait.js'

const quiet = createLogger('llm-test', { level: 'silent' })
const servers: ScriptedOpenAI[] = []
after(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

async function serve(steps: ScriptStep[], opts?: ScriptedOpenAIOptions): Promise<ScriptedOpenAI> {
  const s = await startScriptedOpenAI(steps, opts)
  servers.push(s)
  return s
}

function client(s: ScriptedOpenAI, extra: Partial<LlmConfigInput> = {}) {
  return createLlmClient({ baseUrl: s.baseUrl, model: 'test-model', retryBaseDelayMs: 5, retryMaxDelayMs: 20, ...extra }, { logger: quiet })
}

const user = (content: string) => [{ role: 'user' as const, content }]
const schema = { type: 'object', properties: { action: { type: 'string' } }, required: ['action'] }

async function rejects(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p
  } catch (e) {
    assert.ok(e instanceof LlmError, `expected LlmError, got ${String(e)}`)
    return e
  }
  assert.fail('expected the call to fail')
}

describe('llm client: requests and structured output', () => {
  test('plain chat sends model, messages, temperature, max_tokens and returns the text with server usage', async () => {
    const s = await serve([{ reply: 'hello there', usage: { prompt_tokens: 11, completion_tokens: 3 } }])
    const c = client(s, { temperature: 0.3, maxTokens: 512 })
    const r = await c.chat({ messages: [{ role: 'system', content: 'be brief' }, ...user('hi')] })
    assert.equal(r.text, 'hello there')
    assert.equal(r.structured, false)
    assert.equal(r.mode, 'text')
    assert.deepEqual(r.usage, { promptTokens: 11, completionTokens: 3, estimated: false })
    const body = s.chatRequests()[0]!.body!
    assert.equal(body.model, 'test-model')
    assert.equal(body.temperature, 0.3)
    assert.equal(body.max_tokens, 512)
    assert.equal(body.stream, false)
    assert.equal(body.response_format, undefined)
    assert.deepEqual(body.messages, [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'hi' },
    ])
  })

  test('per-request temperature/maxTokens override the config', async () => {
    const s = await serve([{ reply: 'ok' }])
    await client(s, { temperature: 0.3 }).chat({ messages: user('x'), temperature: 0, maxTokens: 7 })
    const body = s.chatRequests()[0]!.body!
    assert.equal(body.temperature, 0)
    assert.equal(body.max_tokens, 7)
  })

  test('with a schema, auto mode asks with response_format json_schema and leaves the messages alone', async () => {
    const s = await serve([{ reply: '{"action":"mine"}' }])
    const c = client(s)
    const r = await c.chat({ messages: user('what now?'), jsonSchema: { name: 'next action!', schema, strict: true } })
    assert.equal(r.text, '{"action":"mine"}')
    assert.equal(r.structured, true)
    assert.equal(r.mode, 'json_schema')
    const body = s.chatRequests()[0]!.body!
    assert.deepEqual(body.response_format, { type: 'json_schema', json_schema: { name: 'next_action_', schema, strict: true } })
    assert.deepEqual(body.messages, [{ role: 'user', content: 'what now?' }])
    assert.deepEqual(c.structuredSupport(), { json_schema: 'supported', json_object: 'unknown' })
  })

  test('fallback chain json_schema → json_object → prompt, remembered per client', async () => {
    const s = await serve([{ reply: '{"action":"a"}' }], { rejectResponseFormats: ['json_schema', 'json_object'] })
    const c = client(s)
    const r = await c.chat({ messages: [{ role: 'system', content: 'You play.' }, ...user('go')], jsonSchema: { name: 'act', schema } })
    assert.equal(r.text, '{"action":"a"}')
    assert.equal(r.mode, 'prompt')
    assert.equal(r.structured, false)
    const reqs = s.chatRequests()
    assert.deepEqual(
      reqs.map((q) => q.body!.response_format?.type),
      ['json_schema', 'json_object', undefined],
    )
    // json_object and prompt carry the schema in the (existing) system message
    for (const q of reqs.slice(1)) {
      const sys = q.body!.messages![0]!
      assert.equal(sys.role, 'system')
      assert.match(String(sys.content), /^You play\.\n\n.*JSON Schema/s)
      assert.ok(String(sys.content).includes(JSON.stringify(schema)))
    }
    assert.deepEqual(c.structuredSupport(), { json_schema: 'unsupported', json_object: 'unsupported' })
    assert.equal(c.usage().fallbacks, 2)

    // the second call goes straight to the prompt mode: no repeated failed attempts
    await c.chat({ messages: user('again'), jsonSchema: { name: 'act', schema } })
    assert.equal(s.chatRequests().length, 4)
    assert.equal(s.chatRequests()[3]!.body!.response_format, undefined)
    assert.equal(s.chatRequests()[3]!.body!.messages![0]!.role, 'system')
  })

  test('a rejectJsonSchema step makes the client fall back to json_object and start there next time', async () => {
    const s = await serve([{ rejectJsonSchema: true }, { reply: '{"action":"x"}' }, { reply: '{"action":"y"}' }])
    const c = client(s)
    const r1 = await c.chat({ messages: user('1'), jsonSchema: { name: 'act', schema } })
    assert.equal(r1.mode, 'json_object')
    assert.equal(r1.structured, true)
    const r2 = await c.chat({ messages: user('2'), jsonSchema: { name: 'act', schema } })
    assert.equal(r2.text, '{"action":"y"}')
    assert.deepEqual(
      s.chatRequests().map((q) => q.body!.response_format?.type),
      ['json_schema', 'json_object', 'json_object'],
    )
    assert.deepEqual(c.structuredSupport(), { json_schema: 'unsupported', json_object: 'supported' })
  })

  test('a 200 body carrying an error about response_format also triggers the fallback', async () => {
    const s = await serve([
      { raw: JSON.stringify({ error: { message: 'response_format json_schema unsupported' } }) },
      { reply: '{"action":"z"}' },
    ])
    const c = client(s)
    const r = await c.chat({ messages: user('1'), jsonSchema: { name: 'act', schema } })
    assert.equal(r.mode, 'json_object')
    assert.equal(c.structuredSupport().json_schema, 'unsupported')
  })

  test("structuredOutput 'off' puts the schema in a new system message and sends no response_format", async () => {
    const s = await serve([{ reply: '{}' }])
    const r = await client(s, { structuredOutput: 'off' }).chat({ messages: user('x'), jsonSchema: { name: 'a', schema } })
    assert.equal(r.mode, 'prompt')
    const body = s.chatRequests()[0]!.body!
    assert.equal(body.response_format, undefined)
    assert.equal(body.messages!.length, 2)
    assert.equal(body.messages![0]!.role, 'system')
    assert.match(String(body.messages![0]!.content), /JSON Schema/)
  })

  test("structuredOutput 'json_schema' does not fall back: the rejection is a bad_request", async () => {
    const s = await serve([{ reply: '{}' }], { rejectResponseFormats: ['json_schema'] })
    const err = await rejects(client(s, { structuredOutput: 'json_schema' }).chat({ messages: user('x'), jsonSchema: { name: 'a', schema } }))
    assert.equal(err.kind, 'bad_request')
    assert.equal(err.status, 400)
    assert.match(err.message, /response_format/)
    assert.equal(s.chatRequests().length, 1)
  })

  test('a baseUrl without a path gets /v1', async () => {
    const s = await serve([{ reply: 'ok' }])
    const c = client(s, { baseUrl: `http://127.0.0.1:${s.port}` })
    assert.equal((await c.chat({ messages: user('x') })).text, 'ok')
    assert.equal(s.chatRequests()[0]!.path, '/v1/chat/completions')
  })

  test('listModels reads GET /v1/models', async () => {
    const s = await serve([], { models: ['a', 'b'] })
    assert.deepEqual(await client(s).listModels(), ['a', 'b'])
  })
})

describe('llm client: failures, retries, timeouts, cancellation', () => {
  test('a hanging server times out after timeoutMs; timeouts are retried up to maxRetries, then reported once', async () => {
    const s = await serve([{ hang: true }])
    const c = client(s, { maxRetries: 2 })
    const err = await rejects(c.chat({ messages: user('x'), timeoutMs: 150 }))
    assert.equal(err.kind, 'timeout')
    assert.match(err.message, /no answer within 150 ms.*gave up after 3 attempts/)
    assert.equal(s.chatRequests().length, 3)
    assert.equal(c.usage().failures, 1)
    assert.equal(c.usage().retries, 2)
  })

  test('429 with Retry-After: the retry waits at least the header value, then succeeds', async () => {
    const s = await serve([{ status: 429, headers: { 'retry-after': '1' } }, { reply: 'after the wait' }])
    const c = client(s, { retryBaseDelayMs: 1 })
    const r = await c.chat({ messages: user('x') })
    assert.equal(r.text, 'after the wait')
    assert.equal(r.attempts, 2)
    const [a, b] = s.chatRequests()
    assert.ok(b!.receivedAt - a!.receivedAt >= 1000, `gap ${b!.receivedAt - a!.receivedAt} ms < 1000 ms`)
    assert.equal(c.usage().retries, 1)
  })

  test('retry-after-ms is honoured too', async () => {
    const s = await serve([{ status: 503, headers: { 'retry-after-ms': '300' } }, { reply: 'ok' }])
    const c = client(s, { retryBaseDelayMs: 1 })
    await c.chat({ messages: user('x') })
    const [a, b] = s.chatRequests()
    assert.ok(b!.receivedAt - a!.receivedAt >= 300)
  })

  test('a Retry-After longer than maxRetryAfterMs fails at once with rate_limit', async () => {
    const s = await serve([{ status: 429, headers: { 'retry-after': '3600' } }, { reply: 'never' }])
    const err = await rejects(client(s).chat({ messages: user('x') }))
    assert.equal(err.kind, 'rate_limit')
    assert.equal(err.retryAfterMs, 3_600_000)
    assert.match(err.message, /asked to wait 3600 s/)
    assert.equal(s.chatRequests().length, 1)
  })

  test('500 then success', async () => {
    const s = await serve([{ status: 500 }, { reply: 'recovered' }])
    const c = client(s)
    const r = await c.chat({ messages: user('x') })
    assert.equal(r.text, 'recovered')
    assert.equal(r.attempts, 2)
    assert.deepEqual([c.usage().retries, c.usage().successes, c.usage().failures], [1, 1, 0])
  })

  test('persistent 500 gives up after maxRetries with kind server', async () => {
    const s = await serve([{ status: 502, body: '{"error":{"message":"upstream down"}}' }])
    const c = client(s, { maxRetries: 2 })
    const err = await rejects(c.chat({ messages: user('x') }))
    assert.equal(err.kind, 'server')
    assert.equal(err.status, 502)
    assert.equal(err.attempts, 3)
    assert.match(err.message, /upstream down.*gave up after 3 attempts/)
    assert.equal(s.chatRequests().length, 3)
    assert.equal(c.usage().retries, 2)
  })

  test('400 is not retried', async () => {
    const s = await serve([{ status: 400, body: '{"error":{"message":"context too long"}}' }])
    const err = await rejects(client(s).chat({ messages: user('x') }))
    assert.equal(err.kind, 'bad_request')
    assert.match(err.message, /context too long/)
    assert.equal(s.chatRequests().length, 1)
  })

  test('404 names the model and the base URL', async () => {
    const s = await serve([{ status: 404, body: '{"error":{"message":"model not found"}}' }])
    const err = await rejects(client(s).chat({ messages: user('x') }))
    assert.equal(err.kind, 'bad_request')
    assert.match(err.message, /test-model/)
    assert.match(err.message, /baseUrl/)
  })

  for (const [name, step] of [
    ['garbage JSON', { raw: 'this is {not json' }],
    ['plain text body', { raw: 'hello', contentType: 'text/plain' }],
    ['JSON without choices', { raw: '{"id":"x","object":"chat.completion"}' }],
    ['choice without content', { raw: '{"choices":[{"message":{"role":"assistant"},"finish_reason":"length"}]}' }],
  ] as const) {
    test(`${name} → bad_response, not retried`, async () => {
      const s = await serve([step])
      const c = client(s)
      const err = await rejects(c.chat({ messages: user('x') }))
      assert.equal(err.kind, 'bad_response')
      assert.equal(s.chatRequests().length, 1)
      assert.equal(c.usage().failures, 1)
    })
  }

  test('a refused connection is a network error, retried, then reported', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer()
      srv.listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port
        srv.close(() => resolve(p))
      })
    })
    const c = createLlmClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', maxRetries: 1, retryBaseDelayMs: 1 }, { logger: quiet })
    const err = await rejects(c.chat({ messages: user('x') }))
    assert.equal(err.kind, 'network')
    assert.match(err.message, /cannot reach the model server/)
    assert.equal(c.usage().retries, 1)
  })

  test('AbortSignal cancels an in-flight call', async () => {
    const s = await serve([{ hang: true }])
    const c = client(s)
    const ac = new AbortController()
    const p = c.chat({ messages: user('x'), signal: ac.signal })
    await waitFor('the request to reach the server', () => s.chatRequests().length > 0)
    ac.abort()
    const err = await rejects(within('the cancelled call to end', p))
    assert.equal(err.kind, 'cancelled')
    assert.equal(err.message, 'model call cancelled')
    assert.equal(s.chatRequests().length, 1)
  })

  test('AbortSignal cancels the wait before a retry', async () => {
    // The server asks for a 30 s pause; the client counts the retry, then waits.
    const s = await serve([{ status: 429, headers: { 'retry-after': '30' } }, { reply: 'too late' }])
    const c = client(s)
    const ac = new AbortController()
    const p = c.chat({ messages: user('x'), signal: ac.signal })
    await waitFor('the client to start waiting before its retry', () => c.usage().retries === 1)
    ac.abort()
    // Cut short: the call ends with the cancel reason (not the 30 s later retry's answer), after one request.
    const err = await rejects(within('the cancelled call to end (a 30 s Retry-After that was not cut short)', p, 20_000))
    assert.equal(err.kind, 'cancelled')
    assert.equal(err.message, 'model call cancelled while waiting to retry')
    assert.equal(s.chatRequests().length, 1)
  })

  test('an already aborted signal sends nothing', async () => {
    const s = await serve([{ reply: 'x' }])
    const err = await rejects(client(s).chat({ messages: user('x'), signal: AbortSignal.abort() }))
    assert.equal(err.kind, 'cancelled')
    assert.equal(s.chatRequests().length, 0)
  })
})

describe('llm client: usage meter and secrets', () => {
  test('meter sums server usage, counts calls/failures/retries and marks estimates', async () => {
    const s = await serve([
      { reply: 'a', usage: { prompt_tokens: 10, completion_tokens: 2 } },
      { status: 500 },
      { reply: 'b', usage: { prompt_tokens: 20, completion_tokens: 5 } },
      { reply: 'x'.repeat(40), usage: null },
      { status: 400 },
    ])
    const c = client(s)
    await c.chat({ messages: user('one') })
    await c.chat({ messages: user('two') })
    const est = await c.chat({ messages: user('y'.repeat(80)) })
    assert.deepEqual(est.usage, { promptTokens: 20, completionTokens: 10, estimated: true })
    await rejects(c.chat({ messages: user('four') }))
    const u = c.usage()
    assert.equal(u.calls, 4)
    assert.equal(u.successes, 3)
    assert.equal(u.failures, 1)
    assert.equal(u.retries, 1)
    assert.equal(u.promptTokens, 10 + 20 + 20)
    assert.equal(u.completionTokens, 2 + 5 + 10)
    assert.equal(u.estimatedCalls, 1)
    assert.ok(u.totalLatencyMs > 0)
    assert.equal(u.avgLatencyMs, u.totalLatencyMs / 4)
  })

  test('the scripted server reports real token counts the client passes through', async () => {
    const s = await serve([{ reply: 'one two three' }])
    const r = await client(s).chat({ messages: user('count these words please') })
    assert.equal(r.usage.estimated, false)
    assert.ok(r.usage.promptTokens > 4)
    assert.ok(r.usage.completionTokens >= 3)
  })

  test('the API key is sent as a bearer token but never appears in error messages', async () => {
    const key = 'sk-very-secret-key-123456'
    const s = await serve([{ status: 400, body: JSON.stringify({ error: { message: `bad key ${key} in request` } }) }])
    const c = client(s, { apiKey: key })
    const err = await rejects(c.chat({ messages: user('x') }))
    assert.equal(s.chatRequests()[0]!.headers.authorization, `Bearer ${key}`)
    assert.ok(!err.message.includes(key), err.message)
    assert.ok(!String(err.stack).includes(key))
    assert.match(err.message, /bad key \*\*\* in request/)
  })

  test('a refused key is kind auth, with a hint and without the key', async () => {
    const key = 'sk-wrong-key-abcdef'
    const s = await serve([{ reply: 'x' }], { requireApiKey: 'sk-right' })
    const err = await rejects(client(s, { apiKey: key }).chat({ messages: user('x') }))
    assert.equal(err.kind, 'auth')
    assert.match(err.message, /MINDBRIDGE_LLM_API_KEY/)
    assert.ok(!err.message.includes(key))
  })

  test('without an api key a placeholder bearer token is sent', async () => {
    const s = await serve([{ reply: 'x' }])
    await client(s).chat({ messages: user('x') })
    assert.match(String(s.chatRequests()[0]!.headers.authorization), /^Bearer \S+/)
  })

  test('an invalid config is an LlmError naming the field', () => {
    assert.throws(() => createLlmClient({ baseUrl: 'not a url', model: 'm' }), (e: unknown) => e instanceof LlmError && /llm\.baseUrl/.test(e.message))
    assert.throws(() => createLlmClient({ timeoutMs: -1 }), /llm\.timeoutMs/)
  })
})

describe('llm client: slow or cold models', () => {
  test('warm-up: the first call may take longer than timeoutMs (the model is loading); later calls may not', async () => {
    // The first answer comes after 600 ms, later ones hang: timeoutMs 200 applies only once the model has answered.
    const s = await serve([{ reply: 'loaded', delayMs: 600 }, { hang: true }])
    const c = client(s, { timeoutMs: 200, firstCallTimeoutMs: 10_000, maxRetries: 1 })
    const first = await c.chat({ messages: user('hello') })
    assert.equal(first.text, 'loaded')
    assert.equal(first.attempts, 1)
    const err = await rejects(c.chat({ messages: user('again') }))
    assert.equal(err.kind, 'timeout')
    assert.match(err.message, /no answer within 200 ms/)
    assert.equal(s.chatRequests().length, 3)
  })

  test('a timed-out attempt is retried and the retry answers', async () => {
    const s = await serve([{ reply: 'warm' }, { hang: true }, { reply: 'second try' }])
    const c = client(s, { timeoutMs: 150, maxRetries: 2 })
    await c.chat({ messages: user('warm up') })
    const r = await c.chat({ messages: user('x') })
    assert.equal(r.text, 'second try')
    assert.equal(r.attempts, 2)
    assert.equal(c.usage().retries, 1)
  })

  test('retries stop at the total budget: the call fails once, naming the budget', async () => {
    const s = await serve([{ hang: true }])
    const c = client(s, { timeoutMs: 100, firstCallTimeoutMs: 100, callBudgetMs: 350, maxRetries: 20 })
    const err = await rejects(c.chat({ messages: user('x') }))
    assert.equal(err.kind, 'timeout')
    assert.match(err.message, /within the call budget of 350 ms/)
    const n = s.chatRequests().length
    assert.ok(n >= 2 && n < 21, `attempts ${n}: retried, but far fewer than maxRetries allows`)
  })

  test('a per-call budget cuts the backoff: a 500 is not retried when the wait would not fit', async () => {
    const s = await serve([{ status: 500 }, { reply: 'too late' }])
    const c = client(s, { retryBaseDelayMs: 5_000, retryMaxDelayMs: 5_000 })
    const err = await rejects(c.chat({ messages: user('x'), budgetMs: 1000 }))
    assert.equal(err.kind, 'server')
    assert.match(err.message, /gave up after 1 attempt within the call budget of 1 s/)
    assert.equal(s.chatRequests().length, 1)
  })

  test('a Retry-After longer than the time the call has left fails at once', async () => {
    const s = await serve([{ status: 429, headers: { 'retry-after': '5' } }, { reply: 'too late' }])
    const err = await rejects(client(s).chat({ messages: user('x'), budgetMs: 800 }))
    assert.equal(err.kind, 'rate_limit')
    assert.match(err.message, /asked to wait 5 s, more than the .* this call has left/)
    assert.equal(s.chatRequests().length, 1)
  })

  test('a slow model is announced once per call, in one line naming the model, while the call goes on', async () => {
    const s = await serve([{ reply: 'finally', delayMs: 500 }, { reply: 'quick' }])
    const lines: string[] = []
    const c = createLlmClient(
      { baseUrl: s.baseUrl, model: 'cold-model', slowNoticeMs: 50 },
      { logger: quiet, onSlow: (l) => lines.push(l) },
    )
    const r = await c.chat({ messages: user('x') })
    assert.equal(r.text, 'finally')
    assert.equal(lines.length, 1)
    assert.doesNotMatch(lines[0]!, /\n/)
    assert.match(lines[0]!, /^waiting for the model "cold-model" at http:\/\/127\.0\.0\.1:\d+\/v1: no answer after 50 ms \(the first call may be loading the model/)
    await c.chat({ messages: user('y') })
    assert.equal(lines.length, 1, 'a quick answer is not announced')
  })
})

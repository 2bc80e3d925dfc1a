// The scripted OpenAI-compatible server itself, spoken to with plain fetch.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { startScriptedOpenAI } from '../support/scripted-openai.js'
import { waitFor } from '../support/wait.js'

const post = (url: string, body: unknown) =>
  fetch(`${url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

test('function steps react to the prompt; usage is consistent; exhausted script can error', async () => {
  const s = await startScriptedOpenAI(
    [(req) => ({ reply: `echo: ${String(req.body?.messages?.at(-1)?.content)}` }), { status: 418, headers: { 'x-test': 'yes' } }],
    { whenExhausted: 'error' },
  )
  try {
    const r1 = await post(s.baseUrl, { model: 'm', messages: [{ role: 'user', content: 'ping' }] })
    const j1 = (await r1.json()) as { choices: Array<{ message: { content: string } }>; usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } }
    assert.equal(j1.choices[0]!.message.content, 'echo: ping')
    assert.equal(j1.usage.total_tokens, j1.usage.prompt_tokens + j1.usage.completion_tokens)
    const r2 = await post(s.baseUrl, { model: 'm', messages: [] })
    assert.equal(r2.status, 418)
    assert.equal(r2.headers.get('x-test'), 'yes')
    await r2.text()
    const r3 = await post(s.baseUrl, { model: 'm', messages: [] })
    assert.equal(r3.status, 500)
    assert.match(await r3.text(), /script exhausted/)
    assert.deepEqual(s.requests.map((r) => r.stepIndex), [0, 1, 2])
  } finally {
    await s.close()
  }
})

test('repeats the last step by default, refuses streaming, and serves /v1/models', async () => {
  const s = await startScriptedOpenAI([{ reply: 'a' }, { reply: 'b' }])
  try {
    const texts: string[] = []
    for (let i = 0; i < 3; i++) {
      const r = await post(s.baseUrl, { messages: [{ role: 'user', content: 'x' }] })
      texts.push(((await r.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content)
    }
    assert.deepEqual(texts, ['a', 'b', 'b'])
    const st = await post(s.baseUrl, { messages: [], stream: true })
    assert.equal(st.status, 400)
    assert.match(await st.text(), /stream:false only/)
    const models = (await (await fetch(`${s.baseUrl}/models`)).json()) as { data: Array<{ id: string }> }
    assert.deepEqual(models.data.map((m) => m.id), ['scripted-model'])
  } finally {
    await s.close()
  }
})

test('close() ends hanging requests so the process can exit', async () => {
  const s = await startScriptedOpenAI([{ hang: true }])
  const p = post(s.baseUrl, { messages: [] }).then(
    () => 'answered',
    () => 'connection closed',
  )
  await waitFor('the hanging request to reach the server', () => s.requests.length > 0)
  await s.close()
  assert.equal(await p, 'connection closed')
})

test('a rejectJsonSchema step rejects json_schema requests and lets other requests through to the next step', async () => {
  const s = await startScriptedOpenAI([{ rejectJsonSchema: true }, { reply: 'plain' }, { rejectJsonSchema: true }, { reply: 'after' }])
  try {
    const plain = await post(s.baseUrl, { messages: [{ role: 'user', content: 'x' }] })
    assert.equal(plain.status, 200)
    await plain.text()
    const rejected = await post(s.baseUrl, { messages: [], response_format: { type: 'json_schema', json_schema: { name: 'a', schema: {} } } })
    assert.equal(rejected.status, 400)
    assert.match(await rejected.text(), /response_format/)
    assert.deepEqual(s.requests.map((r) => r.stepIndex), [1, 2])
  } finally {
    await s.close()
  }
})

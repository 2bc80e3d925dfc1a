import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { FakeBody } from './support/fake-body.js'
import { startScriptedOpenAI, type RecordedRequest, type StaticStep } from '../support/scripted-openai.js'
import { createLlmClient } from '../../src/core/llm/index.js'
import { LynxMindLink } from '../../src/minecraft/links/lynxmind.js'
import { LlmMind } from '../../src/minecraft/minds/llm.js'
import { createLogger } from '../../src/core/logger.js'
import { createContextBus } from '../../src/core/context-bus.js'

const quiet = createLogger('test', { level: 'silent' })

function lastUser(req: RecordedRequest): string {
  const msgs = req.body?.messages ?? []
  for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i]!.role === 'user') return String(msgs[i]!.content)
  return ''
}

/** The last game event (or the start prompt) in the conversation, skipping corrections. */
function lastEvent(req: RecordedRequest): string {
  const msgs = req.body?.messages ?? []
  for (let i = msgs.length - 1; i >= 0; i--) {
    const c = String(msgs[i]!.content)
    if (msgs[i]!.role === 'user' && (c.includes('event: ') || c.includes('The game has started'))) return c.slice(c.lastIndexOf('</context>') + 1)
  }
  return ''
}

/** A scripted model: START, then collect 3 logs, then stop. Replies go through `style`. */
function collectModel(style: (json: string, n: number) => string = (j) => j) {
  let n = 0
  return (req: RecordedRequest): StaticStep => {
    const u = lastEvent(req)
    let json: string
    if (u.includes('The game has started')) json = '{"type":"EVENT_AI_START"}'
    else if (u.includes('EVENT_PLAYER_STATUS_CREATE_TASK')) json = '{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_COLLECT_BLOCK","needed_blocks":[{"item_name":"log","count":3}]},"plans":"get logs"}'
    else if (u.includes('EVENT_PLAYER_BARITONE_TASK_STOP')) json = '{"type":"EVENT_AI_STOP","reason":"collected the logs"}'
    else json = '{"type":"NONE"}'
    return { reply: style(json, n++) }
  }
}

async function setup(steps: Parameters<typeof startScriptedOpenAI>[0], clientOpts: Record<string, unknown> = {}, mindOpts: Record<string, unknown> = {}) {
  const server = await startScriptedOpenAI(steps)
  const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', timeoutMs: 5000, maxRetries: 2, retryBaseDelayMs: 5, retryMaxDelayMs: 50, ...clientOpts }, { logger: quiet })
  const body = new FakeBody()
  const said: string[] = []
  const mind = new LlmMind({ client, ...mindOpts })
  const bus = createContextBus()
  bus.pushPlayer('Steve', 'hello bot')
  const link = new LynxMindLink({ body, mind, logger: quiet, bus, say: (m) => said.push(m), startTimeoutMs: 10_000 })
  return {
    server, body, mind, link, said,
    async close() {
      await link.close()
      await server.close()
    },
  }
}

describe('llm mind against the scripted OpenAI-compatible server', () => {
  test('a scripted model completes a task; the prompt is the compact protocol plus context', async () => {
    const s = await setup([collectModel()])
    try {
      await s.link.start()
      const rec = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec.status, 'succeeded', rec.reason)
      assert.equal(s.body.count('oak_log'), 3)
      const reqs = s.server.chatRequests()
      assert.equal(reqs.length, 3)
      const sys = String(reqs[1]!.body!.messages![0]!.content)
      assert.match(sys, /ACTION_COLLECT_BLOCK \{needed_blocks/)
      assert.ok(sys.length < 4000, 'compact system prompt')
      assert.match(lastUser(reqs[1]!), /<context>[\s\S]*hello bot[\s\S]*<\/context>/)
      assert.equal(reqs[1]!.body!.response_format?.type, 'json_schema')
      const st = s.mind.stats()
      assert.equal(st.calls, 3)
      assert.ok(st.promptTokens > 0 && st.completionTokens > 0)
    } finally {
      await s.close()
    }
  })

  test('fenced, commented and trailing-comma replies are repaired', async () => {
    const styles = [
      (j: string) => '```json\n' + j + '\n```',
      (j: string) => j.replace('{', '{ // my answer\n'),
      (j: string) => j.replace(/}$/, ',}'),
    ]
    const s = await setup([collectModel((j, n) => styles[n % 3]!(j))])
    try {
      await s.link.start()
      const rec = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec.status, 'succeeded', rec.reason)
      assert.equal(s.mind.stats().failures, 0)
    } finally {
      await s.close()
    }
  })

  test('a wrong answer gets the correction; 3 bad replies in a row stop the task with a message', async () => {
    let calls = 0
    const s = await setup([
      (req) => {
        calls++
        if (lastUser(req).includes('The game has started')) return { reply: '{"type":"EVENT_AI_START"}' }
        return { reply: 'I think I should go mining now.' }
      },
    ])
    try {
      await s.link.start()
      const rec = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec.status, 'failed')
      assert.match(rec.reason!, /3 unusable replies in a row/)
      // the reason is one line, whole, and shows what the model said
      assert.equal(rec.reason, 'failed: the model gave 3 unusable replies in a row (last: Your reply had no JSON object. Reply with exactly one JSON object like {"key": "value"} and nothing else.; it answered: "I think I should go mining now.") (gained only 0 of 3 log)')
      assert.equal(calls, 4)
      assert.ok(s.said.some((m) => /unusable replies/.test(m)), 'the players are told')
      const reqs = s.server.chatRequests()
      assert.match(lastUser(reqs[2]!), /not usable/, 'the correction goes back to the model')
      assert.equal(s.body.calls.length, 0, 'nothing ran')
    } finally {
      await s.close()
    }
  })

  test('one bad reply then a good one: the task goes on', async () => {
    let bad = true
    const model = collectModel()
    const s = await setup([
      (req) => {
        if (lastEvent(req).includes('CREATE_TASK') && bad) {
          bad = false
          return { reply: '{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_FLY"}}' }
        }
        return model(req)
      },
    ])
    try {
      await s.link.start()
      const rec = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec.status, 'succeeded', rec.reason)
    } finally {
      await s.close()
    }
  })

  test('429 with Retry-After, 500 and a garbage body are survived', async () => {
    const model = collectModel()
    let i = 0
    const s = await setup([
      (req) => {
        i++
        if (i === 2) return { status: 429, headers: { 'retry-after': '1' } }
        if (i === 3) return { raw: '<html>oops' }
        if (i === 5) return { status: 500 }
        return model(req)
      },
    ])
    try {
      await s.link.start()
      const rec = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec.status, 'succeeded', rec.reason)
      assert.ok(s.server.chatRequests().length >= 6, JSON.stringify(s.server.chatRequests().map((r) => [r.stepIndex, Math.round(r.receivedAt)])))
    } finally {
      await s.close()
    }
  })

  test('a timeout or an exhausted 5xx stops the task safely with the reason; the link keeps working', async () => {
    const model = collectModel()
    let mode: 'ok' | 'hang' | '500' = 'ok'
    const s = await setup(
      [(req) => (mode === 'hang' && !lastUser(req).includes('The game has started') ? { hang: true } : mode === '500' ? { status: 500 } : model(req))],
      { timeoutMs: 300, maxRetries: 1 },
    )
    try {
      await s.link.start()
      mode = 'hang'
      const rec = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec.status, 'failed')
      assert.match(rec.reason!, /model is unavailable.*timeout/)
      assert.ok(s.body.stops.length > 0, 'the body was stopped')
      mode = '500'
      const rec2 = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec2.status, 'failed')
      assert.match(rec2.reason!, /model is unavailable.*server/)
      mode = 'ok'
      const rec3 = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec3.status, 'succeeded', rec3.reason)
    } finally {
      await s.close()
    }
  })

  test('a cold model: the first call (loading the model) outlasts timeoutMs, the operator is told once, the task succeeds', async () => {
    const model = collectModel()
    let calls = 0
    const server = await startScriptedOpenAI([
      async (req) => {
        if (calls++ === 0) await new Promise((r) => setTimeout(r, 900)) // the model loads on the first request
        return model(req)
      },
    ])
    const lines: string[] = []
    const client = createLlmClient(
      { baseUrl: server.baseUrl, model: 'cold-model', timeoutMs: 300, firstCallTimeoutMs: 20_000, slowNoticeMs: 100, maxRetries: 0 },
      { logger: quiet, onSlow: (l) => lines.push(l) },
    )
    const link = new LynxMindLink({ body: new FakeBody(), mind: new LlmMind({ client }), logger: quiet, say: () => undefined, startTimeoutMs: 30_000 })
    try {
      await link.start()
      const rec = await link.waitTask(link.createTask('collect 3 log').id)
      assert.equal(rec.status, 'succeeded', rec.reason)
      assert.equal(server.chatRequests().length, calls)
      assert.equal(lines.length, 1, lines.join('\n'))
      assert.match(lines[0]!, /waiting for the model "cold-model" .*the first call may be loading the model/)
    } finally {
      await link.close()
      await server.close()
    }
  })

  test('a server without json_schema support falls back to the tolerant parser', async () => {
    const s = await setup([{ rejectJsonSchema: true }, collectModel()])
    try {
      await s.link.start()
      const rec = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec.status, 'succeeded', rec.reason)
    } finally {
      await s.close()
    }
  })

  test('history is bounded and pickups / periodic heartbeats cost no model call', async () => {
    const s = await setup([collectModel()], {}, { historyMessages: 4 })
    try {
      await s.link.start()
      for (let k = 0; k < 4; k++) {
        const rec = await s.link.waitTask(s.link.createTask('collect 3 log').id)
        assert.equal(rec.status, 'succeeded', rec.reason)
      }
      const reqs = s.server.chatRequests()
      assert.equal(reqs.length, 1 + 4 * 2, 'pickups did not trigger calls')
      for (const r of reqs) assert.ok(r.body!.messages!.length <= 1 + 4 + 1)
    } finally {
      await s.close()
    }
  })
})

// End to end over real HTTP: our model JSON Schemas go out through the LLM client as
// `response_format: json_schema`, the (scripted) model's text comes back and our parse
// helpers turn it into typed protocol values — including a server that rejects
// json_schema, where the client falls back and the tolerant parser copes with a fence.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { createLlmClient, type JsonSchemaRequest } from '../../src/core/llm/index.js'
import { startScriptedOpenAI } from '../support/scripted-openai.js'
import { AiEventJsonSchema, AiEventStrictJsonSchema, parseLynxAiEvent } from '../../src/protocols/lynxmind.js'
import { BrainReplyJsonSchema, parseBrainReply } from '../../src/protocols/brainfile.js'
import { MaiCoreReplyStrictJsonSchema, parseMaiCoreReply } from '../../src/protocols/maim.js'

const schemas: JsonSchemaRequest[] = [AiEventJsonSchema, BrainReplyJsonSchema, MaiCoreReplyStrictJsonSchema] // type-level: usable as-is

describe('structured output through the LLM client', () => {
  test('LynxMind: schema sent as json_schema, answer parsed into a canonical event', async () => {
    const server = await startScriptedOpenAI([
      { reply: '{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_STOP_ATASK"},"plans":null,"reason":null,"radius":null,"target_block_id":null,"target_entity_id":null,"UUID_str_list":null}' },
    ])
    try {
      const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted', maxRetries: 0, timeoutMs: 5000 })
      const res = await client.chat({ messages: [{ role: 'user', content: 'status: idle' }], jsonSchema: AiEventStrictJsonSchema })
      const sent = server.chatRequests()[0]!.body?.response_format
      assert.equal(sent?.type, 'json_schema')
      assert.equal(sent?.json_schema?.name, 'lynxmind_ai_event')
      assert.equal(sent?.json_schema?.strict, true)
      assert.deepEqual(sent?.json_schema?.schema, AiEventStrictJsonSchema.schema)
      const ev = parseLynxAiEvent(res.text)
      assert.ok(ev.ok, ev.ok ? '' : ev.error)
      if (ev.ok) assert.deepEqual(ev.value, { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_STOP_BARITONE' } })
    } finally {
      await server.close()
    }
  })

  test('brain reply: a server without json_schema support; the fenced answer still parses', async () => {
    const server = await startScriptedOpenAI([
      { rejectJsonSchema: true },
      { reply: 'Here is my plan:\n```json\n{"thought":"wood","new_task":{"type":"MOVE_TO","parameters":{"x":1,"y":64,"z":2},"reason":"tree"}}\n```' },
    ])
    try {
      const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted', maxRetries: 0, timeoutMs: 5000 })
      const res = await client.chat({ messages: [{ role: 'user', content: '{"vision":{}}' }], jsonSchema: BrainReplyJsonSchema })
      const reply = parseBrainReply(res.text)
      assert.ok(reply.ok, reply.ok ? '' : reply.error)
      if (reply.ok) assert.deepEqual(reply.value.new_tasks, [{ type: 'MOVE_TO', parameters: { x: 1, y: 64, z: 2 }, reason: 'tree' }])
      const first = server.chatRequests()[0]!.body?.response_format
      assert.equal(first?.type, 'json_schema')
    } finally {
      await server.close()
    }
  })

  test('MaiCore reply: a bad answer yields a correction naming the field', async () => {
    const server = await startScriptedOpenAI([{ reply: '{"goal":"wood","targetValue":"ten"}' }])
    try {
      const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted', maxRetries: 0, timeoutMs: 5000 })
      const res = await client.chat({ messages: [{ role: 'user', content: 'state' }], jsonSchema: schemas[2]! })
      const r = parseMaiCoreReply(res.text)
      assert.ok(!r.ok)
      if (!r.ok) {
        assert.match(r.error, /at actions: required string is missing/)
        assert.match(r.error, /at targetValue: expected number, got string/)
        assert.match(r.error, /"actions": "<JavaScript>"/)
      }
    } finally {
      await server.close()
    }
  })
})

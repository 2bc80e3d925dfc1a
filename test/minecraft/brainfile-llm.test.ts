/**
 * The brain-file llm mind against the scripted OpenAI-compatible server (real HTTP on
 * loopback): the compact prompt, good answers, answers needing a correction, three bad
 * answers in a row (→ the plugin's fallback), and a model that is down.
 */
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { encode } from 'gpt-tokenizer/encoding/o200k_base'
import { createLlmClient } from '../../src/core/llm/index.js'
import { BrainLlmMind } from '../../src/minecraft/links/brainfile/llm.js'
import type { BrainView } from '../../src/minecraft/links/brainfile/mind.js'
import { createBrainFile } from '../../src/protocols/brainfile.js'
import type { BodyStatus } from '../../src/minecraft/body/types.js'
import { startScriptedOpenAI, type ScriptedOpenAI } from '../support/scripted-openai.js'

function view(over: Partial<BrainView> = {}): BrainView {
  const brain = createBrainFile()
  brain.vision = {
    chat: [{ timestamp: '2025-11-11T10:30:00', player: 'Steve', message: '木を取ってきて' }],
    blocks: {
      view_distance: 16,
      view_direction: { yaw: 90, pitch: 0 },
      visible_blocks: [
        { relative_position: { x: 3, y: 0, z: 1 }, world_position: { x: 4, y: 47, z: 3 }, block_type: 'minecraft:oak_log', distance: 3.2 },
        { relative_position: { x: 1, y: -1, z: 0 }, world_position: { x: 2, y: 46, z: 2 }, block_type: 'minecraft:grass_block', distance: 1.4 },
      ],
    },
  }
  const status: BodyStatus = {
    connected: true, health: 20, maxHealth: 20, food: 20, maxFood: 20, saturation: 5,
    position: { x: 1.5, y: 47, z: 2.5 }, yaw: 90, pitch: 0, dimension: 'overworld', timeOfDay: 1000, day: 0,
    inventory: [{ slot: 36, name: 'minecraft:oak_log', count: 2 }],
    equipment: { hand: null, offHand: null, head: null, torso: null, legs: null, feet: null },
    activity: { kind: 'idle' }, action: null,
  }
  return { brain, botName: 'Bot', status, newChat: brain.vision.chat!.slice(), trigger: 'chat', queueEmpty: true, ...over }
}

const servers: ScriptedOpenAI[] = []
after(async () => {
  for (const s of servers) await s.close()
})

async function mindWith(steps: Parameters<typeof startScriptedOpenAI>[0]) {
  const server = await startScriptedOpenAI(steps)
  servers.push(server)
  const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', maxRetries: 0, timeoutMs: 5000 })
  return { server, mind: new BrainLlmMind({ client, random: () => 0.9 }) }
}

const signal = new AbortController().signal

describe('brain-file llm mind (scripted OpenAI-compatible server)', () => {
  test('a good answer becomes the delta; the prompt is compact and carries the new chat', async () => {
    const { server, mind } = await mindWith([
      { reply: '{"thought":"Steve wants wood","memory_updates":{"goal":"wood","old":null},"new_tasks":[{"type":"MINE_WOOD","parameters":{"x":4,"y":47,"z":3},"reason":"Steve asked"}]}' },
    ])
    const d = await mind.decide(view(), signal)
    assert.equal(d.thought, 'Steve wants wood')
    assert.deepEqual(d.memory_updates, { goal: 'wood', old: null })
    assert.deepEqual(d.new_tasks, [{ type: 'MINE_WOOD', parameters: { x: 4, y: 47, z: 3 }, reason: 'Steve asked' }])
    const req = server.chatRequests()[0]!
    const [sys, user] = req.body!.messages!.map((m) => String(m.content))
    assert.match(user!, /NEW chat \(answer it\):\n\[10:30:00\] Steve: 木を取ってきて/)
    assert.match(user!, /oak_log×1: 4,47,3 d3\.2/)
    assert.match(sys!, /MINE_WOOD \{x\?,y\?,z\?,count\?\}/)
    assert.equal(req.body!.temperature, 0.3)
    const tokens = encode(sys!).length + encode(user!).length
    assert.ok(tokens <= 1200, `prompt is ${tokens} tokens`)
  })

  test('a bad answer gets a precise correction and the second answer is used; rejected tasks are reported next cycle', async () => {
    const { server, mind } = await mindWith([
      { reply: 'I will mine the tree now!' },
      { reply: '```json\n{"thought":"ok","new_tasks":[{"type":"CHAT","parameters":{"message":"on my way"}},{"type":"FLY","parameters":{}}]}\n```' },
      { reply: '{"thought":"next","new_tasks":[]}' },
    ])
    const d = await mind.decide(view(), signal)
    assert.deepEqual(d.new_tasks, [{ type: 'CHAT', parameters: { message: 'on my way' } }])
    const second = server.chatRequests()[1]!.body!.messages!
    assert.equal(second.at(-2)!.role, 'assistant')
    assert.match(String(second.at(-1)!.content), /Your reply was not usable: .*\n?.*The answer must look like/s)
    await mind.decide(view({ newChat: [] }), signal)
    const third = String(server.chatRequests()[2]!.body!.messages!.at(-1)!.content)
    assert.match(third, /notes:\n {2}your task new_tasks\[1\] was dropped: at new_tasks\[1\]\.type/)
  })

  test('three unusable answers in a row → the fallback (chat reply to the new request), counted as failures', async () => {
    const { server, mind } = await mindWith([{ reply: 'no' }, { reply: '{"new_tasks": "MINE"}' }, { reply: '{"thought": 5}' }])
    const d = await mind.decide(view(), signal)
    assert.equal(server.chatRequests().length, 3)
    assert.match(d.fallback ?? '', /3 unusable replies in a row/)
    assert.equal(d.new_tasks.length, 1)
    assert.equal(d.new_tasks[0]!.type, 'CHAT')
    assert.equal(mind.stats().failures, 3)
    // no chat and a visible log: the fallback mines it; with tasks still queued, no fallback task
    const { mind: m2 } = await mindWith([{ reply: 'no' }])
    const d2 = await m2.decide(view({ newChat: [] }), signal)
    assert.deepEqual(d2.new_tasks.map((t) => [t.type, t.parameters]), [['MINE_WOOD', { x: 4, y: 47, z: 3 }]])
    const d3 = await m2.decide(view({ newChat: [], queueEmpty: false }), signal)
    assert.deepEqual(d3.new_tasks, [])
  })

  test('a model that is down: no tasks, no throw, and the next prompt says so', async () => {
    const { server, mind } = await mindWith([{ status: 500 }, { reply: '{"thought":"back","new_tasks":[]}' }])
    const d = await mind.decide(view(), signal)
    assert.deepEqual(d.new_tasks, [])
    assert.match(d.thought, /the model is unavailable/)
    await mind.decide(view(), signal)
    assert.match(String(server.chatRequests()[1]!.body!.messages!.at(-1)!.content), /the previous model call failed/)
  })
})

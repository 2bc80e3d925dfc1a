/**
 * How big the llm mind's prompts are, counted with gpt-tokenizer by the scripted
 * OpenAI-compatible server (real HTTP): the ContextBus goes to the model as the delta
 * since the previous call, the history keeps compact turns, so a long task on a busy
 * bus costs the same per call at its end as after a few calls.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { FakeBody } from './support/fake-body.js'
import { startScriptedOpenAI, type RecordedRequest, type StaticStep } from '../support/scripted-openai.js'
import { createLlmClient } from '../../src/core/llm/index.js'
import { LynxMindLink } from '../../src/minecraft/links/lynxmind.js'
import { LlmMind } from '../../src/minecraft/minds/llm.js'
import { createLogger } from '../../src/core/logger.js'
import { createContextBus, type ContextBus } from '../../src/core/context-bus.js'
import { contextBlock } from '../../src/minecraft/minds/context-block.js'
import { compactTaskStop, pickupLine } from '../../src/minecraft/minds/prompt.js'

const quiet = createLogger('test', { level: 'silent' })

const userTexts = (req: RecordedRequest): string[] => (req.body?.messages ?? []).filter((m) => m.role === 'user').map((m) => String(m.content))
const chatLines = (text: string): string[] => text.split('\n').filter((l) => l.startsWith('<p '))

async function setup(step: (req: RecordedRequest, bus: ContextBus) => StaticStep, mindOpts: ConstructorParameters<typeof LlmMind>[0] extends infer O ? Partial<O> : never = {}) {
  const bus = createContextBus()
  const server = await startScriptedOpenAI([(req) => step(req, bus)])
  const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', timeoutMs: 5000, maxRetries: 0 }, { logger: quiet })
  const body = new FakeBody()
  const mind = new LlmMind({ client, ...mindOpts })
  const link = new LynxMindLink({ body, mind, logger: quiet, bus, say: () => undefined, startTimeoutMs: 10_000, heartbeatMs: 0 })
  return {
    server, body, mind, link, bus,
    async close() {
      await link.close()
      await server.close()
    },
  }
}

describe('llm mind prompt size', () => {
  test('a busy bus: each entry reaches the model once, and the prompt stops growing once the history is full', async () => {
    const CALLS = 14
    const PER_CALL = 25
    let call = 0
    const s = await setup((req, bus) => {
      const last = userTexts(req).at(-1) ?? ''
      if (last.includes('The game has started')) return { reply: '{"type":"EVENT_AI_START"}' }
      call++
      // players talk while the model thinks: these lines are on the bus before the next call
      for (let i = 0; i < PER_CALL; i++) bus.pushPlayer('Steve', `call ${String(call).padStart(2, '0')} line ${String(i).padStart(2, '0')}: where are you going with that pickaxe?`)
      if (call < CALLS) return { reply: '{"type":"EVENT_AI_GET_STATUS"}' }
      return { reply: '{"type":"EVENT_AI_STOP","reason":"enough talking"}' }
    })
    try {
      await s.link.start()
      await s.link.waitTask(s.link.createTask('collect 3 log').id)
      const reqs = s.server.chatRequests().slice(1) // the task's calls
      assert.equal(reqs.length, CALLS)
      for (const [k, req] of reqs.entries()) {
        const turns = userTexts(req)
        const current = chatLines(turns.at(-1)!)
        // the delta: the previous call's lines, all of them, and none from before
        if (k > 0) {
          assert.equal(current.length, PER_CALL, `call ${k + 1}: ${current.length} chat lines`)
          assert.ok(current.every((l) => l.includes(`call ${String(k).padStart(2, '0')} line`)), `call ${k + 1} re-sent older lines: ${current[0]}`)
        }
        // across the whole conversation no line is sent twice
        const all = turns.flatMap(chatLines)
        assert.equal(new Set(all).size, all.length, `call ${k + 1} repeats bus lines`)
        // the history keeps at most 10 entries of each earlier turn's delta (3 turns by default)
        assert.ok(all.length <= PER_CALL + 3 * 10, `call ${k + 1}: ${all.length} chat lines in the conversation`)
      }
      // tokens (gpt-tokenizer, counted by the server): flat once the 3-turn history is full
      const tokens = reqs.map((r) => r.usage!.prompt_tokens)
      const full = tokens.slice(4)
      assert.ok(Math.max(...full) <= Math.min(...full) * 1.05, `prompt tokens per call: ${tokens.join(', ')}`)
      assert.ok(tokens.at(-1)! <= tokens[4]! * 1.05, `the last call grew: ${tokens.join(', ')}`)
    } finally {
      await s.close()
    }
  })

  test('the bus lines of the model\'s own plans are left out; pickups fold into one line; an action end shows no copy of the action', async () => {
    const PLANS = 'get the logs first'
    const s = await setup((req) => {
      const last = userTexts(req).at(-1) ?? ''
      if (last.includes('The game has started')) return { reply: '{"type":"EVENT_AI_START"}' }
      if (last.includes('new task:')) {
        return { reply: JSON.stringify({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'log', count: 3 }] }, plans: PLANS }) }
      }
      return { reply: '{"type":"EVENT_AI_STOP","reason":"collected the logs"}' }
    })
    try {
      s.bus.pushPlayer('Steve', 'bring me logs')
      await s.link.start()
      const rec = await s.link.waitTask(s.link.createTask('collect 3 log').id)
      assert.equal(rec.status, 'succeeded', rec.reason)
      const reqs = s.server.chatRequests()
      assert.equal(reqs.length, 3)
      const first = userTexts(reqs[1]!).at(-1)!
      assert.match(first, /<context>\n[\s\S]*<p n="Steve">bring me logs<\/p>[\s\S]*<\/context>/)
      assert.doesNotMatch(first, /<ctx>|<!--/, 'the legend is in the system prompt, not in every message')
      assert.match(String(reqs[1]!.body!.messages![0]!.content), /tags p=player s=server e=event b=bot t=tool g=gap/)
      const after = userTexts(reqs[2]!).at(-1)!
      // the bus got the plans as a bot line (the dashboard shows it) but the model, which wrote them, does not get them back
      assert.ok(s.bus.buildXml().includes(`<b>${PLANS}</b>`))
      assert.doesNotMatch(after, new RegExp(PLANS))
      assert.doesNotMatch(after, /bring me logs/, 'the earlier chat is in the history, not sent again')
      assert.match(after, /^picked up 3 minecraft:oak_log$/m)
      assert.match(after, /action ended: \{"type":"EVENT_PLAYER_BARITONE_TASK_STOP","reason":"collected [^"]*","linked_action":\{"type":"ACTION_COLLECT_BLOCK"\}\}/)
      // the history turn of the first call: its context and event, not its status, task or plan line
      const remembered = userTexts(reqs[2]!)[0]!
      assert.match(remembered, /bring me logs/)
      assert.match(remembered, /event: EVENT_PLAYER_STATUS_HEARTBEAT$/)
      assert.doesNotMatch(remembered, /^(runtime plan|latest status|task): /m)
    } finally {
      await s.close()
    }
  })
})

describe('llm mind prompt pieces', () => {
  test('contextBlock: no wrapper or legend, no echo of the own plans, nothing when only those were new', () => {
    const bus = createContextBus()
    bus.pushBot('collect <3> logs')
    assert.equal(contextBlock(bus.buildXml(), ['collect <3> logs']), '')
    bus.pushPlayer('Alex', 'hi')
    assert.equal(contextBlock(bus.buildXml(), ['collect <3> logs']), '<context>\n<p n="Alex">hi</p>\n</context>')
    assert.equal(contextBlock(bus.buildXml()), '<context>\n<b>collect &lt;3&gt; logs</b>\n<p n="Alex">hi</p>\n</context>')
    assert.equal(contextBlock(''), '')
  })

  test('an action end keeps the reason and what failed to craft', () => {
    const text = compactTaskStop({
      type: 'EVENT_PLAYER_BARITONE_TASK_STOP',
      reason: 'crafted 4 minecraft:oak_planks; missing ingredients for minecraft:stick',
      linked_action: {
        type: 'ACTION_CRAFTING',
        to_craft: [{ item_name: 'minecraft:oak_planks', count: 4 }, { item_name: 'minecraft:stick', count: 4 }],
        craft_success: [{ item_name: 'minecraft:oak_planks', count: 4 }],
        craft_failed: [{ item_name: 'minecraft:stick', count: 4 }],
      },
    })
    assert.deepEqual(JSON.parse(text), {
      type: 'EVENT_PLAYER_BARITONE_TASK_STOP',
      reason: 'crafted 4 minecraft:oak_planks; missing ingredients for minecraft:stick',
      linked_action: { type: 'ACTION_CRAFTING', craft_failed: [{ item_name: 'minecraft:stick', count: 4 }] },
    })
    assert.equal(pickupLine(new Map([['minecraft:dirt', 2], ['minecraft:cobblestone', 1]])), 'picked up 2 minecraft:dirt, 1 minecraft:cobblestone')
    assert.equal(pickupLine(new Map()), undefined)
  })
})

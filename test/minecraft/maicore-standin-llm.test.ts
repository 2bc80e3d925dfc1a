/**
 * The MaiCore llm stand-in's plan line comes from the one planner, the same line the
 * LynxMind llm mind gets (minds/plan-hint.ts): checked over real HTTP against the scripted
 * OpenAI-compatible server.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { startScriptedOpenAI } from '../support/scripted-openai.js'
import { createLlmClient } from '../../src/core/llm/index.js'
import { createLogger } from '../../src/core/logger.js'
import { LlmStandinMind, type StandinState } from '../../src/minecraft/links/maicore/standin.js'
import { PlanHints, describeMilestone } from '../../src/minecraft/minds/plan-hint.js'

const quiet = createLogger('test', { level: 'silent' })
const REPLY = JSON.stringify({ actions: "await craftItem(bot, 'wooden_pickaxe', 1);" })

function state(goal: string, inventory: Record<string, number>): StandinState {
  return { goal, inventory, isRunning: false, codeError: null, lastCode: null, prompt: `目标: ${goal}\n背包: ${JSON.stringify(inventory)}` }
}

describe('MaiCore llm stand-in: the plan line', () => {
  test('an item goal gets the milestones of the one planner, from the state inventory; free text gets none', async () => {
    const server = await startScriptedOpenAI([{ reply: REPLY }])
    const client = createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', timeoutMs: 5000, maxRetries: 0 }, { logger: quiet })
    const mind = new LlmStandinMind(client, quiet)
    try {
      const inv = { 'minecraft:oak_log': 3 }
      assert.equal(await mind.decide(state('get 1 minecraft:stone_pickaxe', inv)), REPLY)
      const user = (n: number) => String(server.chatRequests()[n]!.body!.messages!.at(-1)!.content)
      const line = user(0).split('\n').find((l) => l.startsWith('runtime plan'))
      assert.ok(line, user(0))
      const h = new PlanHints('get 1 minecraft:stone_pickaxe').hint(inv)
      assert.equal(h?.state, 'next')
      if (h?.state !== 'next') return
      assert.equal(line, `runtime plan (recipe tree resolved from the inventory): ${h.milestones.map(describeMilestone).join(' → ')}; next: ${describeMilestone(h.milestones[0]!)}`)
      assert.match(line, /^runtime plan [^:]*: craft 4 oak_planks, 1 crafting_table, .*wooden_pickaxe → collect 3 cobblestone → craft 1 stone_pickaxe; next: craft /)
      // the goal met: the line says so
      await mind.decide(state('get 1 minecraft:stone_pickaxe', { 'minecraft:stone_pickaxe': 1 }))
      assert.match(user(1), /runtime plan: the goal is met/)
      // no item goal: no plan line
      await mind.decide(state('say hello to everyone', inv))
      assert.doesNotMatch(user(2), /runtime plan/)
      // a program still running: no model call
      assert.equal(await mind.decide({ ...state('get 1 minecraft:stone_pickaxe', inv), isRunning: true }), null)
      assert.equal(server.chatRequests().length, 3)
    } finally {
      await server.close()
    }
  })
})

/**
 * The llm mind on the natural world (seed 1, fair play, empty inventory), run as the user
 * runs it: `mindbridge play --mind llm` against a scripted OpenAI-compatible server over real
 * HTTP. The scripted model only follows the runtime's plan line, so the number of calls is
 * the runtime's: one per milestone, plus the session's start and the final stop.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { runNode } from '../support/run-node.js'
import { startScriptedOpenAI } from '../support/scripted-openai.js'
import { planFollowingModel } from '../support/plan-following-model.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('llm mind on the natural world', { timeout: 12 * 60_000 }, () => {
  test('a stone pickaxe from an empty inventory in one model call per milestone', async () => {
    const model = planFollowingModel()
    const server = await startScriptedOpenAI([model.step])
    try {
      const r = await runNode(
        ['--import', 'tsx', 'src/cli/main.ts', 'play', '--mind', 'llm', '--llm-base-url', server.baseUrl, '--llm-model', 'scripted-model', '--seed', '1', '--timeout', '600', '--task', 'get 1 minecraft:stone_pickaxe'],
        { cwd: root, env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MINDBRIDGE_'))), limitMs: 11 * 60_000 },
      )
      assert.equal(r.code, 0, r.stdout + r.stderr)
      assert.match(r.stdout, /── SUCCEEDED "get 1 minecraft:stone_pickaxe"/)
      const kinds = model.calls.map((c) => c.kind)
      assert.equal(kinds[0], 'start')
      assert.equal(kinds.at(-1), 'stop')
      assert.equal(kinds.filter((k) => k === 'status').length, 0, 'the runtime fetched every status itself')
      const actions = model.calls.filter((c) => c.kind === 'action')
      // the first plan from an empty inventory: logs, the crafts up to a wooden pickaxe, cobblestone, the stone pickaxe
      assert.match(actions[0]!.milestone ?? '', /^collect \d+ log$/)
      const seq = actions.map((a) => a.milestone ?? '?')
      const failed = (r.stdout.match(/FAILED:/g) ?? []).length
      // every call moved the plan on: a milestone asked for twice in a row is a retry, and a retry
      // only follows an action the world made fail (a reflex cut it short, a target out of reach)
      const repeats = seq.filter((m, i) => i > 0 && m === seq[i - 1]).length
      assert.ok(repeats <= failed, `${repeats} milestones repeated after ${failed} failed actions: ${seq.join(' | ')}\n${r.stdout}`)
      // 4 milestones from an empty inventory; the world may add some (a partial collect, a table
      // the bot could not walk back to and makes anew), each still one call
      assert.ok(actions.length >= 4 && actions.length <= 8, seq.join(' | '))
      assert.ok(actions.length <= 4 + 2 * failed + 1, `extra milestones only after a failed action: ${seq.join(' | ')}`)
      assert.equal(server.chatRequests().length, actions.length + 2)
      assert.match(r.stdout, new RegExp(`model calls: +${actions.length + 2} \\(0 unusable or failed\\)`))
    } finally {
      await server.close()
    }
  })
})

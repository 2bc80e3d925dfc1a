/**
 * The usage meters of `brain --mind llm` and of `maicore --standin llm`, as a user runs them (a
 * real subprocess, a real world, the scripted OpenAI-compatible server over real HTTP): the
 * dashboard's usage panel and the status's mind stats count exactly the prompt and completion
 * tokens the model server reported, call by call. The server answers a few calls with usage
 * figures of its own choosing, then holds the next call open, so the figures stop changing while
 * they are read.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { startScriptedOpenAI, type RecordedRequest, type ScriptedOpenAI } from '../support/scripted-openai.js'
import { waitFor, within } from '../support/wait.js'
import { startCli, type CliRun } from '../support/run-node.js'
import type { DashboardServerFrame, UsageFrame } from '../../src/minecraft/dashboard/protocol.js'
import type { MindStats } from '../../src/minecraft/minds/types.js'


async function stop(run: CliRun): Promise<void> {
  run.child.kill('SIGINT')
  await within('the command to end after Ctrl-C', run.exited, 60_000).catch(() => run.child.kill('SIGKILL'))
}

/** A model that answers `replies` in turn, each with the usage given, and then holds every further call open. */
async function scriptedModel(replies: Array<{ text: string; prompt: number; completion: number }>): Promise<ScriptedOpenAI> {
  let answered = 0
  return startScriptedOpenAI([
    () => {
      const r = replies[answered++]
      return r ? { reply: r.text, usage: { prompt_tokens: r.prompt, completion_tokens: r.completion } } : { hang: true }
    },
  ])
}

/** The usage the server sent back, call by call (only the calls it answered). */
function reported(model: ScriptedOpenAI): Array<{ prompt: number; completion: number }> {
  return model
    .chatRequests()
    .filter((r): r is RecordedRequest & { usage: NonNullable<RecordedRequest['usage']> } => !!r.usage)
    .map((r) => ({ prompt: r.usage.prompt_tokens, completion: r.usage.completion_tokens }))
}

const sum = (xs: Array<{ prompt: number; completion: number }>) => xs.reduce((a, x) => ({ prompt: a.prompt + x.prompt, completion: a.completion + x.completion }), { prompt: 0, completion: 0 })

async function dashboardAddress(run: CliRun): Promise<{ base: string; token: string }> {
  const m = await waitFor('the dashboard address', () => {
    if (run.child.exitCode !== null) throw new Error(`the command ended (${run.child.exitCode}):\n${run.out()}`)
    return /dashboard: (http:\/\/127\.0\.0\.1:\d+)\/dashboard#token=([0-9a-zA-Z_-]+)/.exec(run.out())
  }, { timeoutMs: 120_000, detail: () => run.out().slice(-2000) })
  return { base: m[1]!, token: m[2]! }
}

/** The dashboard's latest usage frame once `until` holds for it. */
async function usageFrame(base: string, token: string, until: (u: UsageFrame) => boolean): Promise<UsageFrame> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/v1/dashboard`)
  let last: UsageFrame | undefined
  ws.on('message', (d) => {
    const f = JSON.parse(String(d)) as DashboardServerFrame
    if (f.type === 'usage') last = f
  })
  await within('the dashboard socket to open', new Promise((r, j) => (ws.once('open', r), ws.once('error', j))), 10_000)
  ws.send(JSON.stringify({ op: 'auth', token }))
  try {
    return await waitFor('the usage frame', () => (last && until(last) ? last : undefined), { timeoutMs: 60_000, detail: () => JSON.stringify(last) })
  } finally {
    ws.close()
  }
}

async function mindStats(base: string, token: string): Promise<MindStats> {
  const res = await fetch(`${base}/v1/status`, { headers: { authorization: `Bearer ${token}` } })
  assert.equal(res.status, 200)
  return ((await res.json()) as { mind_stats: MindStats }).mind_stats
}

/** Runs `args` against `model` until it has answered every reply and holds the next call; checks both meters. */
async function checkMeters(model: ScriptedOpenAI, answered: number, args: string[], expectFailures: number): Promise<void> {
  const run = startCli(['--llm-base-url', model.baseUrl, '--llm-model', 'scripted-model', ...args, '--dashboard', '--control-port', '0'])
  try {
    const { base, token } = await dashboardAddress(run)
    await waitFor(`${answered} answered calls and one held open`, () => model.chatRequests().length > answered, { timeoutMs: 180_000, detail: () => run.out().slice(-2000) })
    const perCall = reported(model)
    assert.equal(perCall.length, answered)
    const total = sum(perCall)

    // the dashboard's usage panel: every answered call, in order, with the server's figures; the totals
    const u = await usageFrame(base, token, (f) => f.recent.length === answered)
    assert.deepEqual(
      u.recent.map((c) => ({ prompt: c.promptTokens, completion: c.completionTokens })),
      perCall,
    )
    assert.equal(u.promptTokens, total.prompt)
    assert.equal(u.completionTokens, total.completion)
    assert.equal(u.calls, answered + 1, 'the held call is started, not finished')
    assert.equal(u.failures, 0)
    assert.deepEqual(u.perMinute, { calls: answered, promptTokens: total.prompt, completionTokens: total.completion })

    // the status's mind stats (what `/v1/status` and the status panel show)
    const s = await mindStats(base, token)
    assert.deepEqual(s, { calls: answered + 1, promptTokens: total.prompt, completionTokens: total.completion, failures: expectFailures })
  } finally {
    await stop(run)
  }
}

describe('usage meters of the llm brain mind and the llm MaiCore stand-in (subprocess, scripted model)', { timeout: 8 * 60_000 }, () => {
  test('brain --mind llm: the dashboard and the status count the tokens the server reported, a corrected answer included', async () => {
    const model = await scriptedModel([
      // an unusable answer (a correction follows, in the same cycle), then good ones
      { text: 'I will look around first.', prompt: 1234, completion: 7 },
      { text: '{"thought":"say hello","new_tasks":[{"type":"CHAT","parameters":{"message":"hello"},"reason":"greet"}]}', prompt: 1301, completion: 29 },
      { text: '{"thought":"wait a bit","new_tasks":[{"type":"WAIT","parameters":{"seconds":1},"reason":"nothing to do"}]}', prompt: 1417, completion: 31 },
    ])
    const dir = mkdtempSync(join(tmpdir(), 'mb-usage-brain-'))
    try {
      await checkMeters(model, 3, ['brain', '--file', join(dir, 'brain.json'), '--mind', 'llm', '--mind-interval', '1', '--world', 'starter', '--seed', '5'], 1)
    } finally {
      await model.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('maicore --standin llm: the dashboard and the status count the tokens the server reported', async () => {
    const model = await scriptedModel([
      { text: '{"actions": "bot.chat(\'hello\')", "goal": "挖到铁矿"}', prompt: 2048, completion: 17 },
      { text: '{"actions": "bot.chat(\'still here\')"}', prompt: 2311, completion: 13 },
    ])
    try {
      await checkMeters(model, 2, ['maicore', '--standin', 'llm', '--seed', '5'], 0)
    } finally {
      await model.close()
    }
  })
})

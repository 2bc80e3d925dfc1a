/**
 * The dashboard's model panels in chromium, with the llm mind on the scripted OpenAI-compatible
 * server (real HTTP) driving a real bot in the embedded world: the usage meter counts the calls,
 * prompt and completion tokens (as the client measured them), the latency of each call, the
 * retries of a 500 and the error of a call that failed for good, totals and per minute; the
 * ContextBus panel shows the XML the model last received, byte for byte.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { buildClient, startRig, quiet, type DashboardRig } from './support/dashboard.js'
import { chromiumMissing as skip, launchChromium } from '../support/browser.js'
import { startScriptedOpenAI, type RecordedRequest, type ScriptedOpenAI, type StaticStep } from '../support/scripted-openai.js'
import { createLlmClient, type LlmClient } from '../../src/core/llm/index.js'
import { LlmMind } from '../../src/minecraft/minds/llm.js'
import { ModelTap } from '../../src/minecraft/dashboard/model-tap.js'
import { createContextBus } from '../../src/core/context-bus.js'
import { waitFor } from '../support/wait.js'

let client: { dir: string; remove(): void }
let rig: DashboardRig
let model: ScriptedOpenAI
let llm: LlmClient
let browser: Browser
/** What the scripted model does with the next task's first call. */
let mode: 'flaky' | 'down' | 'ok' = 'flaky'
/** How far the ContextBus's clock runs ahead of the real one (to make a quiet spell). */
let clockAhead = 0

function lastUser(req: RecordedRequest): string {
  const msgs = req.body?.messages ?? []
  for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i]!.role === 'user') return String(msgs[i]!.content)
  return ''
}

/** START; a new task → collect 1 log (first a 500 when flaky, only 500s when down); the skill's end → STOP. */
function scriptedModel() {
  let failedOnce = false
  return (req: RecordedRequest): StaticStep => {
    const u = lastUser(req)
    const event = u.slice(u.lastIndexOf('</context>') + 1)
    if (event.includes('The game has started')) return { reply: '{"type":"EVENT_AI_START"}' }
    if (event.includes('EVENT_PLAYER_STATUS_CREATE_TASK')) {
      if (mode === 'down') return { status: 500 }
      if (mode === 'flaky' && !failedOnce) {
        failedOnce = true
        return { status: 500 }
      }
      return { reply: '{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_COLLECT_BLOCK","needed_blocks":[{"item_name":"log","count":1}]},"plans":"one log from the nearest tree"}' }
    }
    if (event.includes('EVENT_PLAYER_BARITONE_TASK_STOP')) return { reply: '{"type":"EVENT_AI_STOP","reason":"got the log"}' }
    return { reply: '{"type":"NONE"}' }
  }
}

before(async () => {
  if (skip) return
  client = await buildClient()
  model = await startScriptedOpenAI([scriptedModel()])
  const tap = new ModelTap()
  llm = tap.wrap(createLlmClient({ baseUrl: model.baseUrl, model: 'scripted-model', timeoutMs: 10_000, maxRetries: 1, retryBaseDelayMs: 5, retryMaxDelayMs: 20 }, { logger: quiet }))
  rig = await startRig(client.dir, { mind: new LlmMind({ client: llm }), model: tap, bus: createContextBus({ now: () => Date.now() + clockAhead }) })
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
  await rig?.close()
  await model?.close()
  client?.remove()
})

/** The usage panel's figures as the page shows them: label → text. */
async function figures(page: Page): Promise<Record<string, string>> {
  const pairs = await page.$$eval('#usage-figures dt', (dts) => dts.map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']))
  return Object.fromEntries(pairs.map(([k, v]) => [k!.trim(), v!.replace(/\s+/g, ' ').trim()]))
}

/** Gives a task from the page; resolves to the id of the task it started. */
async function give(page: Page, text: string): Promise<number> {
  const link = rig.session.link
  const known = new Set([link.current(), ...link.history()].map((t) => t?.id))
  await page.fill('#task-input', text)
  await page.click('#task-form button[type=submit]')
  const t = await waitFor('the task from the page', () => [link.current(), ...link.history()].find((x) => x && x.source === 'dashboard' && !known.has(x.id)), { timeoutMs: 10_000 })
  return t.id
}

describe('dashboard model panels in chromium (llm mind, scripted OpenAI server)', { skip }, () => {
  test('usage meter: calls, tokens, latency per call, retries and errors, totals and per minute; the XML the model last received', { timeout: 240_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    try {
      await page.goto(rig.pageUrl)
      await page.waitForSelector('#usage-figures', { timeout: 20_000 })
      assert.match((await page.textContent('#who')) ?? '', /llm mind/)
      // the session's start was one call already
      assert.equal((await figures(page)).model, 'scripted-model')

      // a task whose first call gets a 500 and is retried, then runs
      const done = await rig.session.link.waitTask(await give(page, 'collect 1 log'))
      assert.equal(done.status, 'succeeded', done.reason)
      // a task whose call fails for good (500, retried, 500): the task stops with the reason
      mode = 'down'
      const failed = await rig.session.link.waitTask(await give(page, 'collect 1 log'))
      assert.equal(failed.status, 'failed')
      assert.match(failed.reason ?? '', /model is unavailable/)

      const u = llm.usage()
      assert.equal(u.failures, 1)
      assert.equal(u.retries, 2, 'one retry in each task')
      await page.waitForSelector(`#usage-figures[data-calls="${u.calls}"]`, { timeout: 20_000 })
      const shown = await figures(page)
      assert.equal(shown.calls, `${u.calls} (1 failed, 2 retries)`)
      assert.equal(shown.tokens, `${u.promptTokens} prompt + ${u.completionTokens} completion`)
      assert.ok(u.promptTokens > 0 && u.completionTokens > 0)
      // every call finished within the last minute
      assert.equal(shown['per minute'], `${u.calls} calls, ${u.promptTokens} + ${u.completionTokens} tokens`)
      assert.match(shown.latency!, new RegExp(`^${Math.round(u.avgLatencyMs)} ms average, last \\d+ ms \\(model server at .* failed \\(500\\)`))

      // one line per call, newest first: the failed call with its error and retry, the retried one, the good ones with tokens
      const calls = await page.$$eval('#calls li', (els) => els.map((e) => ({ ok: e.getAttribute('data-ok'), retries: Number(e.getAttribute('data-retries')), text: e.textContent ?? '' })))
      assert.ok(calls.length >= 4, JSON.stringify(calls))
      assert.equal(calls[0]!.ok, 'false')
      assert.equal(calls[0]!.retries, 1)
      assert.match(calls[0]!.text, /failed: .*server.* · 1 retry/)
      const good = calls.filter((c) => c.ok === 'true')
      assert.ok(good.every((c) => /\d+ ms · \d+ \+ \d+ tokens/.test(c.text)), JSON.stringify(good))
      assert.equal(good.filter((c) => c.retries === 1).length, 1, 'the retried call that then answered')

      // the XML the model last received is the <context> of the last request the server got
      const last = model.chatRequests().at(-1)!
      const context = /<context>\n?([\s\S]*?)\n?<\/context>/.exec(lastUser(last))![1]!
      await page.waitForSelector('#xml[data-from=model]', { state: 'attached', timeout: 20_000 })
      assert.match((await page.textContent('#xml-title')) ?? '', /XML the model last received/)
      await page.waitForFunction((x) => (globalThis as unknown as { document: { getElementById(id: string): { textContent: string | null } } }).document.getElementById('xml')!.textContent === x, context, { timeout: 20_000 })
      assert.match(context, /collect 1 log/, 'it holds the task the page gave')

      // a quiet spell of 6 minutes: the list marks the gap where the XML puts <g d="6m"/>
      clockAhead = 6 * 60_000
      rig.bus.pushServer('after a quiet spell')
      await page.waitForSelector('#bus li[data-kind=gap]', { timeout: 20_000 })
      assert.equal((await page.textContent('#bus li[data-kind=gap]'))?.trim(), '— 6m without entries —')
      assert.match(rig.bus.buildXml(), /<g d="6m"\/>\n<s>after a quiet spell<\/s>/)
      const after = await page.$$eval('#bus li', (els) => els.map((e) => e.getAttribute('data-kind')))
      assert.deepEqual(after.slice(-2), ['gap', 'server'])
      assert.deepEqual(errors, [])
    } finally {
      await page.close()
    }
  })
})

/**
 * What `play`/`bot` print while tasks run, on the real embedded world with the builtin mind:
 * step numbers count within a task, a collect that brings more than asked says why, a craft shows
 * what it is doing, the end of a summarized task is said once (in the summary), and task text
 * from the control API is echoed with its control bytes escaped.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startWorld, type World } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import { LynxSession, formatSummary } from '../../src/minecraft/links/lynxmind-session.js'
import { createLogger } from '../../src/core/logger.js'
import { waitFor, waitForEvent } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })
const TOKEN = 'out-token'

describe('session output on the embedded world', { timeout: 5 * 60_000 }, () => {
  let world: World
  let body: MineflayerBody
  let session: LynxSession
  const lines: string[] = []
  const ctrl = new AbortController()

  before(async () => {
    world = await startWorld({ seed: 11, profile: 'starter' })
    body = await createBody({ host: world.host, port: world.port, username: 'Teller', version: world.version, reconnect: false, logger: quiet })
    session = new LynxSession({
      body,
      mind: new BuiltinMind(),
      logger: quiet,
      out: (l) => lines.push(l),
      signal: ctrl.signal,
      progressGapMs: 0,
      control: { port: 0, token: TOKEN },
    })
    assert.equal(await session.start(), 'open')
  })
  after(async () => {
    ctrl.abort()
    await session?.close()
    await body?.close()
    await world?.close()
  })

  /** The lines printed by `fn`. */
  async function printed(fn: () => Promise<unknown>): Promise<string[]> {
    const from = lines.length
    await fn()
    return lines.slice(from)
  }

  test('a collect that brings more than it was asked for says how many were asked and why more came', async () => {
    // five logs arrive while the bot collects one: the skill counts what reached the inventory
    const onAction = () => world.give(body.username, 'oak_log', 5)
    session.link.once('action', onAction)
    let summary!: Awaited<ReturnType<LynxSession['runTask']>>
    const out = await printed(async () => (summary = await session.runTask('collect 1 log')))
    assert.equal(summary.outcome, 'succeeded', out.join('\n'))
    const ok = out.find((l) => /   ok: collected /.test(l))
    assert.ok(ok, out.join('\n'))
    assert.match(ok, /ok: collected (\d+) minecraft:oak_log \(1 asked; (\d+) more came along: everything that reaches the inventory while collecting counts/)
    const [, got, more] = /collected (\d+) .*; (\d+) more/.exec(ok)!
    assert.equal(Number(more), Number(got) - 1)
    assert.match(out[1]!, /step 1: collect 1 log/)
    // the summary follows the last progress line; no separate "task #1 succeeded" line repeats it
    assert.equal(out.filter((l) => /task #\d+ succeeded/.test(l)).length, 0, out.join('\n'))
    const text = formatSummary(summary)
    assert.match(text, /^── SUCCEEDED "collect 1 log"\n {3}reason: +(?!success)/)
  })

  test('step numbers start again with each task; a craft shows what it is doing', async () => {
    world.give(body.username, 'oak_planks', 7)
    world.give(body.username, 'stick', 2)
    await waitFor('the planks and sticks to arrive', () => (body.inventoryCounts()['minecraft:stick'] ?? 0) >= 2 && (body.inventoryCounts()['minecraft:oak_planks'] ?? 0) >= 7, {
      detail: () => JSON.stringify(body.inventoryCounts()),
    })
    let outcome = ''
    const out = await printed(async () => (outcome = (await session.runTask('get 1 minecraft:wooden_pickaxe')).outcome))
    assert.equal(outcome, 'succeeded', out.join('\n'))
    const steps = out.filter((l) => / step \d+: /.test(l)).map((l) => Number(/ step (\d+): /.exec(l)![1]))
    assert.deepEqual(steps, steps.map((_, i) => i + 1), out.join('\n'))
    assert.ok(steps.length >= 1)
    // crafting the pickaxe needs a table placed first: the skill says so while it works
    assert.ok(out.some((l) => /^\[ *[\d.]+s\] {3}… (placing a |crafting )/.test(l)), out.join('\n'))
  })

  test('task text from the control API is echoed with control bytes escaped', async () => {
    const text = 'goto 0 0\u0007\u0000 \u001b[31mred'
    const started = waitForEvent('the API task to start', session.link, 'task', (t: { status: string }) => t.status === 'running')
    const res = await fetch(`${session.control!.url}/v1/tasks`, { method: 'POST', headers: { authorization: `bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ task: text }) })
    assert.equal(res.status, 201)
    await started
    const line = await waitFor('the echo of the task', () => lines.find((l) => / from api: goto 0 0/.test(l)), { detail: () => lines.slice(-5).join('\n') })
    assert.ok(line.includes('goto 0 0\\x07\\x00 \\x1b[31mred'), JSON.stringify(line))
    assert.doesNotMatch(line, /[\u0000-\u001f\u007f]/)
    await session.link.cancelTask('done looking')
  })
})

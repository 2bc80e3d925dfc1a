// The MaiCore link with the real sandbox (worker thread, QuickJS, the real prelude) over a real
// maim_message socket: a program that ends stops the skills it started, and what a hostile
// program writes reaches the terminal and MaiCore capped and without control characters.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { createLogger } from '../../src/core/logger.js'
import { MaiCoreLink } from '../../src/minecraft/links/maicore/index.js'
import { MaimServer } from '../../src/minecraft/links/maicore/standin-server.js'
import { maiCoreReply } from '../../src/minecraft/links/maicore/standin.js'
import { createSandboxRunner } from '../../src/minecraft/links/maicore/sandbox-runner.js'
import type { CodeInfo } from '../../src/minecraft/links/maicore/state.js'
import type { SkillCall, SkillResult } from '../../src/minecraft/body/types.js'
import type { MessageBase } from '../../src/protocols/maim.js'
import { StillBody, waitFor } from './support/maicore.js'

const quiet = createLogger('test', { level: 'silent' })
const FAST = { baseDelayMs: 100, maxDelayMs: 400, stableMs: 60_000 }
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

/** A body whose skills run until their signal is aborted (a long dig, a long walk). */
class BusyBody extends StillBody {
  readonly signals: AbortSignal[] = []
  readonly stops: string[] = []
  override async run(call: SkillCall, opts?: { signal?: AbortSignal }): Promise<SkillResult> {
    this.calls.push(call)
    const signal = opts?.signal
    if (!signal) return { ok: false, reason: 'no signal given' }
    this.signals.push(signal)
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ ok: false, reason: 'stopped' }), { once: true }))
  }
  override async stop(reason?: string): Promise<void> {
    this.stops.push(reason ?? '')
  }
}

async function withLink(fn: (ctx: { server: MaimServer; link: MaiCoreLink; body: BusyBody; lines: string[]; start: MessageBase }) => Promise<void>): Promise<void> {
  const server = new MaimServer({ port: 0 })
  await server.listen()
  const body = new BusyBody()
  const runner = createSandboxRunner({ logger: quiet })
  const lines: string[] = []
  const link = new MaiCoreLink({
    body,
    runner,
    logger: quiet,
    client: FAST,
    out: (l) => lines.push(l),
    config: { url: server.url, platform: 'minecraft', user_id: 'mai_bot', nickname: 'Mai', goal: '挖到铁矿', autoSendInterval: 3600, programTimeout: 120, sayChat: false },
  })
  try {
    const first = waitFor<[string, MessageBase]>(server, 'message', 'the start state')
    link.start()
    const [, start] = await first
    await fn({ server, link, body, lines, start })
  } finally {
    await link.close()
    await runner.close()
    await server.close()
  }
}

describe('MaiCore link on the real sandbox', { timeout: 120_000 }, () => {
  test('a program that throws while its sleep runs: the skill is stopped when the program ends', async () => {
    await withLink(async ({ server, link, body, start }) => {
      const ended = waitFor<[CodeInfo]>(link, 'program.end', 'the program to end')
      server.send(maiCoreReply(start, JSON.stringify({ actions: `sleep(60000); throw new Error('gave up early')` })))
      const [info] = await ended
      assert.equal(info.code_error?.error_message, 'gave up early')
      assert.deepEqual(body.calls, [{ skill: 'wait', ms: 60000 }])
      assert.equal(body.signals.length, 1)
      assert.ok(body.signals[0]!.aborted, 'the wait the program left running was stopped with it')
      assert.equal(body.stops.length, 1, 'the link stopped the body')
    })
  })

  test('an error with a 20 MB name and escape codes: the terminal line and the next state message are capped and clean', async () => {
    await withLink(async ({ server, link, lines, start }) => {
      const next = waitFor<[MessageBase, string]>(link, 'sent', 'the state after the program', (_m, reason) => reason === 'action')
      const code = `const e = new Error('\\u001b]0;title\\u0007' + 'm'.repeat(3e6)); e.name = '\\u001b[31m' + 'N'.repeat(2e7); console.log('\\u001b[2J' + 'l'.repeat(1e5)); throw e`
      server.send(maiCoreReply(start, JSON.stringify({ actions: code })))
      const [msg] = await next
      const text = JSON.stringify(msg)
      assert.ok(text.length < 100_000, `the state message is ${text.length} characters`)
      assert.doesNotMatch(String(msg.message_segment.data), CONTROL)
      const failed = lines.find((l) => l.startsWith('program failed'))
      assert.ok(failed, lines.join('\n'))
      assert.ok(failed.length < 2500, `the printed line is ${failed.length} characters`)
      assert.doesNotMatch(failed, CONTROL)
      const info = link.game.code.code_error!
      assert.ok(info.error_type.length <= 130)
      assert.doesNotMatch(info.error_type + info.error_message, CONTROL)
    })
  })
})

/** The `play` / `bot` commands as real subprocesses: exit codes, reasons, a real server. */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startWorld } from './support/world.js'
import { startScriptedOpenAI, type RecordedRequest } from '../support/scripted-openai.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d))
    child.stderr.on('data', (d: Buffer) => (err += d))
    child.on('close', (code) => resolve({ code, out, err }))
  })
}

describe('mindbridge play / bot (subprocess)', { timeout: 10 * 60_000 }, () => {
  test('bad flags exit 2 with the flag named', async () => {
    const a = await cli(['play', '--mind', 'psychic'])
    assert.equal(a.code, 2)
    assert.match(a.err, /--mind/)
    const b = await cli(['play', '--timeout', 'soon'])
    assert.equal(b.code, 2)
    assert.match(b.err, /--timeout must be a number/)
  })

  test('bot: cannot reach the server → exit 1 with the reason', async () => {
    const r = await cli(['bot', '--port', '1', '--task', 'goto 1 64 1', '--no-control'])
    assert.equal(r.code, 1)
    assert.match(r.err, /could not join 127\.0\.0\.1:1/)
  })

  test('bot on a running server: a goto task exits 0; an impossible task exits 1 with the reason', async () => {
    // Starter profile: the goto target next to spawn is flat open ground there.
    const world = await startWorld({ seed: 7, profile: 'starter' })
    try {
      const { x, z } = world.spawn
      const ok = await cli(['bot', '--host', world.host, '--port', String(world.port), '--username', 'Walker', '--no-control', '--timeout', '300', '--task', `goto ${x + 3} ${z + 2}`])
      assert.equal(ok.code, 0, ok.out + ok.err)
      assert.match(ok.out, /SUCCEEDED/)
      const bad = await cli(['bot', '--host', world.host, '--port', String(world.port), '--username', 'Walker2', '--no-control', '--task', 'get 1 minecraft:unobtainium'])
      assert.equal(bad.code, 1)
      // the reason is said once, in the summary, whole and on one line
      assert.match(bad.out, /\n {3}reason: +unknown item "unobtainium"/, "no \"failed:\" repeating FAILED")
      assert.equal(bad.out.split('unknown item "unobtainium"').length - 1, 1, bad.out)
      assert.doesNotMatch(bad.err, /unobtainium/)
    } finally {
      await world.close()
    }
  })

  test('play --mind llm: a scripted model walks the bot over real HTTP; the summary counts calls and tokens', async () => {
    const lastUser = (req: RecordedRequest) => String(req.body?.messages?.filter((m) => m.role === 'user').at(-1)?.content ?? '')
    const model = await startScriptedOpenAI([
      (req) => {
        const u = lastUser(req)
        if (u.includes('The game has started')) return { reply: '{"type":"EVENT_AI_START"}' }
        if (u.includes('action ended')) return { reply: '```json\n{"type":"EVENT_AI_STOP","reason":"walked a little",}\n```' }
        const pos = /"pos":\[(-?\d+),(-?\d+),(-?\d+)\]/.exec(u)
        if (!pos) return { reply: '{"type":"EVENT_AI_GET_STATUS"}' }
        return { reply: JSON.stringify({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: Number(pos[1]) + 2, z: Number(pos[3]) + 1 }, plans: 'stretch my legs' }) }
      },
    ])
    try {
      const r = await cli(['play', '--mind', 'llm', '--llm-base-url', model.baseUrl, '--llm-model', 'scripted-model', '--seed', '3', '--world', 'starter', '--timeout', '300', '--task', 'walk a little'])
      // "walk a little" is free text: the world cannot confirm it, so the run ends unverified (exit 4)
      assert.equal(r.code, 4, r.out + r.err)
      assert.match(r.out, /UNVERIFIED "walk a little"/)
      assert.match(r.out, /step 1: move to/)
      assert.match(r.out, /model calls: +3 \(0 unusable or failed\)/)
      assert.match(r.out, /tokens: +\d+ prompt \+ \d+ completion/)
      assert.equal(model.chatRequests().length, 3)
    } finally {
      await model.close()
    }
  })
})

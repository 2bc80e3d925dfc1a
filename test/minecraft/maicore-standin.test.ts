/**
 * The stand-in MaiCore's access rules over real WebSockets on loopback: a random token by
 * default (and printed by `mindbridge maicore-standin`), no upgrade from another Origin or a
 * rebound Host (not even for the token-less MaimServer, the real server's shape), and each
 * reply to the connection whose state it answers, never to another connection that happens to
 * share the state's platform.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { WebSocket } from 'ws'
import { createLogger } from '../../src/core/logger.js'
import { buildMessageBase, type MessageBase } from '../../src/protocols/maim.js'
import { BuiltinStandinMind, startStandin, type Standin } from '../../src/minecraft/links/maicore/standin.js'
import { MaimServer } from '../../src/minecraft/links/maicore/standin-server.js'
import { EVIL_ORIGIN, REBOUND_HOST, httpCall, tryUpgrade } from '../support/cross-site.js'
import { startCli } from '../support/run-node.js'
import { waitFor, within } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })

/** A plugin-side connection: frames as they come, and how it closed. */
async function plugin(url: string, headers: Record<string, string>) {
  const ws = new WebSocket(url, { headers })
  const frames: MessageBase[] = []
  ws.on('message', (d) => frames.push(JSON.parse(String(d)) as MessageBase))
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)))
  await within('the plugin socket to open', new Promise((r, j) => (ws.once('open', r), ws.once('error', j))))
  return { ws, frames, closed }
}

/** A state message as the plugin sends it: `platform` in message_info, an item goal, an empty inventory. */
function state(platform: string, goal: string): string {
  const msg = buildMessageBase({
    platform,
    userId: 'mai_bot',
    text: goal,
    templateName: 'Minecraft',
    templateItems: { goal, observations: JSON.stringify({ inventory_all: {} }), code_infos: JSON.stringify({ is_running: false, code_error: null, last_code: null }) },
  })
  return JSON.stringify(msg)
}

/** The reply's text (its seglist joined) parsed as the stand-in's JSON. */
function replyJson(m: MessageBase): { goal?: string; actions?: string } {
  const seg = m.message_segment
  const text = seg.type === 'seglist' && Array.isArray(seg.data) ? (seg.data as Array<{ data: string }>).map((s) => s.data).join('') : String(seg.data)
  return JSON.parse(text) as { goal?: string; actions?: string }
}

async function standin(opts: { tokens?: string[] } = {}): Promise<Standin> {
  return startStandin({ mind: new BuiltinStandinMind(), port: 0, logger: quiet, ...opts })
}

describe('the stand-in MaiCore', () => {
  test('has a random token by default: a plugin without it is closed with 1008, with it is accepted', async () => {
    const a = await standin()
    const b = await standin()
    try {
      assert.match(a.token ?? '', /^[0-9a-f]{32}$/)
      assert.notEqual(a.token, b.token)
      const none = await plugin(a.url, { platform: 'minecraft' })
      assert.equal(await within('the token-less plugin to be closed', none.closed), 1008)
      const wrong = await plugin(a.url, { platform: 'minecraft', authorization: b.token! })
      assert.equal(await within('the wrong-token plugin to be closed', wrong.closed), 1008)
      assert.deepEqual(a.server.platforms(), [])
      const good = await plugin(a.url, { platform: 'minecraft', authorization: a.token! })
      await waitFor('the plugin to be registered', () => a.server.platforms().includes('minecraft'))
      good.ws.close()
      const explicit = await standin({ tokens: ['chosen'] })
      assert.equal(explicit.token, 'chosen')
      await explicit.close()
    } finally {
      await a.close()
      await b.close()
    }
  })

  test('refuses an upgrade from another Origin or with a rebound Host before it opens, even with the token', async () => {
    const s = await standin()
    // the real server's shape, without any token: only the Origin and Host checks stand in the way
    const open = new MaimServer({ port: 0, logger: quiet })
    await open.listen()
    try {
      for (const [url, port, auth] of [[s.url, s.server.port, s.token!], [open.url, open.port, undefined]] as const) {
        for (const headers of [{ origin: EVIL_ORIGIN }, { origin: 'null' }, { host: `${REBOUND_HOST}:${port}` }]) {
          const r = await tryUpgrade(url, { platform: 'minecraft', ...(auth ? { authorization: auth } : {}), ...headers })
          assert.equal(r.opened, false, `${url} ${JSON.stringify(headers)}`)
          if (!r.opened) {
            assert.equal(r.status, 403)
            assert.match(r.body, /refused|not this server/)
          }
        }
        const page = await httpCall(url.replace('ws', 'http'), { headers: { host: `${REBOUND_HOST}:${port}` } })
        assert.equal(page.status, 403)
      }
      assert.deepEqual(s.server.platforms(), [])
      assert.deepEqual(open.platforms(), [])
    } finally {
      await s.close()
      await open.close()
    }
  })

  test("answers each state on its own connection: another connection naming the bot's platform gets its own reply, the bot none of it", async () => {
    const s = await standin()
    try {
      const bot = await plugin(s.url, { platform: 'minecraft', authorization: s.token! })
      const other = await plugin(s.url, { platform: 'other', authorization: s.token! })
      await waitFor('both plugins to be registered', () => s.server.platforms().length === 2)
      // the other connection speaks first, naming platform "minecraft" in its message
      other.ws.send(state('minecraft', 'get 1 crafting_table'))
      // the reply arrives somewhere; it must be on the connection that asked
      await waitFor('the reply to the first state', () => other.frames.length + bot.frames.length > 0)
      assert.equal(bot.frames.length, 0, "the other connection's reply went to the bot")
      const otherReply = other.frames[0]!
      bot.ws.send(state('minecraft', 'get 4 stick'))
      const botReply = await waitFor("the reply to the bot's own state", () => bot.frames[0])
      assert.match(replyJson(otherReply).goal ?? '', /crafting_table/)
      assert.match(replyJson(botReply).goal ?? '', /stick/, "the bot's first frame answers its own state")
      assert.equal(s.replyCount, 2)
      bot.ws.close()
      other.ws.close()
    } finally {
      await s.close()
    }
  })

  test('`mindbridge maicore-standin` prints its random token; --token sets one; an empty --token is a usage error', async () => {
    const run = startCli(['maicore-standin', '--port', '0'])
    try {
      const m = await waitFor('the printed token and address', () => {
        const token = /stand-in token: ([0-9a-f]{32}) /.exec(run.out())?.[1]
        const url = /listening at (ws:\/\/127\.0\.0\.1:\d+\/ws)/.exec(run.out())?.[1]
        return token && url ? { token, url } : undefined
      }, { timeoutMs: 60_000, detail: run.out })
      const none = await plugin(m.url, { platform: 'minecraft' })
      assert.equal(await within('the token-less plugin to be closed', none.closed), 1008)
      const good = await plugin(m.url, { platform: 'minecraft', authorization: m.token })
      good.ws.send(state('minecraft', 'get 1 crafting_table'))
      await waitFor('a reply', () => good.frames[0], { timeoutMs: 30_000 })
      good.ws.close()
      assert.doesNotMatch(run.out().replace(`stand-in token: ${m.token}`, ''), new RegExp(m.token), 'the token is printed once and never logged')
    } finally {
      run.child.kill('SIGINT')
      await within('the stand-in to exit', run.exited)
    }
    const chosen = startCli(['maicore-standin', '--port', '0', '--token', 'my-token'])
    try {
      await waitFor('the address', () => /listening at ws:/.test(chosen.out()), { timeoutMs: 60_000, detail: chosen.out })
      assert.doesNotMatch(chosen.out(), /stand-in token/)
      assert.doesNotMatch(chosen.out(), /my-token/)
    } finally {
      chosen.child.kill('SIGINT')
      await within('the stand-in to exit', chosen.exited)
    }
    const empty = startCli(['maicore-standin', '--port', '0', '--token', ' '])
    assert.equal(await within('the usage error', empty.exited, 60_000), 2)
    assert.match(empty.out(), /--token must not be empty/)
  })
})

/**
 * The MaiCore link on the wire, against real maim_message 0.6.8 peers on loopback: our
 * stand-in server and the real Python MessageServer from ../shared/peers.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { MaimClient, type CloseInfo } from '../../src/minecraft/links/maicore/client.js'
import { MaiCoreLink, type SendReason } from '../../src/minecraft/links/maicore/index.js'
import { MaimServer } from '../../src/minecraft/links/maicore/standin-server.js'
import { LLM_STANDIN_SYSTEM, LlmStandinMind, maiCoreReply, startStandin } from '../../src/minecraft/links/maicore/standin.js'
import { createLlmClient } from '../../src/core/llm/index.js'
import { startScriptedOpenAI } from '../support/scripted-openai.js'
import { buildStateMessage, MaiCoreGame, NEXT_ACTION_LINE, NEXT_GOAL_LINE, type CodeInfo } from '../../src/minecraft/links/maicore/state.js'
import type { ProgramSpec } from '../../src/minecraft/links/maicore/runner.js'
import { parseReplyText } from '../../src/minecraft/links/maicore/replies.js'
import { buildMessageBase, type MessageBase } from '../../src/protocols/maim.js'
import { BlockingRunner, RealPeer, RecordingRunner, StillBody, freePort, realPeerUnavailable, stillStatus, stillVision, waitFor } from './support/maicore.js'

const quiet = createLogger('test', { level: 'silent' })
const FAST = { baseDelayMs: 100, maxDelayMs: 400, stableMs: 60_000 }

function linkFor(url: string, over: Record<string, unknown> = {}) {
  const body = new StillBody()
  const runner = new RecordingRunner()
  const bus = createContextBus()
  const link = new MaiCoreLink({
    body,
    runner,
    bus,
    logger: quiet,
    client: FAST,
    config: { url, platform: 'minecraft', user_id: 'mai_bot', nickname: 'Mai', goal: 'get 1 stone_pickaxe', autoSendInterval: 3600, programTimeout: 60, sayChat: true, ...over },
  })
  return { body, runner, bus, link }
}

const sent = (link: MaiCoreLink, reason: SendReason, what = `a state message (${reason})`) =>
  waitFor<[MessageBase, SendReason]>(link, 'sent', what, (_m, r) => r === reason)

describe('state message shape', () => {
  test('every field the seed and the facts name, field by field', () => {
    const game = new MaiCoreGame('挖到铁矿', 'Mai')
    game.addEvent({ type: 'chat', message: '<Steve> hi', tick: 5 })
    const msg = buildStateMessage(game, { name: 'Mai', status: stillStatus(), vision: stillVision() }, { platform: 'minecraft', userId: 'u1', nickname: 'Mai', groupId: undefined, now: () => 1_700_000_000_123 })
    const info = msg.message_info
    assert.equal(info.platform, 'minecraft')
    assert.equal(info.message_id, 1_700_000_000_123)
    assert.ok(Number.isInteger(info.message_id) && Number.isInteger(info.time))
    assert.equal(info.time, 1_700_000_000)
    assert.deepEqual(info.user_info, { platform: 'minecraft', user_id: 'u1', user_nickname: 'Mai', user_cardname: null })
    assert.equal(info.group_info, null)
    assert.deepEqual(info.format_info, { content_format: ['text'], accept_format: ['text'] })
    assert.deepEqual(info.additional_config, { maimcore_reply_probability_gain: 1 })
    assert.equal(info.template_info?.template_name, 'Minecraft')
    assert.equal(info.template_info?.template_default, false)
    const items = info.template_info!.template_items!
    const keys = ['agent_info', 'status_prompts', 'observations', 'events', 'code_infos', 'event_history', 'goal', 'plan', 'step', 'target_value', 'current_value', 'reasoning_prompt_main']
    assert.deepEqual(Object.keys(items).sort(), [...keys].sort())
    for (const k of keys) assert.equal(typeof items[k], 'string', `template item ${k} is a string`)
    const obs = JSON.parse(items.observations!) as Record<string, any>
    assert.equal(obs.name, 'Mai')
    assert.deepEqual(obs.inventory, { name: ['oak_log', 'oak_log', 'wooden_pickaxe'], quantity: [2, 3, 1] })
    assert.deepEqual(obs.inventory_all, { oak_log: 5, wooden_pickaxe: 1 })
    assert.deepEqual(obs.equipment, { hand: 'wooden_pickaxe' })
    assert.deepEqual(obs.voxels, { below: 'grass_block', near: ['oak_log'] })
    assert.deepEqual(obs.face_vector, [-0.98, -0.17, 0])
    assert.deepEqual(obs.life_stats, { life: 18.5, oxygen: 20, food: 17, saturation: 3.2 })
    assert.deepEqual(obs.location_stats, { pos: [10.5, 64, -3.5], yaw: 90, pitch: 10 })
    assert.equal(obs.tick, 2 * 24000 + 1000)
    assert.equal(obs.time, 1000)
    assert.equal(obs.day, 2)
    assert.deepEqual(obs.target_entities, [{ name: 'cow', kind: 'animal', pos: [13, 64, 1], d: 5 }])
    assert.deepEqual(JSON.parse(items.code_infos!), { name: 'Mai', is_running: false, is_ready: true, last_code: null, code_tick: null, code_error: null })
    assert.deepEqual(JSON.parse(items.events!), [{ type: 'chat', message: '<Steve> hi', tick: 5 }])
    assert.equal(items.goal, '挖到铁矿')
    assert.equal(items.target_value, '1')
    assert.equal(items.current_value, '0')
    assert.match(items.reasoning_prompt_main!, /观察: \{"name":"Mai"/)
    assert.equal(msg.message_segment.type, 'text')
    const lines = String(msg.message_segment.data).split('\n')
    assert.equal(lines[0], NEXT_ACTION_LINE)
    assert.deepEqual(lines.slice(2), ['- 目标：挖到铁矿', '- 计划：', '- 当前步骤：', '- 目标值：1', '- 当前完成度：0'])
    assert.equal(msg.raw_message, msg.message_segment.data)
    // pending events are sent once
    const again = buildStateMessage(game, { name: 'Mai', status: stillStatus(), vision: stillVision() }, { platform: 'minecraft', userId: 'u1', nickname: 'Mai', groupId: 42 })
    assert.equal(again.message_info.template_info!.template_items!.events, '[]')
    assert.deepEqual(again.message_info.group_info, { platform: 'minecraft', group_id: 42, group_name: null })
  })

  test('progress picks the instruction line; histories are capped and deduplicated', () => {
    const game = new MaiCoreGame('a', 'Mai')
    game.applyReply({ actions: '', goal: 'b', plan: ['x', 'y'], step: 'x', targetValue: 3, currentValue: 3 })
    assert.equal(game.instructionLine(), NEXT_GOAL_LINE)
    assert.deepEqual(game.goalHistory, ['a'])
    assert.match(game.segmentText(), /- 计划：x；y/)
    for (let i = 0; i < 60; i++) game.setGoal(`g${i}`)
    assert.equal(game.goalHistory.length, 50)
    for (let i = 0; i < 30; i++) game.addEvent({ type: 'chat', message: `m${i % 25}`, tick: i })
    game.addEvent({ type: 'death', message: 'm1', tick: 99 })
    assert.equal(game.eventHistory.length, 20)
    assert.equal(new Set(game.eventHistory.map((e) => `${e.type}|${e.message}`)).size, 20)
  })

  test('replies: JSON, fenced JSON, integer strings, plain chat, chat that mentions actions', () => {
    assert.equal(parseReplyText('{"actions":"bot.jump();"}').kind, 'action')
    const fenced = parseReplyText('好的\n```json\n{"actions": "await mineBlock(bot, \'log\', 3)", "targetValue": "10", "currentValue": 3}\n```')
    assert.equal(fenced.kind, 'action')
    if (fenced.kind === 'action') assert.equal(fenced.reply.targetValue, 10)
    assert.deepEqual(parseReplyText('今天天气不错呀'), { kind: 'chat', text: '今天天气不错呀', why: 'no "actions" in the reply' })
    assert.equal(parseReplyText('my actions are secret').kind, 'chat')
    assert.equal(parseReplyText('   ').kind, 'empty')
  })
})

describe('against our maim_message server (stand-in wire)', () => {
  test('headers, state on start, text and seglist replies, non-JSON frames, chat replies, auto-send', async () => {
    const server = new MaimServer({ port: 0, tokens: ['s3cret'] })
    await server.listen()
    const { link, runner, body, bus } = linkFor(server.url, { token: 's3cret', autoSendInterval: 0.4 })
    try {
      const conn = waitFor<[{ platform: string; headers: Record<string, unknown> }]>(server, 'connection', 'the plugin to connect')
      const first = waitFor<[string, MessageBase]>(server, 'message', 'the start state message')
      link.start()
      const [info] = await conn
      assert.equal(info.platform, 'minecraft')
      assert.equal(info.headers.platform, 'minecraft')
      assert.equal(info.headers.authorization, 's3cret', 'raw token, no Bearer prefix')
      const [, start] = await first
      assert.equal(start.message_info.template_info?.template_name, 'Minecraft')

      // a text reply with JSON
      const ran = waitFor<[string]>(link, 'program.start', 'the text reply to run')
      const after = sent(link, 'action')
      server.send(buildMessageBase({ platform: 'minecraft', userId: 'mai', text: JSON.stringify({ actions: "await mineBlock(bot, 'log', 1)", goal: '砍树', plan: ['找树', '砍'], step: '找树', targetValue: 5, currentValue: 1 }) }))
      const [code] = await ran
      assert.equal(code, "await mineBlock(bot, 'log', 1)")
      assert.ok(runner.programs[0]!.code.includes(code), 'the program reaches the runner inside its wrapper')
      const [stateAfter] = await after
      const items = stateAfter.message_info.template_info!.template_items!
      assert.equal(items.goal, '砍树')
      assert.equal(items.plan, '找树；砍')
      assert.equal(items.target_value, '5')
      assert.equal(JSON.parse(items.code_infos!).last_code, code)

      // a seglist reply, split in three text segments and fenced, as MaiCore splits long text
      const ran2 = waitFor<[string]>(link, 'program.start', 'the seglist reply to run')
      const reply = '```json\n' + JSON.stringify({ actions: "await craftItem(bot, 'planks', 4)" }) + '\n```'
      server.send(maiCoreReply(start, reply, 17))
      assert.equal((await ran2)[0], "await craftItem(bot, 'planks', 4)")

      // a frame that is not JSON: skipped, the connection stays
      const invalid = waitFor(link.client, 'invalid', 'the bad frame to be reported')
      assert.ok(server.sendRaw('minecraft', 'this is not json'))
      await invalid
      assert.ok(link.client.connected)

      // plain chat: logged, on the bus, said in game, no program
      const programsBefore = runner.programs.length
      const chat = waitFor<[string]>(link, 'chat', 'the chat reply')
      server.send(maiCoreReply(start, '哈哈，我在看着你挖矿呢'))
      assert.equal((await chat)[0], '哈哈，我在看着你挖矿呢')
      assert.ok(body.said.includes('哈哈，我在看着你挖矿呢'))
      assert.ok(bus.getStore().some((e) => e.type === 'bot' && e.content.includes('我在看着你')))
      assert.equal(runner.programs.length, programsBefore)

      // silent MaiCore: the state is sent again after autoSendInterval
      await sent(link, 'auto', 'an automatic resend while MaiCore is silent')
    } finally {
      await link.close()
      await server.close()
    }
  })

  test('a new program stops the running one first; the stopped one sends no state, the new one does', async () => {
    const server = new MaimServer({ port: 0 })
    await server.listen()
    const runner = new BlockingRunner()
    const body = new StillBody()
    const link = new MaiCoreLink({ body, runner, logger: quiet, client: FAST, config: { url: server.url, platform: 'minecraft', user_id: 'mai_bot', nickname: 'Mai', goal: '挖到铁矿', autoSendInterval: 3600, programTimeout: 60, sayChat: false } })
    const reasons: SendReason[] = []
    link.on('sent', (_m: MessageBase, r: SendReason) => reasons.push(r))
    try {
      const first = waitFor<[string, MessageBase]>(server, 'message', 'the start state')
      link.start()
      const [, start] = await first
      const one = waitFor<[ProgramSpec]>(runner, 'run', 'the first program to run')
      server.send(maiCoreReply(start, JSON.stringify({ actions: 'await sleep(600000)' })))
      await one
      assert.ok(link.busy)
      const two = waitFor<[ProgramSpec]>(runner, 'run', 'the second program to run')
      const ended = waitFor<[CodeInfo]>(link, 'program.end', 'the first program to end')
      server.send(maiCoreReply(start, JSON.stringify({ actions: "await mineBlock(bot, 'log', 1)" })))
      const [info] = await ended
      assert.equal(info.code_error?.error_type, 'Cancelled')
      assert.match(info.code_error!.error_message, /replaced by a new program/)
      await two
      assert.equal(runner.cancelled.length, 1)
      assert.ok(runner.programs[0]!.signal!.aborted)
      assert.ok(!runner.programs[1]!.signal!.aborted)
      // two replies back to back: the newest one ends up running, never two programs at once
      const newest = waitFor<[ProgramSpec]>(runner, 'run', 'the newest program to run', (spec) => spec.code.includes('third'))
      server.send(maiCoreReply(start, JSON.stringify({ actions: "bot.chat('second')" })))
      server.send(maiCoreReply(start, JSON.stringify({ actions: "bot.chat('third')" })))
      await newest
      assert.equal(runner.maxConcurrent, 1)
      assert.equal(runner.cancelled.length, runner.programs.length - 1, 'every program but the newest was stopped')
      assert.ok(link.busy)
      // closing stops the newest; only the start state was ever sent
      await link.close()
      assert.equal(runner.cancelled.length, runner.programs.length)
      assert.deepEqual(reasons, ['start'])
    } finally {
      await link.close()
      await server.close()
    }
  })

  test('a reached goal is reported at once: progress filled in, the next-goal line, a goalReached event', async () => {
    const server = new MaimServer({ port: 0 })
    await server.listen()
    const { link, body } = linkFor(server.url)
    try {
      const first = waitFor<[string, MessageBase]>(server, 'message', 'the start state')
      link.start()
      const [, start] = await first
      assert.equal(start.message_info.template_info!.template_items!.current_value, '0')
      body.statusValue = stillStatus({ inventory: [...stillStatus().inventory, { slot: 38, name: 'minecraft:stone_pickaxe', count: 1 }] })
      const goal = sent(link, 'goal')
      server.send(maiCoreReply(start, JSON.stringify({ actions: "await craftItem(bot, 'stone_pickaxe', 1)" })))
      const [msg] = await goal
      const items = msg.message_info.template_info!.template_items!
      assert.deepEqual([items.target_value, items.current_value], ['1', '1'])
      assert.equal(String(msg.message_segment.data).split('\n')[0], NEXT_GOAL_LINE)
      assert.ok(JSON.parse(items.event_history!).some((e: { type: string }) => e.type === 'goalReached'))
    } finally {
      await link.close()
      await server.close()
    }
  })

  test("MaiCore's default Chinese goal 挖到铁矿 is measured: reached once the bot holds iron ore", async () => {
    const server = new MaimServer({ port: 0 })
    await server.listen()
    const { link, body } = linkFor(server.url, { goal: '挖到铁矿' })
    try {
      const first = waitFor<[string, MessageBase]>(server, 'message', 'the start state')
      link.start()
      const [, start] = await first
      assert.equal(start.message_info.template_info!.template_items!.target_value, '1')
      body.statusValue = stillStatus({ inventory: [...stillStatus().inventory, { slot: 37, name: 'minecraft:iron_ore', count: 1 }] })
      const goal = sent(link, 'goal')
      server.send(maiCoreReply(start, JSON.stringify({ actions: "await mineBlock(bot, 'iron_ore', 1)" })))
      const [msg] = await goal
      const items = msg.message_info.template_info!.template_items!
      assert.deepEqual([items.target_value, items.current_value], ['1', '1'])
      assert.ok(JSON.parse(items.event_history!).some((e: { type: string; message: string }) => e.type === 'goalReached' && e.message.includes('挖到铁矿')))
    } finally {
      await link.close()
      await server.close()
    }
  })

  test('a bad token is closed with 1008 and retried with growing delays, never in a hot loop', async () => {
    const server = new MaimServer({ port: 0, tokens: ['right'] })
    await server.listen()
    const client = new MaimClient({ url: server.url, platform: 'minecraft', token: 'wrong', logger: quiet, ...FAST })
    const delays: number[] = []
    const closes: CloseInfo[] = []
    client.on('close', (i: CloseInfo) => closes.push(i))
    try {
      const third = waitFor<[{ attempt: number; delayMs: number }]>(client, 'retry', 'three retries', (r) => {
        delays.push(r.delayMs)
        return r.attempt >= 3
      })
      client.start()
      await third
      assert.equal(closes[0]!.kind, 'token-rejected')
      assert.equal(closes[0]!.code, 1008)
      assert.match(closes[0]!.message, /token/)
      assert.deepEqual(delays, [100, 200, 400])
    } finally {
      await client.close()
      await server.close()
    }
  })

  test('MaiCore not up yet: refused, then connects when it starts; reconnects after a restart', async () => {
    const port = await freePort()
    const { link } = linkFor(`ws://127.0.0.1:${port}/ws`)
    let server: MaimServer | undefined
    try {
      const refused = waitFor<[CloseInfo]>(link, 'close', 'a refused connection', (i) => i.kind === 'refused')
      link.start()
      assert.match((await refused)[0].message, /not listening/)
      server = new MaimServer({ port })
      const started = sent(link, 'start', 'the state message once MaiCore is up')
      await server.listen()
      await started
      const lost = waitFor<[CloseInfo]>(link, 'close', 'the server to go away')
      await server.close()
      assert.equal((await lost)[0].kind, 'server-closed')
      server = new MaimServer({ port })
      const again = sent(link, 'start', 'the state message after the restart')
      await server.listen()
      await again
    } finally {
      await link.close()
      await server?.close()
    }
  })

  test('a second connection with the same platform replaces the first (1000); the first stops instead of fighting', async () => {
    const server = new MaimServer({ port: 0 })
    await server.listen()
    const a = new MaimClient({ url: server.url, platform: 'minecraft', logger: quiet, ...FAST })
    const b = new MaimClient({ url: server.url, platform: 'minecraft', logger: quiet, ...FAST })
    try {
      const aOpen = waitFor(a, 'open', 'the first client to connect')
      a.start()
      await aOpen
      const stopped = waitFor<[CloseInfo | null]>(a, 'stopped', 'the first client to stop')
      const bOpen = waitFor(b, 'open', 'the second client to connect')
      b.start()
      await bOpen
      const [info] = await stopped
      assert.equal(info?.kind, 'replaced')
      assert.equal(info?.code, 1000)
      assert.equal(a.state, 'stopped')
      assert.ok(b.connected)
      assert.deepEqual(server.platforms(), ['minecraft'])
    } finally {
      await a.close()
      await b.close()
      await server.close()
    }
  })
})

const skipReal = realPeerUnavailable()

describe('the llm stand-in MaiCore (scripted OpenAI-compatible server over real HTTP)', () => {
  test('the model sees the state and the documented primitives; its fenced JSON reply runs as a program', async () => {
    const model = await startScriptedOpenAI([() => ({ reply: '```json\n{"actions": "await mineBlock(bot, \'log\', 2)", "goal": "砍两块木头"}\n```' })])
    const standin = await startStandin({ mind: new LlmStandinMind(createLlmClient({ baseUrl: model.baseUrl, model: 'scripted-model', maxRetries: 0, timeoutMs: 5000 })), port: 0, logger: quiet })
    const { link, runner } = linkFor(standin.url, { token: standin.token })
    try {
      const ran = waitFor<[string]>(link, 'program.start', 'the model-written program to run')
      link.start()
      assert.equal((await ran)[0], "await mineBlock(bot, 'log', 2)")
      assert.ok(runner.programs[0]!.code.includes("mineBlock(bot, 'log', 2)"))
      const req = model.chatRequests()[0]!
      const system = String(req.body?.messages?.[0]?.content)
      assert.equal(system, LLM_STANDIN_SYSTEM)
      for (const p of ['mineBlock', 'craftItem', 'smeltItem', 'placeItem', 'killMob', 'exploreUntil']) assert.ok(system.includes(p), `the prompt documents ${p}`)
      const user = String(req.body?.messages?.at(-1)?.content)
      assert.match(user, /目标/, 'the state message text reaches the model')
    } finally {
      await link.close()
      await standin.close()
      await model.close()
    }
  })
})

describe('against the real maim_message 0.6.8 server (../shared/peers)', { skip: skipReal }, () => {
  test('headers and token, state message as maim_message parses it, text/seglist/non-JSON replies, replacement, restart', async () => {
    const port = await freePort()
    let peer = await RealPeer.start(port, 'tok-123')
    const { link, runner } = linkFor(peer.url, { token: 'tok-123' })
    const bad = new MaimClient({ url: peer.url, platform: 'other', token: 'nope', logger: quiet, ...FAST })
    const twin = new MaimClient({ url: peer.url, platform: 'minecraft', token: 'tok-123', logger: quiet, ...FAST })
    try {
      // bad token → 1008
      const rejected = waitFor<[CloseInfo]>(bad, 'close', 'the real server to reject a bad token')
      bad.start()
      const [rej] = await rejected
      assert.equal(rej.code, 1008)
      assert.equal(rej.kind, 'token-rejected')
      await bad.close()

      // the link connects; the real handler receives the state dict
      const got = waitFor<[Record<string, any>]>(peer, 'message', 'the real server to receive the state')
      link.start()
      const [data] = await got
      assert.equal(data.message_info.platform, 'minecraft')
      assert.equal(data.message_info.template_info.template_name, 'Minecraft')
      assert.equal(data.message_info.additional_config.maimcore_reply_probability_gain, 1)
      assert.equal(data.message_info.group_info, null)
      assert.equal(data.message_segment.type, 'text')
      assert.equal(data.raw_message, data.message_segment.data)
      assert.equal(typeof data.message_info.template_info.template_items.observations, 'string')

      // a text reply through MessageBase.from_dict / send_message
      const ran = waitFor<[string]>(link, 'program.start', 'the text reply to run')
      const base = { platform: 'minecraft', message_id: 'r1', time: Date.now() / 1000, user_info: { platform: 'minecraft', user_id: 'mai_bot' }, format_info: { content_format: ['text'], accept_format: ['text'] } }
      peer.command({ cmd: 'send', message: { message_info: base, message_segment: { type: 'text', data: '{"actions": "bot.chat(\'hi\')"}' } } })
      assert.equal((await ran)[0], "bot.chat('hi')")

      // a seglist reply as MaiCore sends it (several text segments)
      const ran2 = waitFor<[string]>(link, 'program.start', 'the seglist reply to run')
      peer.command({
        cmd: 'send',
        message: { message_info: { ...base, message_id: 'r2' }, message_segment: { type: 'seglist', data: [{ type: 'text', data: '{"actions": "await eat(bot, ' }, { type: 'text', data: '\'bread\')"}' }] } },
      })
      assert.equal((await ran2)[0], "await eat(bot, 'bread')")
      assert.equal(runner.programs.length, 2)

      // a non-JSON text frame is skipped
      const invalid = waitFor(link.client, 'invalid', 'the non-JSON frame to be skipped')
      peer.command({ cmd: 'raw', platform: 'minecraft', text: 'not json at all' })
      await invalid
      assert.ok(link.client.connected)

      // another client with our platform replaces us: 1000, and we stop
      const replaced = waitFor<[CloseInfo | null]>(link, 'stopped', 'the link to be replaced')
      twin.start()
      const [info] = await replaced
      assert.equal(info?.kind, 'replaced')
      assert.equal(info?.code, 1000)
      await twin.close()

      // restart of the peer: a fresh link reconnects to the new process
      await peer.stop()
      const { link: link2 } = linkFor(peer.url, { token: 'tok-123' })
      const refused = waitFor<[CloseInfo]>(link2, 'close', 'the stopped peer to refuse')
      link2.start()
      await refused
      const back = waitFor<[MessageBase]>(link2, 'sent', 'the state after the peer restarted')
      peer = await RealPeer.start(port, 'tok-123')
      await back
      const arrived = peer.messages.length ? Promise.resolve() : waitFor(peer, 'message', 'the restarted peer to receive the state')
      await arrived
      await link2.close()
    } finally {
      await link.close()
      await bad.close()
      await twin.close()
      await peer.stop()
    }
  })
})

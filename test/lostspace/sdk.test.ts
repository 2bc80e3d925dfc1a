import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { PassThrough } from 'node:stream'
import { encodeAiPayload, FrameDecoder } from '../../src/lostspace/judger/framing.js'
import { createStreamTransport, LostSpaceClient, type Player, type PlayerApi } from '../../src/lostspace/sdk/client.js'
import { GameStateTracker } from '../../src/lostspace/sdk/state.js'
import { parseServerMessage, type ActionReply, type Pos } from '../../src/lostspace/sdk/messages.js'
import { createLogger } from '../../src/core/logger.js'
import { waitFor } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })
const tick = () => new Promise((r) => setImmediate(r))

const ID = { type: 'id', id: 1, birth_pos: [6, 0] }
function roundBegin(extra: Record<string, unknown> = {}) {
  return {
    type: 'roundbegin',
    state: 1,
    inturn: 1,
    status: 0,
    pos: [6, 0, 1],
    hp: 200,
    keys: [1],
    tools: { LandMine: [1, 1, [5, 1, 1]], Sticky: [0, 0], Kit: 1, Transport: 2 },
    others: [
      { player_id: 0, status: 0, keys: [0], hp: 200 },
      { player_id: 2, status: 1, keys: [2], hp: 0 },
      { player_id: 3, status: 0, keys: [3, 0], hp: 130 },
    ],
    ...extra,
  }
}

/** A client on real streams plus a handle to play the logic's side. */
function harness(player: Player, logger = quiet) {
  const toAi = new PassThrough()
  const fromAi = new PassThrough()
  const client = new LostSpaceClient(player, createStreamTransport(toAi, fromAi), { logger })
  const decoder = new FrameDecoder()
  const sent: Array<Record<string, unknown>> = []
  fromAi.on('data', (c: Buffer) => {
    for (const f of decoder.push(c)) sent.push(JSON.parse(f.body) as Record<string, unknown>)
  })
  const send = (obj: object) => toAi.write(encodeAiPayload(obj))
  return { client, sent, send, toAi }
}

/** Waits (bounded) until `cond` holds; `what` names it in the timeout message. */
async function until(cond: () => boolean, what: string): Promise<void> {
  await waitFor(what, cond, { timeoutMs: 10_000, intervalMs: 1 })
}

describe('SDK stream framing', () => {
  test('payloads split anywhere and several payloads in one chunk', async () => {
    const seen: string[] = []
    const input = new PassThrough()
    const output = new PassThrough()
    const t = createStreamTransport(input, output)
    t.onMessage((b) => seen.push(b))
    const bytes = Buffer.from(encodeAiPayload({ type: 'id', id: 2, birth_pos: [6, 6] }) + encodeAiPayload({ type: 'roundbegin', state: 1, inturn: 0 }) + encodeAiPayload('{"type":"escaped"}'))
    // header split in the middle, body split, then the rest in one chunk
    input.write(bytes.subarray(0, 2))
    input.write(bytes.subarray(2, 10))
    input.write(bytes.subarray(10))
    await until(() => seen.length === 3, '3 decoded payloads')
    assert.deepEqual(seen.map((s) => (JSON.parse(s) as { type: string }).type), ['id', 'roundbegin', 'escaped'])
    const out: Buffer[] = []
    output.on('data', (c: Buffer) => out.push(c))
    t.send('{"type":"finish"}')
    await until(() => Buffer.concat(out).length >= 21, 'the framed finish on the output')
    const all = Buffer.concat(out)
    assert.equal(all.readUInt32BE(0), 17)
    assert.equal(all.subarray(4).toString(), '{"type":"finish"}')
  })

  test('garbage on the input closes the transport instead of throwing', async () => {
    const input = new PassThrough()
    const t = createStreamTransport(input, new PassThrough())
    let closed = false
    t.onClose(() => (closed = true))
    t.onMessage(() => assert.fail('no message expected'))
    input.write('hello world')
    await until(() => closed, 'the transport to report the close')
  })
})

describe('SDK client turns', () => {
  test('a turn: action → reply → finish; the tracker follows', async () => {
    let reply: ActionReply | undefined
    const h = harness({
      async onRoundBegin(state, api) {
        reply = await api.move([5, 0, 1])
      },
    })
    h.send(ID)
    h.send(roundBegin())
    await until(() => h.sent.length === 1, '1 message from the AI')
    assert.deepEqual(h.sent[0], { type: 'action', action: ['move', [5, 0, 1]] })
    h.send({ type: 'offround', state: 1, playerid: 1, content: ['see', 'pos_update', [5, 1, 1], 3] })
    h.send({ type: 'action', success: true, hp: 200, status: 0, view: [[[5, 1, 1], true, [3]], [[4, 0, 1], false]] })
    await until(() => h.sent.length === 2, '2 messages from the AI')
    assert.deepEqual(h.sent[1], { type: 'finish' })
    assert.equal(reply?.success, true)
    const s = h.client.state
    assert.deepEqual(s.pos, [5, 0, 1])
    assert.deepEqual(s.tools, { LandMine: 1, Sticky: 0, Kit: 1, Transport: 2 })
    assert.deepEqual(s.placedTraps.LandMine, [[5, 1, 1]])
    assert.deepEqual(s.others.get(3)?.pos, [5, 1, 1])
    assert.equal(s.others.get(2)?.status, 1)
    assert.ok(s.boxes.has('5,1,1'))
    assert.ok(s.events.some((e) => e.kind === 'did' && /move/.test(e.text)))
  })

  test('a player that says keepsLog: false gets the same picture without the event log', async () => {
    const play = (keepsLog?: boolean) => {
      const h = harness({ keepsLog, onRoundBegin: async (_state, api) => void (await api.move([5, 0, 1])) })
      h.send(ID)
      h.send(roundBegin())
      h.send({ type: 'offround', state: 1, playerid: 1, content: ['see', 'pos_update', [5, 1, 1], 3] })
      h.send({ type: 'action', success: true, hp: 200, status: 0, view: [[[5, 1, 1], true, [3]], [[4, 0, 1], false]] })
      return h
    }
    const logged = play()
    const quietOne = play(false)
    await until(() => logged.sent.length === 2 && quietOne.sent.length === 2, 'both turns finished')
    const { events: e1, eventCount: c1, logging: l1, ...rest1 } = logged.client.state
    const { events: e2, eventCount: c2, logging: l2, ...rest2 } = quietOne.client.state
    assert.deepEqual(rest2, rest1)
    assert.deepEqual([l1, l2], [true, false])
    assert.ok(e1.length > 0 && c1 === e1.length)
    assert.deepEqual([e2, c2], [[], 0])
  })

  test('no finish after a KeyMachine or an automatic turn end; finish after a failed KeyMachine', async () => {
    const plans: Array<(api: PlayerApi) => Promise<unknown>> = [
      (api) => api.keyMachine(),
      (api) => api.move([5, 0, 1]).then(() => api.trap('LandMine')).then((r) => (trapAfterStop = r)),
      (api) => api.keyMachine(),
    ]
    let turn = 0
    let trapAfterStop: ActionReply | undefined
    const h = harness({ onRoundBegin: (_s, api) => plans[turn++]!(api).then(() => undefined) })
    h.send(ID)
    h.send(roundBegin({ state: 1 }))
    await until(() => h.sent.length === 1, '1 message from the AI')
    h.send({ type: 'action', success: true })
    h.send(roundBegin({ state: 2 }))
    await until(() => h.sent.length === 2, '2 messages from the AI')
    assert.deepEqual(h.sent.map((m) => m.type), ['action', 'action'], 'no finish after a KeyMachine')
    h.send({ type: 'action', success: true, hp: 200, status: 3, view: [] })
    // The turn is over for the SDK: the trap call resolves as a failure without a reply from the logic.
    await until(() => trapAfterStop !== undefined, 'the trap call after the Sticky stop to resolve')
    assert.equal(trapAfterStop!.success, false)
    h.send(roundBegin({ state: 3 }))
    await until(() => h.sent.length === 3, '3 messages from the AI')
    // The AI's output is in order: a trap or finish after the Sticky stop would come before this turn's action.
    assert.deepEqual(h.sent[2], { type: 'action', action: ['interact', 'KeyMachine'] }, 'nothing more after a Sticky stop (status 3): trap and finish are not sent')
    h.send({ type: 'action', success: false })
    await until(() => h.sent.length === 4, '4 messages from the AI')
    assert.deepEqual(h.sent[3], { type: 'finish' })
  })

  test('a new roundbegin ends a turn still waiting for its reply; format error counts as failure', async () => {
    const results: boolean[] = []
    const h = harness({
      async onRoundBegin(_s, api) {
        results.push((await api.detect([5, 0, 1])).success)
      },
    })
    h.send(ID)
    h.send(roundBegin({ state: 1 }))
    await until(() => h.sent.length === 1, '1 message from the AI')
    h.send({ type: 'roundbegin', state: 1, inturn: 2 })
    await until(() => results.length === 1, '1 action result reported to the player')
    assert.deepEqual(results, [false])
    assert.equal(h.sent.length, 1, 'no finish for a turn that is over')
    h.send(roundBegin({ state: 2 }))
    await until(() => h.sent.length === 2, '2 messages from the AI')
    h.send({ type: 'format error' })
    await until(() => results.length === 2, '2 action results reported to the player')
    assert.deepEqual(results, [false, false])
    await until(() => h.sent.length === 3, '3 messages from the AI')
    assert.deepEqual(h.sent[2], { type: 'finish' })
  })

  test('a player that throws still finishes its turn; unparsable input is ignored; escaped ends the game', async () => {
    let ended = false
    const h = harness({
      onRoundBegin() {
        throw new Error('bug in the player')
      },
      onEnd: () => (ended = true),
    })
    h.send(ID)
    h.toAi.write('0005{oops')
    h.send(roundBegin())
    await until(() => h.sent.length === 1, '1 message from the AI')
    assert.deepEqual(h.sent[0], { type: 'finish' })
    h.send({ type: 'escaped' })
    await h.client.done
    assert.ok(ended)
    assert.equal(h.client.state.escaped, true)
  })
})

describe('GameStateTracker', () => {
  test('offround messages: deaths, hp, keys, traps, boxes, respawn', () => {
    const s = new GameStateTracker()
    s.apply({ type: 'id', id: 0, birth_pos: [0, 0] })
    assert.deepEqual(s.pos, [0, 0, 1])
    s.apply(roundBegin({ inturn: 0 }) as never)
    const off = (content: unknown[], playerid = 2) => s.apply({ type: 'offround', state: 3, playerid, content })
    off(['hp_update', 130])
    assert.equal(s.hp, 130)
    assert.ok(s.events.some((e) => e.kind === 'hit'))
    off(['getkey', [1, 3]])
    assert.deepEqual(s.others.get(2)?.keys.sort(), [1, 2, 3])
    off(['trap_triggered', 'LandMine', [5, 1, 1]])
    assert.deepEqual(s.placedTraps.LandMine, [])
    off(['see', 'interprops_status_update', [2, 2, 1], 'Box', 'appear'])
    assert.ok(s.boxes.has('2,2,1'))
    off(['see', 'interprops_status_update', [2, 2, 1], 'Box', 'disappear'])
    assert.ok(!s.boxes.has('2,2,1'))
    off(['died', 3])
    assert.equal(s.others.get(3)?.status, 1)
    off(['see', 'regenerate', [0, 6, 1], 3])
    assert.equal(s.others.get(3)?.status, 0)
    assert.deepEqual(s.others.get(3)?.pos, [0, 6, 1] as Pos)
    off(['see', 'pos_update', [-1, -1, -1], 3])
    assert.equal(s.others.get(3)?.pos, null)
    off(['player_enter_top_layer'])
    assert.ok(s.topLayerAlert)
    off(['died', 0])
    assert.equal(s.status, 1)
    assert.match(s.summary(), /me p0 status 1/)
  })
})

describe('SDK input validation (logic → AI)', () => {
  const error = (value: unknown): string => {
    const r = parseServerMessage(typeof value === 'string' ? value : JSON.stringify(value))
    assert.equal(r.ok, false, `accepted ${JSON.stringify(value)}`)
    return r.ok ? '' : r.error
  }

  test('malformed messages get an error naming the message, the field and the rule', () => {
    assert.equal(error({ ...roundBegin(), state: '3' }), 'roundbegin message: at state: expected number, got string "3"')
    assert.equal(error({ ...roundBegin(), hp: -5 }), 'roundbegin message: at hp: must be >= 0')
    assert.equal(error({ ...roundBegin(), tools: { LandMine: [1, 2, [5, 1, 1]], Sticky: [0, 0], Kit: 1, Transport: 2 } }), 'roundbegin message: at tools.LandMine: trap bag must be [unplaced, placed, ...exactly placed position triples]')
    assert.equal(error({ type: 'roundbegin', state: 2 }), 'roundbegin message: at inturn: required number is missing')
    assert.equal(error({ type: 'action', hp: 200 }), 'action message: at success: required boolean is missing')
    assert.equal(error({ type: 'action', success: true, view: [[[1, 1], true]] }), 'action message: at view[0]: does not match any allowed form, got array')
    assert.equal(error({ type: 'offround', state: 1, playerid: 1, content: ['see', 'pos_update', [1, 1], 1] }), 'offround message: at content[2]: must have >= 3 items')
    assert.equal(error({ type: 'offround', state: 1, playerid: 1, content: ['hp_update', 'lots'] }), 'offround message: at content[1]: expected number, got string "lots"')
    assert.equal(error({ type: 'offround', state: 1, playerid: 9, content: ['escaped'] }), 'offround message: at playerid: must be <= 3')
    assert.equal(error({ type: 'death' }), 'death message: at box: required boolean is missing')
    assert.equal(error({ type: 'id', id: 1, birth_pos: [6] }), 'id message: at birth_pos: must have >= 2 items')
    assert.match(error('{"type":"id",'), /^not JSON: /)
    assert.equal(error([1, 2]), 'message: at (root): expected a JSON object, got [1,2]')
    assert.equal(error({ kind: 'id' }), 'message: at type: expected a string, got undefined')
  })

  test('the original platform\'s loose forms are accepted', () => {
    const { pos: _pos, ...noPos } = roundBegin()
    const accepted = [
      noPos, // the seed's roundbegin has no pos
      { ...roundBegin(), others: [{ player_id: 0, status: 0, keys: [0], hp: 200 }] }, // not exactly three others
      { type: 'action', success: true, tools: { Kit: 2 } }, // only some tools
      { type: 'action', success: true, keys: [1, 2], content: 'Box' }, // extra keys
      { type: 'offround', state: 1, playerid: 1, content: ['trap_destoryed', 'Sticky', [1, 1, 1]] }, // the seed's spelling
      { type: 'offround', state: 1, playerid: 1, content: ['see', 'interprops_status_update', [[1, 1, 1], [1, 2, 1]], 'Door', 'open'] },
      { type: 'offround', state: 1, playerid: 1, content: ['alert', 3] }, // a content kind we do not know
      { type: 'getkey', key: 2 },
      { type: 'ai_error', content: [3] },
      { type: 'box_disappear', pos: [1, 1, 2] },
      { type: 'interprops_update', whatever: true }, // a type we do not know
    ]
    for (const m of accepted) {
      const r = parseServerMessage(JSON.stringify(m))
      assert.ok(r.ok, `${JSON.stringify(m)}: ${r.ok ? '' : r.error}`)
    }
    const unknown = parseServerMessage('{"type":"interprops_update"}')
    assert.ok(unknown.ok && !unknown.known)
  })

  test('the client logs malformed input, answers a garbled reply as a failure and keeps playing', async () => {
    const lines: string[] = []
    const logger = createLogger('sdk', { level: 'warn', sink: (l) => lines.push(l) })
    const results: boolean[] = []
    const h = harness(
      {
        async onRoundBegin(_s, api) {
          results.push((await api.detect([5, 0, 1])).success)
        },
      },
      logger,
    )
    h.send(ID)
    h.send({ ...roundBegin(), state: 'one' })
    h.send(roundBegin())
    await until(() => h.sent.length === 1, 'the detect action')
    h.send({ type: 'action', success: 'yes' })
    await until(() => h.sent.length === 2, 'the finish after the malformed reply')
    assert.deepEqual(results, [false])
    assert.deepEqual(h.sent[1], { type: 'finish' })
    assert.ok(lines.some((l) => l.includes('roundbegin message: at state: expected number, got string "one"')), lines.join('\n'))
    assert.ok(lines.some((l) => l.includes('action message: at success: expected boolean, got string "yes"')), lines.join('\n'))
    assert.equal(h.client.state.round, 1, 'the malformed roundbegin changed nothing')
  })
})

// LostSpaceLogic driven by scripted AI messages; asserts the exact frames,
// including the quirks of lostspace-facts §8.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LostSpaceLogic, asciiJson, withHeader, type JudgerFrame } from '../../src/lostspace/logic.js'
import { loadMap, type Pos } from '../../src/lostspace/map.js'
import { Status } from '../../src/lostspace/rules.js'

const map = loadMap()
const INIT = { player_list: [1, 1, 1, 1], player_num: 4, config: {}, replay: '' }

interface Delivered {
  state: number
  listen: number[]
  to: number
  msg: Record<string, unknown>
}

function decode(frames: JudgerFrame[], types = [1, 1, 1, 1]): Delivered[] {
  const out: Delivered[] = []
  for (const f of frames) {
    if (!('listen' in f)) continue
    f.content.forEach((raw, i) => {
      const to = f.player[i]!
      assert.equal(typeof raw, 'string', 'without deliverObjectsTo every payload is a string')
      const c = raw as string
      let json = c
      if (types[to] === 1) {
        assert.match(c, /^\d{4}\{/)
        assert.equal(Number(c.slice(0, 4)), Buffer.byteLength(c.slice(4)))
        json = c.slice(4)
      }
      out.push({ state: f.state, listen: f.listen, to, msg: JSON.parse(json) as Record<string, unknown> })
    })
  }
  return out
}
const to = (d: Delivered[], seat: number) => d.filter((x) => x.to === seat).map((x) => x.msg)
const action = (a: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ type: 'action', action: a, ...extra })
const FINISH = JSON.stringify({ type: 'finish' })

function started(opts: ConstructorParameters<typeof LostSpaceLogic>[0] = {}, init = INIT) {
  const logic = new LostSpaceLogic({ map, ...opts })
  const frames = logic.init(init)
  return { logic, frames }
}
function put(logic: LostSpaceLogic, id: number, p: Pos): void {
  logic.engine.player(id).pos = map.get(p)!
}

describe('init', () => {
  test('first frames: settings, ids, roundbegin for seat 0 (exact bytes)', () => {
    const { logic, frames } = started()
    assert.deepEqual(frames[0], { state: 0, time: 3, length: 1024 })
    assert.deepEqual(frames[1], {
      state: 1,
      listen: [],
      player: [0, 1, 2, 3],
      content: [
        '0038{"type":"id","id":0,"birth_pos":[0,0]}',
        '0038{"type":"id","id":1,"birth_pos":[6,0]}',
        '0038{"type":"id","id":2,"birth_pos":[6,6]}',
        '0038{"type":"id","id":3,"birth_pos":[0,6]}',
      ],
    })
    const rb = frames[2] as Extract<JudgerFrame, { listen: number[] }>
    assert.equal(rb.state, 2)
    assert.deepEqual(rb.listen, [0])
    assert.deepEqual(rb.player, [0, 1, 2, 3])
    const full =
      '{"type":"roundbegin","state":1,"inturn":0,"status":0,"pos":[0,0,1],"hp":200,"keys":[0],' +
      '"tools":{"LandMine":[0,0],"Sticky":[0,0],"Kit":0,"Transport":0},' +
      '"others":[{"player_id":1,"status":0,"keys":[1],"hp":200},{"player_id":2,"status":0,"keys":[2],"hp":200},{"player_id":3,"status":0,"keys":[3],"hp":200}]}'
    assert.equal(rb.content[0], withHeader(full))
    assert.equal(rb.content[1], '0042{"type":"roundbegin","state":1,"inturn":0}')
    assert.equal(frames.length, 3)
    assert.equal(logic.waitingFor, 0)
  })
  test('options: time and length; bad init messages throw clear errors', () => {
    const logic = new LostSpaceLogic({ map, timeLimitSec: 10, maxLength: 4096 })
    assert.deepEqual(logic.init(INIT)[0], { state: 0, time: 10, length: 4096 })
    assert.throws(() => new LostSpaceLogic({ map }).init({ ...INIT, player_list: [1, 1] }), /exactly 4 seats/)
    assert.throws(() => new LostSpaceLogic({ map }).init({ player_list: 'x' } as never), /bad LostSpace init/)
    assert.throws(() => logic.init(INIT), /twice/)
  })
  test('a seat that failed to start (type 0) gets nothing, is error, and its turns are skipped', () => {
    const { logic, frames } = started({}, { ...INIT, player_list: [0, 1, 1, 1] })
    const d = decode(frames)
    assert.ok(d.every((x) => x.to !== 0))
    assert.equal(logic.engine.player(0).status, Status.Error)
    assert.equal(logic.waitingFor, 1)
    assert.deepEqual(to(d, 1).at(-1), { ...to(d, 1).at(-1), type: 'roundbegin', inturn: 1 })
  })
})

describe('actions and replies', () => {
  test('move: reply with hp, status, view; bystanders on the layer see pos_update with playerid = mover', () => {
    const { logic } = started()
    const d = decode(logic.onAiMessage(0, action(['move', [0, 1, 1]], { state: 1 })))
    assert.deepEqual(to(d, 0), [{ type: 'action', success: true, hp: 200, status: 0, view: [] }])
    for (const s of [1, 2, 3]) {
      assert.deepEqual(to(d, s), [{ type: 'offround', state: 1, playerid: 0, content: ['see', 'pos_update', [0, 1, 1], 0] }])
    }
    assert.ok(d.every((x) => x.state === 2 && x.listen[0] === 0))
  })
  test('leaving a layer: observers get [-1,-1,-1], everyone gets player_enter_top_layer, view has every z0 node', () => {
    const { logic } = started()
    put(logic, 0, [1, 3, 1])
    const d = decode(logic.onAiMessage(0, action(['move', [1, 3, 0]])))
    const reply = to(d, 0)[0]!
    assert.equal((reply.view as unknown[]).length, 21)
    assert.deepEqual(to(d, 1), [
      { type: 'offround', state: 1, playerid: 0, content: ['see', 'pos_update', [-1, -1, -1], 0] },
      { type: 'offround', state: 1, playerid: 0, content: ['player_enter_top_layer'] },
    ])
  })
  test('key order does not matter; P-style messages without state work', () => {
    const { logic } = started()
    const d = decode(logic.onAiMessage(0, '{"action":["move",[1,0,1]],"type":"action"}'))
    assert.equal(to(d, 0)[0]!.success, true)
  })
  test('illegal or garbled actions: success:false and nothing changes; non-JSON: format error', () => {
    const { logic } = started()
    for (const bad of [
      action(['trap', 'Landmine']),
      action(['move', [0, 2, 1]]),
      action(['fly']),
      '{"type":"hello"}',
      '[1,2]',
      action(['move', [0, 1]]),
    ]) {
      assert.deepEqual(to(decode(logic.onAiMessage(0, bad)), 0), [{ type: 'action', success: false }], bad)
    }
    assert.deepEqual(to(decode(logic.onAiMessage(0, 'move please')), 0), [{ type: 'format error' }])
    assert.deepEqual([...logic.engine.player(0).pos], [0, 0, 1])
    assert.equal(logic.waitingFor, 0)
  })
  test('Materials and Box success replies carry tools (and keys for Box)', () => {
    const { logic } = started()
    put(logic, 0, [0, 3, 1])
    logic.engine.boxes.set('0,3,1', { pos: map.get([0, 3, 1])!, keys: [2] })
    assert.deepEqual(to(decode(logic.onAiMessage(0, action(['interact', 'Materials', 'Kit']))), 0)[0], {
      type: 'action',
      success: true,
      tools: { LandMine: 0, Sticky: 0, Kit: 1, Transport: 0 },
    })
    logic.engine.mainUsed = false
    const d = decode(logic.onAiMessage(0, action(['interact', 'Box'])))
    assert.deepEqual(to(d, 0)[0], { type: 'action', success: true, keys: [0, 2], tools: { LandMine: 0, Sticky: 0, Kit: 1, Transport: 0 } })
    assert.deepEqual(to(d, 1), [
      { type: 'offround', state: 1, playerid: 0, content: ['see', 'interprops_status_update', [0, 3, 1], 'Box', 'disappear'] },
      { type: 'offround', state: 1, playerid: 0, content: ['getkey', [2]] },
    ])
  })
  test('attack: victim gets hp_update; a kill gives the attacker other_death and everyone else died', () => {
    const { logic } = started()
    put(logic, 2, [0, 1, 1])
    let d = decode(logic.onAiMessage(0, action(['attack', [0, 1, 1], 2])))
    assert.deepEqual(to(d, 2), [{ type: 'offround', state: 1, playerid: 0, content: ['hp_update', 130] }])
    assert.deepEqual(to(d, 1), [{ type: 'offround', state: 1, playerid: 0, content: ['see', 'attack', [0, 1, 1], 0] }])
    logic.engine.mainUsed = false
    logic.engine.player(2).hp = 60
    d = decode(logic.onAiMessage(0, action(['attack', [0, 1, 1], 2])))
    assert.deepEqual(to(d, 0), [
      { type: 'action', success: true },
      { type: 'other_death', playerid: 2 },
      { type: 'offround', state: 1, playerid: 0, content: ['see', 'interprops_status_update', [0, 1, 1], 'Box', 'appear'] },
    ])
    assert.deepEqual(to(d, 2), to(d, 3).slice(1), 'the dead keep the vision of their death node')
    assert.deepEqual(to(d, 3), [
      { type: 'offround', state: 1, playerid: 0, content: ['see', 'attack', [0, 1, 1], 0] },
      { type: 'offround', state: 1, playerid: 0, content: ['died', 2] },
      { type: 'offround', state: 1, playerid: 0, content: ['see', 'interprops_status_update', [0, 1, 1], 'Box', 'appear'] },
    ])
  })
  test('own death on a LandMine: death with box false by default (P crashes on true), true if asked; owner gets trap_triggered', () => {
    for (const truthful of [false, true]) {
      const { logic } = started({ truthfulDeathBox: truthful })
      logic.engine.player(0).hp = 100
      logic.engine.traps.set('0,1,1', { pos: map.get([0, 1, 1])!, type: 'LandMine', owner: 3 })
      const d = decode(logic.onAiMessage(0, action(['move', [0, 1, 1]])))
      const mine = to(d, 0)
      assert.deepEqual(mine[0], { type: 'action', success: true, hp: 0, status: 1, view: [] })
      assert.deepEqual(mine[1], { type: 'death', box: truthful })
      assert.deepEqual(to(d, 3).slice(0, 2), [
        { type: 'offround', state: 1, playerid: 0, content: ['see', 'pos_update', [0, 1, 1], 0] },
        { type: 'offround', state: 1, playerid: 0, content: ['trap_triggered', 'LandMine', [0, 1, 1]] },
      ])
      // status left {0,4}: the turn ended by itself, seat 1 is next
      assert.equal(logic.waitingFor, 1)
    }
  })
  test('detect destroys an enemy trap: owner gets trap_destroyed (correct spelling)', () => {
    const { logic } = started()
    logic.engine.traps.set('0,1,1', { pos: map.get([0, 1, 1])!, type: 'Sticky', owner: 2 })
    const d = decode(logic.onAiMessage(0, action(['detect', [0, 1, 1]])))
    assert.deepEqual(to(d, 0), [{ type: 'action', success: true, has_trap: true }])
    assert.deepEqual(to(d, 2), [{ type: 'offround', state: 1, playerid: 0, content: ['trap_destroyed', 'Sticky', [0, 1, 1]] }])
  })
})

describe('turn sequencing and stray messages', () => {
  test('finish hands the turn on with a higher frame state; roundbegin goes to every seat', () => {
    const { logic } = started()
    const frames = logic.onAiMessage(0, FINISH)
    assert.equal(frames.length, 1)
    const f = frames[0] as Extract<JudgerFrame, { listen: number[] }>
    assert.equal(f.state, 3)
    assert.deepEqual(f.listen, [1])
    const d = decode(frames)
    assert.equal(to(d, 1)[0]!.inturn, 1)
    assert.deepEqual(to(d, 0), [{ type: 'roundbegin', state: 1, inturn: 1 }])
  })
  test('stray finish from a player not in turn is ignored; stray action gets success:false', () => {
    const { logic } = started()
    assert.deepEqual(logic.onAiMessage(2, FINISH), [])
    const frames = logic.onAiMessage(2, action(['move', [6, 5, 1]]))
    assert.deepEqual(frames, [{ state: 2, listen: [0], player: [2], content: ['0033{"type":"action","success":false}'] }])
    assert.deepEqual([...logic.engine.player(2).pos], [6, 6, 1])
    assert.equal(logic.waitingFor, 0)
  })
  test('messages with an older state: finish discarded, action answered false and not applied', () => {
    const { logic } = started()
    for (let i = 0; i < 4; i++) logic.onAiMessage(i, FINISH)
    assert.equal(logic.engine.round, 2)
    assert.equal(logic.waitingFor, 0)
    assert.deepEqual(logic.onAiMessage(0, JSON.stringify({ type: 'finish', state: 1 })), [])
    assert.equal(logic.waitingFor, 0)
    assert.deepEqual(to(decode(logic.onAiMessage(0, action(['move', [0, 1, 1]], { state: 1 }))), 0), [{ type: 'action', success: false }])
    assert.deepEqual([...logic.engine.player(0).pos], [0, 0, 1])
    assert.equal(to(decode(logic.onAiMessage(0, action(['move', [0, 1, 1]], { state: 2 }))), 0)[0]!.success, true)
  })
  test('KeyMachine ends the turn without finish; next own turn is skipped (no wait) and brings the key', () => {
    const { logic } = started()
    put(logic, 0, [6, 0, 2])
    const d = decode(logic.onAiMessage(0, action(['interact', 'KeyMachine'])))
    assert.deepEqual(to(d, 0)[0], { type: 'action', success: true })
    assert.equal(logic.waitingFor, 1)
    // C sends no finish; P sends one late: ignored
    assert.deepEqual(logic.onAiMessage(0, FINISH), [])
    for (const s of [1, 2, 3]) logic.onAiMessage(s, FINISH)
    // round 2, seat 0: skipped; the roundbegin still arrives, with the key and status 3
    assert.equal(logic.waitingFor, 1)
    assert.equal(logic.engine.round, 2)
    assert.deepEqual(logic.engine.player(0).keys, [0, 1])
  })
  test('Sticky: blink into it ends the turn; C-style follow-up action is answered false; stray finish ignored', () => {
    const { logic } = started()
    logic.engine.player(0).tools.Transport = 1
    logic.engine.traps.set('0,1,1', { pos: map.get([0, 1, 1])!, type: 'Sticky', owner: 1 })
    const d = decode(logic.onAiMessage(0, action(['tool', 'Transport', [0, 1, 1]], { state: 1 })))
    assert.deepEqual(to(d, 0)[0], { type: 'action', success: true, hp: 200, status: 3, view: [] })
    assert.equal(logic.waitingFor, 1)
    assert.deepEqual(to(decode(logic.onAiMessage(0, action(['trap', 'LandMine'], { state: 1 }))), 0), [{ type: 'action', success: false }])
    assert.deepEqual(logic.onAiMessage(0, JSON.stringify({ type: 'finish', state: 1 })), [])
    assert.equal(logic.waitingFor, 1)
  })
  test('escape: P-style flag 1, auto end, status-4 turn, then escaped; no more messages to the escaper', () => {
    const { logic } = started()
    put(logic, 0, [3, 3, 0])
    logic.engine.player(0).keys = [0, 1, 2, 3]
    assert.deepEqual(to(decode(logic.onAiMessage(0, action(['interact', 'EscapeCapsule', 1]))), 0)[0], { type: 'action', success: true })
    assert.equal(logic.waitingFor, 1)
    for (const s of [1, 2, 3]) logic.onAiMessage(s, FINISH)
    assert.equal(logic.waitingFor, 0, 'status 4 still acts')
    assert.equal(logic.engine.player(0).status, Status.WaitForEscape)
    for (const s of [0, 1, 2, 3]) logic.onAiMessage(s, FINISH)
    // round 3 seat 0: escapes at the start of the turn
    assert.equal(logic.engine.player(0).status, Status.Escaped)
    assert.equal(logic.waitingFor, 1)
  })
  test('escape frames in detail', () => {
    const { logic } = started()
    put(logic, 0, [3, 3, 0])
    logic.engine.player(0).keys = [0, 1, 2, 3]
    logic.onAiMessage(0, action(['interact', 'EscapeCapsule', true]))
    for (const s of [1, 2, 3, 0, 1, 2]) logic.onAiMessage(s, FINISH)
    const d = decode(logic.onAiMessage(3, FINISH))
    assert.deepEqual(to(d, 0), [{ type: 'escaped' }])
    assert.deepEqual(to(d, 1), [
      { type: 'offround', state: 3, playerid: 0, content: ['escaped'] },
      { type: 'roundbegin', state: 3, inturn: 0 },
      { ...to(d, 1)[2], type: 'roundbegin', state: 3, inturn: 1 },
    ])
    // later frames never address the escaped seat
    const later = decode([...logic.onAiMessage(1, FINISH), ...logic.onAiMessage(2, FINISH), ...logic.onAiMessage(3, FINISH)])
    assert.ok(later.every((x) => x.to !== 0))
    assert.equal(logic.engine.round, 4)
    assert.equal(logic.waitingFor, 1, 'the escaped seat has no turn any more')
    assert.equal(logic.onAiMessage(0, FINISH).length, 0)
  })
})

describe('AI errors', () => {
  test('an error ends the turn, sets status 5 / hp 0, tells the others, records ai_error', () => {
    const { logic } = started()
    const d = decode(logic.onAiError(0, 0, 'segfault'))
    assert.deepEqual(to(d, 1)[0], { type: 'offround', state: 1, playerid: 0, content: ['ai_error'] })
    assert.equal(logic.engine.player(0).status, Status.Error)
    assert.equal(logic.engine.player(0).hp, 0)
    assert.equal(logic.waitingFor, 1)
    assert.ok(d.every((x) => x.to !== 0))
    const round1 = logic.replay()[1] as Array<Array<Record<string, unknown>>>
    assert.deepEqual(round1[0]!.at(-1), { type: 'ai_error', playerid: 0, error_log: 'runError: segfault' })
    assert.deepEqual(logic.onAiError(0, 1), [])
    assert.deepEqual(logic.onAiMessage(0, FINISH), [])
  })
  test('a timeout while waiting to escape counts as finish (the Python SDK never acts at status 4)', () => {
    const { logic } = started()
    put(logic, 0, [3, 3, 0])
    logic.engine.player(0).keys = [0, 1, 2, 3]
    logic.onAiMessage(0, action(['interact', 'EscapeCapsule', 1]))
    for (const s of [1, 2, 3]) logic.onAiMessage(s, FINISH)
    assert.equal(logic.waitingFor, 0)
    logic.onAiError(0, 1, 'timeout')
    assert.equal(logic.engine.player(0).status, Status.WaitForEscape)
    assert.equal(logic.waitingFor, 1)
  })
  test('errors of a player not in turn do not end the current turn', () => {
    const { logic } = started()
    logic.onAiError(2, 2)
    assert.equal(logic.waitingFor, 0)
    assert.equal(logic.engine.player(2).status, Status.Error)
  })
})

describe('end of game and replay', () => {
  test('round 100 ends the game: replay written before the end frame; end_info is a JSON string with ascending keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-replay-'))
    try {
      const path = join(dir, 'replay.json')
      const { logic } = started({}, { ...INIT, replay: path })
      let last: JudgerFrame[] = []
      let guard = 0
      while (!logic.finished && guard++ < 1000) last = logic.onAiMessage(logic.waitingFor!, FINISH)
      assert.equal(guard, 400)
      const end = last.at(-1)!
      assert.deepEqual(end, { state: -1, end_info: '{"0":1,"1":2,"2":3,"3":4}' })
      const replay = JSON.parse(readFileSync(path, 'utf8')) as unknown[]
      assert.deepEqual(replay, logic.replay())
      assert.equal(replay.length, 102)
      assert.deepEqual(replay[0], [
        [-3, -3, 1],
        [3, -3, 1],
        [3, 3, 1],
        [-3, 3, 1],
      ])
      assert.deepEqual(replay.at(-1), { '0': 1, '1': 2, '2': 3, '3': 4 })
      assert.deepEqual(logic.ranking().map((r) => r.player), [3, 2, 1, 0])
      assert.deepEqual(logic.onAiMessage(0, FINISH), [])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
  test('replay shifts positions and records moves per seat', () => {
    const { logic } = started()
    logic.onAiMessage(0, action(['move', [0, 1, 1]]))
    const round1 = logic.replay()[1] as unknown[][]
    assert.deepEqual(round1[0], [{ type: 'move', playerid: 0, pos: [-3, -2, 1] }])
  })
  test('an unwritable replay path is reported, not thrown', () => {
    const notes: string[] = []
    const { logic } = started({ onNote: (n) => notes.push(n) }, { ...INIT, replay: '/nonexistent-dir/x/replay.json' })
    for (const s of [0, 1, 2, 3]) logic.onAiError(s, 0)
    assert.equal(logic.finished, true)
    assert.match(notes.join('\n'), /cannot write replay/)
  })
})

describe('bad input never throws', () => {
  test('calls before init, unknown seats, odd error codes, non-string content', () => {
    const fresh = new LostSpaceLogic({ map })
    assert.deepEqual(fresh.onAiMessage(0, FINISH), [])
    assert.deepEqual(fresh.onAiError(0, 1), [])
    assert.deepEqual(fresh.replay(), [])
    assert.deepEqual(fresh.ranking(), [])
    const { logic } = started()
    assert.deepEqual(logic.onAiMessage(9, FINISH), [])
    assert.deepEqual(logic.onAiMessage(-1, FINISH), [])
    assert.deepEqual(logic.onAiMessage(1.5, FINISH), [])
    assert.deepEqual(logic.onAiError(7, 0), [])
    assert.deepEqual(to(decode(logic.onAiMessage(0, 42 as unknown as string)), 0), [{ type: 'action', success: false }])
    assert.deepEqual(to(decode(logic.onAiMessage(0, 'null')), 0), [{ type: 'action', success: false }])
    logic.onAiError(0, 9 as 0)
    assert.equal(logic.engine.player(0).status, Status.Error)
    assert.equal(logic.waitingFor, 1)
  })
})

describe('payload encoding', () => {
  test('4-digit header, single-line ASCII with non-ASCII escaped', () => {
    assert.equal(asciiJson({ a: 'é☃😀' }), '{"a":"\\u00e9\\u2603\\ud83d\\ude00"}')
    assert.equal(JSON.parse(asciiJson({ a: 'é☃😀' })).a, 'é☃😀')
    assert.equal(withHeader('{}'), '0002{}')
    assert.throws(() => withHeader('x'.repeat(10000)), /4-digit/)
  })
  test('type-2 seats get raw JSON plus attack/move/detect/interprops', () => {
    const { frames, logic } = started({}, { ...INIT, player_list: [2, 1, 1, 1] })
    const d = decode(frames, [2, 1, 1, 1])
    const rb = to(d, 0).at(-1)!
    assert.deepEqual(rb.move, [true, false, true, false, false, false, false, false])
    assert.deepEqual(rb.attack, [])
    assert.equal(rb.detect, true)
    assert.deepEqual(rb.interprops, ['KeyMachine'])
    const reply = to(decode(logic.onAiMessage(0, action(['move', [0, 1, 1]])), [2, 1, 1, 1]), 0)[0]!
    assert.deepEqual(reply.move, [false, false, false, false, false, false, false, false])
    assert.equal(reply.view !== undefined, true)
  })
})

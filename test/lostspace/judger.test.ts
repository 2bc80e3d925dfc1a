import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  AiPayloadDecoder,
  decodeAiPayload,
  encodeAiPayload,
  encodeFrame,
  encodeTargetedFrame,
  FrameDecoder,
  FramingError,
} from '../../src/lostspace/judger/framing.js'
import { AiProcess, type AiFailure } from '../../src/lostspace/judger/process.js'
import { runGame, type GameResult } from '../../src/lostspace/judger/judger.js'
import type { SeatSpec } from '../../src/lostspace/judger/seats.js'
import { LostSpaceLogic } from '../../src/lostspace/logic.js'
import { createLogger } from '../../src/core/logger.js'
import type { ChildProcess } from 'node:child_process'
import { waitFor, waitFor as waitForCond, waitForEvent, within } from '../support/wait.js'
import { createRandomPlayer } from '../../src/lostspace/bots/random.js'
import { badAi, compileCppMimic, MAP, PASSIVE, pyMimic, q, tempDir } from '../fixtures/lostspace-ais/helpers.js'

const quiet = createLogger('test', { level: 'silent' })

function cmd(command: string, cwd?: string): SeatSpec {
  return { kind: 'command', command, ...(cwd ? { cwd } : {}) }
}

function play(seats: SeatSpec[], opts: { seed?: number; timeLimitSec?: number; maxLength?: number; replayPath?: string } = {}): Promise<GameResult> {
  return runGame({
    seats,
    logic: new LostSpaceLogic({ seed: opts.seed ?? 1, timeLimitSec: opts.timeLimitSec ?? 3, maxLength: opts.maxLength ?? 1024 }),
    replayPath: opts.replayPath,
    logger: quiet,
    startupGraceSec: 10,
  })
}

/** True once `pid` has ended (gone, or a zombie waiting for its reaper). */
function processGone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return true
  }
}

/** The pid a shell command wrote to `file` (waits for the write). */
async function pidFrom(file: string): Promise<number> {
  const text = await waitFor(`a pid in ${file}`, () => existsSync(file) && readFileSync(file, 'utf8').trim())
  return Number(text)
}

/** A finished game has a permutation of 4/3/2/1 points over the 4 seats and end_info agreeing with it. */
function assertValidRanking(r: GameResult): void {
  assert.equal(r.ranking.length, 4)
  assert.deepEqual(r.ranking.map((e) => e.player).sort(), [0, 1, 2, 3])
  assert.deepEqual(r.ranking.map((e) => e.points).sort(), [1, 2, 3, 4])
  for (const e of r.ranking) assert.equal(r.endInfo[String(e.player)], e.points, `end_info of seat ${e.player}`)
  assert.deepEqual(Object.keys(r.endInfo), ['0', '1', '2', '3'])
}

describe('framing', () => {
  test('4-byte frames round-trip through split and merged chunks', () => {
    const a = encodeFrame({ type: 'finish' })
    const b = encodeFrame('{"type":"action","action":["move",[1,2,1]]}')
    const c = encodeFrame({ text: '失落深空' })
    const all = Buffer.concat([a, b, c])
    // every split point, byte by byte
    for (let cut = 0; cut <= all.length; cut++) {
      const d = new FrameDecoder()
      const out = [...d.push(all.subarray(0, cut)), ...d.push(all.subarray(cut))].map((f) => f.body)
      assert.deepEqual(out, ['{"type":"finish"}', '{"type":"action","action":["move",[1,2,1]]}', '{"text":"失落深空"}'])
      assert.equal(d.pending, 0)
    }
  })

  test('header and body in separate writes, and a trailing partial frame waits', () => {
    const d = new FrameDecoder()
    const f = encodeFrame({ type: 'finish' })
    assert.deepEqual(d.push(f.subarray(0, 4)), [])
    assert.deepEqual(d.push(Buffer.concat([f.subarray(4), f.subarray(0, 2)])).map((x) => x.body), ['{"type":"finish"}'])
    assert.equal(d.pending, 2)
  })

  test('logic → judger frames carry a signed target', () => {
    const d = new FrameDecoder({ withTarget: true })
    const out = d.push(Buffer.concat([encodeTargetedFrame(-1, { state: 0, time: 3, length: 1024 }), encodeTargetedFrame(2, 'x')]))
    assert.deepEqual(out, [
      { body: '{"state":0,"time":3,"length":1024}', target: -1 },
      { body: 'x', target: 2 },
    ])
  })

  test('oversize frames fail with a clear message, also for text printed to stdout', () => {
    const d = new FrameDecoder({ maxLength: 10 })
    assert.throws(() => d.push(encodeFrame('x'.repeat(11))), (e: unknown) => e instanceof FramingError && e.kind === 'oversize' && /11 bytes exceeds the limit of 10/.test(e.message))
    const g = new FrameDecoder({ maxLength: 1024 })
    assert.throws(() => g.push(Buffer.from('hello world\n')), /length header reads "hell".*printing text/)
  })

  test('AI payloads: 4 ASCII digits + body, byte lengths, limits', () => {
    assert.equal(encodeAiPayload({ type: 'id' }), '0013{"type":"id"}')
    assert.equal(encodeAiPayload('é'), '0002é')
    assert.throws(() => encodeAiPayload(''), FramingError)
    assert.throws(() => encodeAiPayload('x'.repeat(10000)), FramingError)
    assert.equal(decodeAiPayload('0002ab'), 'ab')
    assert.equal(decodeAiPayload('0003ab'), null)
    assert.equal(decodeAiPayload('x002ab'), null)
    const d = new AiPayloadDecoder()
    const s = Buffer.from('0002ab0003cde00')
    assert.deepEqual([...d.push(s.subarray(0, 3)), ...d.push(s.subarray(3))], ['ab', 'cde'])
    assert.deepEqual(d.push(Buffer.from('01f')), ['f'])
    assert.throws(() => new AiPayloadDecoder().push(Buffer.from('abcd')), /4 ASCII digits/)
  })
})

describe('AI subprocess', () => {
  test('an exit is reported once, with stderr kept bounded; later sends are no-ops', async () => {
    const failures: AiFailure[] = []
    const p = new AiProcess({
      command: `python3 -c ${q("import sys; sys.stderr.write('x' * 50000 + 'END'); sys.exit(4)")}`,
      stderrLimit: 100,
      onMessage: () => assert.fail('no messages expected'),
      onFailure: (f) => failures.push(f),
    })
    await within('the AI to exit', p.exitPromise)
    // the exit is reported while the process closes, before exitPromise resolves
    assert.deepEqual(failures, [{ kind: 'exit', code: 4, signal: null }])
    for (let i = 0; i < 50; i++) p.send('0002{}'.repeat(1000))
    assert.ok(p.stderr.length <= 101)
    assert.ok(p.stderr.endsWith('END'))
    p.kill()
  })

  test('writes to an AI that closed its input are ignored (EPIPE): no crash, no failure', async () => {
    const failures: AiFailure[] = []
    const got: string[] = []
    const p = new AiProcess({
      command: `exec python3 -c ${q("import os,sys,struct,time\nos.close(0)\nb=b'{\"closed\":1}'\nsys.stdout.buffer.write(struct.pack('>I', len(b)) + b); sys.stdout.flush()\ntime.sleep(60)")}`,
      onMessage: (b) => got.push(b),
      onFailure: (f) => failures.push(f),
    })
    try {
      await waitFor('the AI to say it closed its stdin', () => got.length === 1, { detail: () => p.stderr })
      // Not an 'error' listener of our own (that would handle the EPIPE for the AiProcess): wait for
      // the pipe to be torn down, which follows the write error.
      const stdin = (p as unknown as { child: ChildProcess }).child.stdin!
      const closed = waitForEvent('the AI stdin to close after EPIPE', stdin, 'close')
      for (let i = 0; i < 50; i++) p.send('0002{}'.repeat(1000))
      await closed
      assert.equal(p.alive, true)
      assert.deepEqual(failures, [])
    } finally {
      p.kill()
      await p.exitPromise
    }
  })

  test('an AI that crashes and leaves a child holding its pipes: the exit is reported, the child is killed with it', async (t) => {
    if (process.platform === 'win32') return t.skip('process groups are POSIX')
    const tmp = tempDir()
    t.after(tmp.cleanup)
    const pidFile = join(tmp.dir, 'orphan.pid')
    const failures: AiFailure[] = []
    const p = new AiProcess({
      command: `sleep 300 & echo $! > ${q(pidFile)}; exit 3`,
      onMessage: () => assert.fail('no messages expected'),
      onFailure: (f) => failures.push(f),
    })
    const orphan = await pidFrom(pidFile)
    // the judger only closes the seat after the failure report; exitPromise must not wait for `sleep 300`
    await waitFor('the exit report', () => failures.length === 1)
    assert.deepEqual(failures, [{ kind: 'exit', code: 3, signal: null }])
    p.kill()
    await within('the AI to be closed (not 300 s later)', p.exitPromise, 20_000)
    await waitFor('the orphaned child to be gone', () => processGone(orphan), { detail: () => `pid ${orphan}` })
  })

  test('frames are decoded as they arrive; kill() stops a hanging AI', async () => {
    const got: string[] = []
    const p = new AiProcess({
      command: `python3 -c ${q("import sys,struct,time\nfor b in (b'{\"a\":1}', b'{\"b\":2}'):\n  sys.stdout.buffer.write(struct.pack('>I', len(b))); sys.stdout.flush(); time.sleep(0.05); sys.stdout.buffer.write(b); sys.stdout.flush()\ntime.sleep(60)")}`,
      onMessage: (b) => got.push(b),
      onFailure: () => {},
    })
    await waitFor('two frames from the AI', () => got.length >= 2, { detail: () => JSON.stringify(got) })
    assert.deepEqual(got, ['{"a":1}', '{"b":2}'])
    p.kill()
    await p.exitPromise
    assert.equal(p.alive, false)
  })
})

describe('judger with the original AIs’ wire behaviour (compatibility)', () => {
  const tmp = tempDir()
  let cpp: { bin: string } | { skip: string }
  before(() => {
    cpp = compileCppMimic(tmp.dir)
  })
  after(() => tmp.cleanup())

  test('Python-SDK-like AIs play complete games', async () => {
    for (const seed of [1, 2]) {
      const r = await play([cmd(pyMimic(seed * 10)), cmd(pyMimic(seed * 10 + 1)), cmd(pyMimic(seed * 10 + 2)), cmd(pyMimic(seed * 10 + 3))], {
        timeLimitSec: 1,
      })
      assertValidRanking(r)
      assert.equal(r.rounds, 100)
      // The only tolerated failure is the documented one: the SDK never acts while waiting to escape.
      for (const e of r.errors) assert.equal(e.error, 1, `unexpected failure of seat ${e.player}: ${e.log}`)
    }
  })

  test('C++-SDK-like AIs play complete games (compiled with g++)', async (t) => {
    if ('skip' in cpp) {
      t.skip(cpp.skip)
      return
    }
    const bin = q(cpp.bin)
    for (const seed of [3, 4]) {
      // A generous limit: the C++ AI never times out legitimately, so any error here is a real failure.
      const r = await play([0, 1, 2, 3].map((i) => cmd(`${bin} ${q(MAP)} ${seed * 10 + i}`, tmp.dir)), { timeLimitSec: 3 })
      assertValidRanking(r)
      assert.deepEqual(r.errors, [], 'no C++ AI crashed or timed out')
      assert.equal(r.rounds, 100)
    }
    // It writes <id>.txt in its working directory, like the original.
    assert.ok(readFileSync(join(tmp.dir, '0.txt'), 'utf8').startsWith('id 0'))
  })

  test('mixed Python and C++ AIs, with a replay file', async (t) => {
    if ('skip' in cpp) {
      t.skip(cpp.skip)
      return
    }
    const replayPath = join(tmp.dir, 'replay.json')
    const bin = q(cpp.bin)
    const r = await play([cmd(pyMimic(5)), cmd(`${bin} ${q(MAP)} 6`, tmp.dir), cmd(pyMimic(7)), cmd(`${bin} ${q(MAP)} 8`, tmp.dir)], {
      timeLimitSec: 1,
      replayPath,
    })
    assertValidRanking(r)
    for (const e of r.errors) assert.equal(e.error, 1, `unexpected failure of seat ${e.player}: ${e.log}`)
    const replay = JSON.parse(readFileSync(replayPath, 'utf8')) as unknown[]
    assert.ok(Array.isArray(replay) && replay.length >= 3)
    assert.deepEqual(replay[replay.length - 1], r.endInfo)
  })
})

/** Every scripted AI, killed after the tests whatever happened. */
const scriptedProcs: AiProcess[] = []
after(async () => {
  for (const p of scriptedProcs) p.kill()
  await Promise.all(scriptedProcs.map((p) => p.exitPromise))
})

/** Talks to one test AI directly (playing the logic), to check the mimics really have the documented quirks. */
function scripted(command: string, cwd?: string) {
  const got: Array<Record<string, unknown>> = []
  let failure: AiFailure | null = null
  const proc = new AiProcess({
    command,
    cwd,
    onMessage: (b) => got.push(JSON.parse(b) as Record<string, unknown>),
    onFailure: (f) => (failure = f),
  })
  scriptedProcs.push(proc)
  const send = (m: object) => proc.send(encodeAiPayload(m))
  const waitFor = (cond: () => boolean, what = 'the scripted AI') =>
    waitForCond(what, cond, { timeoutMs: 10_000, detail: () => `got ${JSON.stringify(got)}; stderr ${proc.stderr}` })
  return { proc, got, send, waitFor, failure: () => failure as AiFailure | null }
}

const ROUNDBEGIN_P0 = {
  type: 'roundbegin', state: 1, inturn: 0, status: 0, pos: [0, 0, 1], hp: 200, keys: [0],
  tools: { LandMine: [1, 0], Sticky: [0, 0], Kit: 0, Transport: 0 },
  others: [1, 2, 3].map((id) => ({ player_id: id, status: 0, keys: [id], hp: 200 })),
}

describe('the test AIs reproduce the documented quirks (so the compatibility tests can fail)', () => {
  const tmp = tempDir()
  let cpp: { bin: string } | { skip: string }
  before(() => {
    cpp = compileCppMimic(tmp.dir)
  })
  after(() => tmp.cleanup())

  test('Python mimic: crashes on a move reply without view; finishes even after an automatic end; exits on escaped', async () => {
    const a = scripted(pyMimic(1))
    a.send({ type: 'id', id: 0, birth_pos: [0, 0] })
    a.send(ROUNDBEGIN_P0)
    await a.waitFor(() => a.got.length === 1)
    assert.equal((a.got[0]!.action as unknown[])[0], 'move')
    a.send({ type: 'action', success: true, hp: 200, status: 0 })
    await a.waitFor(() => a.failure() !== null)
    assert.match(a.proc.stderr, /KeyError: 'view'/)

    const b = scripted(pyMimic(1))
    b.send({ type: 'id', id: 0, birth_pos: [0, 0] })
    b.send(ROUNDBEGIN_P0)
    await b.waitFor(() => b.got.length === 1)
    b.send({ type: 'action', success: true, hp: 200, status: 3, view: [] })
    await b.waitFor(() => b.got.length === 2)
    assert.deepEqual(b.got[1], { type: 'finish' }, 'a stray finish after a Sticky stop')
    b.send({ ...ROUNDBEGIN_P0, status: 3 })
    await b.waitFor(() => b.got.length === 3)
    assert.deepEqual(b.got[2], { type: 'finish' }, 'a finish even for a skipped turn')
    b.send({ type: 'escaped' })
    await b.waitFor(() => b.failure() !== null)
    assert.deepEqual(b.failure(), { kind: 'exit', code: 0, signal: null })
  })

  test('Python mimic: crashes on death with box:true and on an offround with a bad playerid', async () => {
    const a = scripted(pyMimic(1))
    a.send({ type: 'id', id: 0, birth_pos: [0, 0] })
    a.send({ type: 'death', box: true })
    await a.waitFor(() => a.failure() !== null)
    assert.match(a.proc.stderr, /death with box/)
    const b = scripted(pyMimic(1))
    b.send({ type: 'id', id: 0, birth_pos: [0, 0] })
    b.send({ type: 'offround', state: 1, playerid: 7, content: ['hp_update', 100] })
    await b.waitFor(() => b.failure() !== null)
    assert.match(b.proc.stderr, /unknown player 7/)
  })

  test('C++ mimic: crashes without pos; keeps acting after an automatic turn end; no finish after KeyMachine', async (t) => {
    if ('skip' in cpp) {
      t.skip(cpp.skip)
      return
    }
    const cmdline = `${q(cpp.bin)} ${q(MAP)} 1`
    const a = scripted(cmdline, tmp.dir)
    a.send({ type: 'id', id: 0, birth_pos: [0, 0] })
    const { pos: _pos, ...withoutPos } = ROUNDBEGIN_P0
    a.send(withoutPos)
    await a.waitFor(() => a.failure() !== null)
    assert.match(a.proc.stderr, /missing key pos/)

    const b = scripted(cmdline, tmp.dir)
    b.send({ type: 'id', id: 0, birth_pos: [0, 0] })
    b.send({ ...ROUNDBEGIN_P0, pos: [1, 1, 1] })
    await b.waitFor(() => b.got.length >= 1)
    let moveAt = b.got.findIndex((m) => (m.action as unknown[] | undefined)?.[0] === 'move')
    for (let answered = 0; moveAt < 0; answered++) {
      // detect first (a secondary action): answer and wait for the move
      assert.ok(answered < 5, `no move after ${answered} secondary actions: ${JSON.stringify(b.got)}`)
      b.send({ type: 'action', success: true, has_trap: false })
      await b.waitFor(() => b.got.length >= answered + 2, `message ${answered + 2} from the C++ mimic`)
      moveAt = b.got.findIndex((m) => (m.action as unknown[] | undefined)?.[0] === 'move')
    }
    assert.equal(b.got[moveAt]!.state, 1, 'the C++ SDK adds state')
    b.send({ type: 'action', success: true, hp: 200, status: 3, view: [] })
    await b.waitFor(() => b.got.length === moveAt + 2)
    assert.deepEqual(b.got[moveAt + 1], { action: ['trap', 'LandMine'], state: 1, type: 'action' }, 'acts after a Sticky stop')
    b.send({ type: 'action', success: false })
    await b.waitFor(() => b.got.length === moveAt + 3)
    assert.deepEqual(b.got[moveAt + 2], { state: 1, type: 'finish' })

    const c = scripted(cmdline, tmp.dir)
    c.send({ type: 'id', id: 0, birth_pos: [0, 0] })
    c.send({ ...ROUNDBEGIN_P0, pos: [6, 0, 1] })
    await c.waitFor(() => c.got.length === 1)
    assert.deepEqual(c.got[0]!.action, ['interact', 'KeyMachine'])
    c.send({ type: 'action', success: true })
    c.send({ type: 'roundbegin', state: 1, inturn: 1 })
    // Its next turn: the AI answers messages in order, so a finish after the KeyMachine would come first.
    c.send({ ...ROUNDBEGIN_P0, state: 2, pos: [6, 0, 1] })
    await c.waitFor(() => c.got.length >= 2)
    assert.deepEqual(c.got[1]!.action, ['interact', 'KeyMachine'], `no finish after a KeyMachine: ${JSON.stringify(c.got)}`)
  })
})

describe('judger with misbehaving AIs', () => {
  const cases: Array<{ mode: string; error: 0 | 1 | 2 | null; log?: RegExp }> = [
    { mode: 'crash-start', error: 0, log: /code 3[\s\S]*giving up at once/ },
    { mode: 'crash-mid', error: 0, log: /code 1[\s\S]*deliberate crash/ },
    { mode: 'hang', error: 1, log: /no answer within 0.5 s/ },
    { mode: 'garbage', error: 2, log: /printing text/ },
    { mode: 'oversize', error: 2, log: /exceeds the limit of 1024/ },
    { mode: 'exit-early', error: 0, log: /code 0/ },
    { mode: 'stray', error: null },
  ]
  for (const c of cases) {
    test(`${c.mode}: the game goes on to its end`, async () => {
      const r = await play([cmd(PASSIVE), cmd(badAi(c.mode)), cmd(PASSIVE), cmd(PASSIVE)], { timeLimitSec: 0.5 })
      assertValidRanking(r)
      assert.equal(r.rounds, 100)
      if (c.error === null) {
        assert.deepEqual(r.errors, [])
        return
      }
      assert.equal(r.errors.length, 1, JSON.stringify(r.errors))
      const e = r.errors[0]!
      assert.equal(e.player, 1)
      assert.equal(e.error, c.error)
      assert.match(e.log, c.log!)
      assert.equal(r.ranking.find((x) => x.player === 1)!.points, 1, 'a failed AI ranks last')
      for (const p of [0, 2, 3]) assert.ok(!r.errors.some((x) => x.player === p))
    })
  }

  test('a seat that cannot even be started (unknown command) is reported and the game ends', async () => {
    const r = await play([cmd('/nonexistent/ai-binary'), cmd(PASSIVE), cmd(PASSIVE), cmd(PASSIVE)], { timeLimitSec: 0.5 })
    assertValidRanking(r)
    assert.equal(r.errors.length, 1)
    assert.equal(r.errors[0]!.error, 0)
    assert.match(r.errors[0]!.log, /code 127|not found/)
  })

  test('`sleep 300 & <crashing AI>`: the ranking arrives without waiting for the orphan, and the orphan is gone', async (t) => {
    if (process.platform === 'win32') return t.skip('process groups are POSIX')
    const { dir, cleanup } = tempDir()
    t.after(cleanup)
    const seats = [0, 1].map((i) => cmd(`sleep 300 & echo $! > ${q(join(dir, `orphan${i}.pid`))}; ${badAi(i === 0 ? 'crash-start' : 'crash-mid', 1)}`))
    const game = play([seats[0]!, cmd(PASSIVE), seats[1]!, cmd(PASSIVE)], { timeLimitSec: 0.5 })
    const orphans = await Promise.all([0, 1].map((i) => pidFrom(join(dir, `orphan${i}.pid`))))
    // the bound is far below the orphans' 300 s: reaching it means the judger waited for them
    const r = await within('the ranking', game, 120_000)
    assertValidRanking(r)
    assert.deepEqual(r.errors.map((e) => e.player).sort(), [0, 2])
    for (const pid of orphans) await waitFor(`orphan ${pid} to be gone`, () => processGone(pid))
  })

  test('every seat failing still ends the game with a ranking', async () => {
    const r = await play([cmd(badAi('crash-start')), cmd(badAi('crash-mid', 1)), cmd(badAi('exit-early', 0)), cmd(badAi('oversize', 1))], {
      timeLimitSec: 0.5,
    })
    assertValidRanking(r)
    assert.equal(r.errors.length, 4)
  })
})

test('an unwritable replay path is reported, the game result is still complete', async () => {
  const seats: SeatSpec[] = [0, 1, 2, 3].map((i) => ({ kind: 'player', player: createRandomPlayer({ seed: i + 1 }) }))
  const r = await runGame({ seats, logic: new LostSpaceLogic({ seed: 2, writeReplay: false }), replayPath: '/nonexistent-dir/replay.json', logger: quiet })
  assertValidRanking(r)
  assert.match(r.replayError ?? '', /cannot write the replay to \/nonexistent-dir\/replay.json/)
})

test('runGame rejects a wrong number of seats with a clear error', () => {
  assert.throws(
    () => runGame({ seats: [cmd(PASSIVE)], logic: new LostSpaceLogic() }),
    /exactly 4 seats, got 1/,
  )
})

// Property test: many seeded games of 4 uniformly random legal players, driven
// through LostSpaceLogic in-process, checking engine invariants after every
// message and validating every emitted frame/message with the zod schemas.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { LostSpaceLogic, type JudgerFrame } from '../../src/lostspace/logic.js'
import { loadMap, type Pos } from '../../src/lostspace/map.js'
import { createRng, type Rng } from '../../src/lostspace/rng.js'
import { actionToTuple } from '../../src/lostspace/messages.js'
import { Status } from '../../src/lostspace/rules.js'
import type { Action, EngineEvent, LostSpaceEngine } from '../../src/lostspace/engine.js'
import {
  EndInfoSchema,
  JudgerFrameSchema,
  LogicToAiMessageSchema,
  IdMessageSchema,
  RoundBeginSchema,
  ActionReplySchema,
  FormatErrorSchema,
  OtherDeathSchema,
  EscapedSchema,
  DeathSchema,
  MoveReplySuccessSchema,
  OffroundMessageSchema,
  RoundBeginFullSchema,
  ReplaySchema,
} from '../../src/protocols/lostspace.js'

const GAMES = Number(process.env.LS_GAMES ?? 1000)
// Dispatch by type: the same schemas as LogicToAiMessageSchema, without paying for the union on 2.5M messages.
const SCHEMA_BY_TYPE: Record<string, { safeParse(v: unknown): { success: boolean } }> = {
  id: IdMessageSchema,
  roundbegin: RoundBeginSchema,
  action: ActionReplySchema,
  'format error': FormatErrorSchema,
  offround: OffroundMessageSchema,
  other_death: OtherDeathSchema,
  escaped: EscapedSchema,
  death: DeathSchema,
}
const map = loadMap()
const validated = new Set<string>()

/** assert.ok without building the message unless it fails (this runs millions of times). */
function check(cond: unknown, msg: () => string): void {
  if (!cond) assert.fail(msg())
}

function isSortedSet(xs: readonly number[]): boolean {
  for (let i = 1; i < xs.length; i++) if (!(xs[i - 1]! < xs[i]!)) return false
  return true
}

interface GameStats {
  messages: number
  rounds: number
  escapes: number
  deaths: number
  kinds: Set<string>
}

function keyCounts(e: LostSpaceEngine): number[] {
  const c = [0, 0, 0, 0]
  for (const p of e.players) {
    for (const k of p.keys) c[k]!++
    if (p.pendingKey !== null) c[p.pendingKey]!++
  }
  for (const b of e.boxes.values()) for (const k of b.keys) c[k]!++
  return c
}

function checkInvariants(e: LostSpaceEngine, ctx: string): void {
  for (const p of e.players) {
    check(p.hp >= 0 && p.hp <= 200, () => `${ctx}: hp ${p.hp} of ${p.id}`)
    check(isSortedSet(p.keys), () => `${ctx}: keys of ${p.id} not a sorted set`)
    check(p.keys.every((k) => k >= 0 && k <= 3), () => `${ctx}: key id out of range`)
    check(p.tools.Kit >= 0 && p.tools.Kit <= 2, () => `${ctx}: Kit ${p.tools.Kit}`)
    check(p.tools.Transport >= 0 && p.tools.Transport <= 2, () => `${ctx}: Transport`)
    check(p.tools.LandMine >= 0 && p.tools.LandMine <= 3, () => `${ctx}: LandMine`)
    check(p.tools.Sticky >= 0 && p.tools.Sticky <= 3, () => `${ctx}: Sticky`)
    check(map.isNode(p.pos), () => `${ctx}: pos not a node`)
    if (e.onMap(p)) {
      check(p.hp > 0, () => `${ctx}: player ${p.id} on the map with hp 0`)
      check(p.keys.includes(p.id), () => `${ctx}: player ${p.id} alive without own key`)
      check(!map.isFailed(p.pos, e.round), () => `${ctx}: player ${p.id} alive inside failed zone at ${p.pos}`)
    }
    if (p.status === Status.Dead) check(p.hp === 0, () => `${ctx}: dead with hp`)
    if (p.status === Status.Escaped) check(p.keys.join() === '0,1,2,3', () => `${ctx}: escaped without 4 keys`)
  }
  for (const b of e.boxes.values()) {
    check(b.keys.length > 0, () => `${ctx}: empty box`)
    check(isSortedSet(b.keys), () => `${ctx}: box keys not a set`)
  }
  const trapNodes = new Set<string>()
  for (const t of e.traps.values()) {
    const k = t.pos.join(',')
    check(!trapNodes.has(k), () => `${ctx}: two traps on one node`)
    trapNodes.add(k)
    check(!map.isCapsule(t.pos) && map.keyMachineAt(t.pos) === undefined && !map.isElevator(t.pos), () => `${ctx}: trap on forbidden node`)
  }
  for (const m of e.materials.values()) check(m.stock >= 0 && m.stock <= 2, () => `${ctx}: materials stock ${m.stock}`)
}

function checkFrames(frames: JudgerFrame[], types: number[], stats: GameStats, ctx: string): void {
  for (const f of frames) {
    const fr = JudgerFrameSchema.safeParse(f)
    check(fr.success, () => `${ctx}: bad frame ${JSON.stringify(f)}`)
    if (!('listen' in f)) {
      if (f.state === -1) {
        const info = EndInfoSchema.parse(JSON.parse(f.end_info))
        assert.deepEqual(Object.keys(info), ['0', '1', '2', '3'])
        assert.deepEqual(Object.values(info).sort(), [1, 2, 3, 4])
      }
      continue
    }
    check(new Set(f.player).size === f.player.length, () => `${ctx}: player listed twice in one frame`)
    check(f.listen.length <= 1, () => `${ctx}: listen ${f.listen}`)
    f.content.forEach((raw, i) => {
      const seat = f.player[i]!
      check(typeof raw === 'string', () => `${ctx}: payload is not a string`)
      const c = raw as string
      let json = c
      if (types[seat] === 1) {
        check(/^\d{4}/.test(c), () => `${ctx}: missing header`)
        const len = Number(c.slice(0, 4))
        json = c.slice(4)
        check(Buffer.byteLength(json) === len, () => `${ctx}: header length`)
        check(len > 0 && len <= 9999, () => `${ctx}: length ${len}`)
      }
      check(/^[\x20-\x7e]*$/.test(json), () => `${ctx}: payload not single-line ASCII`)
      const msg = JSON.parse(json) as Record<string, unknown>
      stats.messages++
      const type = String(msg.type)
      // Identical payloads (short roundbegins, common offrounds) are validated once.
      if (!validated.has(json)) {
        const schema = SCHEMA_BY_TYPE[type]
        check(schema, () => `${ctx}: unknown message type ${type}`)
        check(schema!.safeParse(msg).success, () => `${ctx}: schema rejects ${json}`)
        if (type === 'roundbegin' && 'status' in msg) {
          check(RoundBeginFullSchema.safeParse(msg).success, () => `${ctx}: full roundbegin ${json}`)
        }
        if (type === 'action' && msg.success === true && 'view' in msg) {
          check(MoveReplySuccessSchema.safeParse(msg).success, () => `${ctx}: move reply ${json}`)
        }
        if (json.length < 80) validated.add(json)
      }
      if (type === 'roundbegin' && 'status' in msg) {
        check(msg.inturn === seat, () => `${ctx}: full roundbegin to the wrong seat`)
        if (types[seat] === 2) check(Array.isArray(msg.move) && typeof msg.detect === 'boolean', () => `${ctx}: type-2 roundbegin without view fields`)
      }
      if (type === 'offround') {
        const content = msg.content as unknown[]
        stats.kinds.add(String(content[0]) + (content[0] === 'see' ? ':' + String(content[1]) : ''))
        if (content[0] === 'see' && content[1] === 'pos_update') {
          const p = content[2] as number[]
          check(p[0] === -1 || map.isNode(p as [number, number, number]), () => `${ctx}: pos_update to non-node`)
          check(content[3] === msg.playerid, () => `${ctx}: pos_update mover != playerid`)
        }
        if (content[0] === 'trap_destoryed') assert.fail('misspelled trap_destroyed')
      } else stats.kinds.add(type)
    })
  }
}

let lastLegal: Action | null = null

function chooseMessage(logic: LostSpaceLogic, seat: number, rng: Rng): string {
  const acts = logic.engine.legalActions(seat)
  lastLegal = null
  if (acts.length === 0 || rng.int(4) === 0) return JSON.stringify(rng.int(2) ? { type: 'finish' } : { state: logic.engine.round, type: 'finish' })
  lastLegal = rng.pick(acts)
  const a = actionToTuple(lastLegal)
  // P-style flag: 1 instead of true.
  if (a[0] === 'interact' && a[1] === 'EscapeCapsule' && a[2] === true && rng.int(2)) return JSON.stringify({ type: 'action', action: ['interact', 'EscapeCapsule', 1] })
  return JSON.stringify({ action: a, type: 'action', state: logic.engine.round })
}

/** The first message addressed to `seat` in these frames, decoded. */
function firstTo(frames: JudgerFrame[], seat: number, types: number[]): Record<string, unknown> | null {
  for (const f of frames) {
    if (!('listen' in f)) continue
    const i = f.player.indexOf(seat)
    const c = f.content[i] as string
    if (i >= 0) return JSON.parse(types[seat] === 1 ? c.slice(4) : c) as Record<string, unknown>
  }
  return null
}

function playGame(seed: number): GameStats {
  const rng = createRng(seed)
  const types: number[] = [0, 1, 2, 3].map(() => (rng.int(10) === 0 ? 2 : 1))
  if (seed % 97 === 0) types[rng.int(4)] = 0
  const stats: GameStats = { messages: 0, rounds: 0, escapes: 0, deaths: 0, kinds: new Set() }
  let before: number[] = []
  let grants = [0, 0, 0, 0]
  const logic = new LostSpaceLogic({
    map,
    seed,
    onEvents: (_r, _s, events: readonly EngineEvent[]) => {
      for (const ev of events) {
        if (ev.type === 'keymachine') grants[ev.key]!++
        if (ev.type === 'regenerate') grants[ev.player]!++
        if (ev.type === 'escaped') stats.escapes++
        if (ev.type === 'death') stats.deaths++
      }
    },
  })
  let frames = logic.init({ player_list: types, player_num: 4, config: {}, replay: '' })
  checkFrames(frames, types, stats, `seed ${seed} init`)
  let steps = 0
  while (!logic.finished) {
    check(++steps < 20000, () => `seed ${seed}: game does not end`)
    const e = logic.engine
    checkInvariants(e, `seed ${seed} r${e.round}`)
    before = keyCounts(e)
    grants = [0, 0, 0, 0]
    const seat = logic.waitingFor
    assert.notEqual(seat, null, `seed ${seed}: not finished but waiting for nobody`)
    const roll = rng.int(400)
    const ctx = `seed ${seed} r${e.round} seat ${seat}`
    if (roll === 0) {
      // A stray action from someone not in turn gets success:false and changes nothing.
      const other = (seat! + 1 + rng.int(3)) % 4
      const out = logic.onAiMessage(other, JSON.stringify({ type: 'action', action: ['tool', 'Kit'] }))
      if (e.inGame(e.player(other)) && types[other] !== 0) {
        check(out.length === 1, () => `${ctx}: stray action answered once`)
      }
      frames = out
    } else if (roll === 1) {
      frames = logic.onAiMessage(seat!, 'not json {')
    } else if (roll === 2 && rng.int(20) === 0) {
      frames = logic.onAiError(seat!, rng.int(3) as 0 | 1 | 2, 'boom')
    } else {
      frames = logic.onAiMessage(seat!, chooseMessage(logic, seat!, rng))
      if (lastLegal && types[seat!] !== 0) {
        const reply = firstTo(frames, seat!, types)
        check(reply?.type === 'action', () => `${ctx}: no action reply first`)
        // Every legal action succeeds, except picking from an empty Materials point.
        check(reply!.success === true || lastLegal.kind === 'materials', () => `${ctx}: legal ${JSON.stringify(lastLegal)} failed`)
      }
    }
    checkFrames(frames, types, stats, ctx)
    const after = keyCounts(logic.engine)
    for (let k = 0; k < 4; k++) {
      check(after[k]! <= before[k]! + grants[k]!, () => `${ctx}: key ${k} appeared from nowhere (${before[k]} -> ${after[k]})`)
    }
  }
  checkInvariants(logic.engine, `seed ${seed} end`)
  const e = logic.engine
  check(e.round <= 100, () => `seed ${seed}: round ${e.round}`)
  const ranking = logic.ranking()
  assert.deepEqual(ranking.map((r) => r.points), [4, 3, 2, 1])
  assert.deepEqual(ranking.map((r) => r.player).sort(), [0, 1, 2, 3])
  const replay = logic.replay()
  if (seed % 10 === 0) check(ReplaySchema.safeParse(replay).success, () => `seed ${seed}: replay does not match ReplaySchema`)
  assert.equal((replay[0] as unknown[]).length, 4)
  const rounds = replay.slice(1, -1) as unknown[][]
  check(rounds.length === e.round, () => `seed ${seed}: replay rounds`)
  for (const r of rounds) assert.equal(r.length, 4)
  assert.deepEqual(Object.keys(replay.at(-1) as object), ['0', '1', '2', '3'])
  stats.rounds = e.round
  return stats
}

test(`property: ${GAMES} seeded random games keep every invariant and emit only valid messages`, () => {
  let messages = 0
  let escapes = 0
  let deaths = 0
  let full = 0
  const kinds = new Set<string>()
  for (let seed = 1; seed <= GAMES; seed++) {
    const s = playGame(seed)
    messages += s.messages
    escapes += s.escapes
    deaths += s.deaths
    if (s.rounds === 100) full++
    for (const k of s.kinds) kinds.add(k)
  }
  // The random games must actually exercise the rules, or the invariants prove little.
  assert.ok(deaths > 0, 'no deaths in any game')
  assert.ok(full > 0, 'no game reached round 100')
  for (const k of ['died', 'see:pos_update', 'getkey', 'hp_update', 'trap_triggered', 'trap_destroyed', 'see:regenerate', 'other_death', 'death', 'format error']) {
    check(kinds.has(k), () => `message kind ${k} never emitted`)
  }
  console.log(`# ${GAMES} games, ${messages} messages, ${deaths} deaths, ${escapes} escapes, kinds: ${[...kinds].sort().join(' ')}`)
})

test('property: the per-type schemas are exactly the members of LogicToAiMessageSchema', () => {
  assert.equal(LogicToAiMessageSchema.options.length, 9)
  for (const s of Object.values(SCHEMA_BY_TYPE)) assert.ok((LogicToAiMessageSchema.options as unknown as unknown[]).includes(s) || s === RoundBeginSchema)
})

test('property: same seed and same AI messages give identical frames and replay', () => {
  const run = (): string => {
    const rng = createRng(4242)
    const logic = new LostSpaceLogic({ map })
    const all: JudgerFrame[] = [...logic.init({ player_list: [1, 1, 2, 1], player_num: 4, config: {}, replay: '' })]
    for (let steps = 0; !logic.finished; steps++) {
      assert.ok(steps < 20000, 'the game does not end')
      all.push(...logic.onAiMessage(logic.waitingFor!, chooseMessage(logic, logic.waitingFor!, rng)))
    }
    return JSON.stringify([all, logic.replay(), logic.ranking()])
  }
  assert.equal(run(), run())
})

/** A goal-directed seat: fetch missing keys from key machines, walk to the capsule, escape. */
function seekerMessage(logic: LostSpaceLogic, seat: number, movedThisTurn: boolean): string {
  const e = logic.engine
  const p = e.player(seat)
  const finish = JSON.stringify({ type: 'finish' })
  if (p.status !== Status.Alive || movedThisTurn) return finish
  const send = (action: unknown[]): string => JSON.stringify({ type: 'action', action })
  if (p.keys.length === 4) {
    if (map.isCapsule(p.pos)) return send(['interact', 'EscapeCapsule', 1])
    const path = map.shortestPath(p.pos, map.capsule, { round: e.round })
    return path && path.length > 1 ? send(['move', [...path[1]!]]) : finish
  }
  const km = map.keyMachineAt(p.pos)
  if (km !== undefined && !p.keys.includes(km)) return send(['interact', 'KeyMachine'])
  let best: Pos[] | null = null
  for (const m of map.keyMachines) {
    if (p.keys.includes(m.owner)) continue
    const path = map.shortestPath(p.pos, m.pos, { round: e.round })
    if (path && (!best || path.length < best.length)) best = path
  }
  return best && best.length > 1 ? send(['move', [...best[1]!]]) : finish
}

test('property: a goal-directed seat among random ones escapes; invariants hold and escapers rank first', () => {
  let escapes = 0
  for (let seed = 1; seed <= 40; seed++) {
    const rng = createRng(seed)
    const types = [1, 1, 1, 1]
    const logic = new LostSpaceLogic({ map })
    const stats: GameStats = { messages: 0, rounds: 0, escapes: 0, deaths: 0, kinds: new Set() }
    checkFrames(logic.init({ player_list: types, player_num: 4, config: {}, replay: '' }), types, stats, `seeker ${seed}`)
    let moved = false
    let lastSeat = -1
    let lastRound = 0
    for (let steps = 0; !logic.finished; steps++) {
      assert.ok(steps < 20000, `seeker ${seed}: the game does not end`)
      const seat = logic.waitingFor!
      const e = logic.engine
      if (seat !== lastSeat || e.round !== lastRound) moved = false
      lastSeat = seat
      lastRound = e.round
      const msg = seat === 0 ? seekerMessage(logic, 0, moved) : chooseMessage(logic, seat, rng)
      if (seat === 0 && msg.includes('"action"')) moved = true
      checkFrames(logic.onAiMessage(seat, msg), types, stats, `seeker ${seed} r${e.round}`)
      checkInvariants(logic.engine, `seeker ${seed} r${logic.engine.round}`)
    }
    if (logic.engine.player(0).status === Status.Escaped) {
      escapes++
      assert.equal(logic.ranking()[0]!.player, 0)
      assert.ok(stats.kinds.has('escaped'))
    }
  }
  assert.ok(escapes >= 10, `only ${escapes} of 40 seekers escaped`)
  console.log(`# seeker escaped in ${escapes}/40 games`)
})

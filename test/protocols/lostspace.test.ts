// LostSpace zod schemas: every JSON example of the seed document (stored under
// test/fixtures/seeds/lostspace/) and the edge cases the real AIs depend on.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { parseModelJson } from '../../src/core/model-json.js'
import {
  ActionReplySchema,
  AiMessageSchema,
  DeathSchema,
  EscapedSchema,
  IdMessageSchema,
  JudgerFrameSchema,
  JudgerInitSchema,
  LogicEndFrameSchema,
  OffroundMessageSchema,
  OtherDeathSchema,
  PlayerViewFieldsSchema,
  RoundBeginFullSchema,
  RoundBeginShortSchema,
  ViewEntrySchema,
  ReplaySchema,
  actionTupleSchemaFor,
  lostspaceJsonSchemas,
  normalizeAiMessage,
  normalizeLogicToAiMessage,
} from '../../src/protocols/lostspace.js'
import { parseAiMessage } from '../../src/lostspace/messages.js'

const DIR = new URL('../fixtures/seeds/lostspace/', import.meta.url).pathname
const SCHEMAS: Record<string, z.ZodType> = {
  RoundBeginFull: RoundBeginFullSchema,
  RoundBeginShort: RoundBeginShortSchema,
  PlayerViewFields: PlayerViewFieldsSchema,
  AiMessage: AiMessageSchema,
  ActionReply: ActionReplySchema,
  ViewFragment: z.object({ view: z.array(ViewEntrySchema) }),
  JudgerFrame: JudgerFrameSchema,
  OffroundMessage: OffroundMessageSchema,
  OtherDeath: OtherDeathSchema,
  Escaped: EscapedSchema,
  Death: DeathSchema,
  IdMessage: IdMessageSchema,
}

interface Example {
  file: string
  schema: string
  expect: 'valid' | 'invalid'
  note?: string
  replace?: Array<[string, string]>
}
const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { examples: Example[] }

describe('seed examples', () => {
  test('every code block of the seed is covered by the manifest', () => {
    const files = readdirSync(DIR).filter((f) => /^ex\d+\.txt$/.test(f))
    assert.equal(files.length, 40)
    const used = new Set(manifest.examples.map((e) => e.file))
    for (const f of files) assert.ok(used.has(f), `${f} not checked`)
  })
  for (const ex of manifest.examples) {
    test(`${ex.file} is ${ex.expect} as ${ex.schema}${ex.note ? ` (${ex.note})` : ''}`, () => {
      let text = readFileSync(join(DIR, ex.file), 'utf8')
      for (const [from, to] of ex.replace ?? []) {
        assert.ok(text.includes(from), `${ex.file}: placeholder ${JSON.stringify(from)} not found`)
        text = text.split(from).join(to)
      }
      const parsed = parseModelJson(text)
      assert.ok(parsed.ok, `${ex.file}: ${parsed.ok ? '' : parsed.error}`)
      const schema = SCHEMAS[ex.schema]
      assert.ok(schema, ex.schema)
      const r = schema.safeParse(parsed.value)
      assert.equal(r.success, ex.expect === 'valid', `${ex.file}: ${r.success ? 'accepted' : JSON.stringify(r.error?.issues)}`)
    })
  }
})

describe('AI → logic', () => {
  test('EscapeCapsule flag: boolean or P-style 1/0', () => {
    for (const flag of [true, false, 1, 0]) {
      assert.ok(AiMessageSchema.safeParse({ type: 'action', action: ['interact', 'EscapeCapsule', flag] }).success, String(flag))
    }
    assert.equal(AiMessageSchema.safeParse({ type: 'action', action: ['interact', 'EscapeCapsule', 'yes'] }).success, false)
  })
  test('legacy and misspelled names are rejected', () => {
    for (const a of [['trap', 'Landmine'], ['tool', 'MedKit'], ['tool', 'Blink', [1, 1, 1]], ['interact', 'Materials', 'Slime'], ['move', [1, 1]], ['attack', [1, 1, 1]]]) {
      assert.equal(AiMessageSchema.safeParse({ type: 'action', action: a }).success, false, JSON.stringify(a))
    }
  })
  test('C-style messages (state, sorted keys) and finish', () => {
    assert.ok(AiMessageSchema.safeParse({ action: ['move', [1, 1, 1]], state: 3, type: 'action' }).success)
    assert.ok(AiMessageSchema.safeParse({ state: 3, type: 'finish' }).success)
  })
  test('normalizeAiMessage: precise errors for malformed messages, unknown types apart', () => {
    const err = (v: unknown) => {
      const r = normalizeAiMessage(v)
      assert.equal(r.ok, false, JSON.stringify(v))
      return r.ok ? '' : r.error
    }
    assert.equal(err({ type: 'action', action: ['move', [1, '2', 1]] }), 'at action[1][1]: expected number, got string "2"')
    assert.equal(err({ type: 'action', action: ['attack', [1, 2, 1]] }), 'at action: must have >= 3 items')
    assert.equal(err({ type: 'action', action: ['interact', 'EscapeCapsule', 'yes'] }), 'at action[2]: does not match any allowed form, got string "yes"')
    assert.match(err({ type: 'action', action: ['trap', 'Landmine'] }), /^at action\[1\]: must be one of "LandMine" \| "Sticky", got "Landmine"/)
    assert.match(err({ type: 'action', action: ['fly', [1, 1, 1]] }), /^at action: unknown action \["fly",\[1,1,1\]\]; the forms are /)
    assert.match(err({ type: 'action', action: 'move' }), /^at action: expected an action array, got "move"; the forms are /)
    assert.match(err({ type: 'action' }), /^at action: expected an action array, got nothing \(field missing\)/)
    assert.equal(err({ type: 'finish', state: 'x' }), 'at state: expected number, got string "x"')
    assert.equal(err([]), 'at (root): expected object, got array')
    const unknown = normalizeAiMessage({ type: 'chat' })
    assert.ok(!unknown.ok && unknown.kind === 'unknown_type')
    assert.ok(normalizeAiMessage({ type: 'action', action: ['interact', 'EscapeCapsule', 1] }).ok, 'the Python sample sends 1')
  })
  test('the logic parses AI messages with the schema: bad ones become bad-action, never a throw', () => {
    assert.deepEqual(parseAiMessage('{"type":"action","action":["move",[1,1,"a"]],"state":4}'), {
      kind: 'bad-action',
      state: 4,
      error: 'at action[1][2]: expected number, got string "a"',
    })
    assert.deepEqual(parseAiMessage('{"type":"finish","state":3}'), { kind: 'finish', state: 3 })
    const blink = parseAiMessage('{"type":"action","action":["tool","Transport",[1,2,1]]}')
    assert.deepEqual(blink.kind === 'action' ? [blink.state, blink.action] : blink, [undefined, { kind: 'blink', to: [1, 2, 1] }])
    assert.equal(parseAiMessage('nope').kind, 'not-json')
    assert.equal(parseAiMessage('null').kind, 'bad-action')
  })
  test('the seed\'s loose logic → AI examples are accepted by the AI side as written', () => {
    for (const ex of manifest.examples.filter((e) => e.file === 'ex00.txt' || e.file === 'ex31.txt')) {
      let text = readFileSync(join(DIR, ex.file), 'utf8')
      for (const [from, to] of ex.replace ?? []) text = text.split(from).join(to)
      const parsed = parseModelJson(text)
      assert.ok(parsed.ok)
      const r = normalizeLogicToAiMessage(parsed.value)
      assert.ok(r.ok, `${ex.file}: ${r.ok ? '' : r.error}`)
    }
  })
  test('actionTupleSchemaFor picks one schema by name, or none', () => {
    assert.ok(actionTupleSchemaFor(['tool', 'Kit']))
    assert.equal(actionTupleSchemaFor(['tool', 'Nope']), undefined)
    assert.equal(actionTupleSchemaFor('move'), undefined)
    assert.equal(actionTupleSchemaFor(['__proto__']), undefined)
  })
})

describe('logic → AI', () => {
  const base = {
    type: 'roundbegin',
    state: 1,
    inturn: 0,
    status: 0,
    pos: [0, 0, 1],
    hp: 200,
    keys: [0],
    tools: { LandMine: [1, 1, [0, 1, 1]], Sticky: [0, 0], Kit: 0, Transport: 0 },
    others: [1, 2, 3].map((id) => ({ player_id: id, status: 0, keys: [id], hp: 200 })),
  }
  test('full roundbegin: pos required, others exactly 3, trap positions match the placed count', () => {
    assert.ok(RoundBeginFullSchema.safeParse(base).success)
    const { pos: _pos, ...noPos } = base
    assert.equal(RoundBeginFullSchema.safeParse(noPos).success, false)
    assert.equal(RoundBeginFullSchema.safeParse({ ...base, others: base.others.slice(0, 2) }).success, false)
    assert.equal(RoundBeginFullSchema.safeParse({ ...base, tools: { ...base.tools, LandMine: [1, 2, [0, 1, 1]] } }).success, false)
  })
  test('offround playerid must be a seat; pos_update needs a triple', () => {
    assert.equal(OffroundMessageSchema.safeParse({ type: 'offround', state: 1, playerid: 7, content: ['escaped'] }).success, false)
    assert.equal(OffroundMessageSchema.safeParse({ type: 'offround', state: 1, playerid: 1, content: ['see', 'pos_update', [1, 1], 1] }).success, false)
  })
  test('end frame: end_info must be a string', () => {
    assert.ok(LogicEndFrameSchema.safeParse({ state: -1, end_info: '{"0":4,"1":3,"2":2,"3":1}' }).success)
    assert.equal(LogicEndFrameSchema.safeParse({ state: -1, end_info: { 0: 4 } }).success, false)
  })
  test('replay file shape', () => {
    const birth = [
      [-3, -3, 1],
      [3, -3, 1],
      [3, 3, 1],
      [-3, 3, 1],
    ]
    const round = [[{ type: 'move', playerid: 0, pos: [-3, -2, 1] }], [], [], [{ type: 'map_update', args: ['box_disappear', [0, 0, 2]] }]]
    assert.ok(ReplaySchema.safeParse([birth, round, { '0': 4, '1': 3, '2': 2, '3': 1 }]).success)
    assert.equal(ReplaySchema.safeParse([birth, [[], [], []], { '0': 4 }]).success, false, 'a round needs 4 lists')
    assert.equal(ReplaySchema.safeParse([birth, [[{ type: 'move', pos: [0, 5, 1] }], [], [], []], {}]).success, false, 'unshifted position')
    assert.equal(ReplaySchema.safeParse([birth, [[{ type: 'teleport' }], [], [], []], {}]).success, false)
  })
  test('judger init message', () => {
    const r = JudgerInitSchema.parse({ player_list: [1, 1, 2, 0], player_num: 4 })
    assert.deepEqual(r.config, {})
    assert.equal(r.replay, '')
    assert.equal(JudgerInitSchema.safeParse({ player_list: [3], player_num: 1 }).success, false)
  })
  test('JSON Schema export covers the main messages', () => {
    const all = lostspaceJsonSchemas()
    for (const k of ['AiMessage', 'RoundBeginFull', 'ActionReply', 'OffroundMessage', 'JudgerFrame']) {
      assert.equal(typeof all[k], 'object', k)
    }
    assert.match(JSON.stringify(all.AiMessage), /EscapeCapsule/)
  })
})

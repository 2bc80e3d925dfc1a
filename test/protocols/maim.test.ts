import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  buildMessageBase,
  MAX_SEG_DEPTH,
  MaiCoreReplyJsonSchema,
  MaiCoreReplyStrictJsonSchema,
  MineLandCodeInfoSchema,
  MineLandObservationSchema,
  normalizeMaiCoreReply,
  parseMaiCoreReply,
  parseMessageBase,
  type Seg,
  segmentText,
  serializeMessageBase,
} from '../../src/protocols/maim.js'

const dir = fileURLToPath(new URL('../fixtures/seeds/real-dialect/', import.meta.url))
const read = (name: string): string => readFileSync(dir + name, 'utf8')

describe('MessageBase', () => {
  test('a state-sync frame parses and serializes back unchanged (nested nulls kept)', () => {
    const frame = read('maim-01-state-sync.json')
    const r = parseMessageBase(frame)
    assert.ok(r.ok, r.ok ? '' : r.error)
    if (!r.ok) return
    assert.equal(r.value.message_info.group_info, null)
    assert.deepEqual(JSON.parse(serializeMessageBase(r.value)), JSON.parse(frame))
  })

  test('seglist segments nest; text is collected in order', () => {
    const r = parseMessageBase(read('maim-02-maicore-reply-seglist.json'))
    assert.ok(r.ok, r.ok ? '' : r.error)
    if (!r.ok) return
    const text = segmentText(r.value.message_segment)
    const reply = parseMaiCoreReply(text)
    assert.ok(reply.ok, reply.ok ? '' : reply.error)
    if (reply.ok) assert.deepEqual(reply.value, { actions: "await mineBlock(bot, 'oak_log', 1);", goal: '收集10个橡木原木' })
  })

  test('buildMessageBase follows the plugin: group_info null without a group, raw_message = text', () => {
    const msg = buildMessageBase({
      platform: 'mindbridge',
      userId: 'bot',
      userNickname: 'Mai',
      text: '- 目标：收集10个橡木原木',
      templateItems: { observations: '{}' },
      templateName: 'Minecraft',
      additionalConfig: { maimcore_reply_probability_gain: 1 },
      now: () => 1_731_312_000_123,
    })
    const wire = JSON.parse(serializeMessageBase(msg)) as Record<string, Record<string, unknown>>
    assert.deepEqual(wire.message_info, {
      platform: 'mindbridge',
      message_id: 1731312000123,
      time: 1731312000,
      user_info: { platform: 'mindbridge', user_id: 'bot', user_nickname: 'Mai', user_cardname: null },
      group_info: null,
      format_info: { content_format: 'text', accept_format: 'text' },
      template_info: { template_items: { observations: '{}' }, template_name: 'Minecraft', template_default: false },
      additional_config: { maimcore_reply_probability_gain: 1 },
    })
    assert.deepEqual(wire.message_segment, { type: 'text', data: '- 目标：收集10个橡木原木' })
    assert.equal(wire.raw_message, '- 目标：收集10个橡木原木')
    assert.ok(parseMessageBase(serializeMessageBase(msg)).ok)
  })

  test('top-level nulls are dropped, nested ones are kept', () => {
    const msg = buildMessageBase({ platform: 'p', userId: 1, segment: { type: 'image', data: 'b64' }, rawMessage: null, now: () => 0 })
    const wire = JSON.parse(serializeMessageBase({ ...msg, raw_message: null })) as Record<string, Record<string, unknown>>
    assert.ok(!('raw_message' in wire))
    assert.equal(wire.message_info!.template_info, null)
    assert.deepEqual(wire.message_segment, { type: 'image', data: 'b64' }, 'other segment types pass through')
  })

  test('a group id gives group_info', () => {
    const msg = buildMessageBase({ platform: 'p', userId: 1, groupId: 42, text: 'x', now: () => 0 })
    assert.deepEqual(msg.message_info.group_info, { platform: 'p', group_id: 42, group_name: null })
  })

  test('bad frames give errors naming the field', () => {
    const notJson = parseMessageBase('{"message_info":')
    assert.ok(!notJson.ok)
    if (!notJson.ok) assert.match(notJson.error, /frame is not JSON/)
    const noPlatform = parseMessageBase('{"message_info":{"message_id":1,"time":1},"message_segment":{"type":"text","data":"x"}}')
    assert.ok(!noPlatform.ok)
    if (!noPlatform.ok) assert.match(noPlatform.error, /at message_info\.platform: required string is missing/)
    const badText = parseMessageBase(
      '{"message_info":{"platform":"p","message_id":1,"time":1},"message_segment":{"type":"seglist","data":[{"type":"text","data":5}]}}',
    )
    assert.ok(!badText.ok)
    if (!badText.ok) assert.match(badText.error, /at message_segment\.data\[0\]\.data: a text segment needs string data/)
  })

  test('absurdly deep seglist nesting is refused, not a stack overflow', () => {
    let seg: Seg = { type: 'text', data: 'x' }
    for (let i = 0; i < MAX_SEG_DEPTH + 5; i++) seg = { type: 'seglist', data: [seg] }
    const r = parseMessageBase(JSON.stringify({ message_info: { platform: 'p', message_id: 1, time: 1 }, message_segment: seg }))
    assert.ok(!r.ok)
    if (!r.ok) assert.match(r.error, /nested deeper than 32/)
  })
})

describe('MaiCore reply', () => {
  test('integer strings are accepted for targetValue/currentValue; plan as one string becomes a list', () => {
    const r = normalizeMaiCoreReply({ actions: 'bot.jump();', targetValue: '10', currentValue: ' 3 ', plan: 'find a tree' })
    assert.ok(r.ok)
    if (r.ok) assert.deepEqual(r.value, { actions: 'bot.jump();', targetValue: 10, currentValue: 3, plan: ['find a tree'] })
  })

  test('non-integer progress values and missing actions are errors naming the field', () => {
    const r = parseMaiCoreReply('{"targetValue": 3.5, "goal": 1}')
    assert.ok(!r.ok)
    if (r.ok) return
    assert.match(r.error, /at actions: required string is missing/)
    assert.match(r.error, /at targetValue: expected integer/)
    assert.match(r.error, /at goal: expected string, got number/)
  })

  test('a fenced reply is accepted', () => {
    const r = parseMaiCoreReply('```json\n{"actions": "bot.chat(\'hi\')", "step": "greet"}\n```')
    assert.ok(r.ok)
    if (r.ok) assert.equal(r.value.step, 'greet')
  })

  test('JSON Schemas: plain and strict', () => {
    assert.deepEqual((MaiCoreReplyJsonSchema.schema as { required: string[] }).required, ['actions'])
    assert.equal(MaiCoreReplyStrictJsonSchema.strict, true)
    const strictAnswer = '{"actions":"bot.jump();","goal":null,"plan":null,"step":null,"targetValue":null,"currentValue":null}'
    const r = parseMaiCoreReply(strictAnswer)
    assert.ok(r.ok)
    if (r.ok) assert.deepEqual(r.value, { actions: 'bot.jump();' })
  })
})

describe('MineLand shapes', () => {
  test('observation and code_info validate, extra fields pass through', () => {
    const obs = MineLandObservationSchema.parse({
      name: 'Mai',
      life_stats: { life: 20, oxygen: 20, food: 18, saturation: 5, xp: 0 },
      location_stats: { pos: [1, 64, 2], yaw: 0, pitch: 0, vel: [0, 0, 0], is_on_ground: true },
      tick: 100,
      extra_field: 'kept',
    })
    assert.equal(obs.extra_field, 'kept')
    const ci = MineLandCodeInfoSchema.safeParse({ is_running: false, is_ready: true, code_error: { error_type: 'ReferenceError', error_message: 'x is not defined', error_stack: null } })
    assert.ok(ci.success)
    assert.ok(!MineLandObservationSchema.safeParse({ name: 'Mai', life_stats: {}, location_stats: {} }).success)
  })
})

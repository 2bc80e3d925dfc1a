/**
 * The ContextBus renders what the seed's reference renders, byte for byte, on random input
 * (spec/protocol-facts.md §3, oracle in test/fixtures/context-bus-reference.ts). The one allowed
 * difference: characters XML cannot carry (lone surrogates, U+FFFE, U+FFFF) are dropped.
 */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { XMLValidator } from 'fast-xml-parser'
import { createContextBus, type BuildXmlOptions } from '../../src/core/context-bus.js'
import { createReferenceBus, withoutXmlNonChars, type RefBuildOptions } from '../fixtures/context-bus-reference.js'

const FRAGMENTS = [
  '\n', '\r', '\r\n', '\n\n', '\t', ' ', '\u0085', '\u2028',
  '\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f', '\u007f', '\u0084', '\u0086', '\u009f', '\u00a0',
  '&', '<', '>', '"', "'", '&amp;', ']]>', '<!--', '-->', '</ctx>',
  '\uFFFE', '\uFFFF', '\uFFFD', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '😀', '👨‍👩‍👧', '你好', '疼！',
  'x', 'x2', 'x0', 'x10', 'hp:-0.5', 'Steve:-2', 'a'.repeat(60), '文'.repeat(40),
]
const controlOrAny = fc.oneof(
  fc.integer({ min: 0, max: 0xa0 }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
)
/** Content up to ~300 code units: line breaks, control characters, XML specials, CJK, emoji, lone surrogates. */
const content = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 6 }), controlOrAny), { maxLength: 24 }).map((xs) => xs.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: controlOrAny, maxLength: 230 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, undefined, 0, 42, -1.5, true, { a: 1 }, ['a', 'b']) },
)
const name = fc.oneof(fc.constantFrom('Steve', 'Alex', '小明', 'a"b', "o'neil", 'x<y>&z', 'tab\tname', 'line\nbreak'), content)
const eventType = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('hurt.combat', 'hurt.hunger', 'heal', 'skill.end') }, { weight: 1, arbitrary: content })
const data = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('hp:-0.5', 'hp:-0.5x2', 'hp:-0.5x0', 'zombie:-2', 'zombie:-2x3', 'hp:-1\n', 'hp:-1\nx2', 'hp:\r-1', 'a\u0001x2', 'x', 'x5', '') },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('hp:-0.5', 'Steve:-2'), fc.constantFrom('', 'x1', 'x2', 'x12', 'x007', '\n', '\u0001')).map(([a, b]) => a + b) },
  { weight: 2, arbitrary: content },
)
// small steps stack, steps past 5 s do not, big ones leave gaps (up to two days)
const dt = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 6000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 4 * 60_000, max: 90 * 60_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 * 24 * 3_600_000 }) },
)
const buildOptions: fc.Arbitrary<RefBuildOptions & BuildXmlOptions> = fc.record(
  {
    maxEntries: fc.integer({ min: 0, max: 60 }),
    windowSec: fc.oneof(fc.integer({ min: 0, max: 3600 }), fc.constant(1e9)),
    includeGaps: fc.boolean(),
    gapThresholdMs: fc.integer({ min: 1, max: 20 * 60_000 }),
  },
  { requiredKeys: [] },
)

type Op =
  | { kind: 'player'; a: unknown; b: unknown; dt: number }
  | { kind: 'server' | 'bot' | 'tool'; a: unknown; dt: number }
  | { kind: 'event'; a: unknown; b: unknown; dt: number }
  | { kind: 'build'; opts: RefBuildOptions & BuildXmlOptions; dt: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('player' as const), a: name, b: content, dt }),
  fc.record({ kind: fc.constantFrom('server' as const, 'bot' as const, 'tool' as const), a: content, dt }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('event' as const), a: eventType, b: data, dt }) },
  fc.record({ kind: fc.constant('build' as const), opts: buildOptions, dt }),
)

const NON_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u

describe('ContextBus against the reference rendering', () => {
  test('random streams render as the reference does, minus characters XML cannot carry', () => {
    let differing = 0
    let withLineBreaks = 0
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 50 }), fc.integer({ min: 1, max: 60 }), (ops, busMax) => {
        let now = 1_700_000_000_000
        const clock = () => now
        const bus = createContextBus({ now: clock, state: { ai: { context: { busMax } } } })
        const ref = createReferenceBus(clock, busMax)
        const compare = (opts?: RefBuildOptions & BuildXmlOptions) => {
          const expected = ref.buildXml(opts)
          const actual = bus.buildXml(opts)
          assert.equal(actual, withoutXmlNonChars(expected))
          if (actual !== expected) differing++
          if (/[\r\n]/.test(actual.split('\n').slice(2, -1).join(''))) withLineBreaks++
          if (actual !== '') {
            assert.equal(XMLValidator.validate(actual), true, 'well-formed')
            assert.equal(NON_XML_CHAR.test(actual), false, 'only XML 1.0 characters')
          }
        }
        for (const o of ops) {
          now += o.dt
          if (o.kind === 'player') {
            bus.pushPlayer(o.a, o.b)
            ref.pushPlayer(o.a, o.b)
          } else if (o.kind === 'event') {
            bus.pushEvent(o.a, o.b)
            ref.pushEvent(o.a, o.b)
          } else if (o.kind === 'build') {
            compare(o.opts)
          } else {
            bus[`push${o.kind === 'server' ? 'Server' : o.kind === 'bot' ? 'Bot' : 'Tool'}`](o.a)
            ref[`push${o.kind === 'server' ? 'Server' : o.kind === 'bot' ? 'Bot' : 'Tool'}`](o.a)
          }
        }
        compare()
        compare({ maxEntries: 1000, windowSec: 1e9 })
      }),
      { numRuns: 400 },
    )
    // the run must have exercised both the allowed difference and kept line breaks
    assert.ok(differing > 0, 'some documents hit the allowed difference')
    assert.ok(withLineBreaks > 0, 'some documents carry line breaks')
  })
})

describe('ContextBus reference examples', () => {
  const pair = () => {
    let now = 1_000_000
    const clock = () => now
    return { bus: createContextBus({ now: clock }), ref: createReferenceBus(clock), tick: (ms: number) => (now += ms) }
  }

  test('line breaks are kept inside content, names and data', () => {
    const { bus, ref } = pair()
    for (const b of [bus, ref]) {
      b.pushTool('line1\nline2\r\nline3\rline4')
      b.pushPlayer('a\nb', 'x\ry')
      b.pushEvent('skill.fail', 'mine:no\npath')
    }
    const expected = [
      '<ctx>',
      '<!-- p=player s=server e=event b=bot t=tool g=gap -->',
      '<t>line1\nline2\r\nline3\rline4</t>',
      '<p n="a\nb">x\ry</p>',
      '<e t="skill.fail" d="mine:no\npath"/>',
      '</ctx>',
    ].join('\n')
    assert.equal(ref.buildXml(), expected)
    assert.equal(bus.buildXml(), expected)
  })

  test('the cut comes before the drop: control characters count toward the 200', () => {
    const { bus, ref } = pair()
    bus.pushBot('\u0001'.repeat(50) + 'a'.repeat(200))
    ref.pushBot('\u0001'.repeat(50) + 'a'.repeat(200))
    assert.equal(bus.buildXml(), ref.buildXml())
    assert.match(bus.buildXml(), new RegExp(`<b>${'a'.repeat(150)}</b>`))
  })

  test('data with a line break does not match the stack pattern and stacks only whole', () => {
    const { bus, ref, tick } = pair()
    for (const b of [bus, ref]) {
      b.pushEvent('e', 'hp:-1\nx2')
      b.pushEvent('e', 'hp:-1\nx2')
      tick(0)
      b.pushEvent('e', 'hp:-1')
    }
    assert.equal(bus.buildXml(), ref.buildXml())
    assert.match(bus.buildXml(), /<e t="e" d="hp:-1\nx2x2"\/>\n<e t="e" d="hp:-1"\/>/)
  })

  test('where the reference is ill-formed, the bus drops the offending characters only', () => {
    const { bus, ref } = pair()
    for (const b of [bus, ref]) {
      b.pushBot('a\uD800b\uFFFEc😀\uDC00d\uFFFF')
      b.pushBot('a'.repeat(199) + '😀') // the cut at 200 splits the pair
    }
    assert.notEqual(bus.buildXml(), ref.buildXml())
    assert.equal(bus.buildXml(), withoutXmlNonChars(ref.buildXml()))
    assert.match(bus.buildXml(), new RegExp(`<b>abc😀d</b>\n<b>${'a'.repeat(199)}</b>`))
  })
})

import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { createContextBus, type ContextEntry } from '../../src/core/context-bus.js'
import { dropInvalidXmlChars } from '../../src/core/xml.js'

const HOSTILE = [
  ']]>',
  '<![CDATA[',
  '<!--',
  '-->',
  '</ctx>',
  '<ctx>',
  '"',
  "'",
  '&',
  '&amp;',
  '&#x41;',
  '&lt;',
  '\u0000',
  '\u0008',
  '\u000b',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u009f',
  '\uFFFE',
  '\uFFFF',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '😀',
  '👨‍👩‍👧',
  '你好',
  '\t',
  '\n',
  '\r\n',
  ' ',
  'x'.repeat(500),
]

const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))
const hostileString = fc.oneof(
  fc.string({ unit: anyUnit, maxLength: 60 }),
  fc.array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 8 })), { maxLength: 12 }).map((xs) => xs.join('')),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
)
const anyValue = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, undefined, 0, -1.5, true, { a: 1 }, ['a', 'b']) },
)

type Op =
  | { kind: 'player'; a: unknown; b: unknown; dt: number }
  | { kind: 'server' | 'bot' | 'tool'; a: unknown; dt: number }
  | { kind: 'event'; a: unknown; b: unknown; dt: number }

// negative steps model a clock going backwards; small ones exercise stacking, large ones gaps
const dt = fc.oneof(fc.integer({ min: -5000, max: 6000 }), fc.integer({ min: 0, max: 3 * 60 * 60 * 1000 }))
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('player' as const), a: anyValue, b: anyValue, dt }),
  fc.record({ kind: fc.constantFrom('server' as const, 'bot' as const, 'tool' as const), a: anyValue, dt }),
  fc.record({ kind: fc.constant('event' as const), a: fc.oneof(anyValue, fc.constantFrom('hurt.combat', 'heal')), b: fc.oneof(anyValue, fc.constantFrom('hp:-1', 'hp:-1x2', 'zombie:-2')), dt }),
)

// Anything outside the XML 1.0 Char production (lone surrogates included, thanks to the u flag).
const NON_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
})

type Node = Record<string, unknown> & { ':@'?: Record<string, string> }

/** XML end-of-line handling, which the parser applies: `\r\n` and a lone `\r` read as `\n`. */
function eol(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}

function textOf(children: unknown): string {
  return (children as Array<Record<string, string>>).map((c) => c['#text'] ?? '').join('')
}

/** What an entry's tag, attributes and text parse back to: the stored text minus the dropped characters. */
function expectedOf(e: ContextEntry): [string, Record<string, string>, string] {
  const x = dropInvalidXmlChars
  switch (e.type) {
    case 'player':
      return ['p', { n: x(e.name) }, x(e.content)]
    case 'server':
      return ['s', {}, x(e.content)]
    case 'bot':
      return ['b', {}, x(e.content)]
    case 'tool':
      return ['t', {}, x(e.content)]
    case 'event':
      return ['e', { t: x(e.eventType), d: x(e.data) }, '']
  }
}

test('random and hostile input always yields well-formed, time-ordered XML', () => {
  fc.assert(
    fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), fc.boolean(), (ops, includeGaps) => {
      let now = 1_700_000_000_000
      const bus = createContextBus({ now: () => now })
      for (const o of ops) {
        now += o.dt
        if (o.kind === 'player') bus.pushPlayer(o.a, o.b)
        else if (o.kind === 'event') bus.pushEvent(o.a, o.b)
        else if (o.kind === 'server') bus.pushServer(o.a)
        else if (o.kind === 'bot') bus.pushBot(o.a)
        else bus.pushTool(o.a)
      }
      const store = bus.getStore()
      for (let i = 1; i < store.length; i++) assert.ok(store[i]!.t >= store[i - 1]!.t, 'store is time-ordered')

      const xml = bus.buildXml({ maxEntries: 1000, windowSec: 1e9, includeGaps })
      assert.equal(XMLValidator.validate(xml), true, 'XMLValidator accepts the document')
      assert.equal(NON_XML_CHAR.test(xml), false, 'only XML 1.0 characters')

      const doc = parser.parse(xml) as Node[]
      const roots = doc.filter((n) => !('#text' in n))
      assert.equal(roots.length, 1, 'exactly one root element')
      const ctx = roots[0]!.ctx as Node[]
      assert.ok(Array.isArray(ctx), 'root is <ctx>')

      const elements = ctx.filter((n) => !('#text' in n))
      const gaps = elements.filter((n) => 'g' in n)
      if (!includeGaps) assert.equal(gaps.length, 0)
      for (const g of gaps) assert.match(g[':@']!.d!, /^(\d+m|\d+h(\d+m)?|\d+d)$/)

      // entries appear in store (= time) order, with content that round-trips through the parser
      const entries = elements.filter((n) => !('g' in n))
      assert.equal(entries.length, store.length)
      entries.forEach((node, i) => {
        const [tag, attrs, text] = expectedOf(store[i]!)
        assert.ok(tag in node, `entry ${i} is <${tag}>`)
        assert.deepEqual(node[':@'] ?? {}, Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, eol(v)])))
        assert.equal(textOf(node[tag]), eol(text))
      })

      // one entry (or gap) per line between the header and footer, plus the line breaks kept in the text
      const kept = entries.reduce((n, _node, i) => {
        const [, attrs, text] = expectedOf(store[i]!)
        return n + (Object.values(attrs).join('') + text).split('\n').length - 1
      }, 0)
      assert.equal(xml.split('\n').length, 3 + elements.length + kept)
    }),
    { numRuns: 300 },
  )
})

import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { createContextBus, formatGap, resolveBusMax, splitStack, LEGEND, type ContextBusState } from '../../src/core/context-bus.js'

const MIN = 60_000

/** A bus on a fake clock starting at `start` ms. */
function fakeBus(state?: ContextBusState, start = 1_000_000) {
  const clock = { t: start }
  const bus = createContextBus({ state, now: () => clock.t })
  return { bus, clock }
}

/** The entry lines of a ctx document (without header, legend and footer). */
function body(xml: string): string[] {
  const lines = xml.split('\n')
  assert.equal(lines[0], '<ctx>')
  assert.equal(lines[1], LEGEND)
  assert.equal(lines.at(-1), '</ctx>')
  return lines.slice(2, -1)
}

describe('ContextBus serialisation', () => {
  test('reproduces the seed document example byte for byte', () => {
    const { bus, clock } = fakeBus()
    bus.pushPlayer('Steve', '来打我')
    clock.t += 500
    bus.pushEvent('hurt.combat', 'Steve:-2')
    clock.t += 2000
    bus.pushEvent('hurt.combat', 'Steve:-1.5')
    clock.t += 1000
    bus.pushEvent('hurt.combat', 'Steve:-1.5')
    clock.t += 1000
    bus.pushEvent('hurt.combat', 'Steve:-1.5')
    clock.t += 1000
    bus.pushBot('疼！')
    clock.t += 12 * MIN
    bus.pushServer('Steve left the game')
    clock.t += 1000
    bus.pushEvent('heal', 'hp:+4')
    assert.equal(
      bus.buildXml({ windowSec: 3600 }),
      [
        '<ctx>',
        '<!-- p=player s=server e=event b=bot t=tool g=gap -->',
        '<p n="Steve">来打我</p>',
        '<e t="hurt.combat" d="Steve:-2"/>',
        '<e t="hurt.combat" d="Steve:-1.5x3"/>',
        '<b>疼！</b>',
        '<g d="12m"/>',
        '<s>Steve left the game</s>',
        '<e t="heal" d="hp:+4"/>',
        '</ctx>',
      ].join('\n'),
    )
  })

  test('each push kind has its own tag', () => {
    const { bus } = fakeBus()
    bus.pushPlayer('Alex', 'hi')
    bus.pushServer('restarting')
    bus.pushBot('ok')
    bus.pushTool('挖到钻石x3')
    bus.pushEvent('skill.end', 'mine:success')
    assert.deepEqual(body(bus.buildXml()), [
      '<p n="Alex">hi</p>',
      '<s>restarting</s>',
      '<b>ok</b>',
      '<t>挖到钻石x3</t>',
      '<e t="skill.end" d="mine:success"/>',
    ])
  })

  test('returns an empty string when nothing is in the window', () => {
    const { bus, clock } = fakeBus()
    assert.equal(bus.buildXml(), '')
    bus.pushBot('old')
    clock.t += 601_000
    assert.equal(bus.buildXml(), '')
    assert.notEqual(bus.buildXml({ windowSec: 700 }), '')
    assert.equal(bus.buildXml({ maxEntries: 0 }), '')
  })

  test('default window is 600 s, inclusive at the cutoff', () => {
    const { bus, clock } = fakeBus()
    bus.pushBot('a') // will be 600 s + 1 ms old
    clock.t += 1
    bus.pushBot('b') // exactly 600 s old
    clock.t += 600_000
    bus.pushBot('c')
    assert.deepEqual(body(bus.buildXml({ includeGaps: false })), ['<b>b</b>', '<b>c</b>'])
  })

  test('windowSec option narrows the window', () => {
    const { bus, clock } = fakeBus()
    bus.pushBot('a')
    clock.t += 30_000
    bus.pushBot('b')
    clock.t += 5_000
    assert.deepEqual(body(bus.buildXml({ windowSec: 10 })), ['<b>b</b>'])
  })

  test('default maxEntries is 50 and keeps the newest, oldest first', () => {
    const { bus } = fakeBus()
    for (let i = 0; i < 60; i++) bus.pushTool(`n${i}`)
    const lines = body(bus.buildXml())
    assert.equal(lines.length, 50)
    assert.equal(lines[0], '<t>n10</t>')
    assert.equal(lines[49], '<t>n59</t>')
    assert.deepEqual(body(bus.buildXml({ maxEntries: 2 })), ['<t>n58</t>', '<t>n59</t>'])
  })

  test('invalid buildXml options fall back to defaults', () => {
    const { bus } = fakeBus()
    for (let i = 0; i < 60; i++) bus.pushTool(`n${i}`)
    const bad = { maxEntries: Number.NaN, windowSec: -5, gapThresholdMs: 'x' as unknown as number }
    assert.equal(body(bus.buildXml(bad)).length, 50)
    assert.equal(body(bus.buildXml(null as unknown as undefined)).length, 50)
  })
})

describe('ContextBus gaps', () => {
  test('seed example: 2 min gap gives no marker, 13 min gap gives <g d="13m"/>', () => {
    const { bus, clock } = fakeBus()
    bus.pushEvent('a', '1')
    clock.t += 2 * MIN
    bus.pushEvent('b', '2')
    clock.t += 13 * MIN
    bus.pushEvent('c', '3')
    assert.deepEqual(body(bus.buildXml({ windowSec: 3600 })), [
      '<e t="a" d="1"/>',
      '<e t="b" d="2"/>',
      '<g d="13m"/>',
      '<e t="c" d="3"/>',
    ])
  })

  test('the threshold is inclusive (>= 5 min) and configurable', () => {
    const { bus, clock } = fakeBus()
    bus.pushBot('a')
    clock.t += 5 * MIN - 1
    bus.pushBot('b')
    clock.t += 5 * MIN
    bus.pushBot('c')
    assert.deepEqual(body(bus.buildXml()), ['<b>a</b>', '<b>b</b>', '<g d="5m"/>', '<b>c</b>'])
    assert.deepEqual(body(bus.buildXml({ gapThresholdMs: 4 * MIN })), [
      '<b>a</b>',
      '<g d="4m"/>',
      '<b>b</b>',
      '<g d="5m"/>',
      '<b>c</b>',
    ])
  })

  test('includeGaps:false suppresses markers', () => {
    const { bus, clock } = fakeBus()
    bus.pushBot('a')
    clock.t += 9 * MIN
    bus.pushBot('b')
    assert.deepEqual(body(bus.buildXml({ includeGaps: false })), ['<b>a</b>', '<b>b</b>'])
  })

  test('gaps are measured between emitted entries only; no marker before the first', () => {
    const { bus, clock } = fakeBus()
    bus.pushBot('long ago')
    clock.t += 30 * MIN
    bus.pushBot('a')
    clock.t += 1 * MIN
    bus.pushBot('b')
    // "long ago" is cut by maxEntries, so "a" is first and gets no gap marker
    assert.deepEqual(body(bus.buildXml({ maxEntries: 2, windowSec: 7200 })), ['<b>a</b>', '<b>b</b>'])
    assert.deepEqual(body(bus.buildXml({ windowSec: 7200 })), ['<b>long ago</b>', '<g d="30m"/>', '<b>a</b>', '<b>b</b>'])
  })

  test('formatGap formats minutes, hours and days and rejects bad input', () => {
    const cases: Array<[unknown, string]> = [
      [0, '0m'],
      [59_999, '0m'],
      [MIN, '1m'],
      [59 * MIN, '59m'],
      [60 * MIN, '1h'],
      [65 * MIN, '1h5m'],
      [120 * MIN, '2h'],
      [23 * 60 * MIN + 59 * MIN, '23h59m'],
      [24 * 60 * MIN, '1d'],
      [49 * 60 * MIN, '2d'],
      [-1, '0m'],
      [Number.NaN, '0m'],
      [Number.POSITIVE_INFINITY, '0m'],
      ['600000', '0m'],
      [undefined, '0m'],
    ]
    for (const [ms, expected] of cases) assert.equal(formatGap(ms), expected, `formatGap(${String(ms)})`)
  })
})

describe('ContextBus event stacking', () => {
  test('seed example: hunger stacks to x3, a different type starts a new entry', () => {
    const { bus, clock } = fakeBus()
    bus.pushEvent('hurt.hunger', 'hp:-0.5')
    clock.t += 1000
    bus.pushEvent('hurt.hunger', 'hp:-0.5')
    clock.t += 1000
    bus.pushEvent('hurt.hunger', 'hp:-0.5')
    clock.t += 1000
    bus.pushEvent('hurt.combat', 'zombie:-2')
    assert.deepEqual(body(bus.buildXml()), ['<e t="hurt.hunger" d="hp:-0.5x3"/>', '<e t="hurt.combat" d="zombie:-2"/>'])
  })

  test('the stacking window is 5000 ms inclusive', () => {
    const { bus, clock } = fakeBus()
    bus.pushEvent('heal', 'hp:+1')
    clock.t += 5000
    bus.pushEvent('heal', 'hp:+1')
    clock.t += 5001
    bus.pushEvent('heal', 'hp:+1')
    assert.deepEqual(
      bus.getStore().map((e) => (e.type === 'event' ? e.data : '')),
      ['hp:+1x2', 'hp:+1'],
    )
  })

  test('the stacked entry time is refreshed, so a later event can still stack', () => {
    const { bus, clock } = fakeBus()
    bus.pushEvent('hurt.fire', 'hp:-1')
    clock.t += 4000
    bus.pushEvent('hurt.fire', 'hp:-1')
    clock.t += 4000 // 8000 after the first, 4000 after the refresh
    bus.pushEvent('hurt.fire', 'hp:-1')
    const store = bus.getStore()
    assert.equal(store.length, 1)
    assert.equal(store[0]!.t, clock.t)
    assert.deepEqual(store[0], { type: 'event', t: clock.t, eventType: 'hurt.fire', data: 'hp:-1x3' })
  })

  test('different base data or type does not stack', () => {
    const { bus } = fakeBus()
    bus.pushEvent('hurt.combat', 'zombie:-2')
    bus.pushEvent('hurt.combat', 'skeleton:-2')
    bus.pushEvent('hurt.fall', 'skeleton:-2')
    assert.equal(bus.getStore().length, 3)
  })

  test('only the newest stored entry can absorb an event', () => {
    const { bus } = fakeBus()
    bus.pushEvent('hurt.drown', 'hp:-1')
    bus.pushBot('blub')
    bus.pushEvent('hurt.drown', 'hp:-1')
    assert.deepEqual(body(bus.buildXml()), ['<e t="hurt.drown" d="hp:-1"/>', '<b>blub</b>', '<e t="hurt.drown" d="hp:-1"/>'])
  })

  test('counts add, including counts carried in the incoming data', () => {
    const { bus } = fakeBus()
    bus.pushEvent('hurt.hunger', 'hp:-0.5x2')
    bus.pushEvent('hurt.hunger', 'hp:-0.5x3')
    bus.pushEvent('hurt.hunger', 'hp:-0.5')
    assert.deepEqual(body(bus.buildXml()), ['<e t="hurt.hunger" d="hp:-0.5x6"/>'])
  })

  test('data is split with ^(.+?)(?:x(\\d+))?$', () => {
    assert.deepEqual(splitStack('hp:-0.5x4'), { base: 'hp:-0.5', count: 4 })
    assert.deepEqual(splitStack('zombie:-2'), { base: 'zombie:-2', count: 1 })
    assert.deepEqual(splitStack('box'), { base: 'box', count: 1 })
    assert.deepEqual(splitStack('x7'), { base: 'x7', count: 1 })
    assert.deepEqual(splitStack('ax0'), { base: 'a', count: 0 })
    assert.deepEqual(splitStack(''), { base: '', count: 1 })
    // `.` does not match a line break, so such data never splits
    assert.deepEqual(splitStack('hp:-1\nx2'), { base: 'hp:-1\nx2', count: 1 })
  })

  test('stacking does not grow the store', () => {
    const { bus } = fakeBus({ ai: { context: { busMax: 2 } } })
    bus.pushBot('keep me')
    for (let i = 0; i < 10; i++) bus.pushEvent('heal', 'hp:+1')
    assert.deepEqual(body(bus.buildXml()), ['<b>keep me</b>', '<e t="heal" d="hp:+1x10"/>'])
  })
})

describe('ContextBus store cap', () => {
  test('default cap is 200, FIFO', () => {
    const { bus } = fakeBus()
    for (let i = 0; i < 250; i++) bus.pushTool(`n${i}`)
    const store = bus.getStore()
    assert.equal(store.length, 200)
    assert.deepEqual(store[0], { type: 'tool', t: 1_000_000, content: 'n50' })
  })

  test('state.ai.context.busMax sets the cap, clamped to 1..5000', () => {
    assert.equal(resolveBusMax({ ai: { context: { busMax: 3 } } }), 3)
    assert.equal(resolveBusMax({ ai: { context: { busMax: 0 } } }), 1)
    assert.equal(resolveBusMax({ ai: { context: { busMax: -9 } } }), 1)
    assert.equal(resolveBusMax({ ai: { context: { busMax: 10_000 } } }), 5000)
    assert.equal(resolveBusMax({ ai: { context: { busMax: 7.9 } } }), 7)
    assert.equal(resolveBusMax({ ai: { context: { busMax: 'abc' } } }), 200)
    assert.equal(resolveBusMax({ ai: { context: { busMax: Number.NaN } } }), 200)
    assert.equal(resolveBusMax({}), 200)
    assert.equal(resolveBusMax(undefined), 200)
    const hostile = { get ai(): never { throw new Error('boom') } }
    assert.equal(resolveBusMax(hostile), 200)

    const { bus } = fakeBus({ ai: { context: { busMax: 0 } } })
    bus.pushBot('a')
    bus.pushBot('b')
    assert.deepEqual(bus.getStore().map((e) => (e.type === 'bot' ? e.content : '')), ['b'])

    const big = fakeBus({ ai: { context: { busMax: 99_999 } } }).bus
    for (let i = 0; i < 5100; i++) big.pushTool(i)
    assert.equal(big.getStore().length, 5000)
  })

  test('a live change of busMax takes effect at the next push', () => {
    const state = { ai: { context: { busMax: 10 } } }
    const { bus } = fakeBus(state)
    for (let i = 0; i < 10; i++) bus.pushTool(`n${i}`)
    assert.equal(bus.getStore().length, 10)
    state.ai.context.busMax = 4
    bus.pushTool('n10')
    assert.deepEqual(bus.getStore().map((e) => (e.type === 'tool' ? e.content : '')), ['n7', 'n8', 'n9', 'n10'])
    state.ai.context.busMax = 6
    bus.pushTool('n11')
    bus.pushTool('n12')
    assert.equal(bus.getStore().length, 6)
  })
})

describe('ContextBus input handling', () => {
  test('content is cut to 200 chars, event data to 100, with no ellipsis', () => {
    const { bus } = fakeBus()
    bus.pushBot('a'.repeat(200))
    bus.pushServer('b'.repeat(201))
    bus.pushEvent('e', 'd'.repeat(150))
    bus.pushPlayer('P', 'c'.repeat(500))
    bus.pushTool('t'.repeat(999))
    const lines = body(bus.buildXml())
    assert.equal(lines[0], `<b>${'a'.repeat(200)}</b>`)
    assert.equal(lines[1], `<s>${'b'.repeat(200)}</s>`)
    assert.equal(lines[2], `<e t="e" d="${'d'.repeat(100)}"/>`)
    assert.equal(lines[3], `<p n="P">${'c'.repeat(200)}</p>`)
    assert.equal(lines[4], `<t>${'t'.repeat(200)}</t>`)
  })

  test('a cut through an emoji leaves half a pair in the store, which rendering drops', () => {
    const { bus } = fakeBus()
    bus.pushBot('a'.repeat(199) + '😀tail')
    const store = bus.getStore()[0]!
    assert.equal(store.type === 'bot' && store.content, 'a'.repeat(199) + '\uD83D')
    assert.deepEqual(body(bus.buildXml()), [`<b>${'a'.repeat(199)}</b>`])
  })

  test('player names and event types are not cut (the reference gives them no limit)', () => {
    const { bus } = fakeBus()
    bus.pushPlayer('N'.repeat(100), 'x')
    bus.pushEvent('T'.repeat(100), 'y')
    assert.deepEqual(body(bus.buildXml()), [`<p n="${'N'.repeat(100)}">x</p>`, `<e t="${'T'.repeat(100)}" d="y"/>`])
  })

  test('escapes & < > " \' in content, names, types and data', () => {
    const { bus } = fakeBus()
    bus.pushPlayer(`a"<b>'&`, `x < y && "q" 'r' > z`)
    bus.pushEvent(`t"'<>&`, `d"'<>&`)
    bus.pushTool('&amp;')
    assert.deepEqual(body(bus.buildXml()), [
      '<p n="a&quot;&lt;b&gt;&apos;&amp;">x &lt; y &amp;&amp; &quot;q&quot; &apos;r&apos; &gt; z</p>',
      '<e t="t&quot;&apos;&lt;&gt;&amp;" d="d&quot;&apos;&lt;&gt;&amp;"/>',
      '<t>&amp;amp;</t>',
    ])
  })

  test('drops the listed control characters and keeps tab and U+0085', () => {
    const dropped = [0x0, 0x8, 0xb, 0xc, 0xe, 0x1f, 0x7f, 0x84, 0x86, 0x9f, 0xfffe, 0xffff]
    const { bus } = fakeBus()
    bus.pushBot(dropped.map((c) => `${String.fromCharCode(c)}.`).join(''))
    bus.pushBot('a\tb\u0085c')
    assert.deepEqual(body(bus.buildXml()), [`<b>${'.'.repeat(dropped.length)}</b>`, '<b>a\tb\u0085c</b>'])
  })

  test('the length cut comes first; control characters are dropped when rendering', () => {
    const { bus } = fakeBus()
    bus.pushBot('\u0001'.repeat(50) + 'a'.repeat(200))
    const e = bus.getStore()[0]!
    assert.equal(e.type === 'bot' && e.content, '\u0001'.repeat(50) + 'a'.repeat(150))
    assert.deepEqual(body(bus.buildXml()), [`<b>${'a'.repeat(150)}</b>`])
  })

  test('line breaks stay in the content as they are', () => {
    const { bus } = fakeBus()
    bus.pushTool('line1\nline2\r\nline3\rline4')
    bus.pushEvent('skill.fail', 'dig:no\npath')
    assert.equal(
      bus.buildXml(),
      `<ctx>\n${LEGEND}\n<t>line1\nline2\r\nline3\rline4</t>\n<e t="skill.fail" d="dig:no\npath"/>\n</ctx>`,
    )
  })

  test('stacking compares the data as given, before characters are dropped', () => {
    const { bus } = fakeBus()
    bus.pushEvent('heal', 'hp:+1')
    bus.pushEvent('heal', 'hp:+1\u0001')
    bus.pushEvent('heal', 'hp:+1\u0001')
    assert.deepEqual(body(bus.buildXml()), ['<e t="heal" d="hp:+1"/>', '<e t="heal" d="hp:+1x2"/>'])
  })

  test('lone UTF-16 surrogates are stripped, valid pairs kept', () => {
    const { bus } = fakeBus()
    bus.pushBot('a\uD800b\uDC00c😀d\uDBFF')
    bus.pushEvent('x\uDFFF', '\uD83D')
    assert.deepEqual(body(bus.buildXml()), ['<b>abc😀d</b>', '<e t="x" d=""/>'])
  })

  test('any value is coerced with String(value ?? "")', () => {
    const { bus } = fakeBus()
    bus.pushPlayer(null, undefined)
    bus.pushBot(42)
    bus.pushTool({ a: 1 })
    bus.pushServer(['x', 'y'])
    bus.pushEvent(undefined, null)
    bus.pushTool({ toString: () => { throw new Error('nope') } })
    bus.pushTool(Object.create(null))
    assert.deepEqual(body(bus.buildXml()), [
      '<p n=""></p>',
      '<b>42</b>',
      '<t>[object Object]</t>',
      '<s>x,y</s>',
      '<e t="" d=""/>',
      '<t></t>',
      '<t></t>',
    ])
  })

  test('a clock that goes backwards still yields a time-ordered store', () => {
    const { bus, clock } = fakeBus()
    bus.pushBot('a')
    clock.t -= 60_000
    bus.pushBot('b')
    const ts = bus.getStore().map((e) => e.t)
    assert.deepEqual(ts, [1_000_000, 1_000_000])
    assert.deepEqual(body(bus.buildXml()), ['<b>a</b>', '<b>b</b>'])
  })

  test('a broken clock falls back to Date.now', () => {
    const bus = createContextBus({ now: () => Number.NaN })
    const before = Date.now()
    bus.pushBot('x')
    assert.ok(bus.getStore()[0]!.t >= before)
    assert.deepEqual(body(bus.buildXml()), ['<b>x</b>'])
  })

  test('getStore returns a copy; clear empties the store', () => {
    const { bus } = fakeBus()
    bus.pushBot('a')
    const snap = bus.getStore()
    snap.pop()
    assert.equal(bus.getStore().length, 1)
    bus.clear()
    assert.deepEqual(bus.getStore(), [])
    assert.equal(bus.buildXml(), '')
  })

  test('works without options, on the real clock', () => {
    const bus = createContextBus()
    bus.pushServer('Alex joined the game')
    assert.deepEqual(body(bus.buildXml()), ['<s>Alex joined the game</s>'])
  })
})

describe('ContextBus delta (cursor / after)', () => {
  test('buildXml({ after: cursor() }) renders only what came later; nothing new gives ""', () => {
    const { bus, clock } = fakeBus()
    bus.pushPlayer('Steve', 'one')
    const c1 = bus.cursor()
    assert.equal(bus.buildXml({ after: c1 }), '')
    clock.t += 1000
    bus.pushServer('two')
    bus.pushTool('three')
    assert.deepEqual(body(bus.buildXml({ after: c1 })), ['<s>two</s>', '<t>three</t>'])
    assert.deepEqual(body(bus.buildXml()), ['<p n="Steve">one</p>', '<s>two</s>', '<t>three</t>'])
    assert.deepEqual(body(bus.buildXml({ after: c1, maxEntries: 1 })), ['<t>three</t>'], 'maxEntries still caps the delta, newest kept')
  })

  test('an event stacked after the cursor counts as new: its new count is sent again', () => {
    const { bus, clock } = fakeBus()
    bus.pushEvent('hurt.fall', 'hp:-1')
    const c = bus.cursor()
    clock.t += 1000
    bus.pushEvent('hurt.fall', 'hp:-1')
    assert.deepEqual(body(bus.buildXml({ after: c })), ['<e t="hurt.fall" d="hp:-1x2"/>'])
    assert.equal(bus.getStore().length, 1)
  })

  test('the cursor keeps counting across clear() and the busMax trim', () => {
    const { bus } = fakeBus({ ai: { context: { busMax: 2 } } })
    bus.pushBot('a')
    bus.pushBot('b')
    bus.pushBot('c')
    const c = bus.cursor()
    assert.equal(c, 3)
    bus.clear()
    assert.equal(bus.cursor(), 3)
    bus.pushBot('d')
    assert.deepEqual(body(bus.buildXml({ after: c })), ['<b>d</b>'])
  })
})

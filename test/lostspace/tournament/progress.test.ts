import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { createProgress, formatDuration } from '../../../src/lostspace/tournament/progress.js'

function sink(isTTY: boolean) {
  const out: string[] = []
  return { out, stream: { isTTY, columns: 100, write: (s: string) => out.push(s) } }
}

describe('tournament progress', () => {
  test('not a terminal: a line at the start, at most every interval, and at the end; rate and ETA from this run', () => {
    let t = 0
    const { out, stream } = sink(false)
    const p = createProgress({ total: 10, already: 2, stream, lineEveryMs: 5000, now: () => t })
    assert.equal(out.length, 1)
    assert.match(out[0]!, /2\/10 games \(20\.0%\), 0\.0 games\/s, elapsed 0:00, ETA \?/)
    t = 1000
    p.tick() // 3/10, within the interval: no line
    assert.equal(out.length, 1)
    t = 6000
    p.tick() // 4/10: 2 games in 6 s this run → 6 left at 1/3 games/s = 18 s
    assert.equal(out.length, 2)
    assert.match(out[1]!, /4\/10 games \(40\.0%\), 0\.3 games\/s, elapsed 0:06, ETA 0:18\n$/)
    for (let i = 0; i < 6; i++) p.tick()
    assert.match(out.at(-1)!, /10\/10 games \(100\.0%\).*ETA 0:00\n$/)
    const n = out.length
    p.done()
    assert.equal(out.length, n, 'the final state was already printed')
  })

  test('a terminal: one line redrawn in place with a bar, ended by done()', () => {
    let t = 0
    const { out, stream } = sink(true)
    const p = createProgress({ total: 4, already: 0, stream, now: () => t })
    for (let i = 0; i < 4; i++) {
      t += 500
      p.tick()
    }
    p.done()
    assert.ok(out.slice(0, -1).every((s) => s.startsWith('\r[') && s.endsWith('\x1b[K')))
    assert.match(out.at(-2)!, /^\r\[#{20}\] 4\/4 games/)
    assert.equal(out.at(-1), '\n')
  })

  test('durations', () => {
    assert.equal(formatDuration(0), '0:00')
    assert.equal(formatDuration(75), '1:15')
    assert.equal(formatDuration(3725), '1:02:05')
    assert.equal(formatDuration(Infinity), '?')
  })
})

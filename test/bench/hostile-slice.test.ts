// A slice of `npm run bench -- hostile` (bench/hostile/), small enough for every run: the
// protocol parsers, the remote-mind socket, the brain file, the sandbox, the config and a few
// CLI flags against hostile inputs. Each must refuse with a clear reason, never crash, never
// let an input past its boundary.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { Tally, type Row } from '../../bench/hostile/tally.js'
import { attackParsers } from '../../bench/hostile/parsers.js'
import { attackRemoteMind } from '../../bench/hostile/sockets.js'
import { attackBrainFile, attackConfig } from '../../bench/hostile/files.js'
import { attackSandbox } from '../../bench/hostile/sandbox.js'
import { attackCli, BAD_FLAGS } from '../../bench/hostile/cli.js'

const SCALE = 0.02

function assertClean(rows: Row[]): void {
  assert.ok(rows.length > 0)
  for (const r of rows) {
    assert.ok(r.inputs > 0, `${r.surface}: no inputs ran`)
    assert.deepEqual(
      { crashes: r.crashes, escapes: r.escapes, unclear: r.refusedUnclear },
      { crashes: 0, escapes: 0, unclear: 0 },
      `${r.surface}: ${r.problems.join('; ')}`,
    )
    assert.ok(r.refusedClear > 0, `${r.surface}: nothing was refused`)
  }
}

describe('hostile inputs (a slice of the bench)', { timeout: 300_000 }, () => {
  test('protocol parsers and decoders', async () => {
    const tally = new Tally(false)
    await attackParsers(tally, SCALE, 10)
    assertClean(tally.rows)
  })

  test('the remote-mind socket on loopback', async () => {
    const tally = new Tally(false)
    await attackRemoteMind(tally, SCALE)
    assertClean(tally.rows)
  })

  test('the brain file, the config and the sandbox', async () => {
    const tally = new Tally(false)
    await attackBrainFile(tally, SCALE)
    await attackConfig(tally)
    await attackSandbox(tally, SCALE)
    assertClean(tally.rows)
  })

  test('bad CLI flags', async () => {
    const tally = new Tally(false)
    const flags = BAD_FLAGS.filter((f) => f.includes('--config') || f.includes('--set') || f[0] === 'no-such-command')
    await attackCli(tally, 1, flags, true)
    assertClean(tally.rows)
  })
})

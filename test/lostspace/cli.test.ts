import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { tmpdir } from 'node:os'
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CLI, cliCommand, pyMimic, ROOT, tempDir } from '../fixtures/lostspace-ais/helpers.js'

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('mindbridge lostspace', () => {
  test('match: built-in players, `lostspace ai --bot random` as a subprocess and a Python AI; ranking, progress, replay', { timeout: 120_000 }, async () => {
    const tmp = tempDir()
    const replay = join(tmp.dir, 'game.json')
    const r = await runCli([
      'lostspace', 'match',
      '--ai', 'builtin:strategist',
      '--ai', cliCommand('lostspace ai --bot random --seed 4'),
      '--ai', pyMimic(3),
      '--ai', 'builtin:random',
      '--seed', '3', '--replay', replay, '--time-limit', '2',
    ])
    assert.equal(r.code, 0, r.stderr)
    const lines = r.stdout.trim().split('\n')
    assert.equal(lines.length, 4, r.stdout)
    assert.match(lines[0]!, /^#1 {2}seat \d {2}4 pts {2}/)
    assert.deepEqual(lines.map((l) => Number(/(\d) pts/.exec(l)![1])), [4, 3, 2, 1])
    assert.ok(lines.some((l) => l.includes('lostspace ai --bot random')))
    assert.match(r.stderr, /round 1\/100/)
    assert.match(r.stderr, /round 100\/100/)
    // The subprocess random player never failed (only the Python SDK's status-4 timeout is tolerated).
    assert.doesNotMatch(r.stderr, /seat 1 .*Error/)
    assert.ok(existsSync(replay))
    const data = JSON.parse(readFileSync(replay, 'utf8')) as unknown[]
    assert.equal(Object.keys(data[data.length - 1] as object).length, 4)
    tmp.cleanup()
  })

  test('match --json --quiet prints the result as JSON and nothing on stderr', { timeout: 60_000 }, async () => {
    const r = await runCli(['lostspace', 'match', '--ai', 'builtin:random', '--ai', 'builtin:random', '--ai', 'builtin:strategist', '--ai', 'builtin:random', '--seed', '8', '--json', '--quiet'])
    assert.equal(r.code, 0, r.stderr)
    assert.equal(r.stderr.replace(/npm warn.*\n/g, ''), '')
    const out = JSON.parse(r.stdout) as { seed: number; ranking: Array<{ player: number; points: number }>; endInfo: Record<string, number>; rounds: number }
    assert.equal(out.seed, 8)
    assert.equal(out.rounds, 100)
    assert.deepEqual(out.ranking.map((e) => e.points).sort(), [1, 2, 3, 4])
    assert.equal(out.endInfo['2'], 4, 'the strategist wins against three random players')
  })

  test('usage errors exit with code 2 and a clear message', { timeout: 60_000 }, async () => {
    const few = await runCli(['lostspace', 'match', '--ai', 'builtin:random'])
    assert.equal(few.code, 2)
    assert.match(few.stderr, /exactly 4 --ai options, got 1/)
    const unknown = await runCli(['lostspace', 'match', '--ai', 'builtin:genius', '--ai', 'builtin:random', '--ai', 'builtin:random', '--ai', 'builtin:random'])
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /unknown built-in player 'genius'/)
    const badLimit = await runCli(['lostspace', 'match', '--time-limit', 'soon', '--ai', 'builtin:random', '--ai', 'builtin:random', '--ai', 'builtin:random', '--ai', 'builtin:random'])
    assert.equal(badLimit.code, 2)
    assert.match(badLimit.stderr, /--time-limit must be a positive number/)
    const badReplay = await runCli(['lostspace', 'match', '--replay', '/nonexistent-dir/x.json', '--ai', 'builtin:random', '--ai', 'builtin:random', '--ai', 'builtin:random', '--ai', 'builtin:random'])
    assert.equal(badReplay.code, 2)
    assert.match(badReplay.stderr, /--replay: directory \/nonexistent-dir does not exist/)
    // a directory as the replay file: one line, before any AI starts, exit 2
    const dirReplay = await runCli(['lostspace', 'match', '--replay', tmpdir(), '--ai', 'builtin:random', '--ai', 'builtin:random', '--ai', 'builtin:random', '--ai', 'builtin:random'])
    assert.equal(dirReplay.code, 2)
    assert.equal(dirReplay.stderr.trim().split('\n').length, 1, dirReplay.stderr)
    assert.match(dirReplay.stderr, /--replay: .* is a directory; give a file name, e\.g\. --replay .*replay\.json/)
    assert.equal(dirReplay.stdout, '', 'no game was played')
    const badBot = await runCli(['lostspace', 'ai', '--bot', 'nobody'])
    assert.equal(badBot.code, 2)
    assert.match(badBot.stderr, /unknown built-in player 'nobody'/)
  })
})


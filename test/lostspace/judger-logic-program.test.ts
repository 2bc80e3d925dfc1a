/**
 * `mindbridge lostspace logic` as a real Saiblo logic program over pipes; this
 * test plays the judger: init frame in, state-0 frame out, AI messages and an
 * error report in, frames out, … until the end frame.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeAiPayload, encodeFrame, FrameDecoder } from '../../src/lostspace/judger/framing.js'
import { LostSpaceClient, type Transport } from '../../src/lostspace/sdk/client.js'
import { createRandomPlayer } from '../../src/lostspace/bots/random.js'
import { createStrategistPlayer } from '../../src/lostspace/bots/strategist.js'
import { CLI, ROOT, tempDir } from '../fixtures/lostspace-ais/helpers.js'

interface OutFrame {
  target: number
  frame: Record<string, unknown>
}

test('lostspace logic: a whole game over real pipes, with an AI error report and junk input', { timeout: 120_000 }, async () => {
  const tmp = tempDir()
  const replay = join(tmp.dir, 'replay.json')
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'lostspace', 'logic', '--seed', '5', '--time-limit', '2', '--max-length', '900'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)))
  const toLogic = (obj: unknown) => child.stdin.write(encodeFrame(obj as object))

  // Three in-process players answer through the pipes; seat 3 "crashes" (reported as an error).
  const receivers: Array<(body: string) => void> = []
  const players = [createStrategistPlayer(), createRandomPlayer({ seed: 9 }), createStrategistPlayer()]
  players.forEach((player, p) => {
    const transport: Transport = {
      send: (body) => toLogic({ player: p, content: body, time: 5 }),
      onMessage: (cb) => (receivers[p] = cb),
      onClose: () => {},
    }
    new LostSpaceClient(player, transport)
  })

  const frames: OutFrame[] = []
  let replayExistedAtEnd = false
  const ended = new Promise<void>((resolve, reject) => {
    const decoder = new FrameDecoder({ withTarget: true })
    child.stdout.on('data', (chunk: Buffer) => {
      for (const f of decoder.push(chunk)) {
        const frame = JSON.parse(f.body) as Record<string, unknown>
        frames.push({ target: f.target!, frame })
        if (frame.state === -1) {
          replayExistedAtEnd = existsSync(replay)
          resolve()
          return
        }
        if (frame.state === 0) continue
        const player = frame.player as number[]
        const content = frame.content as string[]
        player.forEach((p, i) => {
          const body = decodeAiPayload(content[i]!)
          if (body === null) reject(new Error(`payload without a valid 4-digit header: ${content[i]}`))
          else if (p < 3) receivers[p]!(body)
        })
      }
    })
    child.once('close', () => reject(new Error(`logic exited before the end frame; stderr:\n${stderr}`)))
  })

  toLogic({ player_list: [1, 1, 1, 1], player_num: 4, config: {}, replay })
  child.stdin.write(encodeFrame('this is not JSON'))
  toLogic({ player: -1, content: JSON.stringify({ player: 3, state: 1, error: 0, error_log: 'segfault (test)' }) })
  await ended
  child.stdin.end()
  assert.equal(await exited, 0, stderr)

  assert.deepEqual(frames[0], { target: -1, frame: { state: 0, time: 2, length: 900 } })
  assert.ok(frames.every((f) => f.target === -1), 'LostSpace talks only to the judger')
  const end = frames[frames.length - 1]!.frame
  assert.equal(typeof end.end_info, 'string', 'end_info is a JSON string')
  const points = JSON.parse(end.end_info as string) as Record<string, number>
  assert.deepEqual(Object.keys(points), ['0', '1', '2', '3'])
  assert.deepEqual(Object.values(points).sort(), [1, 2, 3, 4])
  assert.equal(points['3'], 1, 'the seat reported as failed ranks last')
  // state increases through the game, and normal frames are well-formed
  let last = 0
  for (const { frame } of frames.slice(1, -1)) {
    assert.ok((frame.state as number) >= last)
    last = frame.state as number
    assert.equal((frame.player as unknown[]).length, (frame.content as unknown[]).length)
    assert.ok(Array.isArray(frame.listen))
  }
  assert.ok(replayExistedAtEnd, 'the replay is written before the end frame')
  const saved = JSON.parse(readFileSync(replay, 'utf8')) as unknown[]
  assert.deepEqual(saved[saved.length - 1], points)
  tmp.cleanup()
})

test('lostspace logic: exits cleanly when the judger closes the pipe early', { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'lostspace', 'logic'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] })
  const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)))
  child.stdin.write(encodeFrame({ player_list: [1, 1, 1, 1], player_num: 4, config: {}, replay: '' }))
  let out = Buffer.alloc(0)
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (c: Buffer) => {
      out = Buffer.concat([out, c])
      if (out.length > 8) resolve()
    }),
  )
  child.stdin.end()
  assert.equal(await exited, 0)
  const first = new FrameDecoder({ withTarget: true }).push(out)[0]!
  assert.deepEqual(JSON.parse(first.body), { state: 0, time: 3, length: 1024 })
})

// Ports and start-up faults through the real CLI (subprocesses): every port is checked before anything starts,
// and each error is one whole line naming the port, the flag and the fix.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { checkPorts } from '../../src/cli/ports.js'
import { UserError } from '../../src/cli/config.js'

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))
const TSX = import.meta.resolve('tsx')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function cli(args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MINDBRIDGE_')) env[k] = v
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, MAIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

/** stderr is exactly one line (the error, said once and whole). */
function oneLine(r: Run): string {
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '')
  assert.equal(lines.length, 1, `expected one line on stderr, got:\n${r.stderr}`)
  return lines[0]!
}

let busy: Server
let busyPort: number
before(async () => {
  busy = createServer()
  busyPort = await new Promise<number>((resolve) => busy.listen(0, '127.0.0.1', () => resolve((busy.address() as { port: number }).port)))
})
after(async () => {
  await new Promise<void>((r) => busy.close(() => r()))
})

describe('ports are checked before anything starts', () => {
  test('play --control --control-port <busy>: one line naming the port and the fixes, exit 2, no world, no token', async () => {
    const r = await cli(['play', '--control', '--control-port', String(busyPort)])
    assert.equal(r.code, 2, r.stdout + r.stderr)
    const line = oneLine(r)
    assert.match(line, new RegExp(`^mindbridge: port ${busyPort} on 127\\.0\\.0\\.1 \\(the control API, --control-port\\) is already in use`))
    assert.match(line, /--control-port 0 for any free one, or leave out --control$/)
    assert.equal(r.stdout, '', 'nothing started: no world line, no token')
  })

  test('play --mind remote --remote-port <busy>: exit 2 before the world starts or a token is printed', async () => {
    const r = await cli(['play', '--mind', 'remote', '--remote-port', String(busyPort)])
    assert.equal(r.code, 2, r.stdout + r.stderr)
    assert.match(oneLine(r), new RegExp(`port ${busyPort} on 127\\.0\\.0\\.1 \\(the remote mind WebSocket, --remote-port\\) is already in use`))
    assert.equal(r.stdout, '')
  })

  test('bot --control-port <busy>: exit 2 before it connects; the fix names --no-control', async () => {
    // --port 1: nothing listens there, and the bot must not even try (no "connecting" line)
    const r = await cli(['bot', '--port', '1', '--control-port', String(busyPort), '--task', 'goto 1 64 1'])
    assert.equal(r.code, 2, r.stdout + r.stderr)
    assert.match(oneLine(r), /\(the control API, --control-port\) is already in use.*turn the control API off with --no-control$/)
    assert.equal(r.stdout, '')
  })

  test('world --port <busy>: exit 2 with the port named, nothing printed on stdout', async () => {
    const r = await cli(['world', '--port', String(busyPort)])
    assert.equal(r.code, 2, r.stdout + r.stderr)
    assert.match(oneLine(r), new RegExp(`port ${busyPort} on 127\\.0\\.0\\.1 \\(the Minecraft world, --port\\) is already in use`))
    assert.equal(r.stdout, '')
  })

  test('world --host 999.1.1.1: the address is named with the fix, not a bare getaddrinfo error', async () => {
    const r = await cli(['world', '--host', '999.1.1.1', '--port', '0'])
    assert.equal(r.code, 2, r.stdout + r.stderr)
    assert.match(oneLine(r), /cannot listen on 999\.1\.1\.1:0 \(the Minecraft world, --host\): the address "999\.1\.1\.1" does not resolve — use an address of this machine/)
  })

  test('bot --port 0 is a usage error (exit 2) naming the flag, with no internal function name', async () => {
    const r = await cli(['bot', '--port', '0', '--no-control'])
    assert.equal(r.code, 2, r.stdout + r.stderr)
    const line = oneLine(r)
    assert.match(line, /--port/)
    assert.match(line, /1–65535/)
    assert.doesNotMatch(line, /createBody/)
  })

  test('--task "" is a usage error (exit 2) for play and bot', async () => {
    for (const args of [['play', '--task', ''], ['bot', '--port', '1', '--no-control', '--task', '  ']]) {
      const r = await cli(args)
      assert.equal(r.code, 2, r.stdout + r.stderr)
      assert.match(oneLine(r), /--task must not be empty/)
      assert.equal(r.stdout, '')
    }
  })
})

describe('checkPorts', () => {
  test('two features on one port is caught before either listens', async () => {
    await assert.rejects(
      checkPorts([
        { what: 'the control API', host: '127.0.0.1', port: 47001, flag: '--control-port' },
        { what: 'the remote mind WebSocket', host: '127.0.0.1', port: 47001, flag: '--remote-port' },
      ]),
      (e: unknown) => e instanceof UserError && e.exitCode === 2 && /both want port 47001/.test(e.message),
    )
  })

  test('a free port passes and stays free (the check does not hold it)', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer()
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port
        s.close(() => resolve(p))
      })
    })
    await checkPorts([{ what: 'the control API', host: '127.0.0.1', port, flag: '--control-port' }])
    const again = createServer()
    await new Promise<void>((resolve, reject) => {
      again.once('error', reject)
      again.listen(port, '127.0.0.1', () => resolve())
    })
    await new Promise<void>((r) => again.close(() => r()))
  })
})

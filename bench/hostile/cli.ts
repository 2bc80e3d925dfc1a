/**
 * The CLI against bad flags: `node dist/cli/main.js` as a subprocess. A refusal is a non-zero
 * exit with a message on stderr; a stack trace, a signal or a process that does not exit is a crash.
 * Flags that would start a game are paired with `--print-config` so that a missed check shows
 * as an accepted input, not as a server left running.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Outcome, Tally } from './tally.js'

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))
/** The sources through tsx, for the test slice (dist/ may be older than the sources there). */
const SOURCE_MAIN = ['--import', 'tsx', fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))]

export const BAD_FLAGS: string[][] = [
  ['no-such-command'],
  ['--no-such-flag'],
  ['world', '--port', 'abc', '--print-config'],
  ['world', '--port', '99999999', '--print-config'],
  ['world', '--port', '-1', '--print-config'],
  ['play', '--mind', 'telepathy', '--print-config'],
  ['--set', 'world.port', '--print-config'],
  ['--set', 'nope.nope=1', '--print-config'],
  ['--set', 'world.port=\u001b[2J\u001b]0;pwned\u0007', '--print-config'],
  ['--set', `world.port=${'9'.repeat(100_000)}`, '--print-config'],
  ['--config', '/nonexistent/mindbridge.yaml', '--print-config'],
  ['--config', '/etc/passwd', '--print-config'],
  ['--config', '/dev/zero', '--print-config'],
  ['--llm-base-url', 'not a url\u001b[31m', '--print-config'],
  ['lostspace', 'web', '--port', 'x'],
  ['lostspace', 'play', '--seats', 'builtin:nope,builtin:nope'],
  ['maicore', '--url', 'ftp://\u0001', '--print-config'],
  ['brain', '--file', '\u0001\u001b[2J', '--print-config'],
]

function runCli(args: string[], fromSource: boolean, timeoutMs = 60_000): Promise<{ code: number | null; signal: string | null; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...(fromSource ? SOURCE_MAIN : [MAIN]), ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, MINDBRIDGE_CONFIG: '' } })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-100_000)))
    let timedOut = false
    const t = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.on('close', (code, signal) => {
      clearTimeout(t)
      resolve({ code, signal, stderr, timedOut })
    })
  })
}

export async function attackCli(tally: Tally, _scale = 1, flags = BAD_FLAGS, fromSource = false): Promise<void> {
  await tally.surface(`CLI flags (${fromSource ? 'src/cli/main.ts' : 'node dist/cli/main.js'})`, async (record) => {
    for (const args of flags) {
      const label = args.join(' ').slice(0, 60)
      const r = await runCli(args, fromSource)
      let o: Outcome
      if (r.timedOut) o = { kind: 'crash', detail: 'did not exit within 60 s' }
      else if (r.signal) o = { kind: 'crash', detail: `ended by ${r.signal}` }
      else if (/\n\s+at .+:\d+:\d+\)?\n/.test(r.stderr)) o = { kind: 'crash', detail: `printed a stack trace: ${r.stderr.slice(0, 200)}` }
      else if (r.code === 0) o = { kind: 'accepted' }
      else o = { kind: 'refused', reason: r.stderr.trim() }
      record(label, o)
    }
  })
}

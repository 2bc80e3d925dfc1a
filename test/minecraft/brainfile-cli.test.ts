/** `mindbridge brain` as a real subprocess: a broken file stops it untouched; a run on the embedded world, ended by Ctrl-C, saves the file. */
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { until } from './body-support.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'brainfile-cli-'))
after(() => rmSync(dir, { recursive: true, force: true }))

function cli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (d: Buffer) => (out += d))
  child.stderr.on('data', (d: Buffer) => (err += d))
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) => child.on('close', (code) => resolve({ code, out, err })))
  return { child, done, output: () => out }
}

describe('mindbridge brain (subprocess)', { timeout: 180_000 }, () => {
  test('a broken file: exit 2, the JSON error position, the file left as it was', async () => {
    const path = join(dir, 'broken.json')
    const text = '{\n  "tasks": [,]\n}\n'
    writeFileSync(path, text)
    const r = await cli(['brain', '--file', path, '--mind', 'none']).done
    assert.equal(r.code, 2)
    assert.match(r.err, /not valid JSON at line 2, column 13/)
    assert.match(r.err, /--reset/)
    assert.equal(readFileSync(path, 'utf8'), text)
    const bad = await cli(['brain', '--file', path, '--mind', 'psychic']).done
    assert.equal(bad.code, 2)
    assert.match(bad.err, /--mind must be builtin, llm or none/)
  })

  test('a run on the embedded world: the file is created, a task written into it runs, Ctrl-C saves and exits 0', async () => {
    const path = join(dir, 'run.json')
    const run = cli(['brain', '--file', path, '--mind', 'none', '--seed', '7'])
    try {
      await until(() => /brain running/.test(run.output()), 60_000, 'brain running')
      const b = JSON.parse(readFileSync(path, 'utf8')) as { tasks: unknown[] }
      b.tasks.push({ type: 'CHAT', parameters: { message: 'hi from a test' } })
      writeFileSync(`${path}.tmp`, JSON.stringify(b))
      const { renameSync } = await import('node:fs')
      renameSync(`${path}.tmp`, path)
      await until(() => /task #1 completed: said: hi from a test/.test(run.output()), 30_000, 'task completed')
    } finally {
      run.child.kill('SIGINT')
    }
    const r = await run.done
    assert.equal(r.code, 0, r.err)
    assert.match(r.out, /brain saved to/)
    const disk = JSON.parse(readFileSync(path, 'utf8')) as { tasks: Array<{ status: string; result?: string }>; vision: { chat: Array<{ message: string; self?: boolean }> } }
    assert.deepEqual(disk.tasks.map((t) => [t.status, t.result]), [['completed', 'said: hi from a test']])
    assert.ok(disk.vision.chat.some((l) => l.self && l.message === 'hi from a test'))
  })
})

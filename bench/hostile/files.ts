/**
 * The brain file and the config file against hostile files: broken, huge, binary, a link to a
 * secret, a FIFO, YAML alias bombs. A refusal must name the problem without quoting a secret.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BrainStore, loadBrainFile } from '../../src/minecraft/links/brainfile/store.js'
import { ConfigError, loadConfigDetailed } from '../../src/cli/config.js'
import { hostileTexts, randomBytes } from './inputs.js'
import { prototypesClean, type Tally } from './tally.js'

const SECRET = 'SECRET-MARK-7f3a'

export async function attackBrainFile(tally: Tally, scale = 1): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hostile-brain-'))
  try {
    await tally.surface('brain file (load and live edits)', async (record) => {
      const files: Array<[string, string | Buffer]> = [
        ...hostileTexts(scale).map((h): [string, string] => [h.label, h.text]),
        ['9 MiB of valid JSON', JSON.stringify({ memory: { pad: 'x'.repeat(9 * 1024 * 1024) } })],
        ['binary', randomBytes(100_000, 3)],
        ['a secret, not JSON', `${SECRET} ssh-ed25519 AAAA\n`],
      ]
      let i = 0
      for (const [label, content] of files) {
        const path = join(dir, `b${i++}.json`)
        writeFileSync(path, content)
        const r = await loadBrainFile(path)
        if (!r.ok && r.error.includes(SECRET)) record(label, { kind: 'escape', detail: 'the error quotes the file' })
        else record(label, r.ok ? { kind: 'accepted' } : { kind: 'refused', reason: r.error })
      }
      const secret = join(dir, 'id_key')
      writeFileSync(secret, `${SECRET}\n`)
      symlinkSync(secret, join(dir, 'link.json'))
      const viaLink = await loadBrainFile(join(dir, 'link.json'))
      record('a link to a secret', !viaLink.ok && viaLink.error.includes(SECRET) ? { kind: 'escape', detail: 'the error quotes the target' } : viaLink.ok ? { kind: 'accepted' } : { kind: 'refused', reason: viaLink.error })
      if (process.platform !== 'win32') {
        execFileSync('mkfifo', [join(dir, 'fifo.json')])
        const fifo = await loadBrainFile(join(dir, 'fifo.json'))
        record('a FIFO', fifo.ok ? { kind: 'crash', detail: 'a FIFO was read as a brain' } : { kind: 'refused', reason: fifo.error })
      }
      // mid-run: each hostile text written over a live file; the store reports and never writes over it
      const live = join(dir, 'live.json')
      const opened = await BrainStore.open(live)
      if (!opened.ok) throw new Error(opened.error)
      const store = opened.store
      let lastError = ''
      store.on('file.error', (m: string) => (lastError = m))
      for (const [label, content] of files.slice(0, 12)) {
        writeFileSync(live, content)
        await store.sync()
        await store.sync()
        record(`live: ${label}`, store.broken ? { kind: 'refused', reason: lastError } : { kind: 'accepted' })
      }
      await store.close()
      const polluted = prototypesClean()
      if (polluted) record('prototypes after the brain file', { kind: 'escape', detail: polluted })
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function attackConfig(tally: Tally): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hostile-config-'))
  try {
    await tally.surface('config (file, environment, --set)', async (record) => {
      const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`)].join('\n')
      const files: Array<[string, string, string]> = [
        ['YAML alias bomb', 'c.yaml', bomb],
        ['unknown key', 'c.yaml', 'world:\n  portt: 1\n'],
        ['wrong type', 'c.yaml', 'world:\n  port: "\u001b[31mred"\n'],
        ['out of range', 'c.json', '{"world": {"port": 99999999}}'],
        ['__proto__ key', 'c.json', '{"__proto__": {"polluted": "yes"}, "world": {"port": 25565}}'],
        ['broken JSON', 'c.json', '{"world": '],
        ['broken YAML', 'c.yaml', 'world: [\n'],
        ['binary', 'c.yaml', randomBytes(4096, 5).toString('latin1')],
        ['deep YAML', 'c.yaml', '['.repeat(50_000)],
        ['empty', 'c.yaml', ''],
        ['a list', 'c.yaml', '- 1\n- 2\n'],
      ]
      let i = 0
      for (const [label, name, content] of files) {
        const path = join(dir, `${i++}-${name}`)
        writeFileSync(path, content)
        try {
          loadConfigDetailed({ configPath: path, env: {}, cwd: dir })
          record(label, { kind: 'accepted' })
        } catch (err) {
          record(label, err instanceof ConfigError ? { kind: 'refused', reason: err.message } : { kind: 'crash', detail: `${(err as Error)?.name}: ${String((err as Error)?.message).slice(0, 200)}` })
        }
      }
      const envs: Array<[string, Record<string, string>]> = [
        ['env: port is text', { MINDBRIDGE_WORLD_PORT: 'abc' }],
        ['env: escape codes', { MINDBRIDGE_WORLD_PORT: '\u001b[2J1' }],
        ['env: huge value', { MINDBRIDGE_WORLD_PORT: '9'.repeat(100_000) }],
        ['env: config file missing', { MINDBRIDGE_CONFIG: join(dir, 'nope.yaml') }],
      ]
      for (const [label, env] of envs) {
        try {
          loadConfigDetailed({ env, cwd: dir })
          record(label, { kind: 'accepted' })
        } catch (err) {
          record(label, err instanceof ConfigError ? { kind: 'refused', reason: err.message } : { kind: 'crash', detail: String(err) })
        }
      }
      for (const set of ['world.port', '=1', 'nope.nope=1', 'world.port=\u001b[31m', `world.port=${'1'.repeat(10_000)}`, '__proto__.polluted=1']) {
        try {
          loadConfigDetailed({ env: {}, cwd: dir, sets: [set] })
          record(`--set ${set.slice(0, 20)}`, { kind: 'accepted' })
        } catch (err) {
          record(`--set ${set.slice(0, 20)}`, err instanceof ConfigError ? { kind: 'refused', reason: err.message } : { kind: 'crash', detail: String(err) })
        }
      }
      const polluted = prototypesClean()
      if (polluted) record('prototypes after the config', { kind: 'escape', detail: polluted })
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * brain.json against hostile or unlucky files: a broken file is read again only when it
 * changes, a huge file is refused unread, a FIFO is refused, the temp file reaches the disk
 * before the rename, and a symbolic link is written through (kept) and never quoted when its
 * target is not JSON. Real files, links and FIFOs in a temp folder.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, promises as fsp } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BrainStore, loadBrainFile } from '../../src/minecraft/links/brainfile/index.js'
import { MAX_BRAIN_BYTES } from '../../src/minecraft/links/brainfile/store.js'
import { createBrainFile, type BrainFile } from '../../src/protocols/brainfile.js'

let dir: string
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'brainfile-hostile-'))
})
after(() => rmSync(dir, { recursive: true, force: true }))

async function openStore(path: string): Promise<BrainStore> {
  const r = await BrainStore.open(path)
  assert.ok(r.ok, r.ok ? '' : r.error)
  return r.store
}

describe('brain file: hostile and unlucky files', () => {
  test('a broken file is read once per change, not on every poll', async () => {
    const path = join(dir, 'polled.json')
    const store = await openStore(path)
    const errors: string[] = []
    store.on('file.error', (m: string) => errors.push(m))
    writeFileSync(path, '{"rules": ')
    for (let i = 0; i < 10; i++) await store.sync()
    assert.equal(store.reads, 1, 'the unchanged broken file was read again')
    assert.equal(errors.length, 1, 'reported once it persisted')
    assert.equal(store.broken, errors[0])
    writeFileSync(path, '{"rules": {"x"')
    for (let i = 0; i < 10; i++) await store.sync()
    assert.equal(store.reads, 2, 'a change is read')
    const fixed = createBrainFile()
    fixed.memory.back = true
    writeFileSync(path, JSON.stringify(fixed))
    await store.sync()
    assert.equal(store.broken, null)
    assert.equal(store.brain.memory.back, true)
    await store.close()
  })

  test('a file larger than 8 MiB is refused unread with a clear error, at start and mid-run', async () => {
    const path = join(dir, 'huge.json')
    // valid JSON: it is refused for its size, not its syntax
    writeFileSync(path, JSON.stringify({ ...createBrainFile(), memory: { pad: 'x'.repeat(MAX_BRAIN_BYTES) } }))
    const r = await loadBrainFile(path)
    assert.ok(!r.ok)
    assert.match(r.error, /huge\.json is \d+ bytes, more than a brain file may be \(8 MiB\); it was not read/)
    const live = join(dir, 'grows.json')
    const store = await openStore(live)
    const errors: string[] = []
    store.on('file.error', (m: string) => errors.push(m))
    writeFileSync(live, readFileSync(path))
    store.brain.memory.mine = 1
    assert.equal(await store.save(), false, 'never written over')
    assert.equal(errors.length, 1)
    assert.match(errors[0]!, /more than a brain file may be \(8 MiB\)/)
    await store.close()
    // --reset keeps the huge file aside and starts again
    const reset = await loadBrainFile(path, { reset: true })
    assert.ok(reset.ok && reset.created && reset.backup)
  })

  test('a FIFO is refused, not read forever', { skip: process.platform === 'win32' ? 'no FIFOs on Windows' : false }, async () => {
    const path = join(dir, 'fifo.json')
    execFileSync('mkfifo', [path])
    const r = await loadBrainFile(path)
    assert.ok(!r.ok)
    assert.match(r.error, /fifo\.json is not a regular file/)
    const reset = await loadBrainFile(path, { reset: true })
    assert.ok(!reset.ok, '--reset does not replace what is not a file')
  })

  test('the temp file is flushed to disk before the rename', async () => {
    const sub = mkdtempSync(join(dir, 'fsync-'))
    const store = await openStore(join(sub, 'brain.json'))
    const events: string[] = []
    const probe = await fsp.open(join(sub, 'probe'), 'w')
    const proto = Object.getPrototypeOf(probe) as { sync: () => Promise<void> }
    await probe.close()
    const realSync = proto.sync
    const realRename = fsp.rename
    proto.sync = function (this: unknown) {
      events.push('sync')
      return realSync.call(this)
    }
    fsp.rename = (async (from: string, to: string) => {
      events.push(`rename ${from.endsWith('.tmp') ? 'tmp' : from}`)
      return realRename(from, to)
    }) as typeof fsp.rename
    try {
      store.brain.memory.flushed = true
      assert.equal(await store.save(), true)
    } finally {
      proto.sync = realSync
      fsp.rename = realRename
    }
    assert.deepEqual(events.slice(0, 2), ['sync', 'rename tmp'])
    await store.close()
  })

  test('brain.json as a symbolic link: saves write through to the target and keep the link', async () => {
    const sub = mkdtempSync(join(dir, 'link-'))
    mkdirSync(join(sub, 'data'))
    const target = join(sub, 'data', 'real-brain.json')
    writeFileSync(target, JSON.stringify(createBrainFile()))
    const link = join(sub, 'brain.json')
    symlinkSync('data/real-brain.json', link)
    const store = await openStore(link)
    store.brain.memory.kept = 'through the link'
    assert.equal(await store.save(), true)
    assert.ok(lstatSync(link).isSymbolicLink(), 'the link is still a link')
    assert.equal((JSON.parse(readFileSync(target, 'utf8')) as BrainFile).memory.kept, 'through the link')
    assert.deepEqual(readdirSync(join(sub, 'data')), ['real-brain.json'], 'no temp file left next to the target')
    // an edit made to the target is seen through the link
    const edited = JSON.parse(readFileSync(target, 'utf8')) as BrainFile
    edited.memory.editor = 1
    writeFileSync(target, JSON.stringify(edited))
    await store.sync()
    assert.equal(store.brain.memory.editor, 1)
    await store.close()
  })

  test('a dangling link: the new brain is created at the target, the link kept', async () => {
    const sub = mkdtempSync(join(dir, 'dangling-'))
    const link = join(sub, 'brain.json')
    symlinkSync('later.json', link)
    const r = await loadBrainFile(link)
    assert.ok(r.ok && r.created)
    assert.ok(lstatSync(link).isSymbolicLink())
    assert.ok(existsSync(join(sub, 'later.json')))
  })

  test('a link to a file that is not JSON: the error says where, never what the file holds', async () => {
    const sub = mkdtempSync(join(dir, 'secret-'))
    const secret = join(sub, 'id_key')
    writeFileSync(secret, 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAISECRET-PART user@host\n')
    const link = join(sub, 'brain.json')
    symlinkSync(secret, link)
    const r = await loadBrainFile(link)
    assert.ok(!r.ok)
    assert.match(r.error, /not valid JSON at line 1, column 1: unexpected character/)
    assert.doesNotMatch(r.error, /ssh|AAAA|SECRET|user@host/)
    assert.equal(readFileSync(secret, 'utf8').startsWith('ssh-ed25519'), true, 'left as it is')
  })
})

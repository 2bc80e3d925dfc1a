/**
 * brain.json on disk: load either form (the seed's or the real plugin's), write the
 * seed's form atomically (temp file + rename in the same folder, so a reader never sees
 * half a file), and notice edits made by people or other programs and merge them.
 *
 * Merge rule (docs/brainfile.md): the bot owns `vision` and each task's `status`,
 * `result`, `error`, `started_at`, `finished_at`; the editor owns everything else.
 * Memory merges key by key and tasks by id against the last version both sides agreed
 * on (`base`): what the editor changed since then wins, everything else keeps the bot's
 * current value.
 */
import { EventEmitter } from 'node:events'
import { randomBytes } from 'node:crypto'
import { constants, promises as fsp } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { createBrainFile, normalizeBrainFile, serializeBrainFile, type BrainFile, type StoredTask } from '../../../protocols/brainfile.js'

export type LoadResult =
  | { ok: true; brain: BrainFile; text: string; created: boolean; backup?: string }
  | { ok: false; error: string }

/** True when `prefix` fails to parse only because it ends too early. */
function endsEarly(prefix: string): boolean {
  try {
    JSON.parse(prefix)
    return true
  } catch (err) {
    const msg = (err as Error).message
    if (/end of JSON input/.test(msg)) return true
    const m = /position (\d+)/.exec(msg)
    return !!m && Number(m[1]) >= prefix.trimEnd().length
  }
}

/** Where JSON.parse failed, as `line L, column C` (V8 does not always say the position: then it is searched for). */
export function jsonErrorWhere(text: string, message: string): string {
  const m = /position (\d+)/.exec(message)
  let pos = m ? Number(m[1]) : -1
  if (pos < 0) {
    // the shortest prefix with a real syntax error ends just after it
    let lo = 0
    let hi = text.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (endsEarly(text.slice(0, mid + 1))) lo = mid + 1
      else hi = mid
    }
    pos = lo
  }
  const before = text.slice(0, pos)
  const line = before.split('\n').length
  const column = pos - before.lastIndexOf('\n')
  return `line ${line}, column ${column}`
}

/**
 * File text → canonical brain, or an error naming the place (JSON) or the field (schema).
 * The JSON error says where, never what is there: V8's own message quotes the text, and
 * brain.json may be a link to a file that is not ours to show (a key, a password file).
 */
export function parseBrainText(text: string, label = 'brain file'): { ok: true; brain: BrainFile } | { ok: false; error: string } {
  let raw: unknown
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err)
    const what = /end of JSON input/.test(msg) ? 'the text ends too early' : 'unexpected character'
    return { ok: false, error: `${label} is not valid JSON at ${jsonErrorWhere(text, msg)}: ${what}` }
  }
  const r = normalizeBrainFile(raw)
  if (!r.ok) return { ok: false, error: `${label} does not match the brain file format:\n${r.error}` }
  return { ok: true, brain: r.value }
}

/** The largest brain file read: a brain is a few kB; a bigger file is a mistake or an attack, not a brain. */
export const MAX_BRAIN_BYTES = 8 * 1024 * 1024

type ReadResult = { ok: true; text: string; stamp: FileStamp } | { ok: false; why: 'missing' | 'too-large' | 'not-a-file' | 'unreadable'; error: string }

/**
 * Reads `path` (following links) if it is a regular file of at most MAX_BRAIN_BYTES; never more
 * than that many bytes, even when the file grows while it is read. A FIFO or a device (which
 * could be read forever) is refused.
 */
export async function readBrainBytes(path: string): Promise<ReadResult> {
  let fh: fsp.FileHandle
  try {
    // non-blocking: opening a FIFO to read would otherwise wait for a writer (forever)
    fh = await fsp.open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return { ok: false, why: code === 'ENOENT' ? 'missing' : 'unreadable', error: `cannot read ${path}: ${(err as Error).message}` }
  }
  try {
    const st = await fh.stat()
    if (!st.isFile()) return { ok: false, why: 'not-a-file', error: `${path} is not a regular file (a brain file must be one)` }
    if (st.size > MAX_BRAIN_BYTES) return { ok: false, why: 'too-large', error: tooLarge(path, st.size) }
    const buf = Buffer.alloc(MAX_BRAIN_BYTES + 1)
    let n = 0
    for (;;) {
      const { bytesRead } = await fh.read(buf, n, buf.length - n, n)
      if (bytesRead === 0) break
      n += bytesRead
      if (n > MAX_BRAIN_BYTES) return { ok: false, why: 'too-large', error: tooLarge(path, n) }
    }
    return { ok: true, text: buf.subarray(0, n).toString('utf8'), stamp: stampOf(st) }
  } finally {
    await fh.close()
  }
}

const tooLarge = (path: string, bytes: number) =>
  `${path} is ${bytes > MAX_BRAIN_BYTES * 2 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${bytes} bytes`}, more than a brain file may be (${MAX_BRAIN_BYTES / 1024 / 1024} MiB); it was not read`

/**
 * Where a write of `path` lands: `path` itself, or, when it is a symbolic link, the file the
 * link points to (followed link by link, also when the target does not exist yet), so that a
 * save keeps the link.
 */
export async function writeTargetOf(path: string): Promise<string> {
  let p = path
  for (let hops = 0; hops < 40; hops++) {
    let st
    try {
      st = await fsp.lstat(p)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return p
      throw err
    }
    if (!st.isSymbolicLink()) return p
    p = resolve(dirname(p), await fsp.readlink(p))
  }
  throw new Error(`${path}: too many levels of symbolic links`)
}

/**
 * Writes `text` to a temp file next to the file `path` names (through links), flushes it to
 * disk, then renames it over that file: after a crash the file is the old one or the new one,
 * never empty or half written.
 */
export async function writeAtomic(path: string, text: string): Promise<void> {
  const target = await writeTargetOf(path)
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    const fh = await fsp.open(tmp, 'w')
    try {
      await fh.writeFile(text, 'utf8')
      await fh.sync()
    } finally {
      await fh.close()
    }
    await fsp.rename(tmp, target)
  } catch (err) {
    await fsp.rm(tmp, { force: true }).catch(() => undefined)
    throw err
  }
  // the rename itself reaches the disk with the folder (best effort: not every platform can open one)
  const folder = await fsp.open(dirname(target), 'r').catch(() => undefined)
  await folder?.sync().catch(() => undefined)
  await folder?.close()
}

const TASK_KEY_ORDER = ['id', 'type', 'parameters', 'reason', 'status', 'result', 'error', 'created_at', 'started_at', 'finished_at']

/** Tasks with their keys in a stable, readable order (editors may write them in any order). */
function orderedTask(t: StoredTask): StoredTask {
  const out: Record<string, unknown> = {}
  for (const k of TASK_KEY_ORDER) if ((t as Record<string, unknown>)[k] !== undefined) out[k] = (t as Record<string, unknown>)[k]
  for (const [k, v] of Object.entries(t)) if (!(k in out) && v !== undefined) out[k] = v
  return out as StoredTask
}

/** The file's text: the seed's form, pretty-printed. */
export function brainText(brain: BrainFile): string {
  return serializeBrainFile({ ...brain, tasks: brain.tasks.map(orderedTask) }) + '\n'
}

/**
 * Loads `path`; a missing file is created from the seed's template. A broken file is
 * never overwritten, except with `reset`, which first keeps a copy next to it.
 */
export async function loadBrainFile(path: string, opts: { reset?: boolean } = {}): Promise<LoadResult> {
  const read = await readBrainBytes(path)
  const resettable = read.ok || read.why === 'missing' || read.why === 'too-large'
  if (!read.ok && read.why !== 'missing' && !(opts.reset && resettable)) {
    return { ok: false, error: `${read.error}\nThe file was left as it is${resettable ? ': fix it, or start with --reset to begin a new brain (a copy of the old file is kept).' : '.'}` }
  }
  let text: string | undefined = read.ok ? read.text : undefined
  if (text === undefined || opts.reset) {
    let backup: string | undefined
    if (!read.ok && read.why === 'too-large') {
      // --reset over a file we would not read: keep it aside, whole
      backup = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}.bak`
      await fsp.copyFile(path, backup)
      text = undefined
    }
    if (text !== undefined) {
      backup = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}.bak`
      await fsp.copyFile(path, backup)
    }
    const brain = createBrainFile()
    const fresh = brainText(brain)
    try {
      await writeAtomic(path, fresh)
    } catch (err) {
      return { ok: false, error: `cannot create ${path}: ${(err as Error).message}` }
    }
    return { ok: true, brain, text: fresh, created: true, ...(backup ? { backup } : {}) }
  }
  const r = parseBrainText(text, path)
  if (!r.ok) return { ok: false, error: `${r.error}\nThe file was left as it is: fix it, or start with --reset to begin a new brain (a copy of the old file is kept).` }
  return { ok: true, brain: r.brain, text, created: false }
}

// ---------------------------------------------------------------- merge

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const key = (id: StoredTask['id']) => (id === undefined ? undefined : String(id))
const EDITOR_TASK_FIELDS = ['type', 'parameters', 'reason'] as const

export interface MergeReport {
  tasksAdded: StoredTask[]
  /** Tasks the editor removed (the link cancels one that is running). */
  tasksRemoved: StoredTask[]
  tasksChanged: StoredTask[]
  memorySet: string[]
  memoryDeleted: string[]
  rulesChanged: boolean
}

function nextId(tasks: Iterable<StoredTask>): number {
  let max = 0
  for (const t of tasks) if (typeof t.id === 'number' && t.id > max) max = t.id
  return max + 1
}

/** Three-way merge of an edit (`theirs`) into the bot's brain (`ours`) against `base`. */
export function mergeEdit(base: BrainFile, ours: BrainFile, theirs: BrainFile): { brain: BrainFile; report: MergeReport } {
  const report: MergeReport = { tasksAdded: [], tasksRemoved: [], tasksChanged: [], memorySet: [], memoryDeleted: [], rulesChanged: !same(base.rules, theirs.rules) }

  const memory: Record<string, unknown> = { ...ours.memory }
  const keys = new Set([...Object.keys(base.memory), ...Object.keys(theirs.memory)])
  for (const k of keys) {
    const inBase = Object.hasOwn(base.memory, k)
    const inTheirs = Object.hasOwn(theirs.memory, k)
    if (inBase && !inTheirs) {
      if (Object.hasOwn(memory, k)) {
        delete memory[k]
        report.memoryDeleted.push(k)
      }
    } else if (inTheirs && (!inBase || !same(base.memory[k], theirs.memory[k]))) {
      memory[k] = theirs.memory[k]
      report.memorySet.push(k)
    }
  }

  const baseById = new Map(base.tasks.map((t) => [key(t.id), t]))
  const oursById = new Map(ours.tasks.map((t) => [key(t.id), t]))
  const theirIds = new Set(theirs.tasks.map((t) => key(t.id)))
  const tasks: StoredTask[] = []
  const fresh: StoredTask[] = []
  for (const t of theirs.tasks) {
    const k = key(t.id)
    const b = k === undefined ? undefined : baseById.get(k)
    const o = k === undefined ? undefined : oursById.get(k)
    if (b && o) {
      const merged: StoredTask = { ...o }
      let changed = false
      for (const f of EDITOR_TASK_FIELDS) {
        if (!same(b[f], t[f])) {
          ;(merged as Record<string, unknown>)[f] = t[f]
          changed = true
        }
      }
      tasks.push(merged)
      if (changed) report.tasksChanged.push(merged)
    } else if (b && !o) {
      // the bot pruned it since: stays pruned
    } else if (!b && o) {
      // the editor reused an id the bot gave to a task of its own meanwhile: both are kept
      if (!same(o, t)) fresh.push({ ...t, id: undefined })
    } else fresh.push({ ...t })
  }
  for (const o of ours.tasks) {
    const k = key(o.id)
    if (k !== undefined && baseById.has(k)) {
      if (!theirIds.has(k)) report.tasksRemoved.push(o)
      continue
    }
    tasks.push(o) // added by the bot (or its mind) since base
  }
  let id = nextId([...tasks, ...fresh, ...ours.tasks])
  for (const t of fresh) {
    const taken = t.id === undefined || tasks.some((x) => key(x.id) === key(t.id))
    const task: StoredTask = { ...t, id: taken ? id++ : t.id! }
    tasks.push(task)
    report.tasksAdded.push(task)
  }
  return { brain: { rules: theirs.rules, vision: ours.vision, memory, tasks }, report }
}

// ---------------------------------------------------------------- the live file

interface FileStamp {
  ino: number
  size: number
  mtimeMs: number
}

const stampOf = (s: { ino: number; size: number; mtimeMs: number }): FileStamp => ({ ino: s.ino, size: s.size, mtimeMs: s.mtimeMs })
const sameStamp = (a: FileStamp | undefined, b: FileStamp) => !!a && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs

/**
 * The live brain file. `brain` is the bot's truth in memory; `save()` writes it (after
 * merging any edit found on disk); `watch()` polls the file and merges edits as they come.
 * Events: 'edit' (MergeReport), 'file.error' (message), 'file.ok', 'write.error' (message).
 * Operations run one at a time.
 */
export class BrainStore extends EventEmitter {
  brain: BrainFile
  private base: BrainFile
  private lastText: string
  private stamp: FileStamp | undefined
  private chain: Promise<unknown> = Promise.resolve()
  private timer: NodeJS.Timeout | undefined
  /** The error of the file on disk when it does not parse (no writes until it is fixed). */
  broken: string | null = null
  private suspect: string | null = null
  /** The stamp of the file on disk when it last failed to read or parse: not read again until it changes. */
  private failedStamp: FileStamp | undefined
  writes = 0
  /** Times the file was read (a broken file is read once per change, not once per poll). */
  reads = 0

  constructor(
    readonly path: string,
    brain: BrainFile,
    text: string,
  ) {
    super()
    this.on('error', () => undefined)
    this.brain = structuredClone(brain)
    this.base = structuredClone(brain)
    this.lastText = text
  }

  static async open(path: string, opts: { reset?: boolean } = {}): Promise<{ ok: true; store: BrainStore; created: boolean; backup?: string } | { ok: false; error: string }> {
    const r = await loadBrainFile(path, opts)
    if (!r.ok) return r
    const store = new BrainStore(path, r.brain, r.text)
    await store.refreshStamp()
    return { ok: true, store, created: r.created, ...(r.backup ? { backup: r.backup } : {}) }
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.chain.then(fn, fn)
    this.chain = p.catch(() => undefined)
    return p
  }

  private async refreshStamp(): Promise<void> {
    try {
      this.stamp = stampOf(await fsp.stat(this.path))
    } catch {
      this.stamp = undefined
    }
  }

  /** Reads the file if it changed since we last saw it and merges an edit. */
  sync(): Promise<void> {
    return this.serial(() => this.syncNow())
  }

  private async syncNow(): Promise<void> {
    let st: FileStamp
    try {
      st = stampOf(await fsp.stat(this.path))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        // deleted by someone: the next save writes it again
        this.stamp = undefined
        this.lastText = ''
        return
      }
      throw err
    }
    if (sameStamp(this.stamp, st)) return
    if (sameStamp(this.failedStamp, st)) {
      // unchanged since it failed: the same error still holds (a half-written file would have changed)
      if (this.suspect) this.markBroken(this.suspect)
      return
    }
    this.reads++
    const read = await readBrainBytes(this.path)
    if (!read.ok) {
      if (read.why === 'missing') return
      this.failedStamp = st
      this.markBroken(read.error)
      return
    }
    const text = read.text
    if (text === this.lastText) {
      this.stamp = st
      return
    }
    const r = parseBrainText(text, this.path)
    if (!r.ok) {
      this.failedStamp = read.stamp
      // a writer that overwrites in place may be caught half-way: report when it persists
      if (this.suspect === r.error || this.broken) this.markBroken(r.error)
      else this.suspect = r.error
      return
    }
    this.failedStamp = undefined
    this.suspect = null
    if (this.broken) {
      this.broken = null
      this.emit('file.ok')
    }
    const { brain, report } = mergeEdit(this.base, this.brain, r.brain)
    this.brain = brain
    this.base = structuredClone(r.brain)
    this.lastText = text
    this.stamp = st
    this.emit('edit', report)
  }

  private markBroken(error: string): void {
    this.suspect = null
    if (this.broken === error) return
    this.broken = error
    this.emit('file.error', error)
  }

  /** Merges any edit on disk, then writes the brain if it changed. Never writes over a broken file. */
  save(): Promise<boolean> {
    return this.serial(async () => {
      await this.syncNow()
      if (this.broken || this.suspect) return false
      const text = brainText(this.brain)
      if (text === this.lastText) return false
      try {
        await writeAtomic(this.path, text)
      } catch (err) {
        this.emit('write.error', `cannot write ${this.path}: ${(err as Error).message}`)
        return false
      }
      this.writes++
      this.lastText = text
      this.base = structuredClone(this.brain)
      await this.refreshStamp()
      return true
    })
  }

  /** Polls the file every `intervalMs` (default 250) and merges edits. */
  watch(intervalMs = 250): void {
    if (this.timer) return
    let busy = false
    this.timer = setInterval(() => {
      if (busy) return
      busy = true
      this.sync()
        .catch((err: unknown) => this.emit('file.error', `cannot read ${this.path}: ${(err as Error).message}`))
        .finally(() => {
          busy = false
        })
    }, intervalMs)
    this.timer.unref?.()
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    await this.chain.catch(() => undefined)
  }
}

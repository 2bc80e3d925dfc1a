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
import { promises as fsp } from 'node:fs'
import { basename, dirname, join } from 'node:path'
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

/** File text → canonical brain, or an error naming the place (JSON) or the field (schema). */
export function parseBrainText(text: string, label = 'brain file'): { ok: true; brain: BrainFile } | { ok: false; error: string } {
  let raw: unknown
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err)
    return { ok: false, error: `${label} is not valid JSON at ${jsonErrorWhere(text, msg)}: ${msg}` }
  }
  const r = normalizeBrainFile(raw)
  if (!r.ok) return { ok: false, error: `${label} does not match the brain file format:\n${r.error}` }
  return { ok: true, brain: r.value }
}

/** Writes `text` to a temp file next to `path`, then renames it over `path`. */
export async function writeAtomic(path: string, text: string): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    await fsp.writeFile(tmp, text, 'utf8')
    await fsp.rename(tmp, path)
  } catch (err) {
    await fsp.rm(tmp, { force: true }).catch(() => undefined)
    throw err
  }
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
  let text: string | undefined
  try {
    text = await fsp.readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return { ok: false, error: `cannot read ${path}: ${(err as Error).message}` }
  }
  if (text === undefined || opts.reset) {
    let backup: string | undefined
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
  writes = 0

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
    let text: string
    try {
      text = await fsp.readFile(this.path, 'utf8')
    } catch {
      return
    }
    if (text === this.lastText) {
      this.stamp = st
      return
    }
    const r = parseBrainText(text, this.path)
    if (!r.ok) {
      // a writer that overwrites in place may be caught half-way: report when it persists
      if (this.suspect === r.error || this.broken) {
        if (this.broken !== r.error) {
          this.broken = r.error
          this.emit('file.error', r.error)
        }
      } else this.suspect = r.error
      return
    }
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

/**
 * ContextBus: one time-ordered stream of everything the bot experienced (chat, server
 * lines, its own replies, tool output, game events), serialised as compact XML for an
 * LLM prompt. See seeds/context-bus.md and spec/protocol-facts.md §3.
 *
 * Lenient in (any value is coerced, long text cut), strict out (always well-formed XML,
 * always in time order, always with the legend). The rendering is the reference's byte for
 * byte, except that characters XML cannot carry at all are dropped (see xml.ts).
 *
 * Like the reference, the store keeps the coerced, cut text as given; characters are
 * dropped and escaped only when an entry is rendered, so stacking compares the raw data.
 */
import { coerceText, xmlText } from './xml.js'

/** Player/server/bot/tool content is cut to this many UTF-16 code units (no ellipsis). */
export const CONTENT_MAX = 200
/** Event data is cut to this many code units before a stack suffix (`x3`) is added. */
export const EVENT_DATA_MAX = 100
/** Same-type, same-base events arriving within this many ms of the newest entry stack. */
export const STACK_WINDOW_MS = 5000
export const DEFAULT_BUS_MAX = 200
export const BUS_MAX_LIMIT = 5000
export const DEFAULT_MAX_ENTRIES = 50
export const DEFAULT_WINDOW_SEC = 600
export const DEFAULT_GAP_THRESHOLD_MS = 5 * 60 * 1000
export const LEGEND = '<!-- p=player s=server e=event b=bot t=tool g=gap -->'

export type ContextEntry =
  | { readonly type: 'player'; readonly t: number; readonly name: string; readonly content: string }
  | { readonly type: 'server' | 'bot' | 'tool'; readonly t: number; readonly content: string }
  | { readonly type: 'event'; readonly t: number; readonly eventType: string; readonly data: string }

export interface BuildXmlOptions {
  /** Newest entries to include, default 50. */
  maxEntries?: number
  /** Only entries from the last `windowSec` seconds, default 600. */
  windowSec?: number
  /** Emit `<g d=".."/>` gap markers, default true. */
  includeGaps?: boolean
  /** A gap marker precedes an entry this long (ms) after the previous emitted one, default 5 min. */
  gapThresholdMs?: number
  /**
   * Only entries pushed (or stacked onto) after this `cursor()`: a prompt that already
   * showed the stream up to there gets just the delta. Default: no such limit.
   */
  after?: number
}

/** Anything with (optionally) `ai.context.busMax`; read at every push. */
export interface ContextBusState {
  ai?: { context?: { busMax?: unknown } }
}

export interface ContextBusOptions {
  state?: ContextBusState | null
  /** Clock in ms (default Date.now); inject for tests. */
  now?: () => number
}

export interface ContextBus {
  pushPlayer(name: unknown, content: unknown): void
  pushServer(content: unknown): void
  pushBot(content: unknown): void
  pushTool(content: unknown): void
  pushEvent(type: unknown, data: unknown): void
  buildXml(opts?: BuildXmlOptions): string
  /** The position in the stream now: pass it as `buildXml({ after })` to render only what comes later. */
  cursor(): number
  /** A snapshot copy of the store, oldest first. */
  getStore(): ContextEntry[]
  clear(): void
}

/**
 * Gap duration: under 60 min `Nm`; under 24 h `Nh` or `NhMm`; else `Nd`.
 * Invalid or negative input gives `0m`. Units are floored.
 */
export function formatGap(ms: unknown): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return '0m'
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 60) return `${minutes}m`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) {
    const rest = minutes % 60
    return rest === 0 ? `${hours}h` : `${hours}h${rest}m`
  }
  return `${Math.floor(hours / 24)}d`
}

/** `ai.context.busMax` clamped to 1–5000 (floored); anything unusable gives 200. */
export function resolveBusMax(state: unknown): number {
  let raw: unknown
  try {
    raw = (state as ContextBusState | null | undefined)?.ai?.context?.busMax
  } catch {
    return DEFAULT_BUS_MAX
  }
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  if (typeof n !== 'number' || Number.isNaN(n)) return DEFAULT_BUS_MAX
  return Math.min(BUS_MAX_LIMIT, Math.max(1, Math.floor(n)))
}

const STACK_SPLIT = /^(.+?)(?:x(\d+))?$/

/**
 * Splits event data into base and count as the reference does: `hp:-0.5x3` → (`hp:-0.5`, 3).
 * Data the pattern does not match (empty, or holding a line break, which `.` does not
 * match) is its own base with count 1. `x0` counts 0, as in the reference.
 */
export function splitStack(data: string): { base: string; count: number } {
  const m = STACK_SPLIT.exec(data)
  if (!m) return { base: data, count: 1 }
  return { base: m[1]!, count: m[2] === undefined ? 1 : Number(m[2]) }
}

/** The first `max` UTF-16 code units, as the reference's `slice`: a cut pair leaves a lone half, dropped at render. */
function cut(value: unknown, max: number): string {
  return coerceText(value).slice(0, max)
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && !Number.isNaN(value) && value >= 0 ? value : fallback
}

class ContextBusImpl implements ContextBus {
  private store: ContextEntry[] = []
  /** Rendered XML line per entry; entries are immutable (stacking replaces them), so this never goes stale. */
  private readonly rendered = new WeakMap<ContextEntry, string>()
  /** The push that made each entry (a stacked entry is a new one): what `cursor()` counts. */
  private readonly pushedAt = new WeakMap<ContextEntry, number>()
  private pushes = 0
  private readonly state: unknown
  private readonly clock: () => number
  private lastT = -Infinity

  constructor(opts: ContextBusOptions) {
    this.state = opts.state
    this.clock = typeof opts.now === 'function' ? opts.now : Date.now
  }

  /** Current time, never earlier than the newest entry (keeps the store time-ordered). */
  private time(): number {
    let t: number
    try {
      t = Number(this.clock())
    } catch {
      t = Date.now()
    }
    if (!Number.isFinite(t)) t = Date.now()
    return t < this.lastT ? this.lastT : t
  }

  private add(entry: ContextEntry): void {
    this.pushedAt.set(entry, ++this.pushes)
    this.store.push(entry)
    this.lastT = entry.t
    const max = resolveBusMax(this.state)
    if (this.store.length > max) this.store.splice(0, this.store.length - max)
  }

  pushPlayer(name: unknown, content: unknown): void {
    this.add({
      type: 'player',
      t: this.time(),
      name: coerceText(name),
      content: cut(content, CONTENT_MAX),
    })
  }

  pushServer(content: unknown): void {
    this.add({ type: 'server', t: this.time(), content: cut(content, CONTENT_MAX) })
  }

  pushBot(content: unknown): void {
    this.add({ type: 'bot', t: this.time(), content: cut(content, CONTENT_MAX) })
  }

  pushTool(content: unknown): void {
    this.add({ type: 'tool', t: this.time(), content: cut(content, CONTENT_MAX) })
  }

  pushEvent(type: unknown, data: unknown): void {
    const eventType = coerceText(type)
    const cutData = cut(data, EVENT_DATA_MAX)
    const t = this.time()
    const last = this.store[this.store.length - 1]
    if (last && last.type === 'event' && last.eventType === eventType && t - last.t <= STACK_WINDOW_MS) {
      const prev = splitStack(last.data)
      const incoming = splitStack(cutData)
      if (prev.base === incoming.base) {
        const count = prev.count + incoming.count
        const stacked: ContextEntry = { type: 'event', t, eventType, data: `${prev.base}x${count}` }
        this.pushedAt.set(stacked, ++this.pushes)
        this.store[this.store.length - 1] = stacked
        this.lastT = t
        return
      }
    }
    this.add({ type: 'event', t, eventType, data: cutData })
  }

  buildXml(opts: BuildXmlOptions = {}): string {
    const o = opts ?? {}
    const maxEntries = Math.floor(numberOr(o.maxEntries, DEFAULT_MAX_ENTRIES))
    const windowSec = numberOr(o.windowSec, DEFAULT_WINDOW_SEC)
    const includeGaps = o.includeGaps !== false
    const gapThresholdMs = numberOr(o.gapThresholdMs, DEFAULT_GAP_THRESHOLD_MS)
    const after = typeof o.after === 'number' && !Number.isNaN(o.after) ? o.after : -Infinity
    if (maxEntries < 1) return ''

    const cutoff = this.time() - windowSec * 1000
    const picked: ContextEntry[] = []
    // Walk backwards and stop early: the store is time-ordered.
    for (let i = this.store.length - 1; i >= 0; i--) {
      const entry = this.store[i]!
      if (entry.t < cutoff) break
      if (picked.length >= maxEntries) break
      if ((this.pushedAt.get(entry) ?? 0) <= after) break
      picked.push(entry)
    }
    if (picked.length === 0) return ''

    const lines = ['<ctx>', LEGEND]
    let prevT: number | undefined
    for (let i = picked.length - 1; i >= 0; i--) {
      const entry = picked[i]!
      if (includeGaps && prevT !== undefined && entry.t - prevT >= gapThresholdMs) {
        lines.push(`<g d="${formatGap(entry.t - prevT)}"/>`)
      }
      let line = this.rendered.get(entry)
      if (line === undefined) {
        line = renderEntry(entry)
        this.rendered.set(entry, line)
      }
      lines.push(line)
      prevT = entry.t
    }
    lines.push('</ctx>')
    return lines.join('\n')
  }

  cursor(): number {
    return this.pushes
  }

  getStore(): ContextEntry[] {
    return this.store.map((e) => ({ ...e }))
  }

  clear(): void {
    // the cursor keeps counting: one taken before the clear still means "after that"
    this.store = []
    this.lastT = -Infinity
  }
}

function renderEntry(entry: ContextEntry): string {
  switch (entry.type) {
    case 'player':
      return `<p n="${xmlText(entry.name)}">${xmlText(entry.content)}</p>`
    case 'server':
      return `<s>${xmlText(entry.content)}</s>`
    case 'bot':
      return `<b>${xmlText(entry.content)}</b>`
    case 'tool':
      return `<t>${xmlText(entry.content)}</t>`
    case 'event':
      return `<e t="${xmlText(entry.eventType)}" d="${xmlText(entry.data)}"/>`
  }
}

export function createContextBus(opts: ContextBusOptions = {}): ContextBus {
  return new ContextBusImpl(opts ?? {})
}

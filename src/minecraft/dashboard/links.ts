/**
 * What the dashboard needs of the active link, one adapter per protocol: its traffic, the
 * current task (plan, step, progress) and the three controls (give a task, stop, say).
 *
 * The same adapters give the brain-file and MaiCore links a `ControlLink`, so `--dashboard`
 * on `brain` / `maicore` serves from the same control server as `play` / `bot`.
 */
import { EventEmitter } from 'node:events'
import type { Body } from '../body/types.js'
import type { MindStats } from '../minds/types.js'
import { emptyStats } from '../minds/types.js'
import type { LynxMindLink, TrafficEvent } from '../links/lynxmind.js'
import type { ControlLink, Task, TaskProtocol } from '../control/task.js'
import type { BrainLink } from '../links/brainfile/index.js'
import type { BrainDecision } from '../links/brainfile/mind.js'
import type { BrainStore } from '../links/brainfile/store.js'
import type { MaiCoreLink } from '../links/maicore/index.js'
import { checkTask, type StoredTask } from '../../protocols/brainfile.js'
import { describeAction } from '../links/lynxmind-actions.js'
import type { Action } from '../../protocols/lynxmind.js'
import type { Protocol, TaskView, TrafficItem } from './protocol.js'
import { jsonSyntaxError } from '../../core/json-error.js'

/**
 * One message as the link saw it. `payload` is rendered to text (payloadText) only when a page
 * is sent the note, so with no page open a message costs one array slot. Adapters hand over
 * objects that are not changed afterwards (a shallow copy where the link keeps mutating one).
 */
export type TrafficNote = Omit<TrafficItem, 'seq' | 'text'> & { payload: unknown }

export interface DashboardLink {
  readonly protocol: Protocol
  readonly body: Body
  /** The link as the control server's /v1 routes see it. */
  readonly control: ControlLink
  mindKind(): string
  sessionOpen(): boolean
  task(): TaskView | null
  recent(): TaskView[]
  /** Starts a task from the page's text; resolves to what the page shows. */
  give(text: string): Promise<string>
  stop(): Promise<string>
  /** Subscribes to the link's traffic; returns the unsubscribe. */
  onTraffic(fn: (t: TrafficNote) => void): () => void
}

const TEXT_MAX = 4000

export function payloadText(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v, null, 1)
  return (s ?? String(v)).length > TEXT_MAX ? `${(s ?? '').slice(0, TEXT_MAX - 1)}…` : (s ?? String(v))
}

function listen(em: EventEmitter, pairs: Array<[string, (...a: any[]) => void]>): () => void {
  for (const [ev, fn] of pairs) em.on(ev, fn)
  return () => {
    for (const [ev, fn] of pairs) em.off(ev, fn)
  }
}

/** The body's running skill as progress (fraction and text), when there is one. */
function progressOf(body: Body): Pick<TaskView, 'progress' | 'progressText'> {
  try {
    const a = body.ready ? body.status().action : null
    if (!a) return {}
    return { ...(a.fraction !== undefined ? { progress: a.fraction } : {}), ...(a.progress ? { progressText: a.progress } : {}) }
  } catch {
    return {}
  }
}

function lynxView(t: Task): TaskView {
  return { id: String(t.id), text: t.text, status: t.status, source: t.source, startedAt: t.startedAt, ...(t.reason ? { reason: t.reason } : {}) }
}

// ---------------------------------------------------------------- LynxMind

export function lynxDashboardLink(link: LynxMindLink): DashboardLink {
  let lastAction: { action: Action; plans?: string; taskId?: number } | undefined
  link.on('action', (a: { action: Action; plans?: string }) => {
    lastAction = { ...a, ...(link.current() ? { taskId: link.current()!.id } : {}) }
  })
  return {
    protocol: 'lynxmind',
    body: link.body,
    control: link,
    mindKind: () => link.mind.kind,
    sessionOpen: () => link.sessionOpen,
    task() {
      const t = link.current()
      if (!t) return null
      const a = lastAction?.taskId === t.id ? lastAction : undefined
      return {
        ...lynxView(t),
        ...(a?.plans ? { plan: a.plans } : {}),
        ...(a ? { step: describeAction(a.action), stepNumber: t.actions } : {}),
        ...progressOf(link.body),
      }
    },
    recent: () => link.history().slice(-10).reverse().map(lynxView),
    async give(text) {
      const t = link.createTask(text, 'dashboard')
      return `task #${t.id} started: ${t.text}`
    },
    async stop() {
      const t = await link.cancelTask('stopped from the dashboard')
      return t ? `task #${t.id} cancelled` : 'no task is running'
    },
    onTraffic(fn) {
      return listen(link, [
        ['traffic', (t: TrafficEvent) => fn({ at: t.at, dir: t.dir === 'to_mind' ? 'out' : 'in', kind: t.event.type, payload: t.event })],
        ['say', (m: string) => fn({ at: Date.now(), dir: 'note', kind: 'chat', payload: m })],
        ['action.end', (e: { ok: boolean; reason: string }) => fn({ at: Date.now(), dir: 'note', kind: e.ok ? 'action.ok' : 'action.failed', payload: e.reason })],
      ])
    },
  }
}

// ---------------------------------------------------------------- shared by the two links below

/** A ControlLink over a DashboardLink: tasks are the adapter's, no LynxMind events. */
class AdaptedControl extends EventEmitter implements ControlLink {
  constructor(
    private readonly d: () => DashboardLink,
    readonly body: Body,
    readonly mind: { readonly kind: string; stats(): MindStats },
    private readonly records: () => { current: Task | undefined; history: Task[] },
    private readonly create: (text: string) => Task,
  ) {
    super()
  }
  get sessionOpen(): boolean {
    return this.d().sessionOpen()
  }
  current(): Task | undefined {
    return this.records().current
  }
  history(): Task[] {
    return this.records().history
  }
  createTask(text: string): Task {
    return this.create(text)
  }
  async cancelTask(reason = 'cancelled'): Promise<Task | undefined> {
    const t = this.current()
    await this.body.stop(reason)
    return t ? { ...t, status: 'cancelled', reason, endedAt: Date.now() } : undefined
  }
}

const record = (protocol: TaskProtocol, id: number, text: string, status: Task['status'], startedAt: number, reason?: string): Task => ({
  protocol,
  id,
  text,
  source: 'dashboard',
  status,
  startedAt,
  actions: 0,
  skillFailures: 0,
  ...(reason ? { reason } : {}),
})

// ---------------------------------------------------------------- brain file

/** `TYPE` or `TYPE {"param": …}`, e.g. `MINE_WOOD {"count": 3}`; or the whole task as JSON. */
export function parseBrainTask(text: string): { ok: true; task: BrainDecision['new_tasks'][number] } | { ok: false; error: string } {
  const t = text.trim()
  let raw: { type: string; parameters?: Record<string, unknown>; reason?: string }
  try {
    if (t.startsWith('{')) raw = JSON.parse(t) as typeof raw
    else {
      const m = /^([A-Za-z_]+)\s*(\{[\s\S]*\})?$/.exec(t)
      if (!m) return { ok: false, error: 'write a brain task as TYPE or TYPE {"param": value}, e.g. MINE_WOOD {"count": 3}' }
      raw = { type: m[1]!.toUpperCase(), parameters: m[2] ? (JSON.parse(m[2]) as Record<string, unknown>) : {} }
    }
  } catch (err) {
    return { ok: false, error: `the parameters are not JSON: ${jsonSyntaxError(err)}` }
  }
  if (typeof raw !== 'object' || raw === null || typeof raw.type !== 'string') return { ok: false, error: 'a task needs a "type"' }
  const checked = checkTask({ type: raw.type, parameters: raw.parameters ?? {}, reason: raw.reason ?? 'from the dashboard' })
  return checked.ok ? { ok: true, task: checked.task } : { ok: false, error: checked.error }
}

function brainStatus(s: StoredTask['status']): Task['status'] {
  return s === 'completed' ? 'succeeded' : s === 'failed' ? 'failed' : 'running'
}

function brainText(t: StoredTask): string {
  const p = JSON.stringify(t.parameters ?? {})
  return `${t.type}${p === '{}' ? '' : ` ${p}`}`
}

export function brainDashboardLink(link: BrainLink, store: BrainStore, body: Body, mind: { kind: string; stats(): MindStats }): DashboardLink {
  let thought = ''
  link.on('cycle', ({ decision }: { decision: BrainDecision }) => {
    if (decision.thought) thought = decision.thought
  })
  const tasks = () => store.brain.tasks
  const toRecord = (t: StoredTask): Task =>
    record('brainfile', Number(t.id) || 0, brainText(t), brainStatus(t.status), t.started_at ? Date.parse(t.started_at) : Date.now(), t.error ?? t.result)
  const give = (text: string): Task => {
    const parsed = parseBrainTask(text)
    if (!parsed.ok) throw new Error(parsed.error)
    link.apply({ thought: 'from the dashboard', memory_updates: {}, new_tasks: [parsed.task] })
    const added = tasks()[tasks().length - 1]!
    return toRecord(added)
  }
  const self: DashboardLink = {
    protocol: 'brainfile',
    body,
    control: undefined as unknown as ControlLink,
    mindKind: () => mind.kind,
    sessionOpen: () => true,
    task() {
      const t = tasks().find((x) => x.status === 'in_progress')
      if (!t) return null
      const pending = tasks().filter((x) => x.status === 'pending').length
      return {
        id: String(t.id),
        text: brainText(t),
        status: 'running',
        step: `${t.type}${pending ? ` (${pending} more pending)` : ''}`,
        ...(thought ? { plan: thought } : {}),
        ...(t.started_at ? { startedAt: Date.parse(t.started_at) } : {}),
        ...progressOf(body),
      }
    },
    recent: () =>
      tasks()
        .filter((t) => t.status !== 'in_progress')
        .slice(-10)
        .reverse()
        .map((t) => ({ id: String(t.id), text: brainText(t), status: t.status, ...(t.error || t.result ? { reason: String(t.error ?? t.result) } : {}) })),
    async give(text) {
      const r = give(text)
      return `brain task #${r.id} queued: ${r.text}`
    },
    async stop() {
      await body.stop('stopped from the dashboard')
      return 'the running skill was stopped'
    },
    onTraffic(fn) {
      return listen(link, [
        ['task.start', (t: StoredTask) => fn({ at: Date.now(), dir: 'in', kind: 'task.start', payload: { ...t } })],
        ['task.end', (t: StoredTask) => fn({ at: Date.now(), dir: 'out', kind: `task.${t.status}`, payload: { ...t } })],
        ['cycle', (c: { trigger: string; decision: BrainDecision }) => fn({ at: Date.now(), dir: 'in', kind: `mind.cycle (${c.trigger})`, payload: c.decision })],
        ['edit', (r: unknown) => fn({ at: Date.now(), dir: 'note', kind: 'file.edit', payload: r })],
        ['file.error', (m: string) => fn({ at: Date.now(), dir: 'note', kind: 'file.error', payload: m })],
      ])
    },
  }
  const current = () => tasks().find((x) => x.status === 'in_progress')
  Object.assign(self, {
    control: new AdaptedControl(
      () => self,
      body,
      mind,
      () => ({
        current: current() ? toRecord(current()!) : undefined,
        history: tasks()
          .filter((t) => t.status === 'completed' || t.status === 'failed')
          .map(toRecord),
      }),
      give,
    ),
  })
  return self
}

// ---------------------------------------------------------------- MaiCore

export function maicoreDashboardLink(link: MaiCoreLink, body: Body, mindKind: string, stats: () => MindStats = emptyStats): DashboardLink {
  let open = false
  let goalId = 1
  let goalStarted = Date.now()
  let reached: string | undefined
  const history: Task[] = []
  link.on('open', () => (open = true))
  link.on('close', () => (open = false))
  link.on('goal.reached', (g: string) => {
    reached = g
    history.push(record('maicore', goalId, g, 'succeeded', goalStarted, 'goal reached'))
  })
  const currentRecord = (): Task | undefined => (reached === link.game.goal ? undefined : record('maicore', goalId, link.game.goal, 'running', goalStarted))
  const setGoal = (text: string): Task => {
    const g = text.trim()
    if (!g) throw new Error('the goal is empty')
    goalId++
    goalStarted = Date.now()
    link.game.setGoal(g)
    link.sendState('goal')
    return record('maicore', goalId, link.game.goal, 'running', goalStarted)
  }
  const self: DashboardLink = {
    protocol: 'maicore',
    body,
    control: undefined as unknown as ControlLink,
    mindKind: () => mindKind,
    sessionOpen: () => open,
    task() {
      const g = link.game
      const done = reached === g.goal
      return {
        id: String(goalId),
        text: g.goal,
        status: done ? 'succeeded' : 'running',
        ...(g.plan.length ? { plan: g.plan.join(' → ') } : {}),
        ...(g.step ? { step: g.step } : link.busy ? { step: 'running a program' } : {}),
        ...(g.targetValue > 0 ? { progress: Math.min(1, g.currentValue / g.targetValue), progressText: `${g.currentValue}/${g.targetValue}` } : {}),
        startedAt: goalStarted,
      }
    },
    recent: () => history.slice(-10).reverse().map(lynxView),
    async give(text) {
      const r = setGoal(text)
      return `goal set: ${r.text}`
    },
    async stop() {
      await body.stop('stopped from the dashboard')
      return 'the running skill was stopped'
    },
    onTraffic(fn) {
      return listen(link, [
        ['sent', (msg: unknown, reason: string) => fn({ at: Date.now(), dir: 'out', kind: `state (${reason})`, payload: msg })],
        ['reply', (r: { kind: string }) => fn({ at: Date.now(), dir: 'in', kind: `reply.${r.kind}`, payload: r })],
        ['program.start', (code: string) => fn({ at: Date.now(), dir: 'in', kind: 'program', payload: code })],
        ['program.end', (info: unknown) => fn({ at: Date.now(), dir: 'out', kind: 'program.end', payload: info })],
        ['chat', (t: string) => fn({ at: Date.now(), dir: 'note', kind: 'chat', payload: t })],
      ])
    },
  }
  Object.assign(self, {
    control: new AdaptedControl(() => self, body, { kind: mindKind, stats }, () => ({ current: currentRecord(), history: [...history] }), setGoal),
  })
  return self
}

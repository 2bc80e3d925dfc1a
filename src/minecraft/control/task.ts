/**
 * The task contract of the control API and the dashboard: what a task is, whichever protocol
 * runs it. A LynxMind task, a brain-file task and a MaiCore goal all show as a `Task`; each link
 * (or its adapter in ../dashboard/links.ts) fills it in. No protocol's names here.
 */
import type { Body } from '../body/types.js'
import type { MindStats } from '../minds/types.js'

export type TaskStatus = 'running' | 'succeeded' | 'failed' | 'unverified' | 'cancelled'

/** The protocol a link speaks (the dashboard's labels). */
export type TaskProtocol = 'lynxmind' | 'brainfile' | 'maicore'

export interface Task {
  id: number
  /** What was asked, in the asker's words (a goal, or a protocol's task line). */
  text: string
  /** Who asked: `cli`, `chat:<player>`, `api`, `dashboard`. */
  source: string
  status: TaskStatus
  reason?: string
  startedAt: number
  endedAt?: number
  /** Actions taken for this task (0 where the protocol does not count them). */
  actions: number
  skillFailures: number
  protocol: TaskProtocol
}

/** What the control API needs of a link: LynxMindLink is one; dashboard/links.ts adapts the others. */
export interface ControlLink {
  readonly body: Body
  readonly mind: { readonly kind: string; stats(): MindStats }
  readonly sessionOpen: boolean
  current(): Task | undefined
  history(): Task[]
  createTask(text: string, source?: string): Task
  cancelTask(reason?: string): Promise<Task | undefined>
  /** `task` (a Task, on every change) and the link's own events. */
  on(event: string, listener: (...args: any[]) => void): unknown
  off(event: string, listener: (...args: any[]) => void): unknown
}

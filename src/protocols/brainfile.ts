/**
 * The brain file (seed `brain-file-spec.ja.md`, protocol-facts §2) and the model's brain
 * reply.
 *
 * Canonical form = the document's: snake_case keys, lower-case task statuses. Input may
 * also be the real plugin's file (camelCase keys, upper-case statuses, `createdAt` on
 * tasks). `emitBrainFile` writes the document's form by default, the plugin's with
 * `dialect: 'plugin'`.
 */
import { z } from 'zod'
import { parseModelJson } from '../core/model-json.js'
import { formatZodIssues } from '../core/schema-errors.js'
import { CoordSchema, isRecord, ownLookup, renameKeys, setOwn, toModelJsonSchema, Vec3Schema, type NormalizeResult, validate } from './common.js'

export type BrainDialect = 'document' | 'plugin'

// ---------------------------------------------------------------------------
// Task types and their parameters

const XyzParams = z.object({ x: CoordSchema, y: CoordSchema, z: CoordSchema })
const NoParams = z.object({}).default({})

function spec<T extends string, P extends z.ZodType>(type: T, parameters: P) {
  return z.object({
    type: z.literal(type),
    parameters,
    /** Why the model wants this (shown back to it and in logs). */
    reason: z.string().optional(),
  })
}

/** A task as the model writes it in `new_tasks`: type, typed parameters, reason. */
export const NewTaskSchema = z.discriminatedUnion('type', [
  spec('MINE_WOOD', XyzParams),
  spec('MINE_STONE', XyzParams),
  spec('MOVE_TO', XyzParams),
  spec('GET_INVENTORY', NoParams),
  spec('GET_POSITION', NoParams),
  spec('GET_ENTITY_POSITION', z.object({ entity_selector: z.string().trim().min(1) })),
  spec('CHAT', z.object({ message: z.string().trim().min(1) })),
  spec('READ_MEMORY', z.object({ key: z.string().trim().min(1) })),
  /** The real plugin's extra task: do nothing for a while (default: one executor tick). */
  spec('WAIT', z.object({ seconds: z.number().positive().max(600).optional() }).default({})),
])
export type NewTask = z.infer<typeof NewTaskSchema>
export type TaskType = NewTask['type']
export type TaskParameters<T extends TaskType> = Extract<NewTask, { type: T }>['parameters']
export const TASK_TYPES: readonly TaskType[] = NewTaskSchema.options.map((o) => o.shape.type.value)

export const TaskStatusSchema = z.enum(['pending', 'in_progress', 'completed', 'failed'])
export type TaskStatus = z.infer<typeof TaskStatusSchema>

export const TaskMetaSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  reason: z.string().default(''),
  status: TaskStatusSchema.default('pending'),
  /** The plugin's `createdAt` (epoch ms or ISO text); the document has no such field. */
  created_at: z.union([z.number(), z.string()]).optional(),
})

/** A task stored in the brain file. */
export const TaskSchema = z.intersection(NewTaskSchema, TaskMetaSchema)
export type Task = z.infer<typeof TaskSchema>

// ---------------------------------------------------------------------------
// Sections

export const AvailableTaskSchema = z.union([
  z.string().min(1),
  z.object({
    type: z.string().min(1),
    description: z.string().optional(),
    parameters: z.array(z.string()).default([]),
    /** The original's datapack command; informational for us. */
    command: z.string().optional(),
  }),
])
export type AvailableTask = z.infer<typeof AvailableTaskSchema>

export const RulesSchema = z.object({
  description: z.string(),
  vision_rules: z.string(),
  memory_rules: z.string(),
  task_rules: z.string(),
  available_tasks: z.array(AvailableTaskSchema),
})
export type Rules = z.infer<typeof RulesSchema>

export const ChatLineSchema = z.object({ timestamp: z.string(), player: z.string(), message: z.string() })
export type ChatLine = z.infer<typeof ChatLineSchema>

export const VisibleBlockSchema = z.object({
  relative_position: Vec3Schema,
  world_position: Vec3Schema,
  block_type: z.string().min(1),
  distance: z.number().nonnegative(),
})
export type VisibleBlock = z.infer<typeof VisibleBlockSchema>

export const VisionBlocksSchema = z.object({
  view_distance: z.number().nonnegative(),
  view_direction: z.object({ yaw: z.number(), pitch: z.number() }),
  visible_blocks: z.array(VisibleBlockSchema),
})

export const VisionSchema = z.object({
  chat: z.array(ChatLineSchema).optional(),
  blocks: VisionBlocksSchema.optional(),
})
export type Vision = z.infer<typeof VisionSchema>

/** Free-form; the keys the document names are typed, any other key is kept as is. */
export const MemorySchema = z
  .object({
    important_locations: z
      .array(z.object({ name: z.string(), position: Vec3Schema, note: z.string().optional() }).catchall(z.unknown()))
      .optional(),
    player_requests: z
      .array(
        z
          .object({ player: z.string(), request: z.string(), status: z.string().optional(), timestamp: z.string().optional() })
          .catchall(z.unknown()),
      )
      .optional(),
    inventory_state: z
      .object({
        last_checked: z.string().optional(),
        items: z.array(z.object({ type: z.string(), count: z.number().int().nonnegative() })).optional(),
      })
      .catchall(z.unknown())
      .optional(),
    current_position: Vec3Schema.optional(),
  })
  .catchall(z.unknown())
export type Memory = z.infer<typeof MemorySchema>

export const BrainFileSchema = z.object({
  rules: RulesSchema,
  vision: VisionSchema,
  memory: MemorySchema,
  tasks: z.array(TaskSchema),
})
export type BrainFile = z.infer<typeof BrainFileSchema>

/** Any subset of the sections (the document shows them one at a time). */
export const BrainFilePartialSchema = BrainFileSchema.partial()
export type BrainFilePartial = z.infer<typeof BrainFilePartialSchema>

// ---------------------------------------------------------------------------
// The model's reply

/** What the model returns each cycle (not the whole brain file). */
export const BrainReplySchema = z.object({
  thought: z.string().default(''),
  /** Keys to set in memory; a `null` value deletes the key. */
  memory_updates: z.record(z.string(), z.unknown()).default({}),
  new_tasks: z.array(NewTaskSchema).default([]),
})
export type BrainReply = z.infer<typeof BrainReplySchema>

// ---------------------------------------------------------------------------
// Plugin form ⇄ document form

const CAMEL_TO_SNAKE: Readonly<Record<string, string>> = {
  visionRules: 'vision_rules',
  memoryRules: 'memory_rules',
  taskRules: 'task_rules',
  availableTasks: 'available_tasks',
  viewDistance: 'view_distance',
  viewDirection: 'view_direction',
  visibleBlocks: 'visible_blocks',
  relativePosition: 'relative_position',
  worldPosition: 'world_position',
  blockType: 'block_type',
  importantLocations: 'important_locations',
  playerRequests: 'player_requests',
  inventoryState: 'inventory_state',
  lastChecked: 'last_checked',
  currentPosition: 'current_position',
  createdAt: 'created_at',
  memoryUpdates: 'memory_updates',
  newTasks: 'new_tasks',
  newTask: 'new_task',
}
const SNAKE_TO_CAMEL: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CAMEL_TO_SNAKE).map(([c, s]) => [s, c]),
)
const MEMORY_KEYS = new Set(['important_locations', 'player_requests', 'inventory_state', 'current_position'])

/**
 * Renames known keys everywhere except inside task parameters, memory values the
 * document does not name (those are the model's own data) and `memory_updates` values.
 */
function renameDeep(v: unknown, map: Readonly<Record<string, string>>, parentKey = ''): unknown {
  if (Array.isArray(v)) return v.map((x) => renameDeep(x, map, parentKey))
  if (!isRecord(v)) return v
  const out: Record<string, unknown> = {}
  for (const [k, val] of Object.entries(v)) {
    const mapped = ownLookup(map, k) ?? k
    const memoryOwn = parentKey === 'memory' && !MEMORY_KEYS.has(mapped) && !MEMORY_KEYS.has(k)
    const key = memoryOwn ? k : mapped // the model's own memory keys are kept as written
    if (key !== k && Object.prototype.hasOwnProperty.call(v, key)) continue
    const inFreeForm = key === 'parameters' || parentKey === 'memory_updates' || memoryOwn
    setOwn(out, key, inFreeForm ? val : renameDeep(val, map, key))
  }
  return out
}

function lowerStatus(s: unknown): unknown {
  return typeof s === 'string' ? s.trim().toLowerCase().replace(/[\s-]+/g, '_') : s
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/

/** Models sometimes quote coordinates: `"x": "-13"`. */
function canonParams(p: unknown): unknown {
  if (!isRecord(p)) return p === null ? undefined : p
  const out: Record<string, unknown> = renameKeys(p, { entitySelector: 'entity_selector', selector: 'entity_selector' })
  for (const [k, v] of Object.entries(out)) if (v === null) delete out[k]
  for (const k of ['x', 'y', 'z', 'seconds']) {
    const v = out[k]
    if (typeof v === 'string' && NUMERIC.test(v)) out[k] = Number(v)
  }
  return out
}

function canonTask(t: unknown): unknown {
  if (!isRecord(t)) return t
  const out: Record<string, unknown> = { ...t }
  if (typeof out.type === 'string') out.type = out.type.trim().toUpperCase()
  if ('parameters' in out) out.parameters = canonParams(out.parameters)
  if (out.parameters === undefined) delete out.parameters
  if ('status' in out) out.status = lowerStatus(out.status)
  if (out.reason === null) delete out.reason
  return out
}

export function canonicalBrainFile(v: unknown): unknown {
  const o = renameDeep(v, CAMEL_TO_SNAKE)
  if (!isRecord(o)) return o
  if (Array.isArray(o.tasks)) return { ...o, tasks: o.tasks.map(canonTask) }
  return o
}

export function canonicalBrainReply(v: unknown): unknown {
  const o = renameDeep(v, CAMEL_TO_SNAKE)
  if (!isRecord(o)) return o
  const out: Record<string, unknown> = { ...o }
  const listed = out.new_tasks
  if (listed !== undefined && listed !== null && !Array.isArray(listed) && !isRecord(listed)) return out // let validation say why
  const tasks: unknown[] = []
  if (Array.isArray(listed)) tasks.push(...listed)
  else if (isRecord(listed)) tasks.push(listed)
  if (Array.isArray(out.new_task)) tasks.push(...out.new_task)
  else if (isRecord(out.new_task)) tasks.push(out.new_task)
  delete out.new_task
  if (tasks.length > 0 || listed !== undefined) out.new_tasks = tasks.map(canonTask)
  if (out.memory_updates === null) delete out.memory_updates
  if (out.thought === null) delete out.thought
  return out
}

/** Document or plugin form → canonical (document) form. */
export const BrainFileInputSchema = z.preprocess(canonicalBrainFile, BrainFileSchema)
export const BrainFilePartialInputSchema = z.preprocess(canonicalBrainFile, BrainFilePartialSchema)
export const BrainReplyInputSchema = z.preprocess(canonicalBrainReply, BrainReplySchema)

export function normalizeBrainFile(input: unknown): NormalizeResult<BrainFile> {
  return validate(BrainFileSchema, canonicalBrainFile(input))
}

export interface RejectedTask {
  index: number
  /** `at new_tasks[i].<path>: <rule>` lines. */
  error: string
}

export type BrainReplyResult =
  | { ok: true; value: BrainReply; rejected: RejectedTask[]; repaired: boolean }
  | { ok: false; kind: 'invalid'; error: string }

/**
 * A reply object → canonical reply. Tasks are checked one by one: valid ones are kept,
 * invalid ones are listed in `rejected` (the executor still runs the good ones; when
 * none is left the plugin's fallback applies).
 */
export function normalizeBrainReply(input: unknown): BrainReplyResult {
  const canon = canonicalBrainReply(input)
  if (!isRecord(canon)) return { ok: false, kind: 'invalid', error: 'at (root): expected an object {"thought", "memory_updates", "new_tasks"}' }
  const rawTasks = Array.isArray(canon.new_tasks) ? canon.new_tasks : []
  const head = BrainReplySchema.omit({ new_tasks: true }).safeParse(canon)
  if (!head.success) return { ok: false, kind: 'invalid', error: formatZodIssues(head.error, { input: canon }) }
  if (canon.new_tasks !== undefined && !Array.isArray(canon.new_tasks)) {
    return { ok: false, kind: 'invalid', error: 'at new_tasks: expected array of tasks' }
  }
  const good: NewTask[] = []
  const rejected: RejectedTask[] = []
  rawTasks.forEach((t, index) => {
    const r = NewTaskSchema.safeParse(t)
    if (r.success) good.push(r.data)
    else {
      const shifted = new z.ZodError(r.error.issues.map((i) => ({ ...i, path: ['new_tasks', index, ...i.path] })))
      rejected.push({ index, error: formatZodIssues(shifted, { input: canon }) })
    }
  })
  return { ok: true, value: { ...head.data, new_tasks: good }, rejected, repaired: false }
}

export const BRAIN_REPLY_EXPECTED =
  `{"thought": string, "memory_updates": {key: value}, "new_tasks": [{"type": ${TASK_TYPES.join('|')}, "parameters": {...}, "reason": string}]}`

/** Model text → brain reply (tolerant JSON; code fence or first `{…}`). */
export function parseBrainReply(text: string): BrainReplyResult {
  const parsed = parseModelJson(text)
  if (!parsed.ok) return { ok: false, kind: 'invalid', error: `${parsed.error}\nThe answer must look like: ${BRAIN_REPLY_EXPECTED}` }
  const res = normalizeBrainReply(parsed.value)
  if (!res.ok) return { ...res, error: `Your JSON does not match the required format:\n${res.error}\nThe answer must look like: ${BRAIN_REPLY_EXPECTED}` }
  return { ...res, repaired: parsed.repaired }
}

// ---------------------------------------------------------------------------
// Emitting

export interface BrainEmitOptions {
  /** `document` (default): snake_case, lower-case statuses; `plugin`: camelCase, upper-case, createdAt. */
  dialect?: BrainDialect
}

/** Canonical brain file (or any subset of its sections) → wire object. */
export function emitBrainFile(brain: BrainFilePartial, opts: BrainEmitOptions = {}): Record<string, unknown> {
  const doc = structuredClone(brain) as Record<string, unknown>
  if (opts.dialect !== 'plugin') return doc
  if (Array.isArray(doc.tasks)) {
    doc.tasks = (doc.tasks as Record<string, unknown>[]).map((t) => ({
      ...t,
      status: typeof t.status === 'string' ? t.status.toUpperCase() : t.status,
    }))
  }
  return renameDeep(doc, SNAKE_TO_CAMEL) as Record<string, unknown>
}

export function serializeBrainFile(brain: BrainFilePartial, opts?: BrainEmitOptions): string {
  return JSON.stringify(emitBrainFile(brain, opts), null, 2)
}

/** The document's rules section, with every task type we support. */
export function defaultRules(): Rules {
  return {
    description:
      'このファイルはボットの脳です。visionから情報を読み取り、必要な情報をmemoryに追加し、tasksに実行したい行動を記述してください。',
    vision_rules: 'visionは常に更新されます。重要な情報はmemoryに保存してください。',
    memory_rules: 'memoryには重要な情報のみを記録してください。不要になった情報は削除可能です。',
    task_rules: 'tasksには次に実行したい行動を記述してください。タスクは順番に実行されます。',
    available_tasks: [...TASK_TYPES],
  }
}

/** An empty brain: default rules, no vision, empty memory, no tasks. */
export function createBrainFile(): BrainFile {
  return { rules: defaultRules(), vision: { chat: [] }, memory: {}, tasks: [] }
}

/** JSON Schema for the model's answer (structured output). */
export const BrainReplyJsonSchema = toModelJsonSchema(BrainReplySchema, 'brain_reply')

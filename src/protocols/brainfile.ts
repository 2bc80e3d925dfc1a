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
import { CoordSchema, isRecord, ownLookup, renameKeys, setOwn, toModelJsonSchema, Vec3Schema, type NormalizeResult, validate, nestingProblem } from './common.js'

export type BrainDialect = 'document' | 'plugin'

// ---------------------------------------------------------------------------
// Task types and their parameters

const XyzParams = z.object({ x: CoordSchema, y: CoordSchema, z: CoordSchema })
const NoParams = z.strictObject({}).default({})
const Name = z.string().trim().min(1).max(100)
const Count = z.number().int().min(1).max(2304)

/** MINE_WOOD / MINE_STONE: at x, y, z, or (no coordinates) the nearest such block the bot knows of. */
const MineParams = z
  .object({ x: CoordSchema.optional(), y: CoordSchema.optional(), z: CoordSchema.optional(), count: z.number().int().min(1).max(64).optional() })
  .refine((p) => [p.x, p.y, p.z].every((v) => v === undefined) || [p.x, p.y, p.z].every((v) => v !== undefined), {
    message: 'give all of x, y, z or none of them',
  })
  .default({})

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
  spec('MINE_WOOD', MineParams),
  spec('MINE_STONE', MineParams),
  spec('MOVE_TO', z.object({ x: CoordSchema, y: CoordSchema.optional(), z: CoordSchema })),
  spec('GET_INVENTORY', NoParams),
  spec('GET_POSITION', NoParams),
  /** A player name, a mob type, or `@p` / `@a` / `@e[type=zombie]`; the plugin's `entity_name` / `name` are accepted too. */
  spec('GET_ENTITY_POSITION', z.object({ entity_selector: z.string().trim().min(1) })),
  spec('CHAT', z.object({ message: z.string().trim().min(1) })),
  spec('READ_MEMORY', z.object({ key: z.string().trim().min(1) })),
  /** The real plugin's extra task: do nothing for a while (default: one second). */
  spec('WAIT', z.object({ seconds: z.number().positive().max(600).optional() }).default({})),
  // beyond the seed: the body's own skills
  /** Mine `count` more of a block or item (`oak_log`, `log`, `cobblestone`, `coal`). */
  spec('COLLECT', z.object({ block: Name, count: Count.default(1) })),
  /** Make `count` of an item, gathering and smelting what the recipe tree needs. */
  spec('CRAFT', z.object({ item: Name, count: Count.default(1) })),
  spec('PLACE', z.object({ item: Name, x: CoordSchema, y: CoordSchema, z: CoordSchema })),
  spec('EQUIP', z.object({ item: Name, destination: z.enum(['hand', 'off-hand', 'head', 'torso', 'legs', 'feet']).optional() })),
  spec('EAT', z.object({ item: Name.optional() }).default({})),
  /** Follow a player for `seconds` (default 30). */
  spec('FOLLOW', z.object({ player: z.string().trim().min(1).max(64), seconds: z.number().positive().max(600).optional(), range: z.number().min(1).max(32).optional() })),
  /** A player name, a mob type (`zombie`) or an entity UUID. */
  spec('ATTACK', z.object({ entity: z.string().trim().min(1).max(64) })),
])
export type NewTask = z.infer<typeof NewTaskSchema>
export type TaskType = NewTask['type']
export type TaskParameters<T extends TaskType> = Extract<NewTask, { type: T }>['parameters']
export const TASK_TYPES: readonly TaskType[] = NewTaskSchema.options.map((o) => o.shape.type.value)
/** The eight task types of the seed document. */
export const SEED_TASK_TYPES: readonly TaskType[] = ['MINE_WOOD', 'MINE_STONE', 'MOVE_TO', 'GET_INVENTORY', 'GET_POSITION', 'GET_ENTITY_POSITION', 'CHAT', 'READ_MEMORY']

/** One line per task type for rules and prompts: parameters as the model writes them. */
export const TASK_HELP: Readonly<Record<TaskType, { description: string; parameters: string[] }>> = {
  MINE_WOOD: { description: 'mine a log at x,y,z (no coordinates: the nearest known log, exploring when none is known)', parameters: ['x?', 'y?', 'z?', 'count?'] },
  MINE_STONE: { description: 'mine stone (stone, cobblestone, granite, diorite, andesite) at x,y,z or the nearest known', parameters: ['x?', 'y?', 'z?', 'count?'] },
  MOVE_TO: { description: 'walk to x,y,z (y optional)', parameters: ['x', 'y?', 'z'] },
  GET_INVENTORY: { description: 'write the inventory to memory.inventory_state', parameters: [] },
  GET_POSITION: { description: 'write my position to memory.current_position', parameters: [] },
  GET_ENTITY_POSITION: { description: 'find a player or mob (name, type, @p, @e[type=…]) and remember where', parameters: ['entity_selector'] },
  CHAT: { description: 'say something in chat', parameters: ['message'] },
  READ_MEMORY: { description: 'put a memory value into the task result', parameters: ['key'] },
  WAIT: { description: 'do nothing for a while', parameters: ['seconds?'] },
  COLLECT: { description: 'mine until holding count more of a block/item (log, oak_log, cobblestone, coal)', parameters: ['block', 'count?'] },
  CRAFT: { description: 'make an item, gathering and smelting what it needs', parameters: ['item', 'count?'] },
  PLACE: { description: 'place a held block at x,y,z', parameters: ['item', 'x', 'y', 'z'] },
  EQUIP: { description: 'hold or wear an item', parameters: ['item', 'destination?'] },
  EAT: { description: 'eat food (any when no item given)', parameters: ['item?'] },
  FOLLOW: { description: 'follow a player for some seconds (default 30)', parameters: ['player', 'seconds?'] },
  ATTACK: { description: 'fight a player, mob type or UUID until it dies', parameters: ['entity'] },
}

export const TaskStatusSchema = z.enum(['pending', 'in_progress', 'completed', 'failed'])
export type TaskStatus = z.infer<typeof TaskStatusSchema>

export const TaskMetaSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  reason: z.string().default(''),
  status: TaskStatusSchema.default('pending'),
  /** The plugin's `createdAt` (epoch ms or ISO text); the document has no such field. */
  created_at: z.union([z.number(), z.string()]).optional(),
  /** What happened (completed tasks), written for a reader or a model to act on. */
  result: z.string().optional(),
  /** Why it failed (failed tasks). */
  error: z.string().optional(),
  started_at: z.string().optional(),
  finished_at: z.string().optional(),
})

/** A task with typed parameters (what the executor runs). */
export const TaskSchema = z.intersection(NewTaskSchema, TaskMetaSchema)
export type Task = z.infer<typeof TaskSchema>

/**
 * A task as stored in the file. People and programs edit the file, so a task of an
 * unknown type or with bad parameters is kept as written; the executor fails that one
 * task with the reason (`checkTask`) and goes on. `id` may be left out by an editor:
 * the link assigns one.
 */
export const StoredTaskSchema = TaskMetaSchema.extend({
  id: TaskMetaSchema.shape.id.optional(),
  type: z.string().trim().min(1),
  parameters: z.record(z.string(), z.unknown()).default({}),
})
export type StoredTask = z.infer<typeof StoredTaskSchema>

export type CheckedTask = { ok: true; task: NewTask } | { ok: false; error: string }

/** A stored task → typed task, or the precise reason it cannot run. */
export function checkTask(t: { type: string; parameters?: Record<string, unknown>; reason?: string }): CheckedTask {
  const type = String(t.type).trim().toUpperCase()
  if (!(TASK_TYPES as readonly string[]).includes(type)) {
    return { ok: false, error: `unknown task type ${JSON.stringify(t.type)}; use one of ${TASK_TYPES.join(', ')}` }
  }
  const r = NewTaskSchema.safeParse(canonTask({ type, parameters: t.parameters ?? {}, ...(t.reason ? { reason: t.reason } : {}) }))
  if (r.success) return { ok: true, task: r.data }
  return { ok: false, error: `bad parameters for ${type}: ${formatZodIssues(r.error, { input: t }).replace(/\n/g, '; ')} (expected ${TASK_HELP[type as TaskType].parameters.join(', ') || 'none'})` }
}

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

export const ChatLineSchema = z.object({
  timestamp: z.string(),
  player: z.string(),
  message: z.string(),
  /** True on the bot's own lines. */
  self: z.boolean().optional(),
})
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

/** A dropped item or an entity the bot can see (beyond the seed; the plugin has `nearbyItems` / `nearbyPlayers`). */
export const SeenThingSchema = z.looseObject({
  /** Namespaced item or entity type, or a player's name. */
  type: z.string().optional(),
  name: z.string().optional(),
  kind: z.string().optional(),
  count: z.number().optional(),
  world_position: Vec3Schema.optional(),
  distance: z.number().optional(),
})

export const VisionSchema = z
  .object({
    chat: z.array(ChatLineSchema).optional(),
    blocks: VisionBlocksSchema.optional(),
    nearby_items: z.array(SeenThingSchema).optional(),
    nearby_entities: z.array(SeenThingSchema).optional(),
    bot_position: Vec3Schema.optional(),
  })
  .catchall(z.unknown())
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
      .union([
        z
          .object({
            last_checked: z.string().optional(),
            items: z.array(z.object({ type: z.string(), count: z.number().int().nonnegative() })).optional(),
          })
          .catchall(z.unknown()),
        // the real plugin writes a list of strings
        z.array(z.unknown()),
      ])
      .optional(),
    current_position: Vec3Schema.optional(),
  })
  .catchall(z.unknown())
export type Memory = z.infer<typeof MemorySchema>

export const BrainFileSchema = z.object({
  rules: RulesSchema,
  vision: VisionSchema,
  memory: MemorySchema,
  tasks: z.array(StoredTaskSchema),
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
  nearbyItems: 'nearby_items',
  nearbyPlayers: 'nearby_players',
  nearbyEntities: 'nearby_entities',
  botPosition: 'bot_position',
  entityType: 'entity_type',
  startedAt: 'started_at',
  finishedAt: 'finished_at',
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
function canonParams(p: unknown, type?: unknown): unknown {
  if (!isRecord(p)) return p === null ? undefined : p
  let out: Record<string, unknown> = renameKeys(p, { entitySelector: 'entity_selector', selector: 'entity_selector' })
  // the plugin reads GET_ENTITY_POSITION's `entity_name` (or `name`)
  if (type === 'GET_ENTITY_POSITION') out = renameKeys(out, { entity_name: 'entity_selector', entityName: 'entity_selector', name: 'entity_selector' })
  if (type === 'COLLECT') out = renameKeys(out, { item: 'block', name: 'block' })
  if (type === 'CRAFT') out = renameKeys(out, { name: 'item' })
  if (type === 'ATTACK') out = renameKeys(out, { target: 'entity', name: 'entity' })
  if (type === 'FOLLOW') out = renameKeys(out, { name: 'player' })
  for (const [k, v] of Object.entries(out)) if (v === null) delete out[k]
  for (const k of ['x', 'y', 'z', 'seconds', 'count', 'range']) {
    const v = out[k]
    if (typeof v === 'string' && NUMERIC.test(v)) out[k] = Number(v)
  }
  return out
}

function canonTask(t: unknown): unknown {
  if (!isRecord(t)) return t
  const out: Record<string, unknown> = { ...t }
  if (typeof out.type === 'string') out.type = out.type.trim().toUpperCase()
  if ('parameters' in out) out.parameters = canonParams(out.parameters, out.type)
  if (out.parameters === undefined) delete out.parameters
  if ('status' in out) out.status = lowerStatus(out.status)
  for (const k of ['reason', 'result', 'error', 'created_at', 'started_at', 'finished_at']) if (out[k] === null) delete out[k]
  return out
}

/** Bukkit material names (`OAK_LOG`) → `minecraft:oak_log`. */
function canonBlockType(v: unknown): unknown {
  if (typeof v !== 'string') return v
  const s = v.trim()
  if (/^[A-Z0-9_]+$/.test(s)) return `minecraft:${s.toLowerCase()}`
  return s
}

function canonVision(v: unknown): unknown {
  if (!isRecord(v) || !isRecord(v.blocks) || !Array.isArray(v.blocks.visible_blocks)) return v
  const visible = v.blocks.visible_blocks.map((b) => (isRecord(b) ? { ...b, block_type: canonBlockType(b.block_type) } : b))
  return { ...v, blocks: { ...v.blocks, visible_blocks: visible } }
}

/** The plugin wraps memory: `{"memory": {"data": {…}}}`. */
function unwrapMemory(m: unknown): unknown {
  if (isRecord(m) && Object.keys(m).length === 1 && isRecord(m.data)) return (renameDeep({ memory: m.data }, CAMEL_TO_SNAKE) as { memory: unknown }).memory
  return m
}

export function canonicalBrainFile(v: unknown): unknown {
  const o = renameDeep(v, CAMEL_TO_SNAKE)
  if (!isRecord(o)) return o
  const out: Record<string, unknown> = { ...o }
  if (Array.isArray(o.tasks)) out.tasks = o.tasks.map(canonTask)
  if ('vision' in o) out.vision = canonVision(o.vision)
  if ('memory' in o) out.memory = unwrapMemory(o.memory)
  return out
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
  const deep = nestingProblem(input)
  if (deep) return { ok: false, kind: 'invalid', error: deep }
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
  const deep = nestingProblem(input)
  if (deep) return { ok: false, kind: 'invalid', error: deep }
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
    task_rules:
      'tasksには次に実行したい行動を記述してください。タスクは順番に実行されます。(The bot owns vision and each task\'s status/result/error; add tasks with status "pending", remove a task to cancel it.)',
    available_tasks: TASK_TYPES.map((type) => ({ type, description: TASK_HELP[type].description, parameters: [...TASK_HELP[type].parameters] })),
  }
}

/** The seed's template: default rules, empty vision, the memory keys the seed names, no tasks. */
export function createBrainFile(): BrainFile {
  return {
    rules: defaultRules(),
    vision: { chat: [] },
    memory: { important_locations: [], player_requests: [], inventory_state: {} },
    tasks: [],
  }
}

/** JSON Schema for the model's answer (structured output). */
export const BrainReplyJsonSchema = toModelJsonSchema(BrainReplySchema, 'brain_reply')

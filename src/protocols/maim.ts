/**
 * maim_message (the MaiCore / Amaidesu wire format, protocol-facts §4), the MaiCore
 * action reply of the Minecraft plugin (seed `amaidesu-minecraft-plugin.md`), and the
 * MineLand shapes the plugin reports (observation, code_info, event, action).
 *
 * One WebSocket text frame = one `MessageBase` dict. Serialization drops top-level
 * nulls but keeps nested ones (`message_info.group_info: null`), like maim_message.
 */
import { z } from 'zod'
import { parseModelAnswer } from '../core/model-json.js'
import { isRecord, setOwn, toModelJsonSchema, validate, type NormalizeResult } from './common.js'
import { jsonSyntaxError } from '../core/json-error.js'

const IdSchema = z.union([z.string(), z.number()])
const FormatListSchema = z.union([z.string(), z.array(z.string())])

export const UserInfoSchema = z.looseObject({
  platform: z.string().nullish(),
  user_id: IdSchema.nullish(),
  user_nickname: z.string().nullish(),
  user_cardname: z.string().nullish(),
})
export type UserInfo = z.infer<typeof UserInfoSchema>

export const GroupInfoSchema = z.looseObject({
  platform: z.string().nullish(),
  group_id: IdSchema.nullish(),
  group_name: z.string().nullish(),
})
export type GroupInfo = z.infer<typeof GroupInfoSchema>

export const FormatInfoSchema = z.looseObject({
  content_format: FormatListSchema.nullish(),
  accept_format: FormatListSchema.nullish(),
})
export type FormatInfo = z.infer<typeof FormatInfoSchema>

/** In the Minecraft plugin: prompt-template overrides for MaiCore (`template_name: "Minecraft"`). */
export const TemplateInfoSchema = z.looseObject({
  template_items: z.record(z.string(), z.string()).nullish(),
  template_name: z.string().nullish(),
  template_default: z.boolean().nullish(),
})
export type TemplateInfo = z.infer<typeof TemplateInfoSchema>

export const BaseMessageInfoSchema = z.looseObject({
  platform: z.string().min(1),
  message_id: IdSchema,
  /** Unix time in seconds (int or float). */
  time: z.number(),
  user_info: UserInfoSchema.nullish(),
  group_info: GroupInfoSchema.nullish(),
  format_info: FormatInfoSchema.nullish(),
  template_info: TemplateInfoSchema.nullish(),
  additional_config: z.record(z.string(), z.unknown()).nullish(),
})
export type BaseMessageInfo = z.infer<typeof BaseMessageInfoSchema>

// ---------------------------------------------------------------------------
// Segments (recursive through `seglist`)

export type TextSeg = { type: 'text'; data: string }
export type SegList = { type: 'seglist'; data: Seg[] }
/** Other segment types (image, emoji, voice, …) are passed through untouched. */
export type OtherSeg = { type: string; data: unknown }
export type Seg = TextSeg | SegList | OtherSeg

/** Deeper `seglist` nesting is refused (a guard against hostile frames). */
export const MAX_SEG_DEPTH = 32

interface SegIssue {
  message: string
  path: (string | number)[]
  input: unknown
}

function segIssues(v: unknown, path: (string | number)[], depth: number, out: SegIssue[]): void {
  if (!isRecord(v)) {
    out.push({ message: 'expected a segment object {"type", "data"}', path, input: v })
    return
  }
  if (typeof v.type !== 'string' || v.type === '') {
    out.push({ message: 'expected a non-empty string segment type', path: [...path, 'type'], input: v.type })
    return
  }
  if (v.type === 'text' && typeof v.data !== 'string') {
    out.push({ message: 'a text segment needs string data', path: [...path, 'data'], input: v.data })
  } else if (v.type === 'seglist') {
    if (!Array.isArray(v.data)) {
      out.push({ message: 'a seglist segment needs an array of segments', path: [...path, 'data'], input: v.data })
    } else if (depth >= MAX_SEG_DEPTH) {
      out.push({ message: `seglist nested deeper than ${MAX_SEG_DEPTH}`, path: [...path, 'data'], input: v.data })
    } else {
      v.data.forEach((s, i) => segIssues(s, [...path, 'data', i], depth + 1, out))
    }
  }
}

export const SegSchema = z.custom<Seg>(() => true).superRefine((value, ctx) => {
  const issues: SegIssue[] = []
  segIssues(value, [], 0, issues)
  for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: issue.input })
})

export const MessageBaseSchema = z.looseObject({
  message_info: BaseMessageInfoSchema,
  message_segment: SegSchema,
  raw_message: z.string().nullish(),
})
export type MessageBase = z.infer<typeof MessageBaseSchema>

/** All text of a segment tree, in order (non-text segments contribute nothing). */
export function segmentText(seg: Seg): string {
  if (seg.type === 'text' && typeof seg.data === 'string') return seg.data
  if (seg.type === 'seglist' && Array.isArray(seg.data)) return (seg.data as Seg[]).map(segmentText).join('')
  return ''
}

// ---------------------------------------------------------------------------
// Build / serialize / parse

export interface BuildMessageOptions {
  platform: string
  userId: string | number
  userNickname?: string
  userCardname?: string
  /** Without a usable group id, `group_info` is sent as null (as the plugin does). */
  groupId?: string | number | null
  groupName?: string
  /** A text segment; or give `segment`. */
  text?: string
  segment?: Seg
  contentFormat?: string | string[]
  acceptFormat?: string | string[]
  templateItems?: Record<string, string>
  templateName?: string
  templateDefault?: boolean
  additionalConfig?: Record<string, unknown>
  messageId?: string | number
  /** Unix seconds. */
  time?: number
  /** Default: the text when `text` is given. */
  rawMessage?: string | null
  /** For tests: the clock (ms). */
  now?: () => number
}

export function buildMessageBase(o: BuildMessageOptions): MessageBase {
  const nowMs = (o.now ?? Date.now)()
  const segment: Seg = o.segment ?? { type: 'text', data: o.text ?? '' }
  const hasGroup = o.groupId !== undefined && o.groupId !== null && o.groupId !== ''
  const hasTemplate = o.templateItems !== undefined || o.templateName !== undefined || o.templateDefault !== undefined
  const msg: MessageBase = {
    message_info: {
      platform: o.platform,
      message_id: o.messageId ?? Math.floor(nowMs),
      time: o.time ?? Math.floor(nowMs / 1000),
      user_info: {
        platform: o.platform,
        user_id: o.userId,
        user_nickname: o.userNickname ?? null,
        user_cardname: o.userCardname ?? null,
      },
      group_info: hasGroup ? { platform: o.platform, group_id: o.groupId!, group_name: o.groupName ?? null } : null,
      format_info: { content_format: o.contentFormat ?? 'text', accept_format: o.acceptFormat ?? 'text' },
      template_info: hasTemplate
        ? {
            template_items: o.templateItems ?? {},
            template_name: o.templateName ?? null,
            template_default: o.templateDefault ?? false,
          }
        : null,
      additional_config: o.additionalConfig ?? {},
    },
    message_segment: segment,
  }
  const raw = o.rawMessage !== undefined ? o.rawMessage : o.text
  if (raw !== undefined && raw !== null) msg.raw_message = raw
  return msg
}

/** The wire dict: top-level null/undefined keys dropped, nested nulls kept. */
export function toWireDict(msg: MessageBase): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(msg)) if (v !== null && v !== undefined) setOwn(out, k, v)
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>
}

export function serializeMessageBase(msg: MessageBase): string {
  return JSON.stringify(toWireDict(msg))
}

/** A WebSocket text frame → MessageBase (strict JSON: frames come from programs, not models). */
export function parseMessageBase(frame: string): NormalizeResult<MessageBase> {
  let value: unknown
  try {
    value = JSON.parse(frame)
  } catch (err) {
    return { ok: false, kind: 'invalid', error: `at (root): frame is not JSON (${jsonSyntaxError(err)})` }
  }
  return normalizeMessageBase(value)
}

export function normalizeMessageBase(value: unknown): NormalizeResult<MessageBase> {
  return validate(MessageBaseSchema, value)
}

// ---------------------------------------------------------------------------
// MaiCore → plugin: the action reply (JSON text inside the text segment)

const INT_TEXT = /^\s*[-+]?\d+\s*$/

/**
 * The reply's progress fields are integers. The seed's own type template writes them as
 * quoted strings ("<int (optional)>"), so integer *strings* ("10") are accepted too;
 * anything else in them ("ten", 3.5) is an error.
 */
export function canonicalMaiCoreReply(v: unknown): unknown {
  if (!isRecord(v)) return v
  const out: Record<string, unknown> = {}
  for (const [k, val] of Object.entries(v)) if (val !== null) setOwn(out, k, val)
  for (const k of ['targetValue', 'currentValue']) {
    const val = out[k]
    if (typeof val === 'string' && INT_TEXT.test(val)) out[k] = Number(val)
  }
  if (typeof out.plan === 'string') out.plan = [out.plan]
  return out
}

export const MaiCoreReplySchema = z.object({
  /** JavaScript run as a NEW MineLand program against the bot (never with a raw eval). */
  actions: z.string(),
  goal: z.string().optional(),
  plan: z.array(z.string()).optional(),
  step: z.string().optional(),
  targetValue: z.number().int().optional(),
  currentValue: z.number().int().optional(),
})
export type MaiCoreReply = z.infer<typeof MaiCoreReplySchema>

export const MaiCoreReplyInputSchema = z.preprocess(canonicalMaiCoreReply, MaiCoreReplySchema)

export const MAICORE_REPLY_EXPECTED =
  '{"actions": "<JavaScript>", "goal"?: string, "plan"?: [string, …], "step"?: string, "targetValue"?: integer, "currentValue"?: integer}'

export function normalizeMaiCoreReply(value: unknown): NormalizeResult<MaiCoreReply> {
  return validate(MaiCoreReplySchema, canonicalMaiCoreReply(value))
}

/** Text (code fence tolerated) → reply, or a correction message. */
export function parseMaiCoreReply(text: string): { ok: true; value: MaiCoreReply; repaired: boolean } | { ok: false; error: string } {
  return parseModelAnswer(text, MaiCoreReplyInputSchema, { expected: MAICORE_REPLY_EXPECTED })
}

export const MaiCoreReplyJsonSchema = toModelJsonSchema(MaiCoreReplySchema, 'maicore_reply')
export const MaiCoreReplyStrictJsonSchema = toModelJsonSchema(MaiCoreReplySchema, 'maicore_reply', { strict: true })

// ---------------------------------------------------------------------------
// MineLand (the simulator behind the plugin); loose: extra fields pass through

export const LifeStatsSchema = z.looseObject({
  life: z.number(),
  oxygen: z.number(),
  food: z.number(),
  saturation: z.number(),
  xp: z.number().optional(),
})

const Vec3TupleSchema = z.tuple([z.number(), z.number(), z.number()])

export const LocationStatsSchema = z.looseObject({
  pos: Vec3TupleSchema,
  yaw: z.number(),
  pitch: z.number(),
  vel: Vec3TupleSchema.optional(),
  is_on_ground: z.boolean().optional(),
})

export const MineLandObservationSchema = z.looseObject({
  name: z.string(),
  inventory: z.unknown().optional(),
  equipment: z.unknown().optional(),
  voxels: z.unknown().optional(),
  face_vector: z.unknown().optional(),
  life_stats: LifeStatsSchema,
  location_stats: LocationStatsSchema,
  tick: z.number().optional(),
  time: z.number().optional(),
  day: z.number().optional(),
  target_entities: z.unknown().optional(),
})
export type MineLandObservation = z.infer<typeof MineLandObservationSchema>

export const CodeErrorSchema = z.looseObject({
  error_type: z.string(),
  error_message: z.string(),
  error_stack: z.string().nullish(),
})

export const MineLandCodeInfoSchema = z.looseObject({
  name: z.string().optional(),
  is_running: z.boolean(),
  is_ready: z.boolean(),
  code_error: CodeErrorSchema.nullish(),
  last_code: z.string().nullish(),
  code_tick: z.number().nullish(),
})
export type MineLandCodeInfo = z.infer<typeof MineLandCodeInfoSchema>

export const MineLandEventSchema = z.looseObject({
  type: z.string(),
  message: z.string(),
  tick: z.number().optional(),
})
export type MineLandEvent = z.infer<typeof MineLandEventSchema>

/** `RESUME` continues the running program; `NEW` replaces it with `code`. */
export const MINELAND_ACTION = { RESUME: 0, NEW: 1 } as const
export const MineLandActionSchema = z.object({
  type: z.union([z.literal(MINELAND_ACTION.RESUME), z.literal(MINELAND_ACTION.NEW)]),
  code: z.string(),
})
export type MineLandAction = z.infer<typeof MineLandActionSchema>

/** One `step()` result as the plugin keeps it. */
export const MineLandStepSchema = z.object({
  obs: MineLandObservationSchema,
  code_info: MineLandCodeInfoSchema,
  event: z.array(MineLandEventSchema),
  done: z.boolean(),
  task_info: z.unknown().optional(),
})
export type MineLandStep = z.infer<typeof MineLandStepSchema>

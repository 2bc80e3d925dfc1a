/**
 * Zod schemas for every LostSpace message (lostspace-facts §1–§3):
 * AI → logic actions, logic → AI messages, judger ↔ logic frames, replay.
 * Objects are `.loose()` because extra keys are harmless on this wire.
 *
 * The one declaration of these messages: the logic, the judger and the SDK take their
 * types from here and validate with `normalizeAiMessage` / `normalizeLogicToAiMessage`.
 * Pure: no I/O, no game imports.
 */
import { z } from 'zod'
import { isRecord, validate, type NormalizeResult } from './common.js'
import { logicToAiKey, OFFROUND_KEYS, shortJson as short, type InboundKey, type OffroundKey } from './lostspace-inbound.js'
import { quoteForMessage } from '../core/quote.js'

const Int = z.number().int()
export const PosSchema = z.tuple([Int, Int, Int]).describe('[x, y, z] (z: 0 top, 1 spawn layer, 2 bottom)')
export const ToolNameSchema = z.enum(['LandMine', 'Sticky', 'Kit', 'Transport'])
export const TrapNameSchema = z.enum(['LandMine', 'Sticky'])
export const PropNameSchema = z.enum(['Materials', 'Box', 'KeyMachine', 'EscapeCapsule', 'Elevator'])
export const StatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])
/** The EscapeCapsule flag: C sends a boolean, the Python sample sends 1. */
export const FlagSchema = z.union([z.boolean(), z.literal(0), z.literal(1)])

// ------------------------------------------------------------ AI → logic

const ACTION_TUPLES = {
  move: z.tuple([z.literal('move'), PosSchema]),
  attack: z.tuple([z.literal('attack'), PosSchema, Int]),
  'interact:Materials': z.tuple([z.literal('interact'), z.literal('Materials'), ToolNameSchema]),
  'interact:Box': z.tuple([z.literal('interact'), z.literal('Box')]),
  'interact:KeyMachine': z.tuple([z.literal('interact'), z.literal('KeyMachine')]),
  'interact:EscapeCapsule': z.tuple([z.literal('interact'), z.literal('EscapeCapsule'), FlagSchema]),
  trap: z.tuple([z.literal('trap'), TrapNameSchema]),
  'tool:Kit': z.tuple([z.literal('tool'), z.literal('Kit')]),
  'tool:Transport': z.tuple([z.literal('tool'), z.literal('Transport'), PosSchema]),
  detect: z.tuple([z.literal('detect'), PosSchema]),
} as const
export const ActionTupleSchema = z.union(Object.values(ACTION_TUPLES) as unknown as [z.ZodTypeAny, ...z.ZodTypeAny[]]) as z.ZodType<
  z.infer<(typeof ACTION_TUPLES)[keyof typeof ACTION_TUPLES]>
>
/**
 * The one tuple schema an action array must match, chosen by its name (and
 * for interact/tool its second element); undefined for an unknown action.
 * Much faster than trying the whole union, and gives sharper errors.
 */
export function actionTupleSchemaFor(action: unknown): z.ZodType | undefined {
  const key = actionKey(action)
  return key === undefined ? undefined : ACTION_TUPLES[key]
}

function actionKey(action: unknown): keyof typeof ACTION_TUPLES | undefined {
  if (!Array.isArray(action) || typeof action[0] !== 'string') return undefined
  const name = action[0]
  const key = name === 'interact' || name === 'tool' ? `${name}:${String(action[1])}` : name
  return Object.hasOwn(ACTION_TUPLES, key) ? (key as keyof typeof ACTION_TUPLES) : undefined
}

export type ActionTuple = z.infer<typeof ActionTupleSchema>

export const AiActionMessageSchema = z
  .object({ type: z.literal('action'), action: ActionTupleSchema, state: Int.optional() })
  .loose()
export const AiFinishMessageSchema = z.object({ type: z.literal('finish'), state: Int.optional() }).loose()
export const AiMessageSchema = z.discriminatedUnion('type', [AiActionMessageSchema, AiFinishMessageSchema])
export type AiMessage = z.infer<typeof AiMessageSchema>
export type AiActionMessage = z.infer<typeof AiActionMessageSchema>
export type AiFinishMessage = z.infer<typeof AiFinishMessageSchema>

/** AiActionMessageSchema with its action narrowed to one tuple schema, one per ACTION_TUPLES key. */
const AI_ACTION_MESSAGES = Object.fromEntries(
  Object.entries(ACTION_TUPLES).map(([key, tuple]) => [key, AiActionMessageSchema.extend({ action: tuple })]),
) as unknown as Record<keyof typeof ACTION_TUPLES, z.ZodType<AiActionMessage>>

const ACTION_FORMS =
  '["move",pos] ["attack",pos,id] ["interact","Materials"|"Box"|"KeyMachine"|"EscapeCapsule",…] ["trap",name] ["tool","Kit"|"Transport",…] ["detect",pos]'

/**
 * Validates one AI → logic message (already JSON-parsed). The action tuple is checked
 * against the one form its name selects, so errors name the exact element, e.g.
 * `at action[1][2]: expected integer, got string "1"`. A well-formed object with another
 * `type` is `unknown_type`.
 */
export function normalizeAiMessage(input: unknown): NormalizeResult<AiMessage> {
  if (!isRecord(input)) return validate(AiMessageSchema, input)
  if (input.type === 'finish') return validate(AiFinishMessageSchema, input)
  if (input.type !== 'action') {
    if (typeof input.type === 'string') {
      return { ok: false, kind: 'unknown_type', type: input.type, error: `at type: unknown message type ${quoteForMessage(input.type)} (expected "action" or "finish")` }
    }
    return validate(AiMessageSchema, input)
  }
  if (!Array.isArray(input.action)) {
    const got = input.action === undefined ? 'nothing (field missing)' : short(input.action)
    return { ok: false, kind: 'invalid', error: `at action: expected an action array, got ${got}; the forms are ${ACTION_FORMS}` }
  }
  const key = actionKey(input.action)
  if (key === undefined) {
    return { ok: false, kind: 'invalid', error: `at action: unknown action ${short(input.action)}; the forms are ${ACTION_FORMS}` }
  }
  return validate(AI_ACTION_MESSAGES[key], input)
}

// ------------------------------------------------------------ logic → AI

export const IdMessageSchema = z.object({ type: z.literal('id'), id: Int, birth_pos: z.tuple([Int, Int]) }).loose()

const TrapBagSchema = z
  .array(z.union([Int, PosSchema]))
  .min(2)
  .describe('[unplaced, placed, pos1, ... pos_placed]')
  .refine(
    (a) =>
      Number.isInteger(a[0]) &&
      Number.isInteger(a[1]) &&
      a.length === 2 + (a[1] as number) &&
      a.slice(2).every((p) => Array.isArray(p)),
    { message: 'trap bag must be [unplaced, placed, ...exactly placed position triples]' },
  )
export const RoundToolsSchema = z
  .object({ LandMine: TrapBagSchema, Sticky: TrapBagSchema, Kit: Int, Transport: Int })
  .loose()
export const ToolCountsSchema = z.object({ LandMine: Int, Sticky: Int, Kit: Int, Transport: Int }).loose()

export const OtherPlayerSchema = z
  .object({ player_id: Int, status: StatusSchema, keys: z.array(Int), hp: Int })
  .loose()

/** Extra fields for type-2 (web player) seats. */
export const PlayerViewFieldsSchema = z.object({
  attack: z.array(Int),
  move: z.array(z.boolean()).length(8),
  detect: z.boolean(),
  interprops: z.array(PropNameSchema),
})

export const RoundBeginFullSchema = z
  .object({
    type: z.literal('roundbegin'),
    state: Int.min(1),
    inturn: Int,
    status: StatusSchema,
    pos: PosSchema,
    hp: Int.min(0),
    keys: z.array(Int),
    tools: RoundToolsSchema,
    others: z.array(OtherPlayerSchema).length(3),
    attack: PlayerViewFieldsSchema.shape.attack.optional(),
    move: PlayerViewFieldsSchema.shape.move.optional(),
    detect: PlayerViewFieldsSchema.shape.detect.optional(),
    interprops: PlayerViewFieldsSchema.shape.interprops.optional(),
  })
  .loose()
export const RoundBeginShortSchema = z.object({ type: z.literal('roundbegin'), state: Int.min(1), inturn: Int }).loose()
export const RoundBeginSchema = z.union([RoundBeginFullSchema, RoundBeginShortSchema])

export const ViewEntrySchema = z.union([z.tuple([PosSchema, z.boolean(), z.array(Int)]), z.tuple([PosSchema, z.boolean()])])

export const ActionReplySchema = z
  .object({
    type: z.literal('action'),
    success: z.boolean(),
    hp: Int.optional(),
    status: StatusSchema.optional(),
    view: z.array(ViewEntrySchema).optional(),
    keys: z.array(Int).optional(),
    tools: ToolCountsSchema.optional(),
    has_trap: z.boolean().optional(),
    attack: PlayerViewFieldsSchema.shape.attack.optional(),
    move: PlayerViewFieldsSchema.shape.move.optional(),
    detect: PlayerViewFieldsSchema.shape.detect.optional(),
    interprops: PlayerViewFieldsSchema.shape.interprops.optional(),
  })
  .loose()
/** Replies the Python SDK reads fields from on success: move/Transport need `view`, Materials/Box need `tools`. */
export const MoveReplySuccessSchema = ActionReplySchema.extend({
  success: z.literal(true),
  hp: Int,
  status: StatusSchema,
  view: z.array(ViewEntrySchema),
})

export const FormatErrorSchema = z.object({ type: z.literal('format error') }).loose()

/** Offround content forms, keyed by their first element (and for `see`, the second). */
const OFFROUND_CONTENT = {
  died: z.tuple([z.literal('died')], Int),
  escaped: z.tuple([z.literal('escaped')]),
  'see:pos_update': z.tuple([z.literal('see'), z.literal('pos_update'), PosSchema, Int]),
  'see:attack': z.tuple([z.literal('see'), z.literal('attack'), PosSchema, Int]),
  'see:regenerate': z.tuple([z.literal('see'), z.literal('regenerate'), PosSchema, Int]),
  'see:interprops_status_update': z.union([
    z.tuple([z.literal('see'), z.literal('interprops_status_update'), PosSchema, z.string(), z.string()]),
    z.tuple([z.literal('see'), z.literal('interprops_status_update'), z.tuple([PosSchema, PosSchema]), z.literal('Door'), z.string()]),
  ]),
  getkey: z.tuple([z.literal('getkey'), z.array(Int)]),
  trap_triggered: z.tuple([z.literal('trap_triggered'), TrapNameSchema, PosSchema]),
  trap_destroyed: z.tuple([z.literal('trap_destroyed'), TrapNameSchema, PosSchema]),
  hp_update: z.tuple([z.literal('hp_update'), Int]),
  player_enter_top_layer: z.tuple([z.literal('player_enter_top_layer')]),
  ai_error: z.tuple([z.literal('ai_error')]),
} as const
export const OffroundContentSchema = z.union(Object.values(OFFROUND_CONTENT) as unknown as [z.ZodTypeAny, ...z.ZodTypeAny[]]) as z.ZodType<
  z.infer<(typeof OFFROUND_CONTENT)[keyof typeof OFFROUND_CONTENT]>
>
export type OffroundContent = z.infer<typeof OffroundContentSchema>
export const OffroundMessageSchema = z
  .object({ type: z.literal('offround'), state: Int, playerid: Int.min(0).max(3), content: OffroundContentSchema })
  .loose()

export const OtherDeathSchema = z.object({ type: z.literal('other_death'), playerid: Int }).loose()
export const EscapedSchema = z.object({ type: z.literal('escaped') }).loose()
export const DeathSchema = z.object({ type: z.literal('death'), box: z.boolean() }).loose()

/** Every message the logic sends to an AI. */
export const LogicToAiMessageSchema = z.union([
  IdMessageSchema,
  RoundBeginFullSchema,
  RoundBeginShortSchema,
  ActionReplySchema,
  FormatErrorSchema,
  OffroundMessageSchema,
  OtherDeathSchema,
  EscapedSchema,
  DeathSchema,
])
export type LogicToAiMessage = z.infer<typeof LogicToAiMessageSchema>

// ------------------------------------------------------------ logic → AI, as an AI reads it

/*
 * An AI accepts what the schemas above describe, loosened only where the original platform
 * is loose (lostspace-facts §2): the seed's roundbegin has no `pos` and need not list exactly
 * three others, a reply's `tools` may name only some tools, the seed spells
 * `trap_destoryed`, and the C AI also handles in-turn `getkey`, `ai_error` and
 * `box_disappear`. Offround content of a kind we do not know is kept as it is.
 */
export const RoundBeginInboundSchema = RoundBeginFullSchema.extend({ pos: PosSchema.optional(), others: z.array(OtherPlayerSchema) })
export const ActionReplyInboundSchema = ActionReplySchema.extend({ tools: ToolCountsSchema.partial().optional() })
export const OffroundInboundSchema = OffroundMessageSchema.extend({ content: z.tuple([z.string()], z.unknown()) })
export const InTurnGetKeySchema = z.object({ type: z.literal('getkey'), keys: z.array(Int).optional(), key: Int.optional() }).loose()
export const AiErrorNoticeSchema = z.object({ type: z.literal('ai_error'), content: z.array(Int) }).loose()
export const BoxDisappearSchema = z.object({ type: z.literal('box_disappear'), pos: PosSchema }).loose()

const OFFROUND_INBOUND_CONTENT: Record<OffroundKey, z.ZodType> = {
  ...OFFROUND_CONTENT,
  trap_destoryed: z.tuple([z.literal('trap_destoryed'), TrapNameSchema, PosSchema]),
}

/**
 * The schema of every logic → AI message an AI accepts, by the key `logicToAiKey` (lostspace-inbound.ts)
 * picks for it. The SDK checks with code generated from these very schemas
 * (`lostspace-checks.gen.ts`, `npm run gen:checks`), so that an AI process needs no zod.
 */
export const LOGIC_TO_AI_INBOUND_SCHEMAS: Record<InboundKey, z.ZodType> = {
  id: IdMessageSchema,
  roundbegin: RoundBeginInboundSchema,
  'roundbegin:short': RoundBeginShortSchema,
  action: ActionReplyInboundSchema,
  'format error': FormatErrorSchema,
  offround: OffroundInboundSchema,
  ...(Object.fromEntries(
    OFFROUND_KEYS.map((key) => [`offround:${key}`, OffroundInboundSchema.extend({ content: OFFROUND_INBOUND_CONTENT[key] })]),
  ) as unknown as Record<`offround:${OffroundKey}`, z.ZodType>),
  other_death: OtherDeathSchema,
  escaped: EscapedSchema,
  death: DeathSchema,
  getkey: InTurnGetKeySchema,
  ai_error: AiErrorNoticeSchema,
  box_disappear: BoxDisappearSchema,
}

export type IdMessage = z.infer<typeof IdMessageSchema>
export type RoundBeginInbound = z.infer<typeof RoundBeginInboundSchema>
export type RoundBeginShort = z.infer<typeof RoundBeginShortSchema>
export type ActionReplyInbound = z.infer<typeof ActionReplyInboundSchema>
export type FormatError = z.infer<typeof FormatErrorSchema>
export type OffroundInbound = z.infer<typeof OffroundInboundSchema>
export type OtherDeath = z.infer<typeof OtherDeathSchema>
export type Escaped = z.infer<typeof EscapedSchema>
export type Death = z.infer<typeof DeathSchema>
export type InTurnGetKey = z.infer<typeof InTurnGetKeySchema>
export type AiErrorNotice = z.infer<typeof AiErrorNoticeSchema>
export type BoxDisappear = z.infer<typeof BoxDisappearSchema>
/** Every logic → AI message an AI understands. */
export type LogicToAiInbound =
  | IdMessage
  | RoundBeginInbound
  | RoundBeginShort
  | ActionReplyInbound
  | FormatError
  | OffroundInbound
  | OtherDeath
  | Escaped
  | Death
  | InTurnGetKey
  | AiErrorNotice
  | BoxDisappear

/**
 * Validates one logic → AI message (already JSON-parsed), as loosely as the original
 * platform requires and no looser. A full roundbegin is one with `status`. A well-formed
 * object with a `type` we do not know is `unknown_type` (the AI may ignore it).
 */
export function normalizeLogicToAiMessage(input: unknown): NormalizeResult<LogicToAiInbound> {
  const d = logicToAiKey(input)
  if (!d.ok) return d
  return validate(LOGIC_TO_AI_INBOUND_SCHEMAS[d.key] as z.ZodType<LogicToAiInbound>, input)
}

// ------------------------------------------------------------ judger ↔ logic

export const JudgerInitSchema = z
  .object({
    player_list: z.array(z.union([z.literal(0), z.literal(1), z.literal(2)])),
    player_num: Int,
    config: z.record(z.string(), z.unknown()).default({}),
    replay: z.string().default(''),
  })
  .loose()
export const JudgerAiMessageSchema = z.object({ player: Int.min(0), content: z.string(), time: z.number().optional() }).loose()
export const JudgerAiErrorSchema = z
  .object({ player: Int, state: Int.optional(), error: z.union([z.literal(0), z.literal(1), z.literal(2)]), error_log: z.string().optional() })
  .loose()

export const LogicInitFrameSchema = z.object({ state: z.literal(0), time: z.number(), length: Int })
export const LogicNormalFrameSchema = z
  .object({ state: Int.min(1), listen: z.array(Int), player: z.array(Int), content: z.array(z.string()) })
  .refine((f) => f.player.length === f.content.length, { message: 'player and content must have the same length' })
export const LogicEndFrameSchema = z.object({
  state: z.literal(-1),
  end_info: z.string().describe('JSON string {"0":p0,"1":p1,...} with ascending keys'),
  end_state: z.string().optional(),
})
export const JudgerFrameSchema = z.union([LogicInitFrameSchema, LogicNormalFrameSchema, LogicEndFrameSchema])

/** end_info decoded: ids "0".."3" → points. */
export const EndInfoSchema = z.record(z.string().regex(/^\d+$/), Int)

// ------------------------------------------------------------ replay

const ShiftedPosSchema = z.tuple([Int.min(-3).max(3), Int.min(-3).max(3), Int.min(0)]).describe('[x-3, y-3, z]')
export const ReplayEventSchema = z
  .object({
    type: z.enum([
      'move', 'flink', 'detect', 'tool_update', 'attack', 'hp_update', 'place_trap', 'kit', 'cure', 'died',
      'regenerate', 'keymachine', 'getkey', 'escape_capsule', 'escaped', 'ai_error', 'inspect', 'map_update',
    ]),
    playerid: Int.min(0).max(3).optional(),
    pos: ShiftedPosSchema.optional(),
    tar_pos: ShiftedPosSchema.optional(),
  })
  .loose()
/** One big round: one list of events per seat. */
export const ReplayRoundSchema = z.array(z.array(ReplayEventSchema)).length(4)
/** `[birthplaces, round_1 … round_N, score_dict]`. */
export const ReplaySchema = z
  .array(z.unknown())
  .min(2)
  .refine((a) => z.array(ShiftedPosSchema).length(4).safeParse(a[0]).success, { message: 'first element: 4 shifted birthplaces' })
  .refine((a) => EndInfoSchema.safeParse(a[a.length - 1]).success, { message: 'last element: score dict' })
  .refine((a) => a.slice(1, -1).every((r) => ReplayRoundSchema.safeParse(r).success), { message: 'every round: 4 lists of replay events' })

/** JSON Schemas of the main messages (for docs and external tools). */
export function lostspaceJsonSchemas(): Record<string, unknown> {
  const schemas: Record<string, z.ZodType> = {
    AiMessage: AiMessageSchema,
    IdMessage: IdMessageSchema,
    RoundBeginFull: RoundBeginFullSchema,
    RoundBeginShort: RoundBeginShortSchema,
    ActionReply: ActionReplySchema,
    OffroundMessage: OffroundMessageSchema,
    OtherDeath: OtherDeathSchema,
    Escaped: EscapedSchema,
    Death: DeathSchema,
    FormatError: FormatErrorSchema,
    JudgerInit: JudgerInitSchema,
    JudgerFrame: JudgerFrameSchema,
  }
  const out: Record<string, unknown> = {}
  for (const [name, s] of Object.entries(schemas)) out[name] = z.toJSONSchema(s, { unrepresentable: 'any', io: 'input' })
  return out
}

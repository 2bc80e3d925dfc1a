/**
 * Zod schemas for every LostSpace message (lostspace-facts §1–§3):
 * AI → logic actions, logic → AI messages, judger ↔ logic frames, replay.
 * Objects are `.loose()` because extra keys are harmless on this wire.
 */
import { z } from 'zod'

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
  if (!Array.isArray(action) || typeof action[0] !== 'string') return undefined
  const name = action[0]
  const key = name === 'interact' || name === 'tool' ? `${name}:${String(action[1])}` : name
  return Object.hasOwn(ACTION_TUPLES, key) ? ACTION_TUPLES[key as keyof typeof ACTION_TUPLES] : undefined
}
export type ActionTuple = z.infer<typeof ActionTupleSchema>

export const AiActionMessageSchema = z
  .object({ type: z.literal('action'), action: ActionTupleSchema, state: Int.optional() })
  .loose()
export const AiFinishMessageSchema = z.object({ type: z.literal('finish'), state: Int.optional() }).loose()
export const AiMessageSchema = z.discriminatedUnion('type', [AiActionMessageSchema, AiFinishMessageSchema])
export type AiMessage = z.infer<typeof AiMessageSchema>

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

export const OffroundContentSchema = z.union([
  z.tuple([z.literal('died')], Int),
  z.tuple([z.literal('escaped')]),
  z.tuple([z.literal('see'), z.literal('pos_update'), PosSchema, Int]),
  z.tuple([z.literal('see'), z.literal('attack'), PosSchema, Int]),
  z.tuple([z.literal('see'), z.literal('regenerate'), PosSchema, Int]),
  z.tuple([z.literal('see'), z.literal('interprops_status_update'), PosSchema, z.string(), z.string()]),
  z.tuple([z.literal('see'), z.literal('interprops_status_update'), z.tuple([PosSchema, PosSchema]), z.literal('Door'), z.string()]),
  z.tuple([z.literal('getkey'), z.array(Int)]),
  z.tuple([z.literal('trap_triggered'), TrapNameSchema, PosSchema]),
  z.tuple([z.literal('trap_destroyed'), TrapNameSchema, PosSchema]),
  z.tuple([z.literal('hp_update'), Int]),
  z.tuple([z.literal('player_enter_top_layer')]),
  z.tuple([z.literal('ai_error')]),
])
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

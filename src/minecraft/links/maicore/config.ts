/**
 * The `maicore` section of the config: where MaiCore is, who the bot says it is on the
 * wire (the Amaidesu plugin's `user_id`, `nickname`, `group_id`), and the link's timing.
 * Flags of `mindbridge maicore` override these (src/cli/commands/maicore.ts).
 */
import { z } from 'zod'

export const DEFAULT_MAICORE_URL = 'ws://127.0.0.1:8000/ws'
/** The Amaidesu plugin's initial goal ("dig up iron ore"). */
export const DEFAULT_GOAL = '挖到铁矿'

export const MaiCoreConfigSchema = z.strictObject({
  url: z
    .string()
    .regex(/^wss?:\/\/\S+$/, { error: 'expected a WebSocket URL such as ws://127.0.0.1:8000/ws' })
    .default(DEFAULT_MAICORE_URL),
  /** Sent raw in the `Authorization` header (maim_message 0.6.8 has no `Bearer ` prefix). */
  token: z.string().min(1).optional(),
  /** The `platform` header and `message_info.platform`: MaiCore routes replies by it. */
  platform: z.string().min(1).default('minecraft'),
  user_id: z.union([z.string().min(1), z.int()]).default('minecraft_bot'),
  nickname: z.string().min(1).default('Mai'),
  /** Without a usable group id, `group_info` is sent as null (as the plugin does). */
  group_id: z.union([z.string(), z.int()]).optional(),
  goal: z.string().min(1).default(DEFAULT_GOAL),
  /** Resend the state when MaiCore has been silent this long (seconds). */
  autoSendInterval: z.number().positive().default(30),
  /** Wall-clock budget of one model-written program (seconds). */
  programTimeout: z.number().positive().default(300),
  /** Say MaiCore's plain-chat replies in game. */
  sayChat: z.boolean().default(true),
})

export type MaiCoreConfig = z.infer<typeof MaiCoreConfigSchema>

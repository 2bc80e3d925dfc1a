/**
 * The configuration schema of mindbridge: one zod schema with its defaults, the types derived from it,
 * and what is derived from its shape (the `MINDBRIDGE_*` environment variables, flag names for messages,
 * string coercion). Loading and layering (file, environment, flags) is in config.ts.
 */
import { z } from 'zod'
import { LlmConfigSchema } from '../core/llm/config.js'
import { MaiCoreConfigSchema } from '../minecraft/links/maicore/config.js'
import { DEFAULT_WORLD_PROFILE, WORLD_PROFILES } from '../minecraft/world/profiles.js'
import { SUPPORTED_MC_VERSIONS } from '../minecraft/versions.js'

// ---------------------------------------------------------------- schema

const PORT_MSG = 'expected an integer 0–65535'
const port = () => z.int({ error: PORT_MSG }).min(0, { error: PORT_MSG }).max(65535, { error: PORT_MSG })
const SERVER_PORT_MSG = 'expected the server\'s port, an integer 1–65535 (0 only means "any free port" when listening)'
const serverPort = () => z.int({ error: SERVER_PORT_MSG }).min(1, { error: SERVER_PORT_MSG }).max(65535, { error: SERVER_PORT_MSG })
const host = () => z.string({ error: 'expected a host name or IP address' }).min(1, { error: 'expected a host name or IP address' })

export const LogConfigSchema = z.strictObject({
  level: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('warn'),
  format: z.enum(['text', 'json']).default('text'),
})

export const MinecraftConfigSchema = z.strictObject({
  host: host().default('127.0.0.1'),
  port: serverPort().default(25565),
  username: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,16}$/, { error: 'expected a Minecraft username: 3–16 letters, digits or _' })
    .default('mindbridge'),
  /** Minecraft version; unset = ask the server. */
  version: z.string().min(1).optional(),
  auth: z.literal('offline', { error: "only 'offline' auth is supported" }).default('offline'),
  /**
   * FOR EXPERIMENTS ONLY: let skills target blocks the bot could not know about (ore inside
   * solid stone). Default false: the bot plays fair (docs/minecraft.md, "Fair play").
   */
  xray: z.boolean({ error: 'expected true or false' }).default(false),
  /** When the server goes away, a running task waits this long for it to come back (0 = fail at once). */
  reconnectGraceSec: z.number({ error: 'expected a number of seconds ≥ 0' }).min(0, { error: 'expected a number of seconds ≥ 0' }).default(180),
})

export const WorldConfigSchema = z.strictObject({
  host: host().default('127.0.0.1'),
  port: port().default(25565),
  /** World seed; unset = a random seed per start. */
  seed: z.int({ error: 'expected an integer seed' }).optional(),
  /** Minecraft version of the embedded world (`world`, `play`, `brain`, `maicore`); unset = DEFAULT_MC_VERSION (1.16.5). An existing `dir` keeps its own. */
  version: z.enum(SUPPORTED_MC_VERSIONS, { error: `expected a supported Minecraft version: ${SUPPORTED_MC_VERSIONS.join(', ')}` }).optional(),
  /** 'natural' (vanilla-like generator) or 'starter' (the staged layout, only when asked for). */
  profile: z.enum(WORLD_PROFILES, { error: `expected one of ${WORLD_PROFILES.join(', ')}` }).default(DEFAULT_WORLD_PROFILE),
  /** Folder that keeps the `world` command's world (chunks, seed, players); unset = ./mindbridge-world. `play` keeps its world in memory. */
  dir: z.string({ error: 'expected a folder path' }).min(1, { error: 'expected a folder path' }).optional(),
  /** Players allowed to run operator commands (/mb…, /time, /tp …); nobody else is an operator. */
  ops: z.array(z.string().regex(/^[A-Za-z0-9_]{1,16}$/, { error: 'expected Minecraft player names' })).default([]),
})

export const ControlConfigSchema = z.strictObject({
  host: host().default('127.0.0.1'),
  port: port().default(8765),
  /** Shared secret that remote peers must present; unset = no check (loopback only). */
  token: z.string().min(1).optional(),
})

export const DashboardConfigSchema = z.strictObject({
  /** Serve the live dashboard from the control server (`--dashboard`; starts the control server). */
  enabled: z.boolean({ error: 'expected true or false' }).default(false),
  /** Also serve the 3D view (`--viewer`; implies the dashboard). */
  viewer: z.boolean({ error: 'expected true or false' }).default(false),
  /** Blocks from the bot to the edge of the map. */
  mapRadius: z.int({ error: 'expected an integer 8–64' }).min(8, { error: 'expected an integer 8–64' }).max(64, { error: 'expected an integer 8–64' }).default(24),
  /** How often open pages get fresh frames, in ms. */
  periodMs: z.int({ error: 'expected an integer 100–10000 (ms)' }).min(100, { error: 'expected an integer 100–10000 (ms)' }).max(10_000, { error: 'expected an integer 100–10000 (ms)' }).default(500),
  /** Chunks the 3D view shows around the bot. */
  viewDistance: z.int({ error: 'expected an integer 1–12' }).min(1, { error: 'expected an integer 1–12' }).max(12, { error: 'expected an integer 1–12' }).default(6),
})

export const MindConfigSchema = z.strictObject({
  kind: z.enum(['builtin', 'llm', 'remote']).default('builtin'),
  /** For kind 'remote': the agent's WebSocket URL. */
  remoteUrl: z.string().min(1).optional(),
  /** For kind 'remote': seconds a task waits for an agent that left to connect again before it fails. */
  remoteGraceSec: z.number({ error: 'expected a number of seconds ≥ 0' }).min(0, { error: 'expected a number of seconds ≥ 0' }).default(30),
})

export const LostSpaceConfigSchema = z.strictObject({
  timeLimitSec: z.number().positive().default(3),
  maxLength: z.int().positive().default(1024),
})

export const ConfigSchema = z.strictObject({
  log: LogConfigSchema.prefault({}),
  llm: LlmConfigSchema.strict().prefault({}),
  minecraft: MinecraftConfigSchema.prefault({}),
  world: WorldConfigSchema.prefault({}),
  control: ControlConfigSchema.prefault({}),
  mind: MindConfigSchema.prefault({}),
  lostspace: LostSpaceConfigSchema.prefault({}),
  maicore: MaiCoreConfigSchema.prefault({}),
  dashboard: DashboardConfigSchema.prefault({}),
})

export type Config = z.infer<typeof ConfigSchema>
export type ConfigInput = z.input<typeof ConfigSchema>
type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] }
/** Flags as a nested partial config, e.g. `{ world: { port: 25566 } }`. */
export type ConfigFlags = DeepPartial<ConfigInput>

export const CONFIG_FILE_NAMES = ['mindbridge.config.json', 'mindbridge.config.yaml', 'mindbridge.config.yml'] as const

// ---------------------------------------------------------------- schema walking

type AnySchema = z.ZodType & { def: { type: string; innerType?: AnySchema; shape?: Record<string, AnySchema> } }

function unwrap(s: AnySchema): AnySchema {
  let cur = s
  while (cur.def.innerType && ['optional', 'default', 'prefault', 'nullable'].includes(cur.def.type)) cur = cur.def.innerType
  return cur
}

function shapeOf(s: AnySchema): Record<string, AnySchema> | undefined {
  const u = unwrap(s)
  return u.def.type === 'object' ? (u as unknown as { shape: Record<string, AnySchema> }).shape : undefined
}

/** The leaf schema at `section.field`, or undefined if there is no such key. */
export function leafAt(path: string[]): AnySchema | undefined {
  let cur: AnySchema = ConfigSchema as unknown as AnySchema
  for (const key of path) {
    const shape = shapeOf(cur)
    if (!shape || !Object.hasOwn(shape, key)) return undefined
    cur = shape[key]!
  }
  return cur
}

const camelToSnake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()
const camelToKebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()

/** Every `MINDBRIDGE_*` variable and the config path it sets, derived from the schema. */
export function envMapping(): Array<{ env: string; path: string[] }> {
  const out: Array<{ env: string; path: string[] }> = []
  for (const [section, sectionSchema] of Object.entries(ConfigSchema.shape)) {
    for (const field of Object.keys(shapeOf(sectionSchema as unknown as AnySchema) ?? {})) {
      out.push({ env: `MINDBRIDGE_${camelToSnake(section)}_${camelToSnake(field)}`, path: [section, field] })
    }
  }
  return out
}

/** The default flag name used in error messages for a config path: `world.port` → `--world-port`. */
export function flagNameFor(path: readonly (string | number)[]): string {
  return `--${path.map((p) => camelToKebab(String(p))).join('-')}`
}

/** Turns a string (env var, `--set`) into the type the schema expects; leaves it as-is when it does not fit, so validation names it. */
export function coerceString(raw: string, path: string[]): unknown {
  const leaf = leafAt(path)
  if (!leaf) return raw
  const type = unwrap(leaf).def.type
  const t = raw.trim()
  if (type === 'number') return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) ? Number(t) : raw
  if (type === 'boolean') {
    if (/^(true|1|yes|on)$/i.test(t)) return true
    if (/^(false|0|no|off)$/i.test(t)) return false
    return raw
  }
  return raw
}
